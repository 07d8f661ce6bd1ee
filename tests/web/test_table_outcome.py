"""The game-over panel in real chromium: the shared outcome panel (outcome.js) draws a game's
``outcome()`` with the game's words. Every seat gets a row (the dead too, without a score),
money reads as money, the shame is shown beside the money after shame, and the payoffs bots
learn from (``returns``: -1, 1) never appear. Checked on made-up outcomes through the page's
own modules, and on a Cash 'n Guns match the bots play to its end."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.web.conftest import TIMEOUT_MS, Server

CNG_OUTCOME: dict[str, Any] = {
    "winners": ["lotus"],
    "side": "lotus",
    "returns": {"tino": -1.0, "el-toro": -1.0, "lotus": 1.0, "mr-black": -1.0},
    "reason": "richest",
    "summary": "lotus wins with $120,000 after shame",
    "scores": {"tino": 15000, "lotus": 120000, "mr-black": 120000},
    "facts": {
        "round": 8,
        "survivors": ["tino", "lotus", "mr-black"],
        "dead": ["el-toro"],
        "money": {"tino": 25000, "lotus": 120000, "mr-black": 130000},
        "shame": {"tino": 5, "el-toro": 2, "lotus": 0, "mr-black": 7},
        "wounds": {"tino": 1, "el-toro": 3, "lotus": 0, "mr-black": 2},
    },
    "roles": {},
}
SY_OUTCOME: dict[str, Any] = {
    "winners": ["d1", "d2", "d3"],
    "side": "detectives",
    "returns": {"mrx": -1.0, "d1": 1.0, "d2": 1.0, "d3": 1.0},
    "reason": "capture",
    "summary": "d2 caught Mr. X at station 115 in round 9",
    "scores": {},
    "facts": {"round": 9, "piece": "d2", "seat": "d2", "station": 115},
    "roles": {},
}

# Draws `outcome` with the shared panel in `lang`, with `game`'s words and renderer.
#: The seats' English names (the game's `seat_` words), as the result table shows them.
NAMES = {"tino": "Tino", "el-toro": "El Toro", "lotus": "Lotus", "mr-black": "Mr. Black"}

DRAW = """async ([lang, game, outcome]) => {
  const i18n = await import("/static/js/i18n.js");
  const { outcomeNodes } = await import("/static/js/outcome.js");
  const { loadClient, createRenderer } = await import("/static/js/renderers.js");
  await i18n.setLanguage(lang);
  const client = await loadClient(game);
  const page = { act() {}, isPending: () => true, live: false };
  const renderer = createRenderer(client, document.createElement("div"), page);
  const box = document.createElement("section");
  box.className = "result";
  box.append(...outcomeNodes(outcome, client, renderer).filter(Boolean));
  document.querySelector("main").replaceChildren(box);
}"""


@pytest.fixture
def page(browser: Browser, server: Server) -> Iterator[Page]:
    context = browser.new_context()
    context.set_default_timeout(TIMEOUT_MS)
    try:
        page = context.new_page()
        page.goto(server.url)
        page.wait_for_load_state("networkidle")
        yield page
    finally:
        context.close()


def _rows(page: Page) -> list[list[str]]:
    rows: list[list[str]] = page.locator("table.scores tr").evaluate_all(
        "(rows) => rows.map((r) => [...r.cells].map((c) => c.textContent))"
    )
    return rows


def test_every_seat_has_a_row_and_the_dead_have_no_score(page: Page) -> None:
    page.evaluate(DRAW, ["en", "cash-n-guns", CNG_OUTCOME])
    result = page.locator("section.result")
    expect(result.locator(".winners")).to_have_text("Winner: Lotus")
    expect(result.locator(".reason")).to_have_text("Lotus has the most money after shame.")
    assert _rows(page) == [
        ["seat", "money after shame", "money before shame", "shame tokens", "wounds"],
        ["Lotus", "$120,000", "$120,000", "0", "0"],
        ["Mr. Black", "$120,000", "$130,000", "7", "2"],
        ["Tino", "$15,000", "$25,000", "5", "1"],
        ["El Toro", "dead, no score", "—", "2", "3"],
    ]
    assert not re.search(r"[-\N{MINUS SIGN}]1\b", result.inner_text())


def test_the_dead_read_in_russian_too(page: Page) -> None:
    page.evaluate(DRAW, ["ru", "cash-n-guns", CNG_OUTCOME])
    rows = _rows(page)
    assert rows[-1][:2] == ["Эль Торо", "убит, без очков"]  # noqa: RUF001 (Russian)
    assert rows[0][2] == "деньги до позора"


def test_who_caught_mr_x_where(page: Page) -> None:
    page.evaluate(DRAW, ["en", "scotland-yard", SY_OUTCOME])
    result = page.locator("section.result")
    expect(result.locator(".winners")).to_have_text("Winner: the detectives")
    expect(result.locator(".reason")).to_have_text("d2 caught Mr. X at station 115 in round 9.")
    # Scotland Yard counts no points: no table, and no payoffs instead.
    expect(result.locator("table.scores")).to_have_count(0)
    assert "1.0" not in result.inner_text()


def test_a_finished_cash_n_guns_match_shows_its_result(server: Server, page: Page) -> None:
    bots = dict.fromkeys(("tino", "el-toro", "lotus", "mr-black"), "random")
    # The game test_table_replay.py steps through (made once per server).
    created, state = server.finished(
        {"game": "cash-n-guns", "options": {"players": 4}, "bots": bots, "seed": 5}
    )
    page.goto(created["spectator_url"])
    result = page.locator("section.result")
    expect(result.locator("table.scores")).to_be_visible()
    outcome = state["outcome"]
    rows = _rows(page)
    assert len(rows) == 1 + len(outcome["returns"])
    # Said once, not twice (the turn line gives way to the panel), and read out with who won.
    expect(page.locator("p.turn")).to_be_hidden()
    # Seed 5 gives one winner on a quiet server (Mr. Black, checked over repeated runs); one
    # fresh-clone run under load got a four-way shared victory instead, not explained yet (the
    # server's log was not kept then; see serving() in conftest.py). Either way the announcer
    # says "Winner" for one seat and "Winners" for several.
    winners = outcome["winners"]
    label = "Winner" if len(winners) == 1 else "Winners"
    names = ", ".join(NAMES[seat] for seat in winners)
    expect(page.locator("#announcer")).to_contain_text(f"Game over. {label}: {names}. ")
    for seat, score in outcome["scores"].items():
        row = next(r for r in rows if r[0] == NAMES[seat])
        sign = "\N{MINUS SIGN}" if score < 0 else ""
        assert row[1] == f"{sign}${abs(score):,}"
        assert row[3] == str(outcome["facts"]["shame"][seat])


@pytest.mark.parametrize("lang", ["en", "ru", "pt"])
def test_the_result_fits_a_phone(page: Page, lang: str) -> None:
    page.set_viewport_size({"width": 375, "height": 700})
    page.evaluate(DRAW, [lang, "cash-n-guns", CNG_OUTCOME])
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 375
