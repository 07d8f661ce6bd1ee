"""The determinizer: full states sampled from a seat's view look the same to that seat, can be
played on, and respect what the public record rules out."""

from __future__ import annotations

from collections import Counter

import pytest

from getaway.core import SPECTATOR, Rng
from getaway.games.cash_n_guns import GAME, CashNGunsState
from tests.cash_n_guns.helpers import OPTIONS, answer, craft, option_id, play, random_states


def _sample(state: CashNGunsState, seat: str, seed: int) -> CashNGunsState:
    sampled = GAME.determinize(state.view(seat), Rng(seed))
    assert isinstance(sampled, CashNGunsState)
    return sampled


@pytest.mark.parametrize("options", OPTIONS, ids=option_id)
def test_samples_look_the_same_to_every_seat_and_can_be_played_on(options):
    for seed in range(2):
        for n, state in enumerate(random_states(options, seed)):
            if n % 5:
                continue
            for seat in (*state.seats, SPECTATOR):
                view = state.view(seat)
                sampled = GAME.determinize(view, Rng(n))
                assert sampled.view(seat) == view
                assert sampled.to_act() == state.to_act()
            # A sample is a real position: it plays on to the end.
            rng = Rng(n)
            while not sampled.is_over():
                actor = sampled.to_act()[0]
                sampled.apply(actor, rng.choice(sampled.legal_actions(actor)))


def test_the_cop_is_sampled_among_those_who_shared_when_the_phone_was_used():
    state = craft(
        {"players": 5, "undercover_cop": True},
        cop="mr-black",
        round_=2,
        pot=[10_000, 10_000, 10_000, 5_000, 5_000],
    )
    play(state, {"courage": {"tino": "hide", "haggis": "hide"}, "phone": {"mr-black": "flip"}})
    cops = Counter(_sample(state, "tino", k).cop for k in range(60))
    assert set(cops) == {1, 2, 3}  # el-toro, lotus, mr-black: Tino and Haggis are clean
    # The cop's own view knows: every sample has him as the cop.
    assert {_sample(state, "mr-black", k).cop for k in range(10)} == {3}


def test_dragon_skin_and_invincible_are_never_given_to_whom_they_would_have_shown():
    abilities = {
        "tino": "coward", "el-toro": "kid", "lotus": "sly", "mr-black": "crazy",
        "haggis": "specialist",
    }  # fmt: skip
    state = craft({"players": 5, "advanced": True, "first_game": False}, abilities=abilities)
    # The deal above leaves Invincible and Dragon Skin undealt: a sample may deal them.
    play(
        state,
        {
            "load": {"tino": "load:bbb", "el-toro": "load:bang"},
            "aim": {"tino": "aim:lotus", "el-toro": "aim:lotus"},
        },
    )
    # Lotus took two bullets in one round without showing Dragon Skin.
    for k in range(40):
        sampled = _sample(state, "tino", k)
        assert sampled.ability_name(2) != "dragon-skin"
    state2 = craft({"players": 4, "advanced": True}, round_=3, dead=["lotus"])
    for k in range(40):
        sampled = _sample(state2, "tino", k)
        assert sampled.ability_name(2) != "invincible"


def test_a_specialists_face_down_cards_before_he_took_his_bbb_back_are_not_that_bbb():
    abilities = {"tino": "specialist", "el-toro": "kid", "lotus": "coward", "mr-black": "sly"}
    state = craft({"players": 4, "advanced": True}, abilities=abilities)
    play(state, {"aim": {"tino": "aim:none"}}, rounds=2)  # two Clicks discarded face down
    play(state, {"load": {"tino": "load:bbb"}, "aim": {"tino": "aim:lotus"}}, until="phase5-window")
    state.apply("tino", "specialist:click")
    for k in range(40):
        sampled = _sample(state, "lotus", k)
        face_down = [kind for _, _, kind, mode in sampled.spent[0] if mode == 0]
        assert 0 not in face_down  # never the BBB
        assert sampled.hand[0] == 1  # the BBB is back in his hand


def test_a_claimers_second_hand_is_what_the_dead_player_left():
    abilities = {
        "tino": "you-wont-need-it", "el-toro": "kid", "lotus": "sly", "mr-black": "coward",
    }  # fmt: skip
    state = craft(
        {"players": 4, "advanced": True}, round_=2, abilities=abilities, wounds={"lotus": 2}
    )
    play(
        state,
        {"load": {"el-toro": "load:bbb"}, "aim": {"el-toro": "aim:lotus"}},
        until="phase5-window",
    )
    state.apply("tino", "claim:lotus")
    answer(state)
    mine = state.view("tino")["me"]["hand"][1]
    for k in range(20):
        sampled = _sample(state, "tino", k)
        assert sampled.hand[3:6] == [mine["bbb"], mine["bang"], mine["click"]]
        assert sampled.claim is not None and list(sampled.claim[3]) == sampled.hand[3:6]
