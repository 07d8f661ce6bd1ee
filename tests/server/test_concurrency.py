"""Requests at the same moment: seats are never given twice nor lost, and of several actions
chosen on one version exactly one is played."""

from __future__ import annotations

from typing import Any

import pytest

from tests.server.helpers import ServerClient, act, create, race, state, stored, token_of

# Every test here runs on the cluster backend in ./dev test too (tests/server/conftest.py).
pytestmark = pytest.mark.cluster_smoke


def open_all(client: ServerClient, created: dict[str, Any]) -> None:
    """The host opens every invited seat to anyone (a join takes only those)."""
    for seat in created["seats"]:
        opened = client.post(
            f"/api/matches/{created['id']}/seats/{seat['seat']}/open",
            json={"host_token": created["host_token"]},
        )
        assert opened.status_code == 200, opened.text


def test_simultaneous_joins_fill_each_open_seat_exactly_once(client: ServerClient) -> None:
    created = create(client, players=4, bots={"d3": "random"})
    match_id = created["id"]
    open_all(client, created)
    responses = race(10, lambda _: client.post(f"/api/matches/{match_id}/join", json={}))
    codes = sorted(r.status_code for r in responses)
    assert codes == [200] * 3 + [409] * 7
    joined = [r.json() for r in responses if r.status_code == 200]
    assert sorted(j["seat"] for j in joined) == ["d1", "d2", "mrx"]
    for seat in joined:
        assert state(client, match_id, seat["token"])["seat"] == seat["seat"]


def test_simultaneous_joins_of_one_seat_give_it_once(client: ServerClient) -> None:
    created = create(client, players=2)
    match_id = created["id"]
    open_all(client, created)
    body = {"seat": "detectives"}
    responses = race(6, lambda _: client.post(f"/api/matches/{match_id}/join", json=body))
    assert sorted(r.status_code for r in responses) == [200] + [409] * 5


def test_of_simultaneous_actions_on_one_version_one_is_played(
    client: ServerClient, database_url: str
) -> None:
    created = create(client, players=2, seed=9)
    match_id, mrx = created["id"], token_of(created, "mrx")
    legal = state(client, match_id, mrx)["legal_actions"]
    responses = race(6, lambda i: act(client, match_id, mrx, legal[i % len(legal)], 0))
    assert sorted(r.status_code for r in responses) == [200] + [409] * 5
    record = stored(database_url, match_id)
    assert record.version == 1 and len(record.actions) == 1
