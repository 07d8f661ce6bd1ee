"""During Mr. X's turn the possible locations use the public fact that he can move (spec 11:
the game did not end with D2), so no sampled state leaves him without a legal move."""

from getaway.core import Rng
from getaway.games.scotland_yard import GAME
from tests.sweeps import sweep


# Games per player count, and the positions they must check at least (about 14 a game).
@sweep("size", (30, 1_000), (120, 5_000))
def test_every_determinization_during_his_turn_gives_him_a_legal_move(size):
    games, least = size
    game = GAME
    checked = 0
    for players in (4, 5, 6):
        for seed in range(games):
            state = game.new_state({"players": players}, seed)
            rng = Rng(seed)
            while not state.is_over():
                if state.to_act() == ("mrx",):
                    view = state.view("d1")
                    assert state.pos[0] in view["possible_locations"]
                    sample = game.determinize(view, Rng(checked))
                    assert sample.legal_actions("mrx"), (players, seed, state.round)
                    checked += 1
                seat = state.to_act()[0]
                state.apply(seat, rng.choice(state.legal_actions(seat)))
    assert checked > least


def test_seed_166_round_10_no_longer_samples_a_trapped_mrx():
    """5 players, seed 166, round 10: a station with no legal move was listed as possible."""
    game = GAME
    state = game.new_state({"players": 5}, 166)
    rng = Rng(166)
    while not (state.round == 10 and state.to_act() == ("mrx",)):
        seat = state.to_act()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    view = state.view("d1")
    for k in range(50):
        assert game.determinize(view, Rng(k)).legal_actions("mrx")
