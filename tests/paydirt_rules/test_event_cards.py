"""The 30 event cards' effects and Remy Roulette's swap (issue 4).

Seeds: 001 艱困卡補充說明 (the per-card notes, docs/games/paydirt.md "Per-card notes") and III
艱困階段; designed numbers are the `amount` fields of data/events.toml. Each test sets the
situation up directly and resolves the card with `events.resolve` (or through the draft); the
holder answers the card's questions with `choose <option>`.
"""

from __future__ import annotations

from motherlode.engine.position import replace
from motherlode.rules.paydirt import carry, events, purchases, specialists, work
from motherlode.rules.paydirt.board import STARTING
from motherlode.rules.paydirt.log import EventRevealed, MachineOreDiscarded, WorkerUsedUp
from motherlode.rules.paydirt.phase import Phase
from motherlode.rules.paydirt.state import PayDirtState
from paydirt_rules.helpers import play, show, texts
from paydirt_rules.test_work import place_all, set_board, spaces, the_work, working


def held(state: PayDirtState, seat: int, *cards: str) -> None:
    """The seat holds these long-term cards (as if kept in the last Events phase)."""
    state.boards[seat].events[:] = cards


def busy(state: PayDirtState, seat: int = 0) -> str:
    """Give the seat's wash plant 1 wear and return the placement of a worker to repair it, so
    that the seat's Work turn (and the phase) does not end while its other workers are stuck."""
    state.boards[seat].machines[2].wear = 1
    return "repair wash_plant"


def loads(state: PayDirtState) -> list[str]:
    return [t for t in texts(state) if t.startswith(("load", "move"))]


def ore_types(state: PayDirtState, seat: int, claim: int = 0) -> str:
    ore = state.game.components.ore
    return "".join(ore[o].type[0] for o in state.boards[seat].claims[claim].ore)


def used_up(state: PayDirtState, card: str) -> list[WorkerUsedUp]:
    """The log's events of `card` keeping a worker busy (Busted Controls, Snap Freeze)."""
    return [e for e in state.events() if isinstance(e, WorkerUsedUp) and e.event == card]


def asked(state: PayDirtState, seat: int) -> list[str]:
    """The options of the card's question, checking the holder is the one deciding."""
    assert state.phase == Phase.CHOOSE and state.current_player == seat
    return [t.removeprefix("choose ") for t in texts(state)]


# --- equipment cards -------------------------------------------------------------------------


def test_bad_load_each_completed_ore_gives_a_nugget_less() -> None:
    """Seed 001 艱困卡補充說明 Bad Load: 每個這回合處理好的掏金板塊,在拿取金塊時都少拿一個."""
    state = working()
    set_board(state, 0, machines={"wash_plant": (STARTING, 0, ".m.")})
    set_board(state, 1, machines={"wash_plant": (STARTING, 0, ".m.")})
    held(state, 0, "bad-load")
    place_all(state, ["wash_plant"], ["wash_plant"])
    play(state, "move wash_plant 3", "move wash_plant 3")
    assert state.boards[1].gold == 4  # a medium ore is worth 4
    assert state.boards[0].gold == 3


def test_bad_roads_equipment_and_upgrades_wait_until_the_card_ends() -> None:
    """Seed 001 艱困卡補充說明 Bad Roads: 所有的設備板塊以及營地工具和地權工具板塊,不能加進你的
    玩家圖板,直到下一回合. Won equipment waits (no install-or-scrap decision), a bought upgrade
    too; both arrive when the card ends, before the next draw."""
    state = working()
    held(state, 0, "bad-roads")
    show(state, ["excavator-3"], [], [])
    play(state, "pick excavator-3", "bid 5", "pass")
    board = state.boards[0]
    assert state.phase != Phase.PURCHASE and state.pending is None  # no install-or-scrap
    assert board.waiting == ["excavator-3"] and board.machines[0].equipment == STARTING
    state.upgrade_display.append("generator")
    carry.buy(state, 0, "generator")
    assert board.waiting == ["excavator-3", "generator"] and not board.upgrades
    events.end_long_term(state)
    assert board.machines[0].equipment == "excavator-3" and board.machines[0].wear == 0
    assert board.upgrades == {"camp": "generator"} and not board.waiting and not board.events


def test_bought_a_lemon_new_equipment_and_upgrades_arrive_fully_worn() -> None:
    """Seed 001 艱困卡補充說明 Bought a Lemon: 這回合得標或者購買的所有設備板塊…都增加和板塊上
    扳手數量相等的破損方塊. A FlimCo at full wear leaves at once (WK-12)."""
    state = working()
    held(state, 0, "bought-a-lemon")
    board = state.boards[0]
    assert purchases.take(state, 0, "equipment", "excavator-3")
    play(state, "install")
    assert board.machines[0].equipment == "excavator-3" and board.machines[0].wear == 5
    state.upgrade_display.append("generator")
    carry.buy(state, 0, "generator")
    assert board.upgrade_wear == {"camp": 3}
    purchases.install(state, board, "loader-5")  # a FlimCo, life 3
    assert board.machines[1].equipment == STARTING and board.machines[1].wear == 0
    purchases.install(state, state.boards[1], "loader-3")  # not the holder: no wear
    assert state.boards[1].machines[1].wear == 0


def test_busted_controls_extra_worker_per_machine_run_at_most_3() -> None:
    """Seed 001 艱困卡補充說明 Busted Controls: 你必須調派一個額外的工人來操作你的挖土機、鏟裝機,
    以及掏洗機…如果你沒有使用一個特定的設施,不需要增加一個額外的工人 (test_e8: P0 runs the
    excavator and the wash plant only: 2 extra workers, none for the loader)."""
    state = working()
    set_board(state, 0, machines={"wash_plant": (STARTING, 0, ".m.")})
    held(state, 0, "busted-controls")
    place_all(state, ["excavator", "excavator", "excavator", "wash_plant", "wash_plant"], [])
    assert loads(state) == ["load starting-1 poor", "move wash_plant 3"]
    play(state, "load starting-1 poor")
    left = the_work(state).left[0]
    assert left[0] == 1  # the run took 2 workers
    play(state, "move excavator 2")  # the excavator's second pull: one worker
    assert left[0] == 0
    play(state, "move wash_plant 3")
    assert left[2] == 0 and state.boards[0].gold == 4
    assert len(used_up(state, "busted-controls")) == 2  # loader unused: no extra


def test_busted_controls_a_single_worker_cannot_run_the_machine() -> None:
    """Seed 001 艱困卡補充說明 Busted Controls: 額外的工人 — one worker alone cannot start it."""
    state = working()
    held(state, 0, "busted-controls")
    place_all(state, ["excavator", busy(state)], [])
    assert loads(state) == []
    assert "skip" in texts(state)


def test_catastrophic_failure_wears_current_equipment_and_upgrades() -> None:
    """Seed 001 艱困卡補充說明 Catastrophic Failure: 這不包含你之前用新設備或新工具覆蓋的板塊:
    +2 on each machine on the board, +1 on each upgrade, capped at the service life; a FlimCo
    at full wear leaves."""
    state = working()
    set_board(state, 0, machines={"excavator": ("excavator-3", 1, ".."),
                                  "loader": (STARTING, 3, "..."),
                                  "wash_plant": ("wash-plant-5", 1, ".")})
    board = state.boards[0]
    board.upgrades, board.upgrade_wear = {"camp": "generator"}, {"camp": 3}
    events.resolve(state, 0, "catastrophic-failure")
    assert [m.wear for m in board.machines[:2]] == [3, 4]
    assert board.machines[2].equipment == STARTING  # the FlimCo reached 3 and left
    assert board.upgrade_wear == {"camp": 3}
    assert [m.wear for m in state.boards[1].machines] == [0, 0, 0]


def test_diesel_shortage_each_machine_first_run_costs_and_unpaid_stops() -> None:
    """Seed 001 艱困卡補充說明 Diesel Shortage: 如果你不能付一個設備的費用,那麼你這回合可能無法
    處理掏金板塊 ($1,000 a machine's first run)."""
    state = working()
    set_board(state, 0, machines={"excavator": (STARTING, 0, "..p")})
    held(state, 0, "diesel-shortage")
    state.boards[0].cash = 1000
    place_all(state, ["excavator", "excavator", "loader"], [])
    assert loads(state) == ["load starting-1 poor", "move loader 1"]
    play(state, "load starting-1 poor")
    assert state.boards[0].cash == 0
    assert loads(state) == ["move excavator 2"]  # paid for; the loader cannot be paid
    play(state, "move excavator 2")
    assert state.boards[0].cash == 0


def test_harsh_weather_wears_each_machine_even_with_hank_driver() -> None:
    """Seed 001 艱困卡補充說明 Harsh Weather: 即使玩家擁有 Hank Driver 員工卡,這張卡片的效果
    還是會生效 (+1 on each machine, the loader too, capped at the service life)."""
    state = working()
    board = state.boards[0]
    board.specialists = ["hank-driver"]
    board.machines[2].wear = 4
    events.resolve(state, 0, "harsh-weather")
    assert [m.wear for m in board.machines] == [1, 1, 4]


def test_rusted_axel_no_ore_enters_or_moves_along_the_chosen_machine() -> None:
    """Seed 001 艱困卡補充說明 Rusted Axel: 這張卡片的效果讓你不能移動任何掏金板塊 (on the machine
    its holder names)."""
    state = working()
    set_board(state, 0, machines={"excavator": (STARTING, 0, "..p"),
                                  "loader": (STARTING, 0, "p..")})
    events.resolve(state, 0, "rusted-axel")
    assert asked(state, 0) == ["machine excavator", "machine loader", "machine wash_plant"]
    play(state, "choose machine loader")
    assert state.boards[0].rusted == 1 and state.boards[0].events == ["rusted-axel"]
    place_all(state, ["excavator", "loader", "wash_plant"], [])
    assert loads(state) == ["load starting-1 poor"]  # no `move loader 1` / `move loader 2`
    events.end_long_term(state)
    assert state.boards[0].rusted == -1


def test_stolen_spark_plugs_the_excavator_stops() -> None:
    """Seed 001 艱困卡補充說明 Stolen Spark Plugs: no ore enters or moves along the excavator;
    the loader still runs."""
    state = working()
    set_board(state, 0, machines={"excavator": (STARTING, 0, "p.p")})
    events.resolve(state, 0, "stolen-spark-plugs")
    place_all(state, ["excavator", "loader"], [])
    assert loads(state) == ["move loader 1"]


def test_stolen_spark_plugs_hank_driver_alone_is_affected() -> None:
    """Seed 001 艱困卡補充說明 Stolen Spark Plugs: 有 Hank Driver 員工卡的玩家不會免疫於這張卡片
    的效果 (test_e10, Hank only)."""
    state = working()
    state.boards[0].specialists = ["hank-driver"]
    events.resolve(state, 0, "stolen-spark-plugs")
    place_all(state, ["excavator", busy(state)], [])
    assert state.boards[0].events == ["stolen-spark-plugs"] and loads(state) == []


def test_stolen_spark_plugs_hank_driver_and_kaylee_wrench_are_immune() -> None:
    """Seed 001 艱困卡補充說明 Stolen Spark Plugs: …除非他們也有 Kaylee Wrench 員工卡,則可以
    避免這張卡片的效果 (test_e10, Hank + Kaylee)."""
    state = working()
    state.boards[0].specialists = ["hank-driver", "kaylee-wrench"]
    events.resolve(state, 0, "stolen-spark-plugs")
    place_all(state, ["excavator"], [])
    assert state.boards[0].events == [] and loads(state) == ["load starting-1 poor"]


def test_stolen_spark_plugs_generator_powers_the_excavator() -> None:
    """Seed 001 營地工具補充說明 Generator: 可以搭配「火星塞被偷」 — used this round
    (`flags["generator"]`), the excavator runs."""
    state = working()
    held(state, 0, "stolen-spark-plugs")
    place_all(state, ["excavator", busy(state)], [])
    assert loads(state) == []
    state.boards[0].flags["generator"] = 1
    assert loads(state) == ["load starting-1 poor"]


def test_unexpected_breakdown_chosen_machine_takes_3_wear() -> None:
    """Seed 001 艱困卡補充說明 Unexpected Breakdown: the holder names a machine: +3 wear, capped at
    its service life (a fully worn one is not offered)."""
    state = working()
    board = state.boards[0]
    board.machines[1].wear = 4
    events.resolve(state, 0, "unexpected-breakdown")
    assert asked(state, 0) == ["machine excavator", "machine wash_plant"]
    play(state, "choose machine wash_plant")
    assert [m.wear for m in board.machines] == [0, 4, 3]


def test_unexpected_breakdown_kaylee_wrench_is_immune() -> None:
    """Seed 001 艱困卡補充說明 Unexpected Breakdown: 這張卡片不會對擁有 Kaylee Wrench 員工卡的玩家
    造成影響."""
    state = working()
    state.boards[0].specialists = ["kaylee-wrench"]
    events.resolve(state, 0, "unexpected-breakdown")
    assert state.choice is None and [m.wear for m in state.boards[0].machines] == [0, 0, 0]


# --- claim cards -------------------------------------------------------------------------------


def test_bum_claim_rich_becomes_medium_drawn_face_down() -> None:
    """Seed 001 艱困卡補充說明 Bum Claim: 用一個希望板塊取代一個肥沃板塊,或者用一個荒地板塊取代
    一個希望板塊. The holder (seat 1, not the seat on turn) decides."""
    state = working()
    set_board(state, 1, claims=[("claim-8", False, "pmr")])
    old = state.boards[1].claims[0].ore[2]
    events.resolve(state, 1, "bum-claim")
    assert asked(state, 1) == ["ore claim-8 2", "ore claim-8 3"]
    play(state, "choose ore claim-8 3")
    assert ore_types(state, 1) == "pmm" and old in state.ore_discards[2]


def test_bum_claim_only_poor_ore_nothing_happens() -> None:
    """Seed 001 艱困卡補充說明 Bum Claim: 如果無法這麼做,算你好運!"""
    state = working()
    events.resolve(state, 0, "bum-claim")
    assert state.choice is None and ore_types(state, 0) == "ppp"


def test_clay_layer_discards_a_chosen_unprocessed_ore() -> None:
    """Seed 001 艱困卡補充說明 Clay Layer: 從你的其中一個地權板塊選擇一個尚未處理好的掏金板塊
    並棄掉."""
    state = working()
    set_board(state, 0, claims=[("claim-8", False, "pmr"), ("claim-1", False, "p")])
    events.resolve(state, 0, "clay-layer")
    assert asked(state, 0) == ["ore claim-8 1", "ore claim-8 2", "ore claim-8 3",
                               "ore claim-1 1"]
    play(state, "choose ore claim-8 3")
    assert ore_types(state, 0) == "pm" and len(state.ore_discards[2]) == 1


def test_fools_gold_loses_2_nuggets_not_below_0() -> None:
    """Seed 001 艱困卡補充說明 Fool's Gold: 如果你沒有金塊,算你好運! (lose 2, the `amount`)."""
    state = working()
    state.boards[0].gold, state.boards[1].gold = 5, 1
    events.resolve(state, 0, "fools-gold")
    events.resolve(state, 1, "fools-gold")
    assert [b.gold for b in state.boards] == [3, 0]


def test_fools_gold_company_vault_owner_unaffected() -> None:
    """Seed 001 艱困卡補充說明 Fool's Gold: 這張卡的效果不影響擁有「公司金庫」工具板塊的玩家
    (even for its loose nuggets)."""
    state = working()
    board = state.boards[0]
    board.upgrades, board.gold, board.vault = {"camp": "company-vault"}, 5, 2
    events.resolve(state, 0, "fools-gold")
    assert (board.gold, board.vault) == (5, 2)


def test_good_find_for_someone_else_improves_an_opponents_ore() -> None:
    """Seed 001 艱困卡補充說明 Good Find…For Someone Else: an opponent's poor or medium ore becomes
    the next type (如果所有對手的掏金板塊都是肥沃板塊,你不能做任何事)."""
    state = working(3)
    state.boards[0].gold = 1
    set_board(state, 1, claims=[("claim-8", False, "pmr")])
    set_board(state, 2, claims=[("claim-10", False, "rr")])
    events.resolve(state, 0, "good-find-for-someone-else")
    assert asked(state, 0) == ["ore claim-8 1", "ore claim-8 2"]
    play(state, "choose ore claim-8 1")
    assert ore_types(state, 1) == "mmr"
    set_board(state, 1, claims=[("claim-10", False, "r")])
    events.resolve(state, 0, "good-find-for-someone-else")
    assert state.choice is None


def test_good_find_for_someone_else_not_choosable_without_gold() -> None:
    """Seed 001 艱困卡補充說明 Good Find: 沒有任何處理過的掏金板塊的玩家不能挑選這張艱困卡 (D31:
    not while the hand has another card; forced as the last card, it does nothing)."""
    state = working()
    replace(state, round=2, first_player=0)
    state.boards[0].gold = 1
    top = ["good-find-for-someone-else", "clear-eyes-full-hearts-cant-lose"]
    replace(state, event_deck=[e for e in state.event_deck if e not in top] + top,
            event_discard=[])
    set_board(state, 1, claims=[("claim-8", False, "pmr")])
    events.begin(state)
    assert state.seat == 1  # no gold: picks first
    assert texts(state) == ["keep clear-eyes-full-hearts-cant-lose"]
    state.boards[1].gold = 2
    assert texts(state) == ["keep good-find-for-someone-else",
                            "keep clear-eyes-full-hearts-cant-lose"]
    state.boards[1].gold = 0
    play(state, "keep clear-eyes-full-hearts-cant-lose")
    assert state.choice is not None and state.choice.seat == 0  # seat 0 has gold: it acts
    play(state, "choose ore claim-8 1")
    assert ore_types(state, 1) == "mmr"
    # The other way round: the seat without gold takes it as its last card, and nothing happens.
    state = working()
    state.boards[1].gold = 3
    set_board(state, 1, claims=[("claim-8", False, "pmr")])
    events.resolve(state, 0, "good-find-for-someone-else")
    assert state.choice is None and ore_types(state, 1) == "pmr"


def test_misfiled_paperwork_no_claim_picks_or_bids() -> None:
    """Seed 001 艱困卡補充說明 Misfiled Paperwork: 如卡片敘述 (designed: the holder may not pick
    or bid on claims; it passes on a claim without a decision)."""
    state = working()
    held(state, 1, "misfiled-paperwork")
    show(state, ["excavator-3"], [], ["claim-1"])
    assert "pick claim-1" in texts(state)
    play(state, "pick claim-1", "bid 2")  # seat 1 cannot bid: seat 0 buys at once
    assert state.boards[0].won and any(c.claim == "claim-1" for c in state.boards[0].claims)
    show(state, ["excavator-3"], [], ["claim-2"])
    assert state.seat == 1 and texts(state) == ["pick excavator-3", "decline"]


def test_open_pit_fine_1000_per_claim_with_ore() -> None:
    """Seed 001 艱困卡補充說明 Open Pit Fine: 如卡片敘述 (designed: $1,000 a claim holding ore;
    what cannot be paid is lost)."""
    state = working()
    set_board(state, 0, claims=[("claim-1", False, "pp"), ("claim-2", False, ""),
                                ("claim-3", False, "m")])
    set_board(state, 1, claims=[("claim-4", False, "mm"), ("claim-5", False, "p")])
    state.boards[0].cash, state.boards[1].cash = 5000, 1500
    events.resolve(state, 0, "open-pit-fine")
    events.resolve(state, 1, "open-pit-fine")
    assert [b.cash for b in state.boards] == [3000, 0]


def test_poached_mine_any_ore_even_inside_a_layered_claim() -> None:
    """Seed 001 艱困卡補充說明 Poached Mine: 玩家選擇哪一個掏金板塊要移除。至於分層地權板塊,
    你一樣可以選擇要移除哪一個掏金板塊."""
    state = working()
    set_board(state, 0, claims=[("claim-8", True, "pmr")])
    events.resolve(state, 0, "poached-mine")
    assert asked(state, 0) == ["ore claim-8 1", "ore claim-8 2", "ore claim-8 3"]
    play(state, "choose ore claim-8 2")
    assert ore_types(state, 0) == "pr"


def test_snap_freeze_extra_worker_per_claim_loaded_at_most_3() -> None:
    """Seed 001 艱困卡補充說明 Snap Freeze: 如果你沒有從一個特定的主動地權板塊移除掏金板塊,你不必
    調派一個工人到該地權板塊…最多只會讓玩家調派三個工人 (test_e7: 3 claims used, 3 extra)."""
    state = working()
    set_board(state, 0, claims=[("claim-1", False, "pp"), ("claim-2", False, "pp"),
                                ("claim-3", False, "p")])
    held(state, 0, "snap-freeze")
    state.boards[0].workers = 10
    place_all(state, ["excavator"] * 9 + ["loader"], [])
    play(state, "load claim-1 poor", "move excavator 2")  # 2 workers + 1
    play(state, "load claim-2 poor", "move excavator 3", "move excavator 2")  # 2 + 1 + 1
    play(state, "load claim-3 poor")  # 2
    assert len(used_up(state, "snap-freeze")) == 3 and the_work(state).left[0][0] == 0
    assert spaces(state)[0] == "ppp" and ore_types(state, 0) == "p"


def test_snap_freeze_a_second_load_from_a_claim_needs_no_extra() -> None:
    """Seed 001 艱困卡補充說明 Snap Freeze: one extra worker per claim used, not per load; with
    Busted Controls too, the excavator's first load needs both extras (3 workers)."""
    state = working()
    held(state, 0, "snap-freeze", "busted-controls")
    place_all(state, ["excavator", "excavator", busy(state)], [])
    assert loads(state) == []  # 3 needed, 2 placed
    state = working()
    held(state, 0, "snap-freeze", "busted-controls")
    place_all(state, ["excavator"] * 4 + [busy(state)], [])
    play(state, "load starting-1 poor", "move excavator 2")
    assert the_work(state).left[0][0] == 0
    state = working()
    held(state, 0, "snap-freeze")
    place_all(state, ["excavator"] * 4 + [busy(state)], [])
    play(state, "load starting-1 poor", "move excavator 2", "load starting-1 poor")
    assert the_work(state).left[0][0] == 0 and len(used_up(state, "snap-freeze")) == 1


def test_surveying_error_pay_per_ore_or_discard() -> None:
    """Seed 001 艱困卡補充說明 Surveying Error: 加總你所有未處理好的掏金板塊。每個都付$1k。如果
    玩家不想付錢,可以選擇棄掉板塊,包含可以棄掉所有板塊."""
    state = working()
    state.boards[0].cash = 2000
    events.resolve(state, 0, "surveying-error")
    assert asked(state, 0) == ["ore starting-1 1", "ore starting-1 2", "ore starting-1 3"]
    play(state, "choose ore starting-1 1")
    assert asked(state, 0)[-1] == "pay"
    play(state, "choose pay")
    assert state.boards[0].cash == 0 and ore_types(state, 0) == "pp"
    state.boards[1].cash = 9000
    events.resolve(state, 1, "surveying-error")
    for _ in range(3):
        play(state, "choose ore starting-2 1")
    assert state.choice is None and state.boards[1].cash == 9000
    assert state.boards[1].claims[0].ore == []


def test_surveying_error_counts_the_ore_on_equipment_too() -> None:
    """Seed 001 艱困卡補充說明 Surveying Error: "加總你所有未處理好的掏金板塊。每個都付$1k。"
    (add up ALL your unprocessed ore tiles; pay $1k for each): an ore on a machine is
    unprocessed too, and costs $1,000 like one on a claim. A seat that cannot pay for all
    discards first (the note: "如果玩家不想付錢,可以選擇棄掉板塊"; pay is offered once the
    cash covers the rest)."""
    state = working()
    set_board(state, 0, machines={"loader": (STARTING, 0, "m..")},
              claims=[("starting-1", False, "p")])
    state.boards[0].cash = 5000
    events.resolve(state, 0, "surveying-error")
    assert asked(state, 0) == ["ore starting-1 1", "space loader 1", "pay"]
    play(state, "choose pay")
    assert state.boards[0].cash == 3000
    assert spaces(state, 0)[1] == "m.." and ore_types(state, 0) == "p"
    state.boards[0].cash = 1000
    events.resolve(state, 0, "surveying-error")
    assert asked(state, 0) == ["ore starting-1 1", "space loader 1"]
    play(state, "choose space loader 1")
    assert spaces(state, 0)[1] == "..." and asked(state, 0)[-1] == "pay"
    play(state, "choose pay")
    assert state.boards[0].cash == 0 and ore_types(state, 0) == "p"
    [discarded] = [e for e in state.events() if isinstance(e, MachineOreDiscarded)]
    assert discarded.text() == ("Surveying Error: a medium ore is discarded from space 1 of "
                                "the loader")


def test_flash_flood_no_load_from_the_flooded_claim() -> None:
    """Designed 30th card Flash Flood (data/events.toml): the holder names a claim with ore; no
    ore is loaded from it while the card is held."""
    state = working()
    set_board(state, 0, claims=[("claim-1", False, "pp"), ("claim-2", False, ""),
                                ("claim-3", False, "m")])
    events.resolve(state, 0, "flash-flood")
    assert asked(state, 0) == ["claim claim-1", "claim claim-3"]
    play(state, "choose claim claim-1")
    place_all(state, ["excavator"], [])
    assert loads(state) == ["load claim-3 medium"]


# --- specialist cards --------------------------------------------------------------------------


def test_clear_eyes_full_hearts_cant_lose_does_nothing() -> None:
    """Seed 001 艱困卡補充說明 Clear Eyes, Full Hearts, Can't Lose: 艱困卡牌庫中最棒的卡片."""
    state = working()
    before = state.snapshot()["truth"]
    events.resolve(state, 0, "clear-eyes-full-hearts-cant-lose")
    after = state.snapshot()["truth"]
    assert state.choice is None
    assert {k: v for k, v in after.items() if k not in ("log", "event_discard")} == {
        k: v for k, v in before.items() if k not in ("log", "event_discard")}


def test_disloyal_employee_opponent_shares_a_specialist() -> None:
    """Seed 001 艱困卡補充說明 Disloyal Employee: 該對手這回合也獲得這張卡片的好處及任何這張卡片
    提供的工人 (until the next Events phase)."""
    state = working(3)
    state.boards[0].specialists = ["kaylee-wrench"]
    events.resolve(state, 0, "disloyal-employee")
    assert asked(state, 0) == ["specialist kaylee-wrench"]
    play(state, "choose specialist kaylee-wrench")
    assert asked(state, 0) == ["seat 1", "seat 2"]
    play(state, "choose seat 2")
    assert state.boards[2].borrowed == "kaylee-wrench"
    assert specialists.has(state, 2, "immune_equipment_events") is not None
    events.end_long_term(state)
    assert state.boards[2].borrowed == ""


def test_employee_feud_pay_a_minimum_price_or_discard() -> None:
    """Seed 001 艱困卡補充說明 Employee Feud: 你可以選擇你擁有的任何一張員工卡,並付它的最低競標
    花費;如果你付不出來,你可以棄掉任何一張員工卡."""
    state = working()
    board = state.boards[0]
    board.specialists, board.cash = ["betsy-pretty", "butch-deadlift"], 3500
    events.resolve(state, 0, "employee-feud")
    assert asked(state, 0) == ["specialist betsy-pretty"]  # $3,000; Butch costs $4,000
    play(state, "choose specialist betsy-pretty")
    assert board.cash == 500 and len(board.specialists) == 2
    board.workers = 8
    events.resolve(state, 0, "employee-feud")
    assert state.choice is not None and state.choice.step == "discard"
    play(state, "choose specialist butch-deadlift")
    assert board.specialists == ["betsy-pretty"] and board.workers == 6 and board.cash == 500


def test_flu_outbreak_specialist_out_until_next_events() -> None:
    """Seed 001 艱困卡補充說明 Flu Outbreak: 你必須把工人放到一旁,直到下個艱困階段。卡片的能力
    也會失去,直到下個艱困階段."""
    state = working()
    state.boards[0].specialists = ["kaylee-wrench"]
    events.resolve(state, 0, "flu-outbreak")
    play(state, "choose specialist kaylee-wrench")
    assert state.boards[0].sick == "kaylee-wrench"
    assert specialists.has(state, 0, "immune_equipment_events") is None
    events.end_long_term(state)
    assert state.boards[0].sick == ""


def test_gambling_losses_only_1000_goes_to_the_chosen_opponent() -> None:
    """Seed 001 艱困卡補充說明 Gambling Losses: 如果你只$1K,你必須給予一個對手。如果你沒有錢,
    算你好運! (test_e9)."""
    state = working(3)
    cash = [1000, 0, 5000]
    for board, dollars in zip(state.boards, cash, strict=True):
        board.cash = dollars
    events.resolve(state, 0, "gambling-losses")
    assert asked(state, 0) == ["seat 1", "seat 2"]
    play(state, "choose seat 2")
    assert [b.cash for b in state.boards] == [0, 0, 6000]
    events.resolve(state, 1, "gambling-losses")
    assert state.choice is None
    events.resolve(state, 2, "gambling-losses")
    play(state, "choose seat 0")
    assert [b.cash for b in state.boards] == [2000, 0, 4000]


def test_gold_fever_pays_per_worker_not_on_equipment() -> None:
    """Seed 001 艱困卡補充說明 Gold Fever: 計算每個你沒有用在你的設備工作區的工人數量。用來維修
    設備的工人不用算進去 (town and idle workers count, repairers do not)."""
    state = working()
    held(state, 0, "gold-fever")
    state.boards[0].cash = 5000
    place_all(state, ["excavator", "repair loader", "sell"], ["sell"])
    assert state.boards[0].cash == 2000  # 1 in town + 2 idle
    assert state.boards[1].cash == 9000


def test_late_night_bender_two_workers_fewer() -> None:
    """Seed 001 艱困卡補充說明 Late Night Bender (designed: 2 workers fewer in the next Work)."""
    state = working()
    events.resolve(state, 0, "late-night-bender")
    assert work.crew(state, 0) == 3 and work.crew(state, 1) == 5


def test_late_night_bender_patrick_oshay_is_immune() -> None:
    """Seed 001 艱困卡補充說明 Late Night Bender: 擁有 Patrick O'Shay 員工卡的玩家可以免疫這張卡片
    的效果."""
    state = working()
    state.boards[0].specialists = ["patrick-oshay"]
    events.resolve(state, 0, "late-night-bender")
    assert state.boards[0].events == [] and work.crew(state, 0) == 5


def test_mandatory_safety_training_one_worker_per_machine_idle() -> None:
    """Seed 001 艱困卡補充說明 Mandatory Safety Training: 不包含調派去維修設備的工人."""
    state = working()
    held(state, 0, "mandatory-safety-training")
    place_all(state, ["excavator", "excavator", "loader", "repair loader"], [])
    left = the_work(state).left[0]
    assert left[:3] == [1, 0, 0] and left[work.SLOTS.index("repair loader")] == 1


def test_overslept_one_worker_fewer() -> None:
    """Seed 001 艱困卡補充說明 Overslept: 如卡片敘述 (designed: 1 worker fewer in the next Work)."""
    state = working()
    events.resolve(state, 0, "overslept")
    place_all(state, ["excavator"] * 5, [])
    assert the_work(state).placed[0][0] == 4


def test_thieving_workers_steal_loose_nuggets() -> None:
    """Seed 001 艱困卡補充說明 Thieving Workers (lose 2 loose nuggets)."""
    state = working()
    state.boards[0].gold = 5
    events.resolve(state, 0, "thieving-workers")
    assert state.boards[0].gold == 3


def test_thieving_workers_spare_the_company_vault() -> None:
    """Seed 001 艱困卡補充說明 Thieving Workers: 如果玩家的黃金都放在「公司金庫」板塊上,這張卡片
    不會對擁有「公司金庫」工具板塊的玩家造成影響."""
    state = working()
    a, b = state.boards
    a.upgrades = b.upgrades = {"camp": "company-vault"}
    a.gold, a.vault = 4, 4
    b.gold, b.vault = 5, 4
    events.resolve(state, 0, "thieving-workers")
    events.resolve(state, 1, "thieving-workers")
    assert (a.gold, a.vault, b.gold, b.vault) == (4, 4, 4, 4)


# --- Remy Roulette ---------------------------------------------------------------------------


def remy_draft(answer: str) -> tuple[PayDirtState, int]:
    """Seat 0 (first player, Remy Roulette) ends up with Harsh Weather; Clear Eyes lies below
    the two cards drawn."""
    state = working()
    replace(state, round=2, first_player=0)
    state.boards[0].specialists = ["remy-roulette"]
    top = ["clear-eyes-full-hearts-cant-lose", "harsh-weather", "overslept"]
    replace(state, event_deck=[e for e in state.event_deck if e not in top] + top,
            event_discard=[])
    before = state.temperature
    events.begin(state)
    assert state.seat == 1
    play(state, "keep overslept")  # seat 0 takes harsh-weather; resolution starts
    assert asked(state, 0) == ["yes", "no"]
    assert any(isinstance(e, EventRevealed) and e.event == "harsh-weather"
               for e in state.events())
    play(state, f"choose {answer}")
    return state, before


def test_remy_roulette_swap_resolves_the_top_card_and_puts_the_old_on_top() -> None:
    """Seed 001 員工卡補充說明 Remy Roulette: 決定交換前不能察看; 手上的艱困卡放回牌庫頂端: the
    new card resolves (its temperature counts), the old one is on top face up, public."""
    state, before = remy_draft("yes")
    assert [m.wear for m in state.boards[0].machines] == [0, 0, 0]
    assert state.event_deck[-1] == "harsh-weather" and state.event_top == "harsh-weather"
    assert state.view(1)["stacks"]["event_top"] == "harsh-weather"
    assert state.temperature == before - 1  # Clear Eyes' drop, not Harsh Weather's 5
    assert events.draw(state, 1) == ["harsh-weather"] and state.event_top == ""


def test_remy_roulette_keep_resolves_the_card_kept() -> None:
    """Seed 001 員工卡補充說明 Remy Roulette: declining, the kept card resolves as usual."""
    state, before = remy_draft("no")
    assert [m.wear for m in state.boards[0].machines] == [1, 1, 1]
    assert state.event_top == "" and state.temperature == before - 5
