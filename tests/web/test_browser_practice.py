"""A practice match's banner in a real browser: every seat and the spectator see the seed
(exactly, all 64 bits); a fair match shows no banner and no seed."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from tests.web.conftest import Server

BIG_SEED = 2**64 - 1


def test_every_seat_and_the_spectator_see_the_practice_banner(server: Server, page: Page) -> None:
    created = server.create(
        {"game": "scotland-yard", "players": 3, "seed": BIG_SEED, "practice": True}
    )
    urls = [seat["url"] for seat in created["seats"]] + [created["spectator_url"]]
    assert len(urls) == 4
    for url in urls:
        page.goto(url)
        banner = page.locator("p.practice-banner")
        expect(banner).to_be_visible()
        expect(banner).to_contain_text(f"Practice match: seed {BIG_SEED}.")
        expect(banner).to_contain_text("knows every hidden card")


def test_a_fair_match_shows_no_banner(server: Server, page: Page) -> None:
    created = server.create({"game": "scotland-yard", "players": 2})
    page.goto(created["seats"][0]["url"])
    expect(page.get_by_role("heading", name="Your move")).to_be_visible()
    expect(page.locator("p.practice-banner")).to_be_hidden()
    assert "Practice" not in page.locator("main").inner_text()


def test_the_lobby_makes_a_practice_match_on_a_chosen_seed(server: Server, page: Page) -> None:
    page.goto(server.url + "/")
    page.select_option("#game", "scotland-yard")
    page.get_by_text("Practice match").first.click()  # opens the section
    page.fill("#seed", str(BIG_SEED))
    # A seed without the practice box: the server's reason is shown, nothing is created.
    page.get_by_role("button", name="Create match").click()
    expect(page.locator("form.lobby .error")).to_contain_text("practice")
    page.check("#practice")
    page.get_by_role("button", name="Create match").click()
    links = page.locator("ul.links input.link-text")
    expect(links.first).to_be_visible()
    page.goto(links.first.input_value())
    expect(page.locator("p.practice-banner")).to_contain_text(f"seed {BIG_SEED}.")
