// A table's page: the seat whose token is in the link's fragment (#seat=0&token=...) or saved
// for this table in the tab's sessionStorage, else a spectator (also with #watch). The token
// leaves the address bar at once (it would give the seat away with a copied address).
//
// This module is the frame: the connection (connection.js) brings the view; the frame draws
// the header and whose turn it is, the game's board (static/boards/<game>.js, loaded once;
// see docs/architecture.md "Boards") or, for a game without one, the generic panels
// (panels.js), the decision's generic controls below it (controls.js), the score sheet
// (scores.js) and the log. A refused move's reason shows beside the board and the controls;
// the focus stays on the control (or the board) it was on across a move.
import { api, capital, fill, h, append, label, money, playerName } from "./common.js";
import { openTable } from "./connection.js";
import { disableControls, drawDecision } from "./controls.js";
import { drawPanels } from "./panels.js";
import { bareSheet, drawSheet } from "./scores.js";
import { tip } from "./tips.js";

const $ = (id) => document.getElementById(id);
const tableId = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop() || "");
const TOKEN_KEY = `motherlode.token.${tableId}`;

const page = {
  table: null,       // the connection
  info: null,        // GET /api/tables/{id}
  boards: null,      // a promise: the games with a board module (GET /api/boards)
  glossary: {},      // what each card, tile and space says (GET /api/tables/{id}/glossary)
  boardAsked: false,
  board: undefined,  // the loaded board module; null: this game has none (panels)
  boardRoot: null,
  refusal: null,     // {action, text}: the last move of this seat the server refused
  lastEvents: [],
  bare: null,        // the final scores of a game that gives no score sheet
  bareAsked: false,
  focusKey: null,    // the control the focus was on when the last move went
  drawnOnce: false,
  token: null,       // this seat's token (for the hint)
  hintAt: null,      // the version the hint shown was given at
};

// --- the seat's token --------------------------------------------------------------------
function readToken() {
  const fragment = new URLSearchParams(location.hash.slice(1));
  const token = fragment.get("token");
  try {
    if (token) sessionStorage.setItem(TOKEN_KEY, token);
  } catch (err) {
    return token || null;  // no storage: the token stays in the address, or the seat is lost
  }
  if (token) {
    // out of the address bar (and of the history): the tab keeps it
    history.replaceState(null, "", `${location.pathname}${location.search}`);
    return token;
  }
  if (fragment.has("watch")) return null;
  try {
    return sessionStorage.getItem(TOKEN_KEY);
  } catch (err) {
    return null;
  }
}

function forgetToken() {
  try {
    sessionStorage.removeItem(TOKEN_KEY);
  } catch (err) {
    // nothing kept
  }
}

// --- the page's state --------------------------------------------------------------------
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

/** Each seat's name for people: "you", "bot: heuristic", "a person". */
function names() {
  const players = page.table.view ? page.table.view.players : 0;
  return Array.from({ length: players }, (_, seat) => seatName(seat));
}

function seatName(seat) {
  if (seat === null || seat === undefined) return "the table";
  const info = page.info && page.info.seats && page.info.seats[seat];
  const given = info && info.name;
  if (seat === page.table.seat) {
    const mine = playerName();
    return mine ? `${mine} (you)` : `Seat ${seat} (you)`;
  }
  if (given) return given;
  if (info && info.kind === "bot") return `Seat ${seat} (bot: ${info.bot})`;
  return info ? `Seat ${seat} (a person)` : `Seat ${seat}`;
}

// --- the connection's news ----------------------------------------------------------------
const listener = {
  view(events, whole) {
    if (whole) fill($("log"));
    // the seats' names: asked again while a seat is free (whoever takes it gives a name)
    if (whole || (page.info && page.info.seats.some((seat) => seat.free))) loadInfo();
    page.lastEvents = whole ? [] : events;
    if (!whole) page.refusal = null;
    appendLog(events);
    render();
  },
  refused(message, action) {
    let text;
    if (message.code === "move/stale") {
      text = "The table moved on before your move arrived: choose again.";
    } else {
      text = message.message ? capital(message.message) : message.code;
    }
    page.refusal = { action, text, code: message.code };  // drawn beside the board and controls
    render();
  },
  status: setStatus,
  lost(delay) {
    setState("lost");
    setStatus(`The connection was lost; trying again in ${Math.ceil(delay / 1000)} s…`);
    disableControls($("decision"));
  },
  final(text, code) {
    if (code === 4403) forgetToken();
    setState("closed");
    setStatus("Not connected.");
    showError(text);
  },
};

function act(action) {
  const active = document.activeElement;
  page.focusKey = focusKey(active);
  if (!page.table.act(action)) return;
  page.refusal = null;
  showError(null);
  disableControls($("decision"));
  setState("sending");
}

async function loadInfo() {
  try {
    page.info = await api(`/api/tables/${encodeURIComponent(tableId)}`);
    render();
  } catch (err) {
    // the header keeps the seats' numbers
  }
}

// --- the board module ---------------------------------------------------------------------
async function loadBoard(game) {
  if (page.boardAsked) return;
  page.boardAsked = true;  // the board stays undefined (nothing drawn) until it is known
  try {
    page.board = (await page.boards).includes(game) ? await importBoard(game) : null;
  } catch (err) {
    page.board = null;  // the panels draw the game
  }
  render();
}

/** A board's module, once its style is there too (no board is drawn unstyled). */
async function importBoard(game) {
  const style = h("link", { rel: "stylesheet", href: `/static/boards/${game}.css` });
  const styled = new Promise((resolve) => {
    style.addEventListener("load", resolve);
    style.addEventListener("error", resolve);
  });
  document.head.append(style);
  const [module] = await Promise.all([import(`./boards/${game}.js`), styled]);
  return module;
}

function boardRoot(game) {
  if (!page.boardRoot) {
    page.boardRoot = h("div", { class: `board board-${game}`, tabindex: "-1" });
    $("board").append(page.boardRoot);
  }
  return page.boardRoot;
}

// --- drawing -----------------------------------------------------------------------------
/** What names a control across redraws: its data-focus, else its action, else its id. */
function focusKey(element) {
  if (!element || element === document.body) return null;
  if (element.dataset && element.dataset.focus) return `[data-focus="${CSS.escape(element.dataset.focus)}"]`;
  if (element.dataset && element.dataset.action) return `[data-action="${CSS.escape(element.dataset.action)}"]`;
  if (element.id) return `#${CSS.escape(element.id)}`;
  return null;
}

function render() {
  const table = page.table;
  const view = table.view;
  if (!view) return;
  const before = document.activeElement;
  const key = before && before !== document.body ? focusKey(before) : page.focusKey;
  const inPlay = !before || before === document.body ||
    $("play").contains(before);
  document.body.dataset.version = String(table.version);
  document.body.dataset.seat = table.seat === null ? "spectator" : String(table.seat);
  const title = page.info ? page.info.title : view.game;
  document.title = `${title} — Motherlode`;
  fill($("title"), `· ${title}`);
  const name = playerName();
  fill($("who"), table.seat === null ? "You are watching: you see what a spectator sees."
    : `You play seat ${table.seat}${name ? ` as ${name}` : ""}.`);
  setStatus(`Connected · ${view.players} players · move ${table.version}` +
    (view.phase ? ` · phase: ${label(view.phase)}` : ""));
  const over = view.current_player === null || view.current_player === undefined;
  const decision = view.decision || null;
  drawTurn(view, over);
  drawReplayLink(table.seat, over);
  loadBoard(view.game);
  if (page.board === undefined) return;  // the board module is on its way
  drawGame(view, decision);
  drawDecision($("decision"), decision, act, Boolean(table.pending), Boolean(page.board));
  drawRefusal();
  drawHint(decision);
  drawScores(view, over);
  if (over) setState("over");
  else if (table.pending) setState("sending");
  else setState(decision ? "turn" : "wait");
  keepFocus(key, inPlay);
  if (!page.drawnOnce) {
    page.drawnOnce = true;
    performance.mark("motherlode:board-drawn");
    document.body.dataset.drawn = "1";
  }
}

function drawGame(view, decision) {
  const table = page.table;
  if (page.board) {
    $("view").hidden = true;
    page.board.drawBoard(boardRoot(view.game), {
      view,
      seat: table.seat,
      decision: table.pending ? null : decision,
      act,
      refusal: page.refusal,
      names: names(),
      lastEvents: page.lastEvents,
      glossary: page.glossary,
      h, fill, append, tip, money,
    });
  } else {
    $("view").hidden = false;
    drawPanels($("view"), view);
  }
}

/** The replay: a seat steps back through what it saw (this tab keeps its token); anyone,
 * as any seat, once the game is over. */
function drawReplayLink(seat, over) {
  const link = $("replay-link");
  link.hidden = seat === null && !over;
  link.href = `/replay/${encodeURIComponent(tableId)}${seat === null ? "" : `?seat=${seat}`}`;
  fill(link, over ? "Replay the game step by step" : "Step back through what you saw");
}

// --- the hint: what the strongest bot would do here, and why (GET /api/tables/{id}/hint) ---
function drawHint(decision) {
  const box = $("hint-box");
  const version = page.table.version;
  box.hidden = !decision || page.table.seat === null;
  if (page.hintAt !== version) fill($("hint-text"));
}

async function askHint() {
  const version = page.table.version;
  const text = $("hint-text");
  fill(text, "The bot is thinking…");
  let answer = null;
  try {
    const response = await fetch(`/api/tables/${encodeURIComponent(tableId)}/hint`,
      { headers: { "x-seat-token": page.token || "" } });
    answer = await response.json();
    if (!response.ok) throw new Error(answer && answer.error ? answer.error.message : "");
  } catch (err) {
    fill(text, `No hint: ${err.message || "the server does not answer"}.`);
    return;
  }
  if (page.table.version !== version) return;  // the table moved on meanwhile
  page.hintAt = version;
  fill(text, h("strong", {}, `The ${answer.bot} bot would choose `),
    h("em", {}, answer.label || answer.action), `: ${answer.why}`);
}

function drawRefusal() {
  const box = $("refusal");
  box.hidden = !page.refusal;
  fill(box, page.refusal ? `Refused: ${page.refusal.text}` : "");
}

function keepFocus(key, inPlay) {
  if (!inPlay) return;
  const active = document.activeElement;
  if (active && active !== document.body && !active.disabled && document.contains(active)) return;
  const again = key ? document.querySelector(key) : null;
  if (again && !again.disabled) {
    again.focus({ preventScroll: true });
    return;
  }
  if (!key) return;
  (page.boardRoot || $("turn")).focus({ preventScroll: true });
}

function drawTurn(view, over) {
  const box = $("turn");
  box.classList.toggle("yours", Boolean(view.decision));
  if (over) fill(box, h("strong", {}, "The game is over."));
  else if (view.decision) {
    const prompt = capital(view.decision.prompt);
    fill(box, /^your turn\b/i.test(prompt) ? h("strong", {}, prompt)
      : [h("strong", {}, "Your turn: "), prompt]);
  } else fill(box, `Waiting for ${seatName(view.current_player)}.`);
}

function drawScores(view, over) {
  const box = $("scores");
  if (view.score_sheet) {
    drawSheet(box, view.score_sheet, names());
    if (over) document.body.dataset.scores = "1";
    return;
  }
  if (!over) {
    drawSheet(box, null, names());
    return;
  }
  if (page.bare) {
    drawSheet(box, bareSheet(page.bare), names());
    document.body.dataset.scores = "1";
  } else {
    askScores(0);
  }
}

/** The bare final scores, asked again a few times while the last move is being stored. */
async function askScores(tries) {
  if (page.bareAsked && tries === 0) return;
  page.bareAsked = true;
  let result;
  try {
    result = await api(`/api/tables/${encodeURIComponent(tableId)}/scores`);
  } catch (err) {
    return;
  }
  if (!result.scores) {
    if (tries < 20) setTimeout(() => askScores(tries + 1), 500);
    return;
  }
  page.bare = result;
  render();
}

// --- the log -------------------------------------------------------------------------------
/** Whether the log follows its newest line: it does unless its reader scrolled up. */
let following = true;

function appendLog(events) {
  const list = $("log");
  for (const event of events) {
    const who = event.seat === null || event.seat === undefined ? null : seatName(event.seat);
    list.append(h("li", { class: event.seat === page.table.seat ? "mine" : null },
      who ? h("span", { class: "seat" }, `${who}: `) : null, String(event.text ?? "")));
  }
  if (following) list.scrollTop = list.scrollHeight;
}

function watchLog() {
  const list = $("log");
  list.addEventListener("scroll", () => {
    following = list.scrollHeight - list.scrollTop - list.clientHeight < 30;
  }, { passive: true });
  // a resize (the window, the board above) moves the bottom: a following log stays there
  new ResizeObserver(() => {
    if (following) list.scrollTop = list.scrollHeight;
  }).observe(list);
}

/** The game's glossary, asked once beside the connection: a board drawn before it comes is
 * drawn again with the texts. */
async function loadGlossary() {
  try {
    page.glossary = (await api(`/api/tables/${encodeURIComponent(tableId)}/glossary`)).glossary;
  } catch (err) {
    return;  // the tooltips keep the names and the texts the view gives
  }
  if (page.table && page.table.view) render();
}

// --- start -------------------------------------------------------------------------------
watchLog();
loadGlossary();
// asked at once, beside the connection: the board is loaded as soon as the view names its game
page.boards = api("/api/boards").then((answer) => answer.boards, () => []);
page.token = readToken();
$("hint").addEventListener("click", askHint);
page.table = openTable(tableId, page.token, listener);
