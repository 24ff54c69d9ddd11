"""Take a seat at a web table over the network (protocol 1, docs/protocol.md).

    >>> from motherlode.client import join
    >>> from motherlode.bots import make_bot
    >>> with join("http://127.0.0.1:8000/tables/ID#seat=1&token=TOKEN") as seat:
    ...     final = seat.play(make_bot("random", seat.game, seat.seat, seed=1))

A program (a researcher's agent, a bot on another machine) gets the seat's view as the
server sends it, the legal actions read from its decision, and sends moves by their text.
"""

from .seat import MoveRefused, SeatClient, join, parse_link

__all__ = ["MoveRefused", "SeatClient", "join", "parse_link"]
