"""Turn timers: a decision past its deadline gets the rules' default action, logged."""

from __future__ import annotations

import time
from collections.abc import Iterator

import pytest

from getaway.core import register_game, unregister_game
from getaway.server.db import make_engine
from getaway.server.store import Store
from tests.core.toy_game import GAME as TOY
from tests.server.helpers import (
    ServerClient,
    act,
    create,
    state,
    stored,
    token_of,
    true_state,
    wait_until,
)


@pytest.fixture
def toy_game() -> Iterator[str]:
    register_game(TOY)
    yield TOY.name
    unregister_game(TOY.name)


def who_played(database_url: str, match_id: str) -> list[str]:
    engine = make_engine(database_url)
    try:
        return Store(engine).actions_by(match_id)
    finally:
        engine.dispose()


@pytest.mark.cluster_smoke
def test_a_late_decision_gets_the_rules_default(client: ServerClient, database_url: str) -> None:
    created = create(client, players=2, bots={"detectives": "heuristic"}, turn_seconds=0.8)
    match_id, mrx = created["id"], token_of(created, "mrx")
    start = state(client, match_id, mrx)
    default = true_state(stored(database_url, match_id)).default_action("mrx")
    assert set(start["deadlines"]) == {"mrx"}
    assert 0 < start["deadlines"]["mrx"] - time.time() <= 0.8
    # The timer plays Mr. X's move, then the detectives' bot answers.
    wait_until(client, match_id, mrx, lambda p: p["version"] >= 2, timeout=10)
    record = stored(database_url, match_id)
    assert record.actions[0].seat == "mrx" and record.actions[0].action == default
    assert who_played(database_url, match_id)[:2] == ["timeout", "bot"]


#: A seed where Mr. X's first legal move leaves the detectives' random reply short of him.
SAFE_SEED = 1


def test_acting_in_time_beats_the_timer(client: ServerClient, database_url: str) -> None:
    # A fixed seed: with a random one the random detectives sometimes caught him at once.
    created = create(
        client, players=2, bots={"detectives": "random"}, turn_seconds=2, seed=SAFE_SEED
    )
    match_id, mrx = created["id"], token_of(created, "mrx")
    legal = state(client, match_id, mrx)["legal_actions"]
    assert act(client, match_id, mrx, legal[0], 0).status_code == 200
    after = wait_until(client, match_id, mrx, lambda p: "mrx" in p["to_act"])
    # Mr. X's new decision has a whole new turn.
    assert after["deadlines"]["mrx"] - time.time() > 1.5
    assert who_played(database_url, match_id)[0] == "seat"


@pytest.mark.cluster_smoke
def test_a_decision_without_a_default_waits(client: ServerClient, toy_game: str) -> None:
    created = create(client, game=toy_game, turn_seconds=0.05)
    time.sleep(0.3)
    payload = state(client, created["id"])
    assert payload["version"] == 0 and payload["deadlines"] == {}
