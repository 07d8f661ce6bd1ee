"""Escape Plan's page in a real browser: a 2-player match (the page plays p1, a random bot
p2) drawn from the seat's view, choices made by clicking the map and the display, an axe
audit, and a phone-sized screen.

The server registers Escape Plan in its own process (tests/web/serve_with_test_game.py):
an environment installed before the game's entry point was added does not find it. The
markup does not depend on the database, so these tests run on SQLite only (as the axe
audit does) and keep the machine's time for the games' own tests.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, Locator, Page, expect

from getaway.games.escape_plan import load_content
from getaway.games.escape_plan.render_city import rotated_cells
from tests.web.conftest import (
    DESKTOP,
    PHONE,
    READY,
    SERVE_MODULE,
    Server,
    browser_page,
    serving,
)
from tests.web.test_accessibility import audit
from tests.web.test_browser import READY_OR_OVER

GAME = "escape-plan"
CITY_DRAWN = "() => document.querySelectorAll('svg.ep-city g.tile').length >= 2"
#: The steps of a move that go to a node of the city (docs/games/escape-plan.md).
MAP_STEPS = ("walk", "jetski", "metro", "fly", "sewer", "heli")


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """A server of its own, on SQLite (the markup does not depend on the database). Not the
    worker's shared one: in a server that had served the other browser tests first, the
    random bot p2 of the whole game below stopped answering after p1 ended a turn (in two
    full runs of tests/web on 2 workers; not understood yet)."""
    path = tmp_path_factory.mktemp("db") / "getaway.sqlite3"
    with serving(SERVE_MODULE, f"sqlite:///{path}") as running:
        yield running


@pytest.fixture
def page(browser: Browser) -> Iterator[Page]:
    with browser_page(browser, viewport=DESKTOP) as fresh:
        yield fresh


# Matches driven through the HTTP API ----------------------------------------------------------


def _match(server: Server, seed: int) -> tuple[str, dict[str, Any]]:
    """A 2-player match where p1 (the page) sits first against a random bot: (id, p1)."""
    created = server.create(
        {
            "game": GAME,
            "options": {"players": 2, "first_player": "p1"},
            "bots": {"p2": "random"},
            "seed": seed,
        }
    )
    (p1,) = created["seats"]
    return created["id"], p1


def _play_until(
    server: Server,
    match: str,
    token: str,
    done: Callable[[dict[str, Any]], bool],
    pick: Callable[[list[str]], str] = lambda legal: legal[0],
) -> dict[str, Any]:
    """p1 plays ``pick`` of its legal actions until ``done`` says its state is the one."""
    for _ in range(300):
        state = server.turn(match, token)
        if done(state):
            return state
        assert not state["over"], "the game ended first"
        server.act(match, token, pick(state["legal_actions"]))
    raise AssertionError("the state asked for never came")


def _turned_last(legal: list[str]) -> str:
    """The last choice: the last free cell and the last rotation, so that tiles turn."""
    return legal[-1]


def _click(target: Locator) -> None:
    """Click a choice where a player would: on a map node, its first cell (the middle of an
    L-shaped area's box may be another node's cell); anything else in its middle."""
    cells = target.locator("rect.cell")
    (cells.first if cells.count() else target).click()


def _open(page: Page, url: str) -> None:
    page.goto(url)
    page.wait_for_function(CITY_DRAWN)
    page.wait_for_function(READY)


# The city ---------------------------------------------------------------------------------------


def test_the_two_player_city_is_drawn_from_the_view(server: Server, page: Page) -> None:
    match, p1 = _match(server, seed=11)
    _open(page, p1["url"])
    view = server.turn(match, p1["token"])["view"]
    table = view["table"]
    tiles = page.locator("svg.ep-city g.tile")
    expect(tiles).to_have_count(len(table["city"]))
    assert tiles.evaluate_all("gs => gs.map(g => g.dataset.tile)") == [t[0] for t in table["city"]]
    # Every tile shows its 9 cells, each node of the tile once, and its police.
    content = load_content()
    for tile_id, *_ in table["city"]:
        tile = content.tile(tile_id)
        group = page.locator(f'g.tile[data-tile="{tile_id}"]')
        expect(group.locator("rect.cell")).to_have_count(9)
        nodes = group.locator("g.node").evaluate_all("gs => gs.map(g => g.dataset.node)")
        assert sorted(nodes) == sorted(f"{tile_id}.{n}" for n in [*tile.areas, *tile.locations])
        expect(group.locator("g.officer")).to_have_count(len(table["police"].get(tile_id, [])))
    # The pawns: both players and Sandra, where the view puts them.
    pawns = page.locator("svg.ep-city g.pawn")
    expect(pawns).to_have_count(3)
    expect(page.locator("g.pawn.mine")).to_have_count(1)
    # The screen: p1 sees its own cash, and only its own.
    mine = page.locator('li.board[data-seat="p1"]')
    expect(mine).to_contain_text(f"${table['players']['p1']['cash']}k")
    expect(page.locator('li.board[data-seat="p2"]')).to_contain_text("behind the screen")
    expect(page.locator('li.board[data-seat="sandra"]')).to_be_visible()
    # The own Escape Plan card, line by line; nobody else's.
    card = table["players"]["p1"]["escape_plan"]
    plan = mine.locator("details.plan-card")
    expect(plan.locator("summary")).to_contain_text(f"Escape Plan card {card}")
    lines = next(c.lines for c in content.escape_plans.cards if c.id == card)
    expect(plan.locator("dt")).to_have_count(len(lines))
    expect(page.locator("details.plan-card")).to_have_count(1)
    # The display: the tiles one may take are buttons.
    buttons = page.locator("button.tile-choice")
    legal = view["legal_actions"]["p1"]
    assert buttons.evaluate_all("bs => bs.map(b => b.dataset.action)") == legal
    expect(page.locator(".noto-track li.level")).to_have_count(10)


def test_a_tile_is_taken_and_placed_by_clicking_the_display_and_a_free_cell(
    server: Server, page: Page
) -> None:
    match, p1 = _match(server, seed=12)
    token = p1["token"]
    _open(page, p1["url"])
    first = server.turn(match, token)["legal_actions"][0]
    page.locator(f'button.tile-choice[data-action="{first}"]').click()
    expect(page.locator(".ep-decision")).to_contain_text(f"Take tile {first[5:]} from the display")
    cells = server.turn(match, token)["legal_actions"]
    free = page.locator("svg.ep-city g.free-cell")
    expect(free).to_have_count(len(cells))
    assert free.evaluate_all("gs => gs.map(g => g.dataset.action)") == cells
    free.last.click()
    page.wait_for_function(READY)
    state = server.turn(match, token)
    cells_last = cells[-1]
    assert state["view"]["decision"] == [first, cells_last]
    turns = state["legal_actions"]
    assert turns and all(a.startswith("turn:") for a in turns)
    expect(page.locator("svg.ep-city g.free-cell")).to_have_count(0)
    # Each way the tile may lie is a button showing the tile turned so.
    buttons = page.locator("button.turn-choice")
    assert buttons.evaluate_all("bs => bs.map(b => b.dataset.action)") == turns
    tile = load_content().tile(first[5:])
    for action in turns:
        cells = rotated_cells(tile, int(action[5:]))
        want = [
            f"loc {tile.locations[n].kind.lower()}"
            if n in tile.locations
            else f"area {tile.areas[n].terrain.lower()}"
            for row in cells
            for n in row
        ]
        drawn = page.locator(f'button.turn-choice[data-action="{action}"] rect.cell')
        assert drawn.evaluate_all("rs => rs.map(r => r.getAttribute('class').slice(5))") == want
    buttons.last.click()
    page.wait_for_function(READY_OR_OVER)
    # The placement goes on (a building space to fill) or is complete.
    placed = server.turn(match, token)["view"]["decision"]
    assert placed in ([first, cells_last, turns[-1]], None)


def test_every_placed_tile_is_drawn_turned_as_it_lies(server: Server, page: Page) -> None:
    match, p1 = _match(server, seed=13)
    token = p1["token"]
    # Through the City phase, turning the tiles as far as the rules allow.
    state = _play_until(
        server, match, token, lambda s: s["view"]["table"]["phase"] != "CITY", _turned_last
    )
    city = state["view"]["table"]["city"]
    assert any(rotation for *_, rotation in city), "no tile turned: pick another seed"
    _open(page, p1["url"])
    content = load_content()
    drawn = page.evaluate(
        """() => Object.fromEntries([...document.querySelectorAll("svg.ep-city g.tile")].map(
          (g) => [g.dataset.tile, [...g.querySelectorAll("g.node")].flatMap((n) =>
            [...n.querySelectorAll("rect.cell")].map((r) => [
              Math.round((Number(r.getAttribute("y")) - 22) / 60),
              Math.round(Number(r.getAttribute("x")) / 60),
              n.dataset.node.split(".")[1]]))]))"""
    )
    for tile_id, _x, _y, rotation in city:
        want = rotated_cells(content.tile(tile_id), rotation)
        got = [[""] * 3 for _ in range(3)]
        for row, column, node in drawn[tile_id]:
            got[row][column] = node
        assert got == want, f"{tile_id} turned {rotation}"


def test_a_move_is_walked_by_clicking_a_node_on_the_map(server: Server, page: Page) -> None:
    match, p1 = _match(server, seed=14)
    token = p1["token"]
    _play_until(server, match, token, lambda s: "move" in s["legal_actions"])
    _open(page, p1["url"])
    page.locator('section.actions button.action[data-action="move"]').click()
    targets = page.locator("svg.ep-city g.node.target")
    expect(targets.first).to_be_visible()
    legal = server.turn(match, token)["legal_actions"]
    on_map = [a for a in legal if a.split(":")[0] in MAP_STEPS]
    assert on_map, legal
    # Each way to a node is one node to click, labelled with the action it takes.
    drawn = targets.evaluate_all("gs => gs.map(g => [g.dataset.action, g.dataset.node])")
    assert sorted(drawn) == sorted([a, a.split(":")[-1]] for a in on_map)
    action, node = drawn[0]
    label = targets.first.get_attribute("aria-label")
    assert label is not None and f"{node.split('.')[0]}: " in label
    _click(targets.first)
    page.wait_for_function(READY)
    decision = server.turn(match, token)["view"]["decision"]
    assert decision == ["move", action]
    # The path walked so far is marked on the map.
    expect(page.locator(f'svg.ep-city g.node.on-path[data-node="{node}"]')).to_have_count(1)


def test_a_map_choice_works_from_the_keyboard(server: Server, page: Page) -> None:
    match, p1 = _match(server, seed=15)
    token = p1["token"]
    _open(page, p1["url"])
    first = server.turn(match, token)["legal_actions"][0]
    page.locator(f'button.tile-choice[data-action="{first}"]').click()
    free = page.locator("svg.ep-city g.free-cell").first
    expect(free).to_have_attribute("tabindex", "0")
    expect(free).to_have_attribute("role", "button")
    action = free.get_attribute("data-action")
    free.focus()
    page.keyboard.press("Enter")
    page.wait_for_function(READY)
    assert server.turn(match, token)["view"]["decision"] == [first, action]


# A phone, Russian, axe ------------------------------------------------------------------------


def test_a_phone_screen_scrolls_the_map_not_the_page(server: Server, browser: Browser) -> None:
    _match_id, p1 = _match(server, seed=16)
    with browser_page(browser, viewport=PHONE) as page:
        _open(page, p1["url"])
        sizes = page.evaluate(
            """() => ({page: document.documentElement.scrollWidth,
                       view: document.documentElement.clientWidth,
                       box: document.querySelector(".ep-city-scroll").clientWidth,
                       cell: document.querySelector("svg.ep-city rect.cell")
                         .getBoundingClientRect().width})"""
        )
        assert sizes["page"] <= sizes["view"], f"the page scrolls sideways: {sizes}"
        assert sizes["box"] <= sizes["view"]
        assert sizes["cell"] >= 20, f"a cell is too small to tap: {sizes}"
        # The actions stay reachable: the first one is a button one can press.
        expect(page.locator("section.actions button.action").first).to_be_visible()


def test_the_page_speaks_russian(server: Server, browser: Browser) -> None:
    _match_id, p1 = _match(server, seed=17)
    # A browser set to Russian: the page's language until the player picks another.
    with browser_page(browser, viewport=DESKTOP, locale="ru-RU") as page:
        _open(page, p1["url"])
        expect(page.locator("#ep-city-h")).to_have_text("Город")
        expect(page.locator('li.board[data-seat="p2"]')).to_contain_text("за ширмой")
        # Sandra's pawn carries her initial in the page's language (a Cyrillic Es).
        expect(page.locator("svg.ep-city g.pawn.sandra text")).to_have_text("\u0421")


def _placing(server: Server, seed: int) -> str:
    """A page with free cells on the map."""
    match, p1 = _match(server, seed)
    server.act(match, p1["token"], server.turn(match, p1["token"])["legal_actions"][0])
    return str(p1["url"])


def _moving(server: Server, seed: int) -> str:
    """A page in the middle of a move, with nodes to go to on the map."""
    match, p1 = _match(server, seed)
    token = p1["token"]
    _play_until(server, match, token, lambda s: "move" in s["legal_actions"])
    server.act(match, token, "move")
    return str(p1["url"])


#: The finished game the axe audit, the replay and the Exits are checked on: two random bots
#: play it, and seed 32 leaves an open and a closed Exit.
FINISHED_SEED = 32


def _finished(server: Server, seed: int = FINISHED_SEED) -> str:
    """A spectator's page of a game two random bots played to the end (made once per server
    and seed: the pages only look at it)."""
    bots = dict.fromkeys(("p1", "p2"), "random")
    created, _ = server.finished(
        {"game": GAME, "options": {"players": 2}, "bots": bots, "seed": seed}
    )
    return str(created["spectator_url"])


#: Pages made once per server: (what, server's URL) -> the page's URL. Nothing the axe audit
#: does on them changes the match (it only reads), so both widths audit the same state.
_MADE: dict[tuple[str, str], str] = {}


def _once(make: Callable[[Server, int], str], server: Server) -> str:
    key = (make.__name__, server.url)
    if key not in _MADE:
        _MADE[key] = make(server, FINISHED_SEED if make is _finished else 20)
    return _MADE[key]


OVER = '() => !document.querySelector("section.result").hidden'


@pytest.mark.parametrize("make", [_placing, _moving, _finished], ids=["placing", "moving", "over"])
def test_the_page_has_no_axe_violation(
    server: Server, browser: Browser, make: Callable[[Server, int], str]
) -> None:
    """Opened on a phone, then widened to the desktop's width (test_accessibility.audit)."""
    url = _once(make, server)
    with browser_page(browser, viewport={"width": PHONE["width"], "height": 900}) as page:
        page.goto(url)
        page.wait_for_function(CITY_DRAWN)
        page.wait_for_function(OVER if make is _finished else READY)
        page.wait_for_load_state("networkidle")
        found = audit(page, [PHONE["width"], DESKTOP["width"]])
    assert not found, f"axe finds {found}"


# A whole game ---------------------------------------------------------------------------------

#: What the page may click for p1: a choice on the map or the display first, else a button.
ON_THE_PAGE = (
    "svg.ep-city g.free-cell, svg.ep-city g.node.target, button.tile-choice, button.turn-choice"
)


def test_a_whole_game_is_played_through_the_page_against_a_random_bot(
    server: Server, page: Page
) -> None:
    match, p1 = _match(server, seed=30)
    token = p1["token"]
    page.goto(p1["url"])
    page.wait_for_function(CITY_DRAWN)
    clicked: list[str] = []
    deadline = time.monotonic() + 240
    while True:
        assert time.monotonic() < deadline, f"the game did not end; {len(clicked)} clicks"
        page.wait_for_function(READY_OR_OVER)
        if page.evaluate('() => !document.querySelector("section.result").hidden'):
            break
        legal = server.state(match, token)["legal_actions"]
        target = page.locator(ON_THE_PAGE).first
        if target.count():
            action = target.get_attribute("data-action") or target.get_attribute("data-node")
            _click(target)
        else:
            button = page.locator("section.actions button.action").first
            action = button.get_attribute("data-action")
            button.click()
        assert action is not None
        # A node stands for the action that goes there.
        assert action in legal or any(a.endswith(f":{action}") for a in legal), action
        clicked.append(action)
    final = server.state(match, token)
    assert final["over"]
    assert any(a.startswith("cell:") for a in clicked)  # the map was used
    assert any(a.startswith("tile:") for a in clicked)  # and the display
    assert any(a.startswith("turn:") for a in clicked)  # and the tile's turns
    expect(page.locator("section.result")).to_contain_text(final["outcome"]["summary"])


def test_the_replay_draws_every_position_and_names_every_step(server: Server, page: Page) -> None:
    url = _finished(server)
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(url)
    page.get_by_role("link", name="Watch the replay").or_(
        page.get_by_role("button", name="Watch the replay")
    ).click()
    page.wait_for_function(CITY_DRAWN)
    for viewer in ("all", "p1"):
        page.select_option("#replay-as", viewer)
        page.wait_for_function(CITY_DRAWN)
        page.locator("button.replay-last").click()
        expect(page.locator(".ep-when")).to_contain_text("The end")
        page.locator("button.replay-first").click()
        # The City phase, placement by placement: each step drawn, and named in words.
        named = []
        for _ in range(30):
            page.locator("button.replay-next").click()
            named.append("Take tile" in page.locator("main").inner_text())
        assert any(named), f"no placement named as {viewer}"
    assert not errors, errors


# Action ids in words ---------------------------------------------------------------------------

#: One id of each family of docs/games/escape-plan.md ("Action ids", "A move, step by step",
#: "Avoid, officer by officer", "Step ids") and of what others are shown, with its words.
LABELS = {
    "tile:A3": "Take tile A3 from the display",
    "cell:1,-1": "Place the tile at 1,-1",
    "turn:90": "Turn the tile 90°",
    "business:casino": "Place Casino here",
    "safe_house:2": "Place Safe House 2 here",
    "unlock:heal": "Unlock Heal",
    "pass": "Pass",
    "disc": "Spend a disc to take a turn",
    "rest": "Rest",
    "move": "Move",
    "done": "Done",
    "stop": "Stop here",
    "gas": "Return a Gas Can for 1 more MP",
    "medevac": "Medevac to the Hospital",
    "escape": "Escape through the open Exit",
    "walk:START_H.hospital": "Walk to START_H: Hospital",
    "jetski:START_H.res": "Jet Ski to START_H: residential",
    "metro:START_H.metro": "Ride the Metro to START_H: Metro",
    "fly:START_G.gang": "Fly to START_G: Gang HQ",
    "sewer:START_G.ind": "Through the Sewer to START_G: industrial",
    "heli:chopper:START_G.church": "Fly with Chopper to START_G: Church",
    "heli:gang@START_G.gang:START_H.metro": (
        "Fly with a gang member of START_G: Gang HQ to START_H: Metro"
    ),
    "sandra:SWAT": "Sandra counts as SWAT",
    "vest:START_G:FEDERAL": "Avoid Federal on tile START_G with Vest",
    "avoid_all:START_H:LOCAL": "Avoid Local on tile START_H with Avoid All",
    "wound:START_G:SWAT": "Take a wound from SWAT on tile START_G",
    "cuff:heal": "Handcuffs: lose Heal",
    "cuff": "Place the Handcuffs",
    "visit:enter": "Enter",
    "visit:key:green": "Enter with a green key",
    "visit:master_key": "Enter with the Master Key",
    "visit:take_key:black": "Take a black key",
    "visit:fixer:phone:2": "Hire Phone onto item space 2",
    "visit:gas": "Take a Gas Can",
    "visit:buy:vest:1": "Buy Vest onto item space 1",
    "visit:locker:green": "Open a green Locker",
    "visit:locker:brown:master_key": "Open a brown Locker with the Master Key",
    "visit:pick:70:2": "Keep the tile worth $70k on space 2",
    "visit:pick:?:2": "Keep the tile worth a hidden value on space 2",
    "visit:unlock:master_key": "Unlock Master Key",
    "visit:heal": "Heal",
    "visit:heal:2": "Heal 2 wounds",
    "visit:pay": "Pay at the Church",
    "visit:income": "Take the income",
    "visit:exit_tile": "Draw Exit tiles",
    "visit:contact:3:boxer:A:1": "Take the contact Boxer (A) onto space 1",
    "visit:skip:equipment": "Skip: buy Equipment",
    "exec:contact:2": "Use the contact on space 2",
    "exec:fixer:1": "Use the fixer on space 1",
    "exec:asset:move_local": "Use the Asset Move Local",
    "exec:gang:START_G.gang": "Use the gang at START_G: Gang HQ",
    "exec:first_aid": "Use First Aid",
    "exec:remove:A3": "Remove an officer from tile A3",
    "exec:move:LOCAL:A3>B2": "Move Local from tile A3 to tile B2",
    "exec:take:boxer": "Take Boxer",
    "exec:unlock:heal": "Unlock Heal",
    "bonus:group1:disc": "Bonus Businesses of group 1: Take an Extra Action disc",
    "bonus:group2:unlock:heal": "Bonus Businesses of group 2: Unlock Heal",
    "bonus:safe_houses:unlock": "Bonus all Safe Houses: Unlock nothing (all unlocked)",
    "bonus:group1:skip": "Bonus Businesses of group 1: Take nothing",
    "move/walk:START_H.com/done": "Move → Walk to START_H: commercial → Done",
    "tile:A3/cell:1,-1/turn:90": "Take tile A3 from the display → Place the tile at 1,-1 → Turn the tile 90°",  # noqa: E501
    "?": "a secret choice",
}


def test_every_kind_of_action_id_is_put_into_words(server: Server, page: Page) -> None:
    _match_id, p1 = _match(server, seed=18)
    _open(page, p1["url"])
    labels = page.evaluate(
        """async (ids) => {
          const renderer = await import("/games/escape-plan/renderer.js");
          return Object.fromEntries(ids.map((id) => [id, renderer.actionLabel(id)]));
        }""",
        list(LABELS),
    )
    wrong = {i: (labels[i], want) for i, want in LABELS.items() if labels[i] != want}
    assert not wrong, wrong


def test_the_tile_being_placed_is_drawn_where_it_goes_with_its_space_to_fill(
    server: Server, page: Page
) -> None:
    match, p1 = _match(server, seed=19)
    token = p1["token"]
    content = load_content()
    building_kinds = ("BUSINESS_SPACE", "SAFE_HOUSE_SPACE")

    def spaces(tile_id: str) -> list[str]:
        tile = content.tile(tile_id)
        return [f"{tile_id}.{n}" for n, loc in tile.locations.items() if loc.kind in building_kinds]

    display = server.turn(match, token)["legal_actions"]
    pick = next(a for a in display if spaces(a[5:]))
    tile_id = pick[5:]
    server.act(match, token, pick)
    cell = server.turn(match, token)["legal_actions"][-1]
    server.act(match, token, cell)
    turn = server.turn(match, token)["legal_actions"][-1]
    server.act(match, token, turn)
    legal = server.turn(match, token)["legal_actions"]
    assert all(a.startswith(("business:", "safe_house:")) for a in legal), legal
    _open(page, p1["url"])
    ghost = page.locator(f'svg.ep-city g.tile.ghost[data-tile="{tile_id}"]')
    expect(ghost).to_have_count(1)
    expect(page.locator("svg.ep-city g.tile.ghost")).to_have_count(1)
    # Drawn turned as chosen, at the chosen cell's place among the placed tiles.
    drawn = ghost.locator("g.node").evaluate_all(
        """gs => gs.flatMap((n) => [...n.querySelectorAll("rect.cell")].map((r) => [
             Math.round((Number(r.getAttribute("y")) - 22) / 60),
             Math.round(Number(r.getAttribute("x")) / 60), n.dataset.node.split(".")[1]]))"""
    )
    got = [[""] * 3 for _ in range(3)]
    for row, column, node in drawn:
        got[row][column] = node
    assert got == rotated_cells(content.tile(tile_id), int(turn[5:]))
    expect(ghost.locator("g.node.to-fill")).to_have_attribute("data-node", spaces(tile_id)[0])
    page.locator(f'section.actions button.action[data-action="{legal[0]}"]').click()
    page.wait_for_function(READY_OR_OVER)
    state = server.turn(match, token)
    if state["view"]["decision"] is None:  # the tile had one space: placed now
        assert [tile_id] == [t[0] for t in state["view"]["table"]["city"] if t[0] == tile_id]
        expect(page.locator("svg.ep-city g.tile.ghost")).to_have_count(0)
    else:  # the next space of the same tile is asked
        expect(ghost.locator("g.node.to-fill")).to_have_attribute("data-node", spaces(tile_id)[1])


# axe leaves the contrast of SVG text undecided: each label of the map is measured here
# against the filled shape drawn under it in its own group (WCAG's ratio, 4.5:1 for text
# this small), in every state the tests draw: tiles, locations, the Ferry, police, pawns,
# free cells and the tile being placed.
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
  for (const text of document.querySelectorAll("svg.ep-city text")) {
    const shape = text.parentElement.querySelector(":scope > rect, :scope > circle");
    const under = rgb(getComputedStyle(shape).fill);
    out.push([text.getAttribute("class") || text.parentElement.getAttribute("class"),
              text.textContent, ratio(rgb(getComputedStyle(text).fill), under)]);
  }
  return out;
}"""


def test_the_maps_labels_are_legible(server: Server, page: Page) -> None:
    match, p1 = _match(server, seed=21)
    token = p1["token"]
    # A city with several tiles, then the tile being placed and the free cells.
    _play_until(server, match, token, lambda s: len(s["view"]["table"]["city"]) >= 4)
    server.act(match, token, server.turn(match, token)["legal_actions"][0])
    _open(page, p1["url"])
    measured = page.evaluate(MAP_LABEL_CONTRAST)
    kinds = {kind.split()[0] for kind, _text, _ratio in measured}
    assert {"tile-id", "loc-label", "officer", "pawn", "free-cell"} <= kinds, kinds
    poor = [(kind, text, round(r, 2)) for kind, text, r in measured if r < 4.5]
    assert not poor, poor


@pytest.mark.parametrize(
    ("players", "automata"), [(1, ["sandra", "costa"]), (3, []), (5, [])], ids=str
)
def test_every_player_count_is_drawn(
    server: Server, page: Page, players: int, automata: list[str]
) -> None:
    """Solo (Sandra and Costa), and the larger tables: a board and a pawn for everyone."""
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    bots = {f"p{n}": "random" for n in range(2, players + 1)}
    options = {"players": players, "first_player": "p1"}
    created = server.create({"game": GAME, "options": options, "bots": bots, "seed": 40})
    _open(page, created["seats"][0]["url"])
    seats = [f"p{n}" for n in range(1, players + 1)]
    boards = page.locator("li.board").evaluate_all("ls => ls.map(l => l.dataset.seat)")
    assert boards == [*seats, *automata]
    expect(page.locator("svg.ep-city g.pawn")).to_have_count(players + len(automata))
    assert not errors, errors


def test_a_closed_exit_is_drawn_closed(server: Server, page: Page) -> None:
    url = _finished(server)
    match = url.rstrip("/").split("/")[-1]
    table = server.state(match)["view"]["table"]
    content = load_content()
    exits = {
        f"{tile_id}.{n}": loc.exit
        for tile_id, *_ in table["city"]
        for n, loc in content.tile(tile_id).locations.items()
        if loc.kind == "EXIT"
    }
    closed = {node for node, n in exits.items() if table["patrol_spaces"][str(n)] >= 2}
    assert closed and closed != set(exits), "pick a seed with an open and a closed Exit"
    page.goto(url)
    page.wait_for_function(CITY_DRAWN)
    drawn = page.locator("svg.ep-city g.node.exit.closed")
    assert set(drawn.evaluate_all("gs => gs.map(g => g.dataset.node)")) == closed
