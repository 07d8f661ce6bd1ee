"""Probes of an operator's worries (issue 12): no token in any log line, a database that
was read-only for a while is used again without a restart, and bot worker processes end
with the server however it ends."""

from __future__ import annotations

import json
import logging
import os
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx2
import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from getaway.server.db import make_engine
from getaway.server.redact import RedactTokens
from getaway.server.tokens import hash_token

SERVE = "from getaway.cli import main; raise SystemExit(main())"


@contextmanager
def serving(
    database_url: str, log: Path, **env: str
) -> Iterator[tuple[subprocess.Popen[str], httpx2.Client]]:
    """``getaway serve`` on a free port with extra environment, and a client for it; its
    stderr (every log line) goes to ``log``."""
    with log.open("a") as stderr:
        process = subprocess.Popen(
            [sys.executable, "-c", SERVE, "serve", "--port", "0", "--database-url", database_url],
            stdout=subprocess.PIPE,
            stderr=stderr,
            text=True,
            env={**os.environ, **env},
        )
    try:
        assert process.stdout is not None
        line = process.stdout.readline()
        assert line.startswith("getaway serving on http://"), (line, log.read_text())
        with httpx2.Client(base_url=line.split()[-1], timeout=20) as client:
            deadline = time.monotonic() + 20
            while True:
                try:
                    if client.get("/healthz").status_code == 200:
                        break
                except httpx2.TransportError:
                    pass
                assert time.monotonic() < deadline, log.read_text()
                time.sleep(0.05)
            yield process, client
    finally:
        if process.poll() is None:
            process.terminate()
            process.wait(timeout=20)


def _ws_url(client: httpx2.Client, path: str) -> str:
    return str(client.base_url).replace("http://", "ws://", 1).rstrip("/") + path


# (a) Tokens never in a log line ---------------------------------------------------------------


def test_no_token_or_token_hash_in_any_log_line_at_debug_level(tmp_path: Path) -> None:
    """Every way a token travels (query strings of HTTP and WebSocket requests, bodies,
    the play links, a wrong token) at log level debug
    with the access log on: neither a token nor its stored hash shows in the output."""
    log = tmp_path / "server.log"
    database = tmp_path / "getaway.sqlite3"
    secrets: list[str] = []
    with serving(
        f"sqlite:///{database}",
        log,
        GETAWAY_ACCESS_LOG="1",
        GETAWAY_LOG_LEVEL="debug",
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
