"""A blind step: one seat's answer changes nothing another seat receives, not its state,
not its version, not the moment a message arrives; so nobody learns who answered when."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from typing import Any

import pytest

from getaway.core import register_game, unregister_game
from tests.server.blind_game import GAME
from tests.server.helpers import ServerClient, act, create, state, token_of

# Every test here runs on the cluster backend in ./dev test too (tests/server/conftest.py).
pytestmark = pytest.mark.cluster_smoke


@pytest.fixture
def blind_game() -> Iterator[str]:
    register_game(GAME)
    yield GAME.name
    unregister_game(GAME.name)


def without_presence(payload: dict[str, Any]) -> dict[str, Any]:
    """The payload without what changes with time and presence alone (the server's clock
    moves on; that tells nobody anything)."""
    return {k: v for k, v in payload.items() if k not in ("seats", "deadlines", "server_time")}


def test_an_answer_in_a_blind_step_is_invisible_to_the_others(
    client: ServerClient, blind_game: str
) -> None:
    created = create(client, game=blind_game, turn_seconds=600)
    match_id = created["id"]
    a, b = token_of(created, "a"), token_of(created, "b")
    state(client, match_id, a)  # a opens the link (taking the seat is public news) ...
    b_before, watcher_before = state(client, match_id, b), state(client, match_id)
    received: list[dict[str, Any]] = []
    with client.websocket_connect(f"/api/matches/{match_id}/ws?token={b}") as ws:
        received.append(ws.receive_json())
        listener = threading.Thread(target=lambda: received.append(ws.receive_json()))
        listener.start()

        # ... and later answers: that must not be news to anyone.
        answered = act(client, match_id, a, "heads", 0)
        assert answered.status_code == 200
        assert answered.json()["may_act"] is False and answered.json()["version"] == 1
        # Whether a's answer is still the last one would tell a whether b has answered.
        assert answered.json()["can_undo"] is False
        undo = client.post(f"/api/matches/{match_id}/undo", json={"token": a, "version": 1})
        assert undo.status_code == 409 and "blind step" in undo.json()["detail"]
        assert without_presence(state(client, match_id, b)) == without_presence(b_before)
        assert without_presence(state(client, match_id)) == without_presence(watcher_before)
        assert state(client, match_id, b)["to_act"] == ["a", "b"]
        assert set(state(client, match_id, b)["deadlines"]) == {"a", "b"}
        listener.join(timeout=0.5)
        assert listener.is_alive(), "b was sent something when a answered"
        # Nor does an error tell a who is still to answer.
        again = act(client, match_id, a, "tails", 1)
        assert again.status_code == 422
        assert again.json()["detail"] == "seat 'a' may not act now; waiting for: a, b"

        # b's answer, chosen on the version b still has, is not stale.
        assert act(client, match_id, b, "tails", 0).status_code == 200
        listener.join(timeout=5)
    # b's own version moved on once: the round it saw end, not a's hidden answer.
    assert received[-1]["version"] == 1 and received[-1]["view"]["round"] == 2
