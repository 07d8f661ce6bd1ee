"""Invited seats, probed as a stranger with the spectator link would: a seat nobody has
taken yet is reserved for its own invitation link until the host opens it to anyone."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient

from getaway.server.app import create_app
from getaway.server.settings import Settings
from tests.server.helpers import ServerClient, create, state, token_of

RESERVED = "seat 'mrx' is reserved for its invitation link; the host can open it to anyone"


def open_seat(client: ServerClient, match_id: str, seat: str, host_token: str) -> Any:
    return client.post(
        f"/api/matches/{match_id}/seats/{seat}/open", json={"host_token": host_token}
    )


def seats_of(client: ServerClient, match_id: str) -> dict[str, Any]:
    return {s["seat"]: s for s in state(client, match_id)["seats"]}


@pytest.mark.cluster_smoke
def test_an_invited_seat_is_taken_only_through_its_link_until_the_host_opens_it(
    client: ServerClient,
) -> None:
    created = create(client, players=2)
    match_id = created["id"]
    # A stranger with the spectator link used to take the seat before its guest came.
    refused = client.post(f"/api/matches/{match_id}/join", json={"seat": "mrx"})
    assert refused.status_code == 403 and refused.json()["detail"] == RESERVED
    anyone = client.post(f"/api/matches/{match_id}/join", json={})
    assert anyone.status_code == 409 and "reserved for its invitation link" in anyone.text
    assert not seats_of(client, match_id)["mrx"]["open"]
    # Nothing changed: the guest's link still takes the seat.
    assert state(client, match_id, token_of(created, "mrx"))["seat"] == "mrx"

    # The host opens the other seat: now anyone may take it.
    assert open_seat(client, match_id, "detectives", created["host_token"]).json() == {
        "seat": "detectives",
        "open": True,
    }
    assert seats_of(client, match_id)["detectives"]["open"]
    joined = client.post(f"/api/matches/{match_id}/join", json={"seat": "detectives"})
    assert joined.status_code == 200 and joined.json()["seat"] == "detectives"


def test_only_the_host_opens_a_seat_nobody_has_taken(client: ServerClient) -> None:
    created = create(client, players=3, bots={"d2": "random"})
    match_id, host = created["id"], created["host_token"]
    not_host = open_seat(client, match_id, "d1", token_of(created, "mrx"))
    assert not_host.status_code == 403 and "only the host" in not_host.json()["detail"]
    unknown = open_seat(client, match_id, "nobody", host)
    assert unknown.status_code == 404 and "seats: mrx, d1, d2" in unknown.json()["detail"]
    bot = open_seat(client, match_id, "d2", host)
    assert bot.status_code == 409 and bot.json()["detail"] == "seat 'd2' is played by a bot"
    state(client, match_id, token_of(created, "mrx"))  # its guest came
    taken = open_seat(client, match_id, "mrx", host)
    assert taken.status_code == 409 and taken.json()["detail"] == "seat 'mrx' is already taken"
    assert not any(s["open"] for s in seats_of(client, match_id).values())
    # Opening twice is fine and changes nothing more.
    assert open_seat(client, match_id, "d1", host).status_code == 200
    assert open_seat(client, match_id, "d1", host).status_code == 200


@pytest.mark.in_process("restarts the server (a new app on the same database)")
def test_an_opened_seat_stays_open_after_a_restart(settings: Settings) -> None:
    with TestClient(create_app(settings)) as client:
        created = create(client, players=2)
        match_id = created["id"]
        assert open_seat(client, match_id, "mrx", created["host_token"]).status_code == 200
    with TestClient(create_app(settings)) as client:
        assert seats_of(client, match_id)["mrx"]["open"]
        assert not seats_of(client, match_id)["detectives"]["open"]
        joined = client.post(f"/api/matches/{match_id}/join", json={})
        assert joined.status_code == 200 and joined.json()["seat"] == "mrx"


def test_a_seat_handed_back_to_a_person_is_reserved_for_the_new_link(
    client: ServerClient,
) -> None:
    created = create(client, players=2)
    match_id, host = created["id"], created["host_token"]
    assert open_seat(client, match_id, "mrx", host).status_code == 200
    to_bot = {"host_token": host, "seat": "mrx", "level": "random"}
    assert client.post(f"/api/matches/{match_id}/bot", json=to_bot).is_success
    back = client.post(f"/api/matches/{match_id}/bot", json={**to_bot, "level": None})
    assert back.is_success and not seats_of(client, match_id)["mrx"]["open"]
    refused = client.post(f"/api/matches/{match_id}/join", json={"seat": "mrx"})
    assert refused.status_code == 403
