"""Links that go wrong, in real chromium: a seat link that opens no seat, a match that does
not exist, a path with no page, and a seat link the host replaces while its page is open.
Each gets a page that says what happened and where to go, never a dead match page or JSON."""

from __future__ import annotations

import json
import urllib.error
import urllib.request
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from tests.web.conftest import TIMEOUT_MS, Server
from tests.web.test_browser import ACTION_BUTTONS, CNG_BOTS


@pytest.fixture
def context(browser: Browser) -> Iterator[BrowserContext]:
    ctx = browser.new_context()
    ctx.set_default_timeout(TIMEOUT_MS)
    try:
        yield ctx
    finally:
        ctx.close()


@pytest.fixture
def page(context: BrowserContext) -> Page:
    return context.new_page()


def test_a_wrong_seat_link_says_so_and_offers_to_watch(server: Server, page: Page) -> None:
    created = server.create({"game": "cash-n-guns", "bots": CNG_BOTS, "seed": 4})
    page.goto(f"{server.url}/play/{created['id']}?token=not-a-seat-token")
    expect(page.locator("h1")).to_have_text("This link opens no seat")
    expect(page.locator(".problem")).to_contain_text("the host may have replaced it")
    page.get_by_role("link", name="Watch as a spectator").click()
    expect(page.locator("h1")).to_contain_text("spectator")
    expect(page).to_have_url(f"{server.url}/watch/{created['id']}")


def test_a_match_that_does_not_exist_says_so(server: Server, page: Page) -> None:
    page.goto(f"{server.url}/play/no-such-match?token=whatever")
    expect(page.locator("h1")).to_have_text("No such match")
    expect(page.get_by_role("link", name="Watch as a spectator")).to_have_count(0)
    page.get_by_role("link", name="Go to the lobby").click()
    expect(page).to_have_url(f"{server.url}/")


def test_an_unknown_path_gets_a_page_and_the_api_keeps_json(server: Server, page: Page) -> None:
    answer = page.goto(f"{server.url}/no/such/page")
    assert answer is not None and answer.status == 404
    expect(page.locator("h1")).to_have_text("Page not found")
    expect(page.get_by_role("link", name="Go to the lobby")).to_be_visible()
    with pytest.raises(urllib.error.HTTPError) as refused:
        urllib.request.urlopen(f"{server.url}/api/no-such-thing", timeout=10)
    assert refused.value.code == 404
    assert refused.value.headers["content-type"] == "application/json"
    assert "detail" in json.load(refused.value)


def test_a_replaced_link_stops_offering_moves_at_once(
    server: Server, browser: Browser, page: Page
) -> None:
    created = server.create({"game": "cash-n-guns", "bots": CNG_BOTS, "seed": 4})
    links = {s["seat"]: s for s in created["seats"]}
    page.goto(links["tino"]["url"])
    expect(page.locator(ACTION_BUTTONS).first).to_be_visible()
    other = browser.new_context()
    try:
        watcher = other.new_page()
        watcher.set_default_timeout(TIMEOUT_MS)
        watcher.goto(links["el-toro"]["url"])
        tino = watcher.locator("ul.seat-list li", has_text="tino")
        expect(tino).to_contain_text("online")
        server.request(
            "POST",
            f"/api/matches/{created['id']}/bot",
            {"host_token": created["host_token"], "seat": "tino", "level": None},
        )
        # The socket's 4403 drops the moves, with no reload and no click.
        expect(page.locator(ACTION_BUTTONS)).to_have_count(0, timeout=3000)
        expect(page.locator("form.typed-action")).to_be_hidden()
        # Nor does it claim to follow the turns or count down any more.
        expect(page.locator("p.turn")).to_be_hidden()
        expect(page.locator("p.countdown")).to_be_hidden()
        expect(page.locator(".problem.replaced")).to_contain_text("a new link")
        expect(page.get_by_role("link", name="Watch as a spectator")).to_be_visible()
        # The others no longer see the replaced player as here.
        expect(tino).not_to_contain_text("online")
    finally:
        other.close()
