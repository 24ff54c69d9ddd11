"""The browser client's pages: the lobby at `/`, a table at `/tables/{id}`, their static files
under `/static/`, `GET /api/tables/{id}/scores` (a finished table's final scores),
`GET /api/tables/{id}/glossary` (what each card, tile and space of its game says) and
`GET /api/boards` (the games that have a board module, `static/boards/<game>.js`).

The pages are plain HTML that load ES modules from `static/` (no build step). Every answer
here carries a Content-Security-Policy that allows scripts from this server only: no inline
script, no inline event handler, no `eval`. The scripts render every text a player or a game
gave (names, events, labels) with `textContent`, never as HTML.

A seat's token travels in the join link's fragment (`#seat=0&token=...`), which a browser never
sends to a server: the table page reads it there (or from the tab's sessionStorage after a
reload) and hands it over in the WebSocket's `hello` only.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from fastapi import APIRouter, Request
from starlette.responses import FileResponse, Response
from starlette.staticfiles import StaticFiles
from starlette.types import Scope

from motherlode.engine import Game

from .guard import SECURITY_HEADERS
from .lobby import Lobby
from .protocol import PROTOCOL
from .store import FINISHED

STATIC = Path(__file__).resolve().parent / "static"

router = APIRouter()


def _page(name: str) -> Response:
    response = FileResponse(STATIC / name, media_type="text/html; charset=utf-8")
    response.headers.update(SECURITY_HEADERS)
    response.headers["Cache-Control"] = "no-cache"
    return response


@router.api_route("/", methods=["GET", "HEAD"], include_in_schema=False)
async def lobby_page() -> Response:
    """The lobby: play against bots in one click, make a table, the open tables."""
    return _page("lobby.html")


@router.api_route("/tables/{table_id}", methods=["GET", "HEAD"], include_in_schema=False)
async def table_page(table_id: str) -> Response:
    """A table: the seat whose token is in the fragment, or a spectator without one. The page
    is the same for every table (the script asks the server about the table it shows)."""
    return _page("table.html")


@router.api_route("/replay/{table_id}", methods=["GET", "HEAD"], include_in_schema=False)
async def replay_page(table_id: str) -> Response:
    """A table's replay (`?seat=N&step=K`): a finished table for anyone, a table being played
    for the seat whose token this tab keeps."""
    return _page("replay.html")


@router.api_route("/saves/{save_id}", methods=["GET", "HEAD"], include_in_schema=False)
async def save_page(save_id: str) -> Response:
    """The replay of a save file opened on this server (`POST /api/saves`)."""
    return _page("replay.html")


@router.api_route("/saves", methods=["GET", "HEAD"], include_in_schema=False)
async def open_save_page() -> Response:
    """Open a save file: choose it, and its replay opens."""
    return _page("replay.html")


@router.get("/api/tables/{table_id}/scores")
async def table_scores(table_id: str, request: Request) -> dict[str, Any]:
    """A finished table's final scores and winners (null while it is played): public once
    the game is over, as its last views show everything."""
    lobby: Lobby = request.app.state.lobby
    table = await lobby.get(table_id)
    finished = table.status == FINISHED
    return {
        "protocol": PROTOCOL,
        "id": table.id,
        "status": table.status,
        "scores": table.authority.state.scores() if finished else None,
        "winners": table.authority.state.winners() if finished else None,
    }


@router.get("/api/tables/{table_id}/glossary")
async def table_glossary(table_id: str, request: Request) -> dict[str, Any]:
    """What each card, tile and space of the table's game says (`Game.glossary`, from the data
    it was loaded with): the board's tooltips read a component's text here when the view names
    it by id only. The glossary is the box's printed texts, the same for every seat: it tells
    what an id means, never where a card is (a view names no hidden card's id)."""
    lobby: Lobby = request.app.state.lobby
    table = await lobby.get(table_id)
    return glossary_answer(table.authority.game)


def glossary_answer(game: Game) -> dict[str, Any]:
    """The answer of a glossary route: the game and its glossary."""
    return {"protocol": PROTOCOL, "game": game.name, "glossary": game.glossary}


@router.get("/api/boards")
async def boards() -> dict[str, Any]:
    """The games with a board module (`static/boards/<game>.js`): the table page loads one
    only for these, and draws any other game as the generic panels."""
    modules = (STATIC / "boards").glob("*.js")
    return {"protocol": PROTOCOL, "boards": sorted(module.stem for module in modules)}


class StaticPages(StaticFiles):
    """The static files, each with the security headers."""

    async def get_response(self, path: str, scope: Scope) -> Response:
        response = await super().get_response(path, scope)
        response.headers.update(SECURITY_HEADERS)
        return response


def static_files() -> StaticPages:
    """What `/static` serves: the pages' scripts and styles."""
    return StaticPages(directory=STATIC)
