"""The current player's decision, as a face draws it (`State.decision`; engine/decision.py).

Built from `state.legal_actions()` and always agreeing with it, one group per kind of action:

| phase            | groups                                                                   |
|------------------|--------------------------------------------------------------------------|
| auction, a pick  | `pick`: the tiles on display, each with its card text (price, stages,    |
|                  | service life, FlimCo, claim ore, ability); `decline`                     |
| auction, bidding | `bid`: a range in dollars in $1,000 steps (`bid 5` is $5,000: scale      |
|                  | 1,000), from the minimum or the high bid + $1,000 to the cash; `pass`    |
| purchase         | `discard` a claim, or `install` / `scrap` onto a machine                 |
| work placement   | `place`: the ten slots; `done`                                           |
| carrying out     | `load`, `move`, `repair`, `sell` (a range of nuggets), `buy` (upgrades   |
|                  | with their text), `use` (an upgrade held), `skip` (the idle worker and   |
|                  | why), `end` (the workers it sends back); the prompt names each worker    |
|                  | that can do nothing where it stands and why (idle.py)                    |
| events draft     | `keep`: the cards of the hand, each with its text                        |
| a card asks      | `choose`: the answers, labelled (a tile, a seat, an ore on a claim ...), |
|                  | or yes / no; the card's text in the prompt                               |

Card texts are the game's glossary (the loaded data: a `data=` folder shows its own texts).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from motherlode.engine import Action
from motherlode.engine.decision import (
    ChoiceOption,
    Decision,
    Group,
    choice,
    number_range,
    option,
    yes_no,
)
from motherlode.engine.decision import (
    decision as make_decision,
)

from . import idle
from .auction import THOUSAND, Bid, Decline, Pass, Pick
from .board import EMPTY, REPAIR_SLOT, SLOTS
from .carry import Load, Move
from .choices import Choose, ore_types
from .events import KeepEvent
from .log import answer_label, claim_name, machine, question
from .phase import Phase
from .purchases import Discard, Install, Scrap
from .work import Buy, Done, End, Place, Repair, Sell, Skip, Use

if TYPE_CHECKING:
    from .model import PayDirtModel


def decision(state: PayDirtModel) -> Decision:
    """The legal actions of the seat to decide, grouped, with a prompt."""
    seat = state.current_player
    if seat is None:
        raise ValueError("paydirt: the game is over; nobody decides")
    legal = state.legal_actions()
    phase = state.phase
    if phase == Phase.AUCTION:
        return make_decision(seat, *_auction(state, legal))
    if phase == Phase.PURCHASE:
        return make_decision(seat, *_purchase(state, legal))
    if phase == Phase.WORK_PLACE:
        return make_decision(seat, *_placement(state, legal))
    if phase == Phase.WORK:
        return make_decision(seat, _work_prompt(state), _carrying_out(state, legal))
    if phase == Phase.EVENTS:
        return make_decision(seat, *_draft(state, legal))
    return make_decision(seat, *_card_question(state, legal))


Prompted = tuple[str, list[Group]]


def _card(state: PayDirtModel, item: str) -> ChoiceOption:
    """An option's parts for a tile or card: its id, printed name and text."""
    game = state.game
    return option("", item, game.names.get(item, item), game.glossary.get(item, ""))


def _tile_option(state: PayDirtModel, action: Action, item: str) -> ChoiceOption:
    card = _card(state, item)
    card["action"] = str(action)
    return card


# --- 1) Auction ---------------------------------------------------------------------------
def _auction(state: PayDirtModel, legal: Sequence[Action]) -> Prompted:
    auction = state.auction
    if auction is None or not auction.item:
        picks = [_tile_option(state, a, a.item) for a in legal if isinstance(a, Pick)]
        groups: list[Group] = []
        if picks:
            groups.append(choice("pick", "put a tile up for auction", picks))
        if any(isinstance(a, Decline) for a in legal):
            groups.append(choice("decline", "decline", [
                option(Decline(), "decline", "decline", "let the next seat pick")]))
        return "Auction: pick a tile to auction (you open the bidding), or decline", groups
    bids = [a.thousands for a in legal if isinstance(a, Bid)]
    name = state.game.names.get(auction.item, auction.item)
    groups = []
    if bids:
        groups.append(number_range(
            "bid", f"your bid for {name}", min(bids) * THOUSAND, max(bids) * THOUSAND,
            step=THOUSAND, unit="$", scale=THOUSAND, action="bid {}"))
    can_pass = any(isinstance(a, Pass) for a in legal)
    if can_pass:
        groups.append(choice("pass", "pass", [
            option(Pass(), "pass", "pass", "out of this auction")]))
    high = (f"high bid ${auction.high:,} by seat {auction.bidder}" if auction.high
            else "no bid yet")
    text = state.game.glossary.get(auction.item, "")
    # seed 000 "Bidding": whoever chooses the tile "offers a sum for it no less than the amount
    # shown on the tile": the opener may not pass
    ask = "bid or pass" if can_pass else "you put it up, so you open the bidding: bid"
    return f"Auction of {name} ({text}): {high}; {ask}", groups


# --- using a purchase ---------------------------------------------------------------------
def _purchase(state: PayDirtModel, legal: Sequence[Action]) -> Prompted:
    pending = state.pending
    item = pending[1] if pending else ""
    discards = [_tile_option(state, a, a.claim) for a in legal if isinstance(a, Discard)]
    if discards:
        return ("A 4th claim: discard one of your claims (its ore goes with it)",
                [choice("discard", "discard a claim", discards)])
    groups: list[Group] = []
    installs = [_tile_option(state, a, item) for a in legal if isinstance(a, Install)]
    if installs:
        groups.append(choice("install", "install it, replacing that machine", installs))
    life = state.game.equipment_by_id[item].service_life if item else 0
    same_life = state.game.option("scrap_parts") == "same_life"
    off = "all its wear off" if same_life else f"up to {life} wear off (the tile's service life)"
    scraps = [
        option(a, a.machine, f"scrap for parts: wear off the {machine(a.machine)}", off)
        for a in legal if isinstance(a, Scrap)
    ]
    if scraps:
        groups.append(choice("scrap", "scrap it for parts", scraps))
    name = state.game.names.get(item, item)
    return f"You won {name}: install it or scrap it for parts", groups


# --- 2) Work ------------------------------------------------------------------------------
SLOT_LABELS = {
    "excavator": "a worker on the excavator (loads ore from a claim, moves it along)",
    "loader": "a worker on the loader (pulls ore along)",
    "wash_plant": "a worker on the wash plant (pulls ore along; the last space pays gold)",
    "sell": "a worker in town to sell nuggets",
    "buy": "a worker in town to buy an upgrade",
}


def _slot_now(state: PayDirtModel, slot: str) -> str:
    """A repair or town place where a worker could do nothing now (`idle.reason`): a seller
    with no nuggets ... (the Work turn may change it: an ore washed first gives nuggets)."""
    index = SLOTS.index(slot)
    if index < REPAIR_SLOT:
        return ""
    why = idle.reason(state, state.seat, index)
    return f"right now: {why}" if why else ""


def _slot_label(slot: str) -> str:
    if slot in SLOT_LABELS:
        return SLOT_LABELS[slot]
    return f"a worker to {machine(slot)} (up to 2 wear off)"


def _placement(state: PayDirtModel, legal: Sequence[Action]) -> Prompted:
    places = [option(a, a.slot, _slot_label(a.slot), _slot_now(state, a.slot))
              for a in legal if isinstance(a, Place)]
    groups: list[Group] = [choice("place", "place a worker (secret until all are done)", places)]
    if any(isinstance(a, Done) for a in legal):
        groups.append(choice("done", "done placing", [
            option(Done(), "done", "done placing", "workers not placed idle this round")]))
    return f"Work: place your workers secretly, one at a time ({len(SLOTS)} places)", groups


def _idle(state: PayDirtModel) -> list[tuple[int, str]]:
    """The seat's unused workers that can do nothing now: (slot, why), in board order."""
    work = state.work
    left = work.left[state.seat] if work is not None else []
    found = ((slot, idle.reason(state, state.seat, slot)) for slot, n in enumerate(left) if n)
    return [(slot, why) for slot, why in found if why]


def _unused(state: PayDirtModel) -> str:
    """The seat's workers still to act, by slot: `excavator x2, sell x1` ("" if none)."""
    work = state.work
    left = work.left[state.seat] if work is not None else []
    return ", ".join(f"{machine(SLOTS[slot])} x{n}" for slot, n in enumerate(left) if n)


def _later(state: PayDirtModel, slot: int) -> str:
    """When a machine worker that can do nothing now could pull ore later this turn: the
    seat's unused worker on the machine before has ore to move onto its last space (`, but
    may pull ore once your excavator worker moves some onto the excavator's last space`);
    "" otherwise (issue 21 item 6: an offer says what is true)."""
    if not 0 < slot < REPAIR_SLOT or state.work is None:
        return ""
    before = slot - 1
    spaces = state.boards[state.seat].machines[before].spaces
    if not state.work.left[state.seat][before] or all(s == EMPTY for s in spaces[:-1]):
        return ""
    name = machine(SLOTS[before])
    return f", but may pull ore once your {name} worker moves some onto the {name}'s last space"


def _work_prompt(state: PayDirtModel) -> str:
    """Carrying out: each placed worker acts once; the ones that can do nothing are named
    (with what may let them act later this turn)."""
    prompt = "Work: use each placed worker once (any order), then end"
    warnings = [f"{idle.worker(slot)} can do nothing now ({why}){_later(state, slot)}"
                for slot, why in _idle(state)]
    return "; ".join([prompt, *warnings])


def _carrying_out(state: PayDirtModel, legal: Sequence[Action]) -> list[Group]:
    game = state.game
    by_verb: dict[str, list[ChoiceOption]] = {}
    sells: list[int] = []
    for a in legal:
        if isinstance(a, Sell):
            sells.append(a.nuggets)
            continue
        verb = str(a).split(" ", 1)[0]
        by_verb.setdefault(verb, []).append(_work_option(state, a))
    groups: list[Group] = []
    for verb, label in WORK_VERBS:
        if verb == "sell" and sells:
            price = game.components.rules.nugget_price
            groups.append(number_range("sell", f"nuggets to sell at ${price:,} each",
                                       min(sells), max(sells), unit="nuggets"))
        elif verb in by_verb:
            groups.append(choice(verb, label, by_verb[verb]))
    return groups


WORK_VERBS = (
    ("use", "use an upgrade (no worker, +1 wear)"),
    ("load", "load an ore from a claim onto the excavator"),
    ("move", "move an ore one space along"),
    ("repair", "repair (up to 2 wear off)"),
    ("sell", "sell nuggets"),
    ("buy", "buy an upgrade"),
    ("skip", "send back one worker that can do nothing (your turn goes on)"),
    ("end", "end your Work turn (workers not used go back without acting)"),
)


def _work_option(state: PayDirtModel, a: Action) -> ChoiceOption:
    if isinstance(a, Load):
        return option(a, f"{a.claim} {a.ore}", f"a {a.ore} ore from {claim_name(a.claim)}")
    if isinstance(a, Move):
        source = ("the previous machine" if a.space == 1 else f"space {a.space - 1}")
        return option(a, f"{a.machine} {a.space}",
                      f"onto space {a.space} of the {machine(a.machine)}, from {source}")
    if isinstance(a, Repair):
        return option(a, a.target, f"the {machine(a.target)}")
    if isinstance(a, Buy):
        return _tile_option(state, a, a.upgrade)
    if isinstance(a, Use):
        upgrade = state.boards[state.seat].upgrades.get(a.kind, "")
        card = _tile_option(state, a, upgrade)
        card["name"] = a.kind
        return card
    if isinstance(a, Skip):
        slot, why = _idle(state)[0]
        return option(a, "skip", "skip", f"send back {idle.worker(slot)} now: {why}"
                      f"{_later(state, slot)}; your other workers go on")
    if isinstance(a, End):
        unused = _unused(state)
        if not unused:
            return option(a, "end", "end", "end your turn: every placed worker has acted")
        return option(a, "end", "end", f"end your turn: the workers not used ({unused}) go "
                      "back without acting")
    return option(a, str(a))


# --- 3) Events ----------------------------------------------------------------------------
def _draft(state: PayDirtModel, legal: Sequence[Action]) -> Prompted:
    keeps = [_tile_option(state, a, a.event) for a in legal if isinstance(a, KeepEvent)]
    return ("Events draft: keep one card of your hand and pass the rest on",
            [choice("keep", "keep this card", keeps)])


# --- a card's question --------------------------------------------------------------------
def _card_question(state: PayDirtModel, legal: Sequence[Action]) -> Prompted:
    asked = state.choice
    card = asked.card if asked else ""
    step = asked.step if asked else ""
    game = state.game
    name = game.names.get(card, card)
    text = game.glossary.get(card, "")
    asks = question(step)
    prompt = f"{name} asks {asks}: {text}" if text else f"{name} asks {asks}"
    answers = [a.option for a in legal if isinstance(a, Choose)]
    if sorted(answers) == ["no", "yes"]:
        return prompt, [yes_no("choose", f"{name}: {asks}", Choose("yes"), Choose("no"), text)]
    ore = ore_types(state, asked.seat if asked else state.seat, answers)
    options = [_answer(state, Choose(answer), ore) for answer in answers]
    return prompt, [choice("choose", f"{name}: {asks}", options)]


def _answer(state: PayDirtModel, action: Choose, ore: dict[str, str]) -> ChoiceOption:
    """A card's answer in words (`log.answer_label`): `ore claim-4 2` -> poor ore 2 of claim
    4; a tile, specialist, upgrade or claim with its name and card text."""
    head, _, rest = action.option.partition(" ")
    label = answer_label(action.option, state.game.names, ore)
    words = rest.split()
    text = ""
    if head in ("tile", "specialist", "upgrade", "claim") and words:
        text = state.game.glossary.get(words[0], "")
    return option(action, action.option, label, text)
