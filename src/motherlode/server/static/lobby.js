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
function quickButtons() {
  const buttons = games.map((game) => {
    const button = h("button", { type: "button", class: "quick", "data-game": game.game,
      title: game.summary },
      h("span", { class: "label" }, `Play ${game.title} against bots`),
      h("span", { class: "text" },
        `${game.default_players} players: you and ${game.default_players - 1} ` +
        `${game.strongest_bot} bot${game.default_players > 2 ? "s" : ""}`));
    button.addEventListener("click", () => playNow(game, button));
    return button;
  });
  fill($("quick-games"), buttons);
}

async function playNow(game, button) {
  button.disabled = true;
  showError(null);
  try {
    const table = await api("/api/tables", { game: game.game });
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
  return h("li", {}, h("strong", {}, title), " ", h("a", { href: url, class: "link" }, url), " ",
    copy, note ? h("small", { class: "muted" }, ` ${note}`) : null);
}

function showMade(table) {
  const rows = table.seats.map((seat) => seat.kind === "human"
    ? linkRow(`seat ${seat.seat}:`, seat.join, "whoever has this link has the seat")
    : h("li", {}, h("strong", {}, `seat ${seat.seat}:`), ` bot ${seat.bot}`));
  rows.push(linkRow("watch:", table.spectate, "for spectators: shows no hand"));
  fill($("made"), h("h3", {}, `${table.title}: table ${table.id}`),
    h("p", {}, "Send each person their seat's link (it is shown only now). ",
      "Open yours to sit down."),
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
  const head = h("tr", {}, ["game", "players", "seats", "moves", "to move", ""].map(
    (title) => h("th", {}, title)));
  const rows = tables.slice().reverse().map((table) => h("tr", { "data-table": table.id },
    h("td", {}, table.title),
    h("td", {}, table.players),
    h("td", {}, table.seats.map(seatText).join(", ")),
    h("td", {}, table.version),
    h("td", {}, table.current_player === null ? "—" : `seat ${table.current_player}`),
    h("td", {}, h("a", { href: `/tables/${encodeURIComponent(table.id)}#watch` }, "watch"))));
  fill($("open-tables"), h("table", { class: "records" }, h("thead", {}, head),
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
