"""Live updates: a WebSocket per viewer, sent its own payload after every change."""

from __future__ import annotations

import pytest
from starlette.websockets import WebSocketDisconnect

from tests.server.helpers import ServerClient, act, create, state, timeless, token_of, wait_until

# Every test here runs on the cluster backend in ./dev test too (tests/server/conftest.py).
pytestmark = pytest.mark.cluster_smoke


def ws_url(match_id: str, token: str | None = None) -> str:
    suffix = f"?token={token}" if token is not None else ""
    return f"/api/matches/{match_id}/ws{suffix}"


def test_a_seat_is_sent_its_payload_now_and_after_each_change(client: ServerClient) -> None:
    created = create(client, players=2, seed=31)
    match_id, mrx = created["id"], token_of(created, "mrx")
    with client.websocket_connect(ws_url(match_id, mrx)) as ws:
        first = ws.receive_json()
        assert timeless(first) == timeless(state(client, match_id, mrx))
        assert first["seat"] == "mrx" and first["version"] == 0
        assert act(client, match_id, mrx, first["legal_actions"][0], 0).status_code == 200
        update = ws.receive_json()
        assert update["version"] == 1 and update["to_act"] == ["detectives"]
        assert update["legal_actions"] == []


def test_a_spectator_is_sent_the_public_view(client: ServerClient) -> None:
    created = create(client, players=2, seed=32)
    with client.websocket_connect(ws_url(created["id"])) as ws:
        payload = ws.receive_json()
    assert payload["seat"] == "spectator" and payload["legal_actions"] == []
    assert payload["view"] == state(client, created["id"])["view"]


def close_code(client: ServerClient, url: str) -> int:
    with client.websocket_connect(url) as ws, pytest.raises(WebSocketDisconnect) as closed:
        ws.receive_json()
    return closed.value.code


def test_wrong_tokens_and_unknown_matches_are_closed_with_4403_and_4404(
    client: ServerClient,
) -> None:
    created = create(client, players=2)
    assert close_code(client, ws_url(created["id"], "wrong")) == 4403
    assert close_code(client, ws_url(created["id"], created["host_token"])) == 4403
    assert close_code(client, ws_url("noSuchMatch")) == 4404


def test_others_see_who_is_connected(client: ServerClient) -> None:
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


def test_a_replaced_link_stops_receiving(client: ServerClient) -> None:
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


# Actions over the socket ------------------------------------------------------------------


def test_a_seat_can_act_over_its_socket(client: ServerClient) -> None:
    created = create(client, players=2, seed=41)
    match_id, mrx = created["id"], token_of(created, "mrx")
    with client.websocket_connect(ws_url(match_id, mrx)) as ws:
        first = ws.receive_json()
        ws.send_json({"action": first["legal_actions"][0], "version": 0, "ref": "a1"})
        messages = [ws.receive_json(), ws.receive_json()]
    ack = next(m for m in messages if "ref" in m)
    assert ack == {"ref": "a1", "ok": True, "version": 1}
    pushed = next(m for m in messages if "ref" not in m)
    assert pushed["version"] == 1 and pushed["to_act"] == ["detectives"]
    assert actions_played(client, match_id) == 1


def actions_played(client: ServerClient, match_id: str) -> int:
    """How many actions the match has (its spectator version counts them here)."""
    return int(state(client, match_id)["version"])


@pytest.mark.parametrize(
    ("message", "status", "words"),
    [
        ({"action": "taxi:999", "version": 0}, 422, "legal"),
        ({"action": "@", "version": 5}, 409, "stale version 5"),
        ({"action": 3, "version": 0}, 400, '"action" (a string)'),
        ({"version": 0}, 400, '"action" (a string)'),
        ({"action": "taxi:1", "version": "0"}, 400, '"version" (an integer)'),
        ({"action": "taxi:1", "version": -1}, 400, '"version" is a whole number from 0'),
        ({"action": "taxi:1", "version": 2**53}, 400, '"version" is a whole number from 0'),
        ([1, 2], 400, "JSON object"),
    ],
)
def test_a_refused_socket_action_says_why_and_changes_nothing(
    client: ServerClient, message: object, status: int, words: str
) -> None:
    created = create(client, players=2, seed=42)
    match_id, mrx = created["id"], token_of(created, "mrx")
    before = state(client, match_id, mrx)
    with client.websocket_connect(ws_url(match_id, mrx)) as ws:
        ws.receive_json()
        ws.send_json(message)
        reply = ws.receive_json()
    assert reply["ok"] is False and reply["status"] == status and words in reply["detail"]
    # Once the server has seen the socket go (on the cluster, a moment after it closed),
    # the match is as it was.
    wait_until(client, match_id, mrx, lambda now: timeless(now) == timeless(before))


def test_text_that_is_not_json_is_refused(client: ServerClient) -> None:
    created = create(client, players=2, seed=43)
    match_id, mrx = created["id"], token_of(created, "mrx")
    with client.websocket_connect(ws_url(match_id, mrx)) as ws:
        ws.receive_json()
        ws.send_text("taxi:1")
        reply = ws.receive_json()
    assert reply == {
        "ref": None,
        "ok": False,
        "status": 400,
        "detail": 'a message must be a JSON object {"action", "version"}',
    }


def test_a_spectator_cannot_act_over_its_socket(client: ServerClient) -> None:
    created = create(client, players=2, seed=44)
    match_id = created["id"]
    legal = state(client, match_id, token_of(created, "mrx"))["legal_actions"]
    with client.websocket_connect(ws_url(match_id)) as ws:
        ws.receive_json()
        ws.send_json({"action": legal[0], "version": 0, "ref": 7})
        reply = ws.receive_json()
    assert reply["ref"] == 7 and reply["status"] == 403 and "spectator" in reply["detail"]
    assert actions_played(client, match_id) == 0


def test_a_socket_cannot_act_for_another_seat(client: ServerClient) -> None:
    created = create(client, players=2, seed=45)
    match_id, detectives = created["id"], token_of(created, "detectives")
    legal = state(client, match_id, token_of(created, "mrx"))["legal_actions"]
    with client.websocket_connect(ws_url(match_id, detectives)) as ws:
        ws.receive_json()
        ws.send_json({"action": legal[0], "version": 0})
        reply = ws.receive_json()
    # It is Mr. X's turn: the detectives' socket acts for the detectives only.
    assert reply["ok"] is False and reply["status"] == 422 and "mrx" in reply["detail"]
    assert actions_played(client, match_id) == 0
