"""Simulated games as Parquet: one row per game, written as the games come in.

Needs pyarrow (`pip install 'motherlode[parquet]'`), an optional extra: it is imported by
the functions that write and read, so this module imports without it (`has_pyarrow`).

A row holds what `simulate`'s JSON lines hold (seed, bots, scores, winners, steps) and what
the balance report reads (each seat's share of the win, the game's length and unit, the parts
each seat held and what paying parts earned, as the game's description reads them, the lead
changes and when a winner took the lead for good), plus the game, its options (as sorted
JSON) and the number of players, so a file stands alone. Per-seat figures come twice: as lists
(`scores`, `win_shares`) and as flat columns (`score_0`, `win_0`, ...) for plain SQL and
pandas.
"""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path
from typing import Any

from motherlode.engine import load

from .balance import BalanceGame, win_shares
from .stats import GameResult

#: Rows gathered before one row group is written: bounded memory, few row groups.
ROW_GROUP = 10_000


def has_pyarrow() -> bool:
    """Whether pyarrow (the `parquet` extra) can be imported."""
    return importlib.util.find_spec("pyarrow") is not None


def schema(players: int) -> Any:
    """The columns of a run at a table of `players` (a `pyarrow.Schema`)."""
    import pyarrow as pa

    fields = [
        pa.field("game", pa.string(), nullable=False),
        pa.field("options", pa.string(), nullable=False),
        pa.field("players", pa.int16(), nullable=False),
        pa.field("seed", pa.int64(), nullable=False),
        pa.field("bots", pa.list_(pa.string()), nullable=False),
        pa.field("scores", pa.list_(pa.float64()), nullable=False),
        pa.field("winners", pa.list_(pa.int16()), nullable=False),
        pa.field("win_shares", pa.list_(pa.float64()), nullable=False),
        pa.field("steps", pa.int64(), nullable=False),
        pa.field("length", pa.int64(), nullable=False),
        pa.field("length_unit", pa.string(), nullable=False),
        pa.field("cards", pa.list_(pa.list_(pa.string())), nullable=True),
        pa.field("payoffs", pa.list_(pa.struct([("seat", pa.int16()), ("part", pa.string()),
                                                ("earned", pa.float64())])), nullable=True),
        pa.field("lead_changes", pa.int64(), nullable=False),
        pa.field("decided_at", pa.float64(), nullable=True),
    ]
    for seat in range(players):
        fields.append(pa.field(f"score_{seat}", pa.float64(), nullable=False))
        fields.append(pa.field(f"win_{seat}", pa.float64(), nullable=False))
    return pa.schema(fields)


def game_row(game: str, options: dict[str, Any], one: BalanceGame) -> dict[str, Any]:
    """One finished game as a row of `schema(players)`."""
    result = one.result
    shares = win_shares(result)
    row: dict[str, Any] = {
        "game": game,
        "options": json.dumps(options, sort_keys=True),
        "players": len(result.scores),
        "seed": result.seed,
        "bots": list(result.bots),
        "scores": list(result.scores),
        "winners": list(result.winners),
        "win_shares": shares,
        "steps": result.steps,
        "length": one.length,
        "length_unit": one.length_unit,
        "cards": None if one.cards is None else [list(seat) for seat in one.cards],
        "payoffs": None if one.payoffs is None else [
            {"seat": seat, "part": part, "earned": earned} for seat, part, earned in one.payoffs
        ],
        "lead_changes": one.lead_changes,
        "decided_at": one.decided_at,
    }
    for seat, (score, share) in enumerate(zip(result.scores, shares, strict=True)):
        row[f"score_{seat}"] = score
        row[f"win_{seat}"] = share
    return row


class ParquetSink:
    """Writes rows to a Parquet file a row group at a time; the file is created with the first
    row (bad input before any game keeps an existing file) and complete once `close`d."""

    def __init__(self, path: Path, game: str, options: dict[str, Any], players: int) -> None:
        self.path = path
        self.game = game
        self.options = dict(options)
        self.schema = schema(players)
        self._rows: list[dict[str, Any]] = []
        self._writer: Any = None  # a pyarrow.parquet.ParquetWriter once the first rows are in

    @classmethod
    def for_run(cls, path: Path, game: str, options: dict[str, Any]) -> ParquetSink:
        """A sink for a run of the registered `game` with `options` (given ones; the rows
        carry every option, defaults included). OptionError for a bad game or options."""
        setup = load(game, **options)
        return cls(path, setup.name, dict(setup.options), setup.num_players)

    def add(self, one: BalanceGame) -> None:
        self._rows.append(game_row(self.game, self.options, one))
        if len(self._rows) >= ROW_GROUP:
            self._flush()

    def _flush(self) -> None:
        import pyarrow as pa
        import pyarrow.parquet as pq

        if self._writer is None:
            self._writer = pq.ParquetWriter(self.path, self.schema)
        self._writer.write_table(pa.Table.from_pylist(self._rows, schema=self.schema))
        self._rows = []

    def close(self) -> None:
        if self._rows:
            self._flush()
        if self._writer is not None:
            self._writer.close()
            self._writer = None


def read_rows(path: Path) -> list[dict[str, Any]]:
    """Every row of a results file, as dicts in file (seed) order."""
    import pyarrow.parquet as pq

    rows: list[dict[str, Any]] = pq.read_table(path).to_pylist()
    return rows


def row_game(row: dict[str, Any]) -> BalanceGame:
    """A row read back as the `BalanceGame` the balance report reads (`analyse`)."""
    cards, payoffs = row["cards"], row["payoffs"]
    return BalanceGame(
        result=GameResult(
            seed=row["seed"],
            bots=tuple(row["bots"]),
            scores=tuple(row["scores"]),
            winners=tuple(row["winners"]),
            steps=row["steps"],
        ),
        length=row["length"],
        length_unit=row["length_unit"],
        cards=None if cards is None else tuple(tuple(seat) for seat in cards),
        payoffs=None if payoffs is None else tuple(
            (p["seat"], p["part"], p["earned"]) for p in payoffs
        ),
        lead_changes=row["lead_changes"],
        decided_at=row["decided_at"],
    )
