"""One number of a game's component data at several values, on the same seeds: `sweep(...)`.

A *field path* names one number in the game's data files: the file's name without `.toml`,
then a key for each step down, where a step into a list of tables (`[[specialist]]`) is the
entry's `id` (or its index from 0). So `rules.income.value` is Pay Dirt's income and
`specialists.specialist.julian-cash.price` a specialist's minimum bid. The files are read from
the `data` option's folder when it is given, else from the game's own package (its front door's
`DESCRIPTION.data`).

For each value, the data files are copied into a temporary folder with that one number changed
and the game is played with `data` pointing there (so a Ray cluster on other machines needs the
folder on a shared file system). Every value plays the same seeds with the same bots, so each
point's difference from the first value is paired game by game, as `compare` pairs two
variants (`compare.difference`: paired 95% interval, and the unpaired half-width beside it).
"""

from __future__ import annotations

import copy
import json
import math
import tempfile
import tomllib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Any

from motherlode.engine import OptionError, description

from .compare import Difference, SeatComparison, difference, seat_comparison
from .runner import run_games, set_up_run
from .stats import GameResult, Summary

Number = int | float


@dataclass(frozen=True, slots=True)
class DataField:
    """A field path: the data file (`rules.toml`) and the keys down to one number."""

    file: str
    steps: tuple[str, ...]

    @property
    def text(self) -> str:
        return ".".join((self.file.removesuffix(".toml"), *self.steps))

    @classmethod
    def parse(cls, text: str) -> DataField:
        parts = [part.strip() for part in text.strip().split(".")]
        if len(parts) < 2 or not all(parts):
            raise OptionError(
                f"field path {text!r} is not FILE.KEY[.KEY...] (e.g. rules.income.value)"
            )
        return cls(f"{parts[0]}.toml", tuple(parts[1:]))


def _step(node: Any, step: str, where: str) -> Any:
    """One step down from `node`: a table's key, or a list entry by its id or index."""
    if isinstance(node, dict):
        if step not in node:
            raise OptionError(f"{where}: no field {step!r} here; fields: {', '.join(node)}")
        return node[step]
    if isinstance(node, list):
        for entry in node:
            if isinstance(entry, dict) and entry.get("id") == step:
                return entry
        if step.isdigit() and int(step) < len(node):
            return node[int(step)]
        ids = [str(e["id"]) for e in node if isinstance(e, dict) and "id" in e]
        raise OptionError(
            f"{where}: no entry {step!r} here; entries: "
            f"{', '.join(ids) if ids else f'0..{len(node) - 1}'}"
        )
    raise OptionError(f"{where}: {step!r} goes below a value ({node!r})")


def field_value(document: Mapping[str, Any], field: DataField) -> Number:
    """The number at `field` in a data file's parsed TOML; OptionError naming the field."""
    node: Any = document
    for depth, step in enumerate(field.steps):
        where = ".".join((field.file.removesuffix(".toml"), *field.steps[:depth])) or field.file
        node = _step(node, step, f"field {field.text}: at {where}")
    if isinstance(node, bool) or not isinstance(node, int | float):
        raise OptionError(f"field {field.text} is {node!r}, not a number to sweep")
    return node


def with_value(document: Mapping[str, Any], field: DataField, value: Number) -> dict[str, Any]:
    """A copy of `document` with the number at `field` set to `value`."""
    field_value(document, field)  # checks the path
    changed = copy.deepcopy(dict(document))
    node: Any = changed
    for step in field.steps[:-1]:
        node = _step(node, step, field.text)
    last = field.steps[-1]
    if isinstance(node, list):  # the number is a list's item, by index
        node[int(last)] = value
    else:
        node[last] = value
    return changed


def parse_values(text: str, current: Number) -> tuple[Number, ...]:
    """`--values 1,2,3` as numbers of the field's type (whole numbers for an integer field)."""
    words = [word.strip() for word in text.split(",") if word.strip()]
    if len(words) < 2:
        raise OptionError(f"--values {text!r}: give at least two values, by commas")
    values: list[Number] = []
    for word in words:
        try:
            number = float(word)
        except ValueError:
            raise OptionError(f"--values: {word!r} is not a number") from None
        if isinstance(current, int):
            if not number.is_integer():
                raise OptionError(f"--values: {word!r} is not a whole number; the field is one")
            values.append(int(number))
        else:
            values.append(number)
    if len(set(values)) != len(values):
        raise OptionError(f"--values {text!r}: a value is given twice")
    return tuple(values)


def toml_text(document: Mapping[str, Any]) -> str:
    """`document` as TOML: each top-level key one line, tables inline (tomllib reads it back
    to the same document; checked)."""

    def value(item: Any) -> str:
        if isinstance(item, bool):
            return "true" if item else "false"
        if isinstance(item, int):
            return str(item)
        if isinstance(item, float):
            if not math.isfinite(item):
                raise OptionError(f"{item} cannot be written to a data file")
            return repr(item)
        if isinstance(item, str):
            return json.dumps(item, ensure_ascii=False)
        if isinstance(item, list):
            return "[" + ", ".join(value(x) for x in item) + "]"
        if isinstance(item, dict):
            return "{" + ", ".join(f"{json.dumps(k)} = {value(v)}" for k, v in item.items()) + "}"
        raise OptionError(f"{item!r} cannot be written to a data file")

    text = "".join(f"{json.dumps(k)} = {value(v)}\n" for k, v in document.items())
    if tomllib.loads(text) != document:
        raise OptionError("a data file did not survive being written back")
    return text


def data_source(game: str, options: Mapping[str, Any]) -> Traversable:
    """Where the game's data files are read from: the `data` option's folder, or its package."""
    folder = options.get("data")
    if folder:
        return Path(str(folder))
    described = description(game)
    if described is None or described.data is None:
        raise OptionError(f"{game} names no package of component data at its front door")
    return resources.files(described.data)


def write_variant(source: Traversable, field: DataField, value: Number, into: Path) -> Path:
    """Copy every data file of `source` into `into` (made), with `field` set to `value`."""
    into.mkdir(parents=True, exist_ok=True)
    names = sorted(item.name for item in source.iterdir() if item.name.endswith(".toml"))
    if field.file not in names:
        raise OptionError(f"field {field.text}: no data file {field.file}; files: "
                          f"{', '.join(names)}")
    for name in names:
        text = source.joinpath(name).read_text(encoding="utf-8")
        if name == field.file:
            text = toml_text(with_value(tomllib.loads(text), field, value))
        (into / name).write_text(text, encoding="utf-8")
    return into


@dataclass(frozen=True)
class SweepPoint:
    """One value: its summary and each seat's paired difference from the first value."""

    value: Number
    summary: Summary
    seats: tuple[SeatComparison, ...]
    length: Difference  # steps


@dataclass(frozen=True)
class Sweep:
    """What `sweep` found: the field, its value in the data, and one point per value."""

    game: str
    field: str
    current: Number
    games: int
    seed: int
    bots: tuple[str, ...]
    points: tuple[SweepPoint, ...]

    def rows(self) -> list[dict[str, Any]]:
        """One row per value and seat: win rate and score, and the paired differences from
        the first value (the same seeds give the same rows)."""
        out = []
        for point in self.points:
            for seat in point.seats:
                win, score = seat.win_rate, seat.score
                out.append({
                    "value": point.value, "seat": seat.seat, "bot": seat.bot,
                    "win_rate": win.b, "win_diff": win.diff, "win_low": win.low,
                    "win_high": win.high, "score": score.b, "score_diff": score.diff,
                    "score_low": score.low, "score_high": score.high,
                })
        return out

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game, "field": self.field, "current": self.current,
            "games": self.games, "seed": self.seed, "bots": list(self.bots),
            "values": [p.value for p in self.points],
            "steps": [p.length.b for p in self.points],
            "rows": self.rows(),
        }


def sweep(
    game: str,
    games: int,
    field: str,
    values: str | Sequence[Number],
    *,
    bots: Sequence[str] = ("random",),
    seed: int = 0,
    options: Mapping[str, Any] | None = None,
    jobs: int = 1,
    ray: str | None = None,
    on_result: Callable[[GameResult], None] | None = None,
) -> Sweep:
    """Play `games` seeds of `game` at each value of the data `field` (the first value is
    the baseline); OptionError naming the field or the value before any game is played."""
    shared = dict(options or {})
    path = DataField.parse(field)
    source = data_source(game, shared)
    name = path.file
    try:
        document = tomllib.loads(source.joinpath(name).read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise OptionError(f"field {path.text}: no data file {name} in {source}") from None
    current = field_value(document, path)
    numbers = parse_values(values, current) if isinstance(values, str) else tuple(values)
    with tempfile.TemporaryDirectory(prefix="motherlode-sweep-") as scratch:
        setups = []
        for i, number in enumerate(numbers):
            folder = write_variant(source, path, number, Path(scratch) / str(i))
            setups.append({**shared, "data": str(folder)})
        for setup in setups:  # every value's data and options checked before any game
            set_up_run(game, games, bots, seed, None, setup, jobs, ray)
        runs = [_play(game, games, setup, bots, seed, jobs, ray, on_result) for setup in setups]
    (_, first), *_ = runs
    points = tuple(
        SweepPoint(
            value=number,
            summary=summary,
            seats=tuple(seat_comparison(seat, bot, first, results)
                        for seat, bot in enumerate(summary.bots)),
            length=difference([g.steps for g in first], [g.steps for g in results]),
        )
        for number, (summary, results) in zip(numbers, runs, strict=True)
    )
    return Sweep(game=points[0].summary.game, field=path.text, current=current, games=games,
                 seed=seed, bots=points[0].summary.bots, points=points)


def _play(
    game: str,
    games: int,
    setup: dict[str, Any],
    bots: Sequence[str],
    seed: int,
    jobs: int,
    ray: str | None,
    on_result: Callable[[GameResult], None] | None,
) -> tuple[Summary, list[GameResult]]:
    results: list[GameResult] = []

    def take(result: GameResult) -> None:
        results.append(result)
        if on_result is not None:
            on_result(result)

    summary = run_games(game, games, bots=bots, seed=seed, options=setup, jobs=jobs,
                        on_result=take, ray=ray)
    return summary, results


# --- the report -----------------------------------------------------------------------------
SWEEP_PNG = "sweep.png"


def render_markdown(found: Sweep, command: str) -> str:
    """The sweep as Markdown: per value and seat, win rate and score with the paired 95%
    interval of the difference from the first value."""
    base = found.points[0].value
    lines = [
        f"# Sweep: {found.game} {found.field}",
        "",
        f"{found.games} games per value, seeds {found.seed}..{found.seed + found.games - 1}, "
        f"bots {', '.join(found.bots)}; the data's value is {found.current:g}; differences "
        f"are from {base:g}, paired by seed (95%).",
        "",
        "```",
        command,
        "```",
        "",
        "| value | seat | bot | win rate | - first, pp (95%) | mean score | - first (95%) |",
        "|---:|---:|---|---:|---:|---:|---:|",
    ]
    for point in found.points:
        for seat in point.seats:
            w, s = seat.win_rate, seat.score
            lines.append(
                f"| {point.value:g} | {seat.seat} | {seat.bot} | {w.b:.1%} | "
                f"{w.diff * 100:+.1f} ({w.low * 100:+.1f} .. {w.high * 100:+.1f}) | "
                f"{s.b:.2f} | {s.diff:+.2f} ({s.low:+.2f} .. {s.high:+.2f}) |"
            )
    lines += ["", "| value | mean steps | - first (95%) |", "|---:|---:|---:|"]
    for point in found.points:
        d = point.length
        lines.append(f"| {point.value:g} | {d.b:.1f} | {d.diff:+.1f} "
                     f"({d.low:+.1f} .. {d.high:+.1f}) |")
    return "\n".join(lines) + "\n"


def write_plot(found: Sweep, path: Path) -> Path:
    """Each seat's win rate and mean score against the value (matplotlib, Agg), with the
    paired 95% interval of the difference from the first value as error bars."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, (wins, scores) = plt.subplots(1, 2, figsize=(10, 4))
    points = sorted(found.points, key=lambda p: p.value)
    xs = [float(p.value) for p in points]
    for seat, bot in enumerate(found.bots):
        rows = [p.seats[seat] for p in points]
        label = f"seat {seat} ({bot})"
        wins.errorbar(xs, [r.win_rate.b * 100 for r in rows], capsize=3, marker="o",
                      yerr=[(r.win_rate.high - r.win_rate.diff) * 100 for r in rows], label=label)
        scores.errorbar(xs, [r.score.b for r in rows], capsize=3, marker="o",
                        yerr=[r.score.high - r.score.diff for r in rows], label=label)
    wins.set_ylabel("win rate (%)")
    scores.set_ylabel("mean score")
    for ax in (wins, scores):
        ax.set_xlabel(found.field)
        ax.axvline(float(found.current), color="grey", linestyle="--", linewidth=1)
    wins.legend(fontsize=7)
    fig.suptitle(f"{found.game}: {found.games} games per value; bars: paired 95% of the "
                 "difference from the first value", fontsize=9)
    fig.tight_layout()
    fig.savefig(path, dpi=100)
    plt.close(fig)
    return path
