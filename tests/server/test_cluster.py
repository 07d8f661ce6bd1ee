"""Several ``getaway serve`` processes on one PostgreSQL database and one Redis: any process
takes any request, a socket anywhere sees every move, a killed owner's matches are taken over
from the log, and timers fire once (docs/server.md, "Several processes")."""

from __future__ import annotations

import itertools
import json
import os
import signal
import time
from collections.abc import Iterator
from contextlib import ExitStack
from pathlib import Path
from typing import Any

import httpx2
import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from getaway.core import GetawayError, Move
from getaway.server.db import make_engine
from getaway.server.lease import Leases
from getaway.server.migrate import upgrade
from getaway.server.settings import load_settings
from getaway.server.store import Store
from tests.server.conftest import fresh_database, redis_must_be_reachable, redis_url
from tests.server.helpers import stored
from tests.server.serving import serving
from tests.server.test_store import new_record

REDIS_URL = redis_url()
LEASE_SECONDS = 2.0
CLUSTER_ENV = {
    "GETAWAY_REDIS_URL": REDIS_URL,
    "GETAWAY_LEASE_SECONDS": str(LEASE_SECONDS),
    # Bots think in threads: a worker pool's start-up on a busy machine is not what is timed.
    "GETAWAY_BOT_PROCESSES": "0",
}
DETECTIVES = ("d1", "d2", "d3")


@pytest.fixture(scope="module")
def postgres_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    redis_must_be_reachable()
    yield from fresh_database("postgresql", tmp_path_factory)


def cluster(stack: ExitStack, url: str, log: Path, count: int) -> list[Any]:
    """``count`` processes on ``url``, started one after another (each migrates first)."""
    return [stack.enter_context(serving(url, log, **CLUSTER_ENV)) for _ in range(count)]


def create(client: httpx2.Client, **body: Any) -> dict[str, Any]:
    body = {"game": "scotland-yard", "players": 4, "seed": 5, "practice": True, **body}
    response = client.post("/api/matches", json=body)
    assert response.status_code == 201, response.text
    created: dict[str, Any] = response.json()
    return created


def token(created: dict[str, Any], seat: str) -> str:
    return next(str(s["token"]) for s in created["seats"] if s["seat"] == seat)


def state(client: httpx2.Client, match_id: str, tok: str) -> dict[str, Any]:
    response = client.get(f"/api/matches/{match_id}", params={"token": tok})
    assert response.status_code == 200, response.text
    payload: dict[str, Any] = response.json()
    return payload


def wait_for(
    client: httpx2.Client, match_id: str, tok: str, seat: str, timeout: float = 20
) -> dict[str, Any]:
    deadline = time.monotonic() + timeout
    while True:
        payload = state(client, match_id, tok)
        if payload["over"] or seat in payload["to_act"]:
            return payload
        assert time.monotonic() < deadline, payload
        time.sleep(0.02)


def ws_url(client: httpx2.Client, match_id: str, tok: str) -> str:
    base = str(client.base_url).rstrip("/").replace("http://", "ws://", 1)
    return f"{base}/api/matches/{match_id}/ws?token={tok}"


def test_a_cluster_needs_postgresql(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("GETAWAY_REDIS_URL", REDIS_URL)
    with pytest.raises(GetawayError, match="must then be PostgreSQL"):
        load_settings(f"sqlite:///{tmp_path / 'x.sqlite3'}")
    monkeypatch.setenv("GETAWAY_LEASE_SECONDS", "0")
    with pytest.raises(GetawayError, match=r"from 0\.5 to 3600"):
        load_settings("postgresql://u@h/db")


def test_of_two_processes_taking_a_lease_exactly_one_wins(postgres_url: str) -> None:
    engine = make_engine(postgres_url)
    try:
        upgrade(engine)
        match = new_record()
        Store(engine).insert_match(match)
        first, second = Leases(engine, "node-a", 30), Leases(engine, "node-b", 30)
        assert first.acquire(match.id) == "node-a"
        assert second.acquire(match.id) == "node-a"
        assert first.acquire(match.id) == "node-a"  # ours: renewed
        assert second.acquire("no-such-match") is None
        assert first.renew() == {match.id}
        assert second.renew() == set()
        first.release(match.id)
        assert second.acquire(match.id) == "node-b"
        assert match.id not in second.orphans()
    finally:
        engine.dispose()


def test_an_action_sent_to_a_non_owner_is_applied_once_and_seen_everywhere(
    postgres_url: str, tmp_path: Path
) -> None:
    log = tmp_path / "cluster.log"
    with ExitStack() as stack:
        (_, a), (_, b) = cluster(stack, postgres_url, log, 2)
        created = create(a)  # a owns it
        match_id, mrx = created["id"], token(created, "mrx")
        # A detective's socket on A, Mr. X's and the spectator's on B.
        d1_socket = stack.enter_context(connect(ws_url(a, match_id, token(created, "d1"))))
        spectator = stack.enter_context(
            connect(ws_url(b, match_id, "").replace("?token=", ""), open_timeout=10)
        )
        first = json.loads(d1_socket.recv(timeout=10))
        assert first["seat"] == "d1"
        assert json.loads(spectator.recv(timeout=10))["seat"] == "spectator"

        before = state(b, match_id, mrx)
        action = before["legal_actions"][0]
        body = {"token": mrx, "action": action, "version": before["version"]}
        answer = b.post(f"/api/matches/{match_id}/actions", json=body)
        assert answer.status_code == 200, answer.text
        assert answer.json()["version"] == before["version"] + 1
        # The same request again (a retry) cannot play twice: its version moved on.
        again = b.post(f"/api/matches/{match_id}/actions", json=body)
        assert again.status_code == 409, again.text
        assert "current version is" in again.json()["detail"]
        assert stored(postgres_url, match_id).actions == [Move("mrx", action)]

        # The socket on B saw the move made through B, relayed from A; so did A's own.
        def moved(socket: Any) -> dict[str, Any]:
            while True:
                message: dict[str, Any] = json.loads(socket.recv(timeout=10))
                if "d1" in message["to_act"] or message["over"]:
                    return message

        assert moved(spectator)["seat"] == "spectator"
        assert moved(d1_socket)["seat"] == "d1"

        # Now a move through A, seen by a socket on B: the detectives act by socket on B.
        d2 = token(created, "d2")
        d2_socket = stack.enter_context(connect(ws_url(b, match_id, d2)))
        d2_state = json.loads(d2_socket.recv(timeout=10))
        assert d2_state["seat"] == "d2" and d2_state["may_act"]
        # d2's action over its relayed socket: answered like a local one.
        d2_socket.send(
            json.dumps({"action": d2_state["legal_actions"][0], "version": d2_state["version"]})
        )
        while True:
            message = json.loads(d2_socket.recv(timeout=10))
            if "ref" in message:
                assert message["ok"], message
                break
        d1_state = state(a, match_id, token(created, "d1"))
        d1_action = d1_state["legal_actions"][0]
        body = {"token": token(created, "d1"), "action": d1_action, "version": d1_state["version"]}
        assert a.post(f"/api/matches/{match_id}/actions", json=body).status_code == 200
        # The spectator on B sees d1's move made through A.
        public = a.get(f"/api/matches/{match_id}").json()
        while json.loads(spectator.recv(timeout=10))["version"] < public["version"]:
            pass
        assert [m.seat for m in stored(postgres_url, match_id).actions] == ["mrx", "d2", "d1"]
        # Refusals are the owner's, word for word.
        wrong = b.post(
            f"/api/matches/{match_id}/actions",
            json={"token": "nope", "action": "x", "version": 0},
        )
        assert wrong.status_code == 403
        assert wrong.json() == {"detail": f"the token is not a seat of match {match_id}"}
        assert b.get("/api/matches/unknown0000").status_code == 404

        # The host replaces d3's link through A: d3's old socket on B is closed with 4403.
        d3_socket = stack.enter_context(connect(ws_url(b, match_id, token(created, "d3"))))
        assert json.loads(d3_socket.recv(timeout=10))["seat"] == "d3"
        handed = a.post(
            f"/api/matches/{match_id}/bot",
            json={"host_token": created["host_token"], "seat": "d3", "level": None},
        )
        assert handed.status_code == 200, handed.text
        with pytest.raises(ConnectionClosed) as closed:
            while True:
                d3_socket.recv(timeout=10)
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 4403


def test_a_killed_owner_s_match_is_taken_over_with_nothing_lost(
    postgres_url: str, tmp_path: Path
) -> None:
    log = tmp_path / "cluster.log"
    with ExitStack() as stack:
        (process_a, a), (_, b) = cluster(stack, postgres_url, log, 2)
        bots = dict.fromkeys(DETECTIVES, "heuristic")
        created = create(a, bots=bots, seed=61)
        match_id, mrx = created["id"], token(created, "mrx")
        watcher = stack.enter_context(connect(ws_url(b, match_id, mrx)))
        accepted = []
        for _ in range(3):
            payload = wait_for(b, match_id, mrx, "mrx")
            action = payload["legal_actions"][0]
            body = {"token": mrx, "action": action, "version": payload["version"]}
            answer = b.post(f"/api/matches/{match_id}/actions", json=body)
            assert answer.status_code == 200, answer.text
            accepted.append(action)
        os.kill(process_a.pid, signal.SIGKILL)
        process_a.wait(timeout=10)
        killed = time.monotonic()
        # B takes the match over (the bots go on there) and play continues through B.
        payload = wait_for(b, match_id, mrx, "mrx", timeout=LEASE_SECONDS + 10)
        taken_over = time.monotonic() - killed
        assert taken_over < LEASE_SECONDS + 5, taken_over
        record = stored(postgres_url, match_id)
        assert [m.action for m in record.actions if m.seat == "mrx"] == accepted
        action = payload["legal_actions"][0]
        body = {"token": mrx, "action": action, "version": payload["version"]}
        assert b.post(f"/api/matches/{match_id}/actions", json=body).status_code == 200
        # The socket on B, relayed from A before, follows the match on B now.
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            message = json.loads(watcher.recv(timeout=10))
            if message["version"] >= payload["version"] + 1:
                break
        else:
            raise AssertionError("the socket on B saw no move after the takeover")
        assert stored(postgres_url, match_id).actions[: len(record.actions)] == record.actions
        # The new owner learned of the socket (on B, relayed from A before): Mr. X is shown
        # connected, although the count of the old owner died with it.
        deadline = time.monotonic() + 10
        while True:
            seats = {s["seat"]: s for s in state(b, match_id, mrx)["seats"]}
            if seats["mrx"]["connected"]:
                break
            assert time.monotonic() < deadline, seats
            time.sleep(0.05)


def test_sockets_count_against_the_caps_wherever_they_are_and_a_dead_process_s_go_with_it(
    postgres_url: str, tmp_path: Path
) -> None:
    log = tmp_path / "cluster.log"
    with ExitStack() as stack:
        (_, a), (process_b, b) = cluster(stack, postgres_url, log, 2)
        created = create(a)  # a owns it
        match_id, mrx = created["id"], token(created, "mrx")
        # Four sockets on Mr. X's seat, the cap, all on B (relayed to A).
        relayed = []
        for _ in range(4):
            socket = stack.enter_context(connect(ws_url(b, match_id, mrx), open_timeout=10))
            assert json.loads(socket.recv(timeout=10))["seat"] == "mrx"
            relayed.append(socket)
        # A fifth, on A or on B, is one too many (each process used to count its own).
        for process in (a, b):
            with (
                connect(ws_url(process, match_id, mrx), open_timeout=10) as fifth,
                pytest.raises(ConnectionClosed) as closed,
            ):
                fifth.recv(timeout=10)
            assert closed.value.rcvd is not None and closed.value.rcvd.code == 1013
            assert "a seat may have 4 open at once" in closed.value.rcvd.reason
        # B dies with its four sockets: they no longer count, so the seat may connect on A.
        os.kill(process_b.pid, signal.SIGKILL)
        process_b.wait(timeout=10)
        with connect(ws_url(a, match_id, mrx), open_timeout=10) as again:
            assert json.loads(again.recv(timeout=10))["seat"] == "mrx"
            seats = {s["seat"]: s for s in state(a, match_id, mrx)["seats"]}
            assert seats["mrx"]["connected"]


def test_a_timer_fires_once_with_several_processes(postgres_url: str, tmp_path: Path) -> None:
    log = tmp_path / "cluster.log"
    with ExitStack() as stack:
        (_, a), (_, b), (_, c) = cluster(stack, postgres_url, log, 3)
        created = create(a, turn_seconds=1.0, bots=dict.fromkeys(DETECTIVES, "random"))
        match_id, mrx = created["id"], token(created, "mrx")
        # Everyone watches through every process while Mr. X lets his clock run out twice.
        for client in (a, b, c):
            stack.enter_context(connect(ws_url(client, match_id, mrx)))
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            engine = make_engine(postgres_url)
            try:
                by = Store(engine).actions_by(match_id)
            finally:
                engine.dispose()
            if by.count("timeout") >= 2:
                break
            time.sleep(0.2)
        else:
            raise AssertionError(f"no two timeouts: {by}")
        record = stored(postgres_url, match_id)
        timeouts = [i for i, who in enumerate(by) if who == "timeout"]
        # Each timeout answered a different decision of Mr. X, with the bots' moves between.
        assert all(record.actions[i].seat == "mrx" for i in timeouts)
        assert all(later - earlier > 1 for earlier, later in itertools.pairwise(timeouts))
