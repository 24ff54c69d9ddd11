"""The shape of a Dig It Up view (`view.view`), typed for bots, renderers and other faces.

`DigItUpView` is the engine's envelope (`View`: game, players, seat, current_player, phase,
log, decision) with the game's body. `is_digitup_view` narrows a `View` to it once.
"""

from __future__ import annotations

from typing import NotRequired, TypedDict, TypeGuard

from motherlode.engine import View
from motherlode.engine.scoresheet import ScoreSheet


class TileView(TypedDict):
    """A face-up tile: its notation (`ruby*+2`: kind, star, "+2") and any money token on it."""

    tile: str
    token: int | None


class SiteView(TypedDict):
    """A dig site: key, name, letter, whether abandoned, the pickaxe's space (1-7; None: on
    the label) and its 7 spaces left to right (None: empty). Made once for each look of the
    site and shared by every view of it (as the log's event dicts are): read it, copy before
    changing."""

    site: str
    name: str
    letter: str
    abandoned: bool
    pickaxe: int | None
    tiles: list[TileView | None]


class SetPartView(TypedDict):
    """Step 4 for one type held (`gold` ... `diamond`, `stone`): its tiles (chance cards that
    count as one included), whether they make a set, and the won they score (stones: a cost)."""

    type: str
    tiles: int
    set: bool
    won: int


class MoneyView(TypedDict):
    """A player's money calculation, step by step (shown when the game is over). `sets` is
    the treasures' set bonuses alone; `trinity_prize` (for `trinities` trios) and `stones`
    (a cost) are the rest of step 4; `set_parts` gives each type held; `leftovers` are the
    treasure tiles not in a set, bundled by three. `total` adds mission, chance_cards,
    money_tokens, sets, trinity_prize, stones and bundles."""

    mission: int
    mission_achieved: bool
    chance_cards: int
    money_tokens: int
    sets: int
    trinities: int
    trinity_prize: int
    stones: int
    set_parts: list[SetPartView]
    leftovers: int
    bundles: int
    total: int


class ScoreboardView(TypedDict):
    """A player's scoreboard: tiles by kind, money tokens (won), chance cards kept (orange)
    and used, sites they made abandoned, whether a mission is kept. `mission` (its id) is
    there for the seat's own board and for all at the end; `missions_dealt` for the seat's own
    board; `money` at the end."""

    tiles: dict[str, int]
    money_tokens: int
    chance_kept: list[str]
    chance_used: list[str]
    closed_shop: int
    mission_kept: bool
    mission: NotRequired[str | None]
    missions_dealt: NotRequired[list[str]]
    money: NotRequired[MoneyView]


class CardView(TypedDict):
    """A chance card or a mission as the loaded data gives it: its name and what it does."""

    name: str
    text: str


class DigItUpView(View):
    """Everything a seat may know of a Dig It Up game. `cards` names and explains every chance
    card of the game and every mission the seat may see (its own, and all kept ones at the
    end), from the data the game was loaded with; it is made once for each set of missions
    shown and shared by the views that show them, as a site's dict is: read it, copy before
    changing."""

    turn: int
    abandoned: int
    end_after: int
    chance_deck: int
    pending_token: int | None
    sites: list[SiteView]
    scoreboards: list[ScoreboardView]
    cards: dict[str, CardView]
    score_sheet: ScoreSheet | None


def is_digitup_view(view: View) -> TypeGuard[DigItUpView]:
    """Whether `view` is a Dig It Up view (narrows it for mypy)."""
    return view["game"] == "digitup"
