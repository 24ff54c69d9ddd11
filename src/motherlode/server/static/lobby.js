// The lobby: one click to play a game against bots, a form to make a table (the join link of
// each human seat and the spectator link), the open tables, the player's name.
import { api, ApiError, fill, h, playerName, setPlayerName } from "./common.js";

const $ = (id) => document.getElementById(id);
let games = [];

function showError(err) {
  const box = $("lobby-error");
  if (!err) {
    box.hidden = true;
    return;
  }
  fill(box, err instanceof ApiError ? err.message : String(err));
  box.hidden = false;
}

function greet() {
  const name = playerName();
  fill($("greeting"), name ? `Welcome, ${name}. Your name stays in this browser.` :
    "Give a name if you like: it stays in this browser.");
}

// --- play now ------------------------------------------------------------------------------
/** How each game plays, in one sentence for the lobby (the game's own summary says it all,
 * folded below). */
const SENTENCES = {
  digitup: "Call out a dig site and roll: its pickaxe moves along and you take the tile it " +
    "lands on. Collect sets of treasure and fulfil your secret mission.",
  paydirt: "Bid for claims, machines and specialists, then set your workers on the excavator, " +
    "loader and wash plant to turn ore into gold before winter.",
  payday: "Roll through a month of days: pay the bills in the mail, buy bargains, sell them " +
    "to buyers and end with the most cash.",
  saboteur: "Dig a maze of paths toward the hidden gold while a secret saboteur blocks the " +
    "way: three rounds, and the gold is shared out.",
};

const SVG = "http://www.w3.org/2000/svg";
/** Okabe-Ito colours for the pictures. */
const INK = ["#e69f00", "#56b4e9", "#009e73", "#f0e442", "#0072b2", "#d55e00", "#cc79a7"];

function shape(tag, attrs) {
  const element = document.createElementNS(SVG, tag);
  for (const [key, value] of Object.entries(attrs)) element.setAttribute(key, String(value));
  return element;
}

/** A small picture of each game's board (our own shapes, 160 x 64). */
const PICTURES = {
  digitup: () => {  // dig sites in rows: a label, then tiles, a pickaxe
    const parts = [shape("rect", { width: 160, height: 64, rx: 6, fill: "#e2cfa4" })];
    for (let row = 0; row < 3; row++) {
      parts.push(shape("rect", { x: 6, y: 6 + row * 19, width: 20, height: 16, rx: 2, fill: "#8a5a2b" }));
      for (let i = 0; i < 7; i++) {
        if ((row + i) % 4 === 2) continue;  // dug
        parts.push(shape("rect", { x: 30 + i * 18, y: 6 + row * 19, width: 16, height: 16, rx: 2,
          fill: INK[(row * 3 + i) % INK.length], stroke: "#1d1d1f" }));
      }
    }
    return parts;
  },
  paydirt: () => {  // a claim's ore, then excavator -> loader -> wash plant
    const parts = [shape("rect", { width: 160, height: 64, rx: 6, fill: "#eef1f4" })];
    ["#56b4e9", "#0072b2", "#f0e442"].forEach((fill, i) =>
      parts.push(shape("circle", { cx: 12, cy: 14 + i * 18, r: 6, fill, stroke: "#1d1d1f" })));
    for (let i = 0; i < 3; i++) {
      parts.push(shape("rect", { x: 28 + i * 44, y: 16, width: 36, height: 32, rx: 4,
        fill: "#fff", stroke: "#1d1d1f" }));
      if (i < 2) parts.push(shape("path", { d: `M${66 + i * 44} 32 h6`, stroke: "#1d1d1f", "stroke-width": 2 }));
    }
    parts.push(shape("circle", { cx: 46, cy: 32, r: 6, fill: "#0072b2", stroke: "#1d1d1f" }));
    parts.push(shape("rect", { x: 144, y: 24, width: 12, height: 16, rx: 2, fill: "#e69f00", stroke: "#1d1d1f" }));
    return parts;
  },
  payday: () => {  // a month as a calendar with players' tokens
    const parts = [shape("rect", { width: 160, height: 64, rx: 6, fill: "#fdf6e3" })];
    for (let day = 0; day < 21; day++) {
      parts.push(shape("rect", { x: 6 + (day % 7) * 21.5, y: 5 + Math.floor(day / 7) * 19.5,
        width: 19, height: 17, rx: 2, fill: day % 3 === 1 ? "#f0e442" : "#fff", stroke: "#9a8a5a" }));
    }
    [[2, "#d55e00"], [9, "#0072b2"], [15, "#009e73"]].forEach(([day, fill]) =>
      parts.push(shape("circle", { cx: 15.5 + (day % 7) * 21.5, cy: 13.5 + Math.floor(day / 7) * 19.5,
        r: 5, fill, stroke: "#1d1d1f" })));
    return parts;
  },
  saboteur: () => {  // a maze of path cards from the start to the goals
    const parts = [shape("rect", { width: 160, height: 64, rx: 6, fill: "#2b2520" })];
    for (let i = 0; i < 5; i++) {
      parts.push(shape("rect", { x: 8 + i * 20, y: 24, width: 18, height: 16, rx: 2, fill: "#5a4a3a" }));
    }
    parts.push(shape("path", { d: "M8 32 H106 M48 32 V12 H66", stroke: "#e8d9b0", "stroke-width": 4, fill: "none" }));
    [10, 26, 42].forEach((y) => parts.push(shape("rect", { x: 136, y, width: 16, height: 14, rx: 2,
      fill: "#1d1d1f", stroke: "#e69f00", "stroke-width": 2 })));
    return parts;
  },
};

function picture(game) {
  const draw = PICTURES[game.game];
  if (!draw) return null;
  const svg = shape("svg", { viewBox: "0 0 160 64", class: "game-picture", role: "img",
    "aria-label": `${game.title}: a picture of its board` });
  svg.append(...draw());
  return svg;
}

/** The one-click tables: each game at its default, and Saboteur's base edition too. */
function quickTables() {
  const quick = [];
  for (const game of games) {
    quick.push({ game, options: {}, title: game.title, key: game.game,
      players: `${game.min_players}-${game.max_players} players` });
    const edition = game.options.find((option) => option.name === "edition");
    if (game.game === "saboteur" && edition && (edition.choices || []).includes("base")) {
      // the base game is titled "Saboteur" and seats 3-10 (the edition option's own words)
      quick.push({ game, options: { edition: "base" }, title: "Saboteur (base edition)",
        key: "saboteur-base", players: "3-10 players" });
    }
  }
  return quick;
}

function quickButtons() {
  const cards = quickTables().map((quick) => {
    const game = quick.game;
    const button = h("button", { type: "button", class: "quick", "data-game": quick.key },
      h("span", { class: "label" }, `Play ${quick.title} against bots now`),
      h("span", { class: "text" },
        `${game.default_players} players: you and ${game.default_players - 1} ` +
        `${game.strongest_bot} bot${game.default_players > 2 ? "s" : ""}`));
    button.addEventListener("click", () => playNow(quick, button));
    return h("article", { class: "game-card", "data-game": quick.key },
      picture(game),
      h("h3", {}, quick.title),
      h("p", { class: "players muted" }, quick.players),
      h("p", { class: "sentence" }, SENTENCES[game.game] || ""),
      h("details", { class: "summary" }, h("summary", {}, "How it plays, in full"),
        h("p", {}, game.summary)),
      button);
  });
  fill($("quick-games"), cards);
}

async function playNow(quick, button) {
  button.disabled = true;
  showError(null);
  try {
    const table = await api("/api/tables", { game: quick.game.game, options: quick.options });
    const seat = table.seats.find((s) => s.kind === "human");
    location.assign(seat.join);
  } catch (err) {
    showError(err);
    button.disabled = false;
  }
}

// --- make a table --------------------------------------------------------------------------
function selectedGame() {
  return games.find((g) => g.game === $("make-game").value) || games[0];
}

function gameChanged() {
  const game = selectedGame();
  const players = $("make-players");
  players.min = game.min_players;
  players.max = game.max_players;
  players.value = game.default_players;
  fill($("make-options"), h("legend", {}, "Options"),
    game.options.length ? game.options.map(optionField) : h("p", { class: "muted" }, "none"));
  seatsChanged();
}

function optionField(option) {
  const id = `option-${option.name}`;
  let input;
  if (option.kind === "bool") {
    input = h("input", { id, type: "checkbox", "data-option": option.name,
      "data-kind": option.kind, checked: Boolean(option.default) });
  } else if (option.choices) {
    input = h("select", { id, "data-option": option.name, "data-kind": option.kind },
      option.choices.map((choice) => h("option", { value: String(choice),
        selected: choice === option.default }, String(choice))));
  } else if (option.kind === "int") {
    input = h("input", { id, type: "number", "data-option": option.name, "data-kind": "int",
      min: option.minimum, max: option.maximum, value: String(option.default) });
  } else {
    input = h("input", { id, "data-option": option.name, "data-kind": option.kind,
      value: String(option.default ?? "") });
  }
  return h("div", { class: "row", title: option.help },
    h("label", { for: id }, option.name.replace(/_/g, " ")), input,
    h("small", { class: "muted" }, option.help));
}

function seatsChanged() {
  const game = selectedGame();
  const count = Math.max(game.min_players,
    Math.min(game.max_players, Number($("make-players").value) || game.default_players));
  const rows = [];
  for (let seat = 0; seat < count; seat++) {
    const id = `seat-${seat}`;
    const choices = [h("option", { value: "", selected: seat === 0 }, "a person")];
    for (const bot of game.bots) {
      choices.push(h("option", { value: bot, selected: seat > 0 && bot === game.strongest_bot },
        `bot: ${bot}`));
    }
    rows.push(h("div", { class: "row" }, h("label", { for: id }, `seat ${seat}`),
      h("select", { id, "data-seat": seat }, choices)));
  }
  fill($("make-seats"), h("legend", {}, "Seats"), rows);
}

function formSettings() {
  const game = selectedGame();
  const options = {};
  for (const input of $("make-options").querySelectorAll("[data-option]")) {
    const kind = input.dataset.kind;
    if (kind === "bool") options[input.dataset.option] = input.checked;
    else if (kind === "int") options[input.dataset.option] = Number.parseInt(input.value, 10);
    else options[input.dataset.option] = input.value;
  }
  const seats = [...$("make-seats").querySelectorAll("[data-seat]")].map((select) =>
    select.value ? { bot: select.value } : { human: true });
  return { game: game.game, players: seats.length, options, seats };
}

async function makeTable(event) {
  event.preventDefault();
  showError(null);
  const submit = $("make-submit");
  submit.disabled = true;
  try {
    showMade(await api("/api/tables", formSettings()));
    refreshTables();
  } catch (err) {
    showError(err);
  } finally {
    submit.disabled = false;
  }
}

function linkRow(title, url, note) {
  const copy = h("button", { type: "button", class: "copy" }, "copy");
  copy.addEventListener("click", async () => {
    try {
      await navigator.clipboard.writeText(url);
      fill(copy, "copied");
    } catch (err) {
      fill(copy, "select the link to copy it");
    }
  });
  // a new tab: the friends' links stay here, on screen, to be copied
  return h("li", {}, h("strong", {}, title), " ",
    h("a", { href: url, class: "link", target: "_blank", rel: "noopener" }, url), " ",
    copy, note ? h("small", { class: "muted" }, ` ${note}`) : null);
}

function showMade(table) {
  const rows = table.seats.map((seat) => seat.kind === "human"
    ? linkRow(`seat ${seat.seat}:`, seat.join, "whoever has this link has the seat")
    : h("li", {}, h("strong", {}, `seat ${seat.seat}:`), ` bot ${seat.bot}`));
  rows.push(linkRow("watch:", table.spectate, "for spectators: shows no hand"));
  fill($("made"), h("h3", {}, `${table.title}: table ${table.id}`),
    h("p", {}, "Send each person their seat's link with its copy button (the links are shown ",
      "only here: keep this page open until everyone has theirs). Open yours, in a new tab, ",
      "to sit down."),
    h("ul", { class: "links" }, rows));
  $("made").hidden = false;
}

// --- open tables ---------------------------------------------------------------------------
function seatText(seat) {
  if (seat.kind === "bot") return `${seat.seat}: bot ${seat.bot}`;
  return `${seat.seat}: person${seat.connected ? " (here)" : ""}`;
}

async function refreshTables() {
  let tables;
  try {
    tables = (await api("/api/tables")).tables;
  } catch (err) {
    fill($("open-tables"), h("p", { class: "muted" }, "The tables could not be listed."));
    return;
  }
  if (!tables.length) {
    fill($("open-tables"), h("p", { class: "muted" }, "No table is being played."));
    return;
  }
  const columns = ["game", "players", "seats", "moves", "to move", "watch"];
  const head = h("tr", {}, columns.map((title) => h("th", { scope: "col" }, title)));
  // each cell says its column (data-label): on a phone a row is drawn as a card
  const cell = (column, ...children) => h("td", { "data-label": column }, ...children);
  const rows = tables.slice().reverse().map((table) => h("tr", { "data-table": table.id },
    cell("game", table.title),
    cell("players", table.players),
    cell("seats", table.seats.map(seatText).join(", ")),
    cell("moves", table.version),
    cell("to move", table.current_player === null ? "—" : `seat ${table.current_player}`),
    cell("watch", h("a", { href: `/tables/${encodeURIComponent(table.id)}#watch` }, "watch"))));
  fill($("open-tables"), h("table", { class: "records open-tables" }, h("thead", {}, head),
    h("tbody", {}, rows)));
}

// --- start ---------------------------------------------------------------------------------
async function start() {
  const name = $("name");
  name.value = playerName();
  name.addEventListener("input", () => {
    setPlayerName(name.value);
    greet();
  });
  greet();
  $("make-game").addEventListener("change", gameChanged);
  $("make-players").addEventListener("input", seatsChanged);
  $("make-form").addEventListener("submit", makeTable);
  try {
    games = (await api("/api/games")).games;
  } catch (err) {
    showError(err);
    return;
  }
  fill($("make-game"), games.map((game) => h("option", { value: game.game }, game.title)));
  quickButtons();
  gameChanged();
  refreshTables();
  setInterval(refreshTables, 5000);
  document.body.dataset.ready = "1";
}

start();
