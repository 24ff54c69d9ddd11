"""Seed 000 "Setup", "Sequence of Play", "4) Income", "End of Game"; seed 001 遊戲設置,
VI 收入, 最後一輪, 遊戲勝利; notes SU-*, SP-*, IN-*, EN-*, D1, D34-D37."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from motherlode.engine.position import replace
from motherlode.rules.paydirt import rounds
from motherlode.rules.paydirt.board import EMPTY, STARTING
from motherlode.rules.paydirt.log import CleanedUp, Completed, OreReshuffled
from motherlode.rules.paydirt.phase import Phase
from motherlode.rules.paydirt.state import PayDirtState
from paydirt_rules.helpers import new_state


@pytest.mark.parametrize("players", [2, 3, 4])
def test_set_up(players: int) -> None:
    """SU-1..SU-9: +15 °C; 3 face-up tiles of each auction type and 5 upgrades; every player
    $9,000, 5 workers, a starting claim of 3 poor ore, the 3-stage starting machines; seat 0
    is the first player (D1)."""
    state = new_state(players)
    parts = state.game.components
    assert state.temperature == 15
    assert [len(d) for d in (state.equipment_display, state.specialist_display,
                             state.claim_display)] == [3, 3, 3]
    assert len(state.upgrade_display) == 5 and len(state.event_deck) == 30
    assert state.first_player == 0 and state.current_player == 0
    for board in state.boards:
        assert (board.cash, board.gold, board.workers) == (9_000, 0, 5)
        (claim,) = board.claims
        assert [parts.ore[o].type for o in claim.ore] == ["poor", "poor", "poor"]
        assert [(m.equipment, m.wear, len(m.spaces)) for m in board.machines] == [
            (STARTING, 0, 3)
        ] * 3
    on_boards = sum(len(b.claims[0].ore) for b in state.boards)
    assert sum(len(s) for s in state.ore_stacks) == 44 - on_boards


def test_ore_stacks_are_by_type_and_shuffled() -> None:
    """SU-2: ore shuffled and stacked by type, face down."""
    state = new_state(2)
    parts = state.game.components
    for t, stack in zip(("poor", "medium", "rich"), state.ore_stacks, strict=True):
        assert {parts.ore[o].type for o in stack} == {t}
    orders = {tuple(new_state(2, seed=s).ore_stacks[2]) for s in range(5)}
    assert len(orders) > 1


def test_income_refill_and_the_first_player_marker() -> None:
    """IN-1..IN-4: $2,000 each; displays back to 3 of each type and 5 upgrades; the first
    player marker passes clockwise; a new Auction phase begins."""
    state = new_state(3)
    state.equipment_display.pop()
    state.upgrade_display[:] = state.upgrade_display[:2]
    cash = [b.cash for b in state.boards]
    rounds.income(state)
    rounds.next_round(state)
    assert [b.cash for b in state.boards] == [c + 2_000 for c in cash]
    assert len(state.equipment_display) == 3 and len(state.upgrade_display) == 5
    assert state.first_player == 1 and state.round == 2 and state.phase == Phase.AUCTION


def test_an_empty_stack_leaves_the_display_short() -> None:
    """SU-3 (001 "這些板塊是有限的"): the auction stacks are limited, never reshuffled."""
    state = new_state(2)
    state.claim_stack.clear()
    state.claim_display.pop()
    rounds.income(state)
    assert len(state.claim_display) == 2


def test_zero_degrees_makes_the_next_round_the_last() -> None:
    """SP-3: if the temperature reaches 0 °C or lower, the following round is the last."""
    state = new_state(2)
    replace(state, temperature=0)
    rounds.events_over(state)
    assert state.last_round and state.phase == Phase.AUCTION


def set_chain(state: PayDirtState, seat: int, spaces: list[list[int]]) -> None:
    for machine, row in zip(state.boards[seat].machines, spaces, strict=True):
        machine.spaces = row


def ore_of(state: PayDirtState, ore_type: str, value: int) -> int:
    parts = state.game.components
    return next(n for n, t in enumerate(parts.ore) if t.type == ore_type and t.value == value)


def test_cleanup_pays_the_rightmost_ore_minus_the_spaces_to_go() -> None:
    """EN-2 (D34): each player reveals their single rightmost ore and receives its value minus
    the spaces still to the right; the other ore is discarded unseen (EN-4)."""
    state = new_state(2)
    rich = ore_of(state, "rich", 5)
    poor = ore_of(state, "poor", 3)
    set_chain(state, 0, [[poor, EMPTY, EMPTY], [EMPTY, EMPTY, rich], [EMPTY, EMPTY, EMPTY]])
    rounds.cleanup(state)
    assert state.boards[0].gold == 5 - 3  # three wash plant spaces still to go
    entry = state.events()[-1]
    assert isinstance(entry, CleanedUp)
    assert (entry.value, entry.spaces_to_go, entry.gold) == (5, 3, 2)
    assert all(o == EMPTY for m in state.boards[0].machines for o in m.spaces)
    assert not any(isinstance(e, Completed | CleanedUp) and e.ore == "poor"
                   for e in state.events())


def test_cleanup_pays_nothing_past_fully_worn_equipment_and_never_below_zero() -> None:
    """EN-3: nothing if completing it would need fully worn equipment; D34: never below 0."""
    state = new_state(2)
    rich = ore_of(state, "rich", 5)
    set_chain(state, 0, [[EMPTY, EMPTY, EMPTY], [EMPTY, EMPTY, rich], [EMPTY, EMPTY, EMPTY]])
    state.boards[0].machines[2].wear = 4  # the starting wash plant's service life
    poor = ore_of(state, "poor", 2)
    set_chain(state, 1, [[poor, EMPTY, EMPTY], [EMPTY, EMPTY, EMPTY], [EMPTY, EMPTY, EMPTY]])
    rounds.cleanup(state)
    assert state.boards[0].gold == 0
    assert state.boards[1].gold == 0  # 2 - 8 spaces: nothing, not a debt
    # issue 21: each +0 says why (EN-3, D34)
    texts = [e.text() for e in state.events() if isinstance(e, CleanedUp)]
    assert texts == [
        "Cleanup: the last ore, a rich worth 5, 3 spaces from the end: +0 nuggets (a machine "
        "it must still enter is fully worn)",
        "Cleanup: the last ore, a poor worth 2, 8 spaces from the end: +0 nuggets (no worth "
        "left after the spaces to go)"]


@pytest.mark.parametrize(
    ("gold", "cash", "first", "winner"),
    [
        ([5, 7, 6], [0, 0, 0], 0, 1),  # most gold
        ([7, 7, 6], [3_000, 4_000, 9_000], 0, 1),  # tie: most money
        ([7, 7, 6], [4_000, 4_000, 0], 1, 1),  # then nearest clockwise to the first player
        ([7, 7, 7], [4_000, 4_000, 4_000], 2, 2),
        ([7, 7, 7], [4_000, 4_000, 4_000], 1, 1),
    ],
)
def test_winner_and_tie_breaks(gold: list[int], cash: list[int], first: int, winner: int) -> None:
    """EN-5 (D36): most gold; then most money; then (001) the player nearest clockwise to the
    first player."""
    state = new_state(3)
    for board, g, c in zip(state.boards, gold, cash, strict=True):
        board.gold, board.cash = g, c
    replace(state, first_player=first)
    assert rounds.winner(state) == winner


def test_last_round_has_no_events_or_income_and_ends_with_cleanup() -> None:
    """EN-1 (D37): the last round is Auction, Work, Cleanup; no Events phase, no Income."""
    state = new_state(2, seed=3)
    replace(state, last_round=True)
    rng = random.Random(0)
    phases: Counter[Phase] = Counter()
    while not state.is_terminal:
        phases[state.phase] += 1
        actions = state.legal_actions()
        state.apply(actions[rng.randrange(len(actions))])
    assert Phase.EVENTS not in phases and state.round == 1
    assert state.winners() and len(state.returns()) == 2 and sum(state.returns()) == 1.0


def test_a_game_lasts_five_to_nine_rounds() -> None:
    """SP-2/SP-3 with the designed event deck: random games end after 5-9 rounds."""
    lengths: Counter[int] = Counter()
    for seed in range(30):
        state = new_state(4, seed=seed)
        rng = random.Random(seed)
        while not state.is_terminal:
            actions = state.legal_actions()
            state.apply(actions[rng.randrange(len(actions))])
        lengths[state.round] += 1
    assert min(lengths) >= 5 and max(lengths) <= 10, lengths


def test_glossary_names_every_tile_and_card() -> None:
    """`motherlode rules paydirt` prints what is on each tile and card."""
    game = new_state(2).game
    parts = game.components
    ids = [*(e.id for e in parts.equipment), *(c.id for c in parts.claims),
           *(s.id for s in parts.specialists), *(u.id for u in parts.upgrades),
           *(e.id for e in parts.events)]
    assert set(ids) <= set(game.glossary)
    assert game.glossary["excavator-1"] == "excavator: 1 stage(s), service life 4, minimum $5,000"


def test_an_empty_ore_stack_is_re_formed_from_its_discards() -> None:
    """SU-2 (000 Setup; 001 設置 02): if an ore stack runs out, a new stack is formed from that
    type's discards, shuffled; the reshuffle is logged (D11)."""
    from motherlode.rules.paydirt.table import draw_ore

    state = new_state(2)
    rich = state.ore_stacks[2]
    state.ore_discards[2].extend(rich[:3])
    del rich[:]
    drawn = draw_ore(state, "rich")
    assert drawn is not None and state.game.components.ore[drawn].type == "rich"
    assert len(state.ore_stacks[2]) == 2 and state.ore_discards[2] == []
    assert state.events()[-1] == OreReshuffled(None, "rich")
    state.ore_stacks[2].clear()
    assert draw_ore(state, "rich") is None  # none left anywhere: the claim gets fewer tiles


def test_bids_are_capped_at_60000() -> None:
    """D4: bids are written in thousands up to $60,000 (the fixed action space)."""
    from paydirt_rules.helpers import play, show, texts

    state = new_state(2)
    state.boards[0].cash = 90_000
    show(state, ["excavator-1"], [], [])
    play(state, "pick excavator-1")
    assert texts(state)[-1] == "bid 60"
