"""The browser client's later pages in real chromium: the replay viewer, the host's seat
panel, the languages and countdowns that do not trust the device's clock.

Like test_browser.py, these drive the pages as a person would (clicks, keys, menus) against
a `getaway serve` subprocess, on SQLite and on PostgreSQL (see conftest.py).
"""

from __future__ import annotations

import json
import re
import time
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, Route, expect

from getaway.web import STATIC_DIR
from tests.web.conftest import TIMEOUT_MS, Server
from tests.web.test_browser import _HIDDEN_TEXT, READY_OR_OVER
from tests.web.test_i18n import client_dirs, client_games

SY_ALL_BOTS = {"mrx": "heuristic", "d1": "heuristic", "d2": "heuristic", "d3": "heuristic"}
CNG_BOTS = {"lotus": "heuristic", "mr-black": "heuristic", "haggis": "heuristic"}


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


def _finished_sy(server: Server, seed: int) -> tuple[dict[str, Any], dict[str, list[Any]]]:
    """A Scotland Yard game the bots play to its end, and its steps as mrx, d1 and all."""
    created, _ = server.finished(
        {"game": "scotland-yard", "options": {"max_rounds": 5}, "bots": SY_ALL_BOTS, "seed": seed}
    )
    steps = {
        viewer: server.request("GET", f"/api/matches/{created['id']}/steps?as={viewer}")
        for viewer in ("mrx", "d1", "all")
    }
    return created, steps


def _counter(page: Page) -> tuple[int, int]:
    text = page.locator(".replay-counter").inner_text()
    found = re.fullmatch(r"Step (\d+) of (\d+)", text.strip())
    assert found, text
    return int(found[1]), int(found[2])


# The replay viewer ------------------------------------------------------------------------


def test_replay_steps_through_a_finished_game_showing_each_viewer_only_its_view(
    server: Server, page: Page
) -> None:
    created, steps = _finished_sy(server, seed=3)
    last = len(steps["mrx"]) - 1
    # A step where Mr. X has moved but not surfaced: his seat knows where he is, d1 does not.
    hidden = [
        k
        for k, step in enumerate(steps["mrx"])
        if step["seat"] == "mrx" and steps["d1"][k]["view"]["mrx_location"] is None
    ]
    assert hidden, "Mr. X surfaced at once: pick another seed"
    k = hidden[-1]
    station = steps["mrx"][k]["view"]["mrx_location"]
    assert station == steps["all"][k]["view"]["mrx_location"]

    page.goto(f"{created['spectator_url']}?replay&as=mrx&step={k}")
    expect(page.locator(".replay-counter")).to_have_text(f"Step {k} of {last}")
    expect(page.locator("g.piece.mrx")).to_have_attribute(
        "aria-label", f"Mr. X at station {station}"
    )
    # His own move is named to his seat.
    expect(page.locator(".replay-caption")).to_contain_text("mrx plays")

    # As detective d1, the same step shows no Mr. X and nowhere his station.
    page.select_option("#replay-as", "d1")
    expect(page.locator("g.piece.mrx")).to_have_count(0)
    # What d1 was shown of it: the ticket, the station hidden.
    shown = steps["d1"][k]["public"]
    assert steps["d1"][k]["action"] is None and shown.endswith(":?"), shown
    ticket = shown.rsplit("/", 1)[-1].split(":")[0]
    expect(page.locator(".replay-caption")).to_contain_text(f"{ticket} → a hidden station")
    text = page.evaluate(_HIDDEN_TEXT)
    found = re.search(rf"(?<!\d){station}(?!\d)", text)
    assert not found, (
        f"{station} shows to d1: {text[max(0, found.start() - 80) : found.end() + 80]}"
    )
    assert f"as=d1&step={k}" in page.url

    # Everything: the omniscient view shows him (the replay exists only after the end).
    page.select_option("#replay-as", "all")
    expect(page.locator("g.piece.mrx")).to_have_attribute(
        "aria-label", f"Mr. X at station {station}"
    )

    # Stepping: buttons, keys and the slider.
    page.get_by_role("button", name="First step").click()
    assert _counter(page) == (0, last)
    expect(page.get_by_role("button", name="Previous step")).to_be_disabled()
    expect(page.locator(".replay-caption")).to_have_text("The start of the game")
    page.get_by_role("button", name="Next step").click()
    assert _counter(page) == (1, last)
    page.locator("body").press("ArrowRight")
    assert _counter(page) == (2, last)
    page.locator("body").press("ArrowLeft")
    assert _counter(page) == (1, last)
    page.locator("#replay-slider").fill("4")
    assert _counter(page) == (4, last)
    expect(page.locator("section.result")).to_be_hidden()
    page.locator("body").press("End")
    assert _counter(page) == (last, last)
    expect(page.get_by_role("button", name="Next step")).to_be_disabled()
    expect(page.locator("section.result")).to_contain_text("Game over")
    expect(page.locator("section.result")).to_contain_text("Mr. X escaped")
    page.get_by_role("button", name="Previous step").click()
    assert _counter(page) == (last - 1, last)
    page.locator("body").press("Home")
    assert _counter(page) == (0, last)
    # Autoplay steps by itself.
    page.get_by_role("button", name="Play").click()
    page.wait_for_function("() => document.querySelector('#replay-slider').value >= 2")
    page.get_by_role("button", name="Pause").click()


def test_finished_match_page_links_to_its_replay(server: Server, page: Page) -> None:
    # The game the replay test steps through (made once per server).
    created, steps = _finished_sy(server, seed=3)
    page.goto(created["spectator_url"])
    link = page.get_by_role("link", name="Watch the replay")
    expect(link).to_be_visible()
    link.click()
    expect(page.locator(".replay-counter")).to_have_text(f"Step 0 of {len(steps['all']) - 1}")
    expect(page.locator("#replay-as")).to_have_value("all")
    expect(page.locator("g.piece.mrx")).to_have_count(1)


def test_replay_of_a_running_match_stays_closed(server: Server, page: Page) -> None:
    created = server.create(
        {"game": "scotland-yard", "bots": {"d1": "random", "d2": "random", "d3": "random"}}
    )
    page.goto(f"{created['spectator_url']}?replay&as=all")
    expect(page.locator(".replay-closed")).to_contain_text("when the match is over")
    expect(page.locator("g.station")).to_have_count(0)
    expect(page.locator(".replay-counter")).to_have_count(0)


def test_cash_n_guns_replay_shows_secrets_only_as_everything(server: Server, page: Page) -> None:
    bots = {"tino": "random", **CNG_BOTS, "el-toro": "random"}
    created, _ = server.finished({"game": "cash-n-guns", "bots": bots, "seed": 5})
    page.goto(f"{created['spectator_url']}?replay&as=tino&step=3")
    expect(page.locator("section.me")).to_be_visible()
    expect(page.locator("p.secret")).to_have_count(0)
    page.select_option("#replay-as", "all")
    expect(page.locator("section.me")).to_have_count(0)
    expect(page.locator("p.secret")).to_have_count(5)
    page.select_option("#replay-as", "spectator")
    expect(page.locator("p.secret")).to_have_count(0)
    expect(page.locator("section.me")).to_have_count(0)


# The host's seat panel ----------------------------------------------------------------------


def _host_page(created: dict[str, Any]) -> str:
    return f"{created['spectator_url']}?host={created['host_token']}"


def test_host_hands_an_absent_seat_to_a_bot_which_then_plays(
    server: Server, browser: Browser, page: Page
) -> None:
    created = server.create(
        {
            "game": "scotland-yard",
            "options": {"max_rounds": 3},
            "bots": {"d1": "heuristic", "d2": "heuristic", "d3": "heuristic"},
            "seed": 8,
        }
    )
    (mrx,) = created["seats"]
    page.goto(_host_page(created))
    row = page.locator('li.host-seat[data-seat="mrx"]')
    expect(row).to_contain_text("link not opened yet")
    # Presence comes from the seat's WebSocket: online while its page is open, away after.
    player = browser.new_context()
    try:
        player_page = player.new_page()
        player_page.goto(mrx["url"])
        expect(row).to_contain_text("online")
    finally:
        player.close()
    expect(row).to_contain_text("away")
    assert not server.state(created["id"])["over"]

    levels = row.locator("select option").evaluate_all("(os) => os.map((o) => o.value)")
    game = next(g for g in server.request("GET", "/api/games") if g["name"] == "scotland-yard")
    assert sorted(levels) == sorted(game["bots"])
    row.locator("select").select_option("heuristic")
    row.get_by_role("button", name="Hand to the bot").click()
    # The bot plays Mr. X now, so the game runs to its end with nobody clicking.
    final = server.wait_over(created["id"], seconds=30)
    seat = next(s for s in final["seats"] if s["seat"] == "mrx")
    assert (seat["kind"], seat["bot_level"]) == ("bot", "heuristic")
    expect(page.locator("section.result")).to_contain_text("Game over")
    log = server.request("GET", f"/api/matches/{created['id']}/replay")["actions"]
    assert any(a["seat"] == "mrx" for a in log)


def test_host_gives_a_bot_seat_back_to_a_person_with_a_new_link(
    server: Server, browser: Browser, page: Page
) -> None:
    created = server.create({"game": "cash-n-guns", "bots": CNG_BOTS, "seed": 9})
    page.goto(_host_page(created))
    row = page.locator('li.host-seat[data-seat="lotus"]')
    expect(row).to_contain_text("bot: heuristic")
    row.get_by_role("button", name="Give back to a person").click()
    link = row.locator(".host-new-link input")
    expect(link).to_have_value(re.compile(rf"/play/{created['id']}\?token="))
    expect(row).to_contain_text("person")
    expect(row.get_by_role("button", name="Hand to the bot")).to_be_visible()
    newcomer = browser.new_context()
    try:
        seat_page = newcomer.new_page()
        seat_page.set_default_timeout(TIMEOUT_MS)
        seat_page.goto(link.input_value())
        expect(seat_page.locator("h1")).to_contain_text("seat Lotus")
        expect(seat_page.locator("section.me")).to_be_visible()
        expect(row).to_contain_text("online")
    finally:
        newcomer.close()
    seats = {s["seat"]: s for s in server.state(created["id"])["seats"]}
    assert seats["lotus"]["kind"] == "human" and seats["lotus"]["claimed"]


def test_host_opens_an_unused_seat_to_anyone_and_a_spectator_joins_it(
    server: Server, browser: Browser, page: Page
) -> None:
    created = server.create({"game": "cash-n-guns", "bots": CNG_BOTS, "seed": 10})
    watcher = browser.new_context()
    try:
        spectator = watcher.new_page()
        spectator.set_default_timeout(TIMEOUT_MS)
        spectator.goto(created["spectator_url"])
        expect(spectator.locator("section.seats-box")).to_contain_text("Tino")
        # An invited seat is reserved for its link: the spectator is offered nothing yet.
        expect(spectator.locator("section.join")).to_be_hidden()
        page.goto(_host_page(created))
        row = page.locator('li.host-seat[data-seat="tino"]')
        row.get_by_role("button", name="Open to anyone").click()
        expect(row).to_contain_text("open to anyone")
        expect(row.get_by_role("button", name="Open to anyone")).to_have_count(0)
        spectator.get_by_role("button", name="Play as Tino").click()
        expect(spectator.locator("h1")).to_contain_text("seat Tino")
    finally:
        watcher.close()
    seats = {s["seat"]: s for s in server.state(created["id"])["seats"]}
    assert seats["tino"]["claimed"] and not seats["el-toro"]["open"]


def test_no_host_panel_without_the_host_token(server: Server, page: Page) -> None:
    created = server.create({"game": "cash-n-guns", "bots": CNG_BOTS})
    page.goto(created["spectator_url"])
    expect(page.locator("section.seats-box")).to_contain_text("Lotus")
    expect(page.locator("section.host-box")).to_be_hidden()
    expect(page.locator("li.host-seat")).to_have_count(0)


# Languages ----------------------------------------------------------------------------------


def test_language_switch_shows_russian_and_portuguese(server: Server, page: Page) -> None:
    page.goto(server.url + "/")
    expect(page.locator("h1")).to_have_text("New match")
    page.select_option("#lang-select", "ru")
    expect(page.locator("h1")).to_have_text("Новая партия")
    expect(page.get_by_role("button", name="Создать партию")).to_be_visible()
    expect(page.locator("html")).to_have_attribute("lang", "ru")
    page.select_option("#lang-select", "pt")
    expect(page.locator("h1")).to_have_text("Nova partida")
    expect(page.get_by_role("button", name="Criar partida")).to_be_visible()
    # The choice sticks: a match page opens in Portuguese, the game's words included.
    created = server.create({"game": "cash-n-guns", "bots": CNG_BOTS, "seed": 2})
    page.goto(created["seats"][0]["url"])
    expect(page.locator("p.turn")).to_have_text("Sua vez")
    expect(page.locator(".cng-head")).to_contain_text("carregar")
    page.select_option("#lang-select", "ru")
    expect(page.locator("p.turn")).to_have_text("Ваша очередь")
    expect(page.locator(".cng-head")).to_contain_text("Раунд 1 из 8")
    expect(page.locator("section.actions")).to_contain_text("Зарядить")


# Countdowns ---------------------------------------------------------------------------------


@pytest.mark.parametrize("skew_hours", [1, -1])
def test_countdown_ignores_a_wrong_device_clock(
    server: Server, page: Page, skew_hours: int
) -> None:
    turn = 300
    created = server.create(
        {"game": "cash-n-guns", "bots": CNG_BOTS, "turn_seconds": turn, "seed": 6}
    )
    # The device's clock is an hour off; the server's deadlines are Unix times.
    page.clock.set_system_time(time.time() + skew_hours * 3600)
    page.goto(created["seats"][0]["url"])
    page.wait_for_function(READY_OR_OVER)
    countdown = page.locator("p.countdown")
    expect(countdown).to_have_text(re.compile(r"Time left: \d+ s"))
    seconds = int(re.findall(r"\d+", countdown.inner_text())[0])
    assert turn - 20 <= seconds <= turn, countdown.inner_text()
    # It counts down on the server's time: a second later, a second less (or so).
    page.wait_for_timeout(1300)
    later = int(re.findall(r"\d+", countdown.inner_text())[0])
    assert seconds - 3 <= later < seconds


# Every word on the pages comes from the translations ----------------------------------------

_PAGE_TEXT = """() => {
  const parts = [document.title];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  while (walker.nextNode()) {
    const el = walker.currentNode.parentElement;
    // Language names are names; a datalist holds action ids for typing.
    if (!el.closest("#lang-select, script, style, noscript, datalist")) {
      parts.push(walker.currentNode.textContent);
    }
  }
  for (const el of document.querySelectorAll("[aria-label], [title], [placeholder]")) {
    for (const name of ["aria-label", "title", "placeholder"]) {
      if (el.hasAttribute(name)) parts.push(el.getAttribute(name));
    }
  }
  return parts.join(" \\n ");
}"""


def _names() -> set[str]:
    """Names shown as they are: the app, every game's title and seats (from the registry and
    the test game), lower-cased word by word."""
    names = {"getaway"}
    for game in client_games().values():
        words = {game.title} | {
            seat
            for n in range(game.min_players, game.max_players + 1)
            for seat in game.seats({"players": n})
        }
        names |= {part.lower() for word in words for part in re.findall(r"[^\W\d_]+", word)}
    return names


_NAMES = _names()


def _fulfill_with(body: str) -> Callable[[Route], None]:
    return lambda route: route.fulfill(body=body)


def _untranslated_words(text: str) -> list[str]:
    """The words left once every ⟦translated⟧ part is taken out (innermost first)."""
    while True:
        shorter = re.sub(r"⟦[^⟦⟧]*⟧", " ", text)
        if shorter == text:
            break
        text = shorter
    words = re.findall(r"[^\W\d_]{2,}", text)
    return sorted({w for w in words if w.lower() not in _NAMES})


def test_every_word_shown_comes_from_the_translations(server: Server, browser: Browser) -> None:
    """With a marked-up Russian table (every string ⟦like this⟧), nothing else may show but
    names and numbers: an English literal, or an id shown without a word for it, would."""
    context = browser.new_context()
    context.set_default_timeout(TIMEOUT_MS)
    context.add_init_script("localStorage.setItem('getaway.lang', 'ru')")
    # The shared table and every game's own, each marked from its English.
    folders = {"static": STATIC_DIR, **{f"games/{n}": d for n, d in client_dirs().items()}}
    for prefix, folder in folders.items():
        table = json.loads((folder / "i18n" / "en.json").read_text("utf-8"))
        marked = json.dumps({key: f"⟦{value}⟧" for key, value in table.items()})
        context.route(f"**/{prefix}/i18n/ru.json", _fulfill_with(marked))
    sy_done, _ = _finished_sy(server, seed=3)
    cng_done, _ = server.finished(
        {"game": "cash-n-guns", "options": {"advanced": True}, "seed": 3,
         "bots": dict.fromkeys(("tino", "el-toro", "lotus", "mr-black", "haggis"), "heuristic")}
    )  # fmt: skip
    cng = server.create(
        {"game": "cash-n-guns", "bots": CNG_BOTS, "options": {"advanced": True}, "seed": 1,
         "turn_seconds": 100}
    )  # fmt: skip
    sy = server.create(
        {"game": "scotland-yard", "bots": {"d1": "random", "d2": "random", "d3": "random"}}
    )
    pages = {
        "lobby": (server.url + "/", "form.lobby"),
        "cng as host": (f"{cng['seats'][0]['url']}&host={cng['host_token']}", "li.host-seat"),
        "cng spectator": (cng["spectator_url"], "li.player"),
        "sy": (sy["seats"][0]["url"], "section.actions button.action"),
        "sy replay": (f"{sy_done['spectator_url']}?replay&as=d1&step=3", "g.station"),
        "cng replay": (f"{cng_done['spectator_url']}?replay&as=all&step=40", "p.secret"),
        "cng over": (cng_done["spectator_url"], "section.result table.scores"),
        "sy over": (sy_done["spectator_url"], "section.result .reason"),
    }
    try:
        page = context.new_page()
        problems = {}
        for name, (url, ready) in pages.items():
            page.goto(url)
            page.wait_for_selector(ready)
            page.wait_for_timeout(300)  # the board's pieces and labels
            words = _untranslated_words(page.evaluate(_PAGE_TEXT))
            if words:
                problems[name] = words
        assert not problems, f"untranslated words: {problems}"
        # And the check sees unmarked text: with the real table, the Russian words stand out.
        context.unroute_all()
        page.goto(pages["lobby"][0])
        page.wait_for_selector("form.lobby")
        assert "Создать" in _untranslated_words(page.evaluate(_PAGE_TEXT))
    finally:
        context.close()
