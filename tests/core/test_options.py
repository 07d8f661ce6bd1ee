"""Shared option and save-field readers: defaults, text from a command line, clear errors."""

import pytest

from getaway.core import OptionsError, SaveFileError
from getaway.core.options import bool_option, choice_option, int_option, whole_number


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
