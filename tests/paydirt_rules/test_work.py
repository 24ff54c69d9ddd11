"""Seed 000 "2) Work" (Assigning workers, Using workers, Using an upgrade, Wear markers, Moving
ore, Note); seed 001 II 01-05 and its 重要註記; notes WK-1..WK-16, D13, D19-D26, D39, C5, C6, C9.

Boards are set by hand: `board(...)` lists each machine's spaces left to right, "." for an empty
space and an ore type (its value fixed by `ORE_VALUE`) for an ore tile.
"""

from __future__ import annotations

import random

import pytest

from motherlode.engine.position import replace
from motherlode.rules.paydirt import work
from motherlode.rules.paydirt.board import EMPTY, SELL_SLOT, STARTING, HeldClaim, Machine
from motherlode.rules.paydirt.log import Completed, FlimcoGone, Loaded, PlacementsRevealed
from motherlode.rules.paydirt.phase import Phase
from motherlode.rules.paydirt.state import PayDirtState
from paydirt_rules.helpers import new_state, play, texts

ORE_VALUE = {"poor": 3, "medium": 4, "rich": 6}
MACHINES = ("excavator", "loader", "wash_plant")


def tile(state: PayDirtState, ore_type: str, used: set[int]) -> int:
    """A fresh ore tile of that type (value `ORE_VALUE`), not used yet in this scenario."""
    value = ORE_VALUE[ore_type]
    for n, ore in enumerate(state.game.components.ore):
        if ore.type == ore_type and ore.value == value and n not in used:
            used.add(n)
            return n
    raise LookupError(ore_type)


def set_board(
    state: PayDirtState,
    seat: int,
    machines: dict[str, tuple[str, int, str]] | None = None,
    claims: list[tuple[str, bool, str]] | None = None,
) -> None:
    """machines: name -> (equipment id or STARTING, wear, spaces like "p.m" with p/m/r ore);
    claims: (claim id, layered, ore like "pmr"). Unlisted machines: starting, empty, no wear."""
    used: set[int] = set()
    letters = {"p": "poor", "m": "medium", "r": "rich"}
    b = state.boards[seat]
    b.machines = []
    for chain, name in enumerate(MACHINES):
        equipment, wear, spaces = (machines or {}).get(name, (STARTING, 0, "..."))
        stages = state.game.components.starting_equipment[chain].stages
        if equipment != STARTING:
            stages = state.game.equipment_by_id[equipment].stages
        if len(spaces) != stages:
            raise ValueError(f"{name}: {stages} stages")
        b.machines.append(Machine(equipment, wear, [
            EMPTY if c == "." else tile(state, letters[c], used) for c in spaces
        ]))
    held = claims if claims is not None else [(f"starting-{seat + 1}", False, "ppp")]
    b.claims = [
        HeldClaim(cid, layered, [tile(state, letters[c], used) for c in ore])
        for cid, layered, ore in held
    ]


def spaces(state: PayDirtState, seat: int = 0) -> list[str]:
    """Each machine's spaces as text: "." empty, else the ore's type initial."""
    ore = state.game.components.ore
    return [
        "".join("." if o == EMPTY else ore[o].type[0] for o in m.spaces)
        for m in state.boards[seat].machines
    ]


def working(players: int = 2, seed: int = 1, **options: object) -> PayDirtState:
    """A new game with every board empty (starting machines, a starting claim of 3 poor)."""
    state = new_state(players, seed, **options)
    for seat in range(players):
        set_board(state, seat)
    return state


def place_all(state: PayDirtState, *placements: list[str]) -> None:
    """Begin Work and place, seat by seat from the first player, the listed workers."""
    work.begin(state)
    n = state.game.num_players
    for k in range(n):
        seat = (state.first_player + k) % n
        if state.phase != Phase.WORK_PLACE or state.seat != seat:
            continue
        for slot in placements[seat]:
            play(state, f"place {slot}")
        if state.phase == Phase.WORK_PLACE and state.seat == seat:
            play(state, "done")


def phase(state: PayDirtState) -> Phase:
    """The state's phase, read afresh (mypy keeps an earlier assert's narrowing)."""
    return state.phase


def the_work(state: PayDirtState) -> work.Work:
    w = state.work
    assert isinstance(w, work.Work)
    return w


# --- placement (WK-1, D22) ------------------------------------------------------------------


def test_placements_secret_until_all_placed() -> None:
    """WK-1 (000 Assigning workers; 001 II 01), D22: placement is sequential and secret from
    the first player clockwise; nothing but "done" is public until every seat is done."""
    state = working(3)
    work.begin(state)
    assert state.phase == Phase.WORK_PLACE and state.seat == 0
    assert texts(state) == [f"place {s}" for s in work.SLOTS] + ["done"]
    play(state, "place excavator", "place sell", "done")
    assert state.seat == 1 and not the_work(state).revealed
    assert the_work(state).placed[0][work.SLOTS.index("excavator")] == 1
    assert not any(isinstance(e, PlacementsRevealed) for e in state.events())
    play(state, "place loader", "done", "place buy", "done")
    assert the_work(state).revealed and phase(state) == Phase.WORK
    revealed = [e for e in state.events() if isinstance(e, PlacementsRevealed)]
    assert [dict(zip(e.slots, e.workers, strict=True)) for e in revealed] == [
        {"excavator": 1, "sell": 1}, {"loader": 1}, {"buy": 1}
    ]


@pytest.mark.parametrize(("workers", "first_player", "placers"), [
    ((5, 0), 0, [0]),  # seat 1 has no workers: skipped
    ((0, 5), 0, [1]),
    ((5, 5), 1, [1, 0]),  # from the first player clockwise
    ((0, 0), 0, []),  # nobody places: Work is over at once
])
def test_placement_order_skips_seats_without_workers(
    workers: tuple[int, int], first_player: int, placers: list[int]
) -> None:
    """D22: clockwise from the first player; a seat with no workers is skipped."""
    state = working(2)
    replace(state, first_player=first_player)
    for seat, count in enumerate(workers):
        state.boards[seat].workers = count
    work.begin(state)
    seen = []
    while state.phase == Phase.WORK_PLACE:
        seen.append(state.seat)
        play(state, "done")
    assert seen == placers
    if not placers:
        assert state.phase == Phase.EVENTS


def test_placing_every_worker_finishes_the_seat() -> None:
    """D22 (SU-8, D13): a seat places at most its workers; the last one ends its placement."""
    state = working(2)
    state.boards[0].workers = 2
    work.begin(state)
    play(state, "place loader", "place loader")
    assert state.seat == 1 and the_work(state).done[0]


def test_worker_cap_is_ten() -> None:
    """SU-7 (000 Setup: workers are limited), D13: a seat places the workers it has, at most
    10 (5 + the reserve of 5); the 10th placed ends its placement."""
    state = working(2)
    state.boards[0].workers = 10
    work.begin(state)
    for _ in range(9):
        play(state, "place excavator")
    assert state.seat == 0
    play(state, "place sell")
    assert state.seat == 1 and sum(the_work(state).placed[0]) == 10


# --- carrying out (WK-2, WK-3, D23) ---------------------------------------------------------


@pytest.mark.parametrize("first_player", [0, 1])
def test_each_player_finishes_before_next(first_player: int) -> None:
    """WK-2 (000 Using workers; 001 II 02), D23: from the first player, each seat uses all its
    workers, in the order it chooses, before the next seat clockwise."""
    state = working(2)
    replace(state, first_player=first_player)
    first, second = first_player, 1 - first_player
    rows: list[list[str]] = [[], []]
    rows[first], rows[second] = ["excavator"] * 3, ["excavator"] * 2
    place_all(state, *rows)
    assert state.seat == first
    play(state, f"load starting-{first + 1} poor", "move excavator 2")
    assert state.seat == first  # one worker left
    play(state, f"load starting-{first + 1} poor")
    assert state.seat == second  # all used: the next seat
    play(state, f"load starting-{second + 1} poor", "end")
    assert state.phase == Phase.EVENTS  # every seat ended: state.phase_over()


def test_worker_may_do_nothing() -> None:
    """WK-3 (000 Using workers; 001 II 02): a worker may return without acting: `end` returns
    the rest; `skip` returns one that can do nothing now while another still can."""
    state = working(2)
    place_all(state, ["excavator", "sell"], ["excavator"])
    assert texts(state) == ["load starting-1 poor", "skip", "end"]  # no gold: sell is stuck
    play(state, "skip")
    assert the_work(state).left[0][SELL_SLOT] == 0
    assert texts(state) == ["load starting-1 poor", "end"]
    play(state, "end")
    assert state.seat == 1 and spaces(state, 0) == ["...", "...", "..."]


def test_seat_whose_workers_cannot_act_is_passed() -> None:
    """D23: a seat none of whose workers can act has no decision: its turn ends at once."""
    state = working(2)
    place_all(state, ["loader", "wash_plant", "repair camp"], ["excavator"])
    assert state.seat == 1 and the_work(state).ended[0]


# --- moving ore (WK-4, WK-13, WK-14, WK-16, D20, D21) ---------------------------------------

# (machines, placed workers, expected legal moves/loads)
PULLS = [
    # WK-13: an excavator worker loads from a claim onto the excavator's first space
    ({}, ["excavator"], ["load starting-1 poor"]),
    # WK-4/D21: one space along the machine
    ({"excavator": (STARTING, 1, "p..")}, ["excavator"], ["move excavator 2"]),
    # D21: the first space is taken: no load; the ore ahead moves on
    ({"excavator": (STARTING, 1, "pp.")}, ["excavator"], ["move excavator 3"]),
    # WK-16: only a loader worker pulls from the excavator's last space
    ({"excavator": (STARTING, 1, "..p")}, ["excavator"], ["load starting-1 poor"]),
    ({"excavator": (STARTING, 1, "..p")}, ["loader"], ["move loader 1"]),
    ({"loader": (STARTING, 1, "..p")}, ["wash_plant"], ["move wash_plant 1"]),
    # D21: no jumping: the space ahead is taken
    ({"excavator": (STARTING, 2, "p.p"), "loader": (STARTING, 1, "p..")}, ["loader"],
     ["move loader 2"]),
    ({"excavator": (STARTING, 3, "ppp")}, ["excavator"], []),
    # a 1-stage machine: its only space is first and last
    ({"excavator": ("excavator-1", 1, "p")}, ["loader"], ["move loader 1"]),
    ({"excavator": ("excavator-1", 1, "p")}, ["excavator"], []),
]


@pytest.mark.parametrize(("machines", "placed", "moves"), PULLS)
def test_worker_moves_one_ore_one_space(
    machines: dict[str, tuple[str, int, str]], placed: list[str], moves: list[str]
) -> None:
    """WK-4 (000 Using workers; 001 II 2b), WK-14, WK-16, D20, D21: a worker on a machine pulls
    one ore exactly one space into that machine; no space holds two ore, no ore jumps."""
    state = working(2)
    set_board(state, 0, machines)
    state.boards[0].gold = 1  # a sell worker keeps seat 0's turn open
    place_all(state, [*placed, "sell"], [])
    assert [t for t in texts(state) if t.startswith(("load", "move"))] == moves


@pytest.mark.parametrize(("before", "action", "after"), [
    (("...", "...", "..."), "load starting-1 poor", ["p..", "...", "..."]),
    (("p..", "...", "..."), "move excavator 2", [".p.", "...", "..."]),
    ((".p.", "...", "..."), "move excavator 3", ["..p", "...", "..."]),
    (("..p", "...", "..."), "move loader 1", ["...", "p..", "..."]),
    (("...", "..p", "..."), "move wash_plant 1", ["...", "...", "p.."]),
    (("...", "...", ".p."), "move wash_plant 3", ["...", "...", "..."]),  # WK-15: gold
])
def test_move_table(before: tuple[str, str, str], action: str, after: list[str]) -> None:
    """WK-4, D21 (000 Moving ore; 001 II 05): each move is exactly one space."""
    state = working(2)
    set_board(state, 0, {m: (STARTING, 1, s) for m, s in zip(MACHINES, before, strict=True)})
    place_all(state, ["excavator", "loader", "wash_plant", "sell"], [])
    state.boards[0].gold = 1  # the sell worker keeps the turn open
    play(state, action)
    assert spaces(state) == after


def test_no_two_ore_on_a_space() -> None:
    """WK-14 (000 Processing; 001 II 05): no space may hold more than one ore tile."""
    state = working(2)
    set_board(state, 0, {"excavator": (STARTING, 1, "p.."), "loader": (STARTING, 1, "p..")})
    place_all(state, ["excavator", "loader", "loader"], [])
    assert "load starting-1 poor" not in texts(state)
    play(state, "move loader 2")
    assert "move loader 1" not in texts(state)  # the excavator's last space is empty


def test_blocked_by_ore_ahead() -> None:
    """WK-14, D21: an ore may not jump over the ore on the space ahead; once that one moves
    on, it may follow (one ore may be moved by several workers in a turn)."""
    state = working(2)
    set_board(state, 0, {"excavator": (STARTING, 1, "pp.")})
    place_all(state, ["excavator", "excavator", "excavator"], [])
    assert [t for t in texts(state) if t.startswith("move")] == ["move excavator 3"]
    play(state, "move excavator 3")
    assert [t for t in texts(state) if t.startswith("move")] == ["move excavator 2"]
    play(state, "move excavator 2")
    assert spaces(state)[0] == ".pp"


@pytest.mark.parametrize(("claims", "loads"), [
    ([("starting-1", False, "ppp")], ["load starting-1 poor"]),
    ([("claim-8", False, "pmr")],
     ["load claim-8 poor", "load claim-8 medium", "load claim-8 rich"]),  # any order
    ([("layered-2", True, "pmr")], ["load layered-2 poor"]),  # layered: printed order
    ([("layered-2", True, "mr")], ["load layered-2 medium"]),
    ([("claim-1", False, ""), ("claim-10", False, "rr")], ["load claim-10 rich"]),
])
def test_layered_claim_in_order(claims: list[tuple[str, bool, str]], loads: list[str]) -> None:
    """WK-13 (000 Moving ore "Start"; 001 II 05 開始掏金): any ore from any claim, a layered
    claim's in the order shown (1, 2, 3); the type is seen on the tile's back."""
    state = working(2)
    set_board(state, 0, claims=claims)
    place_all(state, ["excavator"], [])
    assert [t for t in texts(state) if t.startswith("load")] == loads


def test_regular_claim_any_order() -> None:
    """WK-13: from a regular claim the player chooses which tile (by type) to load."""
    state = working(2)
    set_board(state, 0, claims=[("claim-8", False, "pmr")])
    place_all(state, ["excavator"], [])
    play(state, "load claim-8 rich")
    assert spaces(state)[0] == "r.."
    ore = state.game.components.ore
    assert [ore[o].type for o in state.boards[0].claims[0].ore] == ["poor", "medium"]
    assert Loaded(0, "claim-8", "rich") in state.events()


# --- wear (WK-10, WK-11, C9) ----------------------------------------------------------------

ENTRY = [
    # (machines before, action, wear after: excavator, loader, wash plant)
    ({}, "load starting-1 poor", [1, 0, 0]),
    ({"excavator": (STARTING, 1, "p..")}, "move excavator 2", [1, 0, 0]),  # within: no wear
    ({"excavator": (STARTING, 1, "..p")}, "move loader 1", [1, 1, 0]),
    ({"loader": (STARTING, 2, "..p")}, "move wash_plant 1", [0, 2, 1]),
    ({"loader": (STARTING, 0, "..p"), "wash_plant": ("wash-plant-1", 3, ".")},
     "move wash_plant 1", [0, 0, 4]),  # a 1-stage wash plant: wear, then gold at once
]


@pytest.mark.parametrize(("machines", "action", "wear"), ENTRY)
def test_entry_adds_one_wear(
    machines: dict[str, tuple[str, int, str]], action: str, wear: list[int]
) -> None:
    """WK-10 (000 Wear markers; 001 II 04): an ore placed on a machine for the first time
    (from a claim or the preceding machine) adds 1 wear; moving within a machine adds none."""
    state = working(2)
    set_board(state, 0, machines)
    place_all(state, ["excavator", "loader", "wash_plant", "sell"], [])
    state.boards[0].gold = 1
    play(state, action)
    assert [m.wear for m in state.boards[0].machines] == wear


@pytest.mark.parametrize(("machine", "equipment", "life"), [
    ("excavator", STARTING, 4),
    ("loader", "loader-3", 5),
    ("wash_plant", "wash-plant-4", 4),
])
def test_full_wear_refuses_new_ore_keeps_old_moving(machine: str, equipment: str,
                                                    life: int) -> None:
    """WK-11 (000 Wear markers; 001 II 04), C9: wear equal to the service life: no new ore
    enters; ore already on it keeps moving (its wear was counted on entry)."""
    state = working(2)
    chain = MACHINES.index(machine)
    stages = 3 if equipment == STARTING else state.game.equipment_by_id[equipment].stages
    feed = {MACHINES[chain - 1]: (STARTING, 0, "..p")} if chain else {}
    set_board(state, 0, {**feed, machine: (equipment, life, "p" + "." * (stages - 1))})
    state.boards[0].gold = 1
    place_all(state, [machine, machine, "sell"], [])
    entering = "load starting-1 poor" if chain == 0 else f"move {machine} 1"
    assert [t for t in texts(state) if t.startswith(("load", "move"))] == [f"move {machine} 2"]
    play(state, f"move {machine} 2")
    assert entering not in texts(state)  # the first space is free, but full wear
    assert state.boards[0].machines[chain].wear == life


def test_full_wear_exactly_at_life() -> None:
    """WK-11: one below the service life still takes an ore, which makes it fully worn."""
    state = working(2)
    set_board(state, 0, {"excavator": (STARTING, 3, "...")})
    place_all(state, ["excavator", "excavator", "excavator"], [])
    play(state, "load starting-1 poor")
    assert state.boards[0].machines[0].wear == 4
    play(state, "move excavator 2")
    assert "load starting-1 poor" not in texts(state)


# --- completion (WK-15) ---------------------------------------------------------------------


def test_completion_reveals_and_pays() -> None:
    """WK-15 (000 Completion; 001 II 05 結束掏金): an ore reaching the wash plant's last space is
    revealed, its nuggets go to the player, the tile is discarded; no worker needed."""
    state = working(2)
    set_board(state, 0, {"wash_plant": (STARTING, 1, ".r.")})
    place_all(state, ["wash_plant", "sell"], [])
    state.boards[0].gold = 1
    ore = state.boards[0].machines[2].spaces[1]
    discards = [len(d) for d in state.ore_discards]
    play(state, "move wash_plant 3")
    assert state.boards[0].gold == 1 + ORE_VALUE["rich"]
    assert spaces(state)[2] == "..."
    assert state.ore_discards[2][-1] == ore and len(state.ore_discards[2]) == discards[2] + 1
    assert state.events()[-1] == Completed(0, "rich", ORE_VALUE["rich"], ORE_VALUE["rich"])


# --- repair (WK-5, D25) ---------------------------------------------------------------------


@pytest.mark.parametrize(("wear", "after"), [(0, None), (1, 0), (2, 0), (3, 1), (4, 2)])
def test_repair_removes_up_to_two(wear: int, after: int | None) -> None:
    """WK-5 (000 Using workers; 001 II 2c): a repairing worker removes up to 2 wear; with no
    wear there is nothing to repair."""
    state = working(2)
    set_board(state, 0, {"loader": (STARTING, wear, "...")})
    place_all(state, ["repair loader", "sell"], [])
    state.boards[0].gold = 1
    if after is None:
        assert "repair loader" not in texts(state)
        return
    play(state, "repair loader")
    assert state.boards[0].machines[1].wear == after
    # issue 21: the log says how much came off
    assert state.view(1)["log"][-1]["text"] == f"repairs the loader: {wear - after} wear off"


def test_repair_upgrade() -> None:
    """WK-5 (001 II 2c: equipment or upgrade), D25: a repair worker at an upgrade slot takes up
    to 2 wear off the upgrade held there; an empty slot has nothing to repair."""
    state = working(2)
    b = state.boards[0]
    b.upgrades = {"camp": "shake-table", "claim": "bulldozer"}
    b.upgrade_wear = {"camp": 1, "claim": 3}
    place_all(state, ["repair claim", "repair camp", "repair excavator"], [])
    assert texts(state) == ["use camp", "repair camp", "repair claim", "skip", "end"]
    play(state, "repair claim")
    assert b.upgrade_wear["claim"] == 1
    play(state, "repair camp")
    assert b.upgrade_wear["camp"] == 0
    assert texts(state) == ["use camp", "use claim", "skip", "end"]  # the excavator: no wear
    play(state, "end")
    assert state.seat == 1 or state.phase == Phase.EVENTS


# --- town (WK-6, WK-7, WK-8, D26, C5) --------------------------------------------------------


@pytest.mark.parametrize(("gold", "sales"), [(0, []), (1, ["sell 1"]), (5, ["sell 1", "sell 2"])])
def test_sell_two_nuggets_for_6000(gold: int, sales: list[str]) -> None:
    """WK-6 (000 Using workers; 001 II 2a): a town worker sells up to 2 nuggets at $3,000."""
    state = working(2)
    state.boards[0].gold = gold
    place_all(state, ["sell", "excavator"], [])
    assert [t for t in texts(state) if t.startswith("sell")] == sales
    if sales:
        cash = state.boards[0].cash
        play(state, sales[-1])
        assert state.boards[0].cash == cash + 3000 * len(sales)
        assert state.boards[0].gold == gold - len(sales)


def test_upgrade_bought_in_turn_order_usable_same_round() -> None:
    """WK-7 (000 Using workers; 001 II 2a): a town worker buys a face-up upgrade at its price,
    placed at once; upgrades are bought in turn order from the first player (D22, D23)."""
    state = working(2)
    replace(state, first_player=1)
    state.upgrade_display[:] = ["bulldozer", "atv"]
    state.boards[1].cash = 3000
    place_all(state, ["buy", "repair claim"], ["buy"])
    assert state.seat == 1 and texts(state) == ["buy bulldozer", "buy atv", "end"]
    play(state, "buy bulldozer")
    assert state.boards[1].cash == 0 and state.boards[1].upgrades == {"claim": "bulldozer"}
    assert texts(state) == ["use claim", "end"]  # usable the same round (WK-7)
    play(state, "use claim", "choose ore starting-2 1", "choose ore starting-2 2")  # 2 poor
    assert state.seat == 0 and texts(state) == ["buy atv", "skip", "end"]
    state.boards[0].cash = state.game.upgrade_by_id["atv"].price - 1000  # too poor now
    assert "buy atv" not in texts(state)


@pytest.mark.parametrize(("limit", "held", "bought", "after"), [
    ("one_per_kind", {"camp": "atv"}, "generator", {"camp": "generator"}),
    ("one_per_kind", {"claim": "bulldozer"}, "generator",
     {"claim": "bulldozer", "camp": "generator"}),
    ("one_total", {"claim": "bulldozer"}, "generator", {"camp": "generator"}),
    ("one_total", {"camp": "atv"}, "earthmover", {"claim": "earthmover"}),
])
def test_new_upgrade_replaces_same_kind(limit: str, held: dict[str, str], bought: str,
                                        after: dict[str, str]) -> None:
    """WK-8 (000 Using workers; 001 II 2a), D26, C5: one camp and one claim upgrade at most
    (`upgrade_limit=one_total`: one in all); a new one replaces the old, whose wear goes."""
    state = working(2, upgrade_limit=limit)
    b = state.boards[0]
    b.upgrades = dict(held)
    b.upgrade_wear = dict.fromkeys(held, 2)
    state.upgrade_display[:] = [bought]
    place_all(state, ["buy"], [])
    play(state, f"buy {bought}")
    assert b.upgrades == after
    kind = state.game.upgrade_by_id[bought].kind
    assert b.upgrade_wear[kind] == 0 and set(b.upgrade_wear) == set(after)
    assert bought not in state.upgrade_display


# --- FlimCo (WK-12, C6, D19) ----------------------------------------------------------------


@pytest.mark.parametrize(("option", "gone_at_once"), [("immediate", True),
                                                      ("end_of_work", False)])
def test_flimco_leaves_when_fully_worn(option: str, gone_at_once: bool) -> None:
    """WK-12 (000 Wear markers; 001 II 04 note), C6, D19: a FlimCo reaching full wear leaves
    (at once, or when Work ends); the board's own 3-stage loader is back with no wear and the
    FlimCo's ore re-placed onto it (left -> first, right -> last; no wear)."""
    state = working(2, flimco_removal=option)
    set_board(state, 0, {"excavator": (STARTING, 1, "..p"),
                         "loader": ("loader-6", 2, ".m")})  # 2 stages, life 3
    place_all(state, ["loader", "wash_plant"], [])
    play(state, "move loader 1")
    loader = state.boards[0].machines[1]
    if gone_at_once:
        assert loader.equipment == STARTING and loader.wear == 0
        assert spaces(state)[1] == "p.m"
        assert FlimcoGone(0, "loader-6", "loader 6") in state.events()
    else:
        assert loader.equipment == "loader-6" and loader.wear == 3
        assert spaces(state)[1] == "pm"
        play(state, "move wash_plant 1")  # ore on it keeps moving (C9)
        assert state.phase == Phase.EVENTS
        loader = state.boards[0].machines[1]
        assert loader.equipment == STARTING and spaces(state)[1] == "p.."
        assert spaces(state)[2] == "m.."


def test_flimco_one_stage_wash_plant_pays_then_leaves() -> None:
    """WK-12, WK-15, D16/D19: an ore making a 1-stage FlimCo wash plant fully worn is gold at
    once; the FlimCo then leaves and the starting wash plant is back."""
    state = working(2)
    set_board(state, 0, {"loader": (STARTING, 1, "..r"), "wash_plant": ("wash-plant-5", 2, ".")})
    place_all(state, ["wash_plant"], [])
    play(state, "move wash_plant 1")
    assert state.boards[0].gold == ORE_VALUE["rich"]
    assert state.boards[0].machines[2] == Machine(STARTING, 0, [EMPTY] * 3)


@pytest.mark.parametrize(("option", "wear", "repairable"), [
    ("immediate", 2, True),  # repaired before full wear: allowed
    ("end_of_work", 2, True),
    ("end_of_work", 3, False),  # fully worn: cannot be repaired
])
def test_flimco_repairable_before_full(option: str, wear: int, repairable: bool) -> None:
    """WK-12 (001 II 04 note: unless repaired before reaching full wear): a FlimCo may be
    repaired while not fully worn, never once fully worn."""
    state = working(2, flimco_removal=option)
    set_board(state, 0, {"excavator": ("excavator-5", wear, ".")})
    place_all(state, ["repair excavator", "sell"], [])
    state.boards[0].gold = 1
    assert ("repair excavator" in texts(state)) == repairable


# --- the seeds' worked example (§2) ---------------------------------------------------------


def test_e4_pull() -> None:
    """§2 test_e4_pull, WK-16 (000 Note; 001 II 重要註記): workers pull ore. Ore on the claim,
    the excavator's right and the loader's right; workers: 1 excavator, 0 loader, 1 wash plant.
    Legal: claim -> excavator left, loader right -> wash plant left; not excavator right ->
    loader left. The wash plant's last space pays at once, without a further worker."""
    state = working(2)
    set_board(state, 0, {"excavator": (STARTING, 1, "..p"), "loader": (STARTING, 1, "..m"),
                         "wash_plant": ("wash-plant-1", 0, ".")})
    place_all(state, ["excavator", "wash_plant"], [])
    assert texts(state) == ["load starting-1 poor", "move wash_plant 1", "end"]
    play(state, "move wash_plant 1")
    assert state.boards[0].gold == ORE_VALUE["medium"]  # paid at once: 1-stage wash plant
    assert spaces(state) == ["..p", "...", "."]
    assert texts(state) == ["load starting-1 poor", "end"]
    play(state, "load starting-1 poor")
    assert spaces(state) == ["p.p", "...", "."]
    assert state.seat == 1 or state.phase == Phase.EVENTS


# --- the action space and a random playout ---------------------------------------------------


def test_every_work_action_is_enumerated_with_unique_text() -> None:
    """Interface: `actions(parts)` lists every Work action; texts parse back."""
    state = working(2)
    acts = work.actions(state.game.components)
    assert len({str(a) for a in acts}) == len(acts)
    for a in acts:
        assert state.game.parse_action(str(a)) == a


def test_random_work_phases_stay_legal() -> None:
    """Random placements and carrying out on random boards: every legal action is in the
    action space, the seat's turn ends, and wear never exceeds a machine's service life."""
    rng = random.Random(7)
    for seed in range(40):
        state = new_state(rng.choice([2, 3, 4]), seed,
                          flimco_removal=rng.choice(["immediate", "end_of_work"]))
        for b in state.boards:
            b.gold = rng.randrange(4)
        state.upgrade_display[:] = state.upgrade_display[:3]
        work.begin(state)
        for _ in range(500):
            if state.phase not in (Phase.WORK_PLACE, Phase.WORK):
                break
            legal = state.legal_actions()
            assert legal and all(a in state.game.space.index for a in legal)
            state.apply(rng.choice(legal))
            for b in state.boards:
                for chain, m in enumerate(b.machines):
                    life = (state.game.components.starting_equipment[chain].service_life
                            if m.equipment == STARTING
                            else state.game.equipment_by_id[m.equipment].service_life)
                    assert 0 <= m.wear <= life
        assert state.phase not in (Phase.WORK_PLACE, Phase.WORK)


def test_upgrade_used_once_a_round_without_a_worker_adds_wear() -> None:
    """WK-9 (000 "Using an upgrade"; 001 II 03): each upgrade may be used once per round in the
    Work phase; no worker is required; each use adds 1 wear; a fully worn upgrade cannot be
    used until repaired. (What it does is issue 4.)"""
    state = working(2)
    board = state.boards[0]
    camp = state.game.upgrade_by_id["shake-table"]  # a camp upgrade that asks nothing
    board.upgrades["camp"] = camp.id
    board.upgrade_wear["camp"] = camp.service_life - 1
    place_all(state, [], [])
    assert state.phase == Phase.WORK and state.seat == 0  # no worker placed, still a turn
    assert texts(state) == ["use camp", "end"]
    play(state, "use camp")
    assert board.upgrade_wear["camp"] == camp.service_life
    assert phase(state) == Phase.EVENTS  # used once: nothing left to do for anyone
    other = working(2)
    other.boards[0].upgrades["camp"] = camp.id
    other.boards[0].upgrade_wear["camp"] = camp.service_life  # fully worn: unusable
    place_all(other, [], [])
    assert other.phase == Phase.EVENTS
