"""What the commands share: consoles, one-line errors, option parsing, seats and transcripts."""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, NoReturn

import typer
from rich.console import Console

from motherlode.engine import MotherlodeError, OptionError, SaveFileError, State
from motherlode.engine.savefile import loads, table_of

#: Exit status for bad input: a game, option, seed, bot name or file that is refused.
BAD_INPUT = 2


def stdout_console() -> Console:
    """A console on the current stdout (made per command, so test runners can capture it)."""
    return Console(highlight=False)


def stderr_console() -> Console:
    return Console(stderr=True, highlight=False)


def fail(message: str) -> NoReturn:
    """Print one line `motherlode: error: ...` on stderr and exit with status 2."""
    line = " ".join(str(message).split())
    sys.stderr.write(f"motherlode: error: {line}\n")
    sys.stderr.flush()
    raise typer.Exit(BAD_INPUT)


@contextmanager
def bad_input_exits() -> Iterator[None]:
    """Turn refused input (engine errors, unreadable files, bad JSON) into `fail`."""
    try:
        yield
    except MotherlodeError as err:
        fail(str(err))
    except UnicodeDecodeError as err:
        fail(f"not a text file: {err.reason}")
    except json.JSONDecodeError as err:
        fail(f"not valid JSON: {err}")
    except OSError as err:
        where = f"{err.filename}: " if err.filename is not None else ""
        fail(f"{where}{err.strerror or err}")


def parse_options(pairs: Sequence[str]) -> dict[str, str]:
    """`--option key=value` pairs as a dict; the engine converts and checks the values."""
    options: dict[str, str] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        key = key.strip()
        if not sep or not key:
            raise OptionError(f"option {pair!r} must be written key=value")
        if key in options:
            raise OptionError(f"option {key!r} given twice")
        options[key] = value.strip()
    return options


def game_options(
    players: int | None, pairs: Sequence[str], components: Path | None = None
) -> dict[str, object]:
    """The options for `motherlode.load`: `--option` pairs plus `--players` and
    `--components` (the game's `data` option: a folder of corrected component files)."""
    options: dict[str, object] = dict(parse_options(pairs))
    for name, value in (("players", players), ("data", components)):
        if value is None:
            continue
        if name in options:
            raise OptionError(f"{name} given twice (as a flag and as --option {name}=...)")
        options[name] = value if isinstance(value, int) else str(value)
    return options


def split_names(text: str) -> list[str]:
    """A comma list (`greedy,random`) as names; empty items are dropped."""
    return [name.strip() for name in text.split(",") if name.strip()]


def check_seat(seat: int, players: int) -> int:
    if not 0 <= seat < players:
        raise OptionError(f"seat {seat} is not at this table; use 0..{players - 1}")
    return seat


def read_save(path: Path) -> State:
    """The game saved in `path`, replayed and checked (SaveFileError/OSError if refused)."""
    return loads(path.read_text(encoding="utf-8"))


def read_table(path: Path) -> dict[str, Any]:
    """The seats and bots kept in a save file by `play` ({} if none)."""
    return table_of(path.read_text(encoding="utf-8"))


def saved_seats(table: dict[str, Any], players: int) -> tuple[int | None, dict[int, str]]:
    """The saver's seat and the bot in each other seat, as `play` saved them (None and {}
    when the file does not say); SaveFileError for a seat the game does not have (a save
    edited by hand), never a quiet seat 0."""
    seat = table.get("seat")
    if seat is None:
        return None, {}
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < players:
        raise SaveFileError(f"the save file's table names seat {seat!r}, but the game has "
                            f"seats 0..{players - 1}: give --seat K to choose yours")
    names = table.get("bots")
    others = [other for other in range(players) if other != seat]
    if not isinstance(names, list) or len(names) != len(others):
        return seat, {}
    if not all(isinstance(name, str) for name in names):
        return seat, {}
    return seat, dict(zip(others, names, strict=True))


def moved_to(seat: int, saved: int, bots: dict[int, str]) -> dict[int, str]:
    """The saved bots when the player takes `seat` instead of `saved`: every bot keeps its
    seat, but the one in `seat` moves to the seat the saver left."""
    if seat == saved or seat not in bots:
        return bots
    table = dict(bots)
    table[saved] = table.pop(seat)
    return dict(sorted(table.items()))


def check_writable(path: Path) -> Path:
    """Refuse, before a game starts, a --save or --out path that cannot be written."""
    if path.is_dir():
        raise IsADirectoryError(21, "is a directory", str(path))
    if not path.parent.is_dir():
        raise FileNotFoundError(2, "no such directory", str(path.parent))
    return path


def write_save(path: Path, text: str) -> None:
    """Write a save file whole: to a temporary file first, then renamed over `path`."""
    temporary = path.with_name(path.name + ".tmp")
    try:
        temporary.write_text(text, encoding="utf-8")
        temporary.replace(path)
    finally:
        temporary.unlink(missing_ok=True)


@dataclass(frozen=True, slots=True)
class Step:
    """One action of a game's history and the seat that took it."""

    seat: int
    action: str


def transcript(state: State) -> list[Step]:
    """Who took each action of `state.history`: the game is replayed from its seed."""
    replay = state.game.new_game(state.seed)
    steps: list[Step] = []
    for action in state.history:
        seat = replay.current_player
        if seat is None:  # cannot happen for a history the engine accepted
            raise MotherlodeError("the history runs past the end of the game")
        replay.apply_unchecked(action)
        steps.append(Step(seat, str(action)))
    return steps
