"""The rematch in real chromium: the host's page of a finished match leads to a rematch page
that still has the host's panel (the host token opens the rematch too), where a seat a bot
plays can be given back to a person with a new link."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from tests.web.conftest import Server
from tests.web.test_browser import ACTION_BUTTONS, READY_OR_OVER


def test_rematch_keeps_the_host_panel_and_gives_a_bot_seat_back(server: Server, page: Page) -> None:
    # The test game's race of two turns: north (this page) walks once, the bot south once.
    created = server.create(
        {"game": "toy-walk", "options": {"turns": 2}, "bots": {"south": "random"}, "seed": 3}
    )
    (north,) = created["seats"]
    page.goto(f"{north['url']}&host={created['host_token']}")
    expect(page.locator("section.host-box")).to_be_visible()
    result = page.locator("section.result")
    while not result.is_visible():
        page.wait_for_function(READY_OR_OVER)
        if result.is_visible():
            break
        page.locator(ACTION_BUTTONS).first.click()
    result.get_by_role("button", name="Start a rematch").click()
    result.get_by_role("link", name="Go to the rematch").click()
    expect(page).not_to_have_url(re.compile(created["id"]))
    panel = page.locator("section.host-box")
    expect(panel).to_be_visible()
    south = panel.locator('li.host-seat[data-seat="south"]')
    south.get_by_role("button", name="Give back to a person").click()
    expect(south.locator(".host-new-link input")).to_have_value(re.compile(r"/play/[\w-]+\?token="))
