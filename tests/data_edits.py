"""Tests that load a corrected or broken copy of a game's component data (every game's
`test_components` / data tests use these)."""

from __future__ import annotations

import re
import shutil
from collections.abc import Callable
from pathlib import Path

import pytest

import motherlode


def copy_data(source: Path, tmp_path: Path) -> Path:
    """A copy of a game's data folder that a test may edit."""
    shutil.copytree(source, tmp_path / "data")
    return tmp_path / "data"


def edit(folder: Path, file: str, old: str, new: str) -> None:
    """Replace the first `old` in a data file by `new` (`old` must be there)."""
    text = (folder / file).read_text(encoding="utf-8")
    assert old in text
    (folder / file).write_text(text.replace(old, new, 1), encoding="utf-8")


def check_bad_edit(load: Callable[[Path], object], folder: Path, file: str, old: str, new: str,
                   message: str) -> None:
    """After `edit(folder, file, old, new)`, loading raises a DataError matching `message` (the
    file, the entry and the field)."""
    edit(folder, file, old, new)
    with pytest.raises(motherlode.DataError, match=message):
        load(folder)


def check_missing_and_bad_toml(load: Callable[[Path], object], folder: Path, file: str,
                               broken: str) -> None:
    """A file that is not valid TOML, then a missing file, are DataErrors that say so."""
    (folder / file).write_text(broken, encoding="utf-8")
    with pytest.raises(motherlode.DataError, match=re.escape(file) + ": not valid TOML"):
        load(folder)
    (folder / file).unlink()
    with pytest.raises(motherlode.DataError, match="cannot read component data"):
        load(folder)
