"""The games, one package each. This package object is also callable: `motherlode.games()`.

`motherlode.games()` is the registry's list of game names. Importing a game package makes
Python bind `motherlode.games` to this package, so the package itself answers the call.
"""

from __future__ import annotations

import sys
import types

from motherlode.engine.registry import games as _registered


class _GamesPackage(types.ModuleType):
    """A package that, called, lists the registered games."""

    def __call__(self) -> list[str]:
        return _registered()


sys.modules[__name__].__class__ = _GamesPackage
