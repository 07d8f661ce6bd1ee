# ruff: noqa: RUF001  (the Russian names are meant)
"""Seats are named as the game names them, in the page's language, everywhere on the match
page (its title, the seat list, the host panel): never by their ids."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from tests.web.conftest import Server

BOTS = dict.fromkeys(("lotus", "mr-black", "haggis"), "random")


def test_seats_have_their_names_in_the_title_list_and_host_panel(
    server: Server, page: Page
) -> None:
    created = server.create({"game": "cash-n-guns", "options": {"players": 5}, "bots": BOTS})
    tino = next(s for s in created["seats"] if s["seat"] == "tino")
    page.goto(f"{tino['url']}&host={created['host_token']}")
    expect(page.locator("h1")).to_contain_text("Tino")
    panel = page.locator("section.host-box")
    expect(panel.locator('li.host-seat[data-seat="el-toro"] strong')).to_have_text("El Toro")
    page.select_option("#lang-select", "ru")
    expect(page.locator("h1")).to_contain_text("Тино")
    expect(panel.locator('li.host-seat[data-seat="el-toro"] strong')).to_have_text("Эль Торо")
    spectator = page.context.new_page()
    spectator.goto(created["spectator_url"])
    expect(spectator.locator(".seat-list")).to_contain_text("Мистер Блэк")  # still in Russian
    expect(spectator.locator(".seat-list")).not_to_contain_text("mr-black")
