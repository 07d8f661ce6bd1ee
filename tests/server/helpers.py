"""Small helpers for driving the server in tests."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from typing import Any, TypeVar

from fastapi.testclient import TestClient
from starlette.testclient import WebSocketTestSession

from getaway.core import Move, Replay, State
from getaway.server.db import make_engine
from getaway.server.store import MatchRecord, Store
from tests.server.cluster_client import ClusterClient, ClusterSocket

JSON = dict[str, Any]
T = TypeVar("T")
#: The ``client`` fixture: the app in this process, or the cluster's processes in turn.
ServerClient = TestClient | ClusterClient
#: A socket of ``ServerClient.websocket_connect``.
ServerSocket = WebSocketTestSession | ClusterSocket


def create(client: ServerClient, **body: Any) -> JSON:
    body.setdefault("game", "scotland-yard")
    if "seed" in body:
        # A test's fixed seed makes a practice match (the only kind that may have one).
        body.setdefault("practice", True)
    response = client.post("/api/matches", json=body)
    assert response.status_code == 201, response.text
    created: JSON = response.json()
    return created


def token_of(created: JSON, seat: str) -> str:
    return next(str(s["token"]) for s in created["seats"] if s["seat"] == seat)


def state(client: ServerClient, match_id: str, token: str | None = None) -> JSON:
    params = {"token": token} if token is not None else {}
    response = client.get(f"/api/matches/{match_id}", params=params)
    assert response.status_code == 200, response.text
    payload: JSON = response.json()
    return payload


def act(client: ServerClient, match_id: str, token: str, action: str, version: int) -> Any:
    return client.post(
        f"/api/matches/{match_id}/actions",
        json={"token": token, "action": action, "version": version},
    )


def wait_until(
    client: ServerClient,
    match_id: str,
    token: str | None,
    done: Callable[[JSON], bool],
    timeout: float = 10.0,
) -> JSON:
    """Poll the match until ``done`` holds (bots and timers work in the background)."""
    deadline = time.monotonic() + timeout
    while True:
        payload = state(client, match_id, token)
        if done(payload):
            return payload
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting; last payload: {payload}")
        time.sleep(0.01)


def my_turn(seat: str) -> Callable[[JSON], bool]:
    return lambda p: bool(p["over"] or seat in p["to_act"])


def stored(database_url: str, match_id: str) -> MatchRecord:
    engine = make_engine(database_url)
    try:
        record = Store(engine).load(match_id)
    finally:
        engine.dispose()
    assert record is not None
    return record


def true_state(record: MatchRecord) -> State:
    """The real state of a stored match, secrets and all, rebuilt from its log."""
    return Replay(record.game, record.options, record.seed, list(record.actions)).final_state()


def moves(record: MatchRecord) -> list[Move]:
    return list(record.actions)


def race(count: int, work: Callable[[int], T]) -> list[T]:
    """Run ``work(i)`` for i < ``count`` in threads released at the same moment."""
    barrier = threading.Barrier(count)
    results: dict[int, T] = {}

    def run(i: int) -> None:
        barrier.wait()
        results[i] = work(i)

    threads = [threading.Thread(target=run, args=(i,)) for i in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return [results[i] for i in range(count)]


def timeless(payload: JSON) -> JSON:
    """A state without ``server_time`` (the server's clock when it was sent), to compare
    two states taken at different moments."""
    return {k: v for k, v in payload.items() if k != "server_time"}
