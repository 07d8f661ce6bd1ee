"""The Undercover Cop game (spec section 8, AMB-20 to AMB-23; checklist item 15)."""

from __future__ import annotations

from typing import Any

import pytest

from getaway.games.cash_n_guns import CashNGunsState
from tests.cash_n_guns.helpers import answer, craft, events, new, play, player

COP5 = {"players": 5, "undercover_cop": True}
SPLIT3 = [10_000, 10_000, 10_000, 5_000, 5_000]  # three $10,000 shares


def cop_game(cop: str = "mr-black", **kwargs: Any) -> CashNGunsState:
    options = {**COP5, **kwargs.pop("options", {})}
    return craft(options, cop=cop, **kwargs)


def test_rulebook_phone_example_8_4():
    """Round 2: El Toro, Lotus and Mr. Black shared; Tino (the Godfather) and Haggis lie
    down. The phone goes Tino -> El Toro -> Lotus -> Mr. Black; Mr. Black, the cop, flips it;
    it comes back "used" and the top Switchboard card is revealed."""
    state = cop_game("mr-black", round_=2, pot=SPLIT3)
    play(state, {"courage": {"tino": "hide", "haggis": "hide"}}, until="phone")
    assert state.step_name() == "phone"
    assert state.to_act() == ("el-toro", "lotus", "mr-black")
    assert state.legal_actions("el-toro") == ("pass",)  # a gangster may not flip it
    assert state.legal_actions("lotus") == ("pass",)
    assert state.legal_actions("mr-black") == ("pass", "flip")
    answer(state, {"mr-black": "flip"})
    phone = events(state, "phone", 2)
    assert phone == [
        {
            "type": "phone",
            "round": 2,
            "used": True,
            "uses": 1,
            "order": ["el-toro", "lotus", "mr-black"],
        }
    ]
    view = state.view("spectator")
    assert (view["phone_uses"], view["backup_called"], view["backup_round"]) == (1, False, None)
    assert view["switchboard"] == ["busy"]
    assert view["phone"] == {
        "uses": 1, "backup_called": False, "backup_round": None, "switchboard": ["busy"]
    }  # fmt: skip


def test_checklist_15_only_the_splits_participants_pass_the_phone():
    state = cop_game("lotus", pot=SPLIT3)
    play(
        state,
        {"load": {"tino": "load:bbb"}, "aim": {"tino": "aim:lotus"}, "courage": {"haggis": "hide"}},
        until="phone",
    )
    # Lotus, the cop, was wounded: he did not share, so he cannot use the phone this round.
    assert state.to_act() == ("tino", "el-toro", "mr-black")
    assert state.view("spectator")["participants"] == ["tino", "el-toro", "mr-black"]
    answer(state)
    assert events(state, "phone", 1)[0]["used"] is False


def test_the_phone_answers_are_secret_until_all_have_answered():
    """Spec 8.2 and 10.2: the phone goes under the table; neither the answers nor their order
    or timing are shown: every participant stays listed as waiting until the last answer."""
    state = cop_game("lotus", pot=SPLIT3)
    play(state, {"courage": {"tino": "hide", "haggis": "hide"}}, until="phone")
    state.apply("lotus", "flip")
    assert state.to_act() == ("el-toro", "mr-black")
    for seat in ("el-toro", "lotus", "mr-black", "spectator"):
        view = state.view(seat)
        assert view["committed"] == {"el-toro": False, "lotus": False, "mr-black": False}
        assert view["to_act"] == ["el-toro", "lotus", "mr-black"]
        assert view["phone_uses"] == 0
        if seat != "lotus":
            assert "flip" not in str(view)
    assert state.view("lotus")["me"]["my_choice"] == "flip"


def test_no_participant_no_phone_phase():
    state = cop_game()
    play(state, {"courage": dict.fromkeys(state.seats, "hide")})
    assert state.round == 2 and not events(state, "phone")


def test_checklist_15_three_uses_by_round_6_call_the_backup_and_flip_the_shame_tokens():
    state = cop_game("mr-black", round_=4, pot=SPLIT3, phone_uses=2, shame={"mr-black": 3})
    play(state, {"courage": {"tino": "hide", "haggis": "hide"}, "phone": {"mr-black": "flip"}})
    assert state.round == 5
    view = state.view("spectator")
    assert (view["phone_uses"], view["backup_called"], view["backup_round"]) == (3, True, 4)
    assert view["switchboard"] == ["busy", "busy", "backup-call"]
    # Tokens taken before the call stay orange; from now on they show the beacon.
    assert player(state, "mr-black")["shame_beacon"] == 0
    play(state, {"courage": {"mr-black": "hide", "lotus": "hide"}})
    assert (
        player(state, "mr-black")["shame"] == 4 and player(state, "mr-black")["shame_beacon"] == 1
    )
    assert player(state, "lotus")["shame_beacon"] == 1
    # AMB-23: after the call there is nothing left to reveal, so no more phone phases.
    steps = set()
    while not state.is_over():
        steps.add(answer(state))
    assert "phone" not in steps


def test_the_phone_phase_runs_only_in_rounds_1_to_6():
    state = cop_game(round_=6, pot=SPLIT3)
    play(state, {"courage": {"tino": "hide", "haggis": "hide"}}, until="phone")
    assert state.step_name() == "phone"
    play(state)
    steps = []
    while state.round == 7:
        steps.append(answer(state))
    assert "phone" not in steps


def test_amb_23_the_phone_phase_runs_even_when_the_cop_is_dead():
    state = cop_game("haggis", dead=["haggis"], pot=[10_000] * 4 + [5_000])
    play(state, until="phone")
    assert state.to_act() == ("tino", "el-toro", "lotus", "mr-black")
    assert all(state.legal_actions(s) == ("pass",) for s in state.to_act())


def test_the_cop_wins_with_the_backup_called_alive_and_at_most_one_beacon_token():
    state = cop_game(
        "mr-black",
        round_=8,
        phone_uses=3,
        backup_round=5,
        shame={"mr-black": 4},
        beacon={"mr-black": 1},
        money={"tino": 90_000},
    )
    play(state)
    assert state.winner_seats() == ("mr-black",) and state.end_reason == "backup"
    outcome = state.outcome()
    assert outcome is not None and outcome.side == "mr-black"
    assert outcome.roles == {"mr-black": "cop"}
    assert outcome.summary.startswith(
        "mr-black, the undercover cop, wins: backup was called in round 5"
    )
    assert outcome.facts["backup_round"] == 5 and outcome.facts["shame_beacon"]["mr-black"] == 1


def test_amb_21_a_cop_who_hid_twice_after_the_call_loses_the_backup_win():
    state = cop_game(
        "mr-black", round_=8, phone_uses=3, backup_round=5, shame={"mr-black": 2},
        beacon={"mr-black": 2}, money={"tino": 5_000},
    )  # fmt: skip
    play(state)
    assert state.winner_seats() == ("tino",)


def test_checklist_15_the_cop_never_wins_on_money():
    state = cop_game("mr-black", round_=8, money={"mr-black": 200_000, "lotus": 5_000})
    play(state)
    assert state.view("spectator")["scores"]["mr-black"] == 200_000
    assert state.winner_seats() == ("lotus",) and state.end_reason == "richest"
    outcome = state.outcome()
    assert outcome is not None and outcome.roles == {"mr-black": "cop"}
    assert "mr-black was the cop and could not win on money" in outcome.summary


def test_a_dead_cop_cannot_win_with_the_backup():
    state = cop_game("mr-black", round_=8, phone_uses=3, backup_round=3, dead=["mr-black"])
    play(state)
    # Nobody has any money: the surviving gangsters share the victory, the dead cop loses.
    assert state.winner_seats() == ("tino", "el-toro", "lotus", "haggis")


def test_the_cop_wins_as_sole_survivor_even_without_backup():
    state = cop_game("mr-black", round_=3, dead=["tino", "el-toro", "haggis"], wounds={"lotus": 2})
    play(state, {"load": {"mr-black": "load:bbb"}, "aim": {"mr-black": "aim:lotus"}})
    assert state.winner_seats() == ("mr-black",) and state.end_reason == "sole-survivor"


def test_checklist_15_roles_stay_hidden_until_the_end_even_after_death():
    state = cop_game("lotus", round_=7, wounds={"lotus": 2})
    play(state, {"load": {"tino": "load:bbb"}, "aim": {"tino": "aim:lotus"}})
    assert not player(state, "lotus")["alive"]
    for seat in (*state.seats, "spectator"):
        view = state.view(seat)
        assert all(p["role"] is None for p in view["players"])
        if seat != "lotus" and seat != "spectator":
            assert view["me"]["role"] == "gangster"
    assert state.view("lotus")["me"]["role"] == "cop"
    play(state)
    assert state.is_over()
    roles = {p["seat"]: p["role"] for p in state.view("spectator")["players"]}
    assert roles == {
        "tino": "gangster", "el-toro": "gangster", "lotus": "cop", "mr-black": "gangster",
        "haggis": "gangster",
    }  # fmt: skip


def test_amb_22_a_doesnt_even_hurt_user_joins_the_phone():
    state = craft(
        {"players": 5, "advanced": True, "undercover_cop": True},
        cop="tino",
        abilities={
            "tino": "doesnt-even-hurt", "el-toro": "coward", "lotus": "six-feet-under",
            "mr-black": "kid", "haggis": "sly",
        },
        pot=SPLIT3,
    )  # fmt: skip
    play(state, {"courage": {"tino": "hide", "haggis": "hide"}}, until="unhurt-window")
    state.apply("tino", "unhurt")
    play(state, until="phone")
    assert state.to_act() == ("tino", "el-toro", "lotus", "mr-black")
    assert state.legal_actions("tino") == ("pass", "flip")


@pytest.mark.parametrize("players", [5, 6])
def test_cop_and_advanced_games_combine(players):
    state = new({"players": players, "advanced": True, "undercover_cop": True}, 11)
    me = state.view(state.seats[0])["me"]
    assert me["ability"] is not None and me["role"] in ("cop", "gangster")
