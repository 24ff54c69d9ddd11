"""Every refusal says why (issue 12: "every refusal says why"; "a Saboteur cell off the table
gets "off the table", not "cannot read""), and from what the player may know only: the reason
for an action is the same in every state the player cannot tell from this one
(`determinize`), so no reason tells a goal's face, a role or another hand."""

from __future__ import annotations

import random
import re

import pytest

import motherlode
from motherlode.engine import ActionSyntaxError, IllegalAction
from motherlode.rules.saboteur.state import SaboteurState

from .scenario import FILLER, new, refused, set_tableaux, to_play

VAGUE = ("not now", "legal actions", "cannot read")


@pytest.mark.parametrize(("players", "edition", "seed"), [(5, "gold", 21), (4, "base", 22)])
def test_a_refusal_says_why_from_the_players_view(players: int, edition: str,
                                                  seed: int) -> None:
    game = motherlode.load("saboteur", players=players, edition=edition)
    space = [game.decode(i) for i in range(game.num_actions)]
    rng = random.Random(f"refusals:{seed}")
    state = game.new_game(seed)
    checked = 0
    while not state.is_terminal:
        if rng.random() < 0.1:
            seat = state.current_player
            assert isinstance(state, SaboteurState) and seat is not None
            other = state.determinize(seat, random.Random(seed))
            legal = set(state.legal_actions())
            for action in rng.sample(space, 80):
                if action in legal:
                    continue
                reason = state.why_illegal(action)
                assert reason and not any(word in reason for word in VAGUE), (action, reason)
                assert other.why_illegal(action) == reason, (str(action), reason)
                checked += 1
        state.apply(rng.choice(state.legal_actions()))
    assert checked > 300


@pytest.mark.parametrize(("text", "reason"), [
    ("place tunnel-we 15 0", "15 0 is off the table: columns -6..14, rows -7..7"),
    ("place tunnel-ne -7 2 turned", "-7 2 is off the table"),
    ("play rockfall at 3 8", "3 8 is off the table"),
    ("play map at 8 -9", "8 -9 is off the table"),
    ("play map at 3 0", "a map is played at a goal (8 -2, 8 0, 8 2), and no goal lies at 3 0"),
])
def test_a_cell_off_the_table_is_named_so(text: str, reason: str) -> None:
    """The table is bounded (actions.COLUMNS, ROWS; rules notes "the bounded table"): a cell
    beyond it names no action, and the error says it is off the table, with its bounds."""
    with pytest.raises(ActionSyntaxError, match=re.escape(reason)) as refusal:
        motherlode.load("saboteur").parse_action(text)
    assert "cannot read" not in str(refusal.value)


def test_an_unknown_card_still_cannot_be_read() -> None:
    with pytest.raises(ActionSyntaxError, match="cannot read 'place nothing 20 0'"):
        motherlode.load("saboteur").parse_action("place nothing 20 0")


# source, what lies in front of seat 0, the action, the reason given
REFUSED = [
    ("not your card", "", "play rockfall at 0 0",
     "rockfall is not your card: it is not in your hand"),
    ("seed 'Done diggin'!: No pickaxe, no pathways'", "pickaxe", "place tunnel-we 1 0",
     "a broken pickaxe stops path cards (a repair card, or D: two cards, ends it)"),
    ("seed 'Trapped in prison!': 'cannot play path cards'", "trapped", "place tunnel-we 1 0",
     "a trapped player plays no path cards (Free at last, or D: two cards, ends it)"),
    ("seed 'Mend that lamp!' mends a broken lamp", "", "play repair-lamp on 2",
     "seat 2's lamp is not broken"),
    ("... one's own", "", "play repair-lamp on 0", "your lamp is not broken"),
    ("seed 'Miners need trolleys': 'in front of another dwarf'", "", "play broken-cart on 0",
     "played on another player, not oneself"),
    ("seed 'Thieving': after the share-out", "", "steal from 1",
     "thieves steal after the round's share-out"),
    ("Saboteur Gold shares gold, the base game deals gold cards", "", "take 3",
     "Saboteur Gold has no gold cards"),
]


@pytest.mark.parametrize(("source", "before", "action", "reason"), REFUSED,
                         ids=[r[0][:50] for r in REFUSED])
def test_each_refusal_names_the_rule(source: str, before: str, action: str,
                                     reason: str) -> None:
    state = new()
    set_tableaux(state, {0: before})
    card = action.split()[1]
    hand = [card, *[FILLER] * 5] if card in state.game.card_ids else [FILLER] * 6
    if "not your card" in reason:
        hand = [FILLER] * 6
    to_play(state, 0, hand)
    refused(state, action, reason)


def test_a_refusal_changes_nothing() -> None:
    state = new()
    to_play(state, 0, ["tunnel-we", *[FILLER] * 5])
    digest = state.digest()
    with pytest.raises(IllegalAction, match="no card beside it"):
        state.apply(state.game.parse_action("place tunnel-we 5 5"))
    assert state.digest() == digest
