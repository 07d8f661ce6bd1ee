"""The Cash 'n Guns log in real chromium, in every language: the game's renderer draws a
made-up view whose events are the awkward ones (nobody hid, nobody could share the loot, one
and several wounds), through the page's own i18n module, so the words are the ones a player
reads. Counted words follow the language's plural rules (Intl.PluralRules)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, Page

from tests.web.conftest import TIMEOUT_MS, Server

EVENTS: list[dict[str, Any]] = [
    {"type": "hide", "round": 1, "seats": []},
    {"type": "split", "round": 1, "share": 0, "shares": [], "leftover": [5000, 20000]},
    {"type": "wound", "round": 2, "seat": "tino", "wounds": 1, "total": 1, "cause": "shot"},
    {"type": "wound", "round": 2, "seat": "lotus", "wounds": 2, "total": 2, "cause": "shot"},
    {"type": "wound", "round": 3, "seat": "igor", "wounds": 5, "total": 5, "cause": "grenade"},
    {
        "type": "split",
        "round": 3,
        "share": 45000,
        "shares": [{"seat": "lotus", "notes": []}],
        "leftover": [],
    },
    {"type": "grenade", "round": 4, "seat": "haggis", "victims": []},
    {"type": "end", "round": 8, "winners": [], "reason": "no-survivor"},
]
VIEW = {
    "round": 1, "rounds": 8, "step": "load", "grenade": "none", "phone": None, "pot": [],
    "deck_left": 1, "me": None, "players": [], "to_act": [], "events": EVENTS,
}  # fmt: skip

# Draws VIEW with the game's renderer in `lang` and returns each event's sentence.
DRAW = """async ([lang, view]) => {
  const i18n = await import("/static/js/i18n.js");
  await i18n.setLanguage(lang);
  const games = await (await fetch("/api/games")).json();
  const client = games.find((g) => g.name === "cash-n-guns").client;
  await i18n.loadGameStrings("cash-n-guns", client.i18n);
  const { createRenderer } = await import(client.renderer);
  const box = document.createElement("div");
  const ctx = { live: false, act() {}, isPending: () => true, ...i18n.translator("cash-n-guns") };
  const renderer = createRenderer(box, ctx);
  renderer.update({ game: "cash-n-guns", seat: "spectator", view, legal_actions: [], to_act: [] });
  const events = [...box.querySelectorAll(".event-list li")].map((li) => li.textContent);
  return { events, deck: box.querySelector(".pot p").textContent };
}"""


@pytest.fixture
def page(browser: Browser, server: Server) -> Iterator[Page]:
    context = browser.new_context()
    context.set_default_timeout(TIMEOUT_MS)
    try:
        page = context.new_page()
        page.goto(server.url)
        # The lobby has loaded every game's strings: no load of its own races the test's.
        page.wait_for_load_state("networkidle")
        yield page
    finally:
        context.close()


def _draw(page: Page, lang: str) -> tuple[list[str], str]:
    drawn = page.evaluate(DRAW, [lang, VIEW])
    return drawn["events"], drawn["deck"]


def test_english_log_has_no_empty_lists_and_counts_right(page: Page) -> None:
    events, deck = _draw(page, "en")
    assert events[0] == "Nobody hides."
    assert (
        events[1]
        == "Nobody can share the loot: nobody is left standing. Left in the pot: $5,000, $20,000."
    )
    assert events[2] == "Tino takes 1 wound, 1 in all."
    assert events[3] == "Lotus takes 2 wounds, 2 in all."
    assert events[4] == "Igor takes 5 wounds from the grenade, 5 in all."
    assert events[5] == "The split: Lotus takes $45,000 alone. Nothing is left in the pot."
    assert events[6] == "The grenade of Haggis goes off and hurts nobody."
    assert events[7] == "The end. Nobody wins (nobody survived)."
    assert deck == "1 note left in the deck"


def test_russian_log_uses_its_three_plural_forms(page: Page) -> None:
    events, deck = _draw(page, "ru")
    assert events[0] == "Никто не прячется."
    assert events[1].startswith("Делить добычу некому")
    assert events[2] == "Тино получает 1 рану, всего 1."
    assert events[3] == "Лотос получает 2 раны, всего 2."
    assert events[4] == "Игорь получает от гранаты 5 ран, всего 5."
    assert deck == "В колоде осталась 1 купюра"  # noqa: RUF001 (Russian)


def test_portuguese_log_reads_in_full(page: Page) -> None:
    events, deck = _draw(page, "pt")
    assert events[0] == "Ninguém se esconde."
    assert events[1].startswith("Ninguém pode dividir o saque")
    assert events[2] == "Tino sofre 1 ferimento, 1 no total."
    assert events[3] == "Lotus sofre 2 ferimentos, 2 no total."
    assert deck == "1 nota restante no baralho"
    for sentence in events:
        assert " ." not in sentence and "—" not in sentence, sentence
