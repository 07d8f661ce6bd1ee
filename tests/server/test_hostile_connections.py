"""Hostile connections: sockets opened and closed by the hundred, and connections that never
finish their request, cannot slow the other matches down or take the server down.

Each test here failed before its fix: every socket opened or closed on a seat pushed the
whole state to every socket of the match, any number of sockets could follow one seat, and
300 half-sent requests took the server down at a 256 open-file limit."""

from __future__ import annotations

import asyncio
import contextlib
import http.client
import json
import os
import resource
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any, cast

import pytest
import uvicorn
import websockets
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from getaway.server.app import create_app
from getaway.server.connections import GuardedHttpProtocol, connection_cap
from getaway.server.limits import (
    MAX_WS_MESSAGE_BYTES,
    PRESENCE_PUSH_DELAY_SECONDS,
    RESERVED_FILE_DESCRIPTORS,
)
from getaway.server.serve import bind
from getaway.server.settings import Settings
from tests.processes import end_process
from tests.server.helpers import ServerClient, ServerSocket, create, state, token_of, wait_until


def ws_url(match_id: str, token: str | None = None) -> str:
    suffix = f"?token={token}" if token is not None else ""
    return f"/api/matches/{match_id}/ws{suffix}"


def pushes_until_reply(ws: ServerSocket) -> int:
    """State pushes the socket received, counted up to the answer to a message sent now
    (after waiting out any coalesced presence push)."""
    time.sleep(PRESENCE_PUSH_DELAY_SECONDS * 6)
    ws.send_json({"ref": "mark"})
    pushes = 0
    while "ref" not in ws.receive_json():
        pushes += 1
    return pushes


# (d) Presence pushes and sockets per seat and match -----------------------------------


def test_sockets_opened_and_closed_on_seats_push_each_seat_flip_at_most_once(
    client: ServerClient,
) -> None:
    created = create(client, players=6)
    match_id = created["id"]
    seats = [s["seat"] for s in created["seats"]]
    with client.websocket_connect(ws_url(match_id)) as observer:
        observer.receive_json()
        with contextlib.ExitStack() as stack:
            # Four sockets on each of the six seats, then all closed.
            for seat in seats:
                for _ in range(4):
                    url = ws_url(match_id, token_of(created, seat))
                    ws = cast(ServerSocket, stack.enter_context(client.websocket_connect(url)))
                    ws.receive_json()
        pushes = pushes_until_reply(observer)
    # Before: one push per socket opened or closed (48). Now at most one per seat shown as
    # connected and one per seat shown as gone, fewer when they fall in one window.
    assert pushes <= 2 * len(seats), pushes


@pytest.mark.cluster_smoke
def test_more_sockets_on_one_seat_do_not_push_the_others_at_all(client: ServerClient) -> None:
    created = create(client, players=3)
    match_id, mrx = created["id"], token_of(created, "mrx")
    state(client, match_id, mrx)  # opening the link claims the seat: a change of its own
    with client.websocket_connect(ws_url(match_id)) as observer:
        observer.receive_json()
        with client.websocket_connect(ws_url(match_id, mrx)) as first:
            first.receive_json()
            assert pushes_until_reply(observer) == 1  # mrx is now shown as connected
            for _ in range(10):
                with client.websocket_connect(ws_url(match_id, mrx)) as extra:
                    extra.receive_json()
            assert pushes_until_reply(observer) == 0  # mrx was connected all along


@pytest.fixture
def capped_client(settings: Settings) -> Iterator[TestClient]:
    capped = Settings(
        database_url=settings.database_url, max_sockets_per_seat=2, max_sockets_per_match=3
    )
    with TestClient(create_app(capped)) as test_client:
        yield test_client


def refusal(client: ServerClient, url: str) -> WebSocketDisconnect:
    with (
        client.websocket_connect(url) as ws,
        pytest.raises(WebSocketDisconnect) as closed,
    ):
        ws.receive_json()
    return closed.value


@pytest.mark.cluster_smoke
def test_a_seat_past_its_socket_cap_is_refused_with_1013_and_the_reason(
    client: ServerClient,
) -> None:
    created = create(client, players=3)
    url = ws_url(created["id"], token_of(created, "mrx"))
    with contextlib.ExitStack() as stack:
        for _ in range(4):
            socket = cast(ServerSocket, stack.enter_context(client.websocket_connect(url)))
            socket.receive_json()
        refused = refusal(client, url)
        assert refused.code == 1013
        assert "a seat may have 4 open at once" in refused.reason
        # Another seat and a spectator are not affected.
        for other in (ws_url(created["id"], token_of(created, "d1")), ws_url(created["id"])):
            with client.websocket_connect(other) as ws:
                assert ws.receive_json()["match"] == created["id"]
    # Once they have closed (on the cluster, the server hears of it a moment later), the
    # seat may connect again.
    wait_until(client, created["id"], None, lambda p: not p["seats"][0]["connected"])
    with client.websocket_connect(url) as ws:
        assert ws.receive_json()["seat"] == "mrx"


@pytest.mark.in_process("starts an app with small socket caps (settings the processes lack)")
def test_a_match_past_its_socket_cap_is_refused_with_1013_and_the_reason(
    capped_client: TestClient,
) -> None:
    created = create(capped_client, players=3)
    match_id = created["id"]
    with contextlib.ExitStack() as stack:
        for url in (ws_url(match_id), ws_url(match_id), ws_url(match_id, token_of(created, "d1"))):
            stack.enter_context(capped_client.websocket_connect(url)).receive_json()
        for url in (ws_url(match_id), ws_url(match_id, token_of(created, "mrx"))):
            refused = refusal(capped_client, url)
            assert refused.code == 1013
            assert "a match may have 3 open at once" in refused.reason
        # Other matches have their own sockets.
        other = create(capped_client, players=3)
        with capped_client.websocket_connect(ws_url(other["id"])) as ws:
            assert ws.receive_json()["match"] == other["id"]


# (c) Slow and half-sent requests -----------------------------------------------------------

SERVE = "from getaway.cli import main; raise SystemExit(main())"
OPEN_FILE_LIMIT = 256
SLOW_CONNECTIONS = 300
#: The longest another match's request may take while the server is under attack.
ANSWER_WITHIN_SECONDS = 0.1


def _low_open_file_limit() -> None:
    resource.setrlimit(resource.RLIMIT_NOFILE, (OPEN_FILE_LIMIT, OPEN_FILE_LIMIT))


@contextlib.contextmanager
def served(tmp_path: Path) -> Iterator[tuple[subprocess.Popen[str], str]]:
    """``getaway serve`` on SQLite with a 256 open-file limit: its address once it answers."""
    log = tmp_path / "server.log"
    env = {**os.environ, "GETAWAY_BOT_PROCESSES": "0"}
    with log.open("a") as stderr:
        process = subprocess.Popen(
            [
                sys.executable,
                "-c",
                SERVE,
                "serve",
                "--port",
                "0",
                "--database-url",
                f"sqlite:///{tmp_path / 'getaway.sqlite3'}",
            ],
            stdout=subprocess.PIPE,
            stderr=stderr,
            text=True,
            env=env,
            preexec_fn=_low_open_file_limit,
        )
    try:
        assert process.stdout is not None
        line = process.stdout.readline()
        assert line.startswith("getaway serving on http://127.0.0.1:"), (line, log.read_text())
        address = line.split()[-1]
        deadline = time.monotonic() + 20
        while request(address, "GET", "/healthz")[0] != 200:
            assert time.monotonic() < deadline, log.read_text()
            time.sleep(0.05)
        yield process, address
    finally:
        end_process(process)


def request(address: str, method: str, path: str, body: Any = None) -> tuple[int, Any]:
    """One request on a new connection (what a new player's browser does); (0, None) when
    the server did not answer within 2 seconds."""
    host, port = address.removeprefix("http://").split(":")
    connection = http.client.HTTPConnection(host, int(port), timeout=2)
    try:
        payload = json.dumps(body) if body is not None else None
        connection.request(method, path, body=payload, headers={"content-type": "application/json"})
        response = connection.getresponse()
        return response.status, json.loads(response.read() or b"null")
    except OSError:
        return 0, None
    finally:
        connection.close()


class SlowLoris:
    """Connections that send half a request and then one byte a second, reopened whenever
    the server closes them, from a thread of their own."""

    def __init__(self, address: str, count: int) -> None:
        host, port = address.removeprefix("http://").split(":")
        self.target = (host, int(port))
        self.sockets: list[socket.socket | None] = [None] * count
        self.stop = threading.Event()
        self.opened = 0
        self.thread = threading.Thread(target=self._run, daemon=True)

    def __enter__(self) -> SlowLoris:
        self.thread.start()
        return self

    def __exit__(self, *_: object) -> None:
        self.stop.set()
        self.thread.join(timeout=10)
        for sock in self.sockets:
            if sock is not None:
                sock.close()

    def _open(self, index: int) -> None:
        try:
            sock = socket.create_connection(self.target, timeout=1)
            sock.setblocking(False)
            sock.send(b"GET /api/games HTTP/1.1\r\nHost: x\r\n")
        except OSError:
            self.sockets[index] = None
            return
        self.sockets[index] = sock
        self.opened += 1

    def _run(self) -> None:
        for index in range(len(self.sockets)):
            if self.stop.is_set():
                return
            self._open(index)
        while not self.stop.wait(1.0):
            for index, sock in enumerate(self.sockets):
                try:
                    if sock is None:
                        raise OSError
                    sock.send(b"x")
                except OSError:
                    if sock is not None:
                        sock.close()
                    self._open(index)


def test_three_hundred_half_sent_requests_leave_other_matches_answered_within_100_ms(
    tmp_path: Path,
) -> None:
    with served(tmp_path) as (process, address):
        status, created = request(
            address, "POST", "/api/matches", {"game": "scotland-yard", "players": 3}
        )
        assert status == 201
        with SlowLoris(address, SLOW_CONNECTIONS) as attack:
            deadline = time.monotonic() + 15
            while attack.opened < SLOW_CONNECTIONS:
                assert time.monotonic() < deadline, f"only {attack.opened} connections opened"
                time.sleep(0.1)
            time.sleep(1.5)  # every attacking connection has dribbled more bytes in
            durations = []
            for _ in range(20):
                started = time.perf_counter()
                status, payload = request(address, "GET", f"/api/matches/{created['id']}")
                durations.append(time.perf_counter() - started)
                assert status == 200 and payload["match"] == created["id"]
            assert process.poll() is None, "the server died"
        assert max(durations) < ANSWER_WITHIN_SECONDS, sorted(durations)
        # And a new match can still be made and played once the attack is over.
        assert request(address, "POST", "/api/matches", {"game": "scotland-yard"})[0] == 201


class QuickGuard(GuardedHttpProtocol):
    """The same guard with limits a test can reach in a moment."""

    header_timeout = 0.5
    max_header_bytes = 1024
    max_connections = 4


async def hello(scope: Any, receive: Any, send: Any) -> None:
    if scope["type"] != "http":
        return
    headers = [(b"content-length", b"5")]
    await send({"type": "http.response.start", "status": 200, "headers": headers})
    await send({"type": "http.response.body", "body": b"hello"})


@pytest.fixture
def guarded() -> Iterator[tuple[str, int]]:
    """A uvicorn server in a thread with :class:`QuickGuard`: its address."""
    sock = bind("127.0.0.1", 0)
    config = uvicorn.Config(hello, http=QuickGuard, log_level="critical", lifespan="off")
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    while not server.started:
        time.sleep(0.01)
    try:
        yield sock.getsockname()[:2]
    finally:
        server.should_exit = True
        thread.join(timeout=10)
        sock.close()


def read_all(sock: socket.socket) -> bytes:
    sock.settimeout(3)
    chunks = []
    with contextlib.suppress(OSError):
        while chunk := sock.recv(4096):
            chunks.append(chunk)
    return b"".join(chunks)


def test_headers_sent_too_slowly_get_408_and_the_connection_closed(
    guarded: tuple[str, int],
) -> None:
    with socket.create_connection(guarded) as sock:
        sock.sendall(b"GET / HTTP/1.1\r\nHost: x\r\n")
        for _ in range(8):  # a byte every 0.1 s: never idle, never done
            time.sleep(0.1)
            with contextlib.suppress(OSError):
                sock.sendall(b"x")
        answer = read_all(sock)
    assert answer.startswith(b"HTTP/1.1 408 "), answer
    assert b"did not arrive within 0.5 seconds" in answer


def test_a_connection_that_sends_nothing_is_closed_after_the_header_timeout(
    guarded: tuple[str, int],
) -> None:
    with socket.create_connection(guarded) as sock:
        started = time.monotonic()
        answer = read_all(sock)
    assert answer.startswith(b"HTTP/1.1 408 ") and time.monotonic() - started < 2


def test_headers_past_the_size_limit_get_431(guarded: tuple[str, int]) -> None:
    with socket.create_connection(guarded) as sock:
        sock.sendall(b"GET / HTTP/1.1\r\nHost: x\r\nX-Big: " + b"a" * 2000)
        answer = read_all(sock)
    assert answer.startswith(b"HTTP/1.1 431 "), answer
    assert b"at most 1024 bytes" in answer


def test_a_request_in_one_packet_with_a_large_body_is_not_taken_for_large_headers(
    guarded: tuple[str, int],
) -> None:
    body = b"b" * 5000
    with socket.create_connection(guarded) as sock:
        sock.sendall(
            b"POST / HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Length: 5000\r\n\r\n"
            + body
        )
        answer = read_all(sock)
    assert answer.startswith(b"HTTP/1.1 200 ") and answer.endswith(b"hello")


def test_past_the_connection_cap_the_oldest_unfinished_request_makes_room(
    guarded: tuple[str, int],
) -> None:
    slow = [socket.create_connection(guarded) for _ in range(4)]
    try:
        for sock in slow:
            sock.sendall(b"GET / HTTP/1.1\r\n")
            time.sleep(0.02)
        with socket.create_connection(guarded) as fresh:
            fresh.sendall(b"GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
            assert read_all(fresh).endswith(b"hello")
        answers = [read_all(sock)[:12] for sock in slow]
        assert answers[0] == b"HTTP/1.1 503", answers  # the oldest made room
    finally:
        for sock in slow:
            sock.close()


def test_the_connection_cap_stays_below_the_open_file_limit() -> None:
    soft, _ = resource.getrlimit(resource.RLIMIT_NOFILE)
    assert connection_cap(10**9) <= soft - RESERVED_FILE_DESCRIPTORS
    assert connection_cap(3) == 3


@pytest.fixture(scope="module")
def real_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, int]]:
    with served(tmp_path_factory.mktemp("served")) as (_process, address):
        host, port = address.removeprefix("http://").split(":")
        yield host, int(port)


def test_a_chunked_body_past_the_limit_gets_413_from_the_real_server(
    real_server: tuple[str, int],
) -> None:
    with socket.create_connection(real_server) as sock:
        sock.sendall(
            b"POST /api/matches HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
            b"Transfer-Encoding: chunked\r\n\r\n"
        )
        chunk = b"[" + b"1," * 500 + b"1]"
        with contextlib.suppress(OSError):  # the server stops reading at the limit
            for _ in range(200):
                sock.sendall(f"{len(chunk):x}\r\n".encode() + chunk + b"\r\n")
        answer = read_all(sock)
    assert answer.startswith(b"HTTP/1.1 413 "), answer[:100]
    assert b"larger than the 65536 bytes" in answer


def test_a_websocket_message_past_the_limit_closes_the_socket_with_1009(
    real_server: tuple[str, int],
) -> None:
    host, port = real_server
    created = request(f"http://{host}:{port}", "POST", "/api/matches", {"game": "scotland-yard"})
    match_id, token = created[1]["id"], created[1]["seats"][0]["token"]

    async def send_too_much() -> int | None:
        url = f"ws://{host}:{port}/api/matches/{match_id}/ws?token={token}"
        async with websockets.connect(url) as ws:
            await ws.recv()
            await ws.send("x" * (MAX_WS_MESSAGE_BYTES + 1))
            with pytest.raises(websockets.ConnectionClosed) as closed:
                await ws.recv()
        return closed.value.rcvd.code if closed.value.rcvd else None

    assert asyncio.run(send_too_much()) == 1009
