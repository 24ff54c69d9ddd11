"""Replays: a game's steps as one seat (or a spectator) saw them, computed here because the
browser cannot run the engine (docs/protocol.md, "Replays and save files").

- A finished table replays for anyone, as the spectator or any seat (its save file holds the
  seed and every action, so the export too is offered for finished tables only).
- A table being played replays for one of its seats, proven by the seat's token, up to the
  table's committed version: each step is the view that seat was sent then, and the action
  of a step is named only when the seat took it (another seat's action may hide a card).
- A save file sent to `POST /api/saves` is checked hard (size, JSON, format, game, options,
  actions, digest) and kept, bounded, in this process for its replay.

The work (replaying up to a step, a view) runs in this module's own thread, never on the
event loop; games are capped at `MAX_STEPS` actions; the replayed games and the recent views
are kept in small LRU caches.
"""

from __future__ import annotations

import asyncio
import hashlib
from collections import OrderedDict
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any, TypeVar

import orjson
from fastapi import APIRouter, Request
from starlette.responses import Response

import motherlode
from motherlode.engine import Game, MotherlodeError, OptionError, State, View, game_class
from motherlode.engine.savefile import FORMAT, VERSION, save_dict

from .catalogue import SERVER_ONLY_OPTIONS, Catalogue
from .guard import LARGER_BODIES
from .lobby import Lobby
from .pages import glossary_answer
from .protocol import PROTOCOL, ProtocolError
from .settings import check_settings
from .store import FINISHED

#: The most actions a replayed game may hold (Pay Day, 4 players over 12 months: about 2,500).
MAX_STEPS = 5000
#: The largest save file `POST /api/saves` takes, in bytes.
MAX_SAVE = LARGER_BODIES["/api/saves"]
#: The header in which a seat's token proves the seat for a table still being played.
TOKEN_HEADER = "x-seat-token"
#: The longest action text in a save file.
MAX_ACTION = 200
#: Replayed games kept (tables and save files alike).
KEEP_GAMES = 32
#: Save files kept for their replays.
KEEP_SAVES = 64
#: Views kept, by game, seat and step.
KEEP_VIEWS = 128

K = TypeVar("K")
V = TypeVar("V")


class Bounded(OrderedDict[K, V]):
    """A dict that forgets its least recently used entries past `size`."""

    def __init__(self, size: int) -> None:
        super().__init__()
        self.size = size

    def get_recent(self, key: K) -> V | None:
        value = self.get(key)
        if value is not None:
            self.move_to_end(key)
        return value

    def put(self, key: K, value: V) -> None:
        self[key] = value
        self.move_to_end(key)
        while len(self) > self.size:
            self.popitem(last=False)


@dataclass(frozen=True, slots=True)
class Played:
    """A game to replay: its rules, seed and actions, who took each, and its chapters."""

    key: str
    game: Game
    seed: int
    actions: tuple[str, ...]
    movers: tuple[int, ...]
    chapters: tuple[tuple[int, str], ...]
    """(step, words) where a round (a month, a turn) begins."""
    finished: bool


def chapter_of(view: View) -> str | None:
    """The round (Pay Day: the month; Dig It Up: the turn) a view is in, in words."""
    body: dict[str, Any] = dict(view)
    if isinstance(body.get("round"), int):
        return f"Round {body['round']}"
    seats = body.get("seats")
    if body.get("game") == "payday" and isinstance(seats, list) and seats:
        months = [seat.get("month") for seat in seats if isinstance(seat, dict)]
        numbers = [month for month in months if isinstance(month, int)]
        if numbers and len(numbers) == len(months):
            return f"Month {min(numbers) + 1}"
    if isinstance(body.get("turn"), int):
        return f"Turn {body['turn'] + 1}"
    return None


def play_out(key: str, game: Game, seed: int, actions: list[str], finished: bool) -> Played:
    """Replay `actions` once (checked), noting who took each and where each chapter begins;
    MotherlodeError if one does not replay."""
    if len(actions) > MAX_STEPS:
        raise ProtocolError("replay/too-long", f"at most {MAX_STEPS} actions")
    state = game.new_game(seed)
    movers: list[int] = []
    chapters: list[tuple[int, str]] = []
    last = None
    for step, text in enumerate(actions):
        words = chapter_of(state.view(None))
        if words is not None and words != last:
            chapters.append((step, words))
            last = words
        seat = state.current_player
        if seat is None:
            raise MotherlodeError(f"action {step + 1} comes after the game's end")
        state.apply(game.parse_action(text))
        movers.append(seat)
    chapters.append((len(actions), "The end" if state.is_terminal else "Now"))
    return Played(key, game, seed, tuple(actions), tuple(movers), tuple(chapters), finished)


def position(played: Played, step: int) -> State:
    """The game after `step` actions (they were checked when it was played out)."""
    state = played.game.new_game(played.seed)
    for text in played.actions[:step]:
        state.apply_unchecked(played.game.parse_action(text))
    return state


class Replays:
    """The replays this process serves, their cache and their thread."""

    def __init__(self, catalogue: Catalogue) -> None:
        self.catalogue = catalogue
        self.games: Bounded[str, Played] = Bounded(KEEP_GAMES)
        self.saves: Bounded[str, Played] = Bounded(KEEP_SAVES)
        self.views: Bounded[tuple[str, int | None, int], bytes] = Bounded(KEEP_VIEWS)
        self.executor = ThreadPoolExecutor(1, thread_name_prefix="motherlode-replay")

    def close(self) -> None:
        self.executor.shutdown(wait=False, cancel_futures=True)

    async def _in_thread(self, function: Any, *args: Any) -> Any:
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self.executor, function, *args)

    # --- tables ------------------------------------------------------------------------------
    async def table(self, table_id: str, game: Game, seed: int, actions: list[str],
                    finished: bool) -> Played:
        """The played-out game of a table at its committed version (cached by version)."""
        key = f"t:{table_id}:{len(actions)}"
        played = self.games.get_recent(key)
        if played is None:
            played = await self._in_thread(play_out, key, game, seed, actions, finished)
            self.games.put(key, played)
        return played

    # --- save files --------------------------------------------------------------------------
    async def open_save(self, body: bytes) -> Played:
        """Check a save file hard and keep it; ProtocolError with a `save/...` code if refused."""
        if len(body) > MAX_SAVE:
            raise ProtocolError("request/too-large", f"a save file is at most {MAX_SAVE} bytes")
        key = "s:" + hashlib.sha256(body).hexdigest()[:24]
        played = self.saves.get_recent(key)
        if played is None:
            record = read_record(body)
            game = self._save_game(record)
            played = await self._in_thread(check_save, key, game, record)
            self.saves.put(key, played)
        return played

    def save(self, save_id: str) -> Played:
        played = self.saves.get_recent("s:" + save_id)
        if played is None:
            raise ProtocolError("save/not-found")
        return played

    def _save_game(self, record: dict[str, Any]) -> Game:
        name = record["game"]
        if name not in motherlode.games():
            raise ProtocolError("save/unknown-game", "GET /api/games lists the games")
        options = dict(record["options"])
        defaults = {spec.name: spec.default for spec in game_class(name).option_specs()}
        for option in SERVER_ONLY_OPTIONS.intersection(options):
            if options.pop(option) != defaults.get(option):  # a save holds the default
                raise ProtocolError("save/bad-options", "an option that only the server may set")
        players = options.pop("players", None)
        if players is not None and (not isinstance(players, int) or isinstance(players, bool)):
            raise ProtocolError("save/bad-options", "players is not an integer")
        try:
            check_settings(name, players, options, None, record["seed"])
            return self.catalogue.load(name, {**options, "players": players}
                                       if players is not None else options)
        except ProtocolError as err:
            raise ProtocolError("save/bad-options", err.detail) from None
        except OptionError:
            raise ProtocolError("save/bad-options", "the game refuses these options") from None

    # --- steps -------------------------------------------------------------------------------
    async def step(self, played: Played, seat: int | None, step: int, own: bool) -> bytes:
        """The JSON of one step: the view `seat` had after `step` actions, the chapters, and
        the step's action (named only when `own` is False or the seat took it)."""
        if seat is not None and not 0 <= seat < played.game.num_players:
            raise ProtocolError("replay/bad-step", f"seat: use 0..{played.game.num_players - 1}")
        if not 0 <= step <= len(played.actions):
            raise ProtocolError("replay/bad-step", f"step: use 0..{len(played.actions)}")
        cached = self.views.get_recent((played.key, seat, step))
        if cached is None:
            cached = await self._in_thread(step_json, played, seat, step, own)
            self.views.put((played.key, seat, step), cached)
        return cached


def read_record(body: bytes) -> dict[str, Any]:
    """A save file's record, its fields' kinds checked; save/malformed saying which is wrong."""
    try:
        record = orjson.loads(body)
    except ValueError:
        raise ProtocolError("save/malformed", "the file is not JSON") from None
    if not isinstance(record, dict):
        raise ProtocolError("save/malformed", "the file does not hold a JSON object")
    if record.get("format") != FORMAT or record.get("version") != VERSION:
        raise ProtocolError("save/malformed",
                            f"the file is not a {FORMAT} file of version {VERSION}")
    kinds = (("game", str), ("options", dict), ("seed", int), ("actions", list),
             ("digest", str))
    for name, kind in kinds:
        if not isinstance(record.get(name), kind) or isinstance(record.get(name), bool):
            raise ProtocolError("save/malformed",
                                f"field {name} is missing or not a {kind.__name__}")
    actions = record["actions"]
    if len(actions) > MAX_STEPS:
        raise ProtocolError("replay/too-long", f"at most {MAX_STEPS} actions")
    if not all(isinstance(text, str) and len(text) <= MAX_ACTION for text in actions):
        raise ProtocolError("save/malformed", "an action is not a short text")
    return record


def check_save(key: str, game: Game, record: dict[str, Any]) -> Played:
    """Replay a save file's actions and compare its digest (in the replays' thread)."""
    try:
        played = play_out(key, game, record["seed"], record["actions"], finished=True)
    except MotherlodeError as err:
        raise ProtocolError("save/bad-action", _first_line(str(err))) from None
    final = position(played, len(played.actions))
    if final.digest() != record["digest"]:
        raise ProtocolError("save/bad-digest")
    return Played(key, game, played.seed, played.actions, played.movers, played.chapters,
                  final.is_terminal)


def _first_line(text: str) -> str:
    return text.splitlines()[0][:200] if text else ""


def step_json(played: Played, seat: int | None, step: int, own: bool) -> bytes:
    """One step's answer as JSON bytes (in the replays' thread). The last move comes as its
    action and in the words its mover's decision gave it (`lay Tunnel N-E at 3 0, upright`),
    both only where it is shown."""
    state = position(played, max(step - 1, 0))
    action = None
    if step > 0:
        mover = played.movers[step - 1]
        text = played.actions[step - 1]
        shown = not own or mover == seat
        words = option_words(state.view(mover), text) if shown else None
        action = {"seat": mover, "action": text if shown else None, "words": words}
        state.apply_unchecked(played.game.parse_action(text))
    return orjson.dumps({
        "game": played.game.name,
        "title": played.game.title,
        "players": played.game.num_players,
        "seat": seat,
        "step": step,
        "steps": len(played.actions),
        "finished": played.finished,
        "last": action,
        "chapters": [{"step": at, "title": words} for at, words in played.chapters],
        "view": state.view(seat),
    })


def option_words(view: View, action: str) -> str:
    """The action as the seat's decision words it for people (`lay Tunnel N-E at 3 0,
    turned`, `play Map: at 8 2 (face-down goal)`); the action itself if no option is it."""
    decision: Any = view.get("decision")
    groups: list[dict[str, Any]] = decision.get("groups", []) if isinstance(decision, dict) \
        else []
    for group in groups:
        label = str(group.get("label", ""))
        kind = group.get("kind")
        if kind == "yesno" and action in (group.get("yes"), group.get("no")):
            return f"{label}: {'yes' if action == group.get('yes') else 'no'}"
        if kind == "cell":
            for cell in group.get("cells", []):
                for way in cell.get("orientations", []):
                    if way.get("action") == action:
                        return f"{label} at {cell['x']} {cell['y']}, {way['name']}"
        for option in group.get("options", []) if kind != "cell" else []:
            if option.get("action") == action:
                return f"{label}: {option.get('label', '')}"
    return action


def save_of(state: State) -> bytes:
    """A finished table's save file, as `motherlode replay` reads it."""
    return orjson.dumps(save_dict(state), option=orjson.OPT_INDENT_2)


# --- the routes ------------------------------------------------------------------------------
router = APIRouter()


def _json(body: bytes, status: int = 200, headers: dict[str, str] | None = None) -> Response:
    return Response(body, status_code=status, media_type="application/json", headers=headers)


def _replays(request: Request) -> Replays:
    replays: Replays = request.app.state.replays
    return replays


def _seat(text: str | None) -> int | None:
    """The `seat` query: absent or empty for the spectator, else a seat number."""
    if text is None or text in ("", "spectator"):
        return None
    if not text.isdigit() or len(text) > 3:
        raise ProtocolError("replay/bad-step", "seat: a seat number, or none for the spectator")
    return int(text)


def _step(text: str | None, steps: int) -> int:
    """The `step` query: absent for the end."""
    if text is None or text == "":
        return steps
    if not text.isdigit() or len(text) > 6:
        raise ProtocolError("replay/bad-step", f"step: use 0..{steps}")
    return int(text)


@router.get("/api/tables/{table_id}/replay")
async def table_replay(table_id: str, request: Request) -> Response:
    """A step of a table's replay: a finished table as anyone or any seat; a table being
    played only as the seat whose token comes in the `X-Seat-Token` header."""
    lobby: Lobby = request.app.state.lobby
    table = await lobby.get(table_id)
    authority = table.authority
    token = request.headers.get(TOKEN_HEADER)
    seat = _seat(request.query_params.get("seat"))
    finished = table.status == FINISHED
    if not finished:
        mine = authority.seat_of(token) if token else None
        if mine is None:
            raise ProtocolError("replay/not-finished",
                                "a seat's token replays what that seat saw")
        if seat is not None and seat != mine:
            raise ProtocolError("replay/not-your-seat")
        seat = mine
    actions = [str(action) for action in authority.state.history[: authority.committed[0]]]
    replays = _replays(request)
    played = await replays.table(table.id, authority.game, authority.seed, actions, finished)
    step = _step(request.query_params.get("step"), len(played.actions))
    return _json(await replays.step(played, seat, step, own=not finished),
                 headers={"Cache-Control": "no-store"})


@router.get("/api/tables/{table_id}/save")
async def table_save(table_id: str, request: Request) -> Response:
    """A finished table's save file (its seed and every action: never before the end)."""
    lobby: Lobby = request.app.state.lobby
    table = await lobby.get(table_id)
    if table.status != FINISHED:
        raise ProtocolError("replay/not-finished", "the save file shows every hidden card")
    name = f"motherlode-{table.authority.game.name}-{table.id}.json"
    return _json(save_of(table.authority.state),
                 headers={"Content-Disposition": f'attachment; filename="{name}"'})


@router.post("/api/saves", status_code=201)
async def open_save(request: Request) -> Response:
    """A save file, checked hard and kept in this process: where its replay is."""
    played = await _replays(request).open_save(await request.body())
    save_id = played.key.removeprefix("s:")
    return _json(orjson.dumps({
        "protocol": PROTOCOL, "save": save_id, "game": played.game.name,
        "steps": len(played.actions), "replay": f"/saves/{save_id}",
    }), status=201)


@router.get("/api/saves/{save_id}/replay")
async def save_replay(save_id: str, request: Request) -> Response:
    """A step of an opened save file's replay, as any seat or the spectator."""
    replays = _replays(request)
    played = replays.save(save_id)
    step = _step(request.query_params.get("step"), len(played.actions))
    seat = _seat(request.query_params.get("seat"))
    return _json(await replays.step(played, seat, step, own=False))


@router.get("/api/saves/{save_id}/glossary")
async def save_glossary(save_id: str, request: Request) -> dict[str, Any]:
    """What each card, tile and space of an opened save file's game says (as a table's)."""
    return glossary_answer(_replays(request).save(save_id).game)
