"""A table's authority: its one true state, version, seats and acknowledged moves, and the
rules for changing them. No I/O and no asyncio: whoever holds it (`tables.LiveTable`) stores a
move before it calls it committed, tells the connections, and serialises the calls.

This is boardgame.io's master without its transport and storage: a move is checked here
(`apply`), written by the journal, then made committed here (`stored`) or taken back
(`take_back`); moves another process committed are checked here as on a restore
(`apply_stored`); `committed` is what the store holds, the only version anyone is told.
"""

from __future__ import annotations

import hashlib
import hmac
import logging
from dataclasses import dataclass
from typing import Any

from motherlode.engine import (
    Action,
    ActionSyntaxError,
    Game,
    IllegalAction,
    MotherlodeError,
    State,
    View,
)

from .protocol import Move, ProtocolError
from .store import BROKEN, FINISHED, OPEN, MoveRow, SeatRow, TableRow, now

log = logging.getLogger("motherlode.server")

#: What a move whose text the game cannot read is told (the game's own message repeats it).
UNREADABLE_ACTION = "the game cannot read that action; the view's decision lists the actions"


def token_hash(token: str) -> str:
    """What the store keeps of a seat token (a token has 192 random bits: no salt needed)."""
    return hashlib.sha256(token.encode()).hexdigest()


class ReplayError(MotherlodeError):
    """A stored table whose moves do not replay to their stored digests."""


def replay(game: Game, row: TableRow) -> State:
    """The state after the stored moves, each applied with the checked `apply` and its digest
    compared with the stored one; ReplayError naming the first move that does not check."""
    state = game.new_game(row.seed)
    for move in row.moves:
        replay_move(game, state, move)
        if state.digest() != move.digest:
            raise ReplayError(f"move {move.version}'s digest differs from the stored one")
    if row.version != len(row.moves):
        raise ReplayError(f"the table says version {row.version} but holds {len(row.moves)} moves")
    return state


def replay_move(game: Game, state: State, move: MoveRow) -> None:
    """Apply one stored move with the checked `apply`: ReplayError if it is out of order, by
    the wrong seat or refused."""
    if move.version != len(state.history) + 1:
        raise ReplayError(f"move {move.version} is out of order")
    if state.current_player != move.seat:
        raise ReplayError(f"move {move.version} is by seat {move.seat}, not the one to move")
    try:
        state.apply(game.parse_action(move.action))
    except (ActionSyntaxError, IllegalAction) as err:
        raise ReplayError(f"move {move.version} is refused: {err}") from None


@dataclass(frozen=True, slots=True)
class Acked:
    """A committed move as its seat was (or will again be) told: the client's id, the version
    it made and its text."""

    move_id: str | None
    version: int
    action: str


class Authority:
    """One table's truth: the state (changed only through these methods), the seats, the
    moves acknowledged by id, and what the store holds (`committed`)."""

    def __init__(self, row: TableRow, game: Game, state: State) -> None:
        self.id = row.id
        self.game = game
        self.seed = row.seed
        self.seed_chosen = row.seed_chosen
        self.created_at = row.created_at
        self._views: dict[int | None, View] = {}
        self._views_at = -1
        """The version `_views` were built at (the state changes in place)."""
        self.state = state
        self.bot_names = {seat.seat: seat.bot for seat in row.seats if seat.bot is not None}
        self.token_hashes: dict[int, str] = {}
        self.names: dict[int, str] = {}
        self.free: set[int] = set()
        """The human seats nobody has taken yet (no token): anyone in the lobby may."""
        self.seated(row.seats)
        self.touched = row.created_at if not row.moves else now()
        """When a move was last committed or anyone joined here (a table restored with moves:
        when it was restored, as the store keeps no time per move it reads back)."""
        self.broken: str | None = None
        self.acks: dict[tuple[int, str], Acked] = {
            (move.seat, move.move_id): Acked(move.move_id, move.version, move.action)
            for move in row.moves
            if move.move_id is not None
        }
        self.committed = (self.version, self.state.current_player, self.state.is_terminal)
        """What the store holds: the version, who is to move then, whether it is over (what
        anyone is told, never a move still being written)."""

    # --- the state and its views ---------------------------------------------------------
    @property
    def state(self) -> State:
        return self._state

    @state.setter
    def state(self, state: State) -> None:
        self._state = state
        self._views.clear()

    def view(self, seat: int | None) -> View:
        """`state.view(seat)`, built once per version for all who need it (the seat's
        connections, a bot that reads its view)."""
        if self._views_at != self.version:
            self._views.clear()
            self._views_at = self.version
        view = self._views.get(seat)
        if view is None:
            view = self._views[seat] = self.state.view(seat)
        return view

    @property
    def version(self) -> int:
        return len(self.state.history)

    @property
    def status(self) -> str:
        return BROKEN if self.broken else FINISHED if self.committed[2] else OPEN

    @property
    def finished(self) -> bool:
        """Whether the store holds the game's end."""
        return self.committed[2]

    def seat_of(self, token: str | None) -> int | None:
        """The seat `token` opens (None: no token, a spectator); seat/bad-token if none."""
        if token is None:
            return None
        digest = token_hash(token)
        for seat, stored in self.token_hashes.items():
            if hmac.compare_digest(stored, digest):
                return seat
        raise ProtocolError("seat/bad-token")

    def seated(self, rows: tuple[SeatRow, ...]) -> None:
        """The seats' tokens, names and free seats as stored (again, after a seat was taken)."""
        self.token_hashes = {row.seat: row.token_hash for row in rows
                             if row.token_hash is not None}
        self.names = {row.seat: row.name for row in rows if row.name is not None}
        self.free = {row.seat for row in rows if row.bot is None and row.token_hash is None}

    def took(self, seat: int, token_hash_: str, name: str | None) -> None:
        """Seat `seat` was taken (stored already): its token and name."""
        self.token_hashes[seat] = token_hash_
        if name is not None:
            self.names[seat] = name
        self.free.discard(seat)

    # --- moves -----------------------------------------------------------------------------
    def apply(self, seat: int | None, move: Move) -> MoveRow | Acked:
        """Check a seat's move and apply it: the row to store (the move is not committed yet:
        `stored` or `take_back` follows); the `Acked` of a move id already committed (nothing
        applied); ProtocolError with the code of a refusal, nothing changed."""
        if seat is None:
            raise ProtocolError("seat/not-yours", "a spectator makes no moves")
        if move.move_id is not None and (seat, move.move_id) in self.acks:
            return self.acks[seat, move.move_id]
        if self.broken:
            raise ProtocolError("table/broken")
        if move.version != self.version:
            raise ProtocolError("move/stale")
        if self.state.current_player != seat:
            raise ProtocolError("seat/not-yours")
        try:
            action = self.game.parse_action(move.action)
            self.state.apply(action)
        except ActionSyntaxError:  # its message repeats the text sent: never echoed
            raise ProtocolError("move/illegal", UNREADABLE_ACTION) from None
        except IllegalAction as err:  # about the action as the game reads it
            raise ProtocolError("move/illegal", str(err)) from None
        except Exception:  # a fault in the game's code: the state is rebuilt from its moves
            log.exception("table %s: the game failed on a move of seat %d", self.id, seat)
            self.state = self._rebuilt(self.state.history)
            raise ProtocolError("server/error") from None
        return self._pending(seat, action, move.move_id)

    def apply_bot(self, seat: int, action: Action) -> MoveRow:
        """Apply a bot's choice (one of the legal actions, checked all the same); the row to
        store, as `apply`."""
        self.state.apply(action)
        return self._pending(seat, action, None)

    def _pending(self, seat: int, action: Action, move_id: str | None) -> MoveRow:
        """The row to store for the move just applied."""
        return MoveRow(self.version, seat, str(action), move_id, self.state.digest())

    def stored(self, row: MoveRow) -> Acked:
        """The move just applied is in the store: it is committed (and acknowledged by its
        id from now on)."""
        acked = Acked(row.move_id, row.version, row.action)
        if row.move_id is not None:
            self.acks[row.seat, row.move_id] = acked
        self._committed()
        return acked

    def take_back(self) -> None:
        """The move just applied was not stored: the state is as before it."""
        self.state = self._rebuilt(self.state.history[:-1])

    def apply_stored(self, rows: list[MoveRow]) -> bool:
        """Apply moves another process committed, each checked as on a restore (its order,
        seat, legality and digest); a move that does not check marks the table broken (the
        processes disagree) and stops there. Whether any was given."""
        if not rows:
            return False
        for row in rows:
            before = len(self.state.history)
            try:
                replay_move(self.game, self.state, row)
                if self.state.digest() != row.digest:
                    raise ReplayError(f"move {row.version}'s digest differs from the stored one")
            except ReplayError as err:  # the processes disagree: this one serves it no more
                log.error("table %s: a move of another process does not check: %s", self.id,
                          err)
                self.state = self._rebuilt(self.state.history[:before])
                self.broken = str(err)
                break
            if row.move_id is not None:
                self.acks[row.seat, row.move_id] = Acked(row.move_id, row.version, row.action)
        self._committed()
        return True

    def _committed(self) -> None:
        self.committed = (self.version, self.state.current_player, self.state.is_terminal)
        self.touched = now()

    def _rebuilt(self, history: list[Action]) -> State:
        """The state after `history` (moves already checked once), made anew."""
        state = self.game.new_game(self.seed)
        for action in list(history):
            state.apply_unchecked(action)
        return state

    # --- bots ------------------------------------------------------------------------------
    def bot_to_move(self) -> int | None:
        """The seat of the bot to move now (None: a person's turn, the game over, or the
        table broken)."""
        seat = self.state.current_player
        if self.broken or seat is None or seat not in self.bot_names:
            return None
        return seat

    def break_for(self, reason: str) -> None:
        """The table is served no more (a bot failed): `reason` says why."""
        self.broken = reason

    # --- what anyone may know ----------------------------------------------------------------
    def info(self, connected: list[int], watchers: int) -> dict[str, Any]:
        """The table's public facts, with the connections at each seat and the spectators:
        no seed, no token, nothing of any hand."""
        seats: list[dict[str, Any]] = []
        for seat in range(self.game.num_players):
            if seat in self.bot_names:
                seats.append({"seat": seat, "kind": "bot", "bot": self.bot_names[seat]})
            else:
                seats.append({"seat": seat, "kind": "human", "connected": connected[seat]})
                if seat in self.free:
                    seats[-1]["free"] = True
            if seat in self.names:
                seats[-1]["name"] = self.names[seat]
        return {
            "id": self.id,
            "game": self.game.name,
            "title": self.game.title,
            "players": self.game.num_players,
            "options": dict(self.game.options),
            "seats": seats,
            "version": self.committed[0],
            "status": self.status,
            "current_player": None if self.broken else self.committed[1],
            "spectators": watchers,
            "seed_chosen": self.seed_chosen,
            "created_at": self.created_at.isoformat(),
            "touched_at": self.touched.isoformat(),
        }
