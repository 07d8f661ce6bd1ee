"""Setup and the shape of a round (spec sections 1, 2 and 4, checklist items 1 and 2)."""

from __future__ import annotations

from collections import Counter

import pytest

from getaway.core import OptionsError
from tests.cash_n_guns.helpers import GAME, answer, new, play, player


def test_checklist_01_the_deck_holds_40_notes_15_15_10():
    state = new({"players": 4}, 3)
    notes = Counter(state.deck + state.pot)
    assert notes == {5_000: 15, 10_000: 15, 20_000: 10}
    assert sum(state.deck) + sum(state.pot) == 425_000


def test_checklist_01_each_round_reveals_5_notes_and_the_deck_is_empty_after_round_8():
    state = new({"players": 5}, 1)
    for round_ in range(1, 9):
        view = state.view("spectator")
        assert view["round"] == round_
        assert view["deck_left"] == 40 - 5 * round_
        drawn = [e for e in view["log"] if e["type"] == "round" and e["round"] == round_]
        assert len(drawn[0]["notes"]) == 5
        # Everyone aims at nobody and stays: nobody is hurt, and the game runs 8 rounds.
        play(state)
    assert state.is_over() and state.round == 8
    assert state.view("spectator")["deck_left"] == 0


def test_the_deck_make_up_is_public_but_not_its_order():
    state = new({"players": 4}, 7)
    view = state.view("lotus")
    remaining = Counter(state.deck)
    assert view["deck_counts"] == {str(v): remaining[v] for v in (20_000, 10_000, 5_000)}
    assert "deck" not in view and "deck" not in view["me"]


def test_checklist_02_each_hand_holds_8_cards_one_bbb_two_bang_five_click():
    state = new({"players": 6}, 0)
    for seat in state.seats:
        assert state.view(seat)["me"]["hand"] == [{"bbb": 1, "bang": 2, "click": 5}]
        assert player(state, seat)["hand_size"] == [8]


def test_checklist_02_one_card_is_spent_per_round_and_the_round_8_card_is_forced():
    state = new({"players": 4}, 2)
    for round_ in range(1, 9):
        assert state.step_name() == "load"
        # Load the BBB first, then Bangs, then Clicks: the last card is then a Click.
        for seat in state.to_act():
            legal = state.legal_actions(seat)
            hand = state.view(seat)["me"]["hand"][0]
            assert sum(hand.values()) == 9 - round_
            assert legal == tuple(f"load:{k}" for k in ("bbb", "bang", "click") if hand[k])
        answer(state, {seat: state.legal_actions(seat)[0] for seat in state.to_act()})
        if round_ == 8:
            assert all(player(state, s)["hand_size"] == [0] for s in state.seats)
        play(state)
    assert state.is_over()


def test_round_8_offers_exactly_one_load():
    state = new({"players": 4}, 5)
    play(state, rounds=7)
    assert state.round == 8
    for seat in state.to_act():
        assert len(state.legal_actions(seat)) == 1


def test_seats_are_the_characters_clockwise_from_the_godfather():
    assert GAME.seats({"players": 4}) == ("tino", "el-toro", "lotus", "mr-black")
    assert GAME.seats({"players": 6}) == ("tino", "el-toro", "lotus", "mr-black", "haggis", "igor")
    view = new({"players": 5}).view("spectator")
    assert view["godfather"] == "tino"
    assert [p["godfather"] for p in view["players"]] == [True, False, False, False, False]


def test_every_seat_plays_for_itself_and_no_survivor_or_a_tie_is_no_side():
    sides = GAME.sides({"players": 5})
    assert sides.names == ("tino", "el-toro", "lotus", "mr-black", "haggis")
    assert all(not side.is_team for side in sides)
    assert sides.hidden == ()


def test_the_cop_is_a_hidden_role_among_every_seat_shown_at_the_end():
    """«Эти карты будут вскрыты только в конце игры»: the role cards are turned up only at
    the end of the game."""
    sides = GAME.sides({"players": 6, "undercover_cop": True})
    assert sides.names == GAME.seats({"players": 6})
    (role,) = sides.hidden
    assert role.name == "cop" and role.count == 1
    assert role.among == GAME.seats({"players": 6})
    assert "end of the game" in role.known_when


def test_options_defaults_and_errors():
    options = GAME.normalize_options({})
    assert options == {
        "players": 5,
        "advanced": False,
        "first_game": False,
        "undercover_cop": False,
        "specialist_recover_unfired": True,
        "crazy_after_aims": True,
    }
    with pytest.raises(OptionsError, match="undercover_cop"):
        GAME.normalize_options({"players": 4, "undercover_cop": True})
    with pytest.raises(OptionsError, match="first_game"):
        GAME.normalize_options({"first_game": True})
    with pytest.raises(OptionsError, match="players"):
        GAME.normalize_options({"players": 3})
    with pytest.raises(OptionsError, match="unknown"):
        GAME.normalize_options({"grenades": 2})
    assert GAME.normalize_options({"players": "6", "advanced": "yes"})["players"] == 6


def test_basic_game_deals_no_abilities_and_no_roles():
    state = new({"players": 5}, 4)
    me = state.view("haggis")["me"]
    assert me["ability"] is None and me["role"] is None
    assert state.view("spectator")["ability_pool"] == []
    assert state.view("spectator")["phone_uses"] == 0
    assert state.view("spectator")["phone"] is None


@pytest.mark.parametrize("players", [4, 5, 6])
def test_advanced_game_deals_one_secret_ability_each_from_all_ten(players):
    seen: set[str] = set()
    for seed in range(40):
        state = new({"players": players, "advanced": True}, seed)
        names = [state.view(seat)["me"]["ability"] for seat in state.seats]
        assert len(set(names)) == players and None not in names
        seen.update(n for n in names if n)
        assert all(p["ability"] is None for p in state.view("spectator")["players"])
    assert len(seen) == 10


def test_first_game_deals_only_abilities_1_to_6():
    seen: set[str] = set()
    for seed in range(40):
        state = new({"players": 6, "advanced": True, "first_game": True}, seed)
        seen.update(str(state.view(seat)["me"]["ability"]) for seat in state.seats)
    assert seen == {
        "six-feet-under",
        "invincible",
        "you-wont-need-it",
        "dragon-skin",
        "crazy",
        "kid",
    }
    assert new({"players": 6, "advanced": True, "first_game": True}).view("spectator")[
        "ability_pool"
    ] == ["six-feet-under", "invincible", "you-wont-need-it", "dragon-skin", "crazy", "kid"]


@pytest.mark.parametrize("players", [5, 6])
def test_cop_game_deals_exactly_one_cop(players):
    cops: Counter[int] = Counter()
    for seed in range(60):
        state = new({"players": players, "undercover_cop": True}, seed)
        roles = [state.view(seat)["me"]["role"] for seat in state.seats]
        assert roles.count("cop") == 1 and roles.count("gangster") == players - 1
        cops[roles.index("cop")] += 1
    assert len(cops) == players  # every seat can be the cop


def test_phase_1_everyone_stands_up_again():
    state = new({"players": 4}, 0)
    play(state, {"aim": {"tino": "aim:el-toro"}, "courage": {"lotus": "hide"}})
    assert state.round == 2
    assert all(p["status"] == "standing" for p in state.view("spectator")["players"])
