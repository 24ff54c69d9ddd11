// A table's page: the seat whose token is in the link's fragment (#seat=0&token=...) or saved
// for this table in the tab's sessionStorage, else a spectator (also with #watch). One
// WebSocket speaks protocol 2 (docs/protocol.md): a hello with the token, then the welcome's
// whole view, then per move an update (or the mover's ack): the view's changed keys and the
// log's new events.
// The page draws the view as panels (generic: keys and values, nested panels, lists of records
// as tables), the log as the events' text, the decision as controls, whose turn it is and at
// the end the final scores. It reconnects by itself (backoff) and gets the current view.
import { api, append, capital, fill, h, label, playerName } from "./common.js";

const $ = (id) => document.getElementById(id);
const tableId = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop() || "");
const TOKEN_KEY = `motherlode.token.${tableId}`;
/** The view's envelope: drawn apart (header, decision, log), not as panels. */
const ENVELOPE = new Set(["game", "players", "seat", "current_player", "phase", "log",
  "decision"]);
/** The longest list of records drawn whole; longer ones show their tail. */
const MAX_ROWS = 12;
/** A part of the view longer than this (characters of JSON) starts folded. */
const FOLD_OVER = 2500;
/** Close codes after which coming back would not help. */
const FINAL_CLOSES = {
  4403: "This link's seat token is not one of this table's: ask for the link again.",
  4404: "There is no such table.",
  4410: "This table cannot be served: its stored moves do not check out.",
};

const page = {
  token: null,
  socket: null,
  seat: null,
  version: null,
  view: null,
  log: [],
  info: null,
  pending: null,  // the move sent and not yet answered: {action, version, move_id}
  attempts: 0,
  retry: null,
  closed: false,
  scoresShown: false,
  folded: new Map(),  // the view's parts the player folded (true) or opened (false)
};

// --- the seat's token --------------------------------------------------------------------
function readToken() {
  const fragment = new URLSearchParams(location.hash.slice(1));
  const token = fragment.get("token");
  try {
    if (token) {
      sessionStorage.setItem(TOKEN_KEY, token);
      return token;
    }
    if (fragment.has("watch")) return null;
    return sessionStorage.getItem(TOKEN_KEY);
  } catch (err) {
    return token || null;
  }
}

function forgetToken() {
  try {
    sessionStorage.removeItem(TOKEN_KEY);
  } catch (err) {
    // nothing kept
  }
}

// --- the connection ----------------------------------------------------------------------
function connect() {
  page.retry = null;
  const scheme = location.protocol === "https:" ? "wss:" : "ws:";
  const url = `${scheme}//${location.host}/api/tables/${encodeURIComponent(tableId)}/ws`;
  const socket = new WebSocket(url);
  page.socket = socket;
  setStatus(page.attempts ? "Reconnecting…" : "Connecting…");
  socket.addEventListener("open", () => {
    socket.send(JSON.stringify({ type: "hello", protocol: 2, token: page.token }));
  });
  socket.addEventListener("message", (event) => {
    let message;
    try {
      message = JSON.parse(event.data);
    } catch (err) {
      return;
    }
    receive(message);
  });
  socket.addEventListener("close", (event) => {
    if (page.socket !== socket) return;
    page.socket = null;
    lost(event.code);
  });
}

function lost(code) {
  if (FINAL_CLOSES[code]) {
    page.closed = true;
    if (code === 4403) forgetToken();
    setState("closed");
    setStatus("Not connected.");
    showError(FINAL_CLOSES[code]);
    return;
  }
  const delay = Math.min(10000, 250 * 2 ** page.attempts) * (0.75 + Math.random() / 2);
  page.attempts += 1;
  setState("lost");
  setStatus(`The connection was lost; trying again in ${Math.ceil(delay / 1000)} s…`);
  disableControls();
  page.retry = setTimeout(connect, delay);
}

function send(message) {
  if (!page.socket || page.socket.readyState !== WebSocket.OPEN) return false;
  page.socket.send(JSON.stringify(message));
  return true;
}

function moveId() {
  const bytes = new Uint8Array(12);
  crypto.getRandomValues(bytes);
  return [...bytes].map((b) => b.toString(16).padStart(2, "0")).join("");
}

function sendMove(action) {
  if (page.pending || !page.view || !page.view.decision) return;
  page.pending = { type: "move", action, version: page.version, move_id: moveId() };
  showError(null);
  disableControls();
  setState("sending");
  if (!send(page.pending)) setStatus("Not connected: the move goes when the connection is back.");
}

// --- what the server says ----------------------------------------------------------------
function receive(message) {
  switch (message.type) {
    case "welcome":
      page.attempts = 0;
      page.seat = message.seat;
      page.log = message.view.log || [];
      setView(message.version, message.view, page.log, true);
      if (page.pending) {
        // The move sent before the connection was lost: sent again with its id, it is applied
        // once (the same ack if it already was), or refused as stale with the fresh view.
        send(page.pending);
        setState("sending");
      }
      loadInfo();
      break;
    case "update":
    case "ack": // the mover's ack brings what its move changed, as an update would
      if (message.view) setView(message.version, message.view, message.events, false, message.gone);
      break;
    case "error":
      refused(message);
      break;
    default:
      break;
  }
}

function refused(message) {
  const mine = page.pending && message.move_id === page.pending.move_id;
  if (message.code === "request/rate-limited" && mine) {
    setTimeout(() => page.pending && send(page.pending), 1000);
    return;
  }
  if (mine) page.pending = null;
  if (message.view) setView(message.version, message.view, message.events || [], false, message.gone);
  else render();
  if (message.code === "move/stale") {
    showError("The table moved on before your move arrived: choose again.");
  } else {
    showError(`${message.code}: ${message.message}`);
  }
}

// After the welcome, a frame's view holds only the keys that changed (`gone`: those removed).
function setView(version, view, events, whole, gone) {
  if (!whole) page.log = page.log.concat(events);
  page.version = version;
  page.view = whole ? { ...view, log: page.log } : { ...page.view, ...view, log: page.log };
  for (const key of gone || []) delete page.view[key];
  if (page.pending && page.pending.version !== version) page.pending = null;
  if (whole) fill($("log"));
  appendLog(whole ? page.log : events);
  render();
}

async function loadInfo() {
  try {
    page.info = await api(`/api/tables/${encodeURIComponent(tableId)}`);
    render();
  } catch (err) {
    // the header keeps the seats' numbers
  }
}

// --- drawing -----------------------------------------------------------------------------
function setState(state) {
  document.body.dataset.state = state;
}

function setStatus(text) {
  fill($("status"), text);
}

function showError(text) {
  const box = $("error");
  box.hidden = !text;
  fill(box, text || "");
}

function seatName(seat) {
  if (seat === null || seat === undefined) return "the table";
  const you = seat === page.seat;
  const info = page.info && page.info.seats && page.info.seats[seat];
  const kind = info ? (info.kind === "bot" ? `bot ${info.bot}` : "a person") : "";
  if (you) return `seat ${seat} (you)`;
  return kind ? `seat ${seat} (${kind})` : `seat ${seat}`;
}

function render() {
  const view = page.view;
  if (!view) return;
  document.body.dataset.version = String(page.version);
  document.body.dataset.seat = page.seat === null ? "spectator" : String(page.seat);
  const title = page.info ? page.info.title : view.game;
  document.title = `${title} — Motherlode`;
  fill($("title"), `· ${title}`);
  const name = playerName();
  fill($("who"), page.seat === null ? "You are watching: you see what a spectator sees."
    : `You play seat ${page.seat}${name ? ` as ${name}` : ""}.`);
  setStatus(`Connected · ${view.players} players · move ${page.version}` +
    (view.phase ? ` · phase: ${label(view.phase)}` : ""));
  drawTurn(view);
  drawDecision(view);
  drawView(view);
  const over = view.current_player === null || view.current_player === undefined;
  if (over) {
    setState("over");
    showScores();
  } else if (page.pending) {
    setState("sending");
  } else {
    setState(view.decision ? "turn" : "wait");
  }
}

function drawTurn(view) {
  const box = $("turn");
  const over = view.current_player === null || view.current_player === undefined;
  box.classList.toggle("yours", Boolean(view.decision));
  if (over) fill(box, h("strong", {}, "The game is over."));
  else if (view.decision) fill(box, h("strong", {}, "Your turn."));
  else fill(box, `Waiting for ${seatName(view.current_player)}.`);
}

function appendLog(events) {
  const list = $("log");
  // The log follows its newest line unless its reader scrolled up (read before the lines go
  // in: a scroll event comes later, when more lines may have come).
  const pinned = list.scrollHeight - list.scrollTop - list.clientHeight < 30;
  for (const event of events) {
    const who = event.seat === null || event.seat === undefined ? null : seatName(event.seat);
    list.append(h("li", { class: event.seat === page.seat ? "mine" : null },
      who ? h("span", { class: "seat" }, `${who}: `) : null, String(event.text ?? "")));
  }
  if (pinned) list.scrollTop = list.scrollHeight;
}

// --- the decision as controls ----------------------------------------------------------------
function disableControls() {
  for (const control of $("decision").querySelectorAll("button, input")) control.disabled = true;
}

function drawDecision(view) {
  const box = $("decision");
  const decision = view.decision;
  if (!decision) {
    box.hidden = true;
    fill(box);
    return;
  }
  box.hidden = false;
  fill(box, h("h2", {}, capital(decision.prompt)),
    decision.groups.map((group, index) => drawGroup(group, index)));
  if (page.pending) disableControls();
}

function actionButton(action, text, title, extra = null) {
  const button = h("button", { type: "button", class: "option", "data-action": action,
    title: title || null }, h("span", { class: "label" }, text),
    extra ? h("span", { class: "text" }, extra) : null);
  button.addEventListener("click", () => sendMove(action));
  return button;
}

function drawGroup(group, index) {
  const kind = group.kind;
  const box = h("fieldset", { class: `group ${kind}`, "data-group": index, "data-kind": kind },
    h("legend", {}, capital(group.label)));
  if (kind === "choice") {
    // A text every option shares (the card played on any of several seats) is said once.
    const texts = new Set(group.options.map((option) => option.text));
    const shared = group.options.length > 1 && texts.size === 1 ? group.options[0].text : "";
    append(box, [shared ? h("p", { class: "card-text" }, shared) : null,
      h("div", { class: "options" }, group.options.map((option) =>
        actionButton(option.action, option.label, option.text, shared ? null : option.text)))]);
  } else if (kind === "yesno") {
    append(box, [group.text ? h("p", { class: "card-text" }, group.text) : null,
      h("div", { class: "options" }, actionButton(group.yes, "Yes", group.text),
        actionButton(group.no, "No", group.text))]);
  } else if (kind === "range") {
    append(box, [drawRange(group)]);
  } else if (kind === "cell") {
    return drawCells(group, index);
  } else {
    append(box, [h("p", { class: "muted" }, "(a kind of decision this page does not know)")]);
  }
  return box;
}

function money(group, value) {
  const unit = group.unit || "";
  const number = Number(value).toLocaleString("en-US");
  if (unit === "$") return `$${number}`;
  return unit ? `${number} ${unit}` : number;
}

function drawRange(group) {
  const id = `range-${Math.random().toString(36).slice(2)}`;
  const input = h("input", { id, type: "number", class: "amount", min: group.minimum,
    max: group.maximum, step: group.step, value: String(group.minimum), required: true,
    "data-range": "1" });
  const note = h("span", { class: "muted" },
    `${money(group, group.minimum)} to ${money(group, group.maximum)}` +
    (group.step !== 1 ? `, in steps of ${money(group, group.step)}` : ""));
  const problem = h("span", { class: "problem", role: "alert" });
  const go = h("button", { type: "button", class: "option range-go", "data-range-go": "1" },
    capital(group.verb));
  const submit = () => {
    const value = Number(input.value);
    const fits = Number.isInteger(value) && value >= group.minimum && value <= group.maximum &&
      (value - group.minimum) % group.step === 0;
    if (!fits) {
      fill(problem, `Give a whole number from ${money(group, group.minimum)} to ` +
        `${money(group, group.maximum)}` +
        (group.step !== 1 ? ` in steps of ${money(group, group.step)}` : "") + ".");
      return;
    }
    fill(problem);
    sendMove(group.action.replace("{}", String(Math.floor(value / group.scale))));
  };
  go.addEventListener("click", submit);
  input.addEventListener("keydown", (event) => {
    if (event.key === "Enter") submit();
  });
  return h("div", { class: "range-row" },
    h("label", { for: id }, group.unit === "$" ? "$" : ""), input,
    group.unit && group.unit !== "$" ? h("span", {}, group.unit) : null, go, note, problem);
}

function drawCells(group, index) {
  const cells = group.cells;
  const xs = cells.map((c) => c.x);
  const ys = cells.map((c) => c.y);
  const [x0, x1, y0, y1] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  const grid = h("div", { class: "cell-grid" });
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
        cell.orientations.map((o) => actionButton(o.action, o.name,
          `${group.label} at ${x} ${y}, ${o.name}: ${group.text}`))));
    }
  }
  const places = cells.length === 1 ? "1 place" : `${cells.length} places`;
  const details = h("details", { class: "group cell", "data-group": index, "data-kind": "cell",
    open: index === firstCellGroup() },
    h("summary", {}, h("strong", {}, capital(group.label)),
      group.text ? ` — ${group.text}` : "", h("span", { class: "muted" }, ` (${places})`)),
    h("p", { class: "muted" }, "Columns are x, rows are y; pick a place and a way up."),
    grid);
  return details;
}

function firstCellGroup() {
  const groups = page.view && page.view.decision ? page.view.decision.groups : [];
  return groups.findIndex((g) => g.kind === "cell");
}

// --- the view as panels ------------------------------------------------------------------
function isScalar(value) {
  return value === null || ["string", "number", "boolean"].includes(typeof value);
}

function isFlat(value) {
  return isScalar(value) || (Array.isArray(value) && value.every(isScalar));
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

function isRecord(value) {
  return value !== null && typeof value === "object" && !Array.isArray(value);
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
    const body = records(entries.map(([, item]) => item), depth, entries.map(([key]) => key));
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
    const shown = value.length > MAX_ROWS ? value.slice(-MAX_ROWS) : value;
    const first = value.length - shown.length;
    body = [first ? h("p", { class: "muted" }, `… ${first} earlier`) : null,
      records(shown, depth, shown.map((_, i) => first + i))];
  } else {
    body = h("div", { class: "nested" },
      value.map((item, i) => drawValue(item, String(i), depth + 1)));
  }
  return title === null ? h("div", {}, body) : panel(title, depth, body);
}

/** Records as a table: a column per key (in first-seen order), a row per record, each row
 * headed by its index or key; a missing record (null) is a row of "—". */
function records(rows, depth, names) {
  const columns = [];
  for (const row of rows) {
    if (row) for (const key of Object.keys(row)) if (!columns.includes(key)) columns.push(key);
  }
  const head = h("tr", {}, h("th", { class: "index" }, typeof names[0] === "string" ? "" : "#"),
    columns.map((column) => h("th", {}, label(column))));
  const body = rows.map((row, i) => h("tr", {}, h("td", { class: "index" }, names[i]),
    row === null ? h("td", { class: "none", colspan: Math.max(1, columns.length) }, "—")
      : columns.map((column) => {
        const item = row[column];
        if (isFlat(item)) return h("td", {}, flat(item));
        if (isSmallFlatRecord(item)) return h("td", {}, inline(item));
        return h("td", {}, drawValue(item, null, depth + 1));
      })));
  return h("table", { class: "records" }, h("thead", {}, head), h("tbody", {}, body));
}

function drawView(view) {
  const body = {};
  for (const [key, value] of Object.entries(view)) if (!ENVELOPE.has(key)) body[key] = value;
  const top = {};
  const parts = [];
  for (const [key, value] of Object.entries(body)) {
    if (isFlat(value)) top[key] = value;
    else parts.push(topPanel(key, value));
  }
  fill($("view"), Object.keys(top).length ? drawMapping(top, "table", 0) : null, parts);
}

/** A part of the view under its own heading, folded away when it is long (a deck's list of
 * every card): the player opens it, and it stays as they left it. */
function topPanel(key, value) {
  const size = JSON.stringify(value).length;
  const open = page.folded.has(key) ? !page.folded.get(key) : size <= FOLD_OVER;
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
    page.folded.set(key, !details.open);
    draw();
  });
  return details;
}

// --- the end -----------------------------------------------------------------------------
async function showScores() {
  if (page.scoresShown) return;
  page.scoresShown = true;
  const box = $("scores");
  let result;
  try {
    result = await api(`/api/tables/${encodeURIComponent(tableId)}/scores`);
  } catch (err) {
    page.scoresShown = false;
    return;
  }
  if (!result.scores) {  // the last move is still being stored: ask again, a few times
    page.scoresTries = (page.scoresTries || 0) + 1;
    if (page.scoresTries < 20) {
      page.scoresShown = false;
      setTimeout(showScores, 500);
    }
    return;
  }
  const winners = new Set(result.winners);
  const rows = result.scores.map((score, seat) => h("tr",
    { class: winners.has(seat) ? "winner" : null, "data-seat": seat },
    h("td", {}, seatName(seat)), h("td", { class: "num" }, score.toLocaleString("en-US")),
    h("td", {}, winners.has(seat) ? "wins" : "")));
  fill(box, h("h2", {}, "Final scores"),
    h("table", { class: "records" },
      h("thead", {}, h("tr", {}, h("th", {}, "seat"), h("th", {}, "score"), h("th", {}, ""))),
      h("tbody", {}, rows)));
  box.hidden = false;
  document.body.dataset.scores = "1";
}

// --- start -------------------------------------------------------------------------------
page.token = readToken();
window.addEventListener("online", () => {
  if (page.retry && !page.closed) {
    clearTimeout(page.retry);
    connect();
  }
});
setInterval(() => send({ type: "ping" }), 25000);
connect();
