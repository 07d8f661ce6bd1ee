"""The game's options (§4.1, §4.2 steps 17b and 19, §10, §12) and the rules they fix."""

from __future__ import annotations

import pytest

from getaway.core.errors import OptionsError
from getaway.games.escape_from_new_york.options import (
    OPTION_SPECS,
    SEATS,
    VARIANTS,
    normalize,
    rules_for,
)


def test_the_empty_options_are_the_declared_defaults() -> None:
    assert normalize({}) == {spec.name: spec.default for spec in OPTION_SPECS}
    assert normalize(None)["players"] == 2


@pytest.mark.parametrize(
    ("options", "said"),
    [
        ({"players": 5}, "'players' must be a whole number from 1 to 4"),
        ({"players": 0}, "'players' must be a whole number from 1 to 4"),
        ({"colour": "red"}, "unknown option(s) 'colour'"),
        ({"hero_p1": "plissken"}, "'hero_p1' must be one of random, snake"),
        ({"players": 2, "hero_p3": "brain"}, "seat p3, which a 2-hero game does not have"),
        ({"hero_p1": "brain", "hero_p2": "brain"}, "'hero_p1' and 'hero_p2' both choose"),
        ({"players": 1, "first_player": "p2"}, "'first_player' must be 'random' or one of p1"),
        ({"traps": "maybe"}, "'traps' must be true or false"),
    ],
)
def test_bad_options_are_refused_saying_what_is_allowed(
    options: dict[str, object], said: str
) -> None:
    with pytest.raises(OptionsError) as caught:
        normalize(options)
    assert said in str(caught.value)


def test_command_line_text_is_read() -> None:
    options = normalize({"players": "3", "wanted": "yes", "hero_p2": "maggie"})
    assert options["players"] == 3 and options["wanted"] is True
    assert options["hero_p2"] == "maggie"


@pytest.mark.parametrize(
    ("players", "black", "objectives"), [(4, 12, 6), (3, 11, 5), (2, 10, 4), (1, 9, 3)]
)
def test_the_player_count_table(players: int, black: int, objectives: int) -> None:
    """§4.1: black timer cards and objective cards drawn per colour by player count."""
    rules = rules_for({"players": players})
    assert rules.seats == SEATS[:players]
    assert rules.black_timer_cards == black
    assert rules.objectives_per_colour == objectives
    assert rules.prisoners == 40


@pytest.mark.parametrize(("players", "black"), [(4, 11), (3, 10), (2, 9), (1, 8)])
def test_the_advanced_variants_take_a_timer_card_and_ten_prisoners(
    players: int, black: int
) -> None:
    """§10: 11/10/9/8 black cards; 30 prisoners instead of 40."""
    rules = rules_for({"players": players, "fewer_timer_cards": True, "fewer_prisoners": True})
    assert rules.black_timer_cards == black
    assert rules.prisoners == 30


def test_one_rules_object_per_distinct_options() -> None:
    assert rules_for({"players": 3}) is rules_for({"players": "3", "traps": False})
    assert rules_for({"players": 3}) is not rules_for({"players": 3, "traps": True})


def test_every_variant_is_an_option_off_by_default() -> None:
    rules = rules_for({})
    for name in VARIANTS:
        assert rules.variant(name) is False
        assert rules_for({name: True}).variant(name) is True
