"""What each seat may know: the one place hidden information is decided (docs/games/paydirt.md
§5), for the state and (in `log.py`, every event public) for the log.

Public: the temperature, the round, the first player, every display, the stacks' sizes and the
kind of the top upgrade (D41), the auction (tile, high bid, bidder, passes, the auction marker),
every board (money, gold, workers, claims and machines with the TYPE of each ore tile,
specialists, upgrades and their wear, long-term events held), the log, and every tile's and
card's printed name (`names`, from the data the game was loaded with). Secret: an ore tile's
value until it is processed or revealed in Cleanup (seed 000 Objective; seed 001 重要註記:
nobody looks, the owner included), every stack's order, a draft hand (its holder only) and a
draft pick (its seat only, until resolved: C4, D28), the work placements (each seat its own,
until every seat is done: D22), the RNG and the seed.

Ore tiles are numbers into `Components.ore`, and the number fixes the value, so no view ever
shows an ore tile's number: only its type. `hidden.py` makes the states a seat cannot tell
from this one; `observe.py` turns a view into numbers.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from motherlode.engine.scoresheet import ScoreSheet, column, seats_words, sheet

from . import rounds
from .board import EMPTY, SLOTS, Board
from .components import EQUIPMENT_TYPES
from .schema import (
    AuctionView,
    BoardView,
    ChoiceView,
    ClaimOreUp,
    DraftView,
    FaceUpOre,
    MachineOreUp,
    MachineView,
    PayDirtView,
    Stacks,
    WorkView,
)
from .table import equipment_tile
from .work import crew

if TYPE_CHECKING:
    from .model import PayDirtModel


def view(state: PayDirtModel, seat: int | None) -> PayDirtView:
    """Everything `seat` may know (None: a spectator), JSON-ready."""
    seen = _body(state, seat)
    seen["names"] = _names(state, seen)
    return seen


def _body(state: PayDirtModel, seat: int | None) -> PayDirtView:
    return {
        **state.envelope(seat),
        "round": state.round,
        "temperature": state.temperature,
        "start_temperature": state.game.components.rules.start_temperature,
        "first_player": state.first_player,
        "last_round": state.last_round,
        "displays": {
            "equipment": list(state.equipment_display),
            "specialist": list(state.specialist_display),
            "claim": list(state.claim_display),
            "upgrade": list(state.upgrade_display),
        },
        "stacks": _stacks(state),
        "auction": _auction(state),
        "pending": None if state.pending is None else list(state.pending),
        "boards": [_board(state, s, b) for s, b in enumerate(state.boards)],
        "work": _work(state, seat),
        "draft": _draft(state, seat),
        "choice": _choice(state),
        "face_up": _face_up(state),
        "names": {},
        "score_sheet": score_sheet(state) if state.is_terminal else None,
    }


def _names(state: PayDirtModel, seen: PayDirtView) -> dict[str, str]:
    """The printed name of every tile and card id the view shows (and only those)."""
    displays = seen["displays"]
    shown = [*displays["equipment"], *displays["specialist"], *displays["claim"],
             *displays["upgrade"]]
    stacks = seen["stacks"]
    shown += stacks["event_discard"] + ([stacks["event_top"]] if stacks["event_top"] else [])
    auction, pending, choice = seen["auction"], seen["pending"], seen["choice"]
    if auction is not None and auction["item"]:
        shown.append(auction["item"])
    if pending is not None:
        shown += pending[1:]
    if choice is not None:
        shown += [choice["card"], *(o.split()[1] for o in choice["options"] if " " in o)]
    draft = seen["draft"]
    if draft is not None:
        shown += draft["revealed"] + (draft["hand"] or []) + (draft["handed"] or [])
        shown += [draft["pick"]] if draft["pick"] else []
    for board in seen["boards"]:
        shown += [c["claim"] for c in board["claims"]]
        shown += [m["equipment"] for m in board["machines"] if m["equipment"]]
        shown += board["specialists"] + list(board["upgrades"].values()) + board["events"]
        shown += [c for c in (board["sick"], board["borrowed"]) if c] + board["waiting"]
    names = state.game.names
    return {item: names[item] for item in shown if item in names}


def _choice(state: PayDirtModel) -> ChoiceView | None:
    """A card's question is public: who, which card, what is asked and allowed (choices.py)."""
    choice = state.choice
    if choice is None:
        return None
    return {"seat": choice.seat, "card": choice.card, "step": choice.step,
            "options": list(choice.options), "memo": list(choice.memo)}


def _face_up(state: PayDirtModel) -> list[FaceUpOre]:
    """Ore tiles on boards turned face up (Test Drill): where they are and their value."""
    if not state.face_up:
        return []
    shown = set(state.face_up)
    ore = state.game.components.ore
    out: list[FaceUpOre] = []
    for seat, board in enumerate(state.boards):
        for claim in board.claims:
            out.extend(
                ClaimOreUp(seat=seat, claim=claim.claim, index=i + 1, value=ore[o].value)
                for i, o in enumerate(claim.ore) if o in shown
            )
        for chain, machine in enumerate(board.machines):
            out.extend(
                MachineOreUp(seat=seat, machine=EQUIPMENT_TYPES[chain], space=k + 1,
                             value=ore[o].value)
                for k, o in enumerate(machine.spaces) if o in shown
            )
    return out


def _stacks(state: PayDirtModel) -> Stacks:
    """Sizes only; the top upgrade's back shows its kind (D41)."""
    top = state.upgrade_stack[-1] if state.upgrade_stack else None
    return {
        "equipment": len(state.equipment_stack),
        "specialist": len(state.specialist_stack),
        "claim": len(state.claim_stack),
        "upgrade": len(state.upgrade_stack),
        "upgrade_top": None if top is None else state.game.upgrade_by_id[top].kind,
        "events": len(state.event_deck),
        "event_top": state.event_top or None,  # put back face up by Remy Roulette
        "event_discard": list(state.event_discard),  # every discarded card was resolved face up
        "ore": [len(s) for s in state.ore_stacks],  # per ORE_TYPES
        "ore_discards": [len(d) for d in state.ore_discards],
    }


def _auction(state: PayDirtModel) -> AuctionView | None:
    """The whole Auction is public: tile, type, high bid and bidder, passes, declines, marker."""
    auction = state.auction
    if auction is None:
        return None
    return {
        "item": auction.item or None,
        "kind": auction.kind or None,
        "high": auction.high,
        "bidder": auction.bidder if auction.item and auction.high else None,
        "passed": None if auction.passed is None else list(auction.passed),
        "declined": list(auction.declined),
        "blocked": auction.blocked or None,
        "sold": auction.sold,
    }


def _machines(state: PayDirtModel, board: Board) -> list[MachineView]:
    kind = state.game.ore_type
    shown: list[MachineView] = []
    for chain, machine in enumerate(board.machines):
        tile = equipment_tile(state, chain, machine.equipment)  # printed on the tile: public
        shown.append({
            "equipment": machine.equipment or None,  # None: the board's own (STARTING) machine
            "wear": machine.wear,
            "stages": tile.stages,
            "service_life": tile.service_life,
            "flimco": tile.flimco,
            "spaces": [None if o == EMPTY else kind[o] for o in machine.spaces],
        })
    return shown


def _board(state: PayDirtModel, seat: int, board: Board) -> BoardView:
    """A play area: ore by type only (layered claims in the order they are taken)."""
    kind = state.game.ore_type
    return {
        "cash": board.cash,
        "gold": board.gold,
        "workers": board.workers,
        "crew": crew(state, seat),  # workers to place this round (cards included)
        "claims": [
            {"claim": c.claim, "layered": c.layered, "ore": [kind[o] for o in c.ore]}
            for c in board.claims
        ],
        "machines": _machines(state, board),
        "specialists": list(board.specialists),
        "upgrades": dict(board.upgrades),
        "upgrade_wear": dict(board.upgrade_wear),
        "events": list(board.events),
        "won": board.won,
        "vault": board.vault,
        "sick": board.sick or None,
        "borrowed": board.borrowed or None,
        "waiting": list(board.waiting),
        "flags": dict(board.flags),
    }


def _draft(state: PayDirtModel, seat: int | None) -> DraftView | None:
    """The Events draft: order and counts public; a hand to its holder only; a pick to its seat
    only until resolved (C4, D28); the hand a seat was handed stays known to it."""
    draft = state.draft
    if draft is None:
        return None
    shown: DraftView = {
        "order": list(draft.order),
        "cards": len(draft.dealt),
        "picks": len(draft.picks),
        "holder": draft.holder,
        "hand_size": len(draft.hand),
        "revealed": [draft.final(i) for i in range(draft.revealed)],
        "hand": None,
        "handed": None,
        "pick": None,
    }
    if seat is None or seat not in draft.order:
        return shown
    index = draft.order.index(seat)
    if index <= len(draft.picks):
        shown["handed"] = draft.handed(index)
    if draft.holder == seat:
        shown["hand"] = list(draft.hand)
    shown["pick"] = draft.pick_of(seat)
    return shown


def _work(state: PayDirtModel, seat: int | None) -> WorkView | None:
    """Work placements (D22): each seat sees its own row; the others' rows only once every seat
    is done (`revealed`), before that only who has finished placing. Carrying out is public."""
    work = state.work
    if work is None:
        return None
    placed: list[list[int] | None] = [
        list(row) if work.revealed or s == seat else None for s, row in enumerate(work.placed)
    ]
    return {
        "slots": list(SLOTS),
        "placed": placed,
        "done": list(work.done),
        "revealed": work.revealed,
        "left": [list(row) for row in work.left],
        "ended": list(work.ended),
        "upgrades_used": [list(row) for row in work.used],
        "crew": list(work.crew),
    }


#: Seed 000's end: the winner and the tie-break on money (EN-5, docs/games/paydirt.md).
WINNER_RULE = ("The winner is the player with the greatest amount of gold. In case of a tie, "
               "the amount of money on hand is used as a tiebreaker.")
#: Seed 001 遊戲勝利, in English: the third tie-break.
NEAREST_RULE = ("if still tied, the player nearest clockwise to the first player (the head "
                "miner) wins")


def score_sheet(state: PayDirtModel) -> ScoreSheet:
    """Gold is the score (the total), cash the first tie-break (the one column: it is no part
    of the gold), then the seat nearest clockwise to the first player (`rounds.winner`); the
    tie-breaks that decided the win are named."""
    boards = state.boards
    n = len(boards)
    first = state.first_player
    winner = rounds.winner(state)
    return sheet(
        "Final scores", final=True,
        columns=[column("cash", "Cash (tie-break)", "$")],
        total={"label": "Gold", "unit": "gold"},
        parts=[[b.cash] for b in boards],
        totals=[b.gold for b in boards],
        ranks=[[b.gold, b.cash, -((s - first) % n)] for s, b in enumerate(boards)],
        winners=[winner], tie_breaks=_tie_breaks(state, winner),
    )


def _tie_breaks(state: PayDirtModel, winner: int) -> list[str]:
    """The tie-breaks used for `winner`, in words with the rule."""
    boards = state.boards
    top = boards[winner]
    on_gold = [s for s, b in enumerate(boards) if b.gold == top.gold]
    if len(on_gold) == 1:
        return []
    on_cash = [s for s in on_gold if boards[s].cash == top.cash]
    gold = f"{top.gold} gold nugget{'' if top.gold == 1 else 's'}"
    if len(on_cash) == 1:
        return [f"{seats_words(on_gold).capitalize()} tied on {gold}: seat {winner} wins "
                f"with the most money, ${top.cash:,} (rulebook: \"{WINNER_RULE}\")"]
    return [f"{seats_words(on_cash).capitalize()} tied on {gold} and ${top.cash:,}: seat "
            f"{winner} wins, nearest clockwise to the first player, seat {state.first_player} "
            f"(rulebook: \"{WINNER_RULE}\"; the Chinese edition: \"{NEAREST_RULE}\")"]
