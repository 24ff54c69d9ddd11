"""The upgrades' effects (seed 001 營地工具板塊補充說明 / 地權工具板塊補充說明; the spec's
"Upgrades"; designed numbers in data/upgrades.toml). One scenario per upgrade, played through
the public actions: `use camp` / `use claim` in the owner's Work turn (WK-9: no worker, +1
wear, once a round), then `choose <option>` for the card's questions.

Boards are set by hand with test_work's `set_board` (ore values: poor 3, medium 4, rich 6).
"""

from __future__ import annotations

import random

import pytest

from motherlode.engine import IllegalAction
from motherlode.rules.paydirt.board import EMPTY
from motherlode.rules.paydirt.components import ORE_TYPES, UPGRADE_KINDS
from motherlode.rules.paydirt.log import Completed
from motherlode.rules.paydirt.phase import Phase
from motherlode.rules.paydirt.state import PayDirtState
from paydirt_rules.helpers import play, revealed_values, texts
from paydirt_rules.test_work import place_all, set_board, spaces, the_work, working


def claim_ore(state: PayDirtState, seat: int = 0) -> dict[str, str]:
    """Each claim's ore as type initials, in order."""
    ore = state.game.components.ore
    return {c.claim: "".join(ore[o].type[0] for o in c.ore) for c in state.boards[seat].claims}


def ready(state: PayDirtState, upgrades: dict[str, str], *placements: list[str]) -> None:
    """Give seat 0 these upgrades (no wear), take the tiles on the boards out of the ore stacks
    (set_board picks them from the components), and begin Work with these placements."""
    board = state.boards[0]
    board.upgrades = dict(upgrades)
    board.upgrade_wear = dict.fromkeys(upgrades, 0)
    on_boards = {o for b in state.boards for o in b.ore_on_board()}
    for stack in state.ore_stacks:
        stack[:] = [o for o in stack if o not in on_boards]
    rows = [list(p) for p in placements] or [[]]
    rows += [[]] * (state.game.num_players - len(rows))
    place_all(state, *rows)
    assert state.phase == Phase.WORK and state.seat == 0


def not_offered(state: PayDirtState, upgrades: dict[str, str], kind: str) -> None:
    """Seat 0 has a turn (a worker selling a nugget) but its upgrade is not offered."""
    state.boards[0].gold += 1
    ready(state, upgrades, ["sell"])
    assert "sell 1" in texts(state) and f"use {kind}" not in texts(state)


def options(state: PayDirtState) -> list[str]:
    return [t.removeprefix("choose ") for t in texts(state)]


def used_once(state: PayDirtState, kind: str) -> None:
    """WK-9: the use added 1 wear and is not offered again this round (Work is over when
    nothing else was left to do)."""
    assert state.boards[0].upgrade_wear[kind] == 1
    assert state.phase != Phase.CHOOSE
    if state.phase == Phase.WORK:
        assert the_work(state).used[0][UPGRADE_KINDS.index(kind)]
        assert f"use {kind}" not in texts(state)
    else:
        assert state.phase == Phase.EVENTS


# --- camp upgrades ----------------------------------------------------------------------------


def test_atv_buys_an_upgrade_without_a_town_worker() -> None:
    """Seed 001 營地工具板塊補充說明 ATV: 這會在玩家有機會購買一個工具 (他們也可以選擇不買),
    且在工人放置並立即結算後執行. The owner's carry-out turn (after placement): one face-up
    upgrade it can afford, at its price, with no worker in town; or none."""
    state = working(2)
    state.upgrade_display[:] = ["bulldozer", "test-drill", "generator"]  # $3,000 $1,000 $2,000
    state.boards[0].cash = 2000
    ready(state, {"camp": "atv"})
    assert texts(state) == ["use camp", "end"]
    play(state, "use camp")
    assert options(state) == ["upgrade test-drill", "upgrade generator", "no"]
    play(state, "choose upgrade test-drill")
    board = state.boards[0]
    assert board.cash == 1000 and board.upgrades == {"camp": "atv", "claim": "test-drill"}
    assert state.upgrade_display == ["bulldozer", "generator"]
    used_once(state, "camp")
    assert "use claim" in texts(state)  # the new claim upgrade is usable at once (WK-7)
    poor = working(2)
    poor.upgrade_display[:] = ["bulldozer"]
    poor.boards[0].cash = 2000
    not_offered(poor, {"camp": "atv"}, "camp")


def test_company_vault_nuggets_unsellable_and_loose_when_replaced() -> None:
    """Seed 001 營地工具板塊補充說明 Company Vault: 這些金塊不能出售,公司金庫可以存放的金塊沒有
    上限. Used, every loose nugget goes in: still gold, not for sale; when another camp upgrade
    replaces the Vault its nuggets come loose again."""
    state = working(2)
    state.upgrade_display[:] = ["generator"]
    board = state.boards[0]
    board.gold, board.cash = 3, 2000
    ready(state, {"camp": "company-vault"}, ["sell", "buy"])
    assert texts(state) == ["use camp", "sell 1", "sell 2", "buy generator", "end"]
    play(state, "use camp")
    assert board.vault == 3 and board.gold == 3 and board.loose_gold == 0
    assert state.scores()[0] == 3.0
    assert texts(state) == ["buy generator", "skip", "end"]  # no sale: the seller is stuck
    used_once(state, "camp")
    play(state, "buy generator")
    assert board.upgrades == {"camp": "generator"} and board.vault == 0
    assert texts(state) == ["sell 1", "sell 2", "end"]


def test_fuel_reserves_pulls_within_one_machine_never_across() -> None:
    """Seed 001 營地工具板塊補充說明 Fuel Reserves: 掏金板塊不會從一個設施移動下一個設施. One free
    pull into space 2 or 3 of a machine, no worker; never onto the next machine."""
    state = working(2)
    set_board(state, 0, {"excavator": ("", 0, "p.p"), "loader": ("", 0, "p..")})
    ready(state, {"camp": "fuel-reserves"})
    play(state, "use camp")
    assert options(state) == ["space excavator 2", "space loader 2"]  # not "space loader 1"
    play(state, "choose space loader 2")
    assert spaces(state) == ["p.p", ".p.", "..."]
    assert [m.wear for m in state.boards[0].machines] == [0, 0, 0]  # no machine entered
    used_once(state, "camp")
    across = working(2)
    set_board(across, 0, {"excavator": ("", 0, "..p")})  # only a pull across machines
    not_offered(across, {"camp": "fuel-reserves"}, "camp")


def test_generator_powers_the_machines_and_pulls_across() -> None:
    """Seed 001 營地工具板塊補充說明 Generator: 這個效果可以搭配「火星塞被偷」(Stolen Spark Plugs).
    Used, the machines are powered this round (flags["generator"]: Stolen Spark Plugs lifted,
    no Diesel Shortage cost) and one free pull into the loader's or wash plant's first space
    may be made (entry wear added)."""
    state = working(2)
    set_board(state, 0, {"excavator": ("", 0, "..p")})
    ready(state, {"camp": "generator"})
    play(state, "use camp")
    assert state.boards[0].flags["generator"] == 1
    assert options(state) == ["space loader 1", "no"]
    play(state, "choose space loader 1")
    assert spaces(state) == ["...", "p..", "..."] and state.boards[0].machines[1].wear == 1
    used_once(state, "camp")
    idle = working(2)
    set_board(idle, 0, {"loader": ("", 0, ".p.")})
    not_offered(idle, {"camp": "generator"}, "camp")
    held = working(2)
    held.boards[0].events = ["stolen-spark-plugs"]
    ready(held, {"camp": "generator"})
    play(held, "use camp")  # nothing to pull: powering only, no question
    assert held.boards[0].flags["generator"] == 1 and held.phase != Phase.CHOOSE


def test_misplaced_wrench_wears_an_opponent_despite_kaylee_wrench() -> None:
    """Seed 001 營地工具板塊補充說明 Misplaced Wrench: 無法阻止這個板塊的效果. `amount` wear on
    a machine of an opponent, Kaylee Wrench (immune to equipment events) notwithstanding; a
    fully worn machine cannot be chosen."""
    state = working(3)
    victim = state.boards[2]
    victim.specialists = ["kaylee-wrench"]
    life = state.game.components.starting_equipment[0].service_life
    victim.machines[0].wear = life
    for machine in state.boards[1].machines:
        machine.wear = life  # seat 1: nothing left to wear
    ready(state, {"camp": "misplaced-wrench"})
    play(state, "use camp")
    assert options(state) == ["seat 2"]
    play(state, "choose seat 2")
    assert options(state) == ["machine loader", "machine wash_plant"]
    play(state, "choose machine loader")
    amount = state.game.upgrade_by_id["misplaced-wrench"].amount
    assert amount >= 1
    assert [m.wear for m in victim.machines] == [life, min(amount, life), 0]
    used_once(state, "camp")


def test_shake_table_next_completed_ore_gives_one_more_nugget() -> None:
    """Seed 001 營地工具板塊補充說明 Shake Table: 如板塊文字敘述 (designed). Used, the next ore
    its owner completes this round gives 1 nugget more (amount); the one after does not."""
    state = working(2)
    set_board(state, 0, {"wash_plant": ("", 0, "pp.")})
    ready(state, {"camp": "shake-table"}, ["wash_plant"] * 3)
    play(state, "use camp")
    used_once(state, "camp")
    play(state, "move wash_plant 3")
    assert state.boards[0].gold == 3 + 1
    play(state, "move wash_plant 2", "move wash_plant 3")
    assert state.boards[0].gold == 3 + 1 + 3


def test_sluice_box_replacement_seen_only_when_processed() -> None:
    """Seed 001 營地工具板塊補充說明 Sluice Box: 等到玩家完整除理過這個掏金板塊後才可以察看它,
    並獲得板塊上顯示的金塊。玩家必須接受新板塊上的金塊數量. An ore on the owner's machines is
    discarded unseen and replaced in place by one of the next better type drawn face down: its
    value shows only when it is processed, and it pays that value."""
    state = working(2)
    set_board(state, 0, {"wash_plant": ("", 0, ".p.")})
    old = state.boards[0].machines[2].spaces[1]
    ready(state, {"camp": "sluice-box"}, ["wash_plant"])
    play(state, "use camp")
    assert options(state) == ["space wash_plant 2"]
    before = len(state.log)  # the events from here on
    play(state, "choose space wash_plant 2")
    new = state.boards[0].machines[2].spaces[1]
    assert new != old and spaces(state)[2] == ".m."
    assert old in state.ore_discards[ORE_TYPES.index("poor")]
    assert revealed_values(state, before) == []  # nobody sees it yet
    assert state.view(0)["face_up"] == []
    used_once(state, "camp")
    play(state, "move wash_plant 3")
    value = state.game.components.ore[new].value
    assert state.boards[0].gold == value
    assert Completed(0, "medium", value, value) in state.events()[before:]


# --- claim upgrades ---------------------------------------------------------------------------


def test_bulldozer_two_for_one_across_claims() -> None:
    """Seed 001 地權工具板塊補充說明 Bulldozer: 這兩個板塊可以來自不同的主動地權板塊…你可以用
    兩個荒地板塊換一個希望板塊…新的板塊要放到其中一個交換板塊的主動地權板塊中。分層地權板塊也可以
    這麼做 (docs/games/paydirt.md §2 test_e6_bulldozer_two_for_one): poor on claim A, poor on
    layered claim B -> both discarded unseen, one medium drawn face down onto the claim chosen
    (a layered claim: at the end of its order), +1 wear."""
    state = working(2)
    set_board(state, 0, claims=[("starting-1", False, "p"), ("layered-1", True, "pr")])
    poor = [c.ore[0] for c in state.boards[0].claims]
    ready(state, {"claim": "bulldozer"})
    play(state, "use claim")
    assert options(state) == ["ore starting-1 1", "ore layered-1 1"]  # the rich is no trade
    play(state, "choose ore starting-1 1")
    assert options(state) == ["ore layered-1 1"]
    play(state, "choose ore layered-1 1")
    assert options(state) == ["claim starting-1", "claim layered-1"]
    play(state, "choose claim layered-1")
    assert claim_ore(state) == {"starting-1": "", "layered-1": "rm"}
    assert set(poor) <= set(state.ore_discards[ORE_TYPES.index("poor")])
    used_once(state, "claim")


def test_bulldozer_two_medium_for_a_rich_on_one_claim() -> None:
    """Seed 001 地權工具板塊補充說明 Bulldozer: 或者用兩個希望板塊換一個肥沃板塊. Both from one
    claim: no claim question; a single poor is no trade."""
    state = working(2)
    set_board(state, 0, claims=[("claim-2", False, "pmm")])
    ready(state, {"claim": "bulldozer"})
    play(state, "use claim")
    assert options(state) == ["ore claim-2 2", "ore claim-2 3"]
    play(state, "choose ore claim-2 3", "choose ore claim-2 2")
    assert claim_ore(state) == {"claim-2": "pr"}
    used_once(state, "claim")


def test_earthmover_swaps_two_ore_on_a_layered_claim() -> None:
    """Seed 001 地權工具板塊補充說明 Earthmover: 這讓你可以在一個分層地權上「跳躍」並交換兩個
    掏金板塊. Two ore of a layered claim swap places (the rich is taken first now); without a
    layered claim of 2+ ore it does nothing."""
    state = working(2)
    set_board(state, 0, claims=[("starting-1", False, "pp"), ("layered-2", True, "pmr")])
    ready(state, {"claim": "earthmover"}, ["excavator"])
    play(state, "use claim")
    assert options(state) == ["ore layered-2 1", "ore layered-2 2", "ore layered-2 3"]
    play(state, "choose ore layered-2 3")
    assert options(state) == ["ore layered-2 1", "ore layered-2 2"]
    play(state, "choose ore layered-2 1")
    assert claim_ore(state)["layered-2"] == "rmp"
    assert "load layered-2 rich" in texts(state)
    used_once(state, "claim")
    flat = working(2)
    not_offered(flat, {"claim": "earthmover"}, "claim")


def test_fake_border_marker_moves_an_opponents_ore_despite_killian() -> None:
    """Seed 001 地權工具板塊補充說明 Fake Border Marker: 無法阻止這個板塊的效果. One poor or
    medium ore (designed: never a rich one) of an opponent's claim moves onto one of the owner's
    claims (a layered claim: at the end); Killian Igneous (immune to claim events) does not
    stop it."""
    state = working(2)
    set_board(state, 1, claims=[("claim-2", False, "prm")])
    state.boards[1].specialists = ["killian-igneous"]
    set_board(state, 0, claims=[("starting-1", False, "p"), ("layered-1", True, "pr")])
    medium = state.boards[1].claims[0].ore[2]
    ready(state, {"claim": "fake-border-marker"})
    play(state, "use claim")
    assert options(state) == ["ore claim-2 1", "ore claim-2 3"]  # the rich tile is not offered
    play(state, "choose ore claim-2 3")
    assert options(state) == ["claim starting-1", "claim layered-1"]
    play(state, "choose claim layered-1")
    assert claim_ore(state, 1) == {"claim-2": "pr"}
    assert claim_ore(state) == {"starting-1": "p", "layered-1": "prm"}
    assert state.boards[0].claims[1].ore[-1] == medium
    used_once(state, "claim")


def test_industrial_pump_not_usable_without_an_empty_claim() -> None:
    """Seed 001 地權工具板塊補充說明 Industrial Pump: 如果你沒有任何空的地權,你無法這麼做。加進
    分層地權的掏金板塊仍就必須遵守地權板塊的規則限制. An empty claim gets 2 ore (amount), the
    first two types printed on it, face down, in the printed order."""
    full = working(2)
    not_offered(full, {"claim": "industrial-pump"}, "claim")
    state = working(2)
    set_board(state, 0, claims=[("starting-1", False, "p"), ("layered-2", True, "")])
    ready(state, {"claim": "industrial-pump"})
    play(state, "use claim")
    assert options(state) == ["claim layered-2"]
    play(state, "choose claim layered-2")
    assert claim_ore(state) == {"starting-1": "p", "layered-2": "pm"}  # printed: poor, medium
    assert state.game.upgrade_by_id["industrial-pump"].amount == 2
    used_once(state, "claim")


@pytest.mark.parametrize("vault", [True, False])
def test_metal_detector_nugget_into_the_vault(vault: bool) -> None:
    """Seed 001 地權工具板塊補充說明 Metal Detector: 擁有「公司金庫」的玩家可以把這個板塊增加的
    新金塊放到公司金庫. +1 nugget (amount), into the Company Vault when the owner has one."""
    state = working(2)
    board = state.boards[0]
    board.gold = board.vault = 2 if vault else 0
    upgrades = {"claim": "metal-detector"}
    if vault:
        upgrades["camp"] = "company-vault"
    ready(state, upgrades, ["sell"] if vault else [])
    play(state, "use claim")
    assert board.gold == (3 if vault else 1)
    assert board.vault == (3 if vault else 0)
    assert state.phase != Phase.CHOOSE and "use claim" not in texts(state)
    if vault:
        assert not any(t.startswith("sell") for t in texts(state))


def test_ripper_attachment_free_load_within_the_limits() -> None:
    """Seed 001 地權工具板塊補充說明 Ripper Attachment: 當使用這個板塊時,任何艱困卡的限制仍舊要
    遵守. One load onto the excavator without a worker, among the loads legal now (a layered
    claim: its next tile), entry wear added; nothing when no load is legal (space taken, or the
    excavator fully worn)."""
    state = working(2)
    set_board(state, 0, claims=[("layered-1", True, "ppr"), ("starting-1", False, "pm")])
    ready(state, {"claim": "ripper-attachment"})
    play(state, "use claim")
    assert options(state) == ["ore layered-1 1", "ore starting-1 1", "ore starting-1 2"]
    play(state, "choose ore starting-1 2")
    assert spaces(state)[0] == "m.." and claim_ore(state)["starting-1"] == "p"
    assert state.boards[0].machines[0].wear == 1
    used_once(state, "claim")
    life = state.game.components.starting_equipment[0].service_life
    for excavator in (("", 0, "p.."), ("", life, "...")):
        blocked = working(2)
        set_board(blocked, 0, {"excavator": excavator})
        not_offered(blocked, {"claim": "ripper-attachment"}, "claim")


def test_test_drill_value_public_in_every_view_and_kept_by_determinize() -> None:
    """Seed 001 地權工具板塊補充說明 Test Drill: 如板塊文字敘述 (designed: turn one ore on the
    owner's claims face up). Its value is in every seat's view, determinize keeps it, it stays
    face up on the machines and is face down again once discarded."""
    state = working(2)
    set_board(state, 0, claims=[("starting-1", False, "pm")])
    medium = state.boards[0].claims[0].ore[1]
    value = state.game.components.ore[medium].value
    ready(state, {"claim": "test-drill", "camp": "sluice-box"}, ["excavator"])
    play(state, "use claim")
    assert options(state) == ["ore starting-1 1", "ore starting-1 2"]
    play(state, "choose ore starting-1 2")
    assert state.face_up == [medium]
    shown = [{"seat": 0, "claim": "starting-1", "index": 2, "value": value}]
    for seat in (0, 1, None):
        assert state.view(seat)["face_up"] == shown
        # issue 21: the log says what the drill showed (the value is public)
        assert f"Test Drill: turns the medium ore 2 of starting claim 1 face up: worth {value}" \
            in [e["text"] for e in state.view(seat)["log"]]
    for r in range(5):
        other = state.determinize(1, random.Random(r))
        assert other.boards[0].claims[0].ore[1] == medium
        assert other.view(1)["face_up"] == shown
    used_once(state, "claim")
    play(state, "load starting-1 medium")
    assert state.view(1)["face_up"] == [
        {"seat": 0, "machine": "excavator", "space": 1, "value": value}
    ]
    play(state, "use camp", "choose space excavator 1")  # the Sluice Box discards it
    assert state.face_up == [] and state.view(1)["face_up"] == []
    assert state.boards[0].machines[0].spaces[0] not in (EMPTY, medium)


def test_a_cards_ore_answers_name_the_ores_type_in_the_log_and_the_decision() -> None:
    """Issue 21 item 4: Bulldozer's answers say which ore (`poor ore 1 of starting claim 1`),
    its question is in words (`which ore first`), never the step's id or a pipe list; the
    decision's options say the same and `poor ore 1 of starting claim 1` picks one."""
    state = working(2)
    set_board(state, 0, claims=[("starting-1", False, "p"), ("layered-1", True, "pr")])
    ready(state, {"claim": "bulldozer"})
    play(state, "use claim")
    asked = state.view(1)["log"][-1]
    assert asked["text"] == ("Bulldozer asks which ore first: poor ore 1 of starting claim 1 "
                             "or poor ore 1 of layered claim 1")
    decision = state.decision()
    assert decision["prompt"].startswith("Bulldozer asks which ore first")
    group = decision["groups"][0]
    assert group["kind"] == "choice"
    assert [o["label"] for o in group["options"]] == ["poor ore 1 of starting claim 1",
                                                      "poor ore 1 of layered claim 1"]
    with pytest.raises(IllegalAction, match="Bulldozer asks which ore first: the answers are "
                                            "poor ore 1 of starting claim 1; poor ore 1 of"):
        state.apply(state.game.parse_action("choose ore claim-9 1"))
    play(state, "choose ore layered-1 1")
    assert state.view(1)["log"][-2]["text"] == (
        "answers Bulldozer (which ore first): poor ore 1 of layered claim 1")
