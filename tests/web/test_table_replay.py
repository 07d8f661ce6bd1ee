"""The replay viewer as a seat, in real chromium: a move everyone saw reads in full (the
other seats' public moves, not a blank), a secret one as what this seat was shown of it."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from tests.web.conftest import Server


def test_replay_as_a_seat_shows_public_moves_in_full(server: Server, page: Page) -> None:
    bots = dict.fromkeys(("tino", "el-toro", "lotus", "mr-black"), "random")
    # The game test_table_outcome.py shows the result of (made once per server).
    created, _ = server.finished(
        {"game": "cash-n-guns", "options": {"players": 4}, "bots": bots, "seed": 5}
    )
    match = created["id"]
    steps = server.request("GET", f"/api/matches/{match}/steps?as=tino")
    public = next(s for s in steps if s["seat"] not in (None, "tino") and s["action"])
    secret = next(s for s in steps if s["seat"] not in (None, "tino") and s["action"] is None)
    caption = page.locator(".replay-caption")
    page.goto(f"{server.url}/watch/{match}?replay&as=tino&step={public['step']}")
    # A public move of another seat in the game's words, nothing held back.
    expect(caption).to_contain_text(f"{public['seat']} plays ")
    assert "?" not in caption.inner_text() and public["action"] not in caption.inner_text()
    page.goto(f"{server.url}/watch/{match}?replay&as=tino&step={secret['step']}")
    # A secret one as what tino saw of it: worded too (a face-down card), never a raw "?".
    expect(caption).to_contain_text(f"{secret['seat']} plays ")
    assert "?" not in caption.inner_text()
