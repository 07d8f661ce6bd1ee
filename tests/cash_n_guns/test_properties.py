"""Properties along random games in every mode: games end cleanly, money is conserved, cards
add up, saves round-trip at every step, and the same seed and actions give the same game."""

from __future__ import annotations

import json

import pytest

from getaway.core import Move, Replay, Rng, load_state, save_state
from getaway.games.cash_n_guns.cards import DECK_TOTAL
from tests.cash_n_guns.helpers import GAME, OPTIONS, new, option_id, random_states


@pytest.mark.parametrize("options", OPTIONS, ids=option_id)
def test_random_games_end_without_error_with_a_legal_winner(options):
    sides = GAME.sides(options)
    for seed in range(15):
        *_, state = random_states(options, seed, final=True)
        assert state.is_over()
        assert state.winner() in sides
        returns = state.returns()
        assert set(returns) == set(state.seats)
        winners = state.winner_seats()
        assert all(returns[s] == (1.0 if s in winners else -1.0) for s in state.seats)
        assert (state.winner() == "shared") == (len(winners) > 1)


@pytest.mark.parametrize("options", OPTIONS, ids=option_id)
def test_money_is_conserved_and_cards_add_up_at_every_step(options):
    for seed in range(6):
        for state in random_states(options, seed, final=True):
            assert state.money_total() == DECK_TOTAL
            assert sum(state.deck) + sum(state.pot) + sum(state.money) + state.removed == DECK_TOTAL
            for p in state.view("spectator")["players"]:
                if not p["alive"]:
                    assert p["money"] == 0 and sum(p["hand_size"]) == 0
                    continue
                placed = [gun["placed"] for gun in p["guns"]]
                claim = state.claim
                for g, size in enumerate(p["hand_size"]):
                    fresh = claim is not None and g == 1 and claim[2] == state.round
                    expected = 8 - state.round if fresh else 9 - state.round - placed[g]
                    assert size == expected, (p["seat"], g, state.step_name())


@pytest.mark.parametrize("options", OPTIONS, ids=option_id)
def test_saves_round_trip_at_every_step(options):
    for seed in range(3):
        for state in random_states(options, seed, final=True):
            text = save_state(state)
            again = load_state(text)
            assert save_state(again) == text
            assert again.to_act() == state.to_act()
            for seat in state.to_act():
                assert again.legal_actions(seat) == state.legal_actions(seat)
            assert json.dumps(again.view("all"), sort_keys=True) == json.dumps(
                state.view("all"), sort_keys=True
            )


@pytest.mark.parametrize(
    "options", [o for o in OPTIONS if o["players"] == 5] + [OPTIONS[-1]], ids=option_id
)
def test_same_seed_and_actions_give_the_same_game_byte_for_byte(options):
    def run(seed: int) -> tuple[list[str], str]:
        saves = []
        for state in random_states(options, seed, final=True):
            saves.append(save_state(state))
        return saves, saves[-1]

    first, last = run(9)
    again, last_again = run(9)
    assert first == again and last == last_again
    other, _ = run(10)
    assert other[0] != first[0]  # another seed: another deal


def test_a_replay_rebuilds_the_game():
    options = {"players": 6, "advanced": True, "undercover_cop": True}
    replay = Replay.start(GAME, options, 21)
    state = replay.new_state()
    rng = Rng(21)
    while not state.is_over():
        seat = state.to_act()[-1]
        action = rng.choice(state.legal_actions(seat))
        state.apply(seat, action)
        replay.actions.append(Move(seat, action))
    assert save_state(Replay.loads(replay.dumps()).final_state()) == save_state(state)


def test_clones_are_independent():
    options = {"players": 5, "advanced": True, "undercover_cop": True}
    for seed in range(3):
        for n, state in enumerate(random_states(options, seed)):
            if n % 9:
                continue
            saved = save_state(state)
            twin = state.clone()
            seat = twin.to_act()[0]
            twin.apply(seat, twin.legal_actions(seat)[-1])
            assert save_state(state) == saved


def test_commit_order_does_not_change_the_outcome():
    """Every secret step: the same answers given in seat order or in reverse order lead to the
    same state (spec 10.1: the order of commits does not matter)."""
    options = {"players": 6, "advanced": True, "undercover_cop": True}
    for seed in range(4):
        forward = new(options, seed)
        backward = new(options, seed)
        rng = Rng(seed)
        while not forward.is_over():
            step = forward.step_name()
            seats = list(forward.to_act())
            if step not in ("load", "aim", "courage", "phone") or len(seats) < 2:
                seat = seats[0]
                action = rng.choice(forward.legal_actions(seat))
                forward.apply(seat, action)
                backward.apply(seat, action)
                continue
            # Plain answers only (a reveal keeps the seat in the step).
            answers = {}
            for seat in seats:
                legal = [a for a in forward.legal_actions(seat) if not a.startswith("reveal:")]
                answers[seat] = rng.choice(legal)
            for seat in seats:
                forward.apply(seat, answers[seat])
            for seat in reversed(seats):
                backward.apply(seat, answers[seat])
            assert save_state(forward) == save_state(backward)
