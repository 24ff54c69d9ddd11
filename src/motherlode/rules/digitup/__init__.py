"""Dig It Up: rules, component data and views. Load it with `motherlode.load("digitup")`.

The front door: bots, faces, the simulator and the registry take the game's words from here,
never from its modules. What it gives:

- the game (`DigItUp`, `DESCRIPTION`) and its state (`DigItUpState`, the position
  `DigItUpModel` declares), for a search bot that builds states from a seat's view;
- the actions (`KeepMission`, `Dig`, `PlaceToken`; `COMPASS_MOVES`);
- the view's types and `is_digitup_view`, and the log's events;
- the box's words and numbers: the tile kinds (`KINDS`, `KIND_NAMES` for people) and the
  scoring types (`TYPES`), `SITE_TILES`, `DIE_FACES`, `MISSIONS_DEALT`, the phases
  (`Phase`, `PHASES` as the view names them, `DESCRIPTION.phases` for people) and the board's
  markers (`EMPTY`, `ON_LABEL`);
- the rules' pure functions a bot may ask: where a pickaxe lands (`landing_space`,
  `landing_spaces`) and a scoreboard's money (`scoreboard`, `money_for`, `Scoreboard`);
- for the array Dig It Up (`adapters/digitup_batch.py`), which must agree with the rules: the
  kinds each scoring type counts (`TYPE_KINDS`), the chance deck's size (`CHANCE_CARDS`), the
  observation's layout (`CELL_FEATURES`, `SITE_FEATURES`, `TOKEN_AT`, `PICKAXE_AT`) and the
  observation itself (`observe_state`).
"""

from motherlode.engine.description import GameDescription

from .actions import COMPASS_MOVES, Dig, KeepMission, PlaceToken
from .components import CHANCE_CARDS, KIND_NAMES, KINDS, SITE_TILES, TYPE_KINDS, TYPES
from .digging import DIE_FACES, landing_space, landing_spaces
from .features import CELL_FEATURES, PICKAXE_AT, SITE_FEATURES, TOKEN_AT
from .game import DigItUp
from .log import Dug, MissionKept, MissionRevealed, TokenPlaced
from .model import DigItUpModel
from .observe import observe_state
from .parts import mission_payoffs, seat_parts
from .phase import EMPTY, ON_LABEL, PHASES, Phase
from .schema import (
    CardView,
    DigItUpView,
    MoneyView,
    ScoreboardView,
    SetPartView,
    SiteView,
    TileView,
    is_digitup_view,
)
from .scoring import Scoreboard, money_for, scoreboard
from .setup import MISSIONS_DEALT
from .state import DigItUpState

DESCRIPTION = GameDescription(
    game=DigItUp,
    phases=("choosing missions", "digging", "placing a token", "game over"),
    seat_holds="a hidden mission, chance cards, the tiles dug and money tokens",
    strongest_bot="greedy",
    hint_bot="search-medium",  # measured stronger: docs/bots/search.md
    data="motherlode.rules.digitup.data",
    parts=seat_parts,
    payoffs=mission_payoffs,
)

__all__ = [
    "CELL_FEATURES",
    "CHANCE_CARDS",
    "COMPASS_MOVES",
    "DESCRIPTION",
    "DIE_FACES",
    "EMPTY",
    "KINDS",
    "KIND_NAMES",
    "MISSIONS_DEALT",
    "ON_LABEL",
    "PHASES",
    "PICKAXE_AT",
    "SITE_FEATURES",
    "SITE_TILES",
    "TOKEN_AT",
    "TYPES",
    "TYPE_KINDS",
    "CardView",
    "Dig",
    "DigItUp",
    "DigItUpModel",
    "DigItUpState",
    "DigItUpView",
    "Dug",
    "KeepMission",
    "MissionKept",
    "MissionRevealed",
    "MoneyView",
    "Phase",
    "PlaceToken",
    "Scoreboard",
    "ScoreboardView",
    "SetPartView",
    "SiteView",
    "TileView",
    "TokenPlaced",
    "is_digitup_view",
    "landing_space",
    "landing_spaces",
    "money_for",
    "observe_state",
    "scoreboard",
]
