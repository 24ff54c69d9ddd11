"""The specialists' abilities (seed 001 員工卡補充說明, the per-card notes; docs/games/paydirt.md
"Per-card notes"; data/specialists.toml `ability` and `amount`).

One scenario per specialist, named after its data id, plus the interactions the notes name
(Chuck Shady, Flu Outbreak and Disloyal Employee on the crew; the seed 001 III example of an
immunity bought after a card is held). Remy Roulette's swap belongs to the Events phase
(tests/paydirt_rules/test_event_cards.py).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from motherlode.engine.position import replace
from motherlode.rules.paydirt import events, held_cards, rounds, specialists, work
from motherlode.rules.paydirt.board import STARTING
from motherlode.rules.paydirt.log import (
    Discounted,
    EventResolved,
    PlacementsRevealed,
    TookLeftover,
    WagesPaid,
)
from motherlode.rules.paydirt.phase import Phase
from motherlode.rules.paydirt.state import PayDirtState
from paydirt_rules.helpers import bid, minimum, new_state, play, show, texts
from paydirt_rules.test_work import phase, place_all, set_board, spaces, the_work, working

DATA = Path(__file__).resolve().parents[2] / "src/motherlode/rules/paydirt/data"


def hire(state: PayDirtState, seat: int, *specialist_ids: str) -> None:
    """Give `seat` these specialists (their workers are not added: the scenario sets them)."""
    state.boards[seat].specialists.extend(specialist_ids)


def choices_offered(state: PayDirtState) -> list[str]:
    return [t.removeprefix("choose ") for t in texts(state)]


# --- Betsy Pretty, Frank Estate, Spencer Socket ------------------------------------------------


def test_betsy_pretty_discount_on_specialists_won_after_her() -> None:
    """Seed 001 員工卡補充說明 Betsy Pretty: 她的能力只在得標員工卡後才會計算。你不能用她的能力
    去標比你擁有的錢還多的物件。 Buying Betsy herself costs the full bid; a specialist won after
    her costs her `amount` ($1,000 as designed) less; the bids never go above the cash on
    hand."""
    state = new_state(3)
    betsy = state.game.specialist_by_id["betsy-pretty"]
    assert betsy.amount > 0  # a discount to see
    kaylee = minimum(state, "kaylee-wrench")
    high = kaylee + 1_000  # seat 2 opens Kaylee at her minimum, seat 0 raises
    cash = betsy.price + high + 1_000  # every seat can bid on both, or pass
    for board in state.boards:
        board.cash = cash
    show(state, ["loader-4"], ["betsy-pretty", "kaylee-wrench"], ["claim-1"])
    play(state, "pick betsy-pretty", bid(betsy.price), "pass", "pass")
    cash -= betsy.price
    assert state.boards[0].cash == cash  # no discount on the card itself
    play(state, "pick claim-1", "bid 1", "pass", "pass")  # seat 1 wins the claim
    play(state, "pick kaylee-wrench", bid(kaylee), bid(high), "pass", "pass")  # seat 2 opens
    assert state.boards[0].specialists == ["betsy-pretty", "kaylee-wrench"]
    paid = high - betsy.amount
    assert state.boards[0].cash == cash - paid  # the high bid, Betsy's amount off
    assert Discounted(0, "betsy-pretty", betsy.name, high, paid) in state.events()


def test_betsy_pretty_bids_stay_within_cash() -> None:
    """Seed 001 Betsy Pretty: 你不能用她的能力去標比你擁有的錢還多的物件: with just a specialist's
    minimum on hand (say $4,000) the holder may bid that, not $1,000 more; winning, she pays it
    less her `amount` ($3,000)."""
    state = new_state(2)
    hire(state, 0, "betsy-pretty")
    discount = state.game.specialist_by_id["betsy-pretty"].amount
    assert discount > 0  # the discount could have paid for a higher bid
    butch = minimum(state, "butch-deadlift")
    state.boards[0].cash = butch
    state.boards[1].cash = butch + 1_000  # seat 1 may raise, and passes
    show(state, [], ["butch-deadlift"], [])
    play(state, "pick butch-deadlift")
    assert texts(state) == [bid(butch)]
    play(state, bid(butch), "pass")
    assert state.boards[0].cash == min(discount, butch)


def test_frank_estate_discount_on_claims_only() -> None:
    """Seed 001 員工卡補充說明 Frank Estate: 他的能力只在得標地權板塊後才會計算。你不能用他的能力
    去標比你擁有的錢還多的物件。 $1,000 off a claim won (never below $0); a specialist won pays the
    full bid. Frank's `amount` is $1,000 as designed."""
    state = new_state(3)
    hire(state, 1, "frank-estate")
    discount = state.game.specialist_by_id["frank-estate"].amount
    assert discount >= 1_000  # enough to take the $1,000 claim-1 down to the $0 floor
    butch = minimum(state, "butch-deadlift")
    state.boards[1].cash = butch + 2_000  # the specialist, then a $2,000 claim bid
    show(state, [], ["butch-deadlift"], ["claim-1", "claim-3"])
    play(state, "pick claim-3", "bid 2", "pass", "pass")  # seat 0, no Frank: the full $2,000
    assert state.boards[0].cash == 7_000
    play(state, "pick butch-deadlift", bid(butch), "pass", "pass")  # seat 1: a specialist
    assert state.boards[1].cash == 2_000  # no discount: Frank counts claims only
    play(state, "pick claim-1", "bid 1", "pass", "bid 2", "pass")  # seat 2 opens, 1 raises
    assert state.boards[1].cash == 2_000 - max(0, 2_000 - discount)  # $2,000 bid, Frank's off
    state2 = new_state(2)
    hire(state2, 0, "frank-estate")
    show(state2, [], [], ["claim-1"])
    play(state2, "pick claim-1", "bid 1", "pass")
    assert state2.boards[0].cash == 9_000  # $1,000 bid, at least $1,000 off: $0, never below


def test_spencer_socket_discount_on_equipment() -> None:
    """Seed 001 員工卡補充說明 Spencer Socket: 他的能力只在得標設備板塊後才會計算。你不能用他的能力
    去標比你擁有的錢還多的物件。 Equipment won costs $1,000 less; the bids still stop at the
    cash."""
    state = new_state(2)
    hire(state, 1, "spencer-socket")
    state.boards[1].cash = 3_000
    show(state, ["loader-4"], [], ["claim-1"])
    play(state, "pick loader-4", "bid 2")
    assert texts(state) == ["bid 3", "pass"]  # at most the $3,000 on hand
    play(state, "bid 3", "pass")
    assert state.phase == Phase.PURCHASE and state.boards[1].cash == 1_000
    play(state, "install")
    assert state.boards[1].machines[1].equipment == "loader-4"


# --- Butch Deadlift, McGillis Brothers -------------------------------------------------------


@pytest.mark.parametrize(("workers", "after"), [(5, 7), (8, 10), (9, 10)])
def test_butch_deadlift_adds_two_workers(workers: int, after: int) -> None:
    """Seed 001 員工卡補充說明 Butch Deadlift: 沒有能力。增加兩個工人到你的未使用勞動力區。 +2
    workers from the reserve, 10 in all at most (5 + the reserve of 5)."""
    state = new_state(2)
    state.boards[0].workers = workers
    butch = minimum(state, "butch-deadlift")
    state.boards[0].cash = butch  # enough for the opening bid
    show(state, [], ["butch-deadlift"], [])
    play(state, "pick butch-deadlift", bid(butch), "pass")
    assert state.boards[0].workers == after
    assert specialists.abilities(state, 0)[0].ability == "none"


@pytest.mark.parametrize(("workers", "after"), [(5, 7), (9, 10), (10, 10)])
def test_mcgillis_brothers_add_two_workers(workers: int, after: int) -> None:
    """Seed 001 員工卡補充說明 McGillis Brothers: 沒有能力。增加兩個工人到你的未使用勞動力區。
    +2 workers, capped at 10; they place in Work like the others."""
    state = new_state(2)
    state.boards[1].workers = workers
    brothers = minimum(state, "mcgillis-brothers")
    state.boards[1].cash = brothers  # enough for the opening bid
    show(state, [], ["mcgillis-brothers"], [])
    play(state, "decline", "pick mcgillis-brothers", bid(brothers), "pass")
    assert state.boards[1].workers == after
    assert work.crew(state, 1) == after


# --- Chuck Shady and the crew ----------------------------------------------------------------


def test_chuck_shady_extra_workers_each_round_back_at_round_end() -> None:
    """Seed 001 員工卡補充說明 Chuck Shady: 一旦回合結束後,額外的工人回到玩家還沒獲得的工人
    供應區。 The holder places his `amount` more workers (designed) in each Work; they are not
    kept: its workers are unchanged, and next round it has them extra again."""
    state = working(2)
    hire(state, 0, "chuck-shady")
    extra = state.game.specialist_by_id["chuck-shady"].amount
    assert extra > 0  # hands to see
    crew = 5 + extra
    place_all(state, ["excavator"] * 3 + ["sell"] * (crew - 3), [])
    assert sum(the_work(state).placed[0]) == crew  # the last placement ended its turn
    assert the_work(state).done[0] and state.boards[0].workers == 5
    rounds.next_round(state)
    assert state.boards[0].workers == 5 and work.crew(state, 0) == crew


@pytest.mark.parametrize("room", [5, 2, 1, 0])
def test_chuck_shady_limited_by_the_reserve(room: int) -> None:
    """Seed 001 Chuck Shady (…回到玩家還沒獲得的工人供應區): his extra hands come from the
    reserve, so the holder never places more than 10 workers. `room`: the reserve left (10
    workers in all less the holder's); he adds his `amount`, at most that."""
    state = working(2)
    hire(state, 0, "chuck-shady")
    extra = state.game.specialist_by_id["chuck-shady"].amount
    assert extra > 0
    workers = 10 - room
    state.boards[0].workers = workers
    assert work.crew(state, 0) == workers + min(extra, room)
    state.boards[0].sick = "chuck-shady"  # Flu Outbreak: his ability is out
    assert work.crew(state, 0) == workers


def test_crew_flu_outbreak_and_disloyal_employee() -> None:
    """Seed 001 艱困卡補充說明 Flu Outbreak (工人放到一旁,直到下個艱困階段) and Disloyal Employee
    (該對手這回合也獲得…任何這張卡片提供的工人): a sick specialist's workers are out of Work; a
    borrowed one's workers join the borrower (from its reserve, 10 in all)."""
    state = working(2)
    hire(state, 0, "butch-deadlift")
    state.boards[0].workers = 7
    state.boards[0].sick = "butch-deadlift"
    assert work.crew(state, 0) == 5
    state.boards[1].borrowed = "dirty-mike-the-boys"
    assert work.crew(state, 1) == 8
    state.boards[1].workers = 9
    assert work.crew(state, 1) == 10
    work_state = working(2)
    work_state.boards[1].borrowed = "butch-deadlift"
    place_all(work_state, [], ["sell"] * 7)  # the 7th placement ends the seat's turn
    assert PlacementsRevealed(1, ("sell",), (7,)) in work_state.events()


# --- Darrell Switcher ------------------------------------------------------------------------


@pytest.mark.parametrize(("darrell", "loads"), [
    (False, ["load layered-2 poor"]),
    (True, ["load layered-2 poor", "load layered-2 medium", "load layered-2 rich"]),
])
def test_darrell_switcher_layered_claims_any_order(darrell: bool, loads: list[str]) -> None:
    """Seed 001 員工卡補充說明 Darrell Switcher: 玩家可以依他們所希望的任何順序從分層地權拿取
    掏金板塊。 The excavator loads any ore of a layered claim, by type, like a regular claim."""
    state = working(2)
    set_board(state, 0, claims=[("layered-2", True, "pmr")])
    if darrell:
        hire(state, 0, "darrell-switcher")
    place_all(state, ["excavator"], [])
    assert [t for t in texts(state) if t.startswith("load")] == loads
    if darrell:
        play(state, "load layered-2 rich")
        assert spaces(state)[0] == "r.."
        ore = state.game.components.ore
        assert [ore[o].type for o in state.boards[0].claims[0].ore] == ["poor", "medium"]


# --- Dirty Mike & The Boys -------------------------------------------------------------------


def test_dirty_mike_the_boys_paid_at_income() -> None:
    """Seed 001 員工卡補充說明 Dirty Mike & The Boys: 如果不能付這張卡片每回合的花費,玩家必須把
    三個工人放回未獲得的工人供應區。 At each Income, before the income, the holder pays the
    card's `amount` (designed) and keeps the boys; a borrower does not pay. Here the holder has
    just that amount."""
    state = new_state(2)
    boys = state.game.specialist_by_id["dirty-mike-the-boys"]
    assert boys.amount > 0  # wages to pay
    state.boards[0].cash = boys.price  # enough for the opening bid
    show(state, [], ["dirty-mike-the-boys"], [])
    play(state, "pick dirty-mike-the-boys", bid(boys.price), "pass")
    board = state.boards[0]
    assert board.workers == 8
    board.cash = boys.amount
    state.boards[1].borrowed = "dirty-mike-the-boys"
    rounds.income(state)
    assert board.cash == 2_000 and board.specialists == ["dirty-mike-the-boys"]  # paid, +income
    assert board.workers == 8 and state.boards[1].cash == 9_000 + 2_000
    assert WagesPaid(0, "dirty-mike-the-boys", boys.name, boys.amount) in state.events()


def test_dirty_mike_the_boys_unpaid_walk_off() -> None:
    """Seed 001 Dirty Mike & The Boys: 如果不能付…每回合的花費,玩家必須把三個工人放回…供應區
    (designed: the card leaves the game with them). Paid before the income: a seat with less
    than the card's `amount` left cannot pay."""
    state = new_state(2)
    assert isinstance(state, PayDirtState)
    board = state.boards[0]
    board.specialists = ["kaylee-wrench", "dirty-mike-the-boys"]
    board.workers, board.cash = 9, 0
    state.boards[1].borrowed = "dirty-mike-the-boys"
    rounds.income(state)
    assert board.specialists == ["kaylee-wrench"] and board.workers == 6
    assert board.cash == 2_000  # nothing paid; the income comes after
    assert state.boards[1].borrowed == ""  # gone from the game
    assert work.crew(state, 0) == 6


# --- Hank Driver -----------------------------------------------------------------------------


@pytest.mark.parametrize(("hank", "wear"), [(False, [1, 1, 1]), (True, [1, 0, 1])])
def test_hank_driver_no_loader_wear_on_entry(hank: bool, wear: list[int]) -> None:
    """Seed 001 員工卡補充說明 Hank Driver: 當新的掏金板塊在鏟裝機上處理時,玩家不會增加破損方塊
    到他們的鏟裝機上。這不適用會增加破損方塊的艱困卡。 Ore entering the loader adds no wear; the
    excavator and wash plant still wear (events' wear is the events' own: test_event_cards)."""
    state = working(2)
    set_board(state, 0, {"excavator": (STARTING, 0, "..p"), "loader": (STARTING, 0, "..p")})
    if hank:
        hire(state, 0, "hank-driver")
    place_all(state, ["excavator", "loader", "wash_plant"], [])
    play(state, "move wash_plant 1", "move loader 1", "load starting-1 poor")
    assert [m.wear for m in state.boards[0].machines] == wear
    assert spaces(state) == ["p..", "p..", "p.."]


# --- Julian Cash -----------------------------------------------------------------------------


def test_julian_cash_income_3000() -> None:
    """Seed 001 員工卡補充說明 Julian Cash: 收入階段時收入$3k,而不是一般的$2k。 A sick Julian
    (Flu Outbreak) gives the ordinary income."""
    state = new_state(3)
    show(state, [], ["julian-cash"], [])
    play(state, "pick julian-cash", "bid 3", "pass", "pass")
    state.boards[2].borrowed = "julian-cash"  # Disloyal Employee: the borrower has it too
    rounds.income(state)
    assert [b.cash for b in state.boards] == [6_000 + 3_000, 9_000 + 2_000, 9_000 + 3_000]
    state.boards[0].sick = "julian-cash"
    rounds.income(state)
    assert state.boards[0].cash == 9_000 + 2_000


# --- Kaylee Wrench, Killian Igneous, Patrick O'Shay ------------------------------------------


def immunity_case(specialist: str, immune_to: str, not_immune_to: str) -> None:
    state = new_state(2)
    price = minimum(state, specialist)
    state.boards[0].cash = price  # enough for the opening bid
    show(state, [], [specialist], [])
    play(state, f"pick {specialist}", bid(price), "pass")
    assert held_cards.immune(state, 0, immune_to) and not held_cards.immune(state, 1, immune_to)
    assert not held_cards.immune(state, 0, not_immune_to)
    events.resolve(state, 0, immune_to)
    assert immune_to not in state.boards[0].events and immune_to in state.event_discard
    last = state.events()[-1]
    assert isinstance(last, EventResolved) and last.immune is True
    state.boards[0].sick = specialist  # Flu Outbreak: the ability is out
    assert not held_cards.immune(state, 0, immune_to)


def test_kaylee_wrench_immune_to_equipment_events() -> None:
    """Seed 001 員工卡補充說明 Kaylee Wrench: 設備艱困卡不會影響你。 A long-term equipment card
    she meets is discarded without effect; claim cards still act."""
    immunity_case("kaylee-wrench", "busted-controls", "snap-freeze")


def test_killian_igneous_immune_to_claim_events() -> None:
    """Seed 001 員工卡補充說明 Killian Igneous: 地權艱困卡不會影響你。"""
    immunity_case("killian-igneous", "snap-freeze", "busted-controls")


def test_patrick_oshay_immune_to_specialist_events() -> None:
    """Seed 001 員工卡補充說明 Patrick O'Shay: 員工艱困卡不會影響你 (and 艱困卡補充說明 Late Night
    Bender: Patrick O'Shay 免疫)."""
    immunity_case("patrick-oshay", "late-night-bender", "bum-claim")


@pytest.mark.parametrize(("immunity", "still_held"), [
    ("from_purchase", True),
    ("cancels_held", False),
])
def test_e5_machine_expert(immunity: str, still_held: bool) -> None:
    """Seed 001 III example and 員工卡補充說明 Kaylee Wrench: 這不包含你前一輪獲取的任何艱困卡。
    對設備艱困卡免役的發生點始於你買到這張卡的當輪艱困階段。 Busted Controls held from round r;
    Kaylee bought in r+1: by default the card stays in force in r+1's Work (C3
    `immunity=from_purchase`); with `cancels_held` (seed 000) it stops."""
    state = new_state(2, immunity=immunity)
    replace(state, round=2)
    state.boards[0].events = ["busted-controls"]
    kaylee = minimum(state, "kaylee-wrench")
    state.boards[0].cash = kaylee  # enough for the opening bid
    show(state, [], ["kaylee-wrench"], [])
    play(state, "pick kaylee-wrench", bid(kaylee), "pass")
    assert state.boards[0].specialists == ["kaylee-wrench"]
    assert ("busted-controls" in held_cards.in_force(state, 0)) is still_held
    assert state.boards[0].events == ["busted-controls"]  # held either way until Events


# --- Kyle Greymarket -------------------------------------------------------------------------


def test_kyle_greymarket_at_most_1000_extra_a_round() -> None:
    """Seed 001 員工卡補充說明 Kyle Greymarket: 無論一回合裡出售多少黃金,最多只多獲得$1k。 The
    first sale of a round pays $1,000 more, later ones nothing more; next round again."""
    state = working(2)
    hire(state, 0, "kyle-greymarket")
    board = state.boards[0]
    board.gold = 6
    place_all(state, ["sell", "sell", "sell"], [])
    play(state, "sell 1")
    assert board.cash == 9_000 + 3_000 + 1_000
    play(state, "sell 2")
    assert board.cash == 13_000 + 6_000
    rounds.next_round(state)
    place_all(state, ["sell"], [])
    play(state, "sell 2")
    assert board.cash == 19_000 + 6_000 + 1_000 and board.gold == 1


# --- Morgan Grift ----------------------------------------------------------------------------


def test_morgan_grift_takes_a_leftover_at_its_minimum() -> None:
    """Seed 001 員工卡補充說明 Morgan Grift: 你只能在競標結束,並重新補充競標物件之前,立刻拿取一個
    物件。不能拿取新補充的物件。 Bought this round, he takes one tile left on the displays right
    after the auction (any type, even the one just blocked), paying its minimum (designed); then
    Work begins."""
    state = new_state(2)
    show(state, ["loader-4"], ["morgan-grift"], ["claim-1", "layered-6"])
    play(state, "pick claim-1", "bid 1", "pass")  # seat 0 buys a claim: claims blocked
    play(state, "pick morgan-grift", "bid 2", "pass")  # seat 1 buys Morgan: the auction ends
    assert state.phase == Phase.CHOOSE and state.current_player == 1
    assert state.choice is not None and state.choice.card == "morgan-grift"
    assert choices_offered(state) == ["tile loader-4", "tile layered-6", "no"]
    play(state, "choose tile layered-6")
    board = state.boards[1]
    assert board.cash == 9_000 - 2_000 - 5_000
    assert [c.claim for c in board.claims] == ["starting-2", "layered-6"]
    assert state.claim_display == [] and phase(state) == Phase.WORK_PLACE
    assert TookLeftover(1, "layered-6", "layered claim 6", 5_000) in state.events()


def test_morgan_grift_equipment_then_work() -> None:
    """Seed 001 Morgan Grift (…立刻拿取一個物件): equipment taken is installed or scrapped like a
    purchase (PU-6..PU-8); then Work begins. Once a round: the next round asks again."""
    state = new_state(2)
    hire(state, 0, "morgan-grift")
    show(state, ["loader-4"], [], ["claim-1"])
    play(state, "decline", "decline")
    assert choices_offered(state) == ["tile loader-4", "tile claim-1", "no"]
    play(state, "choose tile loader-4")
    assert state.phase == Phase.PURCHASE and state.current_player == 0
    assert texts(state)[0] == "install"
    play(state, "install")
    assert state.boards[0].machines[1].equipment == "loader-4"
    assert state.boards[0].cash == 7_000 and phase(state) == Phase.WORK_PLACE
    assert state.work is not None


@pytest.mark.parametrize(("cash", "offered"), [
    (0, None),
    (1_000, None),
    (2_000, ["tile loader-4", "tile claim-3", "no"]),
])
def test_morgan_grift_cannot_take_when_too_poor(cash: int, offered: list[str] | None) -> None:
    """Seed 001 Morgan Grift: he pays the tile's minimum (designed), so only tiles whose minimum
    the cash covers are offered; none: no question, Work begins. `choose no` takes nothing."""
    state = new_state(2)
    hire(state, 1, "morgan-grift")
    state.boards[1].cash = cash
    show(state, ["loader-4", "loader-1"], ["butch-deadlift"], ["claim-3"])
    while state.phase == Phase.AUCTION:
        play(state, "decline")
    if offered is None:
        assert state.phase == Phase.WORK_PLACE and state.choice is None
        return
    assert choices_offered(state) == offered
    play(state, "choose no")
    assert state.phase == Phase.WORK_PLACE and state.boards[1].cash == cash
    assert state.equipment_display == ["loader-4", "loader-1"]


# --- Pete Bidder -----------------------------------------------------------------------------


def test_pete_bidder_may_pick_the_blocked_type() -> None:
    """Seed 001 員工卡補充說明 Pete Bidder: 你不會受一般競標規則不能競標相同種類物件的束縛。 After a
    claim is sold, Pete's holder may pick a claim; another seat may not (AU-5)."""
    state = new_state(3)
    hire(state, 1, "pete-bidder")
    show(state, ["loader-4"], [], ["claim-1", "claim-3"])
    play(state, "pick claim-1", "bid 1", "pass", "pass")
    assert state.current_player == 1
    assert texts(state) == ["pick loader-4", "pick claim-3", "decline"]
    play(state, "decline")
    assert state.current_player == 2 and texts(state) == ["pick loader-4", "decline"]


# --- Rick Axelgrease -------------------------------------------------------------------------


def rick_at_work_end(last_round: bool = False) -> PayDirtState:
    state = working(2)
    hire(state, 0, "rick-axelgrease")
    replace(state, last_round=last_round)
    set_board(state, 0, {"loader": (STARTING, 2, "..."), "wash_plant": ("wash-plant-4", 1, "..")})
    place_all(state, [], [])  # nobody works: the Work phase ends at once
    return state


def test_rick_axelgrease_one_wear_off_after_work() -> None:
    """Seed 001 員工卡補充說明 Rick Axelgrease: 在艱困階段開始前,每個工作階段結束後,你可以從一個
    設備立刻移除一個破損方塊。 After Work, before the Events draft, the holder chooses a machine
    with wear: 1 wear comes off; then Events begin."""
    state = rick_at_work_end()
    assert state.phase == Phase.CHOOSE and state.current_player == 0 and state.draft is None
    assert choices_offered(state) == ["machine loader", "machine wash_plant", "no"]
    play(state, "choose machine loader")
    assert [m.wear for m in state.boards[0].machines] == [0, 1, 1]
    assert phase(state) == Phase.EVENTS and state.draft is not None


def test_rick_axelgrease_may_decline_and_not_after_the_last_round() -> None:
    """Seed 001 Rick Axelgrease: 你可以 (may): `choose no` takes nothing off; the last round's
    Work ends the game (no Events follow), so he is not asked then."""
    state = rick_at_work_end()
    play(state, "choose no")
    assert [m.wear for m in state.boards[0].machines] == [0, 2, 1]
    assert state.phase == Phase.EVENTS
    last = rick_at_work_end(last_round=True)
    assert last.phase == Phase.OVER and last.choice is None
