"""Live updates: a WebSocket per viewer, sent its own payload after every change."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from tests.server.helpers import act, create, state, token_of, wait_until


def ws_url(match_id: str, token: str | None = None) -> str:
    suffix = f"?token={token}" if token is not None else ""
    return f"/api/matches/{match_id}/ws{suffix}"


def test_a_seat_is_sent_its_payload_now_and_after_each_change(client: TestClient) -> None:
    created = create(client, players=2, seed=31)
    match_id, mrx = created["id"], token_of(created, "mrx")
    with client.websocket_connect(ws_url(match_id, mrx)) as ws:
        first = ws.receive_json()
        assert first == state(client, match_id, mrx)
        assert first["seat"] == "mrx" and first["version"] == 0
        assert act(client, match_id, mrx, first["legal_actions"][0], 0).status_code == 200
        update = ws.receive_json()
        assert update["version"] == 1 and update["to_act"] == ["detectives"]
        assert update["legal_actions"] == []


def test_a_spectator_is_sent_the_public_view(client: TestClient) -> None:
    created = create(client, players=2, seed=32)
    with client.websocket_connect(ws_url(created["id"])) as ws:
        payload = ws.receive_json()
    assert payload["seat"] == "spectator" and payload["legal_actions"] == []
    assert payload["view"] == state(client, created["id"])["view"]


def close_code(client: TestClient, url: str) -> int:
    with client.websocket_connect(url) as ws, pytest.raises(WebSocketDisconnect) as closed:
        ws.receive_json()
    return closed.value.code


def test_wrong_tokens_and_unknown_matches_are_closed_with_4403_and_4404(
    client: TestClient,
) -> None:
    created = create(client, players=2)
    assert close_code(client, ws_url(created["id"], "wrong")) == 4403
    assert close_code(client, ws_url(created["id"], created["host_token"])) == 4403
    assert close_code(client, ws_url("noSuchMatch")) == 4404


def test_others_see_who_is_connected(client: TestClient) -> None:
    created = create(client, players=2)
    match_id = created["id"]

    def connected(payload: dict[str, object]) -> bool:
        seats = payload["seats"]
        assert isinstance(seats, list)
        return bool(seats[0]["connected"])

    with client.websocket_connect(ws_url(match_id, token_of(created, "mrx"))) as ws:
        ws.receive_json()
        assert connected(state(client, match_id))
    wait_until(client, match_id, None, lambda p: not connected(p))


def test_a_replaced_link_stops_receiving(client: TestClient) -> None:
    created = create(client, players=2)
    match_id, old = created["id"], token_of(created, "detectives")
    with client.websocket_connect(ws_url(match_id, old)) as ws:
        ws.receive_json()
        response = client.post(
            f"/api/matches/{match_id}/bot",
            json={"host_token": created["host_token"], "seat": "detectives", "level": None},
        )
        assert response.status_code == 200
        with pytest.raises(WebSocketDisconnect) as closed:
            while True:
                ws.receive_json()
    assert closed.value.code == 4403
