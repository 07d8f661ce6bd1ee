"""Shared option and save-field readers: defaults, text from a command line, clear errors."""

import pytest

from getaway.core import Game, OptionsError, SaveFileError, games
from getaway.core.options import (
    OptionSpec,
    bool_option,
    choice_option,
    int_option,
    read_options,
    whole_number,
)
from tests.ai.games import NIM, ODDS
from tests.core.toy_game import PenniesGame
from tests.core.walk_game import WalkGame


def test_int_option_takes_defaults_text_and_refuses_out_of_range():
    assert int_option({}, "players", 4, 2, 6) == 4
    assert int_option({"players": None}, "players", 4, 2, 6) == 4
    assert int_option({"players": "5"}, "players", 4, 2, 6) == 5
    for bad in (9, True, "five", 2.5):
        with pytest.raises(OptionsError, match="'players' must be a whole number from 2 to 6"):
            int_option({"players": bad}, "players", 4, 2, 6)


def test_bool_option_reads_words_and_refuses_others():
    assert bool_option({"x": "yes"}, "x", False) is True
    assert bool_option({"x": "0"}, "x", True) is False
    assert bool_option({}, "x", True) is True
    with pytest.raises(OptionsError, match="'x' must be true or false"):
        bool_option({"x": 3}, "x", True)


def test_choice_option_reads_numbers_as_text():
    assert choice_option({"edition": 2014}, "edition", ("2014", "classic"), "2014") == "2014"
    with pytest.raises(OptionsError, match="one of 2014, classic; got 'modern'"):
        choice_option({"edition": "modern"}, "edition", ("2014", "classic"), "2014")


def test_whole_number_names_the_save_field():
    assert whole_number(3, "round", 1, 22) == 3
    with pytest.raises(SaveFileError, match="'round' must be a whole number from 1 to 22"):
        whole_number(False, "round", 1, 22)


# Declared options (OptionSpec) ------------------------------------------------------------


def test_an_option_spec_reads_its_kind_and_describes_itself():
    rounds = OptionSpec("rounds", "int", 3, "rounds (1-9)", min=1, max=9)
    assert rounds.read({}) == 3 and rounds.read({"rounds": "7"}) == 7
    with pytest.raises(OptionsError, match="'rounds' must be a whole number from 1 to 9"):
        rounds.read({"rounds": 10})
    assert rounds.to_json() == {
        "type": "int",
        "default": 3,
        "help": "rounds (1-9)",
        "min": 1,
        "max": 9,
    }
    edition = OptionSpec("edition", "choice", "2014", "which", choices=("2014", "classic"))
    assert edition.read({"edition": 2014}) == "2014"
    assert edition.to_json()["choices"] == ["2014", "classic"]
    reveal = OptionSpec("reveal_at", "list", [3, 8], "when", min=1, max=30)
    assert reveal.read({"reveal_at": (8, 3, 8)}) == [3, 8]
    with pytest.raises(OptionsError, match="list of numbers from 1 to 30"):
        reveal.read({"reveal_at": [0]})
    assert OptionSpec("fast", "bool", False, "quick").to_json() == {
        "type": "bool",
        "default": False,
        "help": "quick",
    }


def test_a_wrong_declaration_fails_at_once():
    with pytest.raises(ValueError, match="not in choices"):
        OptionSpec("edition", "choice", "1983", "which", choices=("2014",))
    with pytest.raises(ValueError, match="needs min and max"):
        OptionSpec("rounds", "int", 3, "rounds")
    with pytest.raises(OptionsError):
        OptionSpec("rounds", "int", 30, "rounds", min=1, max=9)


def test_read_options_fills_defaults_and_names_unknown_options():
    specs = (
        OptionSpec("players", "int", 2, "players", min=2, max=4),
        OptionSpec("fast", "bool", False, "quick"),
    )
    assert read_options(specs, {"fast": "yes"}, "g") == {"players": 2, "fast": True}
    with pytest.raises(
        OptionsError, match="unknown option\\(s\\) 'slow'; options of g: players, fast"
    ):
        read_options(specs, {"slow": 1}, "g")


def _every_game() -> list[Game]:
    return [*games().values(), PenniesGame(), WalkGame(), NIM, ODDS]


@pytest.mark.parametrize("game", _every_game(), ids=lambda g: g.name)
def test_every_game_declares_every_option_with_its_default(game: Game) -> None:
    """The declaration and the rules agree: the options the game fills in are those it
    declares, each default is the value of the empty options, and players spans the game's
    player counts."""
    specs = {spec.name: spec for spec in game.option_specs()}
    defaults = game.normalize_options({})
    assert set(specs) == set(defaults)
    for name, spec in specs.items():
        assert spec.default == defaults[name], name
        assert game.normalize_options({name: spec.default})[name] == defaults[name], name
        for choice in spec.choices:
            # Every offered choice is accepted at some table size (a seat named by a choice,
            # like Escape Plan's first player, exists only from its own player count on).
            accepted = 0
            for players in range(game.min_players, game.max_players + 1):
                try:
                    game.normalize_options({name: choice, "players": players})
                except OptionsError:
                    continue
                accepted += 1
            assert accepted, (name, choice)
    assert (specs["players"].min, specs["players"].max) == (game.min_players, game.max_players)
    assert game.option_help() == {name: spec.help for name, spec in specs.items()}
