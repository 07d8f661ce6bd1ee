"""Hostile connections: sockets opened and closed by the hundred, and connections that never
finish their request, cannot slow the other matches down or take the server down.

Each test here failed before its fix: every socket opened or closed on a seat pushed the
whole state to every socket of the match, any number of sockets could follow one seat, and
300 half-sent requests took the server down at a 256 open-file limit."""

from __future__ import annotations

import contextlib
import time
from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient
from starlette.testclient import WebSocketTestSession
from starlette.websockets import WebSocketDisconnect

from getaway.server.app import create_app
from getaway.server.limits import PRESENCE_PUSH_DELAY_SECONDS
from getaway.server.settings import Settings
from tests.server.helpers import create, state, token_of


def ws_url(match_id: str, token: str | None = None) -> str:
    suffix = f"?token={token}" if token is not None else ""
    return f"/api/matches/{match_id}/ws{suffix}"


def pushes_until_reply(ws: WebSocketTestSession) -> int:
    """State pushes the socket received, counted up to the answer to a message sent now
    (after waiting out any coalesced presence push)."""
    time.sleep(PRESENCE_PUSH_DELAY_SECONDS * 6)
    ws.send_json({"ref": "mark"})
    pushes = 0
    while "ref" not in ws.receive_json():
        pushes += 1
    return pushes


# (d) Presence pushes and sockets per seat and match -----------------------------------


def test_sockets_opened_and_closed_on_seats_push_each_seat_flip_at_most_once(
    client: TestClient,
) -> None:
    created = create(client, players=6)
    match_id = created["id"]
    seats = [s["seat"] for s in created["seats"]]
    with client.websocket_connect(ws_url(match_id)) as observer:
        observer.receive_json()
        with contextlib.ExitStack() as stack:
            # Four sockets on each of the six seats, then all closed.
            for seat in seats:
                for _ in range(4):
                    ws = stack.enter_context(
                        client.websocket_connect(ws_url(match_id, token_of(created, seat)))
                    )
                    ws.receive_json()
        pushes = pushes_until_reply(observer)
    # Before: one push per socket opened or closed (48). Now at most one per seat shown as
    # connected and one per seat shown as gone, fewer when they fall in one window.
    assert pushes <= 2 * len(seats), pushes


def test_more_sockets_on_one_seat_do_not_push_the_others_at_all(client: TestClient) -> None:
    created = create(client, players=3)
    match_id, mrx = created["id"], token_of(created, "mrx")
    state(client, match_id, mrx)  # opening the link claims the seat: a change of its own
    with client.websocket_connect(ws_url(match_id)) as observer:
        observer.receive_json()
        with client.websocket_connect(ws_url(match_id, mrx)) as first:
            first.receive_json()
            assert pushes_until_reply(observer) == 1  # mrx is now shown as connected
            for _ in range(10):
                with client.websocket_connect(ws_url(match_id, mrx)) as extra:
                    extra.receive_json()
            assert pushes_until_reply(observer) == 0  # mrx was connected all along


@pytest.fixture
def capped_client(settings: Settings) -> Iterator[TestClient]:
    capped = Settings(
        database_url=settings.database_url, max_sockets_per_seat=2, max_sockets_per_match=3
    )
    with TestClient(create_app(capped)) as test_client:
        yield test_client


def refusal(client: TestClient, url: str) -> WebSocketDisconnect:
    with (
        client.websocket_connect(url) as ws,
        pytest.raises(WebSocketDisconnect) as closed,
    ):
        ws.receive_json()
    return closed.value


def test_a_seat_past_its_socket_cap_is_refused_with_1013_and_the_reason(
    client: TestClient,
) -> None:
    created = create(client, players=3)
    url = ws_url(created["id"], token_of(created, "mrx"))
    with contextlib.ExitStack() as stack:
        for _ in range(4):
            stack.enter_context(client.websocket_connect(url)).receive_json()
        refused = refusal(client, url)
        assert refused.code == 1013
        assert "a seat may have 4 open at once" in refused.reason
        # Another seat and a spectator are not affected.
        for other in (ws_url(created["id"], token_of(created, "d1")), ws_url(created["id"])):
            with client.websocket_connect(other) as ws:
                assert ws.receive_json()["match"] == created["id"]
    # Once one closes, the seat may connect again.
    with client.websocket_connect(url) as ws:
        assert ws.receive_json()["seat"] == "mrx"


def test_a_match_past_its_socket_cap_is_refused_with_1013_and_the_reason(
    capped_client: TestClient,
) -> None:
    created = create(capped_client, players=3)
    match_id = created["id"]
    with contextlib.ExitStack() as stack:
        for url in (ws_url(match_id), ws_url(match_id), ws_url(match_id, token_of(created, "d1"))):
            stack.enter_context(capped_client.websocket_connect(url)).receive_json()
        for url in (ws_url(match_id), ws_url(match_id, token_of(created, "mrx"))):
            refused = refusal(capped_client, url)
            assert refused.code == 1013
            assert "a match may have 3 open at once" in refused.reason
        # Other matches have their own sockets.
        other = create(capped_client, players=3)
        with capped_client.websocket_connect(ws_url(other["id"])) as ws:
            assert ws.receive_json()["match"] == other["id"]
