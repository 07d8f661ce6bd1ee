"""Escape from New York's page in a real browser: a 2-hero match (the page plays p1, a bot p2)
drawn from the seat's view, choices made by clicking the map and the buttons, a whole game
played to its end through the page with no card of the other hero's shown, an axe audit at
desktop and phone width, and a phone-sized screen.

The server registers the game in its own process (tests/web/serve_with_test_game.py):
an environment installed before the game's entry point was added does not find it. The
markup does not depend on the database, so these tests run on SQLite only (as the axe audit
does) and keep the machine's time for the games' own tests.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from getaway.core import ALL, Rng
from getaway.games.escape_from_new_york.game import GAME as EFNY
from tests.web.conftest import DESKTOP, PHONE, READY, Server, Servers, browser_page
from tests.web.test_accessibility import audit
from tests.web.test_browser import READY_OR_OVER

GAME = "escape-from-new-york"
MAP_DRAWN = "() => document.querySelectorAll('svg.ny-map g.ny-space').length > 0"
OVER = '() => !document.querySelector("section.result").hidden'
#: The game's English words, to look for card names on the page.
WORDS: dict[str, str] = json.loads(
    (Path(EFNY.client_dir() or ".") / "i18n" / "en.json").read_text("utf-8")
)


@pytest.fixture(scope="module")
def server(servers: Servers) -> Server:
    """The worker's server on SQLite (the markup does not depend on the database)."""
    return servers.on("sqlite")


@pytest.fixture
def page(browser: Browser) -> Iterator[Page]:
    with browser_page(browser, viewport=DESKTOP) as fresh:
        yield fresh


def _match(server: Server, seed: int, bot: str = "heuristic") -> tuple[str, dict[str, Any]]:
    """A 2-hero match where p1 (the page) plays first, with a bot as p2: (id, p1's seat)."""
    created = server.create(
        {
            "game": GAME,
            "options": {"players": 2, "first_player": "p1"},
            "bots": {"p2": bot},
            "seed": seed,
        }
    )
    (p1,) = created["seats"]
    return created["id"], p1


def _open(page: Page, url: str) -> None:
    page.goto(url)
    page.wait_for_function(MAP_DRAWN)
    page.wait_for_function(READY_OR_OVER)


def _play_until(
    server: Server, match: str, token: str, done: Callable[[dict[str, Any]], bool]
) -> dict[str, Any]:
    """p1 plays through the API, its first legal action, until ``done`` says the state is the
    one; a seeded choice breaks the loops a first action could make (keep, choose...)."""
    rng = Rng(7)
    for _ in range(400):
        state = server.turn(match, token)
        if done(state):
            return state
        assert not state["over"], "the game ended first"
        legal = state["legal_actions"]
        server.act(match, token, legal[rng.below(len(legal))])
    raise AssertionError("the state asked for never came")


def _card_name(card_id: str) -> str | None:
    for prefix in ("ny_card_", "ny_item_", "ny_diplomat_"):
        if prefix + card_id in WORDS:
            return WORDS[prefix + card_id]
    return None


def _strings(value: Any) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from _strings(item)
    elif isinstance(value, list):
        for item in value:
            yield from _strings(item)


def _hidden_names(truth: dict[str, Any], view: dict[str, Any]) -> set[str]:
    """Names of the cards p2 holds out of p1's sight (hand, discard, face-down played and
    special cards, face-down supply) that nothing in p1's view names."""
    hero = truth["table"]["heroes"]["p2"]
    ids = [*hero["hand"], *hero["discard"], *hero["played"], *hero["specials"]]
    ids += [card for _kind, card, face_up in hero["supply"] if not face_up]
    hidden = {name for card in ids if (name := _card_name(card))}
    seen = {name for text in _strings(view) if (name := _card_name(text))}
    return hidden - seen


# The page ---------------------------------------------------------------------------------------


def test_the_map_and_the_boards_are_drawn_from_the_view(server: Server, page: Page) -> None:
    match, p1 = _match(server, seed=11)
    _open(page, p1["url"])
    view = server.turn(match, p1["token"])["view"]
    table = view["table"]
    spaces = page.locator("svg.ny-map g.ny-space")
    expect(spaces).to_have_count(len(table["spaces"]))
    cells = spaces.evaluate_all("gs => gs.map(g => g.dataset.cell)")
    assert cells == [f"{c}" for c in (f"{s['cell'][0]},{s['cell'][1]}" for s in table["spaces"])]
    expect(page.locator("svg.ny-map g.ny-hero")).to_have_count(2)
    expect(page.locator("svg.ny-map g.ny-bridge")).to_have_count(4)
    # p1's own hand in full, by name; p2's as backs and a count.
    mine = page.locator('li.ny-hero-board[data-seat="p1"]')
    for card in table["heroes"]["p1"]["hand"]:
        expect(mine.locator("li.ny-card strong", has_text=WORDS[f"ny_card_{card}"])).to_have_count(
            1
        )
    other = page.locator('li.ny-hero-board[data-seat="p2"]')
    expect(other).to_contain_text(f"cards in hand: {table['heroes']['p2']['hand_size']}")
    expect(other).to_contain_text("secret")
    # The timer deck by its colours, New York's noise track.
    expect(page.locator(".ny-timer-deck li.timer-card")).to_have_count(len(table["timer_colours"]))
    expect(page.locator(".ny-track li.here")).to_have_text(str(table["noise"]))


# axe leaves the contrast of SVG text undecided: each label of the map is measured here
# against the filled shape drawn under it in its own group (WCAG's ratio, 4.5:1 for text this
# small): spaces of every kind, heroes, enemies, markers and bridges.
MAP_LABEL_CONTRAST = r"""() => {
  const rgb = (css) => (css.match(/[\d.]+/g) || []).slice(0, 3).map(Number);
  const channel = (v) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  const lum = (c) => 0.2126 * channel(c[0]) + 0.7152 * channel(c[1]) + 0.0722 * channel(c[2]);
  const ratio = (a, b) => {
    const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p);
    return (x + 0.05) / (y + 0.05);
  };
  const out = [];
  for (const text of document.querySelectorAll("svg.ny-map text")) {
    const group = text.parentElement;
    const shape = group.querySelector(":scope > polygon, :scope > rect, :scope > circle");
    out.push([group.getAttribute("class"), text.textContent,
              ratio(rgb(getComputedStyle(text).fill), rgb(getComputedStyle(shape).fill))]);
  }
  return out;
}"""


def test_the_maps_labels_are_legible(server: Server, page: Page) -> None:
    match, p1 = _match(server, seed=17)
    # A map with tiles explored, heroes moved and enemies about.
    _play_until(
        server,
        match,
        p1["token"],
        lambda s: (
            s["view"]["table"]["step"] >= 3
            and any(sp["prisoners"] for sp in s["view"]["table"]["spaces"])
        ),
    )
    _open(page, p1["url"])
    measured = page.evaluate(MAP_LABEL_CONTRAST)
    kinds = {kind.split()[0] for kind, _text, _ratio in measured}
    assert {"ny-space", "ny-hero", "ny-enemy", "ny-bridge"} <= kinds, kinds
    poor = [(kind, text, round(r, 2)) for kind, text, r in measured if r < 4.5]
    assert not poor, poor


def test_a_space_on_the_map_is_clicked_and_works_from_the_keyboard(
    server: Server, page: Page
) -> None:
    match, p1 = _match(server, seed=12)
    token = p1["token"]
    state = _play_until(
        server,
        match,
        token,
        lambda s: any(a.startswith(("step:", "explore:")) for a in s["legal_actions"]),
    )
    _open(page, p1["url"])
    targets = page.locator("svg.ny-map g.ny-space.target")
    on_map = [a for a in state["legal_actions"] if a.startswith(("step:", "explore:"))]
    expect(targets.first).to_be_visible()
    cells = {a.split(":")[1] for a in on_map}
    assert cells <= set(targets.evaluate_all("gs => gs.map(g => g.dataset.cell)"))
    one = targets.locator("xpath=self::*[@data-action]").first
    action = one.get_attribute("data-action")
    assert action in state["legal_actions"]
    expect(one).to_have_attribute("role", "button")
    expect(one).to_have_attribute("tabindex", "0")
    one.focus()
    page.keyboard.press("Enter")
    page.wait_for_function(READY_OR_OVER)
    after = server.state(match, token)
    assert after["version"] > state["version"]


def test_several_choices_on_one_space_open_a_chooser(server: Server, page: Page) -> None:
    """A space two actions name (two deceived enemies sent to one space: rare in play) asks
    which one, with the actions as buttons. Drawn by the renderer module itself, in a box of
    its own, from a real view and those two actions."""
    match, p1 = _match(server, seed=13)
    _open(page, p1["url"])
    view = server.turn(match, p1["token"])["view"]
    cell = "{},{}".format(*view["table"]["heroes"]["p1"]["cell"])
    both = [f"deceive:0:{cell}", f"deceive:1:{cell}"]
    page.evaluate(
        """async ([view, legal]) => {
          const mod = await import("/games/escape-from-new-york/renderer.js");
          const box = document.createElement("div");
          box.id = "chooser-test";
          document.body.append(box);
          window.played = [];
          const ctx = { t: (k) => k, has: () => false, word: (p, id) => id,
                        act: (a) => window.played.push(a), isPending: () => false };
          await mod.createRenderer(box, ctx).update({ view, legal_actions: legal });
        }""",
        [view, both],
    )
    space = page.locator(f'#chooser-test g.ny-space.target[data-cell="{cell}"]')
    expect(space).to_have_count(1)
    assert space.get_attribute("data-action") is None  # not one action: a click must ask
    space.click()
    buttons = page.locator("#chooser-test .ny-chooser button.ny-choice")
    assert buttons.evaluate_all("bs => bs.map(b => b.dataset.action)") == both
    buttons.last.click()
    assert page.evaluate("() => window.played") == [both[1]]


LABELS = {
    "recover": "Recover: take back your discards and reveal a timer card",
    "keep": "Keep your hand as it is",
    "keep:axe": "Keep Axe",
    "choose:snake_move_out": "Choose Move Out",
    "choose:?": "Choose a hidden card",
    "play:maggie_sneak": "Play Sneak",
    "ability:1:?": "Personal ability, option 2, in place of a hidden card",
    "passenger:p2": "Take Player 2 along",
    "step:3,2:road": "Step to space 3,2",
    "step:3,2:crash": "Crash the car through the barricade to space 3,2",
    "bridge:3": "Cross bridge 3 and escape",
    "explore:4,1": "Explore space 4,1",
    "hit:0": "1 damage to target 1 in range",  # with no choices in the view
    "return:?": "Take back a hidden card",
    "steal:p1": "Steal from Player 1",
    "take-diplomat:2": "Take diplomat token 2",
    "attempt:1": "Call the team's escape over bridge 1",
    "swap:purple": "Swap your purple objective",
    "objective:glider": "New objective: escape by the glider (blue)",
    "enemy:1": "Move enemy 2 (for New York)",
    "shop:reload:2": "Weapon Shop: reload 2",
    "library:item": "Library: draw an item",
    "deceive:1:5,1": "Deceive target 2, sending it to space 5,1",
    "choose:?/play:maggie_sneak": "Choose a hidden card → Play Sneak",
}


def _numbered_choices() -> list[tuple[dict[str, Any], list[str]]]:
    """A seat's view and legal actions for each kind of numbered choice (hit, deceive,
    enemy, route), the first met in random 2- and 3-hero games."""
    found: dict[str, tuple[dict[str, Any], list[str]]] = {}
    for seed in range(8):
        state = EFNY.new_state({"players": 2 + seed % 2}, seed)
        pick = Rng(seed)
        for _ in range(300):
            if state.is_over() or len(found) == 4:
                break
            seat = state.to_act()[0]
            legal = list(state.legal_actions(seat))
            kinds = {a.split(":")[0] for a in legal} & {"hit", "deceive", "enemy", "route"}
            for kind in kinds - set(found):
                found[kind] = (state.view(seat), [a for a in legal if a.startswith(kind)])
            state.apply(seat, legal[pick.below(len(legal))])
    assert set(found) == {"hit", "deceive", "enemy", "route"}
    return [found[kind] for kind in sorted(found)]


def test_every_kind_of_action_id_is_put_into_words(server: Server, page: Page) -> None:
    _open(page, _match(server, seed=14)[1]["url"])
    labels = page.evaluate(
        """async (ids) => {
          const renderer = await import("/games/escape-from-new-york/renderer.js");
          return Object.fromEntries(ids.map((id) => [id, renderer.actionLabel(id)]));
        }""",
        list(LABELS),
    )
    wrong = {i: (labels[i], want) for i, want in LABELS.items() if labels[i] != want}
    assert not wrong, wrong
    # The numbers of hit:I, deceive:I:C,R, enemy:I and route:J are named by the view's
    # choices: the figure and its space, the route's spaces. Out of the moment they were
    # listed for (a replay's step, the log) they stay numbers.
    cases = _numbered_choices()
    named = page.evaluate(
        """async (cases) => {
          const renderer = await import("/games/escape-from-new-york/renderer.js");
          return cases.map(([view, legal]) => [
            legal.map((id) => renderer.actionLabel(id, { view, legal_actions: legal })),
            legal.map((id) => renderer.actionLabel(id, { view, legal_actions: [] })),
          ]);
        }""",
        [[view, legal] for view, legal in cases],
    )
    for (view, legal), (now, later) in zip(cases, named, strict=True):
        choices = view["choices"]
        for action, label, bare in zip(legal, now, later, strict=True):
            kind, index = action.split(":")[:2]
            figure = choices["moving"] if kind == "route" else choices[kind][int(index)]
            where = "space {},{}".format(*figure["cell"])
            assert where in label and "target" not in label, (action, label)
            words = WORDS[f"ny_boss_{figure['boss']}"] if figure["boss"] else figure["kind"]
            assert words in label, (action, label)
            if kind == "route":
                cells = choices["route"][int(index)]["cells"]
                assert " → ".join("{},{}".format(*c) for c in cells) in label, label
            assert bare != label and any(ch.isdigit() for ch in bare), (action, bare)


def test_a_phone_screen_scrolls_the_map_not_the_page(server: Server, browser: Browser) -> None:
    _match_id, p1 = _match(server, seed=15)
    with browser_page(browser, viewport=PHONE) as page:
        _open(page, p1["url"])
        sizes = page.evaluate(
            """() => ({page: document.documentElement.scrollWidth,
                       view: document.documentElement.clientWidth,
                       box: document.querySelector(".ny-map-scroll").clientWidth,
                       hex: document.querySelector("svg.ny-map g.ny-space polygon")
                         .getBoundingClientRect().width})"""
        )
        assert sizes["page"] <= sizes["view"], f"the page scrolls sideways: {sizes}"
        assert sizes["box"] <= sizes["view"]
        assert sizes["hex"] >= 24, f"a space is too small to tap: {sizes}"
        expect(page.locator("section.actions button.action").first).to_be_visible()


def test_the_page_speaks_russian(server: Server, browser: Browser) -> None:
    _match_id, p1 = _match(server, seed=16)
    with browser_page(browser, viewport=DESKTOP, locale="ru-RU") as page:
        _open(page, p1["url"])
        expect(page.locator("#ny-map-h")).to_have_text("Карта Манхэттена")
        expect(page.locator('li.ny-hero-board[data-seat="p2"]')).to_contain_text("карт в руке")


# axe ------------------------------------------------------------------------------------------


#: Pages made once per server: (what, server's URL) -> the page's URL. Nothing the tests do
#: on them changes the match (axe only reads; the replay is of a finished game).
_MADE: dict[tuple[str, str], str] = {}


def _once(make: Callable[[Server, int], str], server: Server) -> str:
    key = (make.__name__, server.url)
    if key not in _MADE:
        _MADE[key] = make(server, 20)
    return _MADE[key]


def _moving(server: Server, seed: int) -> str:
    """A page with spaces to click on the map (a move or an exploration under way)."""
    match, p1 = _match(server, seed)
    _play_until(
        server,
        match,
        p1["token"],
        lambda s: any(a.startswith(("step:", "explore:")) for a in s["legal_actions"]),
    )
    return str(p1["url"])


def _finished(server: Server, seed: int) -> str:
    """A spectator's page of a game two random bots played to the end."""
    bots = dict.fromkeys(("p1", "p2"), "random")
    created = server.create({"game": GAME, "options": {"players": 2}, "bots": bots, "seed": seed})
    for _ in range(600):
        if server.state(created["id"])["over"]:
            return str(created["spectator_url"])
        time.sleep(0.05)
    raise AssertionError("the bots did not finish")


@pytest.mark.parametrize("make", [_moving, _finished], ids=["moving", "over"])
def test_the_page_has_no_axe_violation(
    server: Server, browser: Browser, make: Callable[[Server, int], str]
) -> None:
    """Opened on a phone, then widened to the desktop's width (test_accessibility.audit)."""
    url = _once(make, server)
    with browser_page(browser, viewport={"width": PHONE["width"], "height": 900}) as page:
        page.goto(url)
        page.wait_for_function(MAP_DRAWN)
        page.wait_for_function(OVER if make is _finished else READY)
        page.wait_for_load_state("networkidle")
        found = audit(page, [PHONE["width"], DESKTOP["width"]])
    assert not found, f"axe finds {found}"


def test_the_replay_draws_every_position_as_all_and_as_a_seat(server: Server, page: Page) -> None:
    """The replay draws ``all``'s view (the whole table as saved, decks as lists) as the
    table shows it, and a seat's; each step named in words."""
    url = _once(_finished, server)
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(url)
    page.get_by_role("link", name="Watch the replay").click()
    page.wait_for_function(MAP_DRAWN)
    for viewer in ("all", "p1"):
        page.select_option("#replay-as", viewer)
        page.wait_for_function(MAP_DRAWN)
        page.locator("button.replay-last").click()
        expect(page.locator(".ny-when")).to_contain_text("game over")
        page.locator("button.replay-first").click()
        named = []
        for _ in range(12):
            page.locator("button.replay-next").click()
            named.append("Choose" in page.locator("main").inner_text())
        assert any(named), f"no choice of a card named as {viewer}"
        # The timer by its colours and New York's deck by its size, whoever looks.
        expect(page.locator(".ny-timer-deck li.timer-card").first).to_be_visible()
    assert not errors, errors


# A whole game -----------------------------------------------------------------------------------


def _click(page: Page, action: str) -> None:
    """Play ``action`` where a player would: its space or bridge on the map when the map
    offers it alone there, through the chooser when the space has several, else its button."""
    on_map = page.locator(f'svg.ny-map [data-action="{action}"]')
    if on_map.count():
        on_map.first.click()
        return
    cell = next((p for p in action.split(":")[1:] if "," in p), None)
    if cell is not None and action.split(":")[0] in ("step", "explore", "peek", "deceive"):
        space = page.locator(f'svg.ny-map g.ny-space.target[data-cell="{cell}"]')
        if space.count():
            space.first.click()
            page.locator(f'.ny-chooser button[data-action="{action}"]').click()
            return
    page.locator(f'section.actions button.action[data-action="{action}"]').click()


def test_a_whole_game_is_played_through_the_page_with_no_card_of_the_other_hero_shown(
    server: Server, page: Page
) -> None:
    match, p1 = _match(server, seed=30)
    token = p1["token"]
    _open(page, p1["url"])
    rng = Rng(30)
    clicked: list[str] = []
    seen: list[tuple[dict[str, Any], str]] = []
    deadline = time.monotonic() + 240
    while True:
        assert time.monotonic() < deadline, f"the game did not end; {len(clicked)} clicks"
        page.wait_for_function(READY_OR_OVER)
        if page.evaluate(OVER):
            break
        # The page's buttons are the seat's legal actions; the server waits for this seat.
        legal = page.locator("section.actions button.action").evaluate_all(
            "bs => bs.map(b => b.dataset.action)"
        )
        if len(clicked) % 6 == 0:
            state = server.state(match, token)
            assert sorted(state["legal_actions"]) == sorted(legal)
            # The log tells what was played in the open, which stays known: left out here.
            text = page.locator("section.game-area").evaluate(
                "el => { const c = el.cloneNode(true); c.querySelector('.ny-log').remove();"
                " return c.textContent; }"
            )
            seen.append((state["view"], text))
        action = legal[rng.below(len(legal))]
        _click(page, action)
        clicked.append(action)
    final = server.state(match, token)
    assert final["over"]
    assert any(a.startswith(("step:", "explore:")) for a in clicked)  # the map was used
    expect(page.locator("section.result")).to_be_visible()
    # The page showed nothing of p2's hidden cards: the truth is rebuilt from the replay.
    replay = server.request("GET", f"/api/matches/{match}/replay?token={token}")
    truth = EFNY.new_state(replay["options"], int(replay["seed"]))
    truths = {json.dumps(truth.view("p1"), sort_keys=True): truth.view(ALL)}
    for move in replay["actions"]:
        truth.apply(move["seat"], move["action"])
        truths[json.dumps(truth.view("p1"), sort_keys=True)] = truth.view(ALL)
    checked = 0
    for view, text in seen:
        whole = truths[json.dumps(view, sort_keys=True)]
        leaked = [name for name in _hidden_names(whole, view) if name in text]
        assert not leaked, f"the page names p2's hidden cards {leaked}"
        checked += bool(_hidden_names(whole, view))
    assert checked, "no page was checked against a hidden card"
