"""``getaway play``: how a person types moves, and what the terminal answers them.

The game's own examples in ``help``, filtered move lists that say they are a part, a station
number picked whole before as a prefix, and closest moves for a move that matches none.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from getaway.cli import main
from getaway.cli.common import console
from getaway.cli.play import Match, show_help
from getaway.core import Session, register_game, unregister_game
from tests.core.toy_game import GAME as TOY


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
    assert "46" not in help_text


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
