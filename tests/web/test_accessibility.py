"""An axe-core audit of every page a player meets, at desktop and phone width.

axe-core (bundled by the ``axe-playwright-python`` package, so nothing is fetched at run time)
checks each page against the WCAG 2.0/2.1 A and AA rules and Deque's best practices; every
violation fails the test, whatever its impact. The pages: the lobby (before and after creating
a match), both games' play pages as each side (Scotland Yard's Mr. X, its detectives and a
spectator; a Cash 'n Guns seat with the host's panel, and a spectator), finished games'
result panels, the replay viewer and the error pages (a bad, a replaced and an unknown match's
invite link, an unknown path). States a click opens (the ride chooser, a double move under way,
every folded move group) are audited open.

One server serves every page, and the matches are made once; each page is loaded once, at
phone width (as a phone opens it), audited, then widened to the desktop's width (as a window
is) and audited again: the page lays itself out by CSS and follows the width as it changes.
What axe cannot see (tab order, focus rings against state colours, colour as the only
signal) is tested elsewhere.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Browser, Page, expect

from tests.web.conftest import TIMEOUT_MS, Server, Servers

#: The widths audited, in the order each page is seen at them: loaded at the first.
WIDTHS = {"phone": 375, "desktop": 1280}
HEIGHT = 900
AXE_OPTIONS = {
    "runOnly": {
        "type": "tag",
        "values": ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"],
    },
    "resultTypes": ["violations"],
}
# The page has drawn itself: the client's "Loading…" placeholder is gone.
RENDERED = """() => document.readyState === "complete"
  && !document.querySelector("#main > p.loading")"""
SY_DETECTIVE_BOTS = {"d1": "heuristic", "d2": "heuristic", "d3": "heuristic"}
SY_ALL_BOTS = {"mrx": "heuristic", **SY_DETECTIVE_BOTS}
CNG_BOTS = {"el-toro": "heuristic", "lotus": "heuristic", "mr-black": "heuristic"}


@pytest.fixture(scope="module")
def server(servers: Servers) -> Server:
    """SQLite only: the markup under audit does not depend on the database behind the server
    (the other browser tests run on both), and one backend halves the audit's time."""
    return servers.on("sqlite")


@dataclass(frozen=True)
class Visit:
    """A page to audit: where it is, and what shows that it is ready (or what to do first)."""

    url: str
    ready: tuple[Callable[[Page], None], ...]


def _your_move(page: Page) -> None:
    expect(page.get_by_role("heading", name="Your move")).to_be_visible()


def _shown(selector: str) -> Callable[[Page], None]:
    def ready(page: Page) -> None:
        expect(page.locator(selector).first).to_be_visible()

    return ready


# Folded parts (the move groups are <details>) are opened, so what they hold is audited too.
UNFOLD = "() => document.querySelectorAll('details').forEach((d) => { d.open = true; })"
# Scotland Yard's board and side panels are drawn (the tickets table comes last).
SY_DRAWN = _shown("table.tickets")


def _lobby_with_links(page: Page) -> None:
    page.get_by_role("button", name="Create match").click()
    expect(page.locator("ul.links input.link-text").first).to_be_visible()


def _sy_chooser(station: int) -> Callable[[Page], None]:
    """Clicks a station that several tickets reach: the page asks which ride to take."""

    def ready(page: Page) -> None:
        number = re.compile(rf"^{station}$")
        page.locator("g.station.target").filter(has_text=number).dispatch_event("click")
        expect(page.get_by_role("dialog")).to_be_visible()

    return ready


def _station_with_choices(legal_actions: list[str]) -> int:
    """A station that more than one of these moves reaches ("taxi:61" and "black:61")."""
    seen: set[int] = set()
    for action in legal_actions:
        ticket, _, station = action.partition(":")
        if ticket in {"taxi", "bus", "underground", "black", "ferry"} and station.isdigit():
            if int(station) in seen:
                return int(station)
            seen.add(int(station))
    raise AssertionError(f"no station is reached two ways: {legal_actions}")


def _wait_over(server: Server, match: str) -> None:
    deadline = time.monotonic() + 60
    while not server.state(match)["over"]:
        assert time.monotonic() < deadline, f"the bots did not finish match {match}"
        time.sleep(0.2)


@pytest.fixture(scope="module")
def visits(server: Server) -> dict[str, Visit]:
    """Every page of the audit, its matches made once for both widths."""
    sy_mrx = server.create(
        {"game": "scotland-yard", "players": 4, "bots": SY_DETECTIVE_BOTS, "seed": 1}
    )
    sy_detectives = server.create(
        {"game": "scotland-yard", "players": 2, "bots": {"mrx": "heuristic"}, "seed": 2}
    )
    cng = server.create({"game": "cash-n-guns", "players": 4, "bots": CNG_BOTS, "seed": 3})
    sy_over = server.create(
        {"game": "scotland-yard", "options": {"max_rounds": 3}, "bots": SY_ALL_BOTS, "seed": 4}
    )
    # A finished Cash 'n Guns game in which a player died (seed 3: lotus, in round 3).
    cng_over = server.create(
        {"game": "cash-n-guns", "players": 4, "bots": {"tino": "heuristic", **CNG_BOTS}, "seed": 3}
    )
    # Mr. X in the middle of a double move: the page walks him through its two rides.
    sy_double = server.create(
        {"game": "scotland-yard", "players": 4, "bots": SY_DETECTIVE_BOTS, "seed": 5}
    )
    (double_mrx,) = sy_double["seats"]
    body = {"token": double_mrx["token"], "action": "double", "version": 0}
    server.request("POST", f"/api/matches/{sy_double['id']}/actions", body)
    # A link its host replaced: the seat went to a person with a new link.
    replaced = server.create({"game": "cash-n-guns", "players": 4, "bots": CNG_BOTS})
    old_link = next(seat["url"] for seat in replaced["seats"] if seat["seat"] == "tino")
    body = {"host_token": replaced["host_token"], "seat": "tino", "level": None}
    server.request("POST", f"/api/matches/{replaced['id']}/bot", body)
    _wait_over(server, sy_over["id"])
    _wait_over(server, cng_over["id"])
    players = server.state(cng_over["id"])["view"]["players"]
    assert not all(p["alive"] for p in players), "a dead player's panel is audited: change seed"
    (mrx,) = sy_mrx["seats"]
    two_ways = _station_with_choices(server.state(sy_mrx["id"], mrx["token"])["legal_actions"])
    (detectives,) = sy_detectives["seats"]
    tino = next(seat for seat in cng["seats"] if seat["seat"] == "tino")
    return {
        "lobby": Visit(server.url + "/", (_shown("form.lobby"),)),
        "lobby-created": Visit(server.url + "/", (_lobby_with_links,)),
        "sy-mrx": Visit(mrx["url"], (_your_move, SY_DRAWN)),
        "sy-mrx-chooser": Visit(mrx["url"], (_your_move, SY_DRAWN, _sy_chooser(two_ways))),
        "sy-mrx-double": Visit(double_mrx["url"], (_your_move, _shown("p.sy-decision"))),
        "sy-detectives": Visit(detectives["url"], (_your_move, SY_DRAWN)),
        "sy-spectator": Visit(sy_mrx["spectator_url"], (SY_DRAWN,)),
        # The host's view of a finished game: the result and the rematch.
        "sy-over-host": Visit(
            f"{sy_over['spectator_url']}?host={sy_over['host_token']}",
            (_shown("section.result"), SY_DRAWN),
        ),
        "cng-seat-host": Visit(
            f"{tino['url']}&host={cng['host_token']}", (_your_move, _shown("section.host-box"))
        ),
        "cng-spectator": Visit(cng["spectator_url"], (_shown("section.game-area ul.table"),)),
        "cng-over": Visit(cng_over["spectator_url"], (_shown("section.result"),)),
        "replay": Visit(
            f"{server.url}/watch/{sy_over['id']}?replay", (_shown("#replay-slider"), SY_DRAWN)
        ),
        "bad-invite": Visit(f"{server.url}/play/{sy_mrx['id']}?token=not-a-token", ()),
        "replaced-invite": Visit(old_link, ()),
        "unknown-match": Visit(f"{server.url}/play/no-such-match?token=not-a-token", ()),
        "unknown-page": Visit(server.url + "/no/such/page", ()),
    }


PAGES = [
    "lobby",
    "lobby-created",
    "sy-mrx",
    "sy-mrx-chooser",
    "sy-mrx-double",
    "sy-detectives",
    "sy-spectator",
    "sy-over-host",
    "cng-seat-host",
    "cng-spectator",
    "cng-over",
    "replay",
    "bad-invite",
    "replaced-invite",
    "unknown-match",
    "unknown-page",
]


def _report(violations: list[dict[str, Any]]) -> str:
    """One block per rule: its id, impact, what it asks, where it fails and how to fix it."""
    lines = []
    for rule in violations:
        lines.append(f"{rule['id']} ({rule['impact']}): {rule['help']} <{rule['helpUrl']}>")
        for node in rule["nodes"]:
            target = " ".join(str(part) for part in node["target"])
            lines.append(f"    at {target}: {node['html'][:160]}")
    return "\n".join(lines)


def audit(page: Page, widths: Sequence[int]) -> str:
    """The page's axe violations in words, empty if none: audited as it is at the first of
    ``widths`` (the width it was opened at), then at each other, the window resized."""
    found = []
    for n, width in enumerate(widths):
        if n:
            page.set_viewport_size({"width": width, "height": HEIGHT})
            page.wait_for_function(f"() => window.innerWidth === {width}")
        violations = Axe().run(page, options=AXE_OPTIONS).response["violations"]
        if violations:
            found.append(f"at {width} px:\n{_report(violations)}")
    return "\n".join(found)


@pytest.mark.parametrize("name", PAGES)
def test_page_has_no_axe_violation(browser: Browser, visits: dict[str, Visit], name: str) -> None:
    visit = visits[name]
    widths = list(WIDTHS.values())
    context = browser.new_context(viewport={"width": widths[0], "height": HEIGHT})
    context.set_default_timeout(TIMEOUT_MS)
    try:
        page = context.new_page()
        answer = page.goto(visit.url)
        assert answer is not None
        # Every page is the client's markup, unknown paths included (never the API's JSON).
        assert answer.headers.get("content-type", "").startswith("text/html"), name
        page.wait_for_function(RENDERED)
        for ready in visit.ready:
            ready(page)
        # The game's own modules and data (renderer, board) are in, not on their way.
        page.wait_for_load_state("networkidle")
        page.evaluate(UNFOLD)
        found = audit(page, widths)
    finally:
        context.close()
    assert not found, f"axe finds on {name} {found}"


# axe leaves the contrast of SVG text undecided, so the board's labels (station numbers, the
# pieces' names) are measured here: each label's fill against the filled shape drawn under it
# in its own group (or the board's background), with fill opacities and group opacities
# composited, as WCAG's contrast ratio. The worst label of each kind of group is returned.
BOARD_LABEL_CONTRAST = r"""() => {
  const rgba = (css) => {
    const m = (css.match(/[\d.]+/g) || []).map(Number);
    return m.length < 3 ? null : [m[0], m[1], m[2], m.length > 3 ? m[3] : 1];
  };
  const channel = (v) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  const lum = (c) => 0.2126 * channel(c[0]) + 0.7152 * channel(c[1]) + 0.0722 * channel(c[2]);
  const over = (top, alpha, under) =>
    top.slice(0, 3).map((v, i) => v * alpha + under[i] * (1 - alpha));
  const svg = document.querySelector("svg.sy-board");
  let board = null;
  for (let el = svg; el && !board; el = el.parentElement) {
    const c = rgba(getComputedStyle(el).backgroundColor);
    if (c && c[3] > 0) board = c.slice(0, 3);
  }
  board = board || [255, 255, 255];
  // A paint's opacity: its own (fill-opacity, alpha) times every group's up to the board.
  const alphaOf = (node, paint) => {
    const style = getComputedStyle(node);
    let a = Number(style[`${paint}Opacity`]) * (rgba(style[paint])?.[3] ?? 1);
    for (let n = node; n && n !== svg; n = n.parentNode) a *= Number(getComputedStyle(n).opacity);
    return a;
  };
  const SHAPES = ["circle", "rect", "ellipse", "path", "polygon"];
  const worst = {};
  for (const text of svg.querySelectorAll("text")) {
    if (!text.textContent.trim()) continue;
    const under = [...text.parentNode.children].filter((shape) =>
      SHAPES.includes(shape.tagName)
      && shape.compareDocumentPosition(text) & Node.DOCUMENT_POSITION_FOLLOWING
      && rgba(getComputedStyle(shape).fill) && alphaOf(shape, "fill") > 0).at(-1);
    const back = under
      ? over(rgba(getComputedStyle(under).fill), alphaOf(under, "fill"), board) : board;
    const fore = over(rgba(getComputedStyle(text).fill), alphaOf(text, "fill"), back);
    const [hi, lo] = [lum(fore), lum(back)].sort((x, y) => y - x);
    const ratio = Math.round(((hi + 0.05) / (lo + 0.05)) * 100) / 100;
    const kind = text.parentNode.getAttribute("class");
    if (!worst[kind] || ratio < worst[kind].ratio) {
      worst[kind] = { ratio, label: text.textContent, fore: fore.map(Math.round),
        back: back.map(Math.round) };
    }
  }
  return worst;
}"""
MIN_TEXT_CONTRAST = 4.5


@pytest.mark.parametrize("name", ["sy-mrx", "sy-detectives", "sy-spectator"])
def test_board_labels_meet_the_contrast_axe_cannot_check(
    browser: Browser, visits: dict[str, Visit], name: str
) -> None:
    visit = visits[name]
    context = browser.new_context(viewport={"width": WIDTHS["desktop"], "height": HEIGHT})
    context.set_default_timeout(TIMEOUT_MS)
    try:
        page = context.new_page()
        page.goto(visit.url)
        for ready in visit.ready:
            ready(page)
        worst: dict[str, dict[str, Any]] = page.evaluate(BOARD_LABEL_CONTRAST)
    finally:
        context.close()
    assert "station" in worst, f"no station number was measured on {name}"
    faint = {kind: label for kind, label in worst.items() if label["ratio"] < MIN_TEXT_CONTRAST}
    assert not faint, f"labels on the {name} board below {MIN_TEXT_CONTRAST}:1: {faint}"
