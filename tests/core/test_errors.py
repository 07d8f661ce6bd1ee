"""Errors say what was wrong and what is allowed."""

from getaway.core import IllegalActionError, NotYourTurnError, UnknownGameError


def test_illegal_action_lists_legal_ones_and_summarises_long_lists():
    legal = [f"taxi:{i}" for i in range(1, 31)]
    err = IllegalActionError("mrx", "bus:99", legal, "no bus line")
    text = str(err)
    assert "bus:99" in text and "no bus line" in text and "taxi:1" in text
    assert "(18 more)" in text


def test_not_your_turn_names_who_is_awaited():
    assert "d1, d2" in str(NotYourTurnError("mrx", ["d1", "d2"]))
    assert "over" in str(NotYourTurnError("mrx", [], over=True))


def test_unknown_game_lists_known_games():
    assert "scotland-yard" in str(UnknownGameError("chess", ["scotland-yard"]))
