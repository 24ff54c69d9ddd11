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

from collections import Counter
from collections.abc import Iterable

from motherlode.engine import EventJSON, View
from motherlode.engine.position import replace as replace_fields
from motherlode.rules.saboteur import (
    PHASES,
    TURN_EVENTS,
    Cell,
    GoldCardsDrawn,
    Passed,
    Phase,
    RoundBegan,
    RoundEnded,
    Saboteur,
    SaboteurState,
    SaboteurView,
    Tableau,
    TableauView,
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


# ---- a state from the view ----------------------------------------------------------------

def state_from_view(game: Saboteur, view: View) -> SaboteurState:
    """A state agreeing with everything `view` shows; its hidden parts are placeholders."""
    if not is_saboteur_view(view):
        raise TypeError(f"the Saboteur search reads Saboteur views, not {view['game']}")
    seat = view["seat"]
    if seat is None:
        raise ValueError("a search plays from a seat's view, not a spectator's")
    events = [from_json(entry) for entry in view["log"]]
    this_round = _this_round(view["log"])
    phase = Phase(PHASES.index(view["phase"]))
    state = game.new_game(0)
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
    state.maze.face_down = _face_down(game, view, seat, this_round)
    state.maps = [{} for _ in range(game.num_players)]
    state.maps[seat] = {(g["cell"][0], g["cell"][1]): g["card"] for g in view["goals"]
                        if not g["face_up"] and g["card"] is not None}
    state.maze_changed()
    state.log = [(type(e), *(getattr(e, name) for name in e.__match_args__)) for e in events]
    state.history = []
    return state


def _this_round(log: list[EventJSON]) -> list[EventJSON]:
    """The log's entries since the current round began."""
    start = max((i for i, e in enumerate(log) if e["kind"] == RoundBegan.kind), default=0)
    return log[start:]


def _last_player(view: SaboteurView, this_round: list[EventJSON]) -> int:
    """Who ended the last turn this round (the next round's first player sits to the left);
    nobody yet: the seat before the first player."""
    kinds = {cls.kind for cls in TURN_EVENTS}
    ended = [e["seat"] for e in this_round if e["kind"] in kinds]
    last = ended[-1] if ended else None
    if isinstance(last, int):
        return last
    return (view["first_player"] - 1) % view["players"]


def _tableau(game: Saboteur, shown: TableauView) -> Tableau:
    """The cards in front of a player, as the view names them."""
    actions = game.actions
    trapped, theft = shown["trapped"], shown["theft"]
    return Tableau(tuple(actions[c] for c in shown["broken"]),
                   None if trapped is None else actions[trapped],
                   None if theft is None else actions[theft])


def _cards(game: Saboteur, view: SaboteurView, seat: int,
           this_round: list[EventJSON]) -> dict[str, object]:
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


def _discard_counts(view: SaboteurView, seat: int, this_round: list[EventJSON]) -> list[int]:
    """Each seat's face-down discards this round, from the log: the cards of each pass, two a
    mend, and those of the pass or mend under way."""
    counts = [0] * view["players"]
    for entry in this_round:
        who = entry["seat"]
        if not isinstance(who, int):
            continue
        if entry["kind"] == Passed.kind:
            counts[who] += int(str(entry["cards"]))
        elif entry["kind"] == "fixed":
            counts[who] += FIX_COST
    current = view["current_player"]
    if current is not None and view["phase"] in (PHASES[Phase.PASSING], PHASES[Phase.FIXING]):
        counts[current] += view["passed"]
    counts[seat] = len(view["my_discards"])
    return counts


def _dwarves(game: Saboteur, view: SaboteurView, seat: int,
             this_round: list[EventJSON]) -> dict[str, object]:
    """The seat's own dwarf, those it inspected (all of them once the round's end turned them
    up), the others from the dwarves it has not seen; the spare and the dropped ones too."""
    n = game.num_players
    pool = Counter(role_deck(game.cards, game.edition, n))
    over = view["phase"] in (PHASES[Phase.STEAL], PHASES[Phase.GOLD], PHASES[Phase.OVER])
    ended = [e for e in this_round if e["kind"] == RoundEnded.kind]
    shown = inspected_dwarves(view)
    if over and ended:
        turned_up = ended[-1]["dwarves"]
        assert isinstance(turned_up, list)
        shown = {s: str(d) for s, d in enumerate(turned_up)}
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


def _face_down(game: Saboteur, view: SaboteurView, seat: int,
               this_round: list[EventJSON]) -> dict[Cell, object]:
    """The goals still face down: those the seat looked at as seen, the others from the goals
    it has not seen (after the round's end, as the end turned them up)."""
    ended = [e for e in this_round if e["kind"] == RoundEnded.kind]
    revealed: dict[Cell, str] = {}
    if ended:
        goals = ended[-1]["goals"]
        assert isinstance(goals, list)
        revealed = {(cell[0], cell[1]): str(card) for cell, card in goals}
    known = {(g["cell"][0], g["cell"][1]): g["card"] for g in view["goals"]}
    face_up = [g["card"] for g in view["goals"] if g["face_up"]]
    left = [goal.id for goal in game.cards.goals]
    for card in [*face_up, *(c for c in known.values() if c is not None)]:
        left.remove(card)
    cards: dict[Cell, object] = {}
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
