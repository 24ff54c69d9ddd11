"""What happened at a Dig It Up table, as a player reads it (the log's events).

A state's log keeps each event packed, `(EventClass, seat, *fields)` in field order (see
`engine/events.py`); `engine.events.unpack` gives the event. Every field is a public name (a
site's key and name, a tile's notation such as `ruby*+2`, a card's or mission's id and name) so
that `text()` needs nothing but the event.

Who sees what is decided here, in `seen_by`, and nowhere else: the mission a seat keeps is
secret (other seats and spectators see that a mission was kept, not which); every other event
is public. When the game is over, `MissionRevealed` shows every kept mission to all.
"""

from __future__ import annotations

import dataclasses
import functools
from dataclasses import dataclass
from typing import ClassVar

from motherlode.engine import Event


def won(amount: int, sign: bool = False) -> str:
    """Money as Dig It Up prints it: `5 won`, `-3 won` (`sign`: `+3 won` too)."""
    prefix = "+" if sign and amount > 0 else ""
    return f"{prefix}{amount:,} won"


@functools.lru_cache(maxsize=256)
def tile_words(tile: str) -> str:
    """A tile's notation in words: `ruby*+2` -> `ruby (star, +2)`."""
    marks = []
    body = tile
    if body.endswith("+2"):
        body = body[:-2]
        marks.append("+2")
    if body.endswith("*"):
        body = body[:-1]
        marks.insert(0, "star")
    return body + (f" ({', '.join(marks)})" if marks else "")


@dataclass(frozen=True, slots=True)
class MissionKept(Event):
    """Set-up 6: the seat kept one of its 3 missions (`mission` None: the seat may not know
    which)."""

    mission: str | None
    name: str | None

    kind: ClassVar[str] = "mission-kept"

    def text(self) -> str:
        if self.name is None:
            return "kept a mission (secret until the end)"
        return f"kept the mission {self.name} (secret until the end)"

    def seen_by(self, seat: int | None) -> MissionKept:
        if seat is not None and seat == self.seat:
            return self
        return dataclasses.replace(self, mission=None, name=None)


@dataclass(frozen=True, slots=True)
class Dug(Event):
    """A dig: the site called out, the move (the die's roll or a Compass's choice), the space
    reached and the tile collected, the won its "+2" paid, any money token on it (won), the
    chance card its star drew
    and, when one tile was left, the site abandoned with that tile."""

    site: str
    site_name: str
    move: int
    compass: bool
    space: int
    tile: str
    plus2: int
    token: int
    chance: str | None
    chance_name: str | None
    abandoned: str | None

    kind: ClassVar[str] = "dug"

    def text(self) -> str:
        how = f"moved {self.move} with a Compass" if self.compass else f"rolled {self.move}"
        took = f"took the {tile_words(self.tile)} from space {self.space}"
        if self.plus2:
            took += f" and {won(self.plus2)} for its +2"
        parts = [f"dug at {self.site_name}: {how}, {took}"]
        if self.token > 0:
            parts.append(f"took the money token of {won(self.token, sign=True)} on it")
        elif self.token < 0:
            parts.append(f"paid the money token of {won(self.token)} on it")
        if self.chance_name is not None:
            parts.append(f"drew the chance card {self.chance_name}")
        text = ", ".join(parts)
        if self.abandoned is not None:
            text += (f"; {self.site_name} is abandoned, its last tile "
                     f"({tile_words(self.abandoned)}) out of play")
        return text


@dataclass(frozen=True, slots=True)
class TokenPlaced(Event):
    """Strike Gold / Hazardous Area: the money token (`value` won) put on the tile in `space`
    of `site`; whoever digs that tile takes it."""

    site: str
    site_name: str
    space: int
    tile: str
    value: int

    kind: ClassVar[str] = "token-placed"

    def text(self) -> str:
        return (f"put a money token of {won(self.value, sign=True)} on the "
                f"{tile_words(self.tile)} in space {self.space} of {self.site_name}")


@dataclass(frozen=True, slots=True)
class MissionRevealed(Event):
    """Game end: the seat's kept mission shown to all, with the bonus it pays if achieved
    (whether it is: the view's money calculation)."""

    mission: str
    name: str
    bonus: int

    kind: ClassVar[str] = "mission-revealed"

    def text(self) -> str:
        return f"reveals the mission {self.name} ({won(self.bonus)} if achieved)"


EVENTS: dict[str, type[Event]] = {
    cls.kind: cls for cls in (MissionKept, Dug, TokenPlaced, MissionRevealed)
}
"""Every kind of Dig It Up event by its `kind` (restore reads the log back with it)."""
