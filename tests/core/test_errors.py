"""Errors say what was wrong and what is allowed."""

import pickle

from getaway.core import (
    AmbiguousActionError,
    IllegalActionError,
    NotYourTurnError,
    OptionsError,
    UnknownGameError,
    UnknownSeatError,
)


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


def test_errors_survive_pickling_with_their_message_and_fields():
    """Errors cross process boundaries pickled (bot workers, parallel chunks); one that cannot
    be rebuilt there breaks the process pool that carried it."""
    errors = [
        UnknownGameError("chess", ["scotland-yard"]),
        NotYourTurnError("mrx", ["d1"]),
        UnknownSeatError("d9", ["mrx", "d1"]),
        IllegalActionError("mrx", "bus:99", ["taxi:1"], "no bus line"),
        AmbiguousActionError("t", ["taxi:1", "taxi:2"]),
        OptionsError("players must be 2 to 6"),
    ]
    for err in errors:
        copy = pickle.loads(pickle.dumps(err))
        assert type(copy) is type(err)
        assert str(copy) == str(err) and copy.args == err.args
        assert vars(copy) == vars(err)
