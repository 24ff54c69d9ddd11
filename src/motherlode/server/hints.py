"""A seat's hint: what the game's hint bot (`bots.hint_bot`: a search level where one is
measured stronger than the hand-written bot) would do in its place, and why, as the terminal's
`hint` does (`motherlode play`: the same bot, made the same way, asked the same
`Explains.explain`, or its bare choice for a bot that gives no reasons).

`GET /api/tables/{id}/hint` with the seat's token in `X-Seat-Token`: the bot is given only the
seat's view and its decision's legal actions, never the state. It thinks in the bots' worker
processes (`thinking`), like a bot's move, so a searching hint delays no other table; one
answer per seat and version is kept, so asking again costs nothing.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Sequence
from typing import Any

import orjson
from fastapi import APIRouter, Request

from motherlode.bots import hint_bot
from motherlode.bots.choice import Choice, explain
from motherlode.engine import Action, Game, View

from .lobby import Lobby
from .protocol import PROTOCOL, ProtocolError
from .replays import TOKEN_HEADER, Bounded, option_words

#: Hints kept, by table, version and seat.
KEEP_HINTS = 256


def hint_choice(game: Game, seat: int, seed: int, view: View,
                legal: Sequence[Action]) -> Choice:
    """What the hint bot is given: the seat's view and its legal actions, nothing more."""
    return Choice(hint_bot(game.name), game.name, dict(game.options), seat, seed, view,
                  list(legal))


def worded(choice: Choice, index: int, why: str) -> dict[str, Any]:
    """The hint as the table shows it: the bot, the action, its words and the reason."""
    view = choice.view
    if view is None:
        raise ValueError("a hint is thought from the seat's view")
    action = str(choice.legal[index])
    return {"bot": choice.bot, "action": action, "label": option_words(view, action),
            "why": card_names_in(why, view)}


def think(game: Game, seat: int, seed: int, view: View,
          legal: Sequence[Action]) -> dict[str, Any]:
    """What the hint bot would do from `view`, and why, thought in this process."""
    choice = hint_choice(game, seat, seed, view, legal)
    return worded(choice, *explain(choice))


def card_names_in(text: str, view: View) -> str:
    """`text` with each card id of the view's card data (`cards`, each with its `name`:
    Saboteur's) written as the card's name; only ids with a dash, which no word has."""
    cards: Any = view.get("cards")
    if not isinstance(cards, dict):
        return text
    names = {card: str(info["name"]) for card, info in cards.items()
             if "-" in card and isinstance(info, dict) and "name" in info}
    if not names:
        return text
    ids = "|".join(re.escape(card) for card in sorted(names, key=len, reverse=True))
    return re.sub(rf"(?<![\w-])(?:{ids})(?![\w-])", lambda found: names[found.group(0)], text)


def hint_seed(table_id: str, version: int, seat: int) -> int:
    """The hint bot's seed: fixed per table, version and seat, and nothing of the table's
    seed (which would tell the hidden set-up)."""
    digest = hashlib.sha256(f"{table_id}:{version}:{seat}".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 1


class Hints:
    """The hints of this process: the answers kept (the bots' workers think them)."""

    def __init__(self) -> None:
        self.kept: Bounded[tuple[str, int, int], dict[str, Any]] = Bounded(KEEP_HINTS)

    async def hint(self, lobby: Lobby, table_id: str, token: str | None) -> dict[str, Any]:
        table = await lobby.get(table_id)
        authority = table.authority
        seat = authority.seat_of(token) if token else None
        if seat is None:
            raise ProtocolError("seat/bad-token", "a hint is for a seat: send its token")
        version, to_move, over = authority.committed
        if over or to_move != seat or authority.version != version:
            raise ProtocolError("seat/not-yours", "a hint is given when this seat decides")
        key = (table.id, version, seat)
        answer = self.kept.get_recent(key)
        if answer is None:
            view: View = orjson.loads(orjson.dumps(authority.view(seat)))  # the bot's own copy
            choice = hint_choice(authority.game, seat, hint_seed(*key), view,
                                 authority.state.legal_actions())
            answer = worded(choice, *await lobby.thinker.explain(choice))
            self.kept.put(key, answer)
        return {"protocol": PROTOCOL, "seat": seat, "version": version, **answer}


router = APIRouter()


@router.get("/api/tables/{table_id}/hint")
async def table_hint(table_id: str, request: Request) -> dict[str, Any]:
    """What the strongest bot would do in the token's seat now, and why."""
    hints: Hints = request.app.state.hints
    return await hints.hint(request.app.state.lobby, table_id,
                            request.headers.get(TOKEN_HEADER))
