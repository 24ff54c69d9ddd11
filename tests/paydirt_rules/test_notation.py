"""An action may be written as the screen prints it (issue 12 item 5; notation.py): `wash plant`
for `wash_plant`, printed names for ids, bids in dollars; `str(action)` still round-trips."""

from __future__ import annotations

import pytest

import motherlode
from motherlode.rules.paydirt.game import PayDirt


@pytest.mark.parametrize(("typed", "action"), [
    ("move wash plant 2", "move wash_plant 2"),
    ("move wash-plant 2", "move wash_plant 2"),
    ("place repair wash plant", "place repair wash_plant"),
    ("choose space wash plant 1", "choose space wash_plant 1"),
    ("pick Betsy Pretty", "pick betsy-pretty"),
    ("pick excavator 2", "pick excavator-2"),
    ("move excavator 2", "move excavator 2"),
    ("load layered claim 2 poor", "load layered-2 poor"),
    ("choose ore starting claim 1 2", "choose ore starting-1 2"),
    ("keep Fool's Gold", "keep fools-gold"),
    ("pick Dirty Mike & The Boys", "pick dirty-mike-the-boys"),
    ("bid $5,000", "bid 5"),
    ("bid 5000", "bid 5"),
    ("bid 5", "bid 5"),
])
def test_what_the_screen_prints_reads_as_the_action(typed: str, action: str) -> None:
    game = PayDirt(players=2)
    assert str(game.parse_action(typed)) == action


def test_every_action_still_round_trips_and_nonsense_names_help() -> None:
    game = PayDirt(players=2)
    for action in game.space.actions:
        assert game.parse_action(str(action)) == action
    with pytest.raises(motherlode.ActionSyntaxError, match="'help' lists the actions"):
        game.parse_action("dig for gold")
    with pytest.raises(motherlode.ActionSyntaxError):
        game.parse_action("bid $5,500")
