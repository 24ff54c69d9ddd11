"""The digests of many seeded random games, to prove a refactor changes no game (issue 22).

    .venv/bin/python scripts/digests.py --write tests/data/digests.json   # before
    .venv/bin/python scripts/digests.py --check tests/data/digests.json   # after

For every game and every player count it allows, `--games` seeded games (default 100) are
played with seeded random legal actions; the final digest of each, and of the game restored
from its snapshot, are hashed together into one value per game and count. `--check` names
every game and count whose value changed and exits 1.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import sys
from pathlib import Path

from motherlode.engine import game_class, games, load


def counts(name: str) -> range:
    """Every player count the game allows."""
    spec = next(o for o in game_class(name).option_specs() if o.name == "players")
    assert spec.minimum is not None and spec.maximum is not None
    return range(int(spec.minimum), int(spec.maximum) + 1)


def played(name: str, players: int, seed: int) -> str:
    """The final digest of a seeded random game, checked against its restored snapshot."""
    game = load(name, players=players)
    state = game.new_game(seed)
    rng = random.Random(seed)
    while not state.is_terminal:
        state.apply(rng.choice(state.legal_actions()))
    digest = state.digest()
    again = game.restore(state.snapshot())
    if again.digest() != digest or state.clone().digest() != digest:
        raise SystemExit(f"{name} {players}p seed {seed}: restore or clone changes the digest")
    return digest


def real_games() -> list[str]:
    return [name for name in games() if not name.startswith("toy")]


def count_digest(name: str, players: int, count: int) -> str:
    """The hash of the digests of `count` seeded games (seeds 0..count-1) at `players`."""
    hasher = hashlib.sha256()
    for seed in range(count):
        hasher.update(played(name, players, seed).encode())
    return hasher.hexdigest()


def game_digests(name: str, count: int) -> dict[str, str]:
    """`game:players` -> the hash of `count` games' digests, for each count `name` allows."""
    out: dict[str, str] = {}
    for players in counts(name):
        out[f"{name}:{players}"] = count_digest(name, players, count)
        print(f"{name}:{players} {out[f'{name}:{players}'][:16]}", file=sys.stderr)
    return out


def digests(count: int) -> dict[str, str]:
    """`game_digests` of every real game."""
    return {key: value for name in real_games() for key, value in game_digests(name, count).items()}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100,
                        help="seeds per game and count for --write (--check reads the file's)")
    mode = parser.add_mutually_exclusive_group(required=True)
    mode.add_argument("--write", type=Path)
    mode.add_argument("--check", type=Path)
    args = parser.parse_args()
    if args.write:
        found = digests(args.games)
        args.write.write_text(json.dumps({"games": args.games, "digests": found}, indent=1) + "\n")
        return 0
    want = json.loads(args.check.read_text())
    found = digests(want["games"])
    changed = [key for key, value in want["digests"].items() if found.get(key) != value]
    for key in changed:
        print(f"CHANGED {key}")
    print(f"{len(want['digests']) - len(changed)} of {len(want['digests'])} unchanged")
    return 1 if changed else 0


if __name__ == "__main__":
    raise SystemExit(main())
