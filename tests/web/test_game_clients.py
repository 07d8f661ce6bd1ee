"""A game's client lives with the game: the server serves each game's client folder under
/games/{name}/ and advertises it in GET /api/games, and the shared pages (lobby, play, replay)
draw a game with its own renderer, styles and words. The test game of tests/web/toy_client
(registered only in the test server's process) shows that a game plugs in without touching
a shared file; the game-over panel shows each game's outcome in its own words.
"""

from __future__ import annotations

import json
import re
import urllib.error
import urllib.request
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from getaway.core import get_game
from tests.web.conftest import TIMEOUT_MS, Server
from tests.web.test_browser import READY_OR_OVER
from tests.web.toy_client import GAME as TEST_GAME

TEST = TEST_GAME.name


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


def _get(server: Server, path: str, headers: dict[str, str] | None = None) -> tuple[int, Any]:
    """Status, headers and body of a GET (errors included)."""
    request = urllib.request.Request(server.url + path, headers=headers or {})
    try:
        with urllib.request.urlopen(request, timeout=10) as answer:
            return answer.status, (answer.headers, answer.read())
    except urllib.error.HTTPError as error:
        return error.code, (error.headers, error.read())


def _games(server: Server) -> dict[str, dict[str, Any]]:
    return {g["name"]: g for g in server.request("GET", "/api/games")}


# Serving a game's client folder ----------------------------------------------------------------


def test_api_games_advertises_each_games_client_seats_and_sides(server: Server) -> None:
    listed = _games(server)
    assert TEST in listed  # registered in the server's process only
    for name, info in listed.items():
        game = get_game(name) if name != TEST else TEST_GAME
        base = f"/games/{name}/"
        assert info["client"] == {
            "renderer": base + "renderer.js",
            "css": base + "style.css",
            "i18n": base + "i18n/{lang}.json",
        }, name
        counts = range(game.min_players, game.max_players + 1)
        assert set(info["seats_by_players"]) == {str(n) for n in counts}
        for n in counts:
            seats = list(game.seats({"players": n}))
            assert info["seats_by_players"][str(n)] == seats
            sides = info["sides"][str(n)]["sides"]
            assert sorted(s for side in sides for s in side["seats"]) == sorted(seats)
        assert info["bots"] and info["options"] == game.option_help()


def test_a_games_client_files_are_served_with_their_types(server: Server) -> None:
    for name in _games(server):
        status, (headers, body) = _get(server, f"/games/{name}/renderer.js")
        assert status == 200 and headers["content-type"].startswith("text/javascript"), name
        assert b"export function createRenderer" in body
        status, (headers, body) = _get(server, f"/games/{name}/style.css")
        assert status == 200 and headers["content-type"].startswith("text/css"), name
        for lang in ("en", "ru", "pt"):
            status, (headers, body) = _get(server, f"/games/{name}/i18n/{lang}.json")
            assert status == 200 and headers["content-type"] == "application/json"
            assert json.loads(body)
    status, (headers, body) = _get(server, "/games/scotland-yard/boards/classic.json")
    assert status == 200 and len(json.loads(body)["stations"]) == 199


def test_only_a_games_client_files_are_served(server: Server) -> None:
    refused = [
        "/games/scotland-yard/build_board_data.py",  # in the folder, but not a client file
        "/games/scotland-yard/__init__.py",
        "/games/scotland-yard/../__init__.py",
        "/games/scotland-yard/%2e%2e/%2e%2e/core/game.py",
        "/games/scotland-yard/..%2f..%2fcore%2fgame.py",
        "/games/scotland-yard/%2e%2e/data/edges.csv",
        "/games/scotland-yard/boards/../../options.py",
        "/games/scotland-yard//etc/passwd",
        "/games/scotland-yard/.hidden.js",
        "/games/scotland-yard/missing.js",
        "/games/no-such-game/renderer.js",
        "/games/cash-n-guns/",
    ]
    for path in refused:
        status, (_, body) = _get(server, path)
        assert status == 404, (path, status)
        assert b"detail" in body
    # GET only.
    request = urllib.request.Request(
        server.url + "/games/cash-n-guns/style.css", data=b"", method="POST"
    )
    with pytest.raises(urllib.error.HTTPError) as refused_post:
        urllib.request.urlopen(request, timeout=10)
    assert refused_post.value.code == 405


def test_a_games_client_files_are_cached_like_the_shared_ones(server: Server) -> None:
    for path in ("/games/cash-n-guns/renderer.js", "/static/js/app.js"):
        status, (headers, _) = _get(server, path)
        assert status == 200 and headers["etag"] and headers["last-modified"]
        status, (_, body) = _get(server, path, {"If-None-Match": headers["etag"]})
        assert (status, body) == (304, b""), path


# The test game through the shared pages -------------------------------------------------------


def _state(server: Server, match: str, token: str) -> dict[str, Any]:
    return server.state(match, token)


def _play(server: Server, match: str, token: str, *actions: str) -> None:
    """Play ``actions`` for the token's seat through the HTTP API, as another person would."""
    for action in actions:
        version = _state(server, match, token)["version"]
        server.request(
            "POST",
            f"/api/matches/{match}/actions",
            {"token": token, "action": action, "version": version},
        )


def _click(page: Page, action: str) -> None:
    page.wait_for_function(READY_OR_OVER)
    page.locator(f'section.actions button.action[data-action="{action}"]').click()


def test_a_test_game_plugs_in_through_its_own_folder(server: Server, page: Page) -> None:
    # The lobby: the game is listed, its seats come from the server, its option is labelled
    # in the game's own words.
    page.goto(server.url + "/")
    page.select_option("#game", TEST)
    expect(page.locator("fieldset.seats label")).to_have_text(["north", "south"])
    expect(page.locator("label[for=opt-turns]")).to_have_text("Turns")
    page.select_option("#seat-south", "")  # a person (south starts as a bot): two links
    page.get_by_role("button", name="Create match").click()
    links = page.locator("ul.links input.link-text")
    expect(links).to_have_count(4)  # two seats, spectators, the host
    north, south = (links.nth(k).input_value() for k in (0, 1))
    match = re.search(r"/play/([^?]+)\?token=(.+)$", north)
    assert match
    match_id = match[1]
    south_token = south.rsplit("token=", 1)[1]

    # The play page draws it with the game's renderer and style sheet.
    page.goto(north)
    expect(page.locator("h1")).to_contain_text("Walk race (test game)")
    expect(page.locator(".walk-turn")).to_have_text("Turn 0 of 20")
    expect(page.locator(".walk-grid td.walk-cell")).to_have_count(25)
    # The game's style.css gives a cell 40 px (polled: the sheet loads beside the renderer,
    # and a state pushed meanwhile redraws the grid).
    expect(page.locator(".walk-cell").first).to_have_css("width", "40px")
    expect(page.locator("section.actions button.action")).to_have_text(
        ["Walk piece p1", "Walk piece p2"]
    )

    # A decision in steps: the open steps show, and the shared undo takes one back.
    _click(page, "piece:p1")
    _click(page, "s")
    expect(page.locator(".walk-steps")).to_have_text("Your walk so far: Walk piece p1, south")
    page.wait_for_function(READY_OR_OVER)
    page.get_by_role("button", name="Undo my last action").click()
    expect(page.locator(".walk-steps")).to_have_text("Your walk so far: Walk piece p1")
    for step in ("s", "s", "s"):
        _click(page, step)
    expect(page.locator("p.turn")).to_have_text("Waiting for south")
    expect(page.locator(".walk-steps")).to_be_hidden()

    _play(server, match_id, south_token, "piece:p1", "e", "done")
    _click(page, "piece:p1")
    _click(page, "s")
    _click(page, "done")

    # Game over: the winner and the game's own sentence for the reason, with its facts.
    result = page.locator("section.result")
    expect(result).to_be_visible()
    expect(result.locator(".winners")).to_have_text("Winner: north")
    expect(result.locator(".reason")).to_have_text("north crossed the whole board in 3 turns.")
    expect(result.locator("table.scores")).to_have_count(0)  # no scores in this game

    # The replay as south: north's open steps were shown to nobody, the completed walk is
    # shown whole, through the game's labels.
    page.goto(f"{server.url}/watch/{match_id}?replay&as=south&step=1")
    expect(page.locator(".replay-caption")).to_have_text("Something you were not shown happens")
    page.goto(f"{server.url}/watch/{match_id}?replay&as=south&step=4")
    expect(page.locator(".replay-caption")).to_have_text(
        "north plays a walk of p1: south, south, south"
    )
    expect(page.locator(".replay-counter")).to_have_text("Step 4 of 10")
    page.locator("body").press("End")
    expect(page.locator("section.result .reason")).to_have_text(
        "north crossed the whole board in 3 turns."
    )


def test_the_test_game_speaks_russian_with_its_own_table(server: Server, page: Page) -> None:
    created = server.create({"game": TEST})
    page.goto(server.url + "/")
    page.select_option("#lang-select", "ru")
    expect(page.get_by_role("button", name="Создать партию")).to_be_visible()
    page.select_option("#game", TEST)
    expect(page.locator("label[for=opt-turns]")).to_have_text("Ходы")
    page.goto(created["seats"][0]["url"])
    expect(page.locator(".walk-turn")).to_have_text("Ход 0 из 20")
    expect(page.locator("p.turn")).to_have_text("Ваша очередь")


# Game over in the real games ------------------------------------------------------------------

CNG_BOTS = dict.fromkeys(("tino", "el-toro", "lotus", "mr-black", "haggis"), "random")
SY_BOTS = {"mrx": "random", **dict.fromkeys(("d1", "d2", "d3"), "heuristic")}


def _en(name: str) -> dict[str, str]:
    folder = get_game(name).client_dir()
    assert folder is not None
    table: dict[str, str] = json.loads((folder / "i18n" / "en.json").read_text("utf-8"))
    return table


def _sentence(name: str, outcome: dict[str, Any]) -> str:
    """The game's English sentence for the outcome's reason, filled from its facts."""
    params = {k: str(v) for k, v in outcome["facts"].items() if isinstance(v, str | int | float)}
    words = _en(name)
    params["winners"] = ", ".join(words.get(f"seat_{seat}", seat) for seat in outcome["winners"])
    text = re.sub(r"\{(\w+)\}", lambda m: params[m[1]], _en(name)[f"outcome_{outcome['reason']}"])
    assert text != outcome["summary"]
    return text


MINUS = "\N{MINUS SIGN}"


def _dollars(value: float) -> str:
    return f"{MINUS}${-int(value):,}" if value < 0 else f"${int(value):,}"


def test_a_finished_cash_n_guns_match_shows_the_final_scores_and_why(
    server: Server, page: Page
) -> None:
    created, final = server.finished({"game": "cash-n-guns", "bots": CNG_BOTS, "seed": 7})
    outcome = final["outcome"]
    assert outcome["scores"], "nobody survived: pick another seed"
    page.goto(created["spectator_url"])
    result = page.locator("section.result")
    expect(result).to_contain_text("Game over")
    expect(result.locator(".reason")).to_have_text(_sentence("cash-n-guns", outcome))
    table = result.locator("table.scores")
    # The score, the money the shame took from, and the facts that break its ties (fewer
    # shame tokens, then more wounds).
    expect(table.locator("thead th")).to_have_text(
        ["seat", "money after shame", "money before shame", "shame tokens", "wounds"]
    )
    ranked = sorted(outcome["scores"].items(), key=lambda item: -item[1])
    # Every seat has a row: the dead (no score) after the ranked ones.
    expect(table.locator("tbody tr")).to_have_count(len(outcome["returns"]))
    for row, (seat, score) in zip(table.locator("tbody tr").all(), ranked, strict=False):
        facts = [str(outcome["facts"][name][seat]) for name in ("shame", "wounds")]
        money = _dollars(outcome["facts"]["money"][seat])
        expect(row.locator("th, td")).to_have_text(
            [_en("cash-n-guns")[f"seat_{seat}"], _dollars(score), money, *facts]
        )
    winners = ", ".join(_en("cash-n-guns")[f"seat_{seat}"] for seat in outcome["winners"])
    expect(result.locator(".winners")).to_contain_text(winners)
    # The payoffs are for bots; people see scores.
    expect(result).not_to_contain_text(": -1")
    expect(result).not_to_contain_text(": 1.0")
    # The replay's last step shows the same panel.
    page.goto(f"{created['spectator_url']}?replay&as=spectator")
    expect(page.locator(".replay-counter")).to_contain_text("Step 0 of")
    page.locator("body").press("End")
    expect(page.locator("section.result table.scores tbody tr")).to_have_count(
        len(outcome["returns"])
    )


def _finished_sy_with(server: Server, reason: str) -> tuple[dict[str, Any], dict[str, Any]]:
    """A match the bots played to its end for ``reason`` (the first of a few seeds: in 5
    rounds some end by a capture, some by time; the games are made once per server, for
    both reasons)."""
    for seed in range(1, 30):
        created, final = server.finished(
            {"game": "scotland-yard", "options": {"max_rounds": 5}, "bots": SY_BOTS, "seed": seed}
        )
        outcome = final["outcome"]
        if outcome["reason"] == reason:
            return created, outcome
    raise AssertionError(f"no seed in 1-29 ends by {reason}")


@pytest.mark.parametrize(("reason", "winner"), [("capture", "the detectives"), ("time", "Mr. X")])
def test_a_finished_scotland_yard_match_says_who_won_where_and_how(
    server: Server, page: Page, reason: str, winner: str
) -> None:
    created, outcome = _finished_sy_with(server, reason)
    page.goto(created["spectator_url"])
    result = page.locator("section.result")
    expect(result.locator(".winners")).to_have_text(f"Winner: {winner}")
    sentence = _sentence("scotland-yard", outcome)
    expect(result.locator(".reason")).to_have_text(sentence)
    station = str(outcome["facts"]["station"])
    assert station in sentence
    if reason == "capture":
        assert sentence.startswith(f"{outcome['facts']['piece']} caught Mr. X at station")
    else:
        assert sentence.startswith("Mr. X escaped")
    expect(result.locator("table.scores")).to_have_count(0)


# Scotland Yard's double move, a decision in steps ---------------------------------------------

DOUBLE = "double"


def _pick_target(page: Page) -> int:
    """Click the first station offered on the board (and its first way, if several lead
    there); the station's number."""
    station = page.locator("g.station.target").first
    number = int(station.locator("text").text_content() or "")
    station.click()
    choice = page.locator(".choice")
    if choice.is_visible():
        choice.locator("button.action").first.click()
    return number


def test_mrx_plays_a_double_move_step_by_step_on_the_board(server: Server, page: Page) -> None:
    created = server.create(
        {"game": "scotland-yard", "bots": dict.fromkeys(("d1", "d2", "d3"), "heuristic"),
         "seed": 31}
    )  # fmt: skip
    (mrx,) = created["seats"]
    match, token = created["id"], mrx["token"]
    before = server.state(match, token)
    assert DOUBLE in before["legal_actions"], (
        "Mr. X is offered no 'double' step (legal: "
        f"{before['legal_actions'][:5]}...): the double move as a decision in steps has not "
        "landed in the Scotland Yard rules"
    )
    assert not any(a.startswith("double:") for a in before["legal_actions"])
    spectator_version = server.state(match)["version"]

    page.goto(mrx["url"])
    page.wait_for_function(READY_OR_OVER)
    page.locator(f'section.actions button.action[data-action="{DOUBLE}"]').click()
    decision = page.locator(".sy-decision")
    expect(decision).to_have_text("Double move: choose the first ride on the board.")
    page.wait_for_function(READY_OR_OVER)
    first = _pick_target(page)
    expect(decision).to_contain_text(f"→ {first}, now choose the second ride.")
    # Nothing of it is shown to anybody else yet.
    assert server.state(match)["version"] == spectator_version
    assert len(server.state(match, token)["view"]["mrx_log"]) == 0

    # The shared page's undo takes the last step back.
    page.wait_for_function(READY_OR_OVER)
    page.get_by_role("button", name="Undo my last action").click()
    expect(decision).to_have_text("Double move: choose the first ride on the board.")
    page.wait_for_function(READY_OR_OVER)
    first = _pick_target(page)
    expect(decision).to_contain_text(f"→ {first}, now choose the second ride.")
    page.wait_for_function(READY_OR_OVER)
    second = _pick_target(page)

    # The second leg completes the move: two log entries, the decision closed.
    expect(decision).to_be_hidden()
    after = server.state(match, token)["view"]
    assert [e["station"] for e in after["mrx_log"][:2]] == [first, second]
    assert all(e["double"] for e in after["mrx_log"][:2])


def test_the_undercover_cop_is_revealed_at_the_end(server: Server, page: Page) -> None:
    created, final = server.finished(
        {"game": "cash-n-guns", "bots": CNG_BOTS, "options": {"undercover_cop": True}, "seed": 3}
    )
    outcome = final["outcome"]
    ((cop, role),) = outcome["roles"].items()
    assert role == "cop"
    page.goto(created["spectator_url"])
    roles = page.locator("section.result .roles")
    expect(roles.locator("h3")).to_have_text("Hidden roles")
    expect(roles.locator("li")).to_have_text(
        [f"{_en('cash-n-guns')[f'seat_{cop}']}: undercover cop"]
    )
