"""The FastAPI application: HTTP API, WebSocket updates and the web client's pages.

``create_app(settings)`` migrates the database and resumes unfinished matches at start-up
(the lifespan), so tests and ``getaway serve`` build the same thing.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path
from typing import Annotated, Any
from urllib.parse import quote

import orjson
from fastapi import FastAPI, HTTPException, Query, Request, WebSocket
from fastapi.encoders import jsonable_encoder
from fastapi.exceptions import RequestValidationError
from fastapi.middleware.gzip import GZipMiddleware
from fastapi.responses import FileResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from starlette.types import Scope
from starlette.websockets import WebSocketDisconnect

from getaway.ai import bot_names
from getaway.core import SPECTATOR, Game, GetawayError, JSONDict, games, get_game
from getaway.server import __version__, ops
from getaway.server.bodies import BodyGuard, strict_json
from getaway.server.cluster import Cluster
from getaway.server.db import BOT, make_engine
from getaway.server.errors import (
    ApiError,
    BadRequestError,
    ForbiddenError,
    NotFoundError,
    TooManySocketsError,
)
from getaway.server.limits import MAX_VERSION
from getaway.server.live import Registry
from getaway.server.match import Clock, LiveMatch, without_clock
from getaway.server.migrate import upgrade
from getaway.server.relay import RECONNECTED, view_channel
from getaway.server.schemas import (
    ActionRequest,
    ClientInfo,
    CreatedMatch,
    CreateMatch,
    ErrorBody,
    GameInfo,
    HandOver,
    Health,
    Joined,
    JoinRequest,
    MatchState,
    OpenSeatRequest,
    Rematch,
    RematchRequest,
    SeatHandedOver,
    SeatLink,
    SeatOpened,
    Step,
    UndoRequest,
    UnprocessableBody,
)
from getaway.server.settings import Settings
from getaway.server.store import Store
from getaway.web import STATIC_DIR

log = logging.getLogger(__name__)

GZIP_MINIMUM_BYTES = 16 * 1024

Token = Annotated[str | None, Query(description="a seat's secret token")]


def _errors(*codes: int) -> dict[int | str, dict[str, Any]]:
    return {code: {"model": UnprocessableBody if code == 422 else ErrorBody} for code in codes}


def _body_errors(*codes: int) -> dict[int | str, dict[str, Any]]:
    """``_errors`` of a route that reads a body: also 408 (too slow), 413 (too big) and 422
    (not strict JSON, or a field past its limit), from bodies.py and the schemas."""
    return _errors(*sorted({*codes, 408, 413, 422}))


def create_app(settings: Settings, clock: Clock = time.monotonic) -> FastAPI:
    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        engine = make_engine(settings.database_url)
        await asyncio.to_thread(upgrade, engine)
        registry = Registry(Store(engine), settings, clock)
        if settings.redis_url is not None:
            registry.cluster = Cluster(registry, engine, settings.redis_url, settings.lease_seconds)
        await registry.start()
        app.state.registry = registry
        try:
            yield
        finally:
            await registry.close()
            engine.dispose()

    app = FastAPI(
        title="getaway",
        version=__version__,
        summary="Play tabletop games online: matches, seats, live updates.",
        lifespan=lifespan,
    )
    # Only big answers are worth compressing (a finished match's /steps runs to hundreds of
    # kilobytes); the states sent per action are smaller and go out as they are.
    app.add_middleware(GZipMiddleware, minimum_size=GZIP_MINIMUM_BYTES)
    # Outermost: a body too big, too slow or not strict JSON is refused before anything
    # else reads it.
    app.add_middleware(BodyGuard)

    @app.exception_handler(ApiError)
    async def api_error(_request: Request, exc: ApiError) -> JSONResponse:
        return JSONResponse({"detail": exc.detail}, status_code=exc.status)

    @app.exception_handler(RequestValidationError)
    async def invalid_request(_request: Request, exc: RequestValidationError) -> JSONResponse:
        return JSONResponse({"detail": validation_problems(exc)}, status_code=422)

    def registry_of(request: Request) -> Registry:
        registry: Registry = request.app.state.registry
        return registry

    _routes(app, registry_of)
    return app


def validation_problems(exc: RequestValidationError) -> list[Any]:
    """FastAPI's list of problems without the ``input`` each one echoes: the client has it
    already, it may be as large as the body, and echoing it is how a value that cannot be
    serialized used to turn a 422 into a 500."""
    return [
        jsonable_encoder({key: value for key, value in error.items() if key != "input"})
        for error in exc.errors()
    ]


def _base(request: Request) -> str:
    return str(request.base_url).rstrip("/")


def _play_url(request: Request, match_id: str, token: str) -> str:
    return ops.play_url(_base(request), match_id, token)


def _watch_url(request: Request, match_id: str) -> str:
    return ops.watch_url(_base(request), match_id)


def _routes(app: FastAPI, registry_of: Any) -> None:
    @app.get("/healthz", tags=["server"])
    async def healthz(request: Request) -> Health:
        registry = registry_of(request)
        return Health(status="ok", matches=len(registry.matches))

    @app.get("/api/games", tags=["games"])
    async def list_games() -> list[GameInfo]:
        """Every game: options, seats and sides for each player count, bot levels, and
        where its browser client is."""
        out = []
        for game in games().values():
            defaults = game.normalize_options({})
            described = game.describe()
            out.append(
                GameInfo(
                    name=game.name,
                    title=game.title,
                    min_players=game.min_players,
                    max_players=game.max_players,
                    options=game.option_help(),
                    option_schema=described["option_schema"],
                    default_options=defaults,
                    seats=list(game.seats(defaults)),
                    seats_by_players={
                        str(n): list(game.seats({"players": n}))
                        for n in range(game.min_players, game.max_players + 1)
                    },
                    sides=described["sides"],
                    bots=bot_names(game),
                    client=_client_info(game),
                )
            )
        return out

    @app.post("/api/matches", status_code=201, tags=["matches"], responses=_body_errors(400, 503))
    async def create_match(request: Request, body: CreateMatch) -> CreatedMatch:
        """A new match: one invite link per person's seat, a spectator link and the host's
        token. Bot seats start playing at once. A chosen ``seed`` needs ``practice``: every
        seat is then shown the seed."""
        registry = registry_of(request)
        created = await registry.create(
            body.game,
            body.players,
            body.options,
            body.bots,
            body.turn_seconds,
            body.seed,
            practice=body.practice,
        )
        match = created.match
        return CreatedMatch(
            id=match.id,
            seats=[
                SeatLink(seat=s, token=t, url=_play_url(request, match.id, t))
                for s, t in created.tokens.items()
            ],
            spectator_url=_watch_url(request, match.id),
            host_token=created.host_token,
            bots={s: str(live.bot_level) for s, live in match.seats.items() if live.kind == BOT},
        )

    @app.get(
        "/api/matches/{match_id}",
        tags=["matches"],
        response_model=MatchState,
        responses=_errors(403, 404, 503),
    )
    async def get_match(request: Request, match_id: str, token: Token = None) -> Response:
        """The match as the token's seat sees it; without a token, the public view."""
        return await _match_op(request, "state", match_id, {"token": token})

    @app.post(
        "/api/matches/{match_id}/actions",
        tags=["matches"],
        response_model=MatchState,
        responses=_body_errors(400, 403, 404, 409, 503),
    )
    async def post_action(request: Request, match_id: str, body: ActionRequest) -> Response:
        """Play an action for the token's seat. 409 when ``version`` is not the current one
        (a stale or repeated action), 422 when the rules refuse it; either way nothing
        changes. Bots reply by themselves afterwards."""
        args = {"token": body.token, "action": body.action, "version": body.version}
        return await _match_op(request, "act", match_id, args)

    @app.post(
        "/api/matches/{match_id}/undo",
        tags=["matches"],
        response_model=MatchState,
        responses=_body_errors(400, 403, 404, 409, 503),
    )
    async def post_undo(request: Request, match_id: str, body: UndoRequest) -> Response:
        """Take back the seat's own last action, when it revealed nothing."""
        args = {"token": body.token, "version": body.version}
        return await _match_op(request, "undo", match_id, args)

    @app.post(
        "/api/matches/{match_id}/join",
        tags=["seats"],
        response_model=Joined,
        responses=_body_errors(400, 403, 404, 409, 503),
    )
    async def join(request: Request, match_id: str, body: JoinRequest) -> Response:
        """Take an open seat: one the host opened to anyone, that nobody has taken through
        its link or a join. 403 for a seat still reserved for its invitation link."""
        args = {"seat": body.seat, "base": _base(request)}
        return await _match_op(request, "join", match_id, args)

    @app.post(
        "/api/matches/{match_id}/seats/{seat}/open",
        tags=["seats"],
        response_model=SeatOpened,
        responses=_body_errors(400, 403, 404, 409, 503),
    )
    async def open_seat(
        request: Request, match_id: str, seat: str, body: OpenSeatRequest
    ) -> Response:
        """Host only: let anyone take the seat (a join from the lobby or the spectator
        page), not only its invitation link. 409 once it is taken or played by a bot."""
        args = {"host_token": body.host_token, "seat": seat}
        return await _match_op(request, "open", match_id, args)

    @app.post(
        "/api/matches/{match_id}/bot",
        tags=["seats"],
        response_model=SeatHandedOver,
        responses=_body_errors(400, 403, 404, 409, 503),
    )
    async def hand_over(request: Request, match_id: str, body: HandOver) -> Response:
        """Host only: hand a seat to a bot (an absent player's), or to a person with a new
        link (which revokes the old one)."""
        args = {
            "host_token": body.host_token,
            "seat": body.seat,
            "level": body.level,
            "base": _base(request),
        }
        return await _match_op(request, "bot", match_id, args)

    @app.post(
        "/api/matches/{match_id}/rematch",
        tags=["matches"],
        response_model=Rematch,
        responses=_body_errors(400, 403, 404, 409, 503),
    )
    async def rematch(request: Request, match_id: str, body: RematchRequest) -> Response:
        """Host only, once the match is over: the same game, options and seats with a new
        seed. Every seat's token (and the host's) opens the rematch too."""
        args = {"host_token": body.host_token, "base": _base(request)}
        return await _match_op(request, "rematch", match_id, args)

    @app.get(
        "/api/matches/{match_id}/replay",
        tags=["replays"],
        response_model=JSONDict,
        responses=_errors(403, 404, 503),
    )
    async def replay(
        request: Request,
        match_id: str,
        token: Token = None,
        as_: Annotated[str | None, Query(alias="as")] = None,
    ) -> Response:
        """The replay file (game, options, seed, actions) of a finished match; 403 while it
        runs, since it holds every secret."""
        return await _match_op(request, "replay", match_id, {"token": token})

    @app.get(
        "/api/matches/{match_id}/steps",
        tags=["replays"],
        response_model=list[Step],
        responses=_errors(400, 403, 404, 503),
    )
    async def steps(
        request: Request,
        match_id: str,
        as_: Annotated[
            str, Query(alias="as", description="a seat, 'spectator' or 'all'")
        ] = SPECTATOR,
        token: Token = None,
    ) -> Response:
        """A finished match step by step as one seat (or a spectator, or 'all') saw it."""
        return await _match_op(request, "steps", match_id, {"as": as_, "token": token})

    @app.websocket("/api/matches/{match_id}/ws")
    async def updates(websocket: WebSocket, match_id: str, token: str | None = None) -> None:
        await _updates(websocket, match_id, token)

    # The web client: one page (it routes by path) and its static files. No build step.
    app.mount("/static", StaticFiles(directory=STATIC_DIR), name="static")
    clients = GameClientFiles()

    @app.get("/games/{name}/{path:path}", include_in_schema=False)
    async def game_client_file(request: Request, name: str, path: str) -> Response:
        """A file of a game's browser client (its ``web`` folder)."""
        return await clients.response(name, path, request.scope)

    @app.get("/", include_in_schema=False)
    @app.get("/play/{match_id}", include_in_schema=False)
    @app.get("/watch/{match_id}", include_in_schema=False)
    @app.get("/replay/{match_id}", include_in_schema=False)
    async def web_client() -> FileResponse:
        return FileResponse(STATIC_DIR / "index.html", media_type="text/html")

    # Registered last, so every route above comes first. A person who follows a wrong
    # address gets the client, whose router says "page not found" and links to the lobby
    # (with a 404 status all the same); programs asking the API keep their JSON 404.
    @app.get("/{path:path}", include_in_schema=False)
    async def unknown_page(path: str) -> Response:
        if path == "api" or path.startswith("api/"):
            raise NotFoundError("no such API path")
        return FileResponse(STATIC_DIR / "index.html", status_code=404, media_type="text/html")


# Games' browser clients ----------------------------------------------------------------------

#: What a game's client folder may serve, with the content type it is served as. Anything
#: else there (Python helpers, caches, dot files) is not served.
CLIENT_TYPES = {
    ".js": "text/javascript; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".json": "application/json",
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".webp": "image/webp",
    ".jpg": "image/jpeg",
    ".woff2": "font/woff2",
}
#: The files of a client folder the lobby and the match pages look for.
RENDERER_FILE = "renderer.js"
STYLE_FILE = "style.css"
I18N_PATTERN = "i18n/{lang}.json"


def _client_info(game: Game) -> ClientInfo | None:
    folder = game.client_dir()
    if folder is None:
        return None
    base = f"/games/{quote(game.name)}/"
    i18n_dir = folder / Path(I18N_PATTERN).parent
    return ClientInfo(
        renderer=base + RENDERER_FILE if (folder / RENDERER_FILE).is_file() else None,
        css=base + STYLE_FILE if (folder / STYLE_FILE).is_file() else None,
        i18n=base + I18N_PATTERN if (i18n_dir / "en.json").is_file() else None,
    )


class _ClientFolder(StaticFiles):
    """One game's client folder, served like ``/static`` (ETag and Last-Modified, 304 on a
    match, the path kept inside the folder), with each file's type set from CLIENT_TYPES."""

    def file_response(
        self,
        full_path: str | os.PathLike[str],
        stat_result: os.stat_result,
        scope: Scope,
        status_code: int = 200,
    ) -> Response:
        response = super().file_response(full_path, stat_result, scope, status_code)
        media_type = CLIENT_TYPES[Path(full_path).suffix.lower()]
        response.headers["content-type"] = media_type
        response.headers["x-content-type-options"] = "nosniff"
        return response


class GameClientFiles:
    """Serves ``/games/{name}/{path}`` from each registered game's client folder
    (``Game.client_dir()``), found when first asked for."""

    def __init__(self) -> None:
        self._folders: dict[str, tuple[Path, _ClientFolder]] = {}

    def _folder(self, name: str) -> _ClientFolder:
        try:
            game = get_game(name)
        except GetawayError:
            raise HTTPException(404, f"no game called {name!r}") from None
        folder = game.client_dir()
        if folder is None:
            raise HTTPException(404, f"game {name!r} has no browser client")
        known = self._folders.get(name)
        if known is None or known[0] != folder:
            known = (folder, _ClientFolder(directory=folder))
            self._folders[name] = known
        return known[1]

    async def response(self, name: str, path: str, scope: Scope) -> Response:
        folder = self._folder(name)
        parts = path.split("/")
        if not path or any(not p or p.startswith(".") for p in parts):
            raise HTTPException(404, f"{path!r} is not a file of {name!r}'s client")
        if Path(parts[-1]).suffix.lower() not in CLIENT_TYPES:
            raise HTTPException(404, f"{path!r} is not a file a game's client serves")
        # No part is empty, '.' or '..' (refused above), and StaticFiles also keeps the
        # resolved path (symlinks followed) inside the folder.
        return await folder.get_response(str(Path(*parts)), scope)


async def _match_op(request: Request, op: str, match_id: str, args: dict[str, Any]) -> Response:
    """Run a match's operation (ops.py) here, or with several processes on the match's owner.
    The answer is JSON already (a state is kept serialized in match.py): sent as it is, not
    parsed into its response model and serialized again. The models document it."""
    registry: Registry = request.app.state.registry
    if registry.cluster is None:
        status, body = await ops.run(registry, op, match_id, args)
    else:
        status, body = await registry.cluster.run(op, match_id, args)
    return Response(body, status_code=status, media_type="application/json")


# WebSocket -----------------------------------------------------------------------------------

#: Close codes: 4000 + the HTTP status the same request would get.
CLOSE_BASE = 4000
#: The standard "try again later" close code, for a socket over the caps: unlike a 4xxx
#: code it is not final, so the web client polls and retries rather than giving up.
CLOSE_TRY_AGAIN_LATER = 1013
#: The standard "service restart" close code: the match moved to another process (several
#: processes); the client reconnects and reaches it wherever it is now.
CLOSE_SERVICE_RESTART = 1012


async def _updates(websocket: WebSocket, match_id: str, token: str | None) -> None:
    """Send the viewer's payload now and after every change, until the client leaves. A
    seat's connection may also carry its actions (see :func:`_receive`). With several
    processes, a socket for a match another process owns is relayed (:func:`_relayed`)."""
    registry: Registry = websocket.app.state.registry
    await websocket.accept()
    if registry.cluster is not None:
        try:
            owner = await registry.cluster.acquire(match_id)
        except ApiError as exc:
            await _close(websocket, exc)
            return
        if owner is not None and owner != registry.cluster.node:
            await _relayed(websocket, registry.cluster, match_id, token)
            return
    try:
        match = await registry.get(match_id)
        viewer = await registry.viewer(match, token)
    except ApiError as exc:
        await _close(websocket, exc)
        return
    try:
        await registry.admit_socket(match, viewer)
    except ApiError as exc:
        await _close(websocket, exc)
        return
    event = asyncio.Event()
    event.set()
    sending = asyncio.Lock()
    match.listeners.setdefault(viewer, set()).add(event)
    match.presence(viewer, +1)
    # Two tasks for the connection's life: one pushes states, one reads what the client
    # sends; whichever ends first (the client left, or its link was replaced) ends both.
    leaving = asyncio.Event()
    receiver = asyncio.ensure_future(_receive(websocket, registry, match, token, sending))
    pusher = asyncio.ensure_future(_push(websocket, match, viewer, token, event, sending, leaving))
    try:
        await asyncio.wait({receiver, pusher}, return_when=asyncio.FIRST_COMPLETED)
    finally:
        # No await here: this also runs when the server cancels the connection's task, and
        # the seat must be marked gone at once. The pusher is told to stop rather than
        # cancelled (a cancel in the middle of a send would tear the transport down); it
        # ends at its next wake-up, which this gives it.
        receiver.cancel()
        leaving.set()
        event.set()
        pusher.add_done_callback(_retrieve)
        match.listeners.get(viewer, set()).discard(event)
        match.presence(viewer, -1)


def _retrieve(task: asyncio.Future[None]) -> None:
    """Collect a finished task's outcome so asyncio does not report it as never retrieved."""
    if not task.cancelled():
        task.exception()


async def _push(
    websocket: WebSocket,
    match: LiveMatch,
    viewer: str,
    token: str | None,
    event: asyncio.Event,
    sending: asyncio.Lock,
    leaving: asyncio.Event,
) -> None:
    """Send the viewer's state whenever ``event`` says something it can see changed, until
    ``leaving`` is set."""
    try:
        while True:
            await event.wait()
            event.clear()
            if leaving.is_set():
                return
            if match.dropped:
                with contextlib.suppress(RuntimeError, OSError):
                    await websocket.close(
                        code=CLOSE_SERVICE_RESTART, reason="the match moved; reconnect"
                    )
                return
            if token is not None and match.seat_of(token) != viewer:
                # The host gave the seat a new link: this one sees nothing more.
                await _close(websocket, ForbiddenError("this seat's link has been replaced"))
                return
            async with sending:
                await websocket.send_text(match.payload_json(viewer).decode())
    except (WebSocketDisconnect, RuntimeError, OSError):
        return


async def _receive(
    websocket: WebSocket,
    registry: Registry,
    match: LiveMatch,
    token: str | None,
    sending: asyncio.Lock,
) -> None:
    """Read the client's messages until it leaves. Clients need not send anything (reading
    is how a closed connection is noticed), but a seat may send its actions here instead of
    ``POST .../actions``: ``{"action": ..., "version": ..., "ref": ...}``, answered with
    ``{"ref": ..., "ok": true, "version": ...}`` or ``{"ref": ..., "ok": false, "status":
    409, "detail": ...}``, exactly as the POST would answer (same checks, same log), without
    the cost of an HTTP request per action."""

    async def perform(action: str, version: int) -> int:
        assert token is not None
        seat = await registry.act(match, token, action, version)
        return match.version_for(seat)

    await _answer_actions(websocket, token, perform, sending)


async def _answer_actions(
    websocket: WebSocket,
    token: str | None,
    perform: Callable[[str, int], Awaitable[int]],
    sending: asyncio.Lock,
) -> None:
    """Read the client's messages until it leaves, and answer each action in one with what
    ``perform`` (here, or through the match's owner) makes of it."""
    while True:
        try:
            message = await websocket.receive()
        except (WebSocketDisconnect, RuntimeError, OSError):
            return
        if message["type"] == "websocket.disconnect":
            return
        text = message.get("text")
        if text is None:
            continue
        ref, reply = await _ws_action(token, text, perform)
        async with sending:
            await _send(websocket, {"ref": ref, **reply})


async def _ws_action(
    token: str | None, text: str, perform: Callable[[str, int], Awaitable[int]]
) -> tuple[Any, JSONDict]:
    try:
        # Strict, as HTTP bodies are (see bodies.py): NaN or a lone surrogate in "ref"
        # would make the reply itself unserializable.
        body = strict_json(text)
    except ValueError:
        body = None
    ref = body.get("ref") if isinstance(body, dict) else None
    try:
        if not isinstance(body, dict):
            raise BadRequestError('a message must be a JSON object {"action", "version"}')
        action, version = body.get("action"), body.get("version")
        if not isinstance(action, str) or type(version) is not int:
            raise BadRequestError(
                'an action message needs "action" (a string) and "version" (an integer)'
            )
        if not 0 <= version <= MAX_VERSION:
            raise BadRequestError(f'"version" is a whole number from 0 to {MAX_VERSION}')
        if token is None:
            raise ForbiddenError("a spectator cannot act; connect with a seat's token")
        new_version = await perform(action, version)
    except ApiError as exc:
        return ref, {"ok": False, "status": exc.status, "detail": exc.detail}
    return ref, {"ok": True, "version": new_version}


# Relayed sockets (several processes) ----------------------------------------------------------


class _RefusedError(ApiError):
    """An answer of the match's owner that is not a success, as an error to close with."""

    def __init__(self, status: int, body: bytes) -> None:
        super().__init__(str(orjson.loads(body).get("detail", "")))
        self.status = status


async def _relayed(
    websocket: WebSocket, cluster: Cluster, match_id: str, token: str | None
) -> None:
    """A socket for a match another process owns: the owner checks the token and answers the
    socket's actions (forwarded through Redis); the viewer's states come from the owner's
    publications on the viewer's channel."""
    try:
        status, body = await cluster.run("watch", match_id, {"token": token, "node": cluster.node})
        if status != 200:
            raise _RefusedError(status, body)
    except ApiError as exc:
        await _close(websocket, exc)
        return
    opened = orjson.loads(body)
    viewer: str = opened["viewer"]
    channel = view_channel(match_id, viewer)
    queue = await cluster.relay.listen(channel)
    # A change between "watch" and listening would be missed: read the state once more.
    queue.put_nowait(RECONNECTED)
    sending = asyncio.Lock()
    receiver = asyncio.ensure_future(_relayed_receive(websocket, cluster, match_id, token, sending))
    pusher = asyncio.ensure_future(
        _relayed_push(websocket, cluster, match_id, token, viewer, queue, sending, opened["state"])
    )
    try:
        await asyncio.wait({receiver, pusher}, return_when=asyncio.FIRST_COMPLETED)
    finally:
        receiver.cancel()
        pusher.cancel()
        pusher.add_done_callback(_retrieve)
        await cluster.relay.unlisten(channel, queue)
        closing = asyncio.ensure_future(
            cluster.run("presence", match_id, {"viewer": viewer, "delta": -1, "node": cluster.node})
        )
        _background.add(closing)
        closing.add_done_callback(_forget)


#: Tasks nobody awaits (a relayed socket's goodbye), kept referenced until they end.
_background: set[asyncio.Future[Any]] = set()


def _forget(task: asyncio.Future[Any]) -> None:
    _background.discard(task)
    _retrieve(task)


async def _relayed_push(
    websocket: WebSocket,
    cluster: Cluster,
    match_id: str,
    token: str | None,
    viewer: str,
    queue: asyncio.Queue[bytes],
    sending: asyncio.Lock,
    first: JSONDict,
) -> None:
    try:
        async with sending:
            await _send(websocket, first)
        # What the client was sent last, kept as it came (parsed only to compare a re-read).
        last = orjson.dumps(first)
        while True:
            data = await queue.get()
            if data == RECONNECTED:
                status, body = await cluster.run("state", match_id, {"token": token})
                if status != 200:
                    raise _RefusedError(status, body)
                data = body
            elif data.startswith(b'{"owner"'):
                # The match has a new owner, which knows nothing of this socket yet.
                hello = {"viewer": viewer, "delta": +1, "node": cluster.node}
                await cluster.run("presence", match_id, hello)
                continue
            elif data.startswith(b'{"close"'):
                close = orjson.loads(data)
                with contextlib.suppress(RuntimeError, OSError):
                    await websocket.close(code=close["close"], reason=close["reason"])
                return
            if without_clock(data) == without_clock(last):
                # Nothing new for the client: a re-read after which nothing had been missed,
                # or a change published before this socket's first state was read (a local
                # socket is sent a state only on a change it has not seen).
                continue
            last = data
            async with sending:
                await websocket.send_text(data.decode())
    except ApiError as exc:
        await _close(websocket, exc)
    except (WebSocketDisconnect, RuntimeError, OSError):
        return


async def _relayed_receive(
    websocket: WebSocket,
    cluster: Cluster,
    match_id: str,
    token: str | None,
    sending: asyncio.Lock,
) -> None:
    async def perform(action: str, version: int) -> int:
        args = {"token": token, "action": action, "version": version, "brief": True}
        status, body = await cluster.run("act", match_id, args)
        if status != 200:
            raise _RefusedError(status, body)
        return int(orjson.loads(body)["version"])

    await _answer_actions(websocket, token, perform, sending)


async def _send(websocket: WebSocket, data: JSONDict) -> None:
    # orjson: serializing the state is most of a push's cost, and orjson is several times
    # faster than the standard library at it.
    await websocket.send_text(orjson.dumps(data, option=orjson.OPT_NON_STR_KEYS).decode())


async def _close(websocket: WebSocket, exc: ApiError) -> None:
    # A close reason may hold at most 123 bytes.
    reason = exc.detail.encode()[:120].decode(errors="ignore")
    # Over a socket cap: "try again later", which a client retries (it gives up on 4xxx).
    code = (
        CLOSE_TRY_AGAIN_LATER
        if exc.status == TooManySocketsError.status
        else CLOSE_BASE + exc.status
    )
    with contextlib.suppress(RuntimeError, OSError):
        await websocket.close(code=code, reason=reason)
