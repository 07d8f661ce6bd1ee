"""``getaway play``: how a person types moves, and what the terminal answers them.

The game's own examples in ``help``, filtered move lists that say they are a part, a station
number picked whole before as a prefix, and closest moves for a move that matches none.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from getaway.cli import main
from getaway.cli.common import console
from getaway.cli.play import Match, handle_line, show_help
from getaway.core import (
    AmbiguousActionError,
    Replay,
    Session,
    get_game,
    match_action,
    register_game,
    unregister_game,
)
from getaway.core.actions import closest_actions
from tests.core.toy_game import GAME as TOY
from tests.scotland_yard.helpers import craft

SCOTLAND_YARD = get_game("scotland-yard")


@pytest.fixture(autouse=True)
def replay_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    directory = tmp_path / "autosaved"
    monkeypatch.setenv("GETAWAY_REPLAY_DIR", str(directory))
    return directory


def play_lines(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    argv: list[str],
    lines: list[str],
) -> str:
    """What ``getaway play`` prints when the person types ``lines`` and then stops."""
    typed: Iterator[str] = iter(lines)

    def scripted_input(prompt: str = "") -> str:
        line = next(typed, None)
        if line is None:
            raise EOFError
        print(f"{prompt}{line}")
        return line

    monkeypatch.setattr("builtins.input", scripted_input)
    assert main(["play", *argv, "--bots", "random"]) == 0
    return capsys.readouterr().out


def answer_to(out: str, line: str) -> str:
    """The text printed after the person typed ``line``, up to the next prompt."""
    after = out.split(f"> {line}\n", 1)[1]
    return after.split("> ", 1)[0]


# help ---------------------------------------------------------------------------------------


def test_help_for_mrx_shows_his_tickets_and_the_double_move(capsys, monkeypatch):
    out = play_lines(capsys, monkeypatch, ["scotland-yard", "--as", "mrx", "--seed", "7"], ["help"])
    help_text = answer_to(out, "help")
    assert "black 46" in help_text and "double" in help_text
    assert "d1 bus 58" not in help_text


def test_help_for_detectives_shows_a_piece_ticket_and_station(capsys, monkeypatch):
    argv = ["scotland-yard", "--as", "detectives", "--seed", "7"]
    help_text = answer_to(play_lines(capsys, monkeypatch, argv, ["help"]), "help")
    assert "d1 bus 58" in help_text
    assert "p1 29" in help_text  # the police piece of the 2014 edition
    assert "black 46" not in help_text


def test_help_in_cash_n_guns_shows_loading_aiming_and_courage(capsys, monkeypatch):
    argv = ["cash-n-guns", "--as", "tino", "--seed", "3"]
    help_text = answer_to(play_lines(capsys, monkeypatch, argv, ["help"]), "help")
    assert "load bang" in help_text
    assert "aim el-toro" in help_text  # a real other gangster of this game
    assert "hide" in help_text and "stay" in help_text
    # No Scotland Yard ride as an example (the autosave's file name, printed at the end, holds
    # the time of day, so a bare number could be anything).
    assert not re.search(r"\b(taxi|bus|underground|black) \d+", help_text)
    # The advanced and Undercover Cop games' moves only in those games.
    assert "reveal kid" not in help_text and "flip" not in help_text


def test_help_in_the_advanced_undercover_cop_game_shows_its_own_moves(capsys, monkeypatch):
    argv = ["cash-n-guns", "--as", "tino", "--seed", "3"]
    argv += ["--option", "advanced=true", "--option", "undercover_cop=true"]
    help_text = answer_to(play_lines(capsys, monkeypatch, argv, ["help"]), "help")
    assert "reveal kid" in help_text and "flip" in help_text


def test_help_of_a_game_without_examples_makes_one_from_the_legal_moves(capsys):
    register_game(TOY)
    try:
        session = Session.new(TOY, None, 0)
        show_help(Match(TOY, session, ("a",), {}, console()), "")
    finally:
        unregister_game(TOY.name)
    assert "For example: heads.\n" in capsys.readouterr().out


# moves ----------------------------------------------------------------------------------------


def test_a_filtered_move_list_says_how_many_of_all_it_shows(capsys, monkeypatch):
    argv = ["scotland-yard", "--as", "detectives", "--seed", "7"]
    out = play_lines(capsys, monkeypatch, argv, ["moves", "moves taxi", "moves ferry"])
    assert answer_to(out, "moves").startswith("23 legal moves:")
    assert answer_to(out, "moves taxi").startswith("showing 12 of 23 legal moves matching 'taxi':")
    assert answer_to(out, "moves ferry").startswith("none of your 23 legal moves matches 'ferry'")


# typed moves ----------------------------------------------------------------------------------


def mrx_at_8() -> Match:
    """Mr. X to move from station 8, whose taxi rides go to 1, 18 and 19."""
    session = Session.new(SCOTLAND_YARD, {"players": 2}, 0)
    session.state = craft(
        {"players": 2}, mrx=8, hunters={"d1": 155, "d2": 174, "p1": 123, "p2": 112}
    )
    assert {"taxi:1", "taxi:18", "taxi:19"} <= set(session.state.legal_actions("mrx"))
    return Match(SCOTLAND_YARD, session, ("mrx",), {}, console())


@pytest.mark.parametrize("typed", ["t 1", "taxi 1", "t:1", "TAXI 1"])
def test_a_number_picks_that_station_before_the_stations_it_begins(typed, capsys):
    match = mrx_at_8()
    handle_line(match, typed)
    assert [move.action for move in match.session.replay.actions] == ["taxi:1"]
    assert "mrx plays taxi:1" in capsys.readouterr().out


def test_a_bare_number_asks_only_between_the_tickets_to_that_station(capsys):
    match = mrx_at_8()
    handle_line(match, "1")
    assert match.session.replay.actions == []
    assert "'1' could mean: taxi:1, black:1; type one of them" in capsys.readouterr().out


def test_a_number_that_is_no_station_still_picks_the_one_it_begins():
    assert match_action("t 19", ["taxi:1", "taxi:18", "taxi:19"]) == "taxi:19"
    assert match_action("bus 6", ["taxi:1", "bus:46", "bus:65"]) == "bus:65"
    with pytest.raises(AmbiguousActionError) as err:
        match_action("t 1", ["taxi:13", "taxi:18"])
    assert err.value.matches == ["taxi:13", "taxi:18"]


def test_an_illegal_single_move_suggests_the_closest_single_moves(capsys, monkeypatch):
    argv = ["scotland-yard", "--as", "mrx", "--seed", "7"]
    out = play_lines(capsys, monkeypatch, argv, ["taxi 104", "bus 105", "bus 58"])
    # Mr. X stands on 106: taxi or black to 105 or 107, or a double move.
    assert answer_to(out, "taxi 104").startswith(
        "illegal action 'taxi 104' for mrx: no legal move matches it; closest: taxi:105, taxi:107\n"
    )
    assert "closest: taxi:105, black:105\n" in answer_to(out, "bus 105")
    closest = answer_to(out, "bus 58")
    assert "closest: taxi:105, taxi:107, black:105, black:107\n" in closest
    assert "double" not in closest


def test_closest_moves_share_the_most_typed_words_in_the_typed_shape():
    legal = ["d1:taxi:161", "d1:taxi:173", "p1:6", "p1:15", "d2:bus:122"]
    assert closest_actions("d1 taxi 999", legal) == ["d1:taxi:161", "d1:taxi:173"]
    assert closest_actions("p1 99", legal) == ["p1:6", "p1:15"]
    assert closest_actions("zzz", legal) == legal
    assert closest_actions("ferry 99", ["taxi:1", "double"]) == ["taxi:1"]


def test_an_illegal_move_is_not_saved(capsys, monkeypatch, replay_dir):
    argv = ["scotland-yard", "--as", "mrx", "--seed", "7"]
    play_lines(capsys, monkeypatch, argv, ["taxi 104"])
    (saved,) = replay_dir.glob("*.json")
    assert Replay.load(saved).actions == []
