"""What a Dig It Up seat held in a game, for the balance report: its kept mission and the
chance cards it drew (`DESCRIPTION.parts`), and what each kept mission paid
(`DESCRIPTION.payoffs`: its bonus when achieved, else 0), from the final view, where every
kept mission is turned up and the money calculation shown."""

from __future__ import annotations

from motherlode.engine import Game, View

from .log import Dug
from .schema import is_digitup_view


def seat_parts(game: Game, view: View) -> list[list[str]]:
    """Each seat's kept mission (`mission:<id>`) and every chance card it drew
    (`chance:<id>`, from the digs whose star drew one)."""
    if not is_digitup_view(view):
        raise ValueError(f"not a Dig It Up view: {view['game']}")
    held: list[set[str]] = []
    for board in view["scoreboards"]:
        mission = board.get("mission")
        held.append({f"mission:{mission}"} if mission else set())
    for event in view["log"]:
        seat, chance = event.get("seat"), event.get("chance")
        if event["kind"] == Dug.kind and isinstance(seat, int) and isinstance(chance, str):
            held[seat].add(f"chance:{chance}")
    return [sorted(cards) for cards in held]


def mission_payoffs(game: Game, view: View) -> list[tuple[int, str, float]]:
    """`(seat, mission, money it paid)` for every kept mission."""
    if not is_digitup_view(view):
        raise ValueError(f"not a Dig It Up view: {view['game']}")
    out: list[tuple[int, str, float]] = []
    for seat, board in enumerate(view["scoreboards"]):
        mission, money = board.get("mission"), board.get("money")
        if mission and money is not None:
            out.append((seat, f"mission:{mission}", float(money["mission"])))
    return out
