// Saboteur Gold's board (CONTRACTS.md §2): the maze of cards on a grid that scrolls and zooms in
// its own frame, the dwarves with what lies in front of them, the player's hand and role, and
// the share-out at a round's end. Drawn from the view and the decision only: the lit cells and
// dwarves are exactly the decision's actions; the card names and texts are the view's `cards`
// and `dwarves` (no card id is ever shown).
//
// Moves by hand: pick a card in the hand; a path card lights the cells its group lists (turn it
// with the Turn button or R), click/Enter a lit cell to lay it; an action card lights its
// targets (dwarves, or cells for a rockfall or a map); a picked card can be discarded (pass).

const SVG = "http://www.w3.org/2000/svg";
const SIDES = "NESW";
const FLIP = { N: "S", S: "N", E: "W", W: "E" };
/** A card's size in the maze at zoom 1 (cards lie long side to long side: landscape). */
const CELL_W = 78;
const CELL_H = 52;
const ZOOMS = [0.5, 0.64, 0.8, 1, 1.25, 1.56];
/** A phone's width: the hand comes before the mine (saboteur.css). */
const PHONE = "(max-width: 600px)";
/** Side midpoints and the centre of a card drawn in a 90 x 60 box. */
const POINT = { N: [45, 0], E: [90, 30], S: [45, 60], W: [0, 30], C: [45, 30] };
const CORNER = { NE: [90, 0], ES: [90, 60], SW: [0, 60], NW: [0, 0] };
const KIND_NAMES = {
  start: "Start card", tunnel: "Tunnel", dead_end: "Dead end", bridge: "Bridge",
  double_curve: "Double curve", ladder: "Ladder", crystal: "Crystal tunnel",
};
const DOOR = { blue: { letter: "B", name: "Blue" }, green: { letter: "G", name: "Green" } };

/** What the player has chosen on the board; kept across redraws. */
const ui = {
  card: null,        // the picked card's id
  slot: -1,          // which copy of it in the hand (the one drawn raised)
  turned: false,     // the picked path card's way (false: upright)
  zoom: 3,           // index into ZOOMS
  zoomed: false,     // whether a zoom was chosen (else the first drawing fits the width)
  endFitted: false,  // whether the whole mine was fitted to the frame at the game's end
  brought: null,     // the picked card the page last scrolled to on a phone
  shown: null,       // the pick whose lit cells were last scrolled into sight
  cursor: null,      // [x, y]: the mine's cell the arrow keys last went to
  scroll: null,      // [left, top] of the maze frame, kept if the frame is drawn again
  origin: null,      // [x0, y0] of the grid last drawn
  shareOpen: new Map(),  // round -> opened/closed by the player
  keys: false,       // whether the R and Escape keys are listened to
  ctx: null,         // the last draw's ctx and root (a pick or a turn draws again)
  root: null,
  pinch: null,
};

// --- small helpers ------------------------------------------------------------------------
function svg(tag, attrs = {}, ...children) {
  const element = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value !== null && value !== undefined) element.setAttribute(name, String(value));
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    element.append(typeof child === "string" ? document.createTextNode(child) : child);
  }
  return element;
}

function capital(text) {
  const s = String(text);
  return s.slice(0, 1).toUpperCase() + s.slice(1);
}

function cardInfo(view, id) {
  return (view.cards && view.cards[id]) || null;
}

/** A card's name for people, from the view's card data. */
function cardName(view, id) {
  const info = cardInfo(view, id);
  if (!info) return "a card";
  if (info.name) return info.name;  // the rulebook's (glossary.card_names)
  if (info.kind === "goal") return info.treasure ? "Goal: the treasure" : "Goal: a stone";
  if (info.kind === "door") {
    const door = DOOR[info.door];
    return `${door ? door.name : capital(info.door)} door`;
  }
  if (info.path) return KIND_NAMES[info.kind] || capital(info.kind.replace(/_/g, " "));
  const head = String(info.text || info.kind).split(":")[0];
  return capital(head.replace(/\//g, " or "));
}

function cardText(view, id) {
  const info = cardInfo(view, id);
  return info ? info.text : "";
}

/** The tools an action card names (`broken lamp`, `repair cart/lamp`). */
function toolsOf(view, id) {
  const info = cardInfo(view, id);
  if (!info || !["broken", "repair"].includes(info.kind)) return [];
  const head = String(info.text).split(":")[0];
  return head.split(" ").slice(1).join(" ").split("/");
}

function roleName(view, dwarf) {
  const text = view.dwarves && view.dwarves[dwarf];
  return text ? capital(text.split(":")[0]) : "a dwarf";
}

function roleTeam(dwarf) {
  if (dwarf.includes("green")) return "green";
  if (dwarf.includes("blue")) return "blue";
  if (dwarf.includes("saboteur")) return "saboteur";
  return "other";
}

function seatName(ctx, seat) {
  const name = ctx.names && ctx.names[seat];
  return name ? String(name) : `Seat ${seat}`;
}

function key(x, y) {
  return `${x},${y}`;
}

// --- reading the decision -------------------------------------------------------------------
/** The board's reading of the decision: per card its cells or targets, and the other groups. */
function readDecision(decision) {
  const out = { place: new Map(), play: new Map(), discard: new Map(), fix: [], draw: null,
    steal: [], take: [], other: [] };
  if (!decision) return out;
  for (const group of decision.groups) {
    if (group.kind === "cell" && group.verb === "place") {
      out.place.set(group.name, group);
    } else if (group.kind === "choice" && group.verb === "play") {
      const card = group.options.length ? group.options[0].action.split(" ")[1] : null;
      if (card) out.play.set(card, group.options.map(readPlay));
    } else if (group.kind === "choice" && group.verb === "discard") {
      for (const option of group.options) out.discard.set(option.name, option.action);
      out.discardLabel = group.label;
    } else if (group.kind === "choice" && group.verb === "fix") {
      out.fix = group.options;
    } else if (group.kind === "choice" && group.verb === "draw") {
      out.draw = group.options[0];
    } else if (group.kind === "choice" && group.verb === "steal") {
      out.steal = group.options.map((o) => ({ ...o, seat: Number(o.action.split(" ").pop()) }));
    } else if (group.kind === "choice" && group.verb === "take") {
      out.take = group.options;
    } else {
      out.other.push(group);
    }
  }
  return out;
}

/** A play option's target: `play X on 2 lamp` (a seat, a tool) or `play X at 3 -1` (a cell). */
function readPlay(option) {
  const words = option.action.split(" ");
  if (words[2] === "on") {
    return { ...option, seat: Number(words[3]), tool: words[4] || "" };
  }
  return { ...option, cell: [Number(words[3]), Number(words[4])] };
}

// --- drawing cards as SVG -------------------------------------------------------------------
function tunnel(d, extra = {}) {
  return [svg("path", { d, class: "wall", ...extra }),
    svg("path", { d, class: "floor", ...extra })];
}

function line(a, b) {
  return `M${POINT[a][0]} ${POINT[a][1]} L${POINT[b][0]} ${POINT[b][1]}`;
}

/** One path of a card (the sides it joins) as a tunnel. */
function pathShape(sides, many) {
  if (sides.length === 1) return tunnel(line(sides[0], "C"));
  if (sides.length === 2) {
    const [a, b] = sides;
    if (FLIP[a] === b) return tunnel(line(a, b));
    const corner = CORNER[[a, b].sort((p, q) => SIDES.indexOf(p) - SIDES.indexOf(q)).join("")] ||
      CORNER[`${b}${a}`] || POINT.C;
    // one path bends through the centre; two apart (a double curve) keep to their corners
    const c = many ? [(corner[0] + 45) / 2, (corner[1] + 30) / 2] : POINT.C;
    return tunnel(`M${POINT[a][0]} ${POINT[a][1]} Q${c[0]} ${c[1]} ${POINT[b][0]} ${POINT[b][1]}`);
  }
  return sides.flatMap((side) => tunnel(line(side, "C")));
}

function turnSides(text, turned) {
  return turned ? [...text].map((s) => FLIP[s] || s) : [...text];
}

function ladder() {
  return svg("g", { class: "ladder" },
    svg("rect", { x: 37, y: 15, width: 16, height: 30, class: "ladder-hole" }),
    svg("path", { d: "M40 14 V46 M50 14 V46 M40 20 H50 M40 27 H50 M40 34 H50 M40 41 H50" }));
}

function door(colour) {
  const which = DOOR[colour] || { letter: "?" };
  return svg("g", { class: `door door-${colour}` },
    svg("rect", { x: 35, y: 16, width: 20, height: 28, rx: 9, class: "door-leaf" }),
    svg("rect", { x: 35, y: 16, width: 20, height: 28, rx: 9, class: "door-pattern",
      fill: `url(#sab-${colour === "blue" ? "stripes" : "dots"})` }),
    svg("text", { x: 45, y: 36, class: "door-letter" }, which.letter));
}

function crystals(count) {
  const out = [];
  for (let i = 0; i < count; i++) {
    const x = 12 + i * 12;
    out.push(svg("path", { d: `M${x} 6 L${x + 5} 12 L${x} 20 L${x - 5} 12 Z`, class: "crystal" }));
  }
  return out;
}

function stub(side) {
  const [x, y] = POINT[side];
  const end = [x + (45 - x) * 0.62, y + (30 - y) * 0.62];
  return [...tunnel(`M${x} ${y} L${end[0]} ${end[1]}`),
    svg("circle", { cx: end[0], cy: end[1], r: 8, class: "rock" })];
}

function nugget() {
  return svg("g", { class: "treasure" },
    svg("circle", { cx: 38, cy: 33, r: 8 }), svg("circle", { cx: 51, cy: 31, r: 9 }),
    svg("circle", { cx: 45, cy: 22, r: 7 }),
    svg("text", { x: 45, y: 56, class: "goal-word" }, "GOLD"));
}

function stone() {
  return svg("g", { class: "stone" },
    svg("path", { d: "M33 38 L37 24 L50 20 L58 30 L55 40 L42 43 Z" }),
    svg("text", { x: 45, y: 56, class: "goal-word" }, "stone"));
}

/** A path card (start, goal, tunnel, ...) as an SVG picture, turned or not. */
function pathCard(view, id, turned) {
  const info = cardInfo(view, id);
  const picture = svg("svg", { viewBox: "0 0 90 60",
    class: `card-svg kind-${info ? info.kind : "x"}`,
    "aria-hidden": "true", focusable: "false" });
  picture.append(svg("rect", { x: 1, y: 1, width: 88, height: 58, rx: 5, class: "rock-bg" }));
  if (!info) return picture;
  const paths = info.paths.map((p) => turnSides(p, turned));
  for (const sides of paths) picture.append(...pathShape(sides, paths.length > 1));
  for (const side of turnSides(info.stubs || "", turned)) picture.append(...stub(side));
  if (info.ladder) picture.append(ladder());
  if (info.door) picture.append(door(info.door));
  if (info.crystals) picture.append(...crystals(info.crystals));
  if (info.kind === "goal") picture.append(info.treasure ? nugget() : stone());
  if (info.kind === "start") {
    picture.append(svg("text", { x: 45, y: 57, class: "start-word" }, "START"));
  }
  return picture;
}

function goalBack(seen) {
  return svg("svg", { viewBox: "0 0 90 60", class: "card-svg goal-back", "aria-hidden": "true",
    focusable: "false" },
  svg("rect", { x: 1, y: 1, width: 88, height: 58, rx: 5 }),
  svg("text", { x: 45, y: seen ? 30 : 40, class: "goal-q" }, "?"),
  seen ? null : svg("text", { x: 45, y: 54, class: "goal-word" }, "goal"));
}

// --- icons for action cards, tools, roles ---------------------------------------------------
const ICONS = {
  pickaxe: "M3 12 Q16 -1 29 12 M16 6 L16 29",
  lamp: "M10 10 H22 L20 22 H12 Z M13 22 V26 H19 V22 M16 4 V10",
  cart: "M4 9 H28 L24 21 H8 Z M11 25 m-3 0 a3 3 0 1 0 6 0 a3 3 0 1 0 -6 0 " +
    "M24 25 m-3 0 a3 3 0 1 0 6 0 a3 3 0 1 0 -6 0",
  rockfall: "M4 26 L9 16 L15 20 L20 10 L28 26 Z M8 6 L11 9 M15 3 L16 7 M22 5 L20 8",
  map: "M4 6 L12 3 L20 6 L28 3 V26 L20 29 L12 26 L4 29 Z M12 3 V26 M20 6 V29 " +
    "M22 14 l4 4 m0 -4 l-4 4",
  theft: "M10 10 Q16 4 22 10 Q30 18 26 26 H6 Q2 18 10 10 Z M12 7 L20 7 M16 14 V22 M13 16 H19",
  hands_off: "M9 28 V12 M13 28 V8 M17 28 V8 M21 28 V12 M7 18 L9 28 H23 L25 16 M4 4 L28 28",
  swap_hand: "M4 11 H24 L19 6 M28 21 H8 L13 26",
  inspection: "M2 16 Q16 4 30 16 Q16 28 2 16 Z M16 12 a4 4 0 1 0 0.01 0",
  swap_hats: "M4 22 H28 M9 22 Q9 8 16 8 Q23 8 23 22 M20 4 L25 8 L20 12",
  trapped: "M5 5 H27 V27 H5 Z M11 5 V27 M16 5 V27 M21 5 V27",
  free_at_last: "M5 5 H27 V27 H5 Z M11 5 V27 M16 5 V14 M21 5 V27 M16 20 a2 2 0 1 0 0.01 0",
  gold: "M5 24 L10 12 H22 L27 24 Z M10 12 L16 20 L22 12",
};

function icon(name, extra = "") {
  return svg("svg", { viewBox: "0 0 32 32", class: `icon icon-${name} ${extra}`,
    "aria-hidden": "true",
    focusable: "false" }, svg("path", { d: ICONS[name] || ICONS.map }));
}

function brokenMark() {
  return svg("path", { d: "M3 3 L29 29", class: "broken-slash" });
}

function actionCard(view, id) {
  const info = cardInfo(view, id);
  const kind = info ? info.kind : "map";
  const box = svg("svg", { viewBox: "0 0 90 60", class: `card-svg action kind-${kind}`,
    "aria-hidden": "true", focusable: "false" },
  svg("rect", { x: 1, y: 1, width: 88, height: 58, rx: 5, class: "action-bg" }));
  const tools = toolsOf(view, id);
  const names = tools.length ? tools : [kind];
  names.forEach((name, i) => {
    const x = names.length === 1 ? 29 : 12 + i * 36;
    const g = svg("g", { transform: `translate(${x} 6)` },
      svg("path", { d: ICONS[name] || ICONS.map, class: "action-icon" }));
    if (kind === "broken") g.append(brokenMark());
    box.append(g);
  });
  if (kind === "repair") {
    box.append(svg("path", { d: "M70 44 L76 50 L86 36", class: "repair-tick" }));
  }
  return box;
}

// --- the parts of the board -------------------------------------------------------------------
function skeleton(root, ctx) {
  const { h } = ctx;
  root.replaceChildren(
    patternDefs(),
    h("div", { class: "sab-top" }),
    h("div", { class: "sab-players", role: "list", "aria-label": "The dwarves" }),
    h("div", { class: "sab-frame" },
      h("div", { class: "sab-tools", role: "toolbar", "aria-label": "The maze's zoom" }),
      h("div", { class: "sab-scroll", tabindex: "0", role: "region",
        "aria-label": "The mine (scroll; + and - zoom)" }, h("div", { class: "sab-maze" }))),
    h("div", { class: "sab-act", "aria-live": "polite" }),
    h("div", { class: "sab-hand", role: "group", "aria-label": "Your hand" }),
    h("div", { class: "sab-share" }));
  const scroller = root.querySelector(".sab-scroll");
  scroller.addEventListener("scroll", () => {
    ui.scroll = [scroller.scrollLeft, scroller.scrollTop];
  });
  scroller.addEventListener("wheel", (event) => {
    if (!event.ctrlKey && !event.metaKey) return;
    event.preventDefault();
    zoomBy(root, event.deltaY < 0 ? 1 : -1);
  }, { passive: false });
  pinchZoom(root, scroller);
  scroller.addEventListener("keydown", (event) => arrowKey(root, event));
  drawTools(root, ctx);
  return scroller;
}

function patternDefs() {
  return svg("svg", { class: "sab-defs", width: 0, height: 0, "aria-hidden": "true" },
    svg("defs", {},
      svg("pattern", { id: "sab-stripes", width: 6, height: 6, patternUnits: "userSpaceOnUse" },
        svg("path", { d: "M0 1.5 H6", class: "pattern-ink" })),
      svg("pattern", { id: "sab-dots", width: 6, height: 6, patternUnits: "userSpaceOnUse" },
        svg("circle", { cx: 3, cy: 3, r: 1.3, class: "pattern-dot" }))));
}

function drawTools(root, ctx) {
  const { h } = ctx;
  const tools = root.querySelector(".sab-tools");
  const button = (text, label, step) => {
    const b = h("button", { type: "button", class: "sab-zoom", "aria-label": label, title: label },
      text);
    b.addEventListener("click", () => zoomBy(root, step));
    return b;
  };
  const fit = h("button", { type: "button", class: "sab-zoom wide", title: "Show the whole mine" },
    "Whole mine");
  fit.addEventListener("click", () => fitMaze(root));
  tools.replaceChildren(button("−", "Zoom out", -1), button("+", "Zoom in", 1), fit,
    h("span", { class: "sab-zoom-level" }));
}

/** Zoom to ZOOMS[index] about `focus` (the frame's middle); `chosen`: by the player (a fit the
 * board makes by itself is not, so it may fit again at the game's end). */
function setZoom(root, index, focus = null, chosen = true) {
  if (chosen) ui.zoomed = true;
  const scroller = root.querySelector(".sab-scroll");
  const before = ZOOMS[ui.zoom];
  ui.zoom = Math.max(0, Math.min(ZOOMS.length - 1, index));
  const after = ZOOMS[ui.zoom];
  const [fx, fy] = focus || [scroller.clientWidth / 2, scroller.clientHeight / 2];
  const cx = (scroller.scrollLeft + fx) / before;
  const cy = (scroller.scrollTop + fy) / before;
  applyZoom(root);
  scroller.scrollLeft = cx * after - fx;
  scroller.scrollTop = cy * after - fy;
}

function zoomBy(root, step, focus = null) {
  setZoom(root, ui.zoom + step, focus);
}

function applyZoom(root) {
  const z = ZOOMS[ui.zoom];
  const maze = root.querySelector(".sab-maze");
  maze.style.setProperty("--cw", `${Math.round(CELL_W * z)}px`);
  maze.style.setProperty("--ch", `${Math.round(CELL_H * z)}px`);
  const level = root.querySelector(".sab-zoom-level");
  if (level) level.textContent = `${Math.round(z * 100)}%`;
}

/** The largest zoom (at most 100%, at least `least`) showing the mine's whole width. */
function over(view) {
  return view.current_player === null || view.current_player === undefined;
}

function fitMaze(root, least = 0, chosen = true) {
  const scroller = root.querySelector(".sab-scroll");
  const maze = root.querySelector(".sab-maze");
  const columns = Number(maze.dataset.columns || 1);
  let best = 0;
  ZOOMS.forEach((z, i) => {
    const width = columns * (CELL_W * z + 2) + 16;
    if (z >= least && z <= 1 && width <= scroller.clientWidth) best = i;
  });
  if (ZOOMS[best] < least) best = ZOOMS.findIndex((z) => z >= least);
  setZoom(root, best, null, chosen);
  scroller.scrollLeft = 0;
  scroller.scrollTop = 0;
}

function pinchZoom(root, scroller) {
  const touches = new Map();
  const spread = () => {
    const [a, b] = [...touches.values()];
    return Math.hypot(a[0] - b[0], a[1] - b[1]);
  };
  scroller.addEventListener("pointerdown", (event) => {
    if (event.pointerType !== "touch") return;
    touches.set(event.pointerId, [event.clientX, event.clientY]);
    if (touches.size === 2) ui.pinch = spread();
  });
  scroller.addEventListener("pointermove", (event) => {
    if (!touches.has(event.pointerId)) return;
    touches.set(event.pointerId, [event.clientX, event.clientY]);
    if (touches.size !== 2 || !ui.pinch) return;
    const ratio = spread() / ui.pinch;
    if (ratio > 1.2 || ratio < 0.83) {
      zoomBy(root, ratio > 1 ? 1 : -1);
      ui.pinch = spread();
    }
  });
  const end = (event) => {
    touches.delete(event.pointerId);
    if (touches.size < 2) ui.pinch = null;
  };
  scroller.addEventListener("pointerup", end);
  scroller.addEventListener("pointercancel", end);
}

function drawTop(root, ctx, view) {
  const { h } = ctx;
  const top = root.querySelector(".sab-top");
  const parts = [
    h("span", { class: "sab-round" }, `Round ${view.round} of ${view.rounds}`),
    pileCounter(ctx, view),
  ];
  if (view.face_down_discards || (view.face_up_discards || []).length) {
    const discards = h("span", { class: "sab-discards", tabindex: "0" },
      `Discards: ${(view.face_up_discards || []).length} face up, ` +
      `${view.face_down_discards} face down`);
    ctx.tip(discards, "The discards",
      (view.face_up_discards || []).length
        ? `Face up: ${view.face_up_discards.map((id) => cardName(view, id)).join(", ")}.` +
          (view.my_discards && view.my_discards.length
            ? ` Yours face down: ${view.my_discards.map((id) => cardName(view, id)).join(", ")}.`
            : "")
        : "Cards passed face down; nobody sees them.");
    parts.push(discards);
  }
  if (view.dwarf) {
    const role = h("span", { class: `sab-role team-${roleTeam(view.dwarf)}`, tabindex: "0" },
      icon(roleTeam(view.dwarf) === "saboteur" ? "rockfall" : "pickaxe"),
      h("span", {}, h("strong", {}, `You are: ${roleName(view, view.dwarf)}`),
        h("small", {}, " (only you see this)")));
    ctx.tip(role, `Your dwarf: ${roleName(view, view.dwarf)}`,
      `${view.dwarves[view.dwarf] || ""} — only you see this card.`);
    parts.push(role);
  }
  top.replaceChildren(...parts);
}

function pileCounter(ctx, view) {
  const { h } = ctx;
  const pile = h("span", { class: "sab-pile", tabindex: "0" },
    h("span", { class: "sab-back big", "aria-hidden": "true" }),
    `Draw pile: ${view.pile} card${view.pile === 1 ? "" : "s"}`);
  ctx.tip(pile, "The draw pile", `${view.pile} cards left to draw; ` +
    `${view.removed} were set aside ` +
    "unseen at the deal. When it is used up and nobody can play, the round ends.");
  return pile;
}

function drawPlayers(root, ctx, view, read) {
  const { h } = ctx;
  const list = root.querySelector(".sab-players");
  const seen = new Map((view.inspected || [])
    .map(([seat, dwarf]) => [Number(seat), String(dwarf)]));
  const known = new Map((view.known_hands || []).map(([seat, cards]) => [Number(seat), cards]));
  const picked = ui.card ? read.play.get(ui.card) || [] : [];
  const acted = lastActors(ctx);
  list.replaceChildren(...view.players_list.map((seat) => {
    const tableau = view.tableaux[seat] || { broken: [], trapped: null, theft: null };
    const current = view.current_player === seat;
    const panel = h("div", { class: "sab-dwarf", role: "listitem", "data-seat": seat,
      "data-current": current ? "1" : null, "data-you": seat === ctx.seat ? "1" : null });
    const head = h("div", { class: "sab-dwarf-head" },
      h("span", { class: "sab-name" }, seatName(ctx, seat)),
      current ? h("span", { class: "sab-playing" }, "▶ to play") : null,
      acted.has(seat) && !current ? h("span", { class: "sab-just" }, "just played") : null);
    const backs = h("span", { class: "sab-backs", tabindex: "0" },
      Array.from({ length: Math.min(view.hand_sizes[seat], 8) },
        () => h("span", { class: "sab-back", "aria-hidden": "true" })),
      h("span", { class: "sab-count" }, `${view.hand_sizes[seat]} in hand`));
    ctx.tip(backs, `${seatName(ctx, seat)}'s hand`, `${view.hand_sizes[seat]} cards, face down.`);
    const gold = h("span", { class: "sab-gold", tabindex: "0" }, icon("gold"),
      ctx.money(view.gold[seat], "gold"));
    ctx.tip(gold, "Gold",
      `${seatName(ctx, seat)} holds ${view.gold[seat]} gold from the rounds played.`);
    const front = h("div", { class: "sab-front" },
      tableau.broken.map((id) => toolChip(ctx, view, id, seat)),
      tableau.trapped ? statusChip(ctx, view, tableau.trapped, "trapped", "In prison") : null,
      tableau.theft ? theftChip(ctx, view, tableau.theft, seat) : null);
    if (!front.childNodes.length) front.append(h("span", { class: "sab-muted" }, "tools whole"));
    const role = seen.get(seat);
    ctx.append(panel, [head, h("div", { class: "sab-dwarf-row" }, backs, gold, front,
      role ? roleSeen(ctx, view, role) : null, knownCards(ctx, view, known.get(seat)))]);
    const targets = picked.filter((option) => option.seat === seat);
    const steals = read.steal.filter((option) => option.seat === seat);
    if (targets.length || steals.length) {
      panel.classList.add("lit");
      panel.append(h("div", { class: "sab-targets" },
        targets.map((option) => actButton(ctx, option.action,
          option.tool ? `Mend the ${option.tool}`
            : `Play on ${seat === ctx.seat ? "yourself" : seatName(ctx, seat)}`,
          `${cardName(view, ui.card)} on ${seatName(ctx, seat)}`, option.text)),
        steals.map((option) => actButton(ctx, option.action, "Steal 1 gold",
          `Steal from ${seatName(ctx, seat)}`, option.text))));
    }
    return panel;
  }));
}

function lastActors(ctx) {
  return new Set((ctx.lastEvents || []).map((event) => event.seat)
    .filter((seat) => seat !== null && seat !== undefined));
}

function roleSeen(ctx, view, dwarf) {
  const chip = ctx.h("span", { class: `sab-chip seen team-${roleTeam(dwarf)}`, tabindex: "0" },
    icon("inspection"), `You saw: ${roleName(view, dwarf)}`);
  ctx.tip(chip, roleName(view, dwarf), `${view.dwarves[dwarf] || ""} (seen by Inspection)`);
  return chip;
}

function toolChip(ctx, view, id, seat) {
  const tool = toolsOf(view, id)[0] || "tool";
  const chip = ctx.h("span", { class: `sab-chip broken tool-${tool}`, tabindex: "0" },
    svg("svg", { viewBox: "0 0 32 32", class: "icon", "aria-hidden": "true" },
      svg("path", { d: ICONS[tool] || ICONS.pickaxe }), brokenMark()),
    `${capital(tool)} broken`);
  ctx.tip(chip, cardName(view, id),
    `${cardText(view, id)} — in front of ${seatName(ctx, seat)}.`);
  return chip;
}

/** A Theft card, numbered in the order the Thefts were played (the latest steals first). */
function theftChip(ctx, view, id, seat) {
  const order = (view.theft_order || []).indexOf(seat);
  if (order < 0) return statusChip(ctx, view, id, "theft", "Theft");
  return statusChip(ctx, view, id, "theft", `Theft #${order + 1}`,
    ` — played #${order + 1} of ${view.theft_order.length}; the latest Theft steals first.`);
}

/** The cards this seat knows in another's hand (after Swap your hand). */
function knownCards(ctx, view, cards) {
  if (!cards || !cards.length) return null;
  const names = cards.map((id) => cardName(view, id));
  const chip = ctx.h("span", { class: "sab-chip seen", tabindex: "0" }, icon("swap_hand"),
    `You know ${cards.length} of their cards`);
  ctx.tip(chip, "Cards you know in this hand", `${names.join(", ")} (from a Swap your hand).`);
  return chip;
}

function statusChip(ctx, view, id, kind, words, note = "") {
  const chip = ctx.h("span", { class: `sab-chip ${kind}`, tabindex: "0" }, icon(kind), words);
  ctx.tip(chip, cardName(view, id), cardText(view, id) + note);
  return chip;
}

function actButton(ctx, action, text, label, tipText) {
  const button = ctx.h("button", { type: "button", class: "sab-go", "data-action": action,
    "aria-label": label }, text);
  button.addEventListener("click", () => ctx.act(action));
  if (tipText) ctx.tip(button, label, tipText);
  return button;
}

// --- the maze -------------------------------------------------------------------------------
function extent(view, lit) {
  const xs = [-1, 9];
  const ys = [-3, 3];
  for (const item of view.maze) {
    xs.push(item.cell[0] - 1, item.cell[0] + 1);
    ys.push(item.cell[1] - 1, item.cell[1] + 1);
  }
  for (const goal of view.goals) {
    xs.push(goal.cell[0] + 1);
    ys.push(goal.cell[1] - 1, goal.cell[1] + 1);
  }
  for (const cell of lit.keys()) {
    const [x, y] = cell.split(",").map(Number);
    xs.push(x, x); ys.push(y, y);
  }
  const [c0, c1] = view.columns || [-99, 99];
  const [r0, r1] = view.rows || [-99, 99];
  return [Math.max(c0, Math.min(...xs)), Math.min(c1, Math.max(...xs)),
    Math.max(r0, Math.min(...ys)), Math.min(r1, Math.max(...ys))];
}

/** The lit cells: `x,y` -> {actions by way ("upright", "turned", "play"), label}. */
function litCells(view, read) {
  const lit = new Map();
  if (!ui.card) return lit;
  const group = read.place.get(ui.card);
  if (group) {
    for (const cell of group.cells) {
      const ways = {};
      for (const o of cell.orientations) ways[o.name] = o.action;
      lit.set(key(cell.x, cell.y), ways);
    }
  }
  for (const option of read.play.get(ui.card) || []) {
    if (option.cell) lit.set(key(...option.cell), { play: option.action, text: option.text });
  }
  return lit;
}

function drawMaze(root, ctx, view, read) {
  const maze = root.querySelector(".sab-maze");
  const lit = litCells(view, read);
  const [x0, x1, y0, y1] = extent(view, lit);
  const scroller = root.querySelector(".sab-scroll");
  const shift = ui.origin ? [ui.origin[0] - x0, ui.origin[1] - y0] : [0, 0];
  maze.style.setProperty("--columns", String(x1 - x0 + 1));
  maze.style.setProperty("--rows", String(y1 - y0 + 1));
  maze.dataset.columns = String(x1 - x0 + 1);
  maze.dataset.rows = String(y1 - y0 + 1);
  applyZoom(root);
  const laid = new Map(view.maze.map((item) => [key(...item.cell), item]));
  for (const [at, item] of revealedGoals(view)) if (!laid.has(at)) laid.set(at, item);
  const goals = new Map(view.goals.map((goal) => [key(...goal.cell), goal]));
  const reached = new Set((view.reached || []).map((cell) => key(...cell)));
  const last = lastLaid(ctx);
  const cells = [];
  for (let y = y0; y <= y1; y++) {
    for (let x = x0; x <= x1; x++) {
      const at = key(x, y);
      const cell = drawCell(ctx, view, { x, y, laid: laid.get(at), goal: goals.get(at),
        lit: lit.get(at), reached: reached.has(at), last: last.has(at) });
      cell.style.gridColumn = String(x - x0 + 1);
      cell.style.gridRow = String(y - y0 + 1);
      cells.push(cell);
    }
  }
  maze.replaceChildren(...cells);
  maze.classList.toggle("picking", lit.size > 0);
  rovingStop(maze, lit.size > 0 && `${ui.card}/${ui.turned}` !== ui.shown);
  if (!ui.origin) {
    // first drawn: the start near the left, the goals' column in sight where the frame allows
    requestAnimationFrame(() => {
      // a wide frame fits the mine's width; a phone's keeps cards at touch size and scrolls
      if (!ui.scroll && !ui.zoomed && scroller.clientWidth >= 560) fitMaze(root, 0.6, false);
      if (ui.scroll) {
        [scroller.scrollLeft, scroller.scrollTop] = ui.scroll;
      } else {
        scroller.scrollLeft = Math.max(0, (-x0 - 0.5) * pitch(CELL_W));
        scroller.scrollTop = Math.max(0, (-y0 + 0.5) * pitch(CELL_H) - scroller.clientHeight / 2);
      }
    });
  } else if (over(view) && !ui.zoomed && !ui.endFitted && scroller.clientWidth >= 560) {
    // the game is over: a wide frame shows the whole mine once (a phone's still scrolls)
    ui.endFitted = true;
    requestAnimationFrame(() => fitMaze(root, 0.5, false));
  } else if (shift[0] || shift[1]) {
    scroller.scrollLeft += shift[0] * pitch(CELL_W);
    scroller.scrollTop += shift[1] * pitch(CELL_H);
  } else if (ui.scroll && scroller.scrollLeft === 0 && scroller.scrollTop === 0) {
    [scroller.scrollLeft, scroller.scrollTop] = ui.scroll;
  }
  ui.origin = [x0, y0];
  const picking = lit.size ? `${ui.card}/${ui.turned}` : null;
  if (picking && picking !== ui.shown) {
    showLit(scroller, lit, x0, y0);
    if (ui.card !== ui.brought) bringMazeIntoSight(root);
  }
  ui.brought = picking ? ui.card : null;
  ui.shown = picking;
}

/** On a phone (the hand above the mine, see saboteur.css) a card just picked brings the line
 * that says where it fits, with its Turn button, and the mine below it into sight. */
function bringMazeIntoSight(root) {
  if (!window.matchMedia(PHONE).matches) return;
  const frame = root.querySelector(".sab-frame").getBoundingClientRect();
  if (frame.bottom <= window.innerHeight && frame.top >= 0) return;
  requestAnimationFrame(() => root.querySelector(".sab-act").scrollIntoView({ block: "start" }));
}

/** The mine is one tab stop (the card last gone to, the first lit cell of a new pick, else
 * the start); the arrow keys move between its cards, goals and lit cells. */
function rovingStop(maze, picked) {
  const stops = [...maze.querySelectorAll(".sab-cell[tabindex]")];
  const at = (x, y) => stops.find((c) => c.dataset.x === String(x) && c.dataset.y === String(y));
  const first = picked ? maze.querySelector(".sab-cell.lit") : null;
  const stop = first || (ui.cursor && at(...ui.cursor)) || at(0, 0) || stops[0];
  if (stop) setStop(maze, stop);
}

function setStop(maze, cell) {
  for (const other of maze.querySelectorAll('.sab-cell[tabindex="0"]')) other.tabIndex = -1;
  cell.tabIndex = 0;
  ui.cursor = [Number(cell.dataset.x), Number(cell.dataset.y)];
}

const ARROWS = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };

/** An arrow key in the mine: to the nearest card (or lit cell) that way, the same row or
 * column first. */
function arrowKey(root, event) {
  const step = ARROWS[event.key];
  const from = event.target.closest && event.target.closest(".sab-cell");
  if (!step || !from) return;
  event.preventDefault();
  const [fx, fy] = [Number(from.dataset.x), Number(from.dataset.y)];
  let best = null;
  let bestScore = Infinity;
  for (const cell of root.querySelectorAll(".sab-cell[tabindex]")) {
    const dx = Number(cell.dataset.x) - fx;
    const dy = Number(cell.dataset.y) - fy;
    const ahead = dx * step[0] + dy * step[1];
    if (ahead <= 0) continue;
    const aside = Math.abs(dx * step[1]) + Math.abs(dy * step[0]);
    const score = ahead + aside * 4;
    if (score < bestScore) {
      best = cell;
      bestScore = score;
    }
  }
  if (!best) return;
  setStop(root.querySelector(".sab-maze"), best);
  best.focus();
}

/** A column's (CELL_W) or a row's (CELL_H) width on screen at the zoom: the card and the gap. */
function pitch(size) {
  return Math.round(size * ZOOMS[ui.zoom]) + 2;
}

/** Scroll the mine (only its frame) so that the lit cells are in sight, if none is. */
function showLit(scroller, lit, x0, y0) {
  const w = pitch(CELL_W);
  const hgt = pitch(CELL_H);
  const spots = [...lit.keys()].map((at) => at.split(",").map(Number))
    .map(([x, y]) => [8 + (x - x0) * w, 8 + (y - y0) * hgt]);
  const seen = spots.some(([left, top]) => left >= scroller.scrollLeft &&
    top >= scroller.scrollTop &&
    left + w <= scroller.scrollLeft + scroller.clientWidth &&
    top + hgt <= scroller.scrollTop + scroller.clientHeight);
  if (seen || !spots.length) return;
  const lefts = spots.map(([left]) => left);
  const tops = spots.map(([, top]) => top);
  const middle = [(Math.min(...lefts) + Math.max(...lefts) + w) / 2,
    (Math.min(...tops) + Math.max(...tops) + hgt) / 2];
  scroller.scrollLeft = middle[0] - scroller.clientWidth / 2;
  scroller.scrollTop = middle[1] - scroller.clientHeight / 2;
}

/** The goals this round's log turned up: reached by a path ("goal"), or all at the round's
 * end ("end"); they stay drawn face up while the round's end shows. */
function revealedGoals(view) {
  const log = view.log || [];
  let start = log.length;
  const began = (event) => event.kind === "round" && event.round === view.round;
  while (start > 0 && !began(log[start - 1])) start -= 1;
  const found = new Map();
  for (const event of log.slice(start)) {
    if (event.kind === "goal" && Array.isArray(event.cell)) {
      found.set(key(...event.cell),
        { card: event.card, turned: Boolean(event.turned), revealed: true });
    } else if (event.kind === "end" && Array.isArray(event.goals)) {
      for (const [cell, card] of event.goals) {
        found.set(key(...cell), { card, turned: false, revealed: true });
      }
    }
  }
  return found;
}

function lastLaid(ctx) {
  const cells = new Set();
  for (const event of ctx.lastEvents || []) {
    if (Array.isArray(event.cell)) cells.add(key(...event.cell));
  }
  return cells;
}

function drawCell(ctx, view, spot) {
  const { h } = ctx;
  const { x, y, laid, goal, lit } = spot;
  const classes = ["sab-cell"];
  if (spot.last) classes.push("last");
  if (laid && spot.reached) classes.push("reached");
  let picture = null;
  let title = null;
  let text = "";
  if (laid) {
    picture = pathCard(view, laid.card, laid.turned);
    title = cardName(view, laid.card);
    text = `${cardText(view, laid.card)}${laid.turned ? " (turned)" : ""}` +
      (spot.reached ? "; reached from a ladder" : "") +
      (laid.revealed ? " — turned up this round" : "");
    classes.push("laid");
    if (laid.revealed) classes.push("revealed");
  } else if (goal) {
    const seen = !goal.face_up && goal.card !== null && goal.card !== undefined;
    picture = goalBack(seen);
    title = "Goal card, face down";
    text = "One of the three goals hides the treasure; the others are stone. A path reaching " +
      "it turns it up.";
    classes.push("goal");
    if (seen) {
      const treasure = cardInfo(view, goal.card) && cardInfo(view, goal.card).treasure;
      title = `Goal, face down: you looked (${treasure ? "the treasure" : "a stone"})`;
      text = `A Map showed you this goal: ${treasure ? "the treasure" : "stone"}. Only you know.`;
      classes.push("seen", treasure ? "seen-gold" : "seen-stone");
    }
  }
  if (!lit) {
    const cell = h("div", { class: classes.join(" "), "data-x": x, "data-y": y },
      picture,
      !laid && goal && goal.card && !goal.face_up ? seenBadge(ctx, view, goal.card) : null);
    if (title) {
      cell.tabIndex = -1;  // the mine is one tab stop; the arrows go from card to card
      cell.setAttribute("role", "img");
      cell.setAttribute("aria-label", `${title} at ${x} ${y}`);
      ctx.tip(cell, title, text);
    }
    return cell;
  }
  return litCell(ctx, view, spot, picture, classes, title);
}

function seenBadge(ctx, view, card) {
  const info = cardInfo(view, card);
  return ctx.h("span", { class: `sab-seen ${info && info.treasure ? "gold" : "stone"}` },
    "you looked ", ctx.h("br"), info && info.treasure ? "GOLD" : "stone");
}

/** A cell the picked card may go to: a button that lays or plays it there. */
function litCell(ctx, view, spot, picture, classes, title) {
  const { h } = ctx;
  const { x, y, lit } = spot;
  const way = ui.turned ? "turned" : "upright";
  let action = lit.play || lit[way] || null;
  let words;
  let turnFirst = false;
  if (lit.play) {
    words = `${cardName(view, ui.card)} at ${x} ${y}` + (title ? ` (${title})` : "");
  } else if (action) {
    words = `Lay ${cardName(view, ui.card)} here${ui.turned ? ", turned" : ""} (${x} ${y})`;
  } else {
    // fits only the other way up: a click turns the card first
    turnFirst = true;
    words = `Fits here only ${ui.turned ? "upright" : "turned"}: turn the card (${x} ${y})`;
  }
  classes.push("lit", turnFirst ? "other-way" : "fits");
  const button = h("button", { type: "button", class: classes.join(" "), "data-x": x, "data-y": y,
    "data-action": action, "aria-label": words, tabindex: "-1" },
  picture || (turnFirst ? h("span", { class: "sab-turn-hint" }, "↻") :
    ghost(view)), !spot.laid && spot.goal && spot.goal.card && !spot.goal.face_up
    ? seenBadge(ctx, view, spot.goal.card) : null);
  button.addEventListener("click", () => {
    if (turnFirst) {
      ui.turned = !ui.turned;
      redraw();
    } else {
      ctx.act(action);
    }
  });
  ctx.tip(button, words, lit.play ? lit.text : cardText(view, ui.card));
  return button;
}

function ghost(view) {
  const picture = pathCard(view, ui.card, ui.turned);
  picture.classList.add("ghost");
  return picture;
}

// --- the hand and what to do ------------------------------------------------------------------
function drawHand(root, ctx, view, read) {
  const { h } = ctx;
  const hand = root.querySelector(".sab-hand");
  const cards = view.hand || [];
  if (view.seat === null || view.seat === undefined || ctx.seat === null) {
    hand.replaceChildren(h("p", { class: "sab-muted" }, "You are watching: the hands are hidden."));
    return;
  }
  const heading = h("h3", { class: "sab-hand-title" }, `Your hand (${cards.length})`);
  hand.replaceChildren(heading, ...cards.map((id, slot) => {
    const info = cardInfo(view, id);
    const picked = ui.card === id && ui.slot === slot;
    const usable = read.place.has(id) || read.play.has(id) || read.discard.has(id);
    const button = h("button", { type: "button", class: "sab-card",
      "aria-pressed": picked ? "true" : "false", "data-card-slot": slot,
      "data-usable": usable ? "1" : "0" },
    info && info.path ? pathCard(view, id, picked && ui.turned) : actionCard(view, id),
    h("span", { class: "sab-card-name" }, cardName(view, id)));
    button.addEventListener("click", () => {
      if (picked) {
        ui.card = null;
        ui.slot = -1;
      } else {
        ui.card = id;
        ui.slot = slot;
        ui.turned = false;
      }
      redraw();
    });
    ctx.tip(button, cardName(view, id), cardText(view, id));
    return button;
  }));
}

function cannotDig(ctx, view) {
  if (ctx.seat === null || ctx.seat === undefined) return "";
  const tableau = view.tableaux[ctx.seat];
  if (!tableau) return "";
  const why = [];
  const ends = [];
  for (const id of tableau.broken) why.push(`your ${toolsOf(view, id)[0] || "tool"} is broken`);
  if (tableau.broken.length) ends.push("a repair card mends a tool");
  if (tableau.trapped) {
    why.push("you are trapped in prison");
    ends.push("a Free at last card frees you");
  }
  if (!why.length) return "";
  return `You cannot lay path cards: ${why.join(" and ")}. ${capital(ends.join(", "))}, ` +
    "or pay 2 cards (D).";
}

function drawAct(root, ctx, view, read) {
  const { h } = ctx;
  const box = root.querySelector(".sab-act");
  const parts = [];
  const decision = ctx.decision;
  if (!decision) {
    const over = view.current_player === null || view.current_player === undefined;
    parts.push(h("p", { class: "sab-muted" }, over ? "The game is over." :
      `${seatName(ctx, view.current_player)} is playing.` +
      (ui.card ? " Your card stays picked." : "")));
    box.replaceChildren(...parts);
    return;
  }
  parts.push(h("p", { class: "sab-prompt" }, promptWords(ctx, view, read)));
  const why = cannotDig(ctx, view);
  if (why && view.phase !== "steal" && view.phase !== "gold") {
    parts.push(h("p", { class: "sab-why" }, why));
  }
  const buttons = [];
  if (ui.card) {
    const group = read.place.get(ui.card);
    const ways = new Set(group
      ? group.cells.flatMap((c) => c.orientations.map((o) => o.name)) : []);
    if (ways.has("turned") || (ui.turned && ways.has("upright"))) {
      const turn = h("button", { type: "button", class: "sab-btn", "data-turn": "1",
        "aria-pressed": ui.turned ? "true" : "false" },
      ui.turned ? "↻ Turn back (R)" : "↻ Turn (R)");
      turn.addEventListener("click", () => { ui.turned = !ui.turned; redraw(); });
      buttons.push(turn);
    }
    const discard = read.discard.get(ui.card);
    if (discard) {
      buttons.push(actButton(ctx, discard, view.phase === "fixing" ? "Discard it to pay" :
        "Discard it (pass)", `Discard ${cardName(view, ui.card)}`,
      "Pass (C): discard this card face down, then draw."));
    }
    const cancel = h("button", { type: "button", class: "sab-btn quiet" }, "Put it back");
    cancel.addEventListener("click", () => { ui.card = null; ui.slot = -1; redraw(); });
    buttons.push(cancel);
  }
  for (const option of read.fix) {
    buttons.push(actButton(ctx, option.action, capital(option.label), capital(option.label),
      option.text));
  }
  if (read.draw) {
    buttons.push(actButton(ctx, read.draw.action, capital(read.draw.label),
      capital(read.draw.label),
      read.draw.text));
  }
  for (const option of read.take) {
    const button = actButton(ctx, option.action, "", capital(option.label), option.text);
    button.classList.add("sab-goldcard");
    button.append(icon("gold"), h("span", {}, capital(option.label)));
    buttons.push(button);
  }
  if (buttons.length) parts.push(h("div", { class: "sab-buttons" }, buttons));
  box.replaceChildren(...parts);
}

function promptWords(ctx, view, read) {
  if (view.phase === "steal") return "The round is over: steal 1 gold — click a lit dwarf.";
  if (view.phase === "gold") return "The round is over: take a gold card.";
  if (view.phase === "passing") {
    return `Passing: ${view.passed} card${view.passed === 1 ? "" : "s"} discarded. Pick another ` +
      "card to discard, or stop and draw.";
  }
  if (view.phase === "fixing") {
    return `Mending (D): pick the second card to discard.`;
  }
  if (!ui.card) {
    return "Your turn: pick a card from your hand — a path card to lay in the mine, an action " +
      "card to play, or any card to discard (pass).";
  }
  const name = cardName(view, ui.card);
  const group = read.place.get(ui.card);
  if (group) {
    const way = ui.turned ? "turned" : "upright";
    const fits = group.cells.filter((c) => c.orientations.some((o) => o.name === way)).length;
    const other = group.cells.length - fits;
    return `${name}: ${fits} lit place${fits === 1 ? "" : "s"} fit${fits === 1 ? "s" : ""} ` +
      `${way === "turned" ? "turned" : "this way up"}` +
      (other ? `; ${other} more only the other way (marked ↻)` : "") + ". Click one to lay it.";
  }
  const plays = read.play.get(ui.card);
  if (plays && plays.length) {
    const onSeats = plays.some((o) => o.seat !== undefined);
    return `${name}: click a lit ${onSeats ? "dwarf" : "card in the mine"} to play it.`;
  }
  if (cardInfo(view, ui.card) && cardInfo(view, ui.card).path) {
    return `${name} fits nowhere now` + (cannotDig(ctx, view) ? " (you cannot dig)" : "") +
      ": you may discard it.";
  }
  return `${name} has no target now: you may discard it.`;
}

// --- the share-out at a round's end -------------------------------------------------------------
function lastRoundEnd(view) {
  const log = view.log || [];
  let end = -1;
  for (let i = log.length - 1; i >= 0; i--) {
    if (log[i].kind === "end") { end = i; break; }
  }
  if (end < 0) return null;
  const after = log.slice(end + 1);
  const stop = after.findIndex((event) => event.kind === "round");
  const tail = stop < 0 ? after : after.slice(0, stop);
  const goals = [];
  for (let i = end - 1; i >= 0 && log[i].kind !== "round"; i--) {
    if (log[i].kind === "goal") goals.push([log[i].cell, log[i].card]);
  }
  goals.push(...(log[end].goals || []));
  return { end: log[end], goals, share: tail.find((e) => e.kind === "share") || null,
    steals: tail.filter((e) => e.kind === "steal"), takes: tail.filter((e) => e.kind === "take"),
    since: after.length, index: end };
}

/** "The goals: 8 -2 stone, 8 0 the treasure, 8 2 stone." from the goals turned up. */
function goalWords(view, goals) {
  const words = goals.filter(([cell]) => Array.isArray(cell))
    .sort(([a], [b]) => a[1] - b[1])
    .map(([cell, card]) => {
      const info = cardInfo(view, card);
      return `${cell[0]} ${cell[1]} ${info && info.treasure ? "the treasure" : "stone"}`;
    });
  return words.length ? `The goals turned up: ${words.join(", ")}.` : "";
}

function drawShare(root, ctx, view) {
  const { h } = ctx;
  const box = root.querySelector(".sab-share");
  const found = lastRoundEnd(view);
  if (!found) {
    box.replaceChildren();
    return;
  }
  const { end, share } = found;
  const over = view.current_player === null || view.current_player === undefined;
  const fresh = over || ["steal", "gold"].includes(view.phase) || found.since <= view.players;
  const open = ui.shareOpen.has(end.round) ? ui.shareOpen.get(end.round) : fresh;
  const stolen = new Map();
  const robbed = new Map();
  for (const steal of found.steals) {
    stolen.set(steal.seat, (stolen.get(steal.seat) || 0) + 1);
    robbed.set(steal.victim, (robbed.get(steal.victim) || 0) + 1);
  }
  const rows = view.players_list.map((seat) => {
    const dwarf = end.dwarves && end.dwarves[seat];
    const won = share && share.gold ? share.gold[seat] : 0;
    const moved = (stolen.get(seat) || 0) - (robbed.get(seat) || 0);
    const roleCell = h("td", { class: dwarf ? `team-${roleTeam(dwarf)}` : null },
      dwarf ? roleName(view, dwarf) : "—");
    if (dwarf) {
      roleCell.tabIndex = 0;
      ctx.tip(roleCell, roleName(view, dwarf), view.dwarves[dwarf] || "");
    }
    return h("tr", { class: end.connector === seat ? "connector" : null },
      h("th", { scope: "row" }, seatName(ctx, seat), end.connector === seat ? " ★" : ""),
      roleCell,
      h("td", { class: "num" }, won ? `+${won}` : "0"),
      h("td", { class: "num" }, moved ? (moved > 0 ? `+${moved}` : String(moved)) : ""),
      h("td", { class: "num" }, ctx.money(view.gold[seat], "gold")));
  });
  const who = end.connector === null || end.connector === undefined
    ? "The treasure was not reached."
    : `${seatName(ctx, end.connector)} reached the treasure (★).`;
  const details = h("details", { class: "sab-share-box", open: open ? "" : null },
    h("summary", {}, h("strong", {}, `Round ${end.round}: the share-out`), ` — ${who}`),
    h("table", { class: "sab-share-table" },
      h("thead", {}, h("tr", {}, h("th", { scope: "col" }, "Player"),
        h("th", { scope: "col" }, "Dwarf"),
        h("th", { scope: "col" }, "Gold won"), h("th", { scope: "col" }, "Theft"),
        h("th", { scope: "col" }, "Gold now"))),
      h("tbody", {}, rows)),
    h("p", {}, goalWords(view, found.goals)),
    (found.takes.length ? h("p", { class: "sab-muted" },
      `Gold cards taken: ${found.takes.map((t) => `${seatName(ctx, t.seat)} ${t.value}`)
        .join(", ")}.`) : null),
    h("p", { class: "sab-muted" }, "Dwarves are turned up at the round's end; gold won counts " +
      "the share-out before thefts."));
  details.addEventListener("toggle", () => ui.shareOpen.set(end.round, details.open));
  box.replaceChildren(details);
}

// --- refusals, keys ---------------------------------------------------------------------------
function showRefusal(root, ctx) {
  const refusal = ctx.refusal;
  if (!refusal) return;
  const note = ctx.h("p", { class: "sab-refusal", role: "alert" }, refusal.text);
  const target = [...root.querySelectorAll("[data-action]")]
    .find((element) => element.dataset.action === refusal.action);
  if (target && target.closest(".sab-dwarf")) {
    target.closest(".sab-dwarf").append(note);
  } else if (target && target.classList.contains("sab-cell")) {
    target.classList.add("refused");
    root.querySelector(".sab-act").prepend(note);
  } else {
    root.querySelector(".sab-act").prepend(note);
  }
}

function listenKeys() {
  if (ui.keys) return;
  ui.keys = true;
  document.addEventListener("keydown", (event) => {
    const ctx = ui.ctx;
    if (!ctx || !ui.card || event.altKey || event.ctrlKey || event.metaKey) return;
    if (event.target && ["INPUT", "TEXTAREA", "SELECT"].includes(event.target.tagName)) return;
    if (event.key === "r" || event.key === "R") {
      const turn = ui.root && ui.root.querySelector("[data-turn]");
      if (turn) {
        ui.turned = !ui.turned;
        redraw();
      }
    } else if (event.key === "Escape") {
      ui.card = null;
      ui.slot = -1;
      redraw();
    }
  });
}

function redraw() {
  if (ui.root && ui.ctx) drawBoard(ui.root, ui.ctx);
}

/** Forget a picked card the hand or the decision no longer holds. */
function checkPick(view) {
  const hand = view.hand || [];
  if (!ui.card) return;
  if (hand[ui.slot] !== ui.card) ui.slot = hand.indexOf(ui.card);
  if (ui.slot < 0) {
    ui.card = null;
    ui.turned = false;
  }
}

export function drawBoard(root, ctx) {
  const view = { ...ctx.view };
  view.players_list = Array.from({ length: view.players }, (_, seat) => seat);
  ui.ctx = ctx;
  ui.root = root;
  root.dataset.phase = view.phase || "";
  checkPick(view);
  const read = readDecision(ctx.decision);
  const focused = document.activeElement && root.contains(document.activeElement)
    ? focusKey(document.activeElement) : null;
  if (!root.querySelector(".sab-scroll")) {
    ui.origin = null;
    skeleton(root, ctx);
  }
  drawTop(root, ctx, view);
  drawPlayers(root, ctx, view, read);
  drawMaze(root, ctx, view, read);
  drawAct(root, ctx, view, read);
  drawHand(root, ctx, view, read);
  drawShare(root, ctx, view);
  showRefusal(root, ctx);
  restoreFocus(root, focused);
  listenKeys();
}

/** Where the keyboard was, to put it back after a redraw (a hand card, a cell, a button). */
function focusKey(element) {
  const data = element.dataset;
  if (data.cardSlot !== undefined) return `[data-card-slot="${data.cardSlot}"]`;
  if (data.x !== undefined) return `.sab-cell[data-x="${data.x}"][data-y="${data.y}"]`;
  if (data.turn) return "[data-turn]";
  if (element.classList.contains("sab-scroll")) return ".sab-scroll";
  return null;
}

function restoreFocus(root, selector) {
  if (!selector) return;
  const element = root.querySelector(selector);
  if (element) element.focus({ preventScroll: true });
}
