"""The protocol's promises for Cash 'n Guns: refused input changes nothing and names what is
legal; timers' defaults (spec 10.2); which actions may be taken back (``would_reveal``)."""

from __future__ import annotations

import pytest

from getaway.core import IllegalActionError, NotYourTurnError, Session, UndoError, UnknownSeatError
from tests.cash_n_guns.helpers import GAME, answer, craft, illegal, new, play


def test_an_illegal_action_names_the_legal_ones_and_changes_nothing():
    state = new({"players": 4})
    err = illegal(state, "tino", "load:gold")
    assert err.legal == ["load:bbb", "load:bang", "load:click"]
    assert "load:bbb" in str(err) and "load" in err.reason
    answer(state, {"tino": "load:bbb"})
    err = illegal(state, "tino", "aim:tino")  # not at himself
    assert "aim:el-toro" in err.legal and "aim:tino" not in err.legal


def test_a_card_already_spent_cannot_be_loaded_again():
    state = new({"players": 4})
    play(state, {"load": {"tino": "load:bbb"}})
    err = illegal(state, "tino", "load:bbb")
    assert err.legal == ["load:bang", "load:click"]
    assert "no such card" in err.reason


def test_aiming_at_a_dead_player_or_with_a_second_gun_one_does_not_hold_is_refused():
    state = craft({"players": 4}, dead=["lotus"])
    answer(state)
    illegal(state, "tino", "aim:lotus")
    illegal(state, "tino", "aim:el-toro/mr-black")
    illegal(state, "tino", "aim:nobody-at-all")


def test_a_seat_that_has_committed_may_not_act_again_in_the_step():
    state = new({"players": 4})
    state.apply("tino", "load:click")
    before = state.to_json()
    with pytest.raises(NotYourTurnError, match="waiting for"):
        state.apply("tino", "load:bang")
    assert state.to_json() == before
    assert state.legal_actions("tino") == ()


def test_unknown_seats_and_seats_beyond_the_player_count_are_refused():
    state = new({"players": 4})
    before = state.to_json()
    for seat in ("nobody", "haggis", "spectator"):
        with pytest.raises(UnknownSeatError):
            state.apply(seat, "load:click")
    assert state.to_json() == before
    with pytest.raises(UnknownSeatError):
        state.view("haggis")


def test_acting_after_the_end_is_refused():
    state = craft({"players": 4}, round_=8)
    play(state)
    assert state.is_over()
    with pytest.raises(NotYourTurnError, match="over"):
        state.apply("tino", "pass")


def test_default_actions_follow_spec_10_2():
    state = new({"players": 4})
    assert state.default_action("tino") == "load:click"
    # A Click while there is one, then a Bang, then the BBB.
    hand = craft({"players": 4}, round_=7, hands={"tino": {"bbb": 1, "bang": 1}})
    assert hand.default_action("tino") == "load:bang"
    only_bbb = craft({"players": 4}, round_=8, hands={"tino": {"bbb": 1}})
    assert only_bbb.default_action("tino") == "load:bbb"
    answer(only_bbb)
    assert only_bbb.default_action("tino") == "aim:none"
    answer(only_bbb)
    assert only_bbb.default_action("tino") == "stay"
    assert only_bbb.default_action("nobody") is None


def test_defaults_in_windows_and_the_phone_are_pass():
    state = new({"players": 5, "advanced": True, "undercover_cop": True}, 2)
    seen = set()
    while not state.is_over():
        for seat in state.to_act():
            action = state.default_action(seat)
            assert action in state.legal_actions(seat)
            if state.step_name().endswith("window") or state.step_name() == "phone":
                assert action == "pass"
                seen.add(state.step_name())
        answer(state)
    assert "phone" in seen and "reveal-window" in seen


def test_would_reveal_loads_and_early_commits_are_private_the_last_commit_is_not():
    state = new({"players": 4})
    for seat in ("tino", "el-toro", "lotus"):
        assert not state.would_reveal(seat, "load:click")
        state.apply(seat, "load:click")
    # Loading is never shown, even the last load.
    assert not state.would_reveal("mr-black", "load:bbb")
    state.apply("mr-black", "load:bbb")
    for seat in ("tino", "el-toro", "lotus"):
        assert not state.would_reveal(seat, "aim:none")
        state.apply(seat, "aim:none")
    # The last aim shows every aim at once.
    assert state.would_reveal("mr-black", "aim:tino")
    state.apply("mr-black", "aim:tino")
    assert not state.would_reveal("tino", "hide")
    assert state.would_reveal("nobody", "hide")


def test_would_reveal_reveals_and_the_kids_aim_are_public():
    state = craft(
        {"players": 4, "advanced": True},
        abilities={"tino": "kid", "el-toro": "crazy", "lotus": "coward", "mr-black": "sly"},
    )
    assert state.would_reveal("tino", "reveal:kid")
    state.apply("tino", "reveal:kid")
    answer(state)
    assert state.step_name() == "reveal-window"
    assert not state.would_reveal("el-toro", "pass")
    answer(state)
    answer(state)
    assert state.step_name() == "kid-aim" and state.would_reveal("tino", "aim:none")


def test_a_session_may_undo_a_secret_load_but_not_the_aims_reveal():
    session = Session.new(GAME, {"players": 4}, 3)
    session.act("tino", "load:bbb")
    assert session.can_undo("tino")
    session.undo("tino")
    assert session.state.view("tino")["me"]["hand"] == [{"bbb": 1, "bang": 2, "click": 5}]
    for seat in session.state.seats:
        session.act(seat, "load:click")
    for seat in session.state.seats:
        session.act(seat, "aim:none")
    with pytest.raises(UndoError):
        session.undo("mr-black")


def test_legal_actions_are_exactly_what_apply_accepts():
    """Along random games: every listed action applies; a sample of other ids is refused."""
    from getaway.core import Rng

    probes = ("load:bbb", "load:bang/click", "aim:none", "aim:none/none", "hide", "pass", "flip",
              "unhurt", "reveal:kid", "claim:tino", "specialist:bang")  # fmt: skip
    for options in ({"players": 5, "advanced": True, "undercover_cop": True}, {"players": 4}):
        for seed in range(4):
            state = new(options, seed)
            rng = Rng(seed)
            while not state.is_over():
                seat = state.to_act()[0]
                legal = state.legal_actions(seat)
                for action in legal:
                    state.clone().apply(seat, action)
                for action in probes:
                    if action not in legal:
                        with pytest.raises(IllegalActionError):
                            state.clone().apply(seat, action)
                state.apply(seat, rng.choice(legal))
