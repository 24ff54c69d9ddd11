// The decision laid on a board (Pay Dirt's and Pay Day's boards share it).
//
// A board draws its pieces and says, for each piece, which of the decision's options it stands
// for: a key `verb:name` (the group's verb and the option's name, both from the decision). A
// piece the decision offers is lit: a button (click, tap, Enter or Space) that sends the
// option's action; a piece standing for several options shows a small button for each. A range
// group is drawn as a slider and a number field where the board puts it. Whatever the board
// gave no place ends in the tray, so every option of the decision can be reached on the board.
// Legality is the decision's: nothing is lit that the decision does not offer.

/** The decision of `ctx` as targets: `lit(element, keys)`, `range(verb)`, `tray()`. */
export function targets(ctx) {
  const { h } = ctx;
  const byKey = new Map();
  const order = [];  // every option, in the decision's order: [group, option]
  const ranges = [];
  const placed = new Set();  // options and ranges a piece of the board took
  for (const group of ctx.decision ? ctx.decision.groups : []) {
    if (group.kind === "range") {
      ranges.push(group);
      continue;
    }
    const options = group.kind === "yesno"
      ? [{ action: group.yes, name: "yes", label: "Yes", text: group.text || "" },
        { action: group.no, name: "no", label: "No", text: group.text || "" }]
      : group.options || [];
    for (const option of options) {
      const key = `${group.verb}:${option.name}`;
      if (!byKey.has(key)) byKey.set(key, []);
      byKey.get(key).push(option);
      order.push([group, option]);
    }
  }

  function send(action) {
    ctx.act(action);
  }

  function button(option, text) {
    const b = h("button", { type: "button", class: "pick", "data-action": option.action },
      text || option.label);
    b.addEventListener("click", (event) => {
      event.stopPropagation();
      send(option.action);
    });
    if (option.text) ctx.tip(b, option.label, option.text);
    return b;
  }

  /** Light `element` for the options of `keys` the decision offers; returns the element. One
   * option makes the element itself the button, unless `buttons` (a panel holding other
   * pieces): then each option is a button of its own in it. */
  function lit(element, keys, buttons = false) {
    const options = [];
    for (const key of keys) {
      for (const option of byKey.get(key) || []) {
        if (!options.includes(option)) options.push(option);
      }
    }
    if (!options.length) return element;
    for (const option of options) placed.add(option);
    if (buttons) {  // the panel is no target itself: its buttons are
      element.append(h("span", { class: "picks" }, options.map((o) => button(o))));
      return element;
    }
    element.classList.add("lit");
    if (options.length > 1) {
      element.classList.add("lit-many");
      element.append(h("span", { class: "picks" }, options.map((o) => button(o))));
      return element;
    }
    const [option] = options;
    element.dataset.action = option.action;
    element.setAttribute("role", "button");
    element.setAttribute("tabindex", "0");
    element.setAttribute("aria-label", option.label);
    element.addEventListener("click", (event) => {
      event.stopPropagation();  // a piece inside a lit piece sends its own move only
      send(option.action);
    });
    element.addEventListener("keydown", (event) => {
      if (event.target === element && (event.key === "Enter" || event.key === " ")) {
        event.preventDefault();
        send(option.action);
      }
    });
    return element;
  }

  /** Light `element` for every option of the groups of `verbs` (a panel's own moves: the
   * Lottery's stay out, the loan's repay); returns the element. */
  function litVerbs(element, verbs) {
    const keys = order.filter(([group]) => verbs.includes(group.verb))
      .map(([group, option]) => `${group.verb}:${option.name}`);
    return lit(element, keys, true);
  }

  /** The range group of `verb` as a slider + field + button (null if none is offered). */
  function range(verb) {
    const group = ranges.find((g) => g.verb === verb && !placed.has(g));
    if (!group) return null;
    placed.add(group);
    return rangeControl(ctx, group, send);
  }

  /** The options and ranges no piece took, each under its group's label. */
  function tray() {
    const rows = [];
    const seen = new Map();
    for (const [group, option] of order) {
      if (placed.has(option)) continue;
      if (!seen.has(group)) {
        const row = h("div", { class: "tray-group" }, h("span", { class: "tray-label" },
          `${group.label}:`));
        seen.set(group, row);
        rows.push(row);
      }
      seen.get(group).append(button(option));
    }
    for (const group of ranges) {
      if (!placed.has(group)) rows.push(rangeControl(ctx, group, send));
    }
    return rows;
  }

  return { lit, litVerbs, range, tray, offers: (key) => byKey.has(key) };
}

const rangeValues = new Map();  // the value last set on a range, by its label (kept on redraw)

function rangeControl(ctx, group, send) {
  const { h } = ctx;
  const id = `board-range-${group.verb}`;
  const kept = rangeValues.get(group.label);
  const fits = (v) => Number.isInteger(v) && v >= group.minimum && v <= group.maximum &&
    (v - group.minimum) % group.step === 0;
  const start = fits(kept) ? kept : group.minimum;
  const slider = h("input", { type: "range", min: group.minimum, max: group.maximum,
    step: group.step, value: String(start), "aria-label": `${group.label} (slider)` });
  const field = h("input", { id, type: "number", class: "amount", min: group.minimum,
    max: group.maximum, step: group.step, value: String(start) });
  const shown = (v) => ctx.money(v, group.unit === "nuggets" ? "" : group.unit);
  const go = h("button", { type: "button", class: "pick range-go" }, "");
  const problem = h("span", { class: "problem", role: "alert" });
  const sync = (v) => {
    rangeValues.set(group.label, v);
    go.textContent = `${capital(group.verb)} ${shown(v)}${group.unit === "nuggets" ? " nuggets" : ""}`;
  };
  slider.addEventListener("input", () => {
    field.value = slider.value;
    sync(Number(slider.value));
  });
  field.addEventListener("input", () => {
    const v = Number(field.value);
    if (fits(v)) slider.value = field.value;
    sync(v);
  });
  const submit = () => {
    const v = Number(field.value);
    if (!fits(v)) {
      problem.textContent = `From ${shown(group.minimum)} to ${shown(group.maximum)}` +
        (group.step !== 1 ? ` in steps of ${shown(group.step)}` : "") + ".";
      return;
    }
    problem.textContent = "";
    send(group.action.replace("{}", String(Math.floor(v / group.scale))));
  };
  go.addEventListener("click", submit);
  field.addEventListener("keydown", (event) => {
    if (event.key === "Enter") submit();
  });
  sync(start);
  return h("div", { class: "board-range", "data-range": group.verb },
    h("label", { for: id }, `${capital(group.label)}`),
    h("span", { class: "range-bounds" }, `${shown(group.minimum)} – ${shown(group.maximum)}`),
    slider, field, go, problem);
}

function capital(text) {
  const s = String(text);
  return s.slice(0, 1).toUpperCase() + s.slice(1);
}

/** The refused move's reason beside its target (or at the top of the board). */
export function showRefusal(ctx, root, fallback) {
  if (!ctx.refusal) return;
  const note = ctx.h("p", { class: "board-refusal", role: "alert" }, ctx.refusal.text);
  const target = [...root.querySelectorAll("[data-action]")]
    .find((el) => el.dataset.action === ctx.refusal.action);
  if (target) target.after(note);
  else fallback.prepend(note);
}

/** Keep the scroll positions of a board's scrolling regions across a redraw. */
export function keepScroll(root, draw) {
  const kept = new Map();
  for (const el of root.querySelectorAll("[data-scroll]")) {
    kept.set(el.dataset.scroll, [el.scrollLeft, el.scrollTop]);
  }
  draw();
  for (const el of root.querySelectorAll("[data-scroll]")) {
    const at = kept.get(el.dataset.scroll);
    if (at) [el.scrollLeft, el.scrollTop] = at;
  }
}

/** Okabe-Ito colours for seats, each with its letter as the second cue. */
export const SEAT_COLOURS = ["#E69F00", "#56B4E9", "#009E73", "#CC79A7", "#0072B2", "#D55E00"];

/** A seat's token: its colour and its number (the second cue). */
export function seatToken(ctx, seat, extra = "") {
  const token = ctx.h("span", { class: `seat-token ${extra}`.trim(), "data-seat": seat },
    String(seat));
  token.style.setProperty("--seat", SEAT_COLOURS[seat % SEAT_COLOURS.length]);
  return token;
}

/** The seats that acted in the events new since the last draw (their pieces are marked, so a
 * bot's move is seen, not just applied), and the days their tokens moved to. */
export function justActed(ctx) {
  const seats = new Set();
  const days = new Map();
  for (const event of ctx.lastEvents || []) {
    if (event.seat === null || event.seat === undefined) continue;
    seats.add(event.seat);
    if (event.kind === "move" && Number.isInteger(event.day)) days.set(event.seat, event.day);
  }
  return { seats, days };
}
