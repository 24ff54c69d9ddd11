// Pay Day as its box looks: the month as a calendar (START, days 1-31 under their weekdays,
// PAY DAY) with every player's token, the Jackpot, the dice, the decks, the Yard Sale's card
// face down, the Lottery's numbers, the Bargain drawn or auctioned, the Mail, the sale under
// way, and each player's cash, loan, Bargains, Markups, Insurance, Bills and Event cards.
//
// Moves by hand: the dice to roll, a day to move to, a number to pick in the Lottery, a card to
// buy, auction, keep, sell, play or discard, a slider and a field for a bid. Everything else
// the decision offers is in the board's tray. Drawn from the view and the decision only
// (CONTRACTS.md §2).
import { justActed, keepScroll, SEAT_COLOURS, seatToken, showRefusal, targets } from "../boardkit.js";

const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];
/** An icon for each kind of space (the second cue beside its colour). */
const ICONS = {
  start: "▶", mail: "✉", bargain: "%", event: "!", buyer: "$", lottery: "⚄",
  happy_birthday: "★", yard_sale: "⌂", daylight_savings: "☀", pay_day: "$$",
};
const DIE_FACES = { buyer: "Buyer", bargain: "Bargain", plus_three: "+3", reroll: "Reroll" };

export function drawBoard(root, ctx) {
  const t = targets(ctx);
  keepScroll(root, () => {
    const tray = ctx.h("div", { class: "pt-tray", role: "group", "aria-label": "Your moves" });
    ctx.fill(root,
      status(ctx, t),
      tray,
      ctx.h("div", { class: "pt-main" }, calendar(ctx, t),
        ctx.h("div", { class: "pt-side" }, lottery(ctx, t), drawn(ctx, t), mail(ctx, t),
          sale(ctx, t), played(ctx, t), known(ctx))),
      players(ctx, t));
    const rest = t.tray();
    // the prompt is the page's (its turn line); the tray holds the moves no piece stands for
    if (rest.length) ctx.append(tray, rest);
    else tray.remove();
    // the decision is beside the month (the Lottery, a Bargain, the Mail, a sale), not on it:
    // on a phone that panel comes before the month (payday.css)
    root.classList.toggle("deciding-side",
      Boolean(root.querySelector(".pt-side [data-action], .pt-side .board-range")) &&
      !root.querySelector(".pt-calendar [data-action]"));
    showRefusal(ctx, root, root);
  });
}

function cardOf(ctx, id) {
  return (ctx.view.cards && ctx.view.cards[id]) || null;
}

/** A card face up (its label and numbers; its name and text on hover, tap and focus), or its
 * back when the seat may not see it (`id` null). */
function card(ctx, t, id, keys = []) {
  const { h } = ctx;
  const c = id ? cardOf(ctx, id) : null;
  if (!c) {
    const back = h("div", { class: "pt-card back" }, h("span", {}, "Pay Day"),
      h("span", { class: "muted" }, "face down"));
    ctx.tip(back, "A card face down", "only its drawer sees it");
    return t.lit(back, keys);
  }
  const numbers = [];
  if (c.cost) numbers.push(`cost ${ctx.money(c.cost, "$")}`);
  if (c.resale) numbers.push(`resale ${ctx.money(c.resale, "$")}`);
  if (c.min_bid) numbers.push(`min bid ${ctx.money(c.min_bid, "$")}`);
  const el = h("div", { class: `pt-card deck-${c.deck} kind-${c.kind}`, "data-card": id },
    h("span", { class: "card-deck" }, c.deck),
    h("strong", {}, c.label),
    numbers.length ? h("span", { class: "card-numbers" }, numbers.join(" · ")) : null);
  ctx.tip(el, c.name, c.text);
  return t.lit(el, [...keys, `buy:${id}`, `auction:${id}`, `keep:${id}`, `discard:${id}`,
    `sell:${id}`, `play:${id}`, `hit:${id}`, `not:${id}`]);
}

// --- the table: whose turn, the Jackpot, the dice, the decks ------------------------------
function status(ctx, t) {
  const { h, view } = ctx;
  const jackpot = h("div", { class: "pt-jackpot" }, h("span", { class: "pot" }, "Jackpot"),
    h("strong", {}, ctx.money(view.jackpot, "$")));
  ctx.tip(jackpot, "Jackpot", [`${ctx.money(view.jackpot, "$")} in the middle of the board`,
    term(ctx, "Jackpot")].filter(Boolean).join(". "));
  const dice = h("div", { class: "pt-dice" },
    die(ctx, view.roll ? String(view.roll) : "–", "The numbered die",
      view.roll ? `rolled ${view.roll}` : "not rolled yet this turn"),
    view.die ? die(ctx, DIE_FACES[view.die] || view.die, "The PAY DAY die",
      `shows ${DIE_FACES[view.die] || view.die}` +
      (view.die_to_do ? `; its ${DIE_FACES[view.die_to_do] || view.die_to_do} is still to do` : "") +
      (term(ctx, "PAY DAY die") ? `. ${term(ctx, "PAY DAY die")}` : "")
    , "payday-die") : null,
    view.extra_steps ? h("span", { class: "badge" }, `up to ${view.extra_steps} more`) : null);
  t.lit(dice, ["roll:roll", "roll:roll both", "reroll:reroll", "reroll:keep roll"]);
  t.litVerbs(dice, ["order"]);
  const decks = h("div", { class: "pt-decks" },
    deck(ctx, "Bargain", view.decks.bargain, view.discards.bargain.length),
    deck(ctx, "Mail", view.decks.mail, view.discards.mail.length),
    deck(ctx, "Event", view.decks.event, view.discards.event.length));
  const yard = h("div", { class: `pt-yard${view.yard_sale ? "" : " empty"}` }, "Yard Sale: ",
    view.yard_sale ? "a Bargain face down" : "none");
  ctx.tip(yard, "Yard Sale", (view.yard_sale
    ? "a Bargain lies face down under the Yard Sale space" : "no card under the Yard Sale space") +
    (term(ctx, "yard_sale") ? `. ${term(ctx, "yard_sale")}` : ""));
  return h("div", { class: "pt-status" },
    view.current_player === null || view.current_player === undefined
      ? h("span", {}, `${view.months} month${view.months === 1 ? "" : "s"} played`)
      : h("span", {}, "Turn of ", seatToken(ctx, view.turn), ` ${ctx.names[view.turn] || ""}`,
        ` · ${view.months} month${view.months === 1 ? "" : "s"} to play`),
    jackpot, dice, decks, yard);
}

function die(ctx, face, title, text, extra = "") {
  const el = ctx.h("span", { class: `pt-die ${extra}`.trim() }, face);
  ctx.tip(el, title, text);
  return el;
}

function deck(ctx, name, size, discarded) {
  const el = ctx.h("span", { class: `pt-deck deck-${name.toLowerCase()}` },
    ctx.h("strong", {}, String(size)), ` ${name}`);
  ctx.tip(el, `${name} deck`, `${size} cards face down; ${discarded} discarded`);
  return el;
}

// --- the month -----------------------------------------------------------------------------
/** The day a `move` option lands on, as its label says it ("3 spaces: day 6 (Lottery)"). */
function moveTargets(ctx) {
  const out = new Map();
  for (const group of ctx.decision ? ctx.decision.groups : []) {
    if (group.kind !== "choice" || group.verb !== "move") continue;
    for (const option of group.options) {
      const day = /PAY DAY/.test(option.label) ? 32 : Number((/day (\d+)/.exec(option.label) || [])[1]);
      if (!Number.isNaN(day)) {
        if (!out.has(day)) out.set(day, []);
        out.get(day).push(`move:${option.name}`);
      }
    }
  }
  return out;
}

/** What a square does, from the game's glossary (rules/payday `space_glossary`): by its kind,
 * a Mail square by its label (`Mail 2`). */
function spaceText(ctx, space) {
  return (space.kind === "mail" && term(ctx, `Mail ${space.mail}`)) || term(ctx, space.kind);
}

/** A word of the game's glossary (`Jackpot`, `loan`, `yard_sale`), else "". */
function term(ctx, word) {
  return (ctx.glossary && ctx.glossary[word]) || "";
}

function calendar(ctx, t) {
  const { h, view } = ctx;
  const moves = moveTargets(ctx);
  const moved = justActed(ctx).days;
  const cells = [];
  const first = WEEKDAYS.indexOf(view.board[0].weekday);
  for (let i = 0; i < first; i++) cells.push(h("div", { class: "pt-day blank" }));
  for (const space of view.board) {
    const here = view.seats.map((s, seat) => (s.day === space.day ? seat : null))
      .filter((s) => s !== null);
    const icon = ICONS[space.kind] || "•";
    const cell = h("div", { class: `pt-day kind-${space.kind}`, "data-day": space.day },
      h("span", { class: "day-number" }, space.kind === "pay_day" ? "" : String(space.day)),
      h("span", { class: "day-icon", "aria-hidden": "true" },
        space.kind === "mail" ? `${icon}${space.mail}` : icon),
      h("span", { class: "day-label" }, space.label),
      here.length ? h("span", { class: "tokens" }, here.map((s) => seatToken(ctx, s,
        moved.get(s) === space.day && s !== ctx.seat ? "just" : ""))) : null);
    ctx.tip(cell, space.kind === "pay_day" ? "PAY DAY" : `Day ${space.day}: ${space.label}`,
      [spaceText(ctx, space) || (space.kind === "mail" ? `draw ${space.mail} Mail card(s)` : ""),
        space.weekday,
        here.length ? `here: ${here.map((s) => ctx.names[s] || `seat ${s}`).join(", ")}` : ""]
        .filter(Boolean).join(" · "));
    cells.push(t.lit(cell, moves.get(space.day) || []));
  }
  const kinds = [...new Map(view.board.map((s) => [s.kind, s])).values()];
  return h("section", { class: "pt-calendar", "aria-label": "The month" },
    h("div", { class: "pt-weekdays", "aria-hidden": "true" },
      WEEKDAYS.map((d) => h("span", {}, d.slice(0, 3)))),
    h("div", { class: "pt-grid" }, cells),
    h("p", { class: "pt-legend" }, kinds.map((s) => h("span", { class: `kind-${s.kind}` },
      `${ICONS[s.kind] || "•"} ${s.kind === "mail" ? "Mail" : s.label}`))));
}

// --- the Lottery, the Bargain drawn, the Mail, a sale --------------------------------------
function lottery(ctx, t) {
  const { h, view } = ctx;
  const lot = view.lottery;
  const picking = t.offers("pick:1") || t.offers("pick:6");
  if (!lot && !picking) return null;
  const numbers = [1, 2, 3, 4, 5, 6].map((n) => {
    const holders = lot ? lot.numbers.map((x, s) => (x === n ? s : null)).filter((s) => s !== null)
      : [];
    const el = h("div", { class: "pt-number" }, h("strong", {}, String(n)),
      holders.length ? h("span", { class: "tokens" }, holders.map((s) => seatToken(ctx, s))) : null);
    ctx.tip(el, `Number ${n}`, holders.length
      ? `picked by ${holders.map((s) => ctx.names[s] || `seat ${s}`).join(", ")}` : "nobody's yet");
    return t.lit(el, [`pick:${n}`]);
  });
  const stakes = lot ? lot.in.map((s) => [seatToken(ctx, s),
    ` ${ctx.money(lot.stakes[s], "$")} `]) : [];
  const collecting = view.phase === "collect";
  return t.litVerbs(h("section", { class: "pt-lottery", "aria-label": "The Lottery" },
    h("h3", {}, "Lottery", lot ? ` · pot ${ctx.money(lot.pot, "$")}` : ""),
    collecting ? collectWindow(ctx) : null,
    h("div", { class: "pt-numbers" }, numbers),
    stakes.length ? h("p", {}, "In: ", stakes) : null),
  collecting ? ["stay", "double", "drop", "pass"] : ["stay", "double", "drop"]);
}

/** Whom a seat is called in words: "you" for this page's seat, else its name or "seat N". */
function who(ctx, seat) {
  return seat === ctx.seat ? "you" : ctx.names[seat] || `seat ${seat}`;
}

/** A seat's, in words: "your" for this page's seat, else "Ann's". */
function whose(ctx, seat) {
  return seat === ctx.seat ? "your" : `${who(ctx, seat)}'s`;
}

/** The seats asked now, as tokens and names ("Asked now: (3) seat 3"). */
function askedNow(ctx) {
  const { h, view } = ctx;
  const asking = view.asking || [];
  if (!asking.length) return null;
  return h("p", { class: "pt-asking" }, "Asked now: ",
    asking.map((s, i) => [i ? ", " : "", seatToken(ctx, s), ` ${who(ctx, s)}`]));
}

/** The window before a Lottery's stakes (phase `collect`): who landed, what may be played. */
function collectWindow(ctx) {
  const { h, view } = ctx;
  const asked = (view.asking || []).includes(ctx.seat);
  return h("div", { class: "pt-window" },
    h("p", {}, seatToken(ctx, view.turn), ` ${capitalise(who(ctx, view.turn))} landed on the Lottery. `,
      "Before the stakes are asked, a player holding a collect-from-each card may play it ",
      "(nobody may take a loan for the Lottery, so a player it leaves short of the stake stays out)."),
    askedNow(ctx),
    asked ? h("p", { class: "pt-yours" }, "You hold such a card: play it from your hand below, " +
      "or pass and the stakes are asked.") : null);
}

function drawn(ctx, t) {
  const { h, view } = ctx;
  const b = view.bargain;
  if (!b) return null;
  const a = b.auction;
  const parts = [h("p", {}, seatToken(ctx, b.drawer), ` ${ctx.names[b.drawer] || ""} drew`,
    b.min_bid ? ` (minimum bid ${ctx.money(b.min_bid, "$")})` : "")];
  parts.push(h("div", { class: "pt-cards" }, b.cards.map((id) => card(ctx, t, id))));
  if (a) {
    parts.push(h("p", { class: "bid-line" }, a.high
      ? [h("strong", {}, `High bid ${ctx.money(a.high, "$")}`), " by ", seatToken(ctx, a.high_bidder)]
      : `No bid yet${a.min_bid ? `; minimum ${ctx.money(a.min_bid, "$")}` : ""}`,
    a.bidders.length ? [" · still bidding: ", a.bidders.map((s) => seatToken(ctx, s))] : ""));
  }
  parts.push(t.range("bid"));
  return t.litVerbs(h("section", { class: "pt-drawn", "aria-label": "The Bargain" },
    h("h3", {}, a ? "Auction" : "Bargain"), parts), ["announce", "pass"]);
}

function mail(ctx, t) {
  const { h, view } = ctx;
  if (!view.mail_offer || !view.mail_offer.length) return null;
  return h("section", { class: "pt-mail", "aria-label": "Mail" }, h("h3", {}, "Mail"),
    h("div", { class: "pt-cards" }, view.mail_offer.map((id) => card(ctx, t, id))));
}

function sale(ctx, t) {
  const { h, view } = ctx;
  const s = view.sale;
  if (!s) return null;
  return t.litVerbs(h("section", { class: "pt-sale", "aria-label": "A sale" },
    h("h3", {}, "A sale"),
    h("p", {}, seatToken(ctx, s.seller), ` ${ctx.names[s.seller] || ""} sells`),
    h("div", { class: "pt-cards" }, card(ctx, t, s.bargain),
      s.markup ? card(ctx, t, s.markup) : null,
      s.hits.map((hit) => h("div", { class: "pt-hit" }, card(ctx, t, hit.card),
        h("span", { class: "muted" }, `played by ${who(ctx, hit.seat)}`)))),
    s.not_today && s.not_today.length ? saleChain(ctx, s) : null), ["no", "not", "allow"]);
}

function label(ctx, id) {
  const c = cardOf(ctx, id);
  return c ? c.label : "a card";
}

/** A Not Today! chain over a sale's Market Hits: each card in order, what it cancels, and
 * what stands now with the price the sale pays as it stands. */
function saleChain(ctx, s) {
  const { h } = ctx;
  const hit = s.against ? s.hits.find((x) => x.card === s.against) : null;
  const target = hit ? `${whose(ctx, hit.seat)} ${label(ctx, hit.card)}`
    : `every Market Hit on ${whose(ctx, s.seller)} sale`;
  const cancelled = s.not_today.length % 2 === 1;
  const amount = (id) => (cardOf(ctx, id) || {}).amount || 0;
  const standing = s.hits.filter((x) => !(cancelled && (!hit || x.card === hit.card)));
  const price = Math.max(0, ((cardOf(ctx, s.bargain) || {}).resale || 0) +
    (s.markup ? (cardOf(ctx, s.markup) || {}).value || 0 : 0) -
    standing.reduce((sum, x) => sum + amount(x.card), 0));
  const plural = !hit && s.hits.length > 1;
  const verb = cancelled ? (plural ? "are cancelled" : "is cancelled")
    : (plural ? "stand again" : "stands again");
  return h("div", { class: "pt-window" },
    chainList(ctx, s.not_today, target),
    h("p", { class: "pt-stands" }, h("strong", {}, `Now: ${capitalise(target)} ${verb}`),
      `; the sale pays ${ctx.money(price, "$")} as it stands.`),
    askedNow(ctx), yoursToAnswer(ctx, s.not_today));
}

/** The Not Today! cards of a chain in order: the first cancels `target`, each next one the
 * Not Today! before it. */
function chainList(ctx, seats, target) {
  const { h } = ctx;
  return h("ol", { class: "pt-chain", "aria-label": "Not Today! cards played, in order" },
    seats.map((s, i) => h("li", {}, seatToken(ctx, s),
      ` ${capitalise(who(ctx, s))} ${s === ctx.seat ? "play" : "plays"} Not Today! on `,
      i ? `${whose(ctx, seats[i - 1])} Not Today!` : target)));
}

/** Why the seat asked now is asked: it holds a Not Today! and may cancel the last one. */
function yoursToAnswer(ctx, seats) {
  const { h, view } = ctx;
  if (!(view.asking || []).includes(ctx.seat) || !seats.length) return null;
  return h("p", { class: "pt-yours" }, "You hold a Not Today!: play it to cancel " +
    `${whose(ctx, seats[seats.length - 1])} Not Today! (a Not Today! is an Event card too), ` +
    "or allow it.");
}

function capitalise(text) {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function played(ctx, t) {
  const { h, view } = ctx;
  const p = view.played;
  if (!p) return null;
  const none = { lit: (el) => el };
  const chain = p.not_today || [];
  const target = `${whose(ctx, p.seat)} ${label(ctx, p.card)}`;
  return t.litVerbs(h("section", { class: "pt-played", "aria-label": "A card played" },
    h("h3", {}, "Played"),
    h("p", {}, seatToken(ctx, p.seat), ` ${ctx.names[p.seat] || ""} plays`),
    card(ctx, none, p.card),
    chain.length ? h("div", { class: "pt-window" }, chainList(ctx, chain, target),
      h("p", { class: "pt-stands" }, h("strong", {}, `Now: ${capitalise(target)} ` +
        (chain.length % 2 ? "is cancelled" : "stands again")),
      " (each Not Today! cancels the card before it)."),
      askedNow(ctx), yoursToAnswer(ctx, chain)) : null), ["not", "allow"]);
}

/** The cards this seat knows at the bottom of the Bargain pile (put back there in its sight). */
function known(ctx) {
  const { h, view } = ctx;
  const pile = view.known_bargain_pile || [];
  if (!pile.length) return null;
  const none = { lit: (el) => el };
  return h("section", { class: "pt-known", "aria-label": "Known at the bottom of the Bargain pile" },
    h("h3", {}, "Bottom of the Bargain pile (only you know)"),
    h("div", { class: "pt-cards" }, pile.map((k) => h("div", { class: "pt-known-card" },
      h("span", { class: "muted" }, k.from_bottom ? `${k.from_bottom + 1} from the bottom` : "the bottom card"),
      card(ctx, none, k.card),
      k.min_bid ? h("span", {}, `minimum bid ${ctx.money(k.min_bid, "$")}`) : null))));
}

// --- the players ---------------------------------------------------------------------------
function players(ctx, t) {
  const { h, view } = ctx;
  const seats = view.seats.map((_, s) => s);
  const mine = ctx.seat;
  const ordered = mine === null || mine === undefined ? seats
    : [mine, ...seats.filter((s) => s !== mine)];
  return h("div", { class: "pt-players" }, ordered.map((s) => player(ctx, t, s)));
}

function player(ctx, t, seat) {
  const { h, view } = ctx;
  const s = view.seats[seat];
  const me = seat === ctx.seat;
  const deciding = ctx.decision && ctx.decision.seat === seat;
  const where = s.finished ? "finished" : view.board[s.day] ? view.board[s.day].label : "";
  const owing = view.owing && view.owing.seat === seat ? view.owing : null;
  const loan = h("div", { class: "pt-loan" }, h("span", {}, "Loan "),
    h("strong", {}, ctx.money(s.loan, "$")),
    owing ? h("span", { class: "badge turn" }, `owes ${ctx.money(owing.amount, "$")}`) : null);
  ctx.tip(loan, "Loan", `${ctx.money(s.loan, "$")} owed to the bank` +
    (term(ctx, "loan") ? `. ${term(ctx, "loan")}` : ""));
  if (deciding) t.litVerbs(loan, ["take", "repay", "keep"].filter((v) => v !== "keep" ||
    t.offers("keep:keep loan")));
  const group = (title, ids) => (ids.length
    ? h("div", { class: "pt-hand" }, h("span", { class: "hand-title" }, title),
      h("div", { class: "pt-cards" }, ids.map((id) => card(ctx, deciding ? t : { lit: (el) => el }, id))))
    : null);
  const section = h("section", { class: `pt-player${me ? " mine" : ""}${view.current_player === seat ? " turn" : ""}`,
    "aria-label": `${ctx.names[seat] || `seat ${seat}`}` },
  h("div", { class: "pt-head" }, seatToken(ctx, seat), h("strong", {}, ctx.names[seat] || `seat ${seat}`),
    me ? h("span", { class: "badge" }, "you") : null,
    view.current_player === seat ? h("span", { class: "badge turn" }, "to play") : null,
    !me && justActed(ctx).seats.has(seat) ? h("span", { class: "badge just" }, "just moved") : null,
    h("span", { class: "pt-cash" }, ctx.money(s.cash, "$")),
    h("span", { class: "muted" }, `month ${Math.min(s.month + 1, view.months)} of ${view.months}` +
      (where ? ` · ${s.finished ? "finished" : `day ${s.day}: ${where}`}` : ""))),
  loan,
  group("Bargains", s.bargains), group("Markups", s.markups), group("Insurance", s.insurance),
  group("Bills", s.bills), group("Event cards", s.events));
  section.style.setProperty("--seat", SEAT_COLOURS[seat % SEAT_COLOURS.length]);
  return section;
}
