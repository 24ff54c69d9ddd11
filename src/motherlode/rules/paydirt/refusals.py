"""Why an action is not allowed now, in the rulebook's words (`State.why_illegal`; issue 12
item 5: every refusal says why).

`why_illegal(state, action)` names the rule the action breaks where it can (the tile is not
face up, the type was just sold, the bid is below the high bid, no worker stands there, the
seller has no nuggets ...), else what the phase asks for now. It reads only what the deciding
seat may know: public facts, its own hand and its own placements; never another seat's hand,
pick or placement, an ore's value or a stack's order.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from motherlode.engine import Action

from . import idle
from .auction import BID_CAP, THOUSAND, Bid, Decline, Pass, Pick, displays, price
from .board import BUY_SLOT, REPAIR_SLOT, REPAIR_TARGETS, SELL_SLOT, SLOTS
from .carry import Load, Move
from .choices import Choose, ore_types
from .components import EQUIPMENT_TYPES, UPGRADE_KINDS
from .events import KeepEvent
from .held_cards import choosable, may_bid
from .log import answer_label, claim_name, machine, question
from .phase import Phase
from .specialists import picks_blocked
from .work import Buy, Done, End, Place, Repair, Sell, Skip, Use

if TYPE_CHECKING:
    from .model import PayDirtModel


def why_illegal(state: PayDirtModel, action: Action) -> str:
    """The rule `action` breaks now, or what the phase asks for."""
    if state.phase == Phase.OVER:
        return "the game is over"
    return _specific(state, action) or _asked_now(state)


def _specific(state: PayDirtModel, action: Action) -> str:
    phase = state.phase
    if phase == Phase.AUCTION:
        return _auction(state, action)
    if phase == Phase.WORK:
        return _carrying_out(state, action)
    if phase == Phase.EVENTS and isinstance(action, KeepEvent):
        return _keep(state, action)
    if phase == Phase.CHOOSE and isinstance(action, Choose):
        return _answer(state)
    return ""


def _asked_now(state: PayDirtModel) -> str:
    """What the seat to decide may do in this phase."""
    phase = state.phase
    names = state.game.names
    if phase == Phase.AUCTION:
        auction = state.auction
        if auction is not None and auction.item:
            return f"{names[auction.item]} is up for auction: bid or pass"
        return "the Auction: pick a face-up tile to auction, or decline"
    if phase == Phase.PURCHASE:
        kind, item = state.pending if state.pending else ("", "")
        if kind == "claim":
            return f"you won {names[item]}, a 4th claim: first discard one of your claims"
        return f"you won {names.get(item, item)}: first install it or scrap it for parts"
    if phase == Phase.WORK_PLACE:
        return "Work begins with placing workers: place <where> one at a time, then done"
    if phase == Phase.WORK:
        return "Work: your placed workers act (load, move, repair, sell, buy), upgrades, or end"
    if phase == Phase.EVENTS:
        return "the Events draft: keep one card of your hand"
    choice = state.choice
    card = names.get(choice.card, choice.card) if choice else "a card"
    return f"{card} asks its holder a question first: choose one of its answers"


# --- the Auction -------------------------------------------------------------------------------
def _auction(state: PayDirtModel, action: Action) -> str:
    auction = state.auction
    if auction is None:
        return ""
    if auction.item:
        if isinstance(action, Bid):
            return _bid(state, action)
        if isinstance(action, Pass) and auction.high == 0:
            return "the seat that picked the tile opens the bidding: it may not pass"
        if isinstance(action, Pick | Decline):
            return f"{state.game.names[auction.item]} is up for auction: bid or pass"
        return ""
    if isinstance(action, Bid | Pass):
        return "no tile is up for auction yet: pick one (you open the bidding) or decline"
    if isinstance(action, Pick):
        return _pick(state, action.item)
    return ""


def _pick(state: PayDirtModel, item: str) -> str:
    name = state.game.names.get(item, item)
    kind = next((k for k, shown in displays(state).items() if item in shown), "")
    if not kind:
        return f"{name} is not face up in the auction area"
    seat = state.seat
    auction = state.auction
    if auction is not None and auction.blocked == kind and not picks_blocked(state, seat):
        return f"the auction marker blocks {kind} tiles: that type was just sold"
    if not may_bid(state, seat, kind):
        return "Misfiled Paperwork: you may not pick or bid on claims while you hold it"
    minimum, cash = price(state, kind, item), state.boards[seat].cash
    if minimum > cash:
        return f"its minimum bid ${minimum:,} is more than your cash ${cash:,}"
    return ""


def _bid(state: PayDirtModel, action: Bid) -> str:
    auction = state.auction
    if auction is None:
        return ""
    dollars, cash = action.thousands * THOUSAND, state.boards[state.seat].cash
    if auction.high:
        lowest = auction.high + THOUSAND
        rule = f"a bid must top the high bid ${auction.high:,}: ${lowest:,} or more"
    else:
        lowest = price(state, auction.kind, auction.item)
        rule = f"the opening bid is at least the minimum, ${lowest:,}"
    if dollars < lowest:
        return rule
    if dollars > cash:
        return f"no bid above your cash: you have ${cash:,}"
    if action.thousands > BID_CAP:
        return f"bids go up to ${BID_CAP * THOUSAND:,}"
    return ""


# --- carrying out ------------------------------------------------------------------------------
def _slot(action: Action) -> int:
    """The slot whose worker would take `action` (-1: none)."""
    if isinstance(action, Load):
        return 0
    if isinstance(action, Move):
        return EQUIPMENT_TYPES.index(action.machine)
    if isinstance(action, Repair):
        return REPAIR_SLOT + REPAIR_TARGETS.index(action.target)
    if isinstance(action, Sell):
        return SELL_SLOT
    if isinstance(action, Buy):
        return BUY_SLOT
    return -1


def _carrying_out(state: PayDirtModel, action: Action) -> str:
    if isinstance(action, Place | Done):
        return "placing is over: every seat is done and the workers now act"
    if isinstance(action, Use):
        return _use(state, action)
    if isinstance(action, Skip):
        return "every worker still to act can do something (skip sends back one that cannot)"
    if isinstance(action, End):
        return ""
    slot = _slot(action)
    if slot < 0:
        return ""
    work = state.work
    left = work.left[state.seat] if work is not None else []
    if not left or not left[slot]:
        return f"you have no worker still to act at {machine(SLOTS[slot])}"
    why = idle.reason(state, state.seat, slot)
    if why:
        return f"{idle.worker(slot)} can do nothing: {why}"
    return _not_this(state, action)


def _not_this(state: PayDirtModel, action: Action) -> str:
    """The worker can act, but not this way."""
    if isinstance(action, Load):
        return (f"no {action.ore} ore can be loaded from {claim_name(action.claim)} now (a "
                "layered claim gives its next tile first)")
    if isinstance(action, Move):
        source = "the previous machine's last space" if action.space == 1 else (
            f"space {action.space - 1}")
        return (f"space {action.space} of the {machine(action.machine)} must be free and "
                f"{source} must hold an ore")
    if isinstance(action, Sell):
        board = state.boards[state.seat]
        most = min(board.loose_gold, state.game.components.rules.nuggets_per_sale)
        return f"a seller sells 1 to {most} nuggets now"
    if isinstance(action, Buy):
        name = state.game.names.get(action.upgrade, action.upgrade)
        if action.upgrade not in state.upgrade_display:
            return f"{name} is not face up in the upgrade row"
        cost = state.game.upgrade_by_id[action.upgrade].price
        return f"{name} costs ${cost:,}; you have ${state.boards[state.seat].cash:,}"
    return ""


def _use(state: PayDirtModel, action: Use) -> str:
    board = state.boards[state.seat]
    upgrade = board.upgrades.get(action.kind)
    if upgrade is None:
        return f"you have no {action.kind} upgrade"
    name = state.game.names[upgrade]
    work = state.work
    if work is not None and work.used[state.seat][UPGRADE_KINDS.index(action.kind)]:
        return f"{name} was used this round: once a round"
    if board.upgrade_wear.get(action.kind, 0) >= state.game.upgrade_by_id[upgrade].service_life:
        return f"{name} is fully worn: repair it first"
    return f"{name} can do nothing now"


# --- the Events draft and the cards' questions --------------------------------------------
def _keep(state: PayDirtModel, action: KeepEvent) -> str:
    draft = state.draft
    hand = draft.hand if draft is not None else []
    name = state.game.names.get(action.event, action.event)
    if action.event not in hand:
        return f"{name} is not in your hand"
    if not choosable(state, state.seat, action.event, hand):
        return f"{name} may not be kept by a seat with no gold while it holds another card"
    return ""


def _answer(state: PayDirtModel) -> str:
    choice = state.choice
    if choice is None:
        return ""
    names = state.game.names
    ore = ore_types(state, choice.seat, choice.options)
    answers = "; ".join(answer_label(option, names, ore) for option in choice.options)
    return f"{names[choice.card]} asks {question(choice.step)}: the answers are {answers}"
