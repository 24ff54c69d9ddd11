"""Seeded games on a Ray cluster (`--ray ADDRESS` or `--ray local`): the same results as
`--jobs N` for the same seed.

Needs Ray (`pip install 'motherlode[ray]'`), an optional extra: it is imported by the
functions that use it, so this module imports without it. The seeds are cut into batches, one
Ray task each, large enough that scheduling is a small part of the work (`batch_size`) and
small enough to keep every CPU busy to the end. Each batch plays its seeds exactly as a worker
process does (`runner.play_batch`), and the results are handed on in seed order as batches
finish, so a progress bar moves batch by batch. A batch whose worker dies (a node lost, a
process killed) is run again by Ray (`RETRIES`); a game is a pure function of its seed, so a
batch run twice gives the same results.

`--ray local` starts a Ray of `jobs` CPUs on this machine for the run, without its dashboard,
and stops it at the end; Ray then takes free ports on 127.0.0.1, never Redis's 6379. An
address connects to a running cluster (`ray start --head --port 6380` on its head node);
every node needs motherlode installed, at the same version.
"""

from __future__ import annotations

import importlib.util
import json
import logging
import math
import socket
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from motherlode.engine import Game, OptionError, load, register

T = TypeVar("T")

#: Times Ray runs a batch again when its worker dies.
RETRIES = 3
#: Batches per CPU of the cluster: enough to even out slow and fast batches.
BATCHES_PER_CPU = 8
#: Seconds to wait for a cluster's address to answer before Ray is asked to join it.
PROBE_SECONDS = 5.0
#: The largest batch: a lost batch costs at most this many games again.
MAX_BATCH = 1000

# Each Ray worker process sets up a game once and keeps it for the batches that follow.
_games: dict[tuple[str, str, str], Game] = {}


def check_ray(address: str) -> None:
    """OptionError unless Ray is installed and `address` names a cluster or "local"."""
    if not address.strip():
        raise OptionError('--ray needs a cluster address (host:port) or "local"')
    if importlib.util.find_spec("ray") is None:
        raise OptionError("Ray is not installed; pip install 'motherlode[ray]' for --ray")


def batch_size(games: int, cpus: int) -> int:
    """Seeds per Ray task for `games` games on `cpus` CPUs."""
    return max(1, min(MAX_BATCH, math.ceil(games / (max(1, cpus) * BATCHES_PER_CPU))))


def worker_game(name: str, target: str, options: dict[str, Any]) -> Game:
    """The game set up in this worker, loaded by registry name and class once."""
    key = (name, target, json.dumps(options, sort_keys=True))
    game = _games.get(key)
    if game is None:
        register(name, target)  # a fresh worker knows the built-in registry only
        game = _games[key] = load(name, **options)
    return game


def connect(address: str, cpus: int) -> bool:
    """Join the cluster at `address`, or start a local one of `cpus` CPUs for "local"; True
    when this call started Ray (and the caller must stop it)."""
    import ray  # the optional extra

    if ray.is_initialized():
        return False
    quiet: dict[str, Any] = {"logging_level": logging.WARNING, "log_to_driver": False}
    if address == "local":
        # On the loopback only: a run's own Ray is no service for the network.
        ray.init(
            num_cpus=cpus, include_dashboard=False, _node_ip_address="127.0.0.1", **quiet
        )
        return True
    check_answers(address)
    ray.init(address=address, **quiet)
    return True


def check_answers(address: str, seconds: float = PROBE_SECONDS) -> None:
    """OptionError unless something answers at `address`'s host and port (`host:port` or
    `ray://host:port`; other forms, such as "auto", are left to Ray). Ray itself waits for
    minutes on a cluster that is not there."""
    host, sep, port = address.removeprefix("ray://").rpartition(":")
    if not sep or not port.isdigit():
        return
    try:
        socket.create_connection((host, int(port)), timeout=seconds).close()
    except OSError as err:
        raise OptionError(f"no Ray cluster answers at {address}: {err}") from err


def run_batches(
    address: str,
    cpus: int,
    task: Callable[..., list[T]],
    args: tuple[Any, ...],
    seeds: Sequence[int],
    take: Callable[[T], None],
) -> None:
    """Run `task(*args, batch)` for batches of `seeds` on Ray (the cluster at `address`, or a
    local one of `cpus` CPUs), passing every output to `take` in seed order."""
    import ray  # the optional extra

    started = connect(address, cpus)
    try:
        remote = ray.remote(max_retries=RETRIES)(task)
        workers = int(ray.cluster_resources().get("CPU", 1))  # type: ignore[no-untyped-call]
        size = batch_size(len(seeds), workers)
        batches = [list(seeds[i : i + size]) for i in range(0, len(seeds), size)]
        pending = [remote.remote(*args, batch) for batch in batches]
        order = {ref: i for i, ref in enumerate(pending)}
        finished: dict[int, list[T]] = {}
        following = 0
        while pending:
            ready, pending = ray.wait(pending, num_returns=1)
            for ref in ready:
                finished[order[ref]] = ray.get(ref)
            while following in finished:
                for one in finished.pop(following):
                    take(one)
                following += 1
    finally:
        if started:
            ray.shutdown()
