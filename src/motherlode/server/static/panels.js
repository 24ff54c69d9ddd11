// The generic panels: any game's view drawn as keys and values, nested panels, and lists of
// records as tables. The fallback for a game without a board module (static/boards/<game>.js).
// Every part starts open (the player may fold it, and it stays as they left it); a long list
// is drawn whole, in a box that scrolls by itself and takes keyboard focus.
import { append, fill, h, label } from "./common.js";

/** The view's envelope: drawn apart (header, decision, log, score sheet), not as panels. */
export const ENVELOPE = new Set(["game", "players", "seat", "current_player", "phase", "log",
  "decision", "score_sheet"]);

/** A list of records longer than this scrolls in its own box (all of it is there). */
const SCROLL_OVER = 12;

/** The view's parts the player folded (true) or opened (false), by key. */
const folded = new Map();

function isScalar(value) {
  return value === null || ["string", "number", "boolean"].includes(typeof value);
}

function isFlat(value) {
  return isScalar(value) || (Array.isArray(value) && value.every(isScalar));
}

function isRecord(value) {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

function scalar(value) {
  if (value === null || value === undefined || value === "") {
    return h("span", { class: "none" }, "—");
  }
  if (value === true) return h("span", { class: "yes" }, "yes");
  if (value === false) return h("span", { class: "no" }, "no");
  if (typeof value === "number") return h("span", { class: "num" }, value.toLocaleString("en-US"));
  return h("span", { class: "str" }, String(value));
}

function flat(value) {
  if (Array.isArray(value)) {
    if (!value.length) return h("span", { class: "none" }, "—");
    const out = h("span", { class: "list" });
    value.forEach((item, i) => append(out, [i ? ", " : null, scalar(item)]));
    return out;
  }
  return scalar(value);
}

function panel(title, depth, body) {
  return h("section", { class: `panel depth-${depth % 4}` },
    title === null ? null : h("h3", {}, title), body);
}

function drawValue(value, title, depth) {
  if (Array.isArray(value)) return drawList(value, title, depth);
  if (value && typeof value === "object") return drawMapping(value, title, depth);
  return flat(value);
}

/** A small record of scalars, in one table cell: `gold 1, ruby 2`. */
function isSmallFlatRecord(value) {
  return isRecord(value) && Object.keys(value).length <= 12 &&
    Object.values(value).every(isScalar);
}

function inline(value) {
  const out = h("span", { class: "inline" });
  Object.entries(value).forEach(([key, item], i) =>
    append(out, [i ? ", " : null, h("span", { class: "key" }, label(key)), " ", scalar(item)]));
  return out;
}

function drawMapping(value, title, depth) {
  const entries = Object.entries(value);
  // a dict of records (each card of a deck by its id): one table, a row per entry
  if (entries.length > 1 && entries.every(([, item]) => isRecord(item))) {
    const body = records(entries.map(([, item]) => item), depth, entries.map(([key]) => key),
      title);
    return title === null ? h("div", {}, body) : panel(title, depth, body);
  }
  const rows = [];
  const nested = [];
  for (const [key, item] of entries) {
    if (isFlat(item)) rows.push(h("tr", {}, h("th", {}, label(key)), h("td", {}, flat(item))));
    else if (isSmallFlatRecord(item)) {
      rows.push(h("tr", {}, h("th", {}, label(key)), h("td", {}, inline(item))));
    } else nested.push(drawValue(item, label(key), depth + 1));
  }
  const parts = [rows.length ? h("table", { class: "grid" }, h("tbody", {}, rows)) : null,
    nested.length ? h("div", { class: "nested" }, nested) : null];
  if (!rows.length && !nested.length) parts.push(h("span", { class: "none" }, "—"));
  return title === null ? h("div", {}, parts) : panel(title, depth, parts);
}

function drawList(value, title, depth) {
  let body;
  if (isFlat(value)) {
    body = flat(value);
  } else if (value.every((item) => item === null || isRecord(item))) {
    // records (an empty place of a row as a row of its own: "—")
    body = records(value, depth, value.map((_, i) => i), title);
  } else {
    body = h("div", { class: "nested" },
      value.map((item, i) => drawValue(item, String(i), depth + 1)));
  }
  return title === null ? h("div", {}, body) : panel(title, depth, body);
}

/** Records as a table: a column per key (in first-seen order), a row per record, each row
 * headed by its index or key; a missing record (null) is a row of "—". A long table scrolls
 * in a box of its own, which keyboard users can reach (it is focusable and named). */
function records(rows, depth, names, title) {
  const columns = [];
  for (const row of rows) {
    if (row) for (const key of Object.keys(row)) if (!columns.includes(key)) columns.push(key);
  }
  const head = h("tr", {}, h("th", { class: "index", scope: "col" },
    typeof names[0] === "string" ? "name" : "#"),
  columns.map((column) => h("th", { scope: "col" }, label(column))));
  const body = rows.map((row, i) => h("tr", {}, h("th", { class: "index", scope: "row" },
    String(names[i])),
  row === null ? h("td", { class: "none", colspan: Math.max(1, columns.length) }, "—")
    : columns.map((column) => {
      const item = row[column];
      if (isFlat(item)) return h("td", {}, flat(item));
      if (isSmallFlatRecord(item)) return h("td", {}, inline(item));
      return h("td", {}, drawValue(item, null, depth + 1));
    })));
  const table = h("table", { class: "records" }, h("thead", {}, head), h("tbody", {}, body));
  if (rows.length <= SCROLL_OVER) return table;
  return h("div", { class: "scroll-rows", tabindex: "0", role: "region",
    "aria-label": `${title || "rows"} (${rows.length} rows)` }, table);
}

/** Draw the view's body (every key but the envelope's) into `root` as panels. */
export function drawPanels(root, view) {
  const top = {};
  const parts = [];
  for (const [key, value] of Object.entries(view)) {
    if (ENVELOPE.has(key)) continue;
    if (isFlat(value)) top[key] = value;
    else parts.push(topPanel(key, value));
  }
  fill(root, Object.keys(top).length ? drawMapping(top, "table", 0) : null, parts);
}

/** A part of the view under its own heading: open, unless the player folded it. */
function topPanel(key, value) {
  const open = !folded.get(key);
  const count = Array.isArray(value) ? value.length : Object.keys(value).length;
  const details = h("details", { class: "part", "data-key": key, open },
    h("summary", {}, h("strong", {}, label(key)),
      h("span", { class: "muted" }, ` (${count} ${count === 1 ? "entry" : "entries"})`)));
  let drawn = false;
  const draw = () => {
    if (!drawn && details.open) {
      details.append(drawValue(value, null, 0));
      drawn = true;
    }
  };
  draw();  // a folded part is drawn only once it is opened
  details.addEventListener("toggle", () => {
    folded.set(key, !details.open);
    draw();
  });
  return details;
}
