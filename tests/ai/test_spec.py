"""Naming search bots: levels, the spec grammar and its error messages."""

from __future__ import annotations

from dataclasses import replace

import pytest

from getaway.ai import GENERIC_BOTS, ISMCTSBot, bot_names, make_bot, validate_bot_name
from getaway.ai.spec import LEVELS, SearchSettings, is_search_spec, parse_spec, uncapped_spec
from getaway.core import Game, GetawayError, get_game
from tests.ai.games import NIM


def test_levels_are_generic_bots_in_every_game():
    for game in (get_game("scotland-yard"), get_game("cash-n-guns"), NIM):
        names = bot_names(game)
        assert {"easy", "medium", "hard"} <= set(names)
        bot = make_bot(game, "hard")
        assert isinstance(bot, ISMCTSBot) and bot.name == "hard"
    assert set(LEVELS) <= set(GENERIC_BOTS)


def test_levels_grow_in_budget():
    easy, medium, hard = (LEVELS[name] for name in ("easy", "medium", "hard"))
    assert easy.iterations < medium.iterations < hard.iterations
    # hard must stay within 1 s per move, whatever the machine does.
    assert hard.seconds is not None and hard.seconds < 1.0


class ThriftyNim(type(NIM)):  # type: ignore[misc]
    """A game whose search declares its own budgets for two of the levels."""

    def search_budgets(self) -> dict[str, int]:
        return {"medium": 40, "hard": 90}


def settings_of(game: Game, name: str) -> SearchSettings:
    bot = make_bot(game, name)
    assert isinstance(bot, ISMCTSBot)
    return bot.settings


def test_a_game_may_give_its_levels_their_own_budgets_and_a_spec_still_wins():
    game = ThriftyNim()
    budget = {name: settings_of(game, name).iterations for name in LEVELS}
    assert budget == {"easy": LEVELS["easy"].iterations, "medium": 40, "hard": 90}
    assert settings_of(game, "ismcts").iterations == 40  # ismcts starts from medium
    assert settings_of(game, "hard:c=1.5").iterations == 90
    assert settings_of(game, "hard:iterations=7").iterations == 7
    # The cap is the level's, and uncapping keeps the game's budget.
    assert settings_of(game, "hard").seconds == LEVELS["hard"].seconds
    assert settings_of(game, uncapped_spec("hard")) == replace(
        LEVELS["hard"], iterations=90, seconds=None
    )
    # Other games keep the generic budgets.
    assert settings_of(NIM, "hard") == LEVELS["hard"]


def test_ismcts_alone_is_medium_and_settings_override_it():
    assert parse_spec("ismcts") == LEVELS["medium"]
    spec = parse_spec("ismcts:iterations=3000:c=0.5:gamma=0.2:depth=4:pool=0:seconds=none")
    assert spec == SearchSettings(
        iterations=3000, seconds=None, c=0.5, gamma=0.2, depth=4, pool=0, pick="sample"
    )
    hard = parse_spec("hard:c=1.5")
    assert hard.iterations == LEVELS["hard"].iterations and hard.c == 1.5
    assert parse_spec("hard").z == 2.0 and parse_spec("hard:z=0.5").z == 0.5


def test_commas_also_separate_settings():
    assert parse_spec("ismcts:iterations=3000,c=0.7,off=a+b") == parse_spec(
        "ismcts:iterations=3000:c=0.7:off=a+b"
    )


def test_on_and_off_name_techniques_joined_by_plus():
    spec = parse_spec("easy:off=categorization+coalition:on=playouts")
    assert spec.off == {"categorization", "coalition"} and spec.on == {"playouts"}
    assert spec.enabled(frozenset({"coalition", "filtering"})) == {"filtering", "playouts"}


@pytest.mark.parametrize(
    ("spec", "words"),
    [
        ("mcts:iterations=5", ["ismcts, easy, medium, hard"]),
        ("ismcts:iters=5", ["iters", "iterations", "seconds", "pool", "off"]),
        ("ismcts:iterations", ["KEY=VALUE"]),
        ("ismcts:iterations=", ["KEY=VALUE"]),
        ("ismcts:iterations=many", ["iterations must be a whole number", "'many'"]),
        ("ismcts:iterations=0", ["iterations must be at least 1"]),
        ("ismcts:seconds=0", ["seconds", "above 0"]),
        ("ismcts:seconds=-2", ["seconds", "above 0"]),
        ("ismcts:seconds=inf", ["seconds", "finite"]),
        ("ismcts:c=-1", ["c must be", "at least 0"]),
        ("ismcts:gamma=2", ["gamma must be from 0 to 1"]),
        ("ismcts:pool=-1", ["pool must be at least 0"]),
        ("ismcts:pick=best", ["pick must be one of sample, max"]),
        ("ismcts:z=-1", ["z must be", "at least 0"]),
        ("ismcts:z=x", ["z must be a number"]),
        ("ismcts:c=1:c=2", ["c is given twice"]),
        ("ismcts:off=Bad Name", ["technique names joined by '+'"]),
        ("ismcts:on=a:off=a", ["both on and off", "a"]),
    ],
)
def test_bad_specs_say_what_is_allowed(spec, words):
    with pytest.raises(GetawayError) as caught:
        parse_spec(spec)
    for word in words:
        assert word in str(caught.value)


def test_unknown_techniques_are_refused_when_the_bot_is_made():
    with pytest.raises(GetawayError) as caught:
        make_bot(NIM, "ismcts:off=coalition")
    assert "coalition" in str(caught.value) and "take-one" in str(caught.value)
    bot = make_bot(NIM, "ismcts:on=take-one")
    assert isinstance(bot, ISMCTSBot)
    view = NIM.new_state().view("a")
    assert bot.policy(NIM, "a", view).uses("take-one")
    plain = make_bot(NIM, "ismcts")
    assert isinstance(plain, ISMCTSBot)
    assert not plain.policy(NIM, "a", view).uses("take-one")


def test_unknown_names_list_the_bots_and_the_spec_form():
    assert not is_search_spec("hardest")
    with pytest.raises(GetawayError) as caught:
        validate_bot_name(NIM, "hardest")
    message = str(caught.value)
    assert "hard" in message and "random" in message and "ismcts:" in message
    validate_bot_name(NIM, "ismcts:iterations=10")


def test_uncapped_drops_only_the_time_cap():
    hard = LEVELS["hard"]
    assert hard.seconds is not None
    assert hard.uncapped() == replace(hard, seconds=None)
    assert parse_spec("hard:seconds=none") == hard.uncapped()


@pytest.mark.parametrize(
    ("name", "uncapped"),
    [
        ("hard", "hard:seconds=none"),
        ("ismcts:iterations=500:off=coalition", "ismcts:iterations=500:off=coalition:seconds=none"),
        ("medium:seconds=2:c=0.5", "medium:seconds=none:c=0.5"),
        ("easy,seconds=0.1", "easy,seconds=none"),
        ("hard:seconds=none", "hard:seconds=none"),
        ("heuristic", "heuristic"),
        ("random", "random"),
    ],
)
def test_uncapped_spec_drops_a_search_bots_cap(name, uncapped):
    assert uncapped_spec(name) == uncapped
    if is_search_spec(name):
        assert parse_spec(uncapped).seconds is None
        assert parse_spec(uncapped) == parse_spec(name).uncapped()
