"""Probes of an operator's worries (issue 12): no token in any log line, a database that
was read-only for a while is used again without a restart, and bot worker processes end
with the server however it ends."""

from __future__ import annotations

import json
import logging
import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx2
import psycopg
import pytest
import uvicorn.logging
from fastapi.testclient import TestClient
from psycopg import sql
from sqlalchemy.engine import make_url
from sqlalchemy.exc import OperationalError
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from getaway.core import GetawayError, Move
from getaway.server.app import create_app
from getaway.server.db import make_engine
from getaway.server.redact import RedactTokens
from getaway.server.serve import log_config, log_level
from getaway.server.settings import Settings
from getaway.server.tokens import hash_token
from tests.server.conftest import postgres_admin_url
from tests.server.helpers import act, create, state, stored, token_of
from tests.server.serving import serving


def _ws_url(client: httpx2.Client, path: str) -> str:
    return str(client.base_url).replace("http://", "ws://", 1).rstrip("/") + path


# (a) Tokens never in a log line ---------------------------------------------------------------


def test_no_token_or_token_hash_in_any_log_line_at_trace_level(tmp_path: Path) -> None:
    """Every way a token travels (query strings of HTTP and WebSocket requests, bodies,
    the play links, a wrong token) at log level trace (ASGI scopes, WebSocket frames)
    with the access log on: neither a token nor its stored hash shows in the output."""
    log = tmp_path / "server.log"
    database = tmp_path / "getaway.sqlite3"
    secrets: list[str] = []
    with serving(
        f"sqlite:///{database}",
        log,
        GETAWAY_ACCESS_LOG="1",
        GETAWAY_LOG_LEVEL="trace",
        GETAWAY_BOT_PROCESSES="0",
    ) as (_, client):
        created = client.post("/api/matches", json={"game": "scotland-yard", "players": 2})
        assert created.status_code == 201
        body: dict[str, Any] = created.json()
        match_id = body["id"]
        mrx, detectives = (s["token"] for s in body["seats"])
        secrets += [mrx, detectives, body["host_token"]]
        path = f"/api/matches/{match_id}"
        payload = client.get(path, params={"token": mrx}).json()
        assert client.get(f"/play/{match_id}", params={"token": mrx}).status_code == 200
        with connect(_ws_url(client, f"{path}/ws?token={detectives}")) as ws:
            ws.recv(timeout=10)
        with connect(_ws_url(client, f"{path}/ws?token={mrx}")) as ws:
            ws.recv(timeout=10)
            # A client that repeats its token in a message: the debug log shows frames.
            ws.send(json.dumps({"token": mrx, "action": "nope", "version": 99, "ref": 1}))
            ws.recv(timeout=10)
        wrong = "W" * 32  # a token-shaped guess: refused, and not logged either
        secrets.append(wrong)
        assert client.get(path, params={"token": wrong}).status_code == 403
        nowhere = _ws_url(client, f"/api/matches/nosuchmatch/ws?token={wrong}")
        with connect(nowhere) as ws, pytest.raises(ConnectionClosed):
            ws.recv(timeout=10)
        action = {"token": mrx, "action": payload["legal_actions"][0], "version": 0}
        assert client.post(f"{path}/actions", json=action).status_code == 200
        assert client.get(path, headers={"Authorization": f"Bearer {mrx}"}).status_code == 200
    output = log.read_text()
    assert "GET /api/matches" in output  # the access log was on: there was something to leak
    assert "WebSocket" in output
    for secret in secrets:
        assert secret not in output
        assert hash_token(secret) not in output


@pytest.mark.parametrize(
    "line",
    [
        '127.0.0.1:1 - "WebSocket /api/matches/m/ws?token=SECRET1SECRET1" [accepted]',
        "GET /play/m?x=1&host_token=SECRET1SECRET1 HTTP/1.1",
        "GET /play/m%3Ftoken%3DSECRET1SECRET1 HTTP/1.1",
        "< authorization: Bearer SECRET1SECRET1",
        "headers: [(b'authorization', b'Bearer SECRET1SECRET1')]",
        '< TEXT \'{"token": "SECRET1SECRET1", "ref": 1}\' [40 bytes]',
    ],
)
def test_the_filter_redacts_every_form_a_token_travels_in(line: str) -> None:
    record = logging.LogRecord("uvicorn.error", logging.INFO, __file__, 1, "%s", (line,), None)
    assert RedactTokens().filter(record)
    assert "SECRET1" not in record.getMessage()
    assert "<redacted>" in record.getMessage()


def test_the_log_level_setting_says_what_is_allowed() -> None:
    assert log_level(None) == "info" and log_level(" DEBUG ") == "debug"
    with pytest.raises(GetawayError, match=r"GETAWAY_LOG_LEVEL='loud': give one of .*debug"):
        log_level("loud")
    config = log_config("trace")
    assert config["root"]["level"] == "TRACE"
    assert all("redact_tokens" in h["filters"] for h in config["handlers"].values())


def test_uvicorns_coloured_lines_are_redacted_too() -> None:
    """On a terminal uvicorn formats ``color_message`` instead of the message."""
    formatter = uvicorn.logging.DefaultFormatter("%(levelprefix)s %(message)s", use_colors=True)
    for fmt, args in [
        ("%s", ("ws?token=SECRET1SECRET1",)),  # the token in an argument
        ("%s=%s", ("ws?token", "SECRET1SECRET1")),  # split across two: flattened
    ]:
        record = logging.LogRecord("uvicorn.error", logging.INFO, __file__, 1, fmt, args, None)
        record.color_message = "\x1b[1m" + fmt + "\x1b[0m ws?token=SECRET1SECRET1"
        assert RedactTokens().filter(record)
        assert "SECRET1" not in formatter.format(record)


def test_a_logged_traceback_is_redacted_too() -> None:
    try:
        raise ValueError("cannot open ws://host/api/matches/m/ws?token=SECRET1SECRET1")
    except ValueError:
        record = logging.LogRecord(
            "getaway", logging.ERROR, __file__, 1, "failed", (), sys.exc_info()
        )
    assert RedactTokens().filter(record)
    shown = logging.Formatter().format(record)
    assert "ValueError" in shown and "SECRET1" not in shown


def test_a_database_error_shows_no_parameters(tmp_path: Path) -> None:
    """The server logs database errors; their text must not carry the statement's values
    (a token's hash, an action)."""
    engine = make_engine(f"sqlite:///{tmp_path / 'x.sqlite3'}")
    try:
        with engine.begin() as connection:
            connection.exec_driver_sql("CREATE TABLE t (h TEXT UNIQUE)")
            connection.exec_driver_sql("INSERT INTO t VALUES (?)", ("SECRETHASH",))
        try:
            with engine.begin() as connection:
                connection.exec_driver_sql("INSERT INTO t VALUES (?)", ("SECRETHASH",))
        except Exception as exc:  # the IntegrityError, as a log line would show it
            shown = str(exc)
        else:
            raise AssertionError("the duplicate was accepted")
    finally:
        engine.dispose()
    assert "UNIQUE" in shown and "SECRETHASH" not in shown


# (b) A database that was read-only for a while ---------------------------------------------


def _set_read_only(paths: list[Path], read_only: bool) -> None:
    """Make files read-only the way an operator's mistake would. root ignores permission
    bits, so as root the files are made immutable instead (``chattr +i``)."""
    if os.geteuid() == 0:
        flag = "+i" if read_only else "-i"
        subprocess.run(["chattr", flag, *map(str, paths)], check=True)
    else:
        for path in paths:
            path.chmod(0o444 if read_only else 0o644)


@contextmanager
def read_only(database_url: str) -> Iterator[None]:
    """The database refuses writes for a while: the SQLite file becomes read-only, or the
    PostgreSQL database makes every new session read-only."""
    url = make_url(database_url)
    if url.get_backend_name() == "sqlite":
        assert url.database is not None
        _set_read_only([Path(url.database)], True)
        try:
            yield
        finally:
            _set_read_only([Path(url.database)], False)
        return
    name = sql.Identifier(str(url.database))
    with psycopg.connect(postgres_admin_url(), autocommit=True) as admin:
        admin.execute(
            sql.SQL("ALTER DATABASE {} SET default_transaction_read_only = on").format(name)
        )
    try:
        yield
    finally:
        with psycopg.connect(postgres_admin_url(), autocommit=True) as admin:
            admin.execute(
                sql.SQL("ALTER DATABASE {} RESET default_transaction_read_only").format(name)
            )


@pytest.mark.in_process("disposes the app's database engine during the read-only spell")
def test_writes_work_again_without_a_restart_once_the_database_is_writable(
    settings: Settings, database_url: str
) -> None:
    """During the spell a write is a clear 503 that changes nothing; after it the very next
    write succeeds (before the fix, connections opened during the spell stayed read-only
    and every write was refused until a restart), and every acknowledged action is kept."""
    acknowledged: list[Move] = []

    def play(client: TestClient, match_id: str, token: str, seat: str) -> Any:
        payload = state(client, match_id, token)
        move = payload["legal_actions"][0]
        response = act(client, match_id, token, move, payload["version"])
        if response.status_code == 200:
            acknowledged.append(Move(seat, move))
        return response

    with TestClient(create_app(settings)) as client:
        created = create(client, players=2, seed=71)
        match_id, mrx, detectives = (
            created["id"],
            token_of(created, "mrx"),
            token_of(created, "detectives"),
        )
        assert play(client, match_id, mrx, "mrx").status_code == 200
        state(client, match_id, detectives)  # its first use claims the seat: a write
        engine = client.app.state.registry.store.engine  # type: ignore[attr-defined]
        with read_only(database_url):
            # The pooled connections predate the spell; a server opens new ones whenever
            # its pool grows or recycles one. Make that happen now.
            engine.dispose()
            before = state(client, match_id, detectives)
            refused = play(client, match_id, detectives, "detectives")
            assert refused.status_code == 503, refused.text
            assert "nothing was changed" in refused.json()["detail"]
            assert state(client, match_id, detectives)["version"] == before["version"]
            assert client.post("/api/matches", json={"game": "scotland-yard"}).status_code == 503
        # Writable again, same process: the next write goes through.
        assert play(client, match_id, detectives, "detectives").status_code == 200
        seat = state(client, match_id)["to_act"][0]
        token = {"mrx": mrx, "detectives": detectives}[seat]
        assert play(client, match_id, token, seat).status_code == 200
        assert client.post("/api/matches", json={"game": "scotland-yard"}).status_code == 201
    assert stored(database_url, match_id).actions == acknowledged


@pytest.mark.in_process("monkeypatches the app's store to fail after its commit")
def test_a_write_that_landed_despite_an_error_shows_on_the_next_request(
    settings: Settings, database_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The database took an action but the server heard an error (a connection lost after
    the commit): the client got a 503, and the next request shows the match as the
    database has it, instead of memory going on without the action."""
    with TestClient(create_app(settings)) as client:
        created = create(client, players=2, seed=72)
        match_id, mrx = created["id"], token_of(created, "mrx")
        store = client.app.state.registry.store  # type: ignore[attr-defined]
        real = store.append_many

        def landed_then_lost(items: Any) -> Any:
            real(items)
            raise OperationalError("COMMIT", {}, Exception("connection lost after commit"))

        monkeypatch.setattr(store, "append_many", landed_then_lost)
        move = state(client, match_id, mrx)["legal_actions"][0]
        unconfirmed = act(client, match_id, mrx, move, 0)
        assert unconfirmed.status_code == 503
        assert "did not confirm the change" in unconfirmed.json()["detail"]
        monkeypatch.undo()
        assert state(client, match_id, mrx)["version"] == 1
    assert stored(database_url, match_id).actions == [Move("mrx", move)]


# (c) Bot workers end with the server ----------------------------------------------------------


def _children(pid: int) -> set[int]:
    """The live processes ``pid`` started, and theirs."""
    found: set[int] = set()
    for task in Path(f"/proc/{pid}/task").glob("*"):
        try:
            found.update(int(c) for c in (task / "children").read_text().split())
        except OSError:
            continue
    for child in list(found):
        found |= _children(child)
    return {p for p in found if _alive(p)}


def _alive(pid: int) -> bool:
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return stat.rpartition(")")[2].split()[0] not in ("Z", "X")  # a zombie is gone


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
@pytest.mark.parametrize("how", [signal.SIGKILL, signal.SIGTERM], ids=["SIGKILL", "SIGTERM"])
def test_bot_workers_end_with_the_server(tmp_path: Path, how: signal.Signals) -> None:
    log = tmp_path / "server.log"
    url = f"sqlite:///{tmp_path / 'getaway.sqlite3'}"
    with serving(url, log, GETAWAY_BOT_PROCESSES="2") as (process, client):
        # Bots on every seat: the workers are busy thinking when the signal comes.
        bots = {"mrx": "hard", "detectives": "hard"}
        body = {"game": "scotland-yard", "players": 2, "bots": bots}
        created = client.post("/api/matches", json=body).json()
        deadline = time.monotonic() + 60
        # The bot's first move started the worker pool.
        while client.get(f"/api/matches/{created['id']}").json()["version"] < 1:
            assert time.monotonic() < deadline, log.read_text()
            time.sleep(0.05)
        workers = _children(process.pid)
        assert len(workers) >= 2, workers
        os.kill(process.pid, how)
        process.wait(timeout=20)
    deadline = time.monotonic() + 5
    while (left := {p for p in workers if _alive(p)}) and time.monotonic() < deadline:
        time.sleep(0.05)
    for pid in left:  # leave no stray processes behind, then fail
        os.kill(pid, signal.SIGKILL)
    assert not left, f"{len(left)} worker processes outlived the server ({how.name})"


WORKER_WITHOUT_PRCTL = """
import os, time
from getaway.server import thinking
thinking._die_with_parent = lambda: None  # as on a system without PR_SET_PDEATHSIG
thinking.follow_parent(os.getppid())
print("ready", flush=True)
time.sleep(60)
"""

PARENT = """
import subprocess, sys, time
child = subprocess.Popen([sys.executable, "-c", sys.argv[1]], stdout=subprocess.PIPE, text=True)
assert child.stdout.readline() == "ready\\n"
print(child.pid, flush=True)
time.sleep(60)
"""


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
def test_a_worker_without_a_death_signal_still_ends_with_its_parent() -> None:
    """The watching thread alone (systems without prctl) ends an orphaned worker."""
    parent = subprocess.Popen(
        [sys.executable, "-c", PARENT, WORKER_WITHOUT_PRCTL], stdout=subprocess.PIPE, text=True
    )
    assert parent.stdout is not None
    worker = int(parent.stdout.readline())
    parent.kill()
    parent.wait(timeout=10)
    deadline = time.monotonic() + 5
    while _alive(worker) and time.monotonic() < deadline:
        time.sleep(0.05)
    if _alive(worker):
        os.kill(worker, signal.SIGKILL)
        raise AssertionError("the worker outlived its parent")
