"""Dig It Up's actions, their text notation and their fixed integer encoding.

- `keep gold-digger` (`KeepMission`): set-up 6, keep 1 of the 3 mission cards dealt.
- `dig amazon` (`Dig`): how to play, call out a dig site and roll the die.
- `dig amazon 4` (`Dig` with `compass`): the same with a Compass chance card, moving 4 (1-6).
- `place amazon 3` (`PlaceToken`): Strike Gold / Hazardous Area, put the token on the tile in
  space 3 (1-7, from the left) of that site.
"""

from __future__ import annotations

from dataclasses import dataclass

from motherlode.engine import Action, ActionSpace

from .components import SITE_TILES, Components

COMPASS_MOVES = 6


@dataclass(frozen=True, slots=True)
class KeepMission(Action):
    """Keep this mission card, one of the three dealt (set-up 6)."""

    mission: str

    def __str__(self) -> str:
        return f"keep {self.mission}"


@dataclass(frozen=True, slots=True)
class Dig(Action):
    """Call out a dig site and move its pickaxe: by the die, or by `compass` (1-6) if not 0."""

    site: str
    compass: int = 0

    def __str__(self) -> str:
        return f"dig {self.site}" + (f" {self.compass}" if self.compass else "")


@dataclass(frozen=True, slots=True)
class PlaceToken(Action):
    """Put the pending Strike Gold / Hazardous Area token on a tile (space 1-7 from the left)."""

    site: str
    space: int

    def __str__(self) -> str:
        return f"place {self.site} {self.space}"


HINT = ("write 'keep <mission>', 'dig <site>', 'dig <site> <1-6>' (with a Compass) or "
        "'place <site> <1-7>'")


def action_space(components: Components) -> ActionSpace:
    """Every action of the full box (all 10 sites, all 15 missions), numbered once."""
    actions: list[Action] = [KeepMission(m.id) for m in components.missions]
    for site in components.sites:
        actions.extend(Dig(site.key, n) for n in range(COMPASS_MOVES + 1))
    for site in components.sites:
        actions.extend(PlaceToken(site.key, n) for n in range(1, SITE_TILES + 1))
    return ActionSpace("digitup", "Dig It Up", actions, HINT)
