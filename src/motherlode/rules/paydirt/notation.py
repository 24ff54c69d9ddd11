"""How a player may write a Pay Dirt action (issue 12 item 5): as `str(action)` prints it, or
as the screen prints the things it names.

`str(action)` is the notation (`load layered-2 poor`, `move wash_plant 2`, `bid 5`); `Game.
parse_action` reads it first, as every save file and restore does. Failing that, `Aliases`
reads the same action written with what the terminal shows: case, spaces, `-` and `_` alike
(`move wash plant 2`, `pick Betsy Pretty`), a printed name for an id (`load layered claim 2
poor`, `keep Fool's Gold`: apostrophes and other marks do not matter), and a bid in dollars
(`bid $5,000`, `bid 5000`: bids are written in thousands up to `BID_CAP`, so a number of 1,000
or more, a `$` or a `,` is dollars).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping

from motherlode.engine import Action

from .auction import THOUSAND

SEPARATORS = re.compile(r"[\s_\-.,&/]+")
DOLLARS = re.compile(r"^bid\s+(\$\s*[\d,]+|\d{1,3}(?:,\d{3})+|\d{4,})$")


def words(text: str) -> str:
    """`Fool's Gold` -> `fools gold`; `wash_plant` -> `wash plant`; `layered-2` -> `layered 2`."""
    return " ".join(SEPARATORS.sub(" ", text.lower().replace("'", "")).split())


class Aliases:
    """Every action under the other ways the screen lets a player write it."""

    def __init__(self, actions: Iterable[Action], names: Mapping[str, str]) -> None:
        table: dict[str, Action | None] = {}
        for action in actions:
            for key in _keys(str(action), names):
                known = table.get(key, action)
                table[key] = action if known == action else None  # two actions: neither
        self.table = {key: action for key, action in table.items() if action is not None}

    def read(self, text: str) -> Action | None:
        """The action `text` stands for, or None."""
        return self.table.get(words(_bid_in_thousands(text)))


def _keys(text: str, names: Mapping[str, str]) -> set[str]:
    """The action's text in words, and again with each id replaced by its printed name."""
    parts = text.split()
    return {words(text), words(" ".join(names.get(part, part) for part in parts))}


def _bid_in_thousands(text: str) -> str:
    """`bid $5,000` / `bid 5000` -> `bid 5`; other texts as they are."""
    found = DOLLARS.match(" ".join(text.lower().split()))
    if found is None:
        return text
    dollars = int(re.sub(r"[$,\s]", "", found.group(1)))
    if dollars % THOUSAND:
        return text
    return f"bid {dollars // THOUSAND}"
