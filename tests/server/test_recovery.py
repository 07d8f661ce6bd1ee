"""A restarted server rebuilds every unfinished match from its log: versions, views, what
may be undone, bots and timers all carry on; and a finished match leaves memory and comes
back from the database."""

from __future__ import annotations

import dataclasses
import time

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import update

from getaway.core import Move
from getaway.server.app import create_app
from getaway.server.db import BOT, BY_SEAT, MatchRow, make_engine
from getaway.server.settings import Settings
from getaway.server.store import Store
from tests.server.helpers import act, create, state, stored, timeless, token_of, wait_until

pytestmark = pytest.mark.in_process("restarts the server (a new app on the same database)")


def restarted(settings: Settings) -> TestClient:
    return TestClient(create_app(settings))


def test_a_restart_keeps_versions_views_and_undo(settings: Settings) -> None:
    with restarted(settings) as client:
        created = create(client, players=2, seed=51)
        match_id, mrx = created["id"], token_of(created, "mrx")
        move = state(client, match_id, mrx)["legal_actions"][0]
        act(client, match_id, mrx, move, 0)
        before = state(client, match_id, mrx)
    with restarted(settings) as client:
        after = state(client, match_id, mrx)
        assert timeless(after) == timeless(before) and after["can_undo"]
        undo = client.post(f"/api/matches/{match_id}/undo", json={"token": mrx, "version": 1})
        assert undo.status_code == 200 and undo.json()["version"] == 2


def test_bots_resume_after_a_restart(settings: Settings) -> None:
    with restarted(settings) as client:
        created = create(client, players=2, seed=52)
        match_id, mrx = created["id"], token_of(created, "mrx")
        act(client, match_id, mrx, state(client, match_id, mrx)["legal_actions"][0], 0)
    # While the server is down the detectives' seat goes to a bot; it is the bot's turn.
    engine = make_engine(settings.database_url)
    Store(engine).set_controller(match_id, "detectives", BOT, "heuristic", None)
    engine.dispose()
    with restarted(settings) as client:
        after = wait_until(client, match_id, mrx, lambda p: "mrx" in p["to_act"])
        assert after["version"] >= 3


def test_timers_resume_after_a_restart(settings: Settings) -> None:
    with restarted(settings) as client:
        created = create(client, players=2, bots={"detectives": "random"}, turn_seconds=30)
        match_id = created["id"]
    engine = make_engine(settings.database_url)
    with engine.begin() as connection:
        connection.execute(update(MatchRow).where(MatchRow.id == match_id).values(turn_seconds=0.2))
    engine.dispose()
    with restarted(settings) as client:
        wait_until(client, match_id, None, lambda p: p["version"] >= 1, timeout=5)


def test_a_log_that_no_longer_replays_is_reported_not_guessed(
    settings: Settings, database_url: str
) -> None:
    with restarted(settings) as client:
        broken = create(client, players=2, seed=53)
        fine = create(client, players=2, seed=54)
    engine = make_engine(settings.database_url)
    Store(engine).append(broken["id"], 0, 1, Move("mrx", "teleport:1"), BY_SEAT, False)
    engine.dispose()
    with restarted(settings) as client:
        response = client.get(f"/api/matches/{broken['id']}")
        assert response.status_code == 503
        assert "logged action 1 does not apply" in response.json()["detail"]
        assert state(client, fine["id"])["version"] == 0
        assert client.get("/healthz").status_code == 200
    assert len(stored(database_url, broken["id"]).actions) == 1  # nothing was thrown away


@pytest.mark.in_process("watches the app's registry for the match to leave memory")
def test_a_finished_match_leaves_memory_and_comes_back_when_asked(settings: Settings) -> None:
    quick = dataclasses.replace(settings, evict_finished_seconds=0.2)
    with TestClient(create_app(quick)) as client:
        created = create(client, players=2, seed=9, bots={"detectives": "random"})
        match_id, mrx = created["id"], token_of(created, "mrx")
        while not (current := state(client, match_id, mrx))["over"]:
            if current["may_act"]:
                act(client, match_id, mrx, current["legal_actions"][0], current["version"])
        registry = client.app.state.registry  # type: ignore[attr-defined]
        assert match_id in registry.matches
        # Somebody watching keeps it in memory ...
        with client.websocket_connect(f"/api/matches/{match_id}/ws") as ws:
            ws.receive_json()
            time.sleep(0.5)
            assert match_id in registry.matches
        # ... and once nobody is, it goes, and is read back from the database unchanged.
        deadline = time.monotonic() + 5
        while match_id in registry.matches and time.monotonic() < deadline:
            time.sleep(0.05)
        assert match_id not in registry.matches
        again = state(client, match_id, mrx)
        assert timeless(again) == timeless(current)
        assert match_id in registry.matches
        steps = client.get(f"/api/matches/{match_id}/steps", params={"as": "all"})
        assert steps.status_code == 200 and steps.json()[-1]["view"]["over"]
