"""Loading refuses well-formed saves of positions the rules cannot reach, each with an error
that names the field (``reachable.py``); the same positions one step inside the rules load."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from getaway.core import SaveFileError
from tests.cash_n_guns.helpers import GAME, craft, new, play

COP5 = {"players": 5, "undercover_cop": True}


def _refused(data: dict[str, Any], *words: str) -> str:
    with pytest.raises(SaveFileError) as err:
        GAME.state_from_json(data)
    message = str(err.value)
    for word in words:
        assert word in message, message
    return message


def _loads(data: dict[str, Any]) -> None:
    GAME.state_from_json(data)


def _player(data: dict[str, Any], seat: str) -> dict[str, Any]:
    found: dict[str, Any] = next(p for p in data["players"] if p["seat"] == seat)
    return found


# Wounds ------------------------------------------------------------------------------------


def test_a_living_player_with_three_wounds_is_refused():
    data = craft({"players": 4}, round_=3, wounds={"lotus": 2}).to_json()
    _loads(data)
    _player(data, "lotus")["wounds"] = 3
    _refused(data, "'players[2].wounds'", "dies at 3 wounds")


def test_a_revealed_invincible_lives_with_three_wounds_and_not_four():
    options = {"players": 4, "advanced": True}
    state = craft(
        options, round_=3, abilities={"lotus": "invincible"}, shown=["invincible"], wounds={}
    )
    data = state.to_json()
    _player(data, "lotus")["wounds"] = 3
    _loads(data)
    _player(data, "lotus")["wounds"] = 4
    _refused(data, "'players[2].wounds'", "a revealed Invincible dies at 4 wounds")


def test_a_dead_player_was_killed_by_his_third_wound():
    data = craft({"players": 4}, round_=3, dead=["lotus"]).to_json()
    _loads(data)
    _player(data, "lotus")["wounds"] = 2
    _refused(data, "'players[2].wounds'", "a dead player has at least that many")


# Status before the hiding and the shots --------------------------------------------------------


@pytest.mark.parametrize("status", ["hidden", "wounded"])
def test_nobody_is_down_before_the_courage_step_is_over(status):
    state = new({"players": 4}, 1)
    play(state, until="courage")
    data = state.to_json()
    _player(data, "el-toro")["status"] = status
    _refused(data, "'players[1].status'", "courage")


def test_a_hider_is_fine_after_the_courage_step_but_nobody_is_wounded_before_phase_5():
    from tests.cash_n_guns.test_rules_abilities import adv

    state = adv(4, {"tino": "specialist"})
    play(state, {"courage": {"lotus": "hide"}}, until="specialist-window")
    data = state.to_json()
    assert _player(data, "lotus")["status"] == "hidden"
    _loads(data)
    _player(data, "el-toro")["status"] = "wounded"
    _refused(data, "'players[1].status'", "before the shots")
    data = state.to_json()
    _player(data, "el-toro")["hits_round"] = 1
    _refused(data, "before the shots")


# Shame and beacons ---------------------------------------------------------------------------


def test_no_more_shame_than_hidings_so_far():
    data = craft({"players": 4}, round_=3, shame={"lotus": 2}).to_json()
    _loads(data)  # rounds 1 and 2 have had their hiding
    _player(data, "lotus")["shame"] = 3
    _refused(data, "'players[2].shame'", "more than the 2 hiding(s)")


def test_this_rounds_hiding_counts_once_the_courage_step_is_over():
    state = craft(COP5, cop="tino", round_=3, shame={"lotus": 2}, pot=[10_000] * 4)
    play(state, {"courage": {"lotus": "hide"}}, until="phone")
    assert state.step_name() == "phone" and state.round == 3 and state.shame[2] == 3
    _loads(state.to_json())
    data = craft({"players": 4}, round_=1).to_json()
    _player(data, "tino")["shame"] = 1
    _refused(data, "'players[0].shame'", "0 hiding(s)")


def test_beacon_tokens_need_the_cop_game():
    data = craft({"players": 5}, round_=4, shame={"lotus": 1}).to_json()
    _player(data, "lotus")["shame_beacon"] = 1
    _refused(data, "'players[2].shame_beacon'", "only in the Undercover Cop game")


def test_beacon_tokens_need_the_backup_call():
    data = craft(COP5, cop="tino", round_=4, shame={"lotus": 1}).to_json()
    _player(data, "lotus")["shame_beacon"] = 1
    _refused(data, "'players[2].shame_beacon'", "backup has not been called")


def test_beacon_tokens_only_for_hidings_after_the_call():
    data = craft(
        COP5, cop="tino", round_=6, phone_uses=3, backup_round=4, shame={"lotus": 3},
        beacon={"lotus": 1},
    ).to_json()  # fmt: skip
    _loads(data)  # round 5's hiding came after the call in round 4
    _player(data, "lotus")["shame_beacon"] = 2
    _refused(data, "'players[2].shame_beacon'", "1 hiding(s) since the backup call in round 4")


# The phone -----------------------------------------------------------------------------------


def test_the_phone_is_used_at_most_once_a_past_phone_phase():
    data = craft(COP5, cop="tino", round_=3, phone_uses=2).to_json()
    _loads(data)
    data["phone_uses"], data["backup_round"] = 3, 2
    _refused(data, "'phone_uses'", "more than the 2 phone phase(s)")


def test_the_backup_is_called_after_a_round():
    data = craft(COP5, cop="tino", round_=4, phone_uses=3, backup_round=3).to_json()
    _loads(data)
    data["backup_round"] = 4
    _refused(data, "'backup_round'")


# The step ------------------------------------------------------------------------------------


def test_a_window_these_options_never_run_is_refused():
    state = new({"players": 4}, 2)
    play(state, until="courage")
    data = state.to_json()
    data["step"] = "crazy-window"
    data["commits"] = {}
    _refused(data, "'step'", "never run")


def test_a_step_asks_exactly_the_players_the_rules_ask():
    from tests.cash_n_guns.test_rules_abilities import adv

    state = adv(4, {"tino": "kid"})
    play(state, until="reveal-window")
    data = state.to_json()
    _loads(data)
    # A window that leaves a living seat out would give away who may use a card.
    data["step_seats"] = data["waiting"] = ["tino", "el-toro", "lotus"]
    _refused(data, "'step_seats'", "tino, el-toro, lotus, mr-black")


def test_in_the_load_step_a_gun_is_loaded_exactly_when_its_owner_has_loaded():
    state = new({"players": 4}, 2)
    state.apply("tino", "load:click")
    data = state.to_json()
    _loads(data)
    waiting = _player(data, "lotus")
    waiting["cards"], waiting["gun_states"] = ["click", None], ["loaded", "empty"]
    waiting["hands"] = [[1, 2, 4]]
    _refused(data, "'players[2].gun_states'", "must be empty")


def test_a_dead_players_cards_wait_for_a_claim_only_in_the_first_death_window():
    data = craft({"players": 4}, round_=3, dead=["lotus"]).to_json()
    data["claimable"] = {"lotus": [0, 1, 5]}
    _refused(data, "'claimable' must be empty")


def test_aims_are_shown_exactly_once_the_aim_step_is_over():
    state = new({"players": 4}, 2)
    play(state, until="courage")
    data = state.to_json()
    _loads(data)
    data["aims_revealed"] = False
    _refused(data, "'aims_revealed' must be true in the courage step")
    data = new({"players": 4}, 2).to_json()
    _player(data, "tino")["targets"] = ["lotus", None]
    _refused(data, "'targets' must all be null")


# The end -------------------------------------------------------------------------------------


def _finished() -> dict[str, Any]:
    state = craft({"players": 4}, round_=8, money={"tino": 5_000}, pot=[20_000])
    play(state)
    assert state.is_over() and state.winner_seats() == ("tino",)
    data: dict[str, Any] = state.to_json()
    return data


def test_a_finished_game_has_the_winners_and_scores_the_rules_decide():
    data = _finished()
    _loads(data)
    for key, value in (("winners", ["lotus"]), ("end_reason", "shared"), ("scores", {})):
        wrong = copy.deepcopy(data)
        wrong[key] = value
        _refused(wrong, "'winners', 'end_reason' and 'scores' must be what the rules decide")


def test_an_unknown_end_reason_is_refused():
    data = _finished()
    data["end_reason"] = "boredom"
    _refused(data, "'end_reason'", "richest")


def test_a_game_goes_on_until_round_8_with_two_players_alive():
    data = craft({"players": 4}, round_=5).to_json()
    data["step"], data["step_seats"], data["waiting"] = "over", [], []
    data["end_reason"] = "richest"
    _refused(data, "'step' is over in round 5")


def test_nobody_wins_while_the_game_goes_on():
    data = craft({"players": 4}, round_=5).to_json()
    data["winners"] = ["tino"]
    _refused(data, "'winners' and 'scores' must be empty")
