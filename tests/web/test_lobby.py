"""The lobby is built from each game's option schema (GET /api/games): choices as selects with
translated labels, numbers with their ranges, switches for true/false; the seats start with
one "you" and bots in the seats a person usually doesn't take, named in the game's words.
The test game of tests/web/toy_client goes through the same form."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from playwright.sync_api import Page, Route, expect

from getaway.core import Game, games, get_game
from tests.web.conftest import Server
from tests.web.toy_client import GAME as TEST_GAME

LANGUAGES = ("en", "ru", "pt")
CREATE = {"ru": "Создать партию", "pt": "Criar partida"}


def _open_lobby(page: Page, server: Server, game: str, lang: str = "en") -> None:
    page.goto(server.url + "/")
    if lang != "en":
        page.select_option("#lang-select", lang)
        # The page is drawn again in the new language: wait for it before choosing.
        expect(page.get_by_role("button", name=CREATE[lang])).to_be_visible()
    page.select_option("#game", game)
    page.locator("form.lobby details summary").first.click()  # the options


def _seat_values(page: Page) -> dict[str, str]:
    values: dict[str, str] = page.eval_on_selector_all(
        "fieldset.seats select",
        "(all) => Object.fromEntries(all.map((s) => [s.dataset.seat, s.value]))",
    )
    return values


# The words behind the form ------------------------------------------------------------------


def _game_table(game: Game, lang: str) -> dict[str, str]:
    folder = game.client_dir()
    assert folder is not None
    table: dict[str, str] = json.loads(Path(folder, "i18n", f"{lang}.json").read_text("utf-8"))
    return table


@pytest.mark.parametrize("game", list(games().values()), ids=lambda g: g.name)
def test_every_choice_and_seat_has_words(game: Game) -> None:
    """The lobby shows no raw id: each choice of a choice option and each seat of every
    player count has a word in each language of the game's table."""
    wanted = {
        f"opt_{spec.name}_{choice}"
        for spec in game.option_specs()
        if spec.kind == "choice"
        for choice in spec.choices
    }
    wanted |= {
        f"seat_{seat}"
        for players in range(game.min_players, game.max_players + 1)
        for seat in game.seats({"players": players})
    }
    for lang in LANGUAGES:
        missing = wanted - set(_game_table(game, lang))
        assert not missing, f"{game.name} {lang}.json lacks {sorted(missing)}"


# The form ---------------------------------------------------------------------------------


def test_choices_are_selects_with_translated_labels(server: Server, page: Page) -> None:
    _open_lobby(page, server, "scotland-yard", "ru")
    edition = page.locator("select#opt-edition")
    expect(edition.locator("option")).to_have_text(["издание 2014 года", "классическое издание"])
    assert edition.locator("option").evaluate_all("(all) => all.map((o) => o.value)") == [
        "2014",
        "classic",
    ]
    expect(edition).to_have_value("2014")
    expect(page.locator("label[for=opt-edition]")).to_have_text("Издание")
    expect(page.locator("select#opt-mrx_tickets option")).to_have_text(
        ["из общего запаса", "без ограничений"]
    )


def test_numbers_have_their_range_and_booleans_are_switches(server: Server, page: Page) -> None:
    _open_lobby(page, server, "scotland-yard")
    players = page.locator("#players")
    expect(players).to_have_attribute("type", "number")
    expect(players).to_have_attribute("min", "2")
    expect(players).to_have_attribute("max", "6")
    expect(players).to_have_value("4")
    rounds = page.locator("#opt-max_rounds")
    expect(rounds).to_have_attribute("type", "number")
    expect(rounds).to_have_attribute("min", "1")
    expect(rounds).to_have_attribute("max", "30")
    expect(rounds).to_have_value("22")
    pooled = page.get_by_role("switch", name="Shared tickets for two detectives")
    expect(pooled).to_be_checked()
    expect(page.get_by_role("switch", name="Police count when nobody can move")).not_to_be_checked()
    expect(page.locator("#opt-reveal_at")).to_have_value("3, 8, 13, 18, 24")
    # Cash 'n Guns: every option a switch, off or on as the game's defaults say.
    page.select_option("#game", "cash-n-guns")
    expect(page.get_by_role("switch")).to_have_count(5)
    expect(page.get_by_role("switch", name="Advanced game")).not_to_be_checked()
    expect(players).to_have_attribute("min", "4")
    expect(players).to_have_value("5")


def test_seats_start_with_one_you_and_bots_named_in_the_games_words(
    server: Server, page: Page
) -> None:
    _open_lobby(page, server, "scotland-yard")
    labels = page.locator("fieldset.seats label")
    expect(labels).to_have_text(
        [
            "Mr. X",
            "Detective 1the detectives",
            "Detective 2the detectives",
            "Detective 3the detectives",
        ]
    )
    # One against many: the person takes the lone side, bots hunt him.
    assert _seat_values(page) == {"mrx": "@you", "d1": "medium", "d2": "medium", "d3": "medium"}
    expect(page.locator("#seat-mrx option:checked")).to_have_text("you (this browser)")
    # "you" is one seat: choosing it elsewhere makes the old one a person's (with a link).
    page.select_option("#seat-d2", "@you")
    assert _seat_values(page)["mrx"] == "" and _seat_values(page)["d2"] == "@you"
    page.fill("#players", "2")
    page.locator("#players").dispatch_event("change")
    expect(labels).to_have_text(["Mr. X", "Detectives"])
    assert _seat_values(page) == {"mrx": "@you", "detectives": "medium"}
    # Everyone for himself: the first seat, the others bots.
    page.select_option("#game", "cash-n-guns")
    expect(labels).to_have_text(["Tino", "El Toro", "Lotus", "Mr. Black", "Haggis"])
    values = _seat_values(page)
    assert values.pop("tino") == "@you" and set(values.values()) == {"medium"}
    page.select_option("#lang-select", "ru")
    expect(page.get_by_role("button", name=CREATE["ru"])).to_be_visible()
    page.select_option("#game", "cash-n-guns")
    expect(labels.first).to_have_text("Тино")


def test_a_match_from_the_defaults_and_one_changed_option(server: Server, page: Page) -> None:
    _open_lobby(page, server, "scotland-yard")
    page.select_option("#opt-edition", "classic")
    # The edition sets the defaults of others: those follow, until changed by hand.
    expect(page.locator("#opt-board")).to_have_value("classic")
    expect(page.locator("#opt-max_rounds")).to_have_value("24")
    page.select_option("#opt-board", "2014")
    page.select_option("#opt-edition", "2014")
    expect(page.locator("#opt-max_rounds")).to_have_value("22")
    expect(page.locator("#opt-board")).to_have_value("2014")
    page.select_option("#opt-edition", "classic")
    expect(page.locator("#opt-start_cards")).to_have_value("classic")
    expect(page.locator("#opt-board")).to_have_value("2014")  # chosen by hand: it stays
    page.get_by_role("switch", name="Police count when nobody can move").check()
    page.select_option("#seat-d1", "random")
    page.select_option("#seat-d2", "random")
    page.select_option("#seat-d3", "random")
    page.get_by_role("button", name="Create match").click()
    rows = page.locator("ul.links li .link-label")
    expect(rows).to_have_text(
        ["Your seat: Mr. X", "Spectators", "Your host page (keep it private)"]
    )
    expect(page.locator("section.created")).to_contain_text(
        "Bots: Detective 1 (random), Detective 2 (random), Detective 3 (random)"
    )
    url = page.locator("ul.links input.link-text").first.input_value()
    match, token = url.split("/play/")[1].split("?token=")
    state = server.state(match, token)
    options = state["view"]["options"]
    # The changed options are sent; the edition's own defaults follow on the server.
    assert (options["edition"], options["board"], options["x2_counts_police"]) == (
        "classic",
        "2014",
        True,
    )
    assert (options["start_cards"], options["max_rounds"]) == ("classic", 24)
    page.goto(url)
    expect(page.get_by_role("heading", name="Your move")).to_be_visible()


def test_the_test_game_goes_through_the_same_form(server: Server, page: Page) -> None:
    _open_lobby(page, server, TEST_GAME.name)
    expect(page.locator("#players")).to_be_disabled()  # one player count: nothing to choose
    turns = page.locator("#opt-turns")
    expect(turns).to_have_attribute("min", "2")
    expect(turns).to_have_attribute("max", "60")
    expect(turns).to_have_value("20")
    assert _seat_values(page) == {"north": "@you", "south": "medium"}
    page.fill("#opt-turns", "7")
    page.select_option("#seat-south", "random")
    page.get_by_role("button", name="Create match").click()
    url = page.locator("ul.links input.link-text").first.input_value()
    match, token = url.split("/play/")[1].split("?token=")
    assert server.state(match, token)["view"]["options"] == {"players": 2, "turns": 7}


@pytest.mark.parametrize("strings", ["delivered", "late"])
def test_a_match_straight_from_the_defaults(server: Server, page: Page, strings: str) -> None:
    """A new player only presses the button: Mr. X is theirs, medium bots hunt him, and the
    match has the game's default options. With the game's words held back, the button is
    pressed while the form still shows the first game's seats: the match is still made from
    the game chosen (once, a loaded machine sent Cash 'n Guns seats for Scotland Yard)."""
    page.goto(server.url + "/")
    expect(page.locator("#seat-el-toro")).to_be_attached()  # the first game's form is drawn
    held: list[Route] = []
    if strings == "late":
        page.route("**/games/scotland-yard/i18n/*.json", lambda route: held.append(route))
    page.select_option("#game", "scotland-yard")
    page.get_by_role("button", name="Create match").click()
    if strings == "late":
        expect(page.locator("#seat-el-toro")).to_be_attached()  # the race is on
        assert held, "the game's words were not asked for"
        for route in held:
            route.continue_()
    expect(page.locator("ul.links li .link-label").first).to_have_text("Your seat: Mr. X")
    expect(page.locator("section.created")).to_contain_text(
        "Bots: Detective 1 (medium), Detective 2 (medium), Detective 3 (medium)"
    )
    url = page.locator("ul.links input.link-text").first.input_value()
    match, token = url.split("/play/")[1].split("?token=")
    state = server.state(match, token)
    assert state["seat"] == "mrx"
    assert state["view"]["options"] == get_game("scotland-yard").normalize_options({})
    kinds = {seat["seat"]: (seat["kind"], seat.get("bot_level")) for seat in state["seats"]}
    assert kinds == {
        "mrx": ("human", None),
        **dict.fromkeys(("d1", "d2", "d3"), ("bot", "medium")),
    }
