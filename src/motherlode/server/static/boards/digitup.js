// Dig It Up as its box looks: the dig sites in rows (the letter and name on the picture
// label, 7 spaces of face-up tiles with their ★ and +2 marks, money tokens on tiles, the
// pickaxe where it stands; an abandoned site as its last tile face down on the label under
// the pickaxe), the chance deck, and each player's scoreboard (tiles by type against the set
// sizes printed on it, money tokens, orange chance cards kept, used ones face down, the
// mission face down, or face up for its owner: "only you see this").
//
// Moves by hand: a lit site's label (or its row) digs there (the die is rolled); with a
// Compass kept, "Use your Compass" shows each site's move buttons 1-6 instead; a Strike Gold / Hazardous Area token goes on a lit tile; a dealt mission is
// kept by clicking its card. Everything lit comes from the decision (CONTRACTS §2).

/** Each kind of tile: its name, its type for sets, and an icon (SVG paths, our own). */
const KINDS = {
  gold: { name: "Gold", type: "gold" },
  incense: { name: "Incense burner", type: "bronzeware" },
  statue: { name: "Statue", type: "bronzeware" },
  knife: { name: "Knife", type: "bronzeware" },
  scroll: { name: "Ancient scroll", type: "scroll" },
  crystal: { name: "Crystal", type: "crystal" },
  ruby: { name: "Ruby", type: "ruby" },
  diamond: { name: "Diamond", type: "diamond" },
  stone: { name: "Stone", type: "stone" },
};

/** The types as the scoreboard prints them: the smallest set of each (the rulebook's set
 * bonus tables; the simplified variation sets from 4 of any type). */
const TYPES = [
  { type: "gold", name: "Gold", kinds: ["gold"], set: 3 },
  { type: "bronzeware", name: "Bronzeware", kinds: ["incense", "statue", "knife"], set: 3 },
  { type: "scroll", name: "Scrolls", kinds: ["scroll"], set: 3 },
  { type: "crystal", name: "Crystals", kinds: ["crystal"], set: 4 },
  { type: "ruby", name: "Rubies", kinds: ["ruby"], set: 5 },
  { type: "diamond", name: "Diamonds", kinds: ["diamond"], set: 5 },
  { type: "stone", name: "Stones", kinds: ["stone"], set: 3 },
];

const SET_TEXT = {
  gold: "Gold sets from 3 tiles: 3, 8, 15, 24, 35, 50, 100, 200 won for 3 to 10.",
  bronzeware: "Incense burners, statues and knives: a set of 3-4 pays 6 won, 5+ pays 12; " +
    "all three kinds in it pay 10 won more.",
  scroll: "A set of 3-4 ancient scrolls pays 6 won, 5+ pays 14.",
  crystal: "A set of 4-5 crystals pays 14 won, 6+ pays 28.",
  ruby: "A set of 5-6 rubies pays 30 won, 7+ pays 50.",
  diamond: "A set of 5-6 diamonds pays 34 won, 7+ pays 60.",
  stone: "Stones are no treasure: 3 cost 2 won, 4 cost 4, 5+ cost 6 at the end.",
};

const SVG = "http://www.w3.org/2000/svg";

/** The icons' shapes on a 24 x 24 grid. */
const ICONS = {
  gold: [["path", { d: "M3 18 L6.5 9 H17.5 L21 18 Z" }], ["path", { d: "M6.5 9 L9 12 H15 L17.5 9", class: "facet" }]],
  incense: [["path", { d: "M4 11 H20 Q19 19 12 19 Q5 19 4 11 Z" }], ["path", { d: "M8 19 L7 22 M16 19 L17 22", class: "line" }],
    ["path", { d: "M10 8 Q8 5 11 3 M14 8 Q16 5 13 2", class: "line" }]],
  statue: [["circle", { cx: 12, cy: 6, r: 3.2 }], ["path", { d: "M8 10 H16 L15 18 H9 Z" }], ["rect", { x: 6, y: 18, width: 12, height: 3.5 }]],
  knife: [["path", { d: "M3 21 L15 6 Q18 3 20 4 Q20.5 7 17 9 L6 22 Z" }], ["path", { d: "M3 21 L6.5 17", class: "line thick" }]],
  scroll: [["rect", { x: 5, y: 5, width: 14, height: 14, rx: 1 }], ["circle", { cx: 5, cy: 12, r: 3 }], ["circle", { cx: 19, cy: 12, r: 3 }],
    ["path", { d: "M9 9 H15 M9 12 H15 M9 15 H13", class: "line" }]],
  crystal: [["path", { d: "M12 2 L18 7 V17 L12 22 L6 17 V7 Z" }], ["path", { d: "M12 2 V22 M6 7 L12 10 L18 7", class: "facet" }]],
  ruby: [["path", { d: "M8 3 H16 L21 8 V16 L16 21 H8 L3 16 V8 Z" }], ["path", { d: "M8 8 H16 V16 H8 Z", class: "facet" }]],
  diamond: [["path", { d: "M3 9 L7 4 H17 L21 9 L12 21 Z" }], ["path", { d: "M3 9 H21 M9 4 L12 9 L15 4 M12 9 V21", class: "facet" }]],
  stone: [["path", { d: "M3 16 L5 9 L10 5 L17 6 L21 12 L18 19 L8 20 Z" }], ["path", { d: "M10 5 L12 11 L21 12 M12 11 L8 20", class: "facet" }]],
  pickaxe: [["path", { d: "M4 21 L15 9", class: "handle" }], ["path", { d: "M6 7 Q13 1 21 8 Q14 5 6 7 Z", class: "head" }]],
  coin: [["circle", { cx: 12, cy: 12, r: 10 }], ["circle", { cx: 12, cy: 12, r: 7, class: "facet" }]],
  card: [["rect", { x: 5, y: 2, width: 14, height: 20, rx: 2 }], ["path", { d: "M9 8 L12 5 L15 8 L12 11 Z", class: "facet" }]],
};

function icon(name, cls = "") {
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("viewBox", "0 0 24 24");
  svg.setAttribute("aria-hidden", "true");
  svg.setAttribute("focusable", "false");
  svg.setAttribute("class", `icon icon-${name} ${cls}`.trim());
  for (const [tag, attrs] of ICONS[name]) {
    const shape = document.createElementNS(SVG, tag);
    for (const [key, value] of Object.entries(attrs)) shape.setAttribute(key, String(value));
    svg.append(shape);
  }
  return svg;
}

/** A tile's notation (`ruby*+2`) read: its kind, star and "+2". */
function readTile(text) {
  const match = /^([a-z]+)(\*)?(\+2)?$/.exec(text) || [text, text, "", ""];
  return { kind: match[1], star: Boolean(match[2]), plus2: Boolean(match[3]) };
}

function won(n, sign = false) {
  const text = `${Math.abs(n)} won`;
  if (n < 0) return `-${text}`;
  return sign ? `+${text}` : text;
}

function tileTitle(tile) {
  const kind = KINDS[tile.kind];
  return (kind ? kind.name : tile.kind) + (tile.star ? " ★" : "") + (tile.plus2 ? " +2" : "");
}

function tileText(tile, token) {
  const kind = KINDS[tile.kind];
  const parts = [];
  if (kind && kind.type === "bronzeware") parts.push("Bronzeware.");
  else if (tile.kind === "stone") parts.push("A stone: no treasure.");
  else parts.push("A treasure tile.");
  if (tile.star) parts.push("★: whoever digs it up draws a chance card.");
  if (tile.plus2) parts.push("+2: whoever digs it up takes a money token of 2 won.");
  if (token) {
    parts.push(token > 0 ? `A money token of ${won(token, true)} lies on it: whoever digs it up takes it.`
      : `A money token of ${won(token)} lies on it: whoever digs it up pays it.`);
  }
  return parts.join(" ");
}

// --- the board's own state (kept across redraws) -----------------------------------------
let flashKey = null;   // the space dug by the last move: "site:space"
let compassOn = false; // the player chose to move a pickaxe with their Compass this turn

/** Draw (or redraw) the board into `root` (CONTRACTS §2). */
export function drawBoard(root, ctx) {
  const { view, h, fill } = ctx;
  const lit = litTargets(ctx);
  if (!lit.compass.size) compassOn = false;
  const dug = [...(ctx.lastEvents || [])].reverse().find((e) => e.kind === "dug");
  flashKey = dug ? `${dug.site}:${dug.space}` : (ctx.lastEvents.length ? null : flashKey);
  fill(root,
    drawTop(ctx, lit),
    h("div", { class: "du-sites", role: "list", "aria-label": "The dig sites" },
      view.sites.map((site, row) => drawSite(ctx, site, row, lit))),
    drawMissionChoice(ctx, lit),
    h("div", { class: "du-boards" }, scoreboardOrder(ctx).map((p) => drawScoreboard(ctx, p))));
  showRefusal(ctx, root);
}

/** What the decision lets this seat do, by target: {dig: site -> action, compass: site ->
 * group, place: "row:space" -> action, keep: [options], prompt}. */
function litTargets(ctx) {
  const lit = { dig: new Map(), compass: new Map(), place: new Map(), keep: [], card: null };
  const decision = ctx.decision;
  if (!decision) return lit;
  for (const group of decision.groups) {
    if (group.kind === "choice" && group.verb === "dig") {
      for (const option of group.options) lit.dig.set(option.name, option);
    } else if (group.kind === "range" && group.verb.startsWith("dig ")) {
      lit.compass.set(group.verb.slice(4), group);
    } else if (group.kind === "cell") {
      lit.card = group;
      for (const cell of group.cells) {
        lit.place.set(`${cell.y}:${cell.x}`, cell.orientations[0].action);
      }
    } else if (group.kind === "choice" && group.verb === "keep") {
      lit.keep = group.options;
    }
  }
  return lit;
}

function drawTop(ctx, lit) {
  const { view, h } = ctx;
  const deck = h("div", { class: "du-deck" }, icon("card", "back"),
    h("span", {}, `${view.chance_deck}`));
  if (view.chance_deck !== undefined) {
    ctx.tip(deck, "Chance cards", `${view.chance_deck} face down in the pile. A ★ tile draws one: ` +
      "grey ones are used at once, orange ones are kept for later.");
  }
  const ends = h("div", { class: "du-ends" },
    h("span", { class: "du-ends-count" }, `${view.abandoned} of ${view.end_after}`),
    h("span", {}, " sites abandoned"));
  ctx.tip(ends, "The end", `The game ends after the turn in which dig site number ${view.end_after} ` +
    "is abandoned. A site with one tile left is abandoned at once.");
  let prompt = null;
  if (lit.card) {
    prompt = h("p", { class: "du-prompt" }, h("strong", {}, `${lit.card.name}: `),
      `${ctx.decision.prompt}: click a lit tile.`);
  } else if (lit.dig.size) {
    prompt = h("p", { class: "du-prompt" }, compassOn
      ? "Your Compass: choose a site's move, 1 to 6, under its row."
      : "Your turn: click a lit dig site to dig there (the die is rolled).",
    lit.compass.size ? compassToggle(ctx) : null);
  } else if (lit.keep.length) {
    prompt = h("p", { class: "du-prompt" }, "Keep 1 of your 3 missions: click its card below.");
  }
  return h("div", { class: "du-top" },
    h("span", { class: "du-turn" }, `Turn ${view.turn + 1}`), ends, deck, prompt);
}

function drawSite(ctx, site, row, lit) {
  const { h } = ctx;
  const dig = compassOn ? null : lit.dig.get(site.letter);  // with the Compass: no die
  const compass = lit.compass.get(site.site);
  const label = h(dig ? "button" : "div", {
    type: dig ? "button" : null, class: "du-label", "data-focus": `site-${site.site}`,
    "data-action": dig ? dig.action : null,
  }, h("span", { class: "du-letter" }, site.letter), h("span", { class: "du-name" }, site.name),
  site.pickaxe === null && !site.abandoned ? icon("pickaxe", "on-label") : null,
  site.abandoned ? h("span", { class: "du-buried" }, icon("pickaxe", "lying")) : null);
  if (dig) {
    label.addEventListener("click", () => ctx.act(dig.action));
    ctx.tip(label, `Dig at ${site.letter} ${site.name}`, capitalise(dig.text) + ".");
  } else if (site.abandoned) {
    ctx.tip(label, `${site.letter} ${site.name}: abandoned`, "Its last tile lies face down on the " +
      "label under the pickaxe. Nobody may dig here any more.");
  } else {
    ctx.tip(label, `${site.letter} ${site.name}`, site.pickaxe === null
      ? "The pickaxe is still on the picture label." : `The pickaxe stands on space ${site.pickaxe}.`);
  }
  const spaces = site.tiles.map((tile, i) => drawSpace(ctx, site, row, i + 1, tile, lit));
  const line = h("div", {
    class: `du-site${dig ? " lit" : ""}${site.abandoned ? " abandoned" : ""}`,
    role: "listitem", "data-site": site.site,
  }, label, spaces);
  if (dig) {
    // the whole row digs on a click (the label is the keyboard's way in)
    line.addEventListener("click", (event) => {
      if (!event.target.closest("button")) ctx.act(dig.action);
    });
  }
  if (!compass || !compassOn) return line;
  return h("div", { class: "du-site-wrap" }, line, drawCompass(ctx, site, compass));
}

function compassToggle(ctx) {
  const button = ctx.h("button", { type: "button", class: "du-compass-toggle",
    "aria-pressed": compassOn ? "true" : "false", "data-focus": "compass-toggle" },
  compassOn ? "Roll the die instead" : "Use your Compass");
  button.addEventListener("click", () => {
    compassOn = !compassOn;
    const root = button.closest(".board");
    drawBoard(root, ctx);
    root.querySelector("[data-focus='compass-toggle']").focus();
  });
  ctx.tip(button, "Compass", "Your orange Compass card: instead of rolling, choose how far " +
    "the pickaxe moves (1-6). It is used up.");
  return button;
}

function drawCompass(ctx, site, group) {
  const { h } = ctx;
  const moves = [];
  for (let move = group.minimum; move <= group.maximum; move += group.step) {
    const action = group.action.replace("{}", String(Math.floor(move / group.scale)));
    const button = h("button", { type: "button", class: "du-move", "data-action": action,
      "data-focus": `compass-${site.site}-${move}` }, String(move));
    button.addEventListener("click", () => ctx.act(action));
    ctx.tip(button, `Compass: move ${move}`, `Move the pickaxe at ${site.name} ${move} ` +
      `space${move === 1 ? "" : "s"} instead of rolling (uses your Compass).`);
    moves.push(button);
  }
  return h("div", { class: "du-compass" }, h("span", {}, "Compass at " + site.letter + ":"), moves);
}

function drawSpace(ctx, site, row, space, tile, lit) {
  const { h } = ctx;
  const place = lit.place.get(`${row}:${space}`);
  const here = site.pickaxe === space;
  const flash = flashKey === `${site.site}:${space}`;
  const cls = ["du-space", place ? "lit" : "", flash ? "flash" : "", here ? "pickaxe" : ""]
    .filter(Boolean).join(" ");
  const attrs = { class: cls, "data-space": space, "data-focus": `space-${site.site}-${space}` };
  let element;
  if (place) {
    element = h("button", { ...attrs, type: "button", "data-action": place });
    element.addEventListener("click", () => ctx.act(place));
  } else {
    element = h("div", attrs);
  }
  if (!tile) {
    ctx.fill(element, here ? icon("pickaxe") : null);
    if (!place && (here || flash)) element.setAttribute("role", "img");
    if (here) {
      ctx.tip(element, `${site.name}, space ${space}: the pickaxe`, "The pickaxe stays on the " +
        "space of the tile it last dug up until it moves again.");
    } else if (flash) {
      ctx.tip(element, `${site.name}, space ${space}`, "Dug up just now.");
    }
    return element;
  }
  const read = readTile(tile.tile);
  ctx.fill(element, h("span", { class: `du-tile kind-${read.kind}` },
    icon(read.kind in ICONS ? read.kind : "stone"),
    read.star ? h("span", { class: "du-star" }, "★") : null,
    read.plus2 ? h("span", { class: "du-plus2" }, "+2") : null,
    tile.token ? h("span", { class: `du-token ${tile.token > 0 ? "plus" : "minus"}` },
      tile.token > 0 ? `+${tile.token}` : String(tile.token)) : null));
  let text = tileText(read, tile.token);
  if (place) text = `Put the ${lit.card.name} token here. ${text}`;
  const title = `${tileTitle(read)} (${site.letter}${space})`;
  if (!place) element.setAttribute("role", "img");
  element.setAttribute("aria-label", `${title}: ${text}`);
  ctx.tip(element, title, text);
  return element;
}

function drawMissionChoice(ctx, lit) {
  const { h } = ctx;
  if (!lit.keep.length) return null;
  return h("section", { class: "du-missions", "aria-label": "The missions dealt to you" },
    h("h3", {}, "Missions dealt to you ", h("span", { class: "du-secret" }, "only you see these")),
    h("div", { class: "du-cards" }, lit.keep.map((option) => {
      const card = h("button", { type: "button", class: "du-card mission lit",
        "data-action": option.action, "data-focus": `keep-${option.name}` },
      h("strong", {}, option.label), h("span", {}, option.text));
      card.addEventListener("click", () => ctx.act(option.action));
      return card;
    })));
}

/** The seats' scoreboards, this seat's first. */
function scoreboardOrder(ctx) {
  const seats = ctx.view.scoreboards.map((_, p) => p);
  if (ctx.seat === null || ctx.seat === undefined) return seats;
  return [ctx.seat, ...seats.filter((p) => p !== ctx.seat)];
}

function drawScoreboard(ctx, p) {
  const { view, h } = ctx;
  const board = view.scoreboards[p];
  const mine = p === ctx.seat;
  const turn = view.current_player === p;
  const simplified = Object.keys(view.cards || {}).length === 0;
  return h("section", {
    class: `du-scoreboard seat-${p}${mine ? " mine" : ""}${turn ? " turn" : ""}`,
    "aria-label": `${ctx.names[p] || `Seat ${p}`}: scoreboard`, "data-seat": p,
  },
  h("h3", {}, h("span", { class: "du-seat" }, String(p)), ctx.names[p] || `Seat ${p}`,
    turn ? h("span", { class: "du-now" }, "digging") : null),
  h("div", { class: "du-purse" }, drawMoney(ctx, board), drawChance(ctx, board),
    board.closed_shop ? h("span", { class: "du-closed" }, `closed ${board.closed_shop} site` +
      (board.closed_shop === 1 ? "" : "s")) : null),
  h("div", { class: "du-types" }, TYPES.map((type) => drawType(ctx, board, type, simplified))),
  drawMission(ctx, board, mine),
  board.money ? drawFinalMoney(ctx, board.money) : null);
}

function drawMoney(ctx, board) {
  const { h } = ctx;
  const coin = h("span", { class: "du-money" }, icon("coin"),
    h("span", {}, won(board.money_tokens)));
  ctx.tip(coin, "Money tokens", `${won(board.money_tokens)} in money tokens (from +2 tiles, ` +
    "money tokens dug up and chance cards); counted at the end.");
  return coin;
}

function drawChance(ctx, board) {
  const { h } = ctx;
  const cards = ctx.view.cards || {};
  const kept = board.chance_kept.map((id, i) => {
    const card = cards[id] || { name: id, text: "" };
    const chip = h("span", { class: "du-chance", "data-focus": `kept-${id}-${i}` }, card.name);
    ctx.tip(chip, card.name, card.text);
    return chip;
  });
  let used = null;
  if (board.chance_used.length) {
    const names = board.chance_used.map((id) => (cards[id] || { name: id }).name);
    used = h("span", { class: "du-used" }, icon("card", "back"), `${board.chance_used.length} used`);
    ctx.tip(used, "Chance cards used", `Face down in front of the scoreboard: ${names.join(", ")}.`);
  }
  return [kept, used];
}

function drawType(ctx, board, type, simplified) {
  const { h } = ctx;
  const count = type.kinds.reduce((sum, kind) => sum + (board.tiles[kind] || 0), 0);
  const set = simplified ? 4 : type.set;
  const chips = [];
  for (const kind of type.kinds) {
    for (let i = 0; i < (board.tiles[kind] || 0); i++) {
      chips.push(h("span", { class: `du-chip kind-${kind}` }, icon(kind)));
    }
  }
  for (let i = count; i < set; i++) chips.push(h("span", { class: "du-chip empty" }));
  const reached = count >= set;
  const line = h("div", { class: `du-type type-${type.type}${reached ? " set" : ""}` },
    h("span", { class: "du-type-name" }, type.name),
    h("span", { class: "du-chips" }, chips),
    h("span", { class: "du-count" }, reached ? `${count} ✓` : `${count}/${set}`));
  const held = type.kinds.length > 1
    ? type.kinds.map((kind) => `${board.tiles[kind] || 0} ${KINDS[kind].name.toLowerCase()}`).join(", ")
    : `${count}`;
  ctx.tip(line, `${type.name}: ${held}`, simplified
    ? "Simplified game: 4 or more of a type make a set of 10 won." : SET_TEXT[type.type]);
  return line;
}

function drawMission(ctx, board, mine) {
  const { h } = ctx;
  const cards = ctx.view.cards || {};
  if (board.mission) {
    const card = cards[board.mission] || { name: board.mission, text: "" };
    const shown = h("div", { class: "du-card mission face-up" },
      h("strong", {}, card.name),
      mine && !board.money ? h("span", { class: "du-secret" }, "only you see this") : null,
      h("span", {}, card.text));
    ctx.tip(shown, `Mission: ${card.name}`, card.text);
    return shown;
  }
  if (!board.mission_kept) return null;
  const back = h("div", { class: "du-card mission face-down" }, icon("card", "back"),
    h("span", {}, "Mission, face down"));
  ctx.tip(back, "A mission", "Kept face down: it is revealed at the end.");
  return back;
}

function drawFinalMoney(ctx, money) {
  const { h } = ctx;
  const rows = [
    ["Mission", money.mission_achieved ? won(money.mission) : "not achieved"],
    ["Chance cards", won(money.chance_cards)],
    ["Money tokens", won(money.money_tokens)],
    ["Set bonuses", won(money.sets)],
    money.trinities ? ["Trinity prizes", won(money.trinity_prize)] : null,
    money.stones ? ["Stones", won(money.stones)] : null,
    ["Bundles", won(money.bundles)],
  ].filter(Boolean);
  return h("table", { class: "du-final" },
    h("caption", {}, "Money at the end"),
    h("tbody", {}, rows.map(([name, value]) => h("tr", {}, h("th", { scope: "row" }, name),
      h("td", {}, value))),
    h("tr", { class: "total" }, h("th", { scope: "row" }, "Total"), h("td", {}, won(money.total)))));
}

function showRefusal(ctx, root) {
  if (!ctx.refusal || !ctx.refusal.action) return;
  const target = [...root.querySelectorAll("[data-action]")]
    .find((element) => element.dataset.action === ctx.refusal.action);
  const note = ctx.h("span", { class: "du-refused", role: "alert" }, ctx.refusal.text);
  if (target) target.after(note);
  else root.prepend(note);
}

function capitalise(text) {
  return text.slice(0, 1).toUpperCase() + text.slice(1);
}
