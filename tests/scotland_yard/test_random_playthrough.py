"""Random games through the public protocol end, and end with a winner."""

from getaway.core import Rng, get_game


def test_random_games_end_with_a_winner():
    game = get_game("scotland-yard")
    for players in range(2, 7):
        for seed in range(5):
            state = game.new_state({"players": players}, seed)
            rng = Rng(seed)
            while not state.is_over():
                seat = state.to_act()[0]
                state.apply(seat, rng.choice(state.legal_actions(seat)))
            outcome = state.outcome()
            assert outcome is not None and outcome.side in ("mrx", "detectives")
