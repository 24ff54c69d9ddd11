"""Caches kept by value, bounded the simple way: a cache that holds its limit is emptied before
the next entry goes in (the positions of one game repeat a few looks; a long run meets new
ones and must not grow without end)."""

from __future__ import annotations

from typing import TypeVar

K = TypeVar("K")
V = TypeVar("V")


def remember(cache: dict[K, V], key: K, limit: int, value: V) -> V:
    """Keep `value` under `key` in `cache` (emptied first if it holds `limit` entries) and
    return it: the miss path of a cache read with `cache.get(key)`."""
    if len(cache) >= limit:
        cache.clear()
    cache[key] = value
    return value
