// A replay's page: a game's steps as one seat (or the spectator) saw them, drawn with the same
// board modules as the table (static/boards/<game>.js) with no decision and no moves. The
// server computes each step (docs/protocol.md, "Replays and save files"):
//   /replay/{table}?seat=N&step=K  a table: finished, for anyone; being played, for the seat
//                                  whose token this tab keeps (it goes in X-Seat-Token)
//   /saves/{id}?seat=N&step=K      a save file opened on this server
//   /saves                         choose a save file to open
// The address always names the step shown, so it is the link to share (it holds no token).
import { api, capital, fill, h, append, money } from "./common.js";
import { drawPanels } from "./panels.js";
import { drawSheet } from "./scores.js";
import { tip } from "./tips.js";

const $ = (id) => document.getElementById(id);
const parts = location.pathname.split("/").filter(Boolean).map(decodeURIComponent);
const kind = parts[0] === "saves" ? "save" : "table";
const id = parts[1] || "";
const TOKEN_KEY = `motherlode.token.${id}`;

const page = {
  seat: null,
  step: null,        // null: the end
  answer: null,      // the server's last step
  info: null,        // a table's public facts
  boards: null,
  glossary: {},      // what each card, tile and space says (its glossary route)
  board: undefined,
  boardRoot: null,
  loading: 0,
};

function token() {
  if (kind !== "table") return null;
  try {
    return sessionStorage.getItem(TOKEN_KEY);
  } catch (err) {
    return null;
  }
}

function readAddress() {
  const query = new URLSearchParams(location.search);
  const seat = query.get("seat");
  page.seat = seat !== null && /^\d{1,2}$/.test(seat) ? Number(seat) : null;
  const step = query.get("step");
  page.step = step !== null && /^\d{1,6}$/.test(step) ? Number(step) : null;
}

function address(step = page.step, seat = page.seat) {
  const query = new URLSearchParams();
  if (seat !== null) query.set("seat", String(seat));
  if (step !== null) query.set("step", String(step));
  const text = query.toString();
  return `${location.pathname}${text ? `?${text}` : ""}`;
}

function showError(text) {
  $("error").hidden = !text;
  fill($("error"), text || "");
}

function setStatus(text) {
  fill($("status"), text);
}

// --- asking the server -----------------------------------------------------------------------
async function ask() {
  const query = new URLSearchParams();
  if (page.seat !== null) query.set("seat", String(page.seat));
  if (page.step !== null) query.set("step", String(page.step));
  const base = kind === "save" ? `/api/saves/${encodeURIComponent(id)}/replay`
    : `/api/tables/${encodeURIComponent(id)}/replay`;
  const headers = {};
  const seatToken = token();
  if (seatToken) headers["x-seat-token"] = seatToken;
  const asked = ++page.loading;
  document.body.dataset.state = "loading";
  let response;
  try {
    response = await fetch(`${base}?${query}`, { headers });
  } catch (err) {
    showError("The server does not answer.");
    return;
  }
  const answer = await response.json().catch(() => null);
  if (asked !== page.loading) return;  // a later step was asked meanwhile
  if (!response.ok) {
    const error = answer && answer.error;
    showError(error ? capital(error.message) : `The server answered ${response.status}.`);
    document.body.dataset.state = "refused";
    setStatus(error && error.code === "save/not-found"
      ? "Open the save file again: this server no longer keeps it." : "Nothing to show.");
    if (error && error.code === "save/not-found") $("open-save").hidden = false;
    return;
  }
  showError(null);
  page.answer = answer;
  page.seat = answer.seat;
  page.step = answer.step;
  history.replaceState(null, "", address());
  await draw();
}

// --- the board module (as the table page loads it) --------------------------------------------
async function loadBoard(game) {
  if (page.board !== undefined) return;
  try {
    const listed = await page.boards;
    if (!listed.includes(game)) {
      page.board = null;
      return;
    }
    const style = h("link", { rel: "stylesheet", href: `/static/boards/${game}.css` });
    const styled = new Promise((resolve) => {
      style.addEventListener("load", resolve);
      style.addEventListener("error", resolve);
    });
    document.head.append(style);
    [page.board] = await Promise.all([import(`./boards/${game}.js`), styled]);
  } catch (err) {
    page.board = null;
  }
}

function names(players) {
  return Array.from({ length: players }, (_, seat) => {
    const info = page.info && page.info.seats && page.info.seats[seat];
    if (info && info.name) return info.name;
    if (info && info.kind === "bot") return `Seat ${seat} (bot: ${info.bot})`;
    return `Seat ${seat}`;
  });
}

// --- drawing ---------------------------------------------------------------------------------
async function draw() {
  const answer = page.answer;
  const view = answer.view;
  await loadBoard(answer.game);
  const seatNames = names(answer.players);
  document.title = `${answer.title} replay — Motherlode`;
  fill($("title"), `· ${answer.title} · replay`);
  fill($("who"), answer.seat === null ? "Seen as a spectator sees it."
    : `Seen by ${seatNames[answer.seat]}: only what that seat saw.`);
  setStatus(`Step ${answer.step} of ${answer.steps}` +
    (answer.finished ? "" : " · the game goes on"));
  drawControls(answer, seatNames);
  if (page.board) {
    $("view").hidden = true;
    if (!page.boardRoot) {
      page.boardRoot = h("div", { class: `board board-${answer.game}`, tabindex: "-1" });
      $("board").append(page.boardRoot);
    }
    page.board.drawBoard(page.boardRoot, {
      view, seat: answer.seat, decision: null, act() {}, refusal: null, names: seatNames,
      lastEvents: [], glossary: page.glossary, h, fill, append, tip, money,
    });
  } else {
    $("view").hidden = false;
    drawPanels($("view"), view);
  }
  drawSheet($("scores"), view.score_sheet || null, seatNames);
  drawLog(view.log || [], seatNames, answer.seat);
  document.body.dataset.seat = answer.seat === null ? "spectator" : String(answer.seat);
  document.body.dataset.step = String(answer.step);
  document.body.dataset.steps = String(answer.steps);
  document.body.dataset.state = answer.step === answer.steps ? "end" : "step";
  document.body.dataset.drawn = "1";
}

function drawControls(answer, seatNames) {
  $("steps").hidden = false;
  $("first").disabled = answer.step === 0;
  $("back").disabled = answer.step === 0;
  $("forward").disabled = answer.step === answer.steps;
  $("last").disabled = answer.step === answer.steps;
  const range = $("step");
  range.max = String(answer.steps);
  range.value = String(answer.step);
  range.setAttribute("aria-valuetext", `step ${answer.step} of ${answer.steps}`);
  fill($("step-out"), `${answer.step} / ${answer.steps}`);
  const chapters = answer.chapters || [];
  let current = 0;
  chapters.forEach((chapter, i) => {
    if (chapter.step <= answer.step) current = i;
  });
  fill($("chapter"), chapters.map((chapter, i) => h("option",
    { value: String(chapter.step), selected: i === current ? "selected" : null },
    `${chapter.title} (step ${chapter.step})`)));
  const own = !answer.finished;
  const seats = own ? [answer.seat] : [null, ...Array.from({ length: answer.players }, (_, s) => s)];
  fill($("seat"), seats.map((seat) => h("option",
    { value: seat === null ? "" : String(seat), selected: seat === answer.seat ? "selected" : null },
    seat === null ? "The spectator" : seatNames[seat])));
  $("seat").disabled = own;
  const last = answer.last;
  fill($("last-move"), !last ? "The set-up: no move yet."
    : [h("strong", {}, `Step ${answer.step}: `), `${seatNames[last.seat]} `,
      last.action === null ? "moved (what is hidden from this seat stays hidden)."
        : ["chose ", h("em", {}, last.words || last.action), "."]]);
  const link = new URL(address(), location.origin).href;
  const share = $("share");
  share.href = link;
  fill(share, own ? "Link to this step (only this tab holds your seat)" : "Link to this step");
  if (kind === "table" && answer.finished) {
    fill($("save-line"), h("a", { href: `/api/tables/${encodeURIComponent(id)}/save`,
      download: `motherlode-${answer.game}-${id}.json` }, "Download the save file"),
    " (for ", h("code", {}, "motherlode replay"), ").");
  } else if (kind === "table") {
    fill($("save-line"), "The save file is offered once the game is over: it holds the seed " +
      "and every action, so every hidden card. ",
    h("a", { href: `/tables/${encodeURIComponent(id)}` }, "Back to the table"), ".");
  } else {
    fill($("save-line"), h("a", { href: "/saves" }, "Open another save file"), ".");
  }
}

function drawLog(events, seatNames, seat) {
  const list = $("log");
  fill(list, events.map((event) => {
    const who = event.seat === null || event.seat === undefined ? null : seatNames[event.seat];
    return h("li", { class: event.seat === seat && seat !== null ? "mine" : null },
      who ? h("span", { class: "seat" }, `${who}: `) : null, String(event.text ?? ""));
  }));
  list.scrollTop = list.scrollHeight;
}

// --- moving through the steps ---------------------------------------------------------------
function go(step) {
  if (!page.answer) return;
  page.step = Math.max(0, Math.min(page.answer.steps, step));
  ask();
}

function wire() {
  $("first").addEventListener("click", () => go(0));
  $("back").addEventListener("click", () => go(page.answer.step - 1));
  $("forward").addEventListener("click", () => go(page.answer.step + 1));
  $("last").addEventListener("click", () => go(page.answer.steps));
  $("step").addEventListener("change", (event) => go(Number(event.target.value)));
  $("chapter").addEventListener("change", (event) => go(Number(event.target.value)));
  $("seat").addEventListener("change", (event) => {
    page.seat = event.target.value === "" ? null : Number(event.target.value);
    page.step = page.answer ? page.answer.step : null;
    ask();
  });
  $("copy").addEventListener("click", async () => {
    try {
      await navigator.clipboard.writeText($("share").href);
      fill($("copied"), "Copied.");
    } catch (err) {
      fill($("copied"), "Select the link and copy it.");
    }
  });
  document.addEventListener("keydown", (event) => {
    const target = event.target;
    if (!page.answer || (target && /^(INPUT|SELECT|TEXTAREA)$/.test(target.tagName))) return;
    if (event.key === "ArrowRight") go(page.answer.step + 1);
    else if (event.key === "ArrowLeft") go(page.answer.step - 1);
    else if (event.key === "Home") go(0);
    else if (event.key === "End") go(page.answer.steps);
  });
  $("save-file").addEventListener("change", openSave);
}

async function openSave(event) {
  const file = event.target.files && event.target.files[0];
  if (!file) return;
  if (file.size > 256 * 1024) {
    showError("That file is larger than a save file can be (256 KB).");
    return;
  }
  const text = await file.text();
  let response;
  try {
    response = await fetch("/api/saves", { method: "POST",
      headers: { "content-type": "application/json" }, body: text });
  } catch (err) {
    showError("The server does not answer.");
    return;
  }
  const answer = await response.json().catch(() => null);
  if (!response.ok) {
    const error = answer && answer.error;
    showError(error ? capital(error.message) : `The server answered ${response.status}.`);
    return;
  }
  location.assign(answer.replay);
}

/** The game's glossary (what each card, tile and space says) for the board's tooltips. */
async function loadGlossary() {
  const base = kind === "save" ? "/api/saves" : "/api/tables";
  try {
    page.glossary = (await api(`${base}/${encodeURIComponent(id)}/glossary`)).glossary;
  } catch (err) {
    page.glossary = {};
  }
}

async function loadInfo() {
  if (kind !== "table") return;
  try {
    page.info = await api(`/api/tables/${encodeURIComponent(id)}`);
  } catch (err) {
    // the seats keep their numbers
  }
}

// --- start -------------------------------------------------------------------------------
wire();
readAddress();
if (!id) {
  $("open-save").hidden = false;
  document.body.dataset.state = "open";
  setStatus("Choose a save file.");
  fill($("title"), "· open a save file");
} else {
  page.boards = api("/api/boards").then((answer) => answer.boards, () => []);
  Promise.all([loadInfo(), loadGlossary()]).then(ask);
}
