// The score sheet: the view's `score_sheet` (docs/protocol.md; CONTRACTS §1) drawn as a table,
// a row per seat with the parts that make its total, its place, the winners marked (with a
// star besides the colour), then the tie-breaks used and the notes, in words. A round's sheet
// shows (foldable) while the game goes on; the final one stays. A view without a sheet at the game's end
// (a game that does not give one yet) shows the bare final scores the server keeps.
import { fill, h, money } from "./common.js";

/** Draw `sheet` (or nothing: the box hides) into `box`; `names[seat]` names each seat. */
export function drawSheet(box, sheet, names) {
  if (!sheet) {
    box.hidden = true;
    fill(box);
    return;
  }
  const winners = new Set(sheet.winners || []);
  const head = h("tr", {}, h("th", { scope: "col" }, "Player"),
    sheet.columns.map((column) => h("th", { scope: "col", class: "num" }, column.label)),
    h("th", { scope: "col", class: "num total" }, sheet.total.label),
    h("th", { scope: "col" }, "Place"));
  const rows = sheet.rows.map((row) => h("tr",
    { class: winners.has(row.seat) ? "winner" : null, "data-seat": row.seat },
    h("th", { scope: "row" }, names[row.seat] || `seat ${row.seat}`),
    row.parts.map((part, i) => h("td", { class: "num" }, money(part, sheet.columns[i].unit))),
    h("td", { class: "num total" }, money(row.total, sheet.total.unit)),
    h("td", {}, placeText(row.place, winners.has(row.seat)))));
  const body = [
    h("div", { class: "sheet-scroll", tabindex: "0", role: "region",
      "aria-label": `${sheet.title}: the score sheet` },
    h("table", { class: "records sheet" }, h("thead", {}, head), h("tbody", {}, rows))),
    (sheet.tie_breaks || []).length ? h("h3", {}, "Tie-breaks") : null,
    (sheet.tie_breaks || []).map((text) => h("p", { class: "tie-break" }, text)),
    (sheet.notes || []).map((text) => h("p", { class: "note" }, text))];
  if (sheet.final) {
    fill(box, h("h2", {}, sheet.title), body);
  } else {
    // a round's sheet stays in the view while the next round is played: open when it is new,
    // then as the player left it
    const details = h("details", { class: "round-sheet", open: !folded.has(sheet.title) },
      h("summary", {}, h("strong", {}, sheet.title)), body);
    details.addEventListener("toggle", () => {
      if (details.open) folded.delete(sheet.title);
      else folded.add(sheet.title);
    });
    fill(box, details);
  }
  box.hidden = false;
  box.dataset.final = sheet.final ? "1" : "0";
}

/** The titles of the round sheets the player folded. */
const folded = new Set();

function placeText(place, wins) {
  if (wins) return "★ wins";
  if (place === null || place === undefined) return "";
  const suffix = place % 10 === 1 && place % 100 !== 11 ? "st"
    : place % 10 === 2 && place % 100 !== 12 ? "nd"
      : place % 10 === 3 && place % 100 !== 13 ? "rd" : "th";
  return `${place}${suffix}`;
}

/** The bare final scores (`GET /api/tables/{id}/scores`) as a sheet with no parts. */
export function bareSheet(result) {
  const order = [...result.scores.keys()].sort((a, b) => result.scores[b] - result.scores[a]);
  const place = new Map(order.map((seat, i) => [seat, i + 1]));
  return {
    title: "Final scores",
    final: true,
    columns: [],
    total: { label: "Score", unit: "" },
    rows: result.scores.map((score, seat) => ({ seat, parts: [], total: score,
      place: place.get(seat) })),
    tie_breaks: [],
    winners: result.winners,
    notes: ["This game does not say yet how its score is made up."],
  };
}
