"""The end of the game and scoring (spec section 5, AMB-8, AMB-10; checklist item 10)."""

from __future__ import annotations

from typing import Any

from getaway.games.cash_n_guns import CashNGunsState
from tests.cash_n_guns.helpers import craft, events, play, player

UNSPLITTABLE = [20_000, 10_000, 10_000, 5_000, 5_000]  # among 4 or 5: nobody gets anything


def test_checklist_10_a_sole_survivor_wins_whatever_the_money():
    state = craft(
        {"players": 4},
        round_=3,
        dead=["lotus", "mr-black"],
        wounds={"el-toro": 2},
        money={"el-toro": 100_000},
    )
    play(state, {"load": {"tino": "load:bang"}, "aim": {"tino": "aim:el-toro"}})
    assert state.is_over()
    assert state.winner_seats() == ("tino",)
    assert state.end_reason == "sole-survivor"
    assert state.returns() == {"tino": 1.0, "el-toro": -1.0, "lotus": -1.0, "mr-black": -1.0}
    # The game ends at the end of the round (AMB-8): the survivor took the split first.
    assert state.round == 3 and events(state, "split", 3)[0]["shares"][0]["seat"] == "tino"


def test_checklist_10_no_survivor_means_no_winner():
    state = craft(
        {"players": 4}, round_=2, dead=["lotus", "mr-black"], wounds={"tino": 2, "el-toro": 2}
    )
    play(
        state,
        {
            "load": {"tino": "load:bang", "el-toro": "load:bang"},
            "aim": {"tino": "aim:el-toro", "el-toro": "aim:tino"},
        },
    )
    assert state.is_over() and state.winner_seats() == ()
    assert state.end_reason == "no-survivor"
    assert set(state.returns().values()) == {-1.0}


def _final_round(**kwargs: Any) -> CashNGunsState:
    state = craft({"players": 4}, round_=8, pot=UNSPLITTABLE, **kwargs)
    return play(state)


def test_round_8_the_richest_survivor_wins_and_shame_costs_5000_each():
    state = _final_round(
        money={"tino": 40_000, "el-toro": 50_000, "lotus": 60_000, "mr-black": 10_000},
        shame={"lotus": 3},
    )
    assert state.is_over() and state.end_reason == "richest"
    view = state.view("spectator")
    assert view["scores"] == {
        "tino": 40_000,
        "el-toro": 50_000,
        "lotus": 45_000,
        "mr-black": 10_000,
    }
    assert state.winner_seats() == ("el-toro",)
    assert state.returns()["el-toro"] == 1.0 and state.returns()["lotus"] == -1.0


def test_scores_can_be_negative():
    state = _final_round(shame={"tino": 2}, money={"el-toro": 5_000})
    assert state.view("spectator")["scores"]["tino"] == -10_000
    assert state.winner_seats() == ("el-toro",)


def test_checklist_10_tie_goes_to_fewer_shame_tokens():
    state = _final_round(money={"tino": 50_000, "el-toro": 55_000}, shame={"el-toro": 1})
    assert state.view("spectator")["scores"]["tino"] == state.view("spectator")["scores"]["el-toro"]
    assert state.winner_seats() == ("tino",)


def test_checklist_10_then_to_more_wounds():
    state = _final_round(
        money={"tino": 50_000, "el-toro": 50_000}, wounds={"tino": 1, "el-toro": 2}
    )
    assert state.winner_seats() == ("el-toro",)


def test_amb_10_a_tie_after_both_tie_breakers_is_a_shared_victory():
    state = _final_round(money={"tino": 50_000, "lotus": 50_000}, wounds={"tino": 1, "lotus": 1})
    assert state.winner_seats() == ("tino", "lotus") and state.end_reason == "shared"
    assert state.returns() == {"tino": 1.0, "el-toro": -1.0, "lotus": 1.0, "mr-black": -1.0}
    assert state.view("spectator")["winners"] == ["tino", "lotus"]


def test_dead_players_lose_whatever_they_had():
    state = _final_round(dead=["lotus"], money={"tino": 5_000})
    assert state.winner_seats() == ("tino",)
    assert "lotus" not in state.view("spectator")["scores"]


def test_notes_left_in_the_pot_after_round_8_belong_to_nobody():
    state = _final_round()
    assert state.pot == UNSPLITTABLE
    assert all(p["money"] == 0 for p in state.view("spectator")["players"])
    assert state.winner_seats() == state.seats


def test_the_outcome_names_the_winner_with_his_score_after_shame_and_the_others():
    state = craft(
        {"players": 4},
        round_=8,
        pot=[20_000],  # three survivors cannot share it
        money={"tino": 40_000, "el-toro": 50_000, "lotus": 60_000},
        shame={"lotus": 3},
        dead=["mr-black"],
    )
    play(state)
    outcome = state.outcome()
    assert outcome is not None
    assert outcome.winners == ("el-toro",) and outcome.side == "el-toro"
    assert outcome.reason == "richest"
    assert outcome.summary == (
        "el-toro wins with $50,000 after shame; lotus $45,000, tino $40,000; mr-black is dead"
    )
    assert outcome.scores == {"tino": 40_000, "el-toro": 50_000, "lotus": 45_000}
    assert outcome.facts["money"] == {"tino": 40_000, "el-toro": 50_000, "lotus": 60_000}
    assert outcome.facts["shame"]["lotus"] == 3 and outcome.facts["dead"] == ["mr-black"]
    assert outcome.roles == {} and outcome.returns == state.returns()
    assert state.view("lotus")["outcome"] == outcome.to_json()


def test_the_outcome_of_a_shared_victory_has_several_winners_and_no_side():
    state = _final_round(money={"tino": 50_000, "lotus": 50_000}, wounds={"tino": 1, "lotus": 1})
    outcome = state.outcome()
    assert outcome is not None and outcome.side is None
    assert outcome.winners == ("tino", "lotus") and outcome.reason == "shared"
    assert outcome.summary.startswith(
        "tino and lotus share the victory with $50,000 each after shame, tied on shame and wounds"
    )


def test_the_outcome_with_no_survivor_has_no_winner_and_no_scores():
    state = craft(
        {"players": 4}, round_=2, dead=["lotus", "mr-black"], wounds={"tino": 2, "el-toro": 2}
    )
    play(
        state,
        {
            "load": {"tino": "load:bang", "el-toro": "load:bang"},
            "aim": {"tino": "aim:el-toro", "el-toro": "aim:tino"},
        },
    )
    outcome = state.outcome()
    assert outcome is not None
    assert outcome.winners == () and outcome.side is None and outcome.scores == {}
    assert outcome.summary.startswith("nobody is left alive at the end of round 2: no winner")


def test_there_is_no_outcome_while_the_game_goes_on():
    state = craft({"players": 4})
    assert state.outcome() is None and state.view("tino")["outcome"] is None


def test_acting_after_the_end_is_refused():
    from getaway.core import NotYourTurnError

    state = _final_round(money={"tino": 5_000})
    assert state.to_act() == () and state.legal_actions("tino") == ()
    try:
        state.apply("tino", "load:bbb")
    except NotYourTurnError as err:
        assert "over" in str(err)
    else:
        raise AssertionError("an action after the end was accepted")


def test_the_game_ends_after_round_8_even_with_a_full_table():
    state = craft({"players": 6}, round_=8)
    play(state)
    assert state.is_over() and state.round == 8
    assert player(state, "igor")["alive"]


def test_amb_24_the_godfathers_job_passes_clockwise_when_he_dies():
    state = craft({"players": 4}, wounds={"tino": 2}, pot=[10_000] * 5)
    play(state, {"load": {"lotus": "load:bbb"}, "aim": {"lotus": "aim:tino"}})
    view = state.view("spectator")
    assert not player(state, "tino")["alive"] and view["godfather"] == "el-toro"
    # The split is dealt from the new Godfather: El Toro, Lotus, Mr. Black.
    shares = events(state, "split", 1)[0]["shares"]
    assert [s["seat"] for s in shares] == ["el-toro", "lotus", "mr-black"]
