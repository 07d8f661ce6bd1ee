"""The same tests for every game, OpenSpiel style: whatever a game is, it must keep the
protocol's promises (random playthroughs, clone independence, canonical serialization,
errors that change nothing, JSON views for every seat)."""

import json

import pytest

from getaway.core import (
    ALL,
    SPECTATOR,
    Game,
    GetawayError,
    NotYourTurnError,
    Rng,
    UnknownSeatError,
    games,
    load_state,
    save_state,
)
from tests.core.toy_game import GAME as TOY

GAMES: list[Game] = [*games().values(), TOY]


@pytest.fixture(autouse=True)
def _toy_registered():
    from getaway.core import register_game, unregister_game

    register_game(TOY)
    yield
    unregister_game(TOY.name)


def _players(game: Game) -> range:
    return range(game.min_players, game.max_players + 1)


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
def test_random_playthroughs_keep_every_promise(game: Game):
    for players in _players(game):
        for seed in range(3):
            state = game.new_state({"players": players}, seed)
            rng = Rng(seed)
            plies = 0
            while not state.is_over():
                seats = state.to_act()
                assert seats and set(seats) <= set(state.seats)
                seat = seats[rng.below(len(seats))]
                legal = list(state.legal_actions(seat))
                assert legal and len(set(legal)) == len(legal)
                assert all(isinstance(a, str) and a for a in legal)
                if plies % 7 == 0:
                    _check_snapshot_promises(game, state, seat, legal)
                state.apply(seat, legal[rng.below(len(legal))])
                plies += 1
            assert state.to_act() == ()
            assert state.winner() in game.sides({"players": players})
            assert set(state.returns()) == set(state.seats)


def _check_snapshot_promises(game: Game, state, seat: str, legal: list[str]) -> None:
    saved = save_state(state)
    # Canonical serialization round-trips exactly.
    assert save_state(load_state(saved)) == saved
    assert save_state(game.state_from_json(json.loads(saved))) == saved
    # Clones are independent.
    twin = state.clone()
    twin.apply(seat, legal[0])
    assert save_state(state) == saved
    # Bad input changes nothing and explains itself.
    with pytest.raises(GetawayError) as err:
        state.apply(seat, "no-such-action")
    assert "legal" in str(err.value)
    with pytest.raises(UnknownSeatError):
        state.apply("nobody", legal[0])
    others = [s for s in state.seats if s not in state.to_act()]
    if others:
        with pytest.raises(NotYourTurnError):
            state.apply(others[0], legal[0])
    assert save_state(state) == saved
    # Every seat, spectators and the omniscient view get JSON-ready views.
    for viewer in (*state.seats, SPECTATOR, ALL):
        json.dumps(state.view(viewer))
    # A determinized state looks the same to the seat it was sampled for.
    view = state.view(seat)
    assert game.determinize(view, Rng(1)).view(seat) == view


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
def test_same_seed_same_game(game: Game):
    def play(seed: int) -> str:
        state = game.new_state({"players": game.max_players}, seed)
        rng = Rng(99)
        while not state.is_over():
            seat = state.to_act()[0]
            state.apply(seat, rng.choice(state.legal_actions(seat)))
        return save_state(state)

    assert play(5) == play(5)


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
def test_options_are_normalized_and_validated(game: Game):
    options = game.normalize_options({})
    assert options == game.normalize_options(options)
    assert "players" in options
    with pytest.raises(GetawayError):
        game.normalize_options({"no_such_option": 1})
    with pytest.raises(GetawayError):
        game.normalize_options({"players": game.max_players + 1})
