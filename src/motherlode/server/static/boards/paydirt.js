// Pay Dirt as its box looks: the thermometer and the round, the auction display (equipment,
// specialists, claims) and the upgrade row, the tile on the block with its bids, the Events
// draft, and each player's board: claims with their ore face down (the type shows, the value
// never until it is washed or turned up), the excavator -> loader -> wash plant chain with the
// ore on its spaces and its wear, the repair wrenches, town (sell, buy), upgrades, specialists,
// event cards held and the workers placed.
//
// Moves by hand: click a tile to put it up or buy it, a bid on the slider or in the field, a
// machine or a wrench or town to place a worker, a claim's ore to load it, a space to pull ore
// onto it, an ore, a claim, a machine or a seat to answer a card. Everything else the decision
// offers is in the board's tray. Drawn from the view and the decision only (CONTRACTS.md §2).
import { justActed, keepScroll, SEAT_COLOURS, seatToken, showRefusal, targets } from "../boardkit.js";

const MACHINES = ["excavator", "loader", "wash_plant"];
const MACHINE_NAMES = { excavator: "Excavator", loader: "Loader", wash_plant: "Wash plant" };
const ORE = {
  poor: { letter: "P", name: "poor ore" },
  medium: { letter: "M", name: "medium ore" },
  rich: { letter: "R", name: "rich ore" },
};
const DISPLAYS = [["equipment", "Equipment"], ["specialist", "Specialists"], ["claim", "Claims"]];
const UPGRADE_KINDS = [["camp", "Camp upgrade"], ["claim", "Claim upgrade"]];

/** Card texts the decisions have shown, by tile or card id; the game's glossary (`ctx.glossary`,
 * the box's printed texts) gives the others: the view carries names only. */
const texts = new Map();

export function drawBoard(root, ctx) {
  learnTexts(ctx);
  const t = targets(ctx);
  keepScroll(root, () => {
    const tray = ctx.h("div", { class: "pd-tray", role: "group", "aria-label": "Your moves" });
    ctx.fill(root,
      top(ctx),
      tray,
      question(ctx, t),
      ctx.h("div", { class: "pd-table" }, auction(ctx, t), draft(ctx, t)),
      players(ctx, t));
    const rest = t.tray();
    // the prompt is the page's (its turn line); the tray holds the moves no piece stands for
    if (rest.length) ctx.append(tray, rest);
    else tray.remove();
    // the decision is on the auction or the draft: on a phone they come first (paydirt.css)
    root.classList.toggle("deciding-table",
      Boolean(root.querySelector(".pd-table [data-action], .pd-table .board-range")));
    showRefusal(ctx, root, root);
  });
}

/** Keep the card text of each option that names a tile or card of the view (its `names`). */
function learnTexts(ctx) {
  const names = ctx.view.names || {};
  for (const group of ctx.decision ? ctx.decision.groups : []) {
    for (const option of group.options || []) {
      if (option.text && option.name in names) texts.set(option.name, option.text);
    }
  }
}

function nameOf(ctx, id) {
  return (ctx.view.names && ctx.view.names[id]) || "a tile";
}

function textOf(ctx, id) {
  return texts.get(id) || termOf(ctx, id);
}

/** A word of the board in the glossary (`excavator`, `poor`, `sell`), else "". */
function termOf(ctx, word) {
  return (ctx.glossary && ctx.glossary[word]) || "";
}

// --- the round and the temperature ---------------------------------------------------------
function capital(text) {
  return text.slice(0, 1).toUpperCase() + text.slice(1);
}

function top(ctx) {
  const { h, view } = ctx;
  const stacks = view.stacks || {};
  return h("div", { class: "pd-top" },
    h("div", { class: "pd-round" }, h("strong", {}, `Round ${view.round}`),
      view.last_round ? h("span", { class: "badge last" }, "last round") : null,
      " · first player ", seatToken(ctx, view.first_player), ` ${ctx.names[view.first_player]}`),
    thermometer(ctx, view.temperature),
    h("div", { class: "pd-stacks" },
      pile(ctx, "Equipment", stacks.equipment, "equipment tiles face down"),
      pile(ctx, "Specialists", stacks.specialist, "specialist tiles face down"),
      pile(ctx, "Claims", stacks.claim, "claim tiles face down"),
      pile(ctx, "Upgrades", stacks.upgrade, stacks.upgrade_top
        ? `upgrade cards face down; the top one's back shows a ${stacks.upgrade_top} upgrade`
        : "upgrade cards face down"),
      pile(ctx, "Events", stacks.events, "event cards face down"),
      Object.keys(ORE).map((type, i) => pile(ctx, `${ORE[type].letter} ore`,
        (stacks.ore || [])[i], `${ORE[type].name} tiles face down in the supply`, type))));
}

function pile(ctx, title, count, text, ore = null) {
  const el = ctx.h("span", { class: `pd-pile${ore ? ` ore-${ore}` : ""}` },
    ctx.h("span", { class: "pile-count" }, String(count ?? 0)), ` ${title}`);
  ctx.tip(el, title, `${count ?? 0} ${text}`);
  return el;
}

function thermometer(ctx, temperature) {
  const { h } = ctx;
  const low = -6;
  const high = 16;
  const at = Math.max(low, Math.min(high, temperature));
  const fill = ((at - low) / (high - low)) * 100;
  const bar = h("div", { class: "pd-thermo", role: "img",
    "aria-label": `Temperature ${temperature} °C` },
  h("span", { class: "thermo-bulb" }),
  h("span", { class: "thermo-tube" }, h("span", { class: "thermo-fill" })),
  h("span", { class: "thermo-value" }, `${temperature > 0 ? "+" : ""}${temperature} °C`));
  bar.querySelector(".thermo-fill").style.width = `${fill}%`;
  bar.classList.toggle("cold", temperature <= 0);
  ctx.tip(bar, "Temperature", `${temperature} °C. When it reaches 0 °C or lower, the next ` +
    "round is the last.");
  return bar;
}

// --- a card's question ---------------------------------------------------------------------
function question(ctx, t) {
  const { h, view } = ctx;
  const choice = view.choice;
  if (!choice) return null;
  const card = h("div", { class: "pd-card event" }, h("strong", {}, nameOf(ctx, choice.card)),
    h("span", { class: "card-text" }, textOf(ctx, choice.card)));
  ctx.tip(card, nameOf(ctx, choice.card), textOf(ctx, choice.card));
  t.lit(card, ["choose:yes", "choose:no", "choose:pay"], true);
  return h("div", { class: "pd-question" },
    h("span", {}, seatToken(ctx, choice.seat), ` ${ctx.names[choice.seat]} answers `), card,
    h("span", { class: "muted" }, ` (${choice.step})`));
}

// --- the auction display -------------------------------------------------------------------
function tile(ctx, t, id, kind, keys = []) {
  const { h } = ctx;
  const el = h("div", { class: `pd-tile tile-${kind}`, "data-tile": id },
    h("span", { class: "tile-kind" }, kind), h("strong", { class: "tile-name" }, nameOf(ctx, id)),
    textOf(ctx, id) ? h("span", { class: "card-text" }, textOf(ctx, id)) : null);
  ctx.tip(el, nameOf(ctx, id), textOf(ctx, id) || `${kind} tile`);
  return t.lit(el, [`pick:${id}`, `buy:${id}`, `install:${id}`, `keep:${id}`,
    `choose:tile ${id}`, `choose:specialist ${id}`, `choose:upgrade ${id}`, `choose:claim ${id}`,
    ...keys]);
}

function auction(ctx, t) {
  const { h, view } = ctx;
  const displays = view.displays || {};
  const block = auctionBlock(ctx, t);
  const blocked = view.auction && view.auction.blocked;
  return h("section", { class: "pd-auction", "aria-label": "Auction display" },
    h("h3", {}, "Auction"),
    block,
    DISPLAYS.map(([kind, title]) => h("div", { class: `pd-display${blocked === kind ? " blocked" : ""}` },
      h("span", { class: "display-title" }, title,
        blocked === kind ? h("span", { class: "badge" }, "auction marker: not this time") : null),
      h("div", { class: "tiles" }, (displays[kind] || []).map((id) => onBlock(ctx,
        tile(ctx, t, id, kind), id))))),
    h("div", { class: "pd-display upgrades" },
      h("span", { class: "display-title" }, "Upgrades for sale in town"),
      h("div", { class: "tiles" }, (displays.upgrade || []).map((id) => tile(ctx, t, id, "upgrade")))));
}

/** A display's tile that is the one on the block: marked so (it is drawn there too). */
function onBlock(ctx, el, id) {
  const a = ctx.view.auction;
  if (!a || a.item !== id) return el;
  el.classList.add("on-block");
  el.querySelector(".tile-kind").after(ctx.h("span", { class: "badge" }, "on the block"));
  return el;
}

function auctionBlock(ctx, t) {
  const { h, view } = ctx;
  const a = view.auction;
  const pending = view.pending;
  if (!a && !pending) return null;
  const parts = [];
  if (pending) {
    parts.push(h("p", {}, seatToken(ctx, view.current_player ?? 0),
      ` won ${nameOf(ctx, pending[1])}: install it or scrap it for parts`),
    tile(ctx, t, pending[1], pending[0]));
  } else if (a.item) {
    parts.push(tile(ctx, t, a.item, a.kind || "tile"));
    parts.push(h("p", { class: "bid-line" }, a.high
      ? [h("strong", {}, `High bid ${ctx.money(a.high, "$")}`), " by ", seatToken(ctx, a.bidder),
        ` ${ctx.names[a.bidder]}`]
      : "No bid yet"));
    if (a.passed) {
      const out = a.passed.map((p, s) => (p ? s : null)).filter((s) => s !== null);
      if (out.length) parts.push(h("p", { class: "muted" }, "Passed: ",
        out.map((s) => [seatToken(ctx, s), ` ${ctx.names[s]} `])));
    }
  } else {
    const out = a.declined.map((d, s) => (d ? s : null)).filter((s) => s !== null);
    parts.push(h("p", {}, "The picker chooses a tile to put up.",
      out.length ? [" Declined: ", out.map((s) => [seatToken(ctx, s), " "])] : ""));
  }
  parts.push(t.range("bid"));
  return t.litVerbs(h("div", { class: "pd-block" }, h("span", { class: "display-title" },
    `On the block · tiles sold this round: ${a ? a.sold : 0}`), parts), ["pass", "decline"]);
}

// --- the events draft ----------------------------------------------------------------------
function draft(ctx, t) {
  const { h, view } = ctx;
  const d = view.draft;
  const stacks = view.stacks || {};
  const held = (stacks.event_discard || []).slice(-3);
  const parts = [];
  if (d) {
    parts.push(h("p", {}, "Order: ", d.order.map((s, i) => [i ? " → " : "", seatToken(ctx, s)]),
      ` · ${d.picks} of ${d.cards} kept`,
      d.holder !== null ? [" · hand with ", seatToken(ctx, d.holder), ` (${d.hand_size} cards)`]
        : ""));
    if (d.hand) {
      parts.push(h("div", { class: "tiles hand" }, d.hand.map((id) => eventCard(ctx, t, id))));
    } else if (d.holder !== null) {
      parts.push(h("div", { class: "tiles hand" }, backs(ctx, d.hand_size, "event card")));
    }
    if (d.pick) parts.push(h("p", {}, "You keep: ", eventCard(ctx, t, d.pick)));
    if (d.revealed.length) {
      parts.push(h("p", {}, "Revealed: "),
        h("div", { class: "tiles" }, d.revealed.map((id) => eventCard(ctx, t, id))));
    }
  }
  if (stacks.event_top) {
    parts.push(h("p", {}, "On top of the deck, face up: "), eventCard(ctx, t, stacks.event_top));
  }
  if (!d && held.length) {
    parts.push(h("p", { class: "muted" }, "Last resolved:"),
      h("div", { class: "tiles" }, held.map((id) => eventCard(ctx, t, id))));
  }
  if (!parts.length) return null;
  return h("section", { class: "pd-draft", "aria-label": "Events" }, h("h3", {}, "Events"), parts);
}

function eventCard(ctx, t, id) {
  return tile(ctx, t, id, "event");
}

function backs(ctx, count, what) {
  const el = ctx.h("span", { class: "pd-back" }, `×${count}`);
  ctx.tip(el, `${count} ${what}s`, "face down");
  return el;
}

// --- the players' boards -------------------------------------------------------------------
function players(ctx, t) {
  const { h, view } = ctx;
  const seats = view.boards.map((_, s) => s);
  const mine = ctx.seat;
  const ordered = mine === null || mine === undefined ? seats
    : [mine, ...seats.filter((s) => s !== mine)];
  return h("div", { class: "pd-players" }, ordered.map((s) => playerBoard(ctx, t, s)));
}

function faceUpOf(view, seat) {
  return (view.face_up || []).filter((f) => f.seat === seat);
}

function playerBoard(ctx, t, seat) {
  const { h, view } = ctx;
  const board = view.boards[seat];
  const me = seat === ctx.seat;
  const turn = view.current_player === seat;
  const head = h("div", { class: "pd-head" }, seatToken(ctx, seat),
    h("strong", {}, ctx.names[seat] || `seat ${seat}`), me ? h("span", { class: "badge" }, "you") : null,
    turn ? h("span", { class: "badge turn" }, "to play") : null,
    h("span", { class: "pd-money" }, ctx.money(board.cash, "$")),
    h("span", { class: "pd-gold", title: null }, `${board.gold} gold`),
    h("span", { class: "pd-workers" }, `${board.workers} workers`,
      board.crew !== board.workers ? ` (${board.crew} this round)` : ""),
    board.won ? h("span", { class: "badge" }, "won a tile this round") : null,
    !me && justActed(ctx).seats.has(seat) ? h("span", { class: "badge just" }, "just moved") : null,
    workStatus(ctx, seat));
  ctx.tip(head, ctx.names[seat] || `seat ${seat}`,
    `${ctx.money(board.cash, "$")} cash, ${board.gold} gold nuggets, ${board.workers} workers` +
    (board.vault ? `, ${board.vault} nuggets in the vault` : ""));
  t.lit(head, [`choose:seat ${seat}`]);
  if (ctx.decision && ctx.decision.seat === seat) t.litVerbs(head, ["done", "skip", "end"]);
  const just = !me && justActed(ctx).seats.has(seat) ? " just" : "";
  const section = h("section", { class: `pd-player${me ? " mine" : ""}${turn ? " turn" : ""}${just}`,
    "aria-label": `${ctx.names[seat] || `seat ${seat}`}'s board` },
  head,
  claims(ctx, t, seat, board),
  chain(ctx, t, seat, board),
  town(ctx, t, seat, board),
  cards(ctx, t, seat, board));
  section.style.setProperty("--seat", SEAT_COLOURS[seat % SEAT_COLOURS.length]);
  return section;
}

/** Where a seat is in the Work phase: placing, done placing (placements still secret), done. */
function workStatus(ctx, seat) {
  const w = ctx.view.work;
  if (!w) return null;
  if (w.ended[seat]) return ctx.h("span", { class: "badge" }, "work done");
  if (!w.revealed) {
    const secret = seat === ctx.seat ? "" : " (secret until all are done)";
    return ctx.h("span", { class: "badge" },
      `${w.done[seat] ? "done placing" : "placing workers"}${secret}`);
  }
  return null;
}

function oreToken(ctx, type, value, title) {
  const ore = ORE[type] || { letter: "?", name: "ore" };
  const el = ctx.h("span", { class: `ore ore-${type}${value === undefined ? "" : " face-up"}` },
    value === undefined ? ore.letter : String(value));
  ctx.tip(el, title, value === undefined
    ? termOf(ctx, type) || `${ore.name}, face down: its value shows when it is washed`
    : `${ore.name}, turned face up: worth ${value} nuggets`);
  return el;
}

function claims(ctx, t, seat, board) {
  const { h, view } = ctx;
  const up = faceUpOf(view, seat);
  return h("div", { class: "pd-claims" }, board.claims.map((c) => {
    const name = nameOf(ctx, c.claim);
    const ores = c.ore.map((type, i) => {
      const face = up.find((f) => f.claim === c.claim && f.index === i + 1);
      const token = oreToken(ctx, type, face ? face.value : undefined,
        `${name}: ore ${i + 1}`);
      return t.lit(token, [`choose:ore ${c.claim} ${i + 1}`, `load:${c.claim} ${type}`]);
    });
    const el = h("div", { class: `pd-claim${c.layered ? " layered" : ""}` },
      h("span", { class: "claim-name" }, name, c.layered ? " (layered)" : ""),
      h("span", { class: "claim-ore" }, ores.length ? ores : h("span", { class: "muted" }, "empty")),
      h("span", { class: "claim-count" }, `${c.ore.length} ore`));
    ctx.tip(el, name, textOf(ctx, c.claim) || (c.layered
      ? "a layered claim: its ore is taken in order, left first"
      : "a claim: load its ore onto the excavator in any order"));
    return t.lit(el, [`discard:${c.claim}`, `choose:claim ${c.claim}`]);
  }), board.claims.length ? null : h("span", { class: "muted" }, "no claims"));
}

function placedOn(view, seat, slot) {
  const w = view.work;
  if (!w) return { placed: 0, left: 0 };
  const index = w.slots.indexOf(slot);
  const row = w.placed[seat];
  const left = w.left[seat] || [];
  return { placed: row ? row[index] || 0 : null, left: left[index] || 0 };
}

function workers(ctx, seat, slot) {
  const { placed, left } = placedOn(ctx.view, seat, slot);
  if (placed === null) return null;  // another seat's, secret until all are done (its badge says)
  if (!placed) return null;
  const w = ctx.view.work;
  const acting = w.revealed && w.left[seat] && w.left[seat].length;
  return ctx.h("span", { class: "workers" }, Array.from({ length: placed }, (_, i) =>
    ctx.h("span", { class: `worker${acting && i >= left ? " spent" : ""}` })),
  acting ? ` ${left} to act` : "");
}

/** The board a card's question is about: a seat named by an earlier answer, else the
 * chooser's own (choices.py: spaces and machines are the chooser's). */
function askedBoard(ctx) {
  const choice = ctx.view.choice;
  if (!choice || !ctx.decision) return null;
  const named = choice.memo.find((m) => m.startsWith("seat "));
  return named ? Number(named.split(" ")[1]) : choice.seat;
}

function chain(ctx, t, seat, board) {
  const { h, view } = ctx;
  const deciding = ctx.decision && ctx.decision.seat === seat;
  const asked = askedBoard(ctx) === seat;
  const up = faceUpOf(view, seat);
  const parts = [];
  board.machines.forEach((m, chainIndex) => {
    const type = MACHINES[chainIndex];
    if (chainIndex) parts.push(h("span", { class: "arrow", "aria-hidden": "true" }, "→"));
    const spaces = m.spaces.map((ore, k) => {
      const face = up.find((f) => f.machine === type && f.space === k + 1);
      const space = h("span", { class: `space${k === m.spaces.length - 1 && type === "wash_plant" ? " last" : ""}` },
        ore ? oreToken(ctx, ore, face ? face.value : undefined,
          `${MACHINE_NAMES[type]}, space ${k + 1}`) : null);
      ctx.tip(space, `${MACHINE_NAMES[type]}, space ${k + 1}`, ore
        ? `${ORE[ore] ? ORE[ore].name : "ore"} on it`
        : "empty" + (type === "wash_plant" && k === m.spaces.length - 1
          ? ": ore reaching it is washed into gold" : ""));
      return t.lit(space, [...(deciding ? [`move:${type} ${k + 1}`] : []),
        ...(asked ? [`choose:space ${type} ${k + 1}`] : [])]);
    });
    const tileName = m.equipment ? nameOf(ctx, m.equipment) : "starting machine";
    const wear = h("span", { class: "wear", role: "img", "aria-label": `wear ${m.wear} of ${m.service_life}` },
      Array.from({ length: m.service_life }, (_, i) => h("span", {
        class: `pip${i < m.wear ? " worn" : ""}` })));
    const body = h("div", { class: `machine machine-${type}${m.flimco ? " flimco" : ""}` +
      `${m.wear >= m.service_life ? " worn-out" : ""}` },
    h("span", { class: "machine-name" }, MACHINE_NAMES[type],
      m.flimco ? h("span", { class: "badge flimco-mark" }, "FlimCo") : null),
    h("span", { class: "machine-tile" }, tileName),
    h("span", { class: "spaces" }, spaces),
    h("span", { class: "machine-foot" }, wear, workers(ctx, seat, type)));
    ctx.tip(body, `${MACHINE_NAMES[type]}: ${tileName}`,
      (termOf(ctx, type) ? `${capital(termOf(ctx, type))}. ` : "") +
      `${m.stages} stage(s), service life ${m.service_life}, wear ${m.wear}` +
      (m.flimco ? "; FlimCo: cannot be repaired once fully worn" : "") +
      (m.equipment && textOf(ctx, m.equipment) ? `. ${textOf(ctx, m.equipment)}` : ""));
    t.lit(body, [...(deciding ? [`place:${type}`, `scrap:${type}`] : []),
      ...(asked ? [`choose:machine ${type}`] : [])]);
    const wrench = h("span", { class: "wrench" }, "Repair", workers(ctx, seat, `repair ${type}`));
    ctx.tip(wrench, `Repair the ${MACHINE_NAMES[type].toLowerCase()}`,
      termOf(ctx, "repair") || "a worker here takes wear off");
    if (deciding) t.lit(wrench, [`place:repair ${type}`, `repair:${type}`]);
    parts.push(h("div", { class: "machine-box" }, body, wrench));
  });
  return h("div", { class: "pd-chain", role: "group", "aria-label": "Excavator, loader, wash plant" }, parts);
}

function town(ctx, t, seat, board) {
  const { h } = ctx;
  const deciding = ctx.decision && ctx.decision.seat === seat;
  const sell = h("div", { class: "town-spot" }, h("strong", {}, "Sales office"),
    h("span", {}, `${board.gold} gold · $3,000 a nugget`), workers(ctx, seat, "sell"));
  ctx.tip(sell, "Sales office", termOf(ctx, "sell") || "a worker here sells gold nuggets");
  const buy = h("div", { class: "town-spot" }, h("strong", {}, "Upgrade supply"),
    workers(ctx, seat, "buy"));
  ctx.tip(buy, "Upgrade supply", termOf(ctx, "buy") || "a worker here buys one upgrade on display");
  if (deciding) {
    t.lit(sell, ["place:sell"]);
    t.lit(buy, ["place:buy"]);
    const range = t.range("sell");
    if (range) sell.append(range);
  }
  return h("div", { class: "pd-town" }, sell, buy);
}

function cards(ctx, t, seat, board) {
  const { h } = ctx;
  const deciding = ctx.decision && ctx.decision.seat === seat;
  const upgrades = UPGRADE_KINDS.map(([kind, title]) => {
    const id = board.upgrades[kind];
    const wear = board.upgrade_wear[kind] || 0;
    const el = h("div", { class: `pd-upgrade${id ? "" : " empty"}` },
      h("span", { class: "tile-kind" }, title),
      h("strong", {}, id ? nameOf(ctx, id) : "none"),
      id ? h("span", { class: "muted" }, `wear ${wear}`) : null,
      workers(ctx, seat, `repair ${kind}`));
    ctx.tip(el, id ? nameOf(ctx, id) : title, id ? (textOf(ctx, id) || title) + ` (wear ${wear})`
      : `no ${kind} upgrade yet; a worker may repair one here`);
    return deciding ? t.lit(el, [`use:${kind}`, `repair:${kind}`, `place:repair ${kind}`,
      ...(id ? [`choose:upgrade ${id}`] : [])]) : el;
  });
  const specialists = board.specialists.map((id) => tile(ctx, t, id, "specialist"));
  const held = board.events.map((id) => tile(ctx, t, id, "event"));
  const marks = [];
  if (board.sick) marks.push(h("span", { class: "badge" }, `sick: ${nameOf(ctx, board.sick)}`));
  if (board.borrowed) {
    marks.push(h("span", { class: "badge" }, `borrowed: ${nameOf(ctx, board.borrowed)}`));
  }
  for (const id of board.waiting) {
    marks.push(h("span", { class: "badge" }, `waiting: ${nameOf(ctx, id)}`));
  }
  return h("div", { class: "pd-cards" }, upgrades, specialists, held, marks);
}
