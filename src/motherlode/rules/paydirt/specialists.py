"""The specialists' abilities (seed 001 員工卡補充說明; shared/reference/paydirt.md; the data's
`ability` and `amount` fields in data/specialists.toml).

Each ability hooks into a named rule point of the round code; the round code asks this module
(`has`, `staffed`, `price_paid`, ...) and never names a card. A specialist sick with Flu Outbreak
(`board.sick`) lends neither ability nor workers; one lent by Disloyal Employee
(`board.borrowed`) gives both to the borrower as well.

The rule points, by ability:
- `discount_specialists|claims|equipment` (Betsy Pretty, Frank Estate, Spencer Socket):
  `price_paid` (auction.sell);
- `temporary_workers` (Chuck Shady): `staffed` (work placement, `work.crew`);
- `paid_workers` (Dirty Mike & The Boys): `upkeep` (rounds.income);
- `layered_any_order` (Darrell Switcher): `any_order` (carry.loads);
- `no_loader_wear` (Hank Driver): `entry_wear` (carry.enter);
- `income` (Julian Cash): `income` (rounds.income);
- `immune_*_events` (Kaylee Wrench, Killian Igneous, Patrick O'Shay): held_cards.immune (`has`);
- `sell_bonus` (Kyle Greymarket): `sell_bonus` (work.sell);
- `take_leftover` (Morgan Grift): `specialist_choices.after_auction`, a choice;
- `pick_same_type` (Pete Bidder): `picks_blocked` (auction.pickable);
- `swap_event` (Remy Roulette): the Events phase (events.offer_swap);
- `repair_after_work` (Rick Axelgrease): `specialist_choices.after_work`, a choice.

Butch Deadlift and McGillis Brothers have no ability: their workers are added when bought
(purchases.take).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .board import LOADER
from .log import Discounted, SellBonus, SpecialistUnpaid, WagesPaid

if TYPE_CHECKING:
    from .board import Board
    from .components import Specialist
    from .model import PayDirtModel

DISCOUNTS = {
    "specialist": "discount_specialists",
    "claim": "discount_claims",
    "equipment": "discount_equipment",
}
SELL_FLAG = "sell_bonus"  # board.flags: Kyle's extra dollars paid this round


def abilities(state: PayDirtModel, seat: int) -> list[Specialist]:
    """The specialists whose abilities act for `seat` now: its own, less a sick one, plus one
    borrowed from an opponent."""
    board = state.boards[seat]
    by_id = state.game.specialist_by_id
    sick, borrowed = _sick(state, seat), _borrowed(state, seat)
    working = [by_id[s] for s in board.specialists if s != sick]
    if borrowed:
        working.append(by_id[borrowed])
    return working


def _sick(state: PayDirtModel, seat: int) -> str:
    """The specialist Flu Outbreak keeps out, unless an immunity bought since cancels the card
    (`immunity=cancels_held`, C3)."""
    sick = state.boards[seat].sick
    if not sick or state.game.option("immunity") != "cancels_held":
        return sick
    return "" if _cancelled(state, seat, "flu-outbreak") else sick


def _borrowed(state: PayDirtModel, seat: int) -> str:
    """The specialist lent to `seat` by an opponent's Disloyal Employee, unless an immunity the
    lender bought since cancels the card (`immunity=cancels_held`, C3)."""
    borrowed = state.boards[seat].borrowed
    if not borrowed or state.game.option("immunity") != "cancels_held":
        return borrowed
    for lender, board in enumerate(state.boards):
        if borrowed in board.specialists and "disloyal-employee" in board.events:
            return "" if _cancelled(state, lender, "disloyal-employee") else borrowed
    return borrowed


def _cancelled(state: PayDirtModel, seat: int, event: str) -> bool:
    """The seat holds a specialist (not the sick one) immune to `event`'s category. Read from
    the board directly, not through `has`, which asks `_sick` (no loop)."""
    board = state.boards[seat]
    wanted = f"immune_{state.game.event_by_id[event].category}_events"
    by_id = state.game.specialist_by_id
    return any(by_id[s].ability == wanted for s in board.specialists if s != board.sick)


def has(state: PayDirtModel, seat: int, ability: str) -> Specialist | None:
    """The first specialist acting for `seat` with this ability (None: none does)."""
    board = state.boards[seat]
    if not board.specialists and not board.borrowed:
        return None  # the common case, kept cheap: the round code asks on every action
    by_id = state.game.specialist_by_id
    sick = _sick(state, seat) if board.sick else ""
    for sid in board.specialists:
        if sid != sick and by_id[sid].ability == ability:
            return by_id[sid]
    borrowed = _borrowed(state, seat) if board.borrowed else ""
    if borrowed and by_id[borrowed].ability == ability:
        return by_id[borrowed]
    return None


# --- workers ---------------------------------------------------------------------------------
def staffed(state: PayDirtModel, seat: int) -> int:
    """Workers `seat` has for this round's Work phase as its specialists stand: its workers,
    plus Chuck Shady's temporary ones and a borrowed specialist's (Disloyal Employee), both
    taken from its reserve (at most 10 in all), less a sick specialist's (Flu Outbreak). The
    events that keep workers out come on top (`work.crew`).

    Chuck's workers are counted, never stored: they are back in the reserve when the round ends
    (001 Chuck Shady: 一旦回合結束後,額外的工人回到…供應區)."""
    board = state.boards[seat]
    workers = board.workers
    if board.specialists or board.borrowed:
        by_id = state.game.specialist_by_id
        extra = 0
        chuck = has(state, seat, "temporary_workers")
        if chuck is not None:
            extra += chuck.amount
        borrowed = _borrowed(state, seat)
        if borrowed:
            extra += by_id[borrowed].workers
        if extra:
            workers = min(state.game.components.rules.max_workers, workers + extra)
        sick = _sick(state, seat)
        if sick:
            workers -= by_id[sick].workers
    return workers


# --- the auction -----------------------------------------------------------------------------
def price_paid(state: PayDirtModel, winner: int, kind: str, high: int) -> int:
    """What the winner of an auction of a `kind` tile pays for its high bid: Betsy Pretty,
    Frank Estate and Spencer Socket take `amount` off a tile of their type won after them
    (001: 只在得標…後才會計算), never below $0. The bids themselves stay within cash
    (不能…標比你擁有的錢還多), so the discount never buys what the cash could not."""
    if not state.boards[winner].specialists and not state.boards[winner].borrowed:
        return high
    discount = has(state, winner, DISCOUNTS[kind])
    if discount is None or not discount.amount:
        return high
    paid = max(0, high - discount.amount)
    state.log.append((Discounted, winner, discount.id, discount.name, high, paid))
    return paid


def picks_blocked(state: PayDirtModel, seat: int) -> bool:
    """Pete Bidder: the seat may pick the type the auction marker blocks (001: 不會受…不能競標
    相同種類物件的束縛)."""
    return has(state, seat, "pick_same_type") is not None


# --- the Work phase --------------------------------------------------------------------------
def any_order(state: PayDirtModel, board: Board) -> bool:
    """Darrell Switcher: the board's layered claims give any of their ore, by type, like a
    regular claim (001: 依他們所希望的任何順序從分層地權拿取)."""
    if not board.specialists and not board.borrowed:
        return False
    seat = next(s for s, b in enumerate(state.boards) if b is board)
    return has(state, seat, "layered_any_order") is not None


def entry_wear(state: PayDirtModel, seat: int, chain: int) -> int:
    """The wear an ore entering machine `chain` adds (WK-10): 1, or 0 on the loader of a seat
    with Hank Driver (001: 鏟裝機上…不會增加破損方塊; events' wear is not entry wear: 不適用
    會增加破損方塊的艱困卡)."""
    if chain == LOADER and has(state, seat, "no_loader_wear") is not None:
        return 0
    return 1


def sell_bonus(state: PayDirtModel, seat: int) -> int:
    """Kyle Greymarket: extra dollars for a sale, at most `amount` in a round however much is
    sold (001: 無論一回合裡出售多少黃金,最多只多獲得$1k): the first sale of a round gets it."""
    kyle = has(state, seat, "sell_bonus")
    if kyle is None:
        return 0
    flags = state.boards[seat].flags
    bonus = max(0, kyle.amount - flags.get(SELL_FLAG, 0))
    if bonus:
        flags[SELL_FLAG] = flags.get(SELL_FLAG, 0) + bonus
        state.log.append((SellBonus, seat, kyle.id, kyle.name, bonus))
    return bonus


# --- Income ----------------------------------------------------------------------------------
def income(state: PayDirtModel, seat: int) -> int:
    """The seat's income (4) Income): Julian Cash's `amount` instead of the rule's (001: 收入
    $3k,而不是一般的$2k)."""
    julian = has(state, seat, "income")
    return julian.amount if julian is not None else state.game.components.rules.income


def upkeep(state: PayDirtModel, seat: int) -> None:
    """Dirty Mike & The Boys are paid `amount` at each Income, before the income is paid
    (designed: the round's wages come out of what the round left; paid after the income the
    $2,000 would always cover them and the note's unpaid case could never happen): by the
    seat that owns the card (also while sick; not by a borrower). If the seat cannot pay, the
    boys walk off (designed): the card's workers go back to the reserve and the card leaves the
    game (001: 如果不能付這張卡片每回合的花費,玩家必須把三個工人放回未獲得的工人供應區)."""
    board = state.boards[seat]
    if not board.specialists:
        return
    by_id = state.game.specialist_by_id
    for sid in [s for s in board.specialists if by_id[s].ability == "paid_workers"]:
        cost = by_id[sid].amount
        if board.cash >= cost:
            board.cash -= cost
            state.log.append((WagesPaid, seat, sid, by_id[sid].name, cost))
            continue
        _leaves(state, seat, sid)


def _leaves(state: PayDirtModel, seat: int, sid: str) -> None:
    """A specialist leaves the game: its workers back to the reserve, no longer sick or lent."""
    board = state.boards[seat]
    board.specialists.remove(sid)
    board.workers = max(0, board.workers - state.game.specialist_by_id[sid].workers)
    if board.sick == sid:
        board.sick = ""
    for other in state.boards:
        if other.borrowed == sid:
            other.borrowed = ""
    name = state.game.specialist_by_id[sid].name
    state.log.append((SpecialistUnpaid, seat, sid, name, board.workers))
