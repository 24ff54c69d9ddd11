// The decision's generic controls: a button per option, yes and no, a number field for a
// range, a cell picker. They work for every game; a game with a board module draws them below
// its board as the fallback.
import { append, capital, fill, h, money } from "./common.js";

export function disableControls(box) {
  for (const control of box.querySelectorAll("button, input")) control.disabled = true;
}

/** Draw `decision` into `box` (hidden when there is none); `act(action)` sends a move. The
 * first cell picker starts open unless a board shows the cells itself (`board`). */
export function drawDecision(box, decision, act, busy, board = false) {
  if (!decision) {
    box.hidden = true;
    fill(box);
    return;
  }
  box.hidden = false;
  const firstCells = board ? -1 : decision.groups.findIndex((g) => g.kind === "cell");
  // below a board, which says the prompt itself, the controls are the same moves as a list
  fill(box, h("h2", {}, board ? "Or choose from the list" : capital(decision.prompt)),
    decision.groups.map((group, index) => drawGroup(group, index, act, index === firstCells)));
  if (busy) disableControls(box);
}

function actionButton(act, action, text, title, extra = null) {
  const button = h("button", { type: "button", class: "option", "data-action": action,
    title: title || null }, h("span", { class: "label" }, text),
    extra ? h("span", { class: "text" }, extra) : null);
  button.addEventListener("click", () => act(action));
  return button;
}

function drawGroup(group, index, act, openCells) {
  const kind = group.kind;
  const box = h("fieldset", { class: `group ${kind}`, "data-group": index, "data-kind": kind },
    h("legend", {}, capital(group.label)));
  if (kind === "choice") {
    // A text every option shares (the card played on any of several seats) is said once.
    const texts = new Set(group.options.map((option) => option.text));
    const shared = group.options.length > 1 && texts.size === 1 ? group.options[0].text : "";
    append(box, [shared ? h("p", { class: "card-text" }, shared) : null,
      h("div", { class: "options" }, group.options.map((option) =>
        actionButton(act, option.action, option.label, option.text,
          shared ? null : option.text)))]);
  } else if (kind === "yesno") {
    append(box, [group.text ? h("p", { class: "card-text" }, group.text) : null,
      h("div", { class: "options" }, actionButton(act, group.yes, "Yes", group.text),
        actionButton(act, group.no, "No", group.text))]);
  } else if (kind === "range") {
    append(box, [drawRange(group, act)]);
  } else if (kind === "cell") {
    return drawCells(group, index, act, openCells);
  } else {
    append(box, [h("p", { class: "muted" }, "(a kind of decision this page does not know)")]);
  }
  return box;
}

function drawRange(group, act) {
  const id = `range-${Math.random().toString(36).slice(2)}`;
  const unit = group.unit || "";
  const input = h("input", { id, type: "number", class: "amount", min: group.minimum,
    max: group.maximum, step: group.step, value: String(group.minimum), required: true,
    "data-range": "1", "aria-label": capital(group.verb) });
  const note = h("span", { class: "muted" },
    `${money(group.minimum, unit)} to ${money(group.maximum, unit)}` +
    (group.step !== 1 ? `, in steps of ${money(group.step, unit)}` : ""));
  const problem = h("span", { class: "problem", role: "alert" });
  const go = h("button", { type: "button", class: "option range-go", "data-range-go": "1" },
    capital(group.verb));
  const submit = () => {
    const value = Number(input.value);
    const fits = Number.isInteger(value) && value >= group.minimum && value <= group.maximum &&
      (value - group.minimum) % group.step === 0;
    if (!fits) {
      fill(problem, `Give a whole number from ${money(group.minimum, unit)} to ` +
        `${money(group.maximum, unit)}` +
        (group.step !== 1 ? ` in steps of ${money(group.step, unit)}` : "") + ".");
      return;
    }
    fill(problem);
    act(group.action.replace("{}", String(Math.floor(value / group.scale))));
  };
  go.addEventListener("click", submit);
  input.addEventListener("keydown", (event) => {
    if (event.key === "Enter") submit();
  });
  return h("div", { class: "range-row" },
    unit === "$" ? h("span", { "aria-hidden": "true" }, "$") : null, input,
    unit && unit !== "$" ? h("span", {}, unit) : null, go, note, problem);
}

function drawCells(group, index, act, open) {
  const cells = group.cells;
  const xs = cells.map((c) => c.x);
  const ys = cells.map((c) => c.y);
  const [x0, x1, y0, y1] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  const grid = h("div", { class: "cell-grid", tabindex: "0", role: "group",
    "aria-label": `${capital(group.label)}: the places` });
  grid.style.setProperty("--columns", String(x1 - x0 + 1));
  const at = new Map(cells.map((c) => [`${c.x},${c.y}`, c]));
  for (let y = y0; y <= y1; y++) {
    for (let x = x0; x <= x1; x++) {
      const cell = at.get(`${x},${y}`);
      if (!cell) {
        grid.append(h("div", { class: "cell empty" }));
        continue;
      }
      grid.append(h("div", { class: "cell offered", "data-x": x, "data-y": y },
        h("span", { class: "coords" }, `${x} ${y}`),
        cell.orientations.map((o) => actionButton(act, o.action, o.name,
          `${group.label} at ${x} ${y}, ${o.name}: ${group.text}`))));
    }
  }
  const places = cells.length === 1 ? "1 place" : `${cells.length} places`;
  return h("details", { class: "group cell", "data-group": index, "data-kind": "cell", open },
    h("summary", {}, h("strong", {}, capital(group.label)),
      group.text ? ` — ${group.text}` : "", h("span", { class: "muted" }, ` (${places})`)),
    h("p", { class: "muted" }, "Columns are x, rows are y; pick a place and a way up."),
    grid);
}
