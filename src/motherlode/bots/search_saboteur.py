"""What the search bot knows of Saboteur Gold: a state built from one seat's view alone, for it
to determinize, a cheap greedy policy for its rollouts, and a value of a playout cut short.

Everything public is copied from the view (the maze, the tableaux, the gold, the discards face
up, the round, the turn, the log). What the seat cannot see is filled with placeholders that
agree in number with what it knows: the other hands (the cards it saw there by Swap your hand
kept), the other seats' face-down discards, the cards set aside and the pile (the deck less
every card the seat has seen), the dwarves it has not seen, the goals it has not looked at and
the base mode's gold deck. `State.determinize(seat, rng)` then deals exactly those parts again,
so the search plays on states the seat cannot tell from the real one, built without ever
touching the real one.

The rollout policy (`rollout_policy`) reads the determinized state directly, never a view: each
player plays its dwarf's side as the sample deals it (a Builder — a Digger, the Boss, the
Profiteer — brings the path nearer the goals it has not seen to be stone, a Saboteur keeps it
away and breaks the Builders' tools), with values in the spirit of `saboteur_heuristic` but
worked out from a few numbers per move (the distance of the maze's open ends to each goal,
`Reach`).
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Container, Iterable
from functools import cache

from motherlode.engine import Action, Event, View
from motherlode.engine.position import replace as replace_fields
from motherlode.rules.saboteur import (
    GOALS,
    PHASES,
    STEP,
    TURN_EVENTS,
    Cell,
    Discard,
    Draw,
    Fix,
    Fixed,
    GoldCardsDrawn,
    Passed,
    PathCard,
    Phase,
    Place,
    Placed,
    PlayAt,
    PlayOn,
    RoundBegan,
    RoundEnded,
    Saboteur,
    SaboteurState,
    SaboteurView,
    Steal,
    Tableau,
    TableauView,
    Take,
    from_json,
    inspected_dwarves,
    is_saboteur_view,
    role_deck,
)
from motherlode.rules.saboteur import known_hands as known_hands_of

FIX_COST = 2  # D: two cards discarded to mend a tool or leave the trap
BUILDERS = ("digger", "boss", "profiteer")
#: every path card kind a non-ladder card may be (bit `openings * 2`): a spot where one fits
#: meets a path reached from a ladder
_REACHED_BITS = sum(1 << (openings * 2) for openings in range(16))
#: the gold one round's win is worth to each winner, roughly (the share-out's table)
ROUND_GOLD = 3.0
#: p(treasure reached) = 1 / (1 + exp(SLOPE * (cards needed - EVEN_CARDS)))
SLOPE = 0.6
EVEN_CARDS = 4.0
BLOCKED = 1.0  # a Digger laying a door of the other team's colour shuts itself out
DOOR = 0.2  # a Saboteur laying any door shuts one team out


# ---- a state from the view ----------------------------------------------------------------

def state_from_view(game: Saboteur, view: View) -> SaboteurState:
    """A state agreeing with everything `view` shows; its hidden parts are placeholders."""
    if not is_saboteur_view(view):
        raise TypeError(f"the Saboteur search reads Saboteur views, not {view['game']}")
    seat = view["seat"]
    if seat is None:
        raise ValueError("a search plays from a seat's view, not a spectator's")
    events = [from_json(entry) for entry in view["log"]]
    began = [i for i, event in enumerate(events) if isinstance(event, RoundBegan)]
    this_round = events[began[-1] if began else 0:]
    phase = Phase(PHASES.index(view["phase"]))
    state = game.new_game(0)
    if not isinstance(state, SaboteurState):
        raise TypeError("a Saboteur game makes Saboteur states")
    current = view["current_player"]
    state = replace_fields(
        state,
        round=view["round"],
        phase=phase,
        seat=current if current is not None else 0,
        first=view["first_player"],
        last_player=_last_player(view, this_round),
        gold=list(view["gold"]),
        tableaux=[_tableau(game, t) for t in view["tableaux"]],
        theft_order=list(view["theft_order"]),
        public_discards=list(view["face_up_discards"]),
        passed=view["passed"],
        fixing=view["fixing"],
        stealers=list(view["stealers"]),
        gold_offer=list(view["gold_offer"]),
        pickers=list(view["pickers"]),
        gold_deck=_gold_deck(game, view, events),
        secret_steps=[],
        **_cards(game, view, seat, this_round),
        **_dwarves(game, view, seat, this_round),
    )
    state.maze.cells = {(c, r): game.placed_card(m["card"], m["turned"])
                        for (c, r), m in ((m["cell"], m) for m in view["maze"])}
    state.maze.face_down = _face_down(game, view, this_round)
    state.maps = [{} for _ in range(game.num_players)]
    state.maps[seat] = {(g["cell"][0], g["cell"][1]): g["card"] for g in view["goals"]
                        if not g["face_up"] and g["card"] is not None}
    state.maze_changed()
    state.log = [(type(e), *(getattr(e, name) for name in e.__match_args__)) for e in events]
    state.history = []
    return state


def _last_player(view: SaboteurView, this_round: list[Event]) -> int:
    """Who ended the last turn this round (the next round's first player sits to the left);
    nobody yet: the seat before the first player."""
    ended = [e.seat for e in this_round if isinstance(e, TURN_EVENTS) and e.seat is not None]
    return ended[-1] if ended else (view["first_player"] - 1) % view["players"]


def _tableau(game: Saboteur, shown: TableauView) -> Tableau:
    """The cards in front of a player, as the view names them."""
    actions = game.actions
    trapped, theft = shown["trapped"], shown["theft"]
    return Tableau(tuple(actions[c] for c in shown["broken"]),
                   None if trapped is None else actions[trapped],
                   None if theft is None else actions[theft])


def _cards(game: Saboteur, view: SaboteurView, seat: int,
           this_round: list[Event]) -> dict[str, object]:
    """The hands, the face-down discards, the cards set aside and the pile: the seat's own as
    shown; every other card of the deck the seat has not seen, dealt in the deck's order into
    the other places, as many as the view counts (a hand the seat saw by Swap your hand keeps
    those cards)."""
    n = game.num_players
    unseen = Counter(game.deck_ids)
    seen = [*(view["hand"] or []), *view["my_discards"], *view["face_up_discards"],
            *(m["card"] for m in view["maze"] if m["card"] in game.paths)]
    for tableau in view["tableaux"]:
        seen.extend(tableau["broken"])
        seen.extend(c for c in (tableau["trapped"], tableau["theft"]) if c is not None)
    known = dict(known_hands_of(view))
    for cards in known.values():
        seen.extend(cards)
    unseen.subtract(seen)
    pool = iter([card for card in game.deck_ids if _take(unseen, card)])
    hands: list[list[str]] = []
    for s, size in enumerate(view["hand_sizes"]):
        if s == seat:
            hands.append(list(view["hand"] or []))
        else:
            mine = list(known.get(s, []))
            hands.append(mine + [next(pool) for _ in range(size - len(mine))])
    discards = _discard_counts(view, seat, this_round)
    hidden = [list(view["my_discards"]) if s == seat else [next(pool) for _ in range(discards[s])]
              for s in range(n)]
    removed = [next(pool) for _ in range(view["removed"])]
    pile = [next(pool) for _ in range(view["pile"])]
    return {"hands": hands, "hidden_discards": hidden, "removed": removed, "pile": pile,
            "known_hands": {(seat, held): tuple(cards) for held, cards in known.items()}}


def _take(counts: Counter[str], card: str) -> bool:
    """Take one `card` from `counts` if one is left."""
    if counts[card] > 0:
        counts[card] -= 1
        return True
    return False


def _discard_counts(view: SaboteurView, seat: int, this_round: list[Event]) -> list[int]:
    """Each seat's face-down discards this round, from the log: the cards of each pass, two a
    mend, and those of the pass or mend under way."""
    counts = [0] * view["players"]
    for event in this_round:
        if isinstance(event, Passed) and event.seat is not None:
            counts[event.seat] += event.cards
        elif isinstance(event, Fixed) and event.seat is not None:
            counts[event.seat] += FIX_COST
    current = view["current_player"]
    if current is not None and view["phase"] in (PHASES[Phase.PASSING], PHASES[Phase.FIXING]):
        counts[current] += view["passed"]
    counts[seat] = len(view["my_discards"])
    return counts


def _dwarves(game: Saboteur, view: SaboteurView, seat: int,
             this_round: list[Event]) -> dict[str, object]:
    """The seat's own dwarf, those it inspected (all of them once the round's end turned them
    up), the others from the dwarves it has not seen; the spare and the dropped ones too."""
    n = game.num_players
    pool = Counter(role_deck(game.cards, game.edition, n))
    over = view["phase"] in (PHASES[Phase.STEAL], PHASES[Phase.GOLD], PHASES[Phase.OVER])
    ended = [e for e in this_round if isinstance(e, RoundEnded)]
    shown = inspected_dwarves(view)
    if over and ended:
        shown = dict(enumerate(ended[-1].dwarves))
    dwarf = view["dwarf"]
    assert dwarf is not None
    shown[seat] = dwarf
    pool.subtract([*shown.values(), *view["my_dropped_dwarves"]])
    rest = iter(d for d, count in sorted(pool.items()) for _ in range(max(count, 0)))
    dwarves = [shown[s] if s in shown else next(rest) for s in range(n)]
    spare = [next(rest) for _ in range(view["spare_dwarves"])]
    other = (seat + 1) % n
    dropped = [(seat, d) for d in view["my_dropped_dwarves"]] + [(other, d) for d in rest]
    inspected: list[dict[int, str]] = [{} for _ in range(n)]
    inspected[seat] = inspected_dwarves(view)
    return {"dwarves": dwarves, "spare_dwarves": spare, "dropped_dwarves": dropped,
            "inspected": inspected}


def _face_down(game: Saboteur, view: SaboteurView,
               this_round: list[Event]) -> dict[Cell, PathCard]:
    """The goals still face down: those the seat looked at as seen, the others from the goals
    it has not seen (after the round's end, as the end turned them up)."""
    ended = [e for e in this_round if isinstance(e, RoundEnded)]
    revealed: dict[Cell, str] = dict(ended[-1].goals) if ended else {}
    left = [goal.id for goal in game.cards.goals]
    for g in view["goals"]:
        if g["card"] is not None:
            left.remove(g["card"])
    cards: dict[Cell, PathCard] = {}
    for g in view["goals"]:
        cell = (g["cell"][0], g["cell"][1])
        if g["face_up"]:
            continue
        card = revealed.get(cell) or g["card"] or left.pop(0)
        cards[cell] = game.path_card(card)
    return cards


def _gold_deck(game: Saboteur, view: SaboteurView, events: Iterable[object]) -> list[int]:
    """The base mode's gold cards not yet drawn, as many as the view counts."""
    left = Counter(game.gold_cards)
    for event in events:
        if isinstance(event, GoldCardsDrawn):
            left.subtract(event.values)
    return sorted(left.elements())[: view["gold_deck"]]


# ---- roles dealt as the heuristic suspects ------------------------------------------------

def believed_sample(root: SaboteurState, seat: int, rng: random.Random,
                    chances: list[float]) -> SaboteurState:
    """`root.determinize(seat, rng)`, then the dwarves of the players `seat` has not seen
    dealt again among them, the Saboteurs' to players drawn by their odds of being one
    (`chances`, the heuristic's suspicions from the round's log) instead of uniformly."""
    sample = root.determinize(seat, rng)
    if sample.phase >= Phase.STEAL:  # the round's end turned every dwarf up
        return sample
    unseen = [s for s in range(len(sample.dwarves))
              if s != seat and s not in sample.inspected[seat]]
    dwarves = [sample.dwarves[s] for s in unseen]
    bad = [d for d in dwarves if side(sample, d) == "saboteur"]
    good = [d for d in dwarves if side(sample, d) != "saboteur"]
    odds = {s: max(chances[s], 0.01) / max(1.0 - chances[s], 0.01) for s in unseen}
    chosen: list[int] = []
    for _ in bad:
        left = [s for s in unseen if s not in chosen]
        chosen.append(rng.choices(left, weights=[odds[s] for s in left])[0])
    rng.shuffle(good)
    rest = iter(good)
    for s in unseen:
        sample.dwarves[s] = bad[chosen.index(s)] if s in chosen else next(rest)
    for s, seen in enumerate(sample.inspected):
        if s != seat:
            sample.inspected[s] = {t: sample.dwarves[t] for t in seen}
    return sample


# ---- the rollout policy ---------------------------------------------------------------------

def side(state: SaboteurState, dwarf: str) -> str:
    """A dwarf's side in a round: `builder` (a Digger, the Boss, the Profiteer: gold when the
    treasure is reached), `saboteur`, or `geologist` (crystals either way). The base mode's
    role cards: `saboteur` or `builder`."""
    found = state.game.dwarf.get(dwarf)
    role = found.role if found is not None else dwarf.removeprefix("base-")
    return "builder" if role in BUILDERS else role


class Reach:
    """How far the maze's open ends are from each goal a player would dig for: the cards
    still needed (Manhattan steps from the nearest spot beside a reached path), worked out
    once per decision."""

    __slots__ = ("best", "memo", "targets")

    def __init__(self, state: SaboteurState, targets: list[Cell]) -> None:
        self.targets = targets
        spots = [cell for cell, bits in state.spots().spots.items() if bits & _REACHED_BITS]
        # per goal: the two nearest spots, so that filling one leaves the other
        self.best: list[list[tuple[int, Cell]]] = [
            sorted((_steps(cell, goal), cell) for cell in spots)[:2] for goal in targets]
        self.memo: dict[tuple[Cell, tuple[Cell, ...]], float] = {}

    def phi(self) -> float:
        """The cards needed, on average over the targets."""
        if not self.targets:
            return 0.0
        return sum(best[0][0] if best else FAR for best in self.best) / len(self.targets)

    def phi_after(self, cell: Cell, paths: tuple[Cell, ...], cells: Container[Cell]) -> float:
        """`phi` once a path card fills the spot `cell`, its paths leading by the steps
        `paths` (`_path_steps`) into the cells beside it not in `cells` (new spots; a goal
        among them is reached: 0 cards); remembered per cell and shape."""
        key = (cell, paths)
        found = self.memo.get(key)
        if found is not None:
            return found
        col, row = cell
        opened = [(col + dc, row + dr) for dc, dr in paths if (col + dc, row + dr) not in cells]
        total = 0.0
        for (g_col, g_row), best in zip(self.targets, self.best, strict=True):
            steps = FAR
            for near, at in best:
                if at != cell:
                    steps = near
                    break
            for o_col, o_row in opened:
                steps = min(steps, abs(o_col - g_col) + abs(o_row - g_row))
            total += steps
        found = self.memo[key] = total / len(self.targets) if self.targets else 0.0
        return found


FAR = 14.0  # the cards needed to reach a goal no open end leads to


def _steps(cell: Cell, goal: Cell) -> int:
    return abs(cell[0] - goal[0]) + abs(cell[1] - goal[1])


def _targets(state: SaboteurState, seat: int) -> list[Cell]:
    """The face-down goals `seat` has not seen to be stone (the treasure alone, once seen)."""
    game = state.game
    known = state.maps[seat]
    for cell, card in known.items():
        if cell in state.maze.face_down and game.path_card(card).treasure:
            return [cell]
    return [cell for cell in GOALS if cell in state.maze.face_down and cell not in known]


def rollout_policy(state: SaboteurState, rng: random.Random) -> Action:
    """A greedy move, cheap enough for rollouts: the legal action of the best
    `action_values` (the first of equals)."""
    best_value = -math.inf
    best: Action | None = None
    for value, action in action_values(state):
        if value > best_value:
            best_value, best = value, action
    assert best is not None
    return best


def candidates(state: SaboteurState, width: int) -> list[Action]:
    """The first moves worth searching: the `width` legal actions of the best
    `action_values`, best first."""
    ranked = sorted(action_values(state), key=lambda pair: -pair[0])
    return [action for _, action in ranked[:width]]


def action_values(state: SaboteurState) -> list[tuple[float, Action]]:
    """Each legal action and its worth to the player to move, who plays its dwarf's side as
    the state deals it: a Builder brings the maze nearer the goals it has not seen to be
    stone, a Saboteur keeps it away; both break the other side's tools and mend their own
    side's; everyone plays Theft and passes with the least useful card."""
    me = state.seat
    legal = state.legal_actions()
    if state.phase == Phase.STEAL:
        return [(float(state.gold[a.seat]) if isinstance(a, Steal) else 0.0, a) for a in legal]
    if state.phase == Phase.GOLD:
        return [(float(a.value) if isinstance(a, Take) else 0.0, a) for a in legal]
    mine = side(state, state.dwarves[me])
    reach = Reach(state, _targets(state, me)) if mine != "geologist" else None
    before = reach.phi() if reach is not None else 0.0
    values: list[tuple[float, Action]] = []
    for action in legal:
        if isinstance(action, Place):
            value = _place_value(state, action, mine, reach, before)
        elif isinstance(action, PlayOn):
            value = _play_on_value(state, action, mine)
        elif isinstance(action, PlayAt):
            value = _play_at_value(state, action, mine, reach)
        elif isinstance(action, Fix):
            value = 0.4
        elif isinstance(action, Discard):
            value = -_keep(state, action.card, mine) - (0.05 if state.phase == Phase.TURN else 0)
        elif isinstance(action, Draw):
            value = -0.15
        else:
            value = 0.0
        values.append((value, action))
    return values


def _place_value(state: SaboteurState, action: Place, mine: str, reach: Reach | None,
                 before: float) -> float:
    game = state.game
    placed = game.placed_card(action.card, action.turned)
    if reach is None:  # a Geologist: crystals on display
        return 0.5 * placed.card.crystals - 0.1
    paths = _path_steps(placed)
    gain = before - reach.phi_after((action.col, action.row), paths, state.maze.cells)
    door = placed.card.door
    if mine == "saboteur":
        return -gain - 0.3 + (DOOR if door else 0.0)
    dwarf = game.dwarf.get(state.dwarves[state.seat])
    blocked = door != "" and dwarf is not None and dwarf.team not in ("", door)
    return gain + 0.05 * placed.card.crystals - (BLOCKED if blocked else 0.0)


@cache
def _path_steps(placed: Placed) -> tuple[Cell, ...]:
    """The steps (column, row) to the cells a card lying this way leads into by its paths
    (its dead ends lead nowhere)."""
    return tuple(STEP[side] for path in placed.shape.paths for side in sorted(path))


def _play_on_value(state: SaboteurState, action: PlayOn, mine: str) -> float:
    game = state.game
    kind = game.actions[action.card].kind
    target = action.seat
    friend = target == state.seat or side(state, state.dwarves[target]) == mine
    if kind in ("broken", "trapped"):
        if friend:
            return -1.0
        return 0.9 if mine == "saboteur" or side(state, state.dwarves[target]) == "saboteur" \
            else 0.1
    if kind in ("repair", "free_at_last"):
        return 1.2 if target == state.seat else (0.8 if friend else -1.0)
    if kind == "theft":
        return 0.6
    if kind == "hands_off":
        return -1.0 if target == state.seat else 0.4
    return -0.2  # Swap your hand, Inspection, Swap your hats: kept for nothing better


def _play_at_value(state: SaboteurState, action: PlayAt, mine: str, reach: Reach | None) -> float:
    card = state.game.actions[action.card]
    cell = (action.col, action.row)
    targets = reach.targets if reach is not None else []
    if card.kind == "map":
        return 0.5 if len(targets) > 1 and cell in targets else -0.5
    near = min((_steps(cell, goal) for goal in targets), default=FAR)
    if mine == "saboteur":  # a rockfall: the card nearest the goals hurts most
        return 1.0 - 0.1 * near
    return -0.5


def _keep(state: SaboteurState, card: str, mine: str) -> float:
    """What a card is worth keeping: path cards to a Builder, dead ends to a Saboteur, action
    cards to all."""
    path = state.game.paths.get(card)
    if path is None:
        return 0.2
    if mine == "saboteur":
        return 0.3 if path.kind == "dead_end" else 0.1
    return 0.1 if path.kind == "dead_end" else 0.3


# ---- a playout's value ------------------------------------------------------------------------

def relative_value(start: SaboteurState, end: SaboteurState, seat: int) -> float:
    """The seat's gold and what the round is worth to it where the playout from `start`
    stopped (`end`), less the best of the players on another side at the start
    (`share_side`: a Digger's team, the Boss and Profiteer, the Saboteurs, the Geologists):
    a round's win moves the seat and its team together, so a teammate's gold is not held
    against it. A playout that ran past the round's end counts the gold only (the next round's
    dwarves are dealt anew)."""
    sides = [side(start, d) for d in start.dwarves]
    worth = _round_worth(end, sides) if end.round == start.round else [
        float(g) for g in end.gold]
    teams = [share_side(start, d) for d in start.dwarves]
    others = [w for p, w in enumerate(worth) if teams[p] != teams[seat]]
    return worth[seat] - max(others, default=0.0)


def share_side(state: SaboteurState, dwarf: str) -> str:
    """A dwarf's side in the share-out: a Digger's team (the connector's team wins alone when
    a Digger connects), else its `side`."""
    found = state.game.dwarf.get(dwarf)
    return found.team if found is not None and found.role == "digger" else side(state, dwarf)


def _round_worth(state: SaboteurState, sides: list[str]) -> list[float]:
    """Each seat's gold, plus its expected share of this round if it is still being played:
    the treasure is reached with a chance falling with the cards still needed (`SLOPE`)."""
    gold = [float(g) for g in state.gold]
    if state.phase not in (Phase.TURN, Phase.PASSING, Phase.FIXING):
        return gold
    treasure = [cell for cell, card in state.maze.face_down.items() if card.treasure]
    needed = Reach(state, treasure).phi() if treasure else FAR
    p = 1.0 / (1.0 + math.exp(SLOPE * (needed - EVEN_CARDS)))
    crystals = sum(placed.card.crystals for placed in state.maze.cells.values())
    share = {"builder": p * ROUND_GOLD, "saboteur": (1 - p) * ROUND_GOLD,
             "geologist": float(crystals)}
    return [g + share[s] for g, s in zip(gold, sides, strict=True)]


def cards_to_treasure(state: SaboteurState) -> float:
    """The cards still needed to reach the treasure where `state` (a determinization) lays it:
    Manhattan steps from the nearest spot beside a reached path (`Reach`); `FAR` when no goal
    face down holds it."""
    treasure = [cell for cell, card in state.maze.face_down.items() if card.treasure]
    return Reach(state, treasure).phi() if treasure else FAR
