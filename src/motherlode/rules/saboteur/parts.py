"""What a Saboteur seat held in a game, for the balance report: its role in each round
(`DESCRIPTION.parts`), and the gold each role won in its round (`DESCRIPTION.payoffs`), read
from the share-outs of the log (every dwarf is turned up at a round's end)."""

from __future__ import annotations

from motherlode.engine import Game, View

from .log import GoldShared, TookGold


def _rounds(view: View) -> list[tuple[tuple[str, ...], list[float]]]:
    """Each round's roles by seat and the gold each seat won in it (the share-out, and in the
    base game the gold cards taken after it)."""
    rounds: list[tuple[tuple[str, ...], list[float]]] = []
    for event in view["log"]:
        kind = event["kind"]
        if kind == GoldShared.kind:
            roles = event.get("roles")
            gold = event.get("gold")
            if isinstance(roles, list | tuple) and isinstance(gold, list | tuple) and roles:
                won = [float(g) if isinstance(g, int | float) else 0.0 for g in gold]
                rounds.append((tuple(str(r) for r in roles), won))
        elif kind == TookGold.kind and rounds:
            seat, value = event.get("seat"), event.get("value")
            if isinstance(seat, int) and isinstance(value, int):
                rounds[-1][1][seat] += value
    return rounds


def seat_parts(game: Game, view: View) -> list[list[str]]:
    """Each seat's roles (`role:saboteur`, `role:green digger` ...), one per role it was
    dealt in some round."""
    held: list[set[str]] = [set() for _ in range(view["players"])]
    for roles, _ in _rounds(view):
        for seat, role in enumerate(roles):
            held[seat].add(f"role:{role}")
    return [sorted(cards) for cards in held]


def role_payoffs(game: Game, view: View) -> list[tuple[int, str, float]]:
    """`(seat, role, gold won in the round)` for every seat in every round played."""
    return [(seat, f"role:{role}", gold[seat])
            for roles, gold in _rounds(view) for seat, role in enumerate(roles)]
