"""The browser client in a real browser (Playwright driving Debian's chromium).

A `getaway serve` subprocess serves the page; matches are created through the HTTP API and
their seat links opened in headless chromium. Every move is made by clicking the buttons of
the "Your move" panel, exactly as a person would.
"""

from __future__ import annotations

import json
import re
import time
from typing import Any

from playwright.sync_api import Browser, Page, expect

from tests.web.conftest import TIMEOUT_MS, Server

ACTION_BUTTONS = "section.actions button.action"
# Either the game is over, or it is this page's turn and no move is in flight.
READY_OR_OVER = """() => {
  const result = document.querySelector("section.result");
  if (result && !result.hidden) return true;
  const box = document.querySelector("section.actions");
  return !!box && !box.classList.contains("busy") && !!box.querySelector("button.action");
}"""
SY_BOTS = {"d1": "heuristic", "d2": "heuristic", "d3": "heuristic"}


def _sy_match(server: Server, seed: int) -> dict[str, Any]:
    return server.create(
        {"game": "scotland-yard", "options": {"max_rounds": 3}, "bots": SY_BOTS, "seed": seed}
    )


def _over(page: Page) -> bool:
    return bool(page.evaluate('() => !document.querySelector("section.result").hidden'))


def _click_first_move(page: Page) -> str:
    button = page.locator(ACTION_BUTTONS).first
    action = button.get_attribute("data-action")
    assert action
    button.click()
    return action


def test_mrx_plays_a_whole_game_against_bot_detectives(server: Server, page: Page) -> None:
    created = _sy_match(server, seed=11)
    (mrx,) = created["seats"]
    assert mrx["seat"] == "mrx"
    page.goto(mrx["url"])
    expect(page.get_by_role("heading", name="Your move")).to_be_visible()
    moves: list[str] = []
    deadline = time.monotonic() + 40
    while True:
        assert time.monotonic() < deadline, f"the game did not end; moves so far: {moves}"
        page.wait_for_function(READY_OR_OVER, timeout=TIMEOUT_MS)
        if _over(page):
            break
        state = server.state(created["id"], mrx["token"])
        action = _click_first_move(page)
        assert action in state["legal_actions"]
        moves.append(action)
    expect(page.locator("section.result")).to_contain_text("Game over")
    final = server.state(created["id"], mrx["token"])
    assert final["over"]
    assert final["outcome"]["winners"]
    # The result in words, not payoffs.
    expect(page.locator("section.result .winners")).to_contain_text("Winner:")
    expect(page.locator("section.result")).not_to_contain_text("-1")
    assert 1 <= len(moves) <= 3
    # Every move clicked is in the log, in order (a double move counts once).
    assert len(final["view"]["mrx_log"]) >= len(moves)


def test_reload_mid_game_resumes_the_same_state(server: Server, page: Page) -> None:
    created = _sy_match(server, seed=12)
    (mrx,) = created["seats"]
    page.goto(mrx["url"])
    page.wait_for_function(READY_OR_OVER)
    _click_first_move(page)
    # The bots answer; then it is Mr. X's turn again, in round 2.
    page.wait_for_function(READY_OR_OVER)
    assert not _over(page)
    before = server.state(created["id"], mrx["token"])
    assert before["view"]["round"] == 2
    url = page.url
    state_url = re.compile(rf"/api/matches/{created['id']}\?token=")
    with page.expect_response(lambda r: bool(state_url.search(r.url))) as answer:
        page.reload()
    resumed = answer.value.json()
    assert page.url == url
    assert resumed["version"] == before["version"]
    assert resumed["view"] == before["view"]
    page.wait_for_function(READY_OR_OVER)
    shown = page.locator(ACTION_BUTTONS).evaluate_all("(bs) => bs.map((b) => b.dataset.action)")
    assert set(shown) <= set(before["legal_actions"])
    assert len(shown) > 0
    expect(page.locator(".sy-log")).to_contain_text("Round 2 of 3")
    # The resumed page still plays: one more move goes through.
    _click_first_move(page)
    page.wait_for_function(
        "() => document.querySelector('section.actions')?.classList.contains('busy') === false"
        " && !document.querySelector('p.error')?.textContent"
    )
    assert server.state(created["id"], mrx["token"])["version"] > before["version"]


_HIDDEN_TEXT = """() => {
  // The page's text and labels, without the board's station numbers (all are always drawn).
  const copy = document.body.cloneNode(true);
  copy.querySelectorAll("g.station").forEach((g) => g.remove());
  const parts = [copy.textContent];
  // Labels and titles too (geometry attributes are board coordinates, not stations).
  copy.querySelectorAll("[aria-label], [title], [data-action], [value]").forEach((el) => {
    for (const name of ["aria-label", "title", "data-action", "value"]) {
      if (el.hasAttribute(name)) parts.push(el.getAttribute(name));
    }
  });
  return parts.join(" ");
}"""


def test_spectator_page_shows_no_hidden_information(server: Server, browser: Browser) -> None:
    created = _sy_match(server, seed=15)
    (mrx,) = created["seats"]
    player = browser.new_context()
    spectator = browser.new_context()
    try:
        mrx_page = player.new_page()
        mrx_page.set_default_timeout(TIMEOUT_MS)
        mrx_page.goto(mrx["url"])
        mrx_page.wait_for_function(READY_OR_OVER)
        _click_first_move(mrx_page)
        mrx_page.wait_for_function(READY_OR_OVER)
        assert not _over(mrx_page), "Mr. X was caught at once: pick another seed"
        secret = server.state(created["id"], mrx["token"])
        station = secret["view"]["mrx_location"]
        assert isinstance(station, int)
        public = server.state(created["id"])
        assert public["view"]["mrx_location"] is None  # no reveal yet (first at entry 3)
        watch = spectator.new_page()
        watch.set_default_timeout(TIMEOUT_MS)
        watch.goto(created["spectator_url"])
        expect(watch.locator(".sy-log")).to_contain_text("Round 2 of 3")
        expect(watch.locator("g.station").first).to_be_attached()
        expect(watch.locator("g.piece:not(.mrx)").first).to_be_attached()
        text = watch.evaluate(_HIDDEN_TEXT)
        found = re.search(rf"(?<!\d){station}(?!\d)", text)
        assert not found, (
            f"Mr. X's station {station} shows on the spectator page: "
            f"...{text[max(0, found.start() - 80) : found.end() + 80]}..."
        )
        expect(watch.locator("g.piece.mrx")).to_have_count(0)
        # The player's own page does show him where he is.
        expect(mrx_page.locator("g.piece.mrx")).to_have_attribute(
            "aria-label", f"Mr. X at station {station}"
        )
    finally:
        player.close()
        spectator.close()


CNG_HUMANS = ("tino", "el-toro")
CNG_BOTS = {"lotus": "heuristic", "mr-black": "heuristic", "haggis": "heuristic"}
CARD_NAMES = {"bbb": "BBB", "bang": "Bang!", "click": "Click"}
SECRET_STEPS = {"load", "aim", "courage"}
PREFERRED = {"tino": ("load:click", "hide"), "el-toro": ("load:bang", "stay")}


def _cng_choice(seat: str, actions: list[str]) -> str:
    for wanted in PREFERRED[seat]:
        if wanted in actions:
            return wanted
    aims = [a for a in actions if a.startswith("aim:") and a != "aim:none"]
    return aims[0] if aims else actions[0]


def test_cash_n_guns_round_with_two_browsers_and_bots(server: Server, browser: Browser) -> None:
    created = server.create({"game": "cash-n-guns", "bots": CNG_BOTS, "seed": 21})
    links = {s["seat"]: s for s in created["seats"]}
    assert set(links) == set(CNG_HUMANS)
    contexts = [browser.new_context() for _ in CNG_HUMANS]
    frames: dict[str, list[dict[str, Any]]] = {seat: [] for seat in CNG_HUMANS}
    pages: dict[str, Page] = {}
    try:
        for seat, context in zip(CNG_HUMANS, contexts, strict=True):
            page = context.new_page()
            page.set_default_timeout(TIMEOUT_MS)

            def on_socket(ws: Any, seat: str = seat) -> None:
                ws.on(
                    "framereceived",
                    lambda payload, seat=seat: frames[seat].append(json.loads(payload)),
                )

            page.on("websocket", on_socket)
            page.goto(links[seat]["url"])
            expect(page.locator("section.me")).to_be_visible()
            pages[seat] = page
        chosen: dict[str, list[str]] = {seat: [] for seat in CNG_HUMANS}
        deadline = time.monotonic() + 30
        while True:
            public = server.state(created["id"])
            if public["over"] or public["view"]["round"] >= 2:
                break
            assert time.monotonic() < deadline, f"round 1 did not end; choices: {chosen}"
            for seat, page in pages.items():
                other = next(s for s in CNG_HUMANS if s != seat)
                _assert_no_secret_of(page, other, server, created["id"], links[other]["token"])
                ready = page.evaluate(READY_OR_OVER) and not _over(page)
                if not ready:
                    continue
                actions = page.locator(ACTION_BUTTONS).evaluate_all(
                    "(bs) => bs.map((b) => b.dataset.action)"
                )
                action = _cng_choice(seat, actions)
                page.locator(f'{ACTION_BUTTONS}[data-action="{action}"]').click()
                chosen[seat].append(action)
            time.sleep(0.1)
        for seat in CNG_HUMANS:
            verbs = {a.split(":")[0] for a in chosen[seat]}
            assert {"load", "aim"} <= verbs, f"{seat} chose {chosen[seat]}"
            assert verbs & {"hide", "stay"}, f"{seat} chose {chosen[seat]}"
            expect(pages[seat].locator(".cng-head")).to_contain_text("Round 2")
        # No frame a page received ever carried the other seat's secrets.
        for seat, received in frames.items():
            assert received, f"{seat}'s page got no WebSocket frames"
            other = next(s for s in CNG_HUMANS if s != seat)
            for frame in received:
                view = frame["view"]
                assert frame["seat"] == seat and view["seat"] == seat
                if view["step"] in SECRET_STEPS:
                    (them,) = [p for p in view["players"] if p["seat"] == other]
                    assert all(g.get("card") is None for g in them["guns"]), frame
    finally:
        for context in contexts:
            context.close()


def _assert_no_secret_of(page: Page, other: str, server: Server, match: str, token: str) -> None:
    """While choices are secret, `page` shows nothing of what `other` has loaded."""
    theirs = server.state(match, token)["view"]
    loaded = [c for c in (theirs.get("me") or {}).get("loaded", []) if c]
    if theirs["step"] not in SECRET_STEPS or not loaded:
        return
    guns = page.locator(f'li.player[aria-label="{other}"] .guns')
    text = " ".join(guns.all_text_contents())
    for card in loaded:
        assert CARD_NAMES[card] not in text, f"{other}'s loaded {card} shows on another page"
    expect(page.locator("section.me")).to_have_count(1)
