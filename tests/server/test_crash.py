"""Crash safety: ``getaway serve`` killed with SIGKILL mid-game loses no accepted action, and
after a restart on the same database play goes on to the end."""

from __future__ import annotations

import os
import signal
import time
from pathlib import Path
from typing import Any

import httpx2

from getaway.core import Replay
from tests.server.helpers import stored
from tests.server.serving import serving


def mrx_turn(client: httpx2.Client, match_id: str, token: str) -> dict[str, Any]:
    while True:
        payload: dict[str, Any] = client.get(
            f"/api/matches/{match_id}", params={"token": token}
        ).json()
        if payload["over"] or "mrx" in payload["to_act"]:
            return payload
        time.sleep(0.01)


def play(client: httpx2.Client, match_id: str, token: str, turns: int) -> list[tuple[int, str]]:
    """Mr. X's moves, as (version made, action) for each accepted one."""
    accepted = []
    for _ in range(turns):
        payload = mrx_turn(client, match_id, token)
        if payload["over"]:
            break
        action = payload["legal_actions"][0]
        body = {"token": token, "action": action, "version": payload["version"]}
        response = client.post(f"/api/matches/{match_id}/actions", json=body)
        assert response.status_code == 200, response.text
        accepted.append((response.json()["version"], action))
    return accepted


def test_sigkill_loses_no_accepted_action(database_url: str, tmp_path: Path) -> None:
    log = tmp_path / "server.log"
    with serving(database_url, log) as (process, client):
        body = {
            "game": "scotland-yard",
            "players": 4,
            "seed": 61,
            "practice": True,
            "bots": dict.fromkeys(("d1", "d2", "d3"), "heuristic"),
        }
        created = client.post("/api/matches", json=body).json()
        match_id, token = created["id"], created["seats"][0]["token"]
        accepted = play(client, match_id, token, 4)
        # Killed right after Mr. X's last move, while the bots are replying.
        os.kill(process.pid, signal.SIGKILL)
        process.wait(timeout=10)

    record = stored(database_url, match_id)
    for version, action in accepted:
        assert record.actions[version - 1].seat == "mrx"
        assert record.actions[version - 1].action == action
    assert record.version == len(record.actions) >= accepted[-1][0]

    with serving(database_url, log) as (_, client):
        resumed = mrx_turn(client, match_id, token)
        assert resumed["version"] >= record.version
        play(client, match_id, token, 100)
        final = mrx_turn(client, match_id, token)
        assert final["over"]
        replay = Replay.from_json(client.get(f"/api/matches/{match_id}/replay").json())
    assert replay.final_state().is_over()
    assert replay.actions[: len(record.actions)] == record.actions
