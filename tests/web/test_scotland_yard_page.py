"""Scotland Yard's page in a real browser: what a new player tripped over (issue 17).

Each test drives a match created through the HTTP API (Mr. X or a detective played by the
page, the other seats by bots) and checks the drawn board: legible station numbers under the
possible-locations overlay, zoom buttons clear of the stations, Mr. X told where he is, every
travel-log field, the words of moves and counts, the keyboard (one Tab stop for the map, arrow
keys inside, Escape), what a screen reader is given, the focus ring, and signals besides colour.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, ViewportSize, expect

from tests.web.conftest import DESKTOP, PHONE, READY, Server, browser_page

DETECTIVES = ("d1", "d2", "d3")
BOARD_DRAWN = "() => document.querySelectorAll('g.station').length > 100"


@pytest.fixture
def page(browser: Browser) -> Iterator[Page]:
    with browser_page(browser, viewport=DESKTOP) as fresh:
        yield fresh


def _as_mrx(server: Server, seed: int, **options: Any) -> tuple[str, dict[str, Any]]:
    """A match where the page plays Mr. X against bot detectives: (match id, Mr. X's seat)."""
    created = server.create(
        {
            "game": "scotland-yard",
            "options": options,
            "bots": dict.fromkeys(DETECTIVES, "heuristic"),
            "seed": seed,
        }
    )
    (mrx,) = created["seats"]
    return created["id"], mrx


def _as_detective(server: Server, seed: int) -> tuple[str, dict[str, Any]]:
    """A match where the page plays d1 against a bot Mr. X and bot colleagues."""
    bots = {"mrx": "heuristic", "d2": "heuristic", "d3": "heuristic"}
    created = server.create({"game": "scotland-yard", "bots": bots, "seed": seed})
    (d1,) = created["seats"]
    return created["id"], d1


def _open(page: Page, url: str) -> None:
    page.goto(url)
    page.wait_for_function(BOARD_DRAWN)
    page.wait_for_function(READY)


# The possible-locations overlay --------------------------------------------------------------


def test_the_possible_locations_ring_leaves_the_station_numbers_legible(
    server: Server, page: Page
) -> None:
    match, d1 = _as_detective(server, seed=41)
    _open(page, d1["url"])
    possible = server.state(match, d1["token"])["view"]["possible_locations"]
    assert possible, "no possible locations to draw"
    styles = page.evaluate(
        """(possible) => {
          const style = (el) => getComputedStyle(el);
          const text = (n) => [...document.querySelectorAll("g.station")]
            .find((g) => g.querySelector("text").textContent === String(n)).querySelector("text");
          const plain = [...document.querySelectorAll("g.station text")]
            .find((el) => !possible.includes(Number(el.textContent)));
          const ring = document.querySelector(".overlay .possible");
          const look = (el) => [style(el).fill, style(el).fillOpacity, style(el).opacity];
          return {
            possible: possible.map((n) => look(text(n))), plain: look(plain),
            ringFill: style(ring).fill, ringStroke: style(ring).stroke,
            rings: document.querySelectorAll(".overlay .possible").length,
            count: document.querySelector(".sy-possible-count").textContent,
          };
        }""",
        possible,
    )
    for seen in styles["possible"]:
        assert seen == styles["plain"], f"a possible station's number is drawn {seen}"
    assert styles["ringFill"] == "none", "the overlay must be a ring, not a wash over the number"
    assert styles["ringStroke"] != "none"
    # The count in words too (the bot colleagues may have narrowed it down since).
    assert styles["count"] == f"Mr. X may be at one of {styles['rings']} stations."


# The zoom buttons ------------------------------------------------------------------------------


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_the_zoom_buttons_cover_no_station(
    server: Server, page: Page, viewport: ViewportSize
) -> None:
    page.set_viewport_size(viewport)
    _match, mrx = _as_mrx(server, seed=42)
    _open(page, mrx["url"])
    overlaps = page.evaluate(
        """() => {
          const boxes = [...document.querySelectorAll(".zoom-bar button")]
            .map((b) => b.getBoundingClientRect());
          const hit = (a, b) =>
            a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
          const out = [];
          for (const g of document.querySelectorAll("g.station")) {
            const r = g.querySelector("circle:last-of-type").getBoundingClientRect();
            if (boxes.some((b) => hit(b, r))) out.push(g.querySelector("text").textContent);
          }
          return {count: boxes.length, out};
        }"""
    )
    assert overlaps["count"] == 3
    assert overlaps["out"] == [], f"the zoom buttons cover stations {overlaps['out']}"


# Mr. X's own situation in words ----------------------------------------------------------------


def test_mrx_is_told_his_station_and_when_he_has_surfaced(server: Server, page: Page) -> None:
    match, mrx = _as_mrx(server, seed=43, reveal_at=[1, 5], max_rounds=5)
    _open(page, mrx["url"])
    start = server.state(match, mrx["token"])["view"]["mrx_location"]
    where = page.locator(".sy-where")
    expect(where).to_contain_text(f"You are at station {start}.")
    expect(where).to_have_attribute("role", "status")  # read out when it changes
    expect(where).to_contain_text("The detectives have not seen you yet.")
    expect(where).to_contain_text("Your next move surfaces")
    ride = next(a for a in server.state(match, mrx["token"])["legal_actions"] if a != "double")
    page.locator(f'section.actions button.action[data-action="{ride}"]').click()
    station = int(ride.split(":")[1])
    expect(where).to_contain_text(f"You are at station {station}.")
    expect(where).to_contain_text(
        f"You have surfaced: the detectives see you at station {station} (travel log entry 1)."
    )


# The travel log --------------------------------------------------------------------------------


def test_the_travel_log_shows_every_field_and_the_double_moves(server: Server, page: Page) -> None:
    match, mrx = _as_mrx(server, seed=44, reveal_at=[2])
    token = mrx["token"]
    state = server.state(match, token)
    fields = state["view"]["options"]["log_fields"]
    assert fields == 24 and state["view"]["max_rounds"] == 22
    # A double move in round 1: two entries in one round, the second a surfacing one.
    server.act(match, token, "double")
    for _ in range(2):
        legal = server.state(match, token)["legal_actions"]
        server.act(match, token, next(a for a in legal if a.startswith("taxi:")))
    log = server.turn(match, token)["view"]["mrx_log"]
    assert len(log) == 2 and log[1]["revealed"]
    _open(page, mrx["url"])
    cells = page.locator(".sy-log li.log-cell")
    expect(cells).to_have_count(24)
    for entry, cell in zip(log, cells.all(), strict=False):
        expect(cell).to_contain_text(f"taxi \N{MULTIPLICATION SIGN}2 → {entry['station']}")
    expect(cells.nth(1)).to_contain_text("seen")
    # The detectives see the surfacing entry's station too.
    watch = page.context.new_page()
    watch.goto(f"{server.url}/watch/{match}")
    watch.wait_for_function(BOARD_DRAWN)
    public = watch.locator(".sy-log li.log-cell")
    expect(public).to_have_count(24)
    expect(public.nth(1)).to_contain_text(f"→ {log[1]['station']}")
    expect(public.nth(0)).not_to_contain_text("→")


# Words for moves and counts ------------------------------------------------------------------


#: CLDR plural categories of integers: Russian, and English (Portuguese is like English here).
def _ru_category(n: int) -> str:
    if n % 10 == 1 and n % 100 != 11:
        return "one"
    if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14:
        return "few"
    return "many"


RU_BLACK = {"one": "чёрный билет", "few": "чёрных билета", "many": "чёрных билетов"}
RU_DOUBLE = {
    "one": "билет двойного хода",
    "few": "билета двойного хода",
    "many": "билетов двойного хода",
}


@pytest.mark.parametrize(
    ("locale", "ticket_word", "ride"),
    [("en-GB", "taxi", "{piece}: {ticket} → {n}"), ("ru-RU", "такси", "{piece}: {ticket} → {n}")],
)
def test_detective_moves_and_counts_read_in_the_page_language(
    server: Server, browser: Browser, locale: str, ticket_word: str, ride: str
) -> None:
    match, d1 = _as_detective(server, seed=45)
    with browser_page(browser, locale=locale) as page:
        _open(page, d1["url"])
        state = server.state(match, d1["token"])
        taxi = next(a for a in state["legal_actions"] if ":taxi:" in a)
        piece, _ticket, n = taxi.split(":")
        button = page.locator(f'section.actions button.action[data-action="{taxi}"]')
        expect(button).to_have_text(ride.format(piece=piece, ticket=ticket_word, n=n))
        black, double = (state["view"]["mrx_tickets"][k] for k in ("black", "double"))
        tickets = page.locator(".sy-tickets p")
        if locale.startswith("ru"):
            expect(tickets).to_contain_text(f"{black} {RU_BLACK[_ru_category(black)]}")
            expect(tickets).to_contain_text(f"{double} {RU_DOUBLE[_ru_category(double)]}")
        else:
            expect(tickets).to_contain_text(
                f"{black} black ticket{'' if black == 1 else 's'}, "
                f"{double} double-move ticket{'' if double == 1 else 's'}"
            )


# Keyboard and screen readers -------------------------------------------------------------------

_TAB_STOPS_IN_GAME = """() => [...document.querySelectorAll(".game-area *")].filter((el) =>
  el.tabIndex >= 0 && !el.closest("[hidden]") && el.getClientRects().length > 0
  && !el.disabled).length"""


def test_the_map_is_one_tab_stop_and_one_station_for_screen_readers(
    server: Server, page: Page
) -> None:
    _match, mrx = _as_mrx(server, seed=46)
    _open(page, mrx["url"])
    # The zoom buttons and one station: the moves are a few Tabs away.
    assert page.evaluate(_TAB_STOPS_IN_GAME) <= 4
    stations = page.locator("g.station")
    expect(stations.and_(page.locator('[tabindex="0"]'))).to_have_count(1)
    expect(page.locator('g.station:not([aria-hidden="true"])')).to_have_count(1)
    tabs = 0
    while not page.evaluate("() => !!document.activeElement.closest('section.actions')"):
        page.keyboard.press("Tab")
        tabs += 1
        assert tabs <= 12, "the first move is more than 12 Tabs away"


def _focused_station(page: Page) -> int:
    number = page.evaluate(
        "() => document.activeElement.closest('g.station')?.querySelector('text').textContent"
    )
    assert number, "no station has the focus"
    return int(number)


def test_arrow_keys_move_between_stations_and_escape_closes_the_chooser(
    server: Server, page: Page
) -> None:
    match, mrx = _as_mrx(server, seed=47)
    _open(page, mrx["url"])
    page.locator('g.station[tabindex="0"]').focus()
    first = _focused_station(page)
    legal = server.state(match, mrx["token"])["legal_actions"]
    targets = sorted({int(a.split(":")[1]) for a in legal if a != "double"})
    assert first in targets, "the map's Tab stop is not one of the moves"
    # The arrow keys go to a station in that direction.
    x_of = "(n) => [...document.querySelectorAll('g.station')].find((g) => g.querySelector('text').textContent === String(n)).getBoundingClientRect().x"  # noqa: E501
    page.keyboard.press("ArrowRight")
    right = _focused_station(page)
    assert right != first
    assert page.evaluate(x_of, right) > page.evaluate(x_of, first)
    page.keyboard.press("ArrowLeft")
    assert page.evaluate(x_of, _focused_station(page)) < page.evaluate(x_of, right)
    expect(page.locator('g.station[tabindex="0"]')).to_have_count(1)
    # Page Down walks through the moves' stations.
    seen = set()
    page.keyboard.press("Home")
    for _ in targets:
        seen.add(_focused_station(page))
        page.keyboard.press("PageDown")
    assert seen == set(targets)
    # A station reached by taxi and by a black ticket opens a chooser; Escape closes it and
    # gives the focus back to the station.
    both = next(
        n for n in targets if f"taxi:{n}" in legal and f"black:{n}" in legal
    )  # Mr. X has black tickets at the start
    page.keyboard.press("Home")
    while _focused_station(page) != both:
        page.keyboard.press("PageDown")
    page.keyboard.press("Enter")
    chooser = page.locator(".choice")
    expect(chooser).to_be_visible()
    page.keyboard.press("Escape")
    expect(chooser).to_be_hidden()
    assert _focused_station(page) == both


def test_the_focus_ring_shows_against_every_state_colour(server: Server, page: Page) -> None:
    _match, d1 = _as_detective(server, seed=48)
    _open(page, d1["url"])
    page.locator('g.station[tabindex="0"]').focus()
    page.keyboard.press("PageDown")  # a key press: the focus is visible as for a keyboard user
    colours = page.evaluate(
        """() => {
          const station = document.activeElement.closest("g.station");
          const ring = [...station.querySelectorAll("circle")]
            .map((c) => getComputedStyle(c))
            .filter((st) => st.stroke !== "none" && parseFloat(st.strokeWidth) >= 3
                    && !st.stroke.includes("255, 233, 214"));
          const target = getComputedStyle(document.querySelector("g.station.target circle.disc"));
          const plain = getComputedStyle(
            document.querySelector("g.station:not(.target) circle.disc"));
          const possible = getComputedStyle(document.querySelector(".overlay .possible"));
          return {
            rings: ring.map((st) => st.stroke),
            states: [target.fill, target.stroke, plain.fill, plain.stroke, possible.stroke,
              // An occupied station: the pieces drawn on it.
              ...[...document.querySelectorAll("g.piece circle, g.piece rect")]
                .flatMap((el) => [getComputedStyle(el).fill, getComputedStyle(el).stroke])
                .filter((c) => c.startsWith("rgb"))],
          };
        }"""
    )
    assert colours["rings"], "the focused station draws no ring"

    def luminance(rgb: str) -> float:
        channels = [int(c) / 255 for c in rgb[rgb.index("(") + 1 : rgb.index(")")].split(",")[:3]]
        linear = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
        return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]

    def contrast(a: str, b: str) -> float:
        hi, lo = sorted((luminance(a), luminance(b)), reverse=True)
        return (hi + 0.05) / (lo + 0.05)

    for state in colours["states"]:
        best = max(contrast(ring, state) for ring in colours["rings"])
        assert best >= 3, f"the focus ring ({colours['rings']}) is lost against {state}"


# Colour is never the only signal -------------------------------------------------------------


def test_transport_lines_and_states_have_patterns_and_a_legend(server: Server, page: Page) -> None:
    _match, d1 = _as_detective(server, seed=49)
    _open(page, d1["url"])
    looks = page.evaluate(
        """() => Object.fromEntries(["taxi", "bus", "underground", "ferry"].map((tr) => {
          const st = getComputedStyle(document.querySelector(`g.edges line.edge.${tr}`));
          return [tr, `${st.strokeDasharray}|${st.strokeWidth}`];
        }))"""
    )
    assert len(set(looks.values())) == 4, f"two transports look alike but for colour: {looks}"
    legend = page.locator(".sy-legend li")
    expect(legend).to_have_text(
        ["underground", "bus", "taxi", "ferry", "you can move here", "Mr. X may be here"]
    )
    # Pieces carry their names, not only a colour.
    labels = page.locator("g.piece text").all_text_contents()
    assert set(DETECTIVES) <= set(labels)


def test_on_a_phone_the_tab_order_follows_the_drawn_order(server: Server, page: Page) -> None:
    page.set_viewport_size(PHONE)
    _match, mrx = _as_mrx(server, seed=50)
    _open(page, mrx["url"])
    moves_top = page.locator("section.actions").bounding_box()
    board_top = page.locator("svg.sy-board").bounding_box()
    assert moves_top and board_top and moves_top["y"] < board_top["y"], "moves not drawn first"
    reached: list[str] = []
    for _ in range(40):
        page.keyboard.press("Tab")
        where = page.evaluate(
            """() => {
              const el = document.activeElement;
              if (el.closest("section.actions")) return "moves";
              if (el.closest("g.station")) return "map";
              return "";
            }"""
        )
        if where and where not in reached:
            reached.append(where)
        if len(reached) == 2:
            break
    assert reached == ["moves", "map"]


def test_escape_steps_back_out_of_a_double_move(server: Server, page: Page) -> None:
    match, mrx = _as_mrx(server, seed=51)
    _open(page, mrx["url"])
    page.locator('section.actions button.action[data-action="double"]').click()
    decision = page.locator(".sy-decision")
    expect(decision).to_have_text("Double move: choose the first ride on the board.")
    page.wait_for_function(READY)
    # The first ride, by keyboard on the map (through the chooser if several tickets lead there).
    page.locator('g.station[tabindex="0"]').focus()
    page.keyboard.press("Enter")
    if page.locator(".choice").is_visible():
        page.keyboard.press("Enter")
    expect(decision).to_contain_text("now choose the second ride.")
    page.wait_for_function(READY)
    # Escape takes the ride back, then the double move itself.
    page.keyboard.press("Escape")
    expect(decision).to_have_text("Double move: choose the first ride on the board.")
    page.wait_for_function(READY)
    page.keyboard.press("Escape")
    expect(decision).to_be_hidden()
    page.wait_for_function(READY)
    assert "double" in server.state(match, mrx["token"])["legal_actions"]
    assert server.state(match, mrx["token"])["view"]["mrx_log"] == []
