"""The games' encodings (pure Python, no numpy): the action enumerations are exact, round-trip
every action id that occurs in random games, and observations stay in [0, 1]."""

from __future__ import annotations

import pytest

from getaway.core import Rng, get_game
from getaway.games.cash_n_guns.actions import AIM_PARSE, CLAIM_PARSE, LOAD_PARSE, REVEAL_PARSE
from getaway.games.cash_n_guns.encoding import encoding as cng_encoding
from getaway.games.scotland_yard.board import board_for
from getaway.games.scotland_yard.encoding import encoding as sy_encoding
from getaway.games.scotland_yard.moves import DOUBLE_STEP, LEG_PARSE
from getaway.games.scotland_yard.options import rules_for
from getaway.rl.encodings import encodable_games, encoding_for, register_encoding

SY_OPTIONS = [{"players": p} for p in range(2, 7)] + [
    {"players": 3, "edition": "classic"},
    {"players": 2, "pooled_tickets": False},
]
CNG_OPTIONS = [
    {"players": 4},
    {"players": 5},
    {"players": 6},
    {"players": 5, "advanced": True},
    {"players": 4, "advanced": True, "first_game": True},
    {"players": 6, "advanced": True, "undercover_cop": True},
    {"players": 5, "undercover_cop": True},
]


def _random_game_ids(game_name, options, games, encoding) -> int:
    """Play ``games`` random games; every legal action of every seat that may act must have
    an index whose id is itself. Returns how many distinct ids occurred."""
    game = get_game(game_name)
    seen = set()
    for seed in range(games):
        state = game.new_state(options, seed)
        rng = Rng(seed)
        while not state.is_over():
            for seat in state.to_act():
                ids, index = encoding.action_ids(seat), encoding.action_index(seat)
                for action in state.legal_actions(seat):
                    assert ids[index[action]] == action, (seat, action)
                    seen.add((seat, action))
            seats = state.to_act()
            seat = seats[rng.below(len(seats))]
            legal = state.legal_actions(seat)
            state.apply(seat, legal[rng.below(len(legal))])
    return len(seen)


@pytest.mark.parametrize("options", [{"players": 4}, {"players": 2}], ids=["4", "2"])
def test_scotland_yard_ids_round_trip_in_random_games(options):
    enc = sy_encoding(options)
    assert _random_game_ids("scotland-yard", options, 100, enc) > 1000


@pytest.mark.parametrize("options", CNG_OPTIONS, ids=lambda o: "-".join(map(str, o.values())))
def test_cash_n_guns_ids_round_trip_in_random_games(options):
    enc = cng_encoding(options)
    assert _random_game_ids("cash-n-guns", options, 60, enc) >= len(enc.seats) * 6


@pytest.mark.parametrize("options", SY_OPTIONS, ids=lambda o: "-".join(map(str, o.values())))
def test_scotland_yard_ids_are_exactly_the_moves_the_board_allows(options):
    enc = sy_encoding(options)
    rules = rules_for(enc.options)
    board = board_for(enc.options["board"])
    reach = [board.ticket_mask[t] for t in range(4)]  # ticket -> station -> neighbours
    mrx = enc.action_ids("mrx")
    assert len(set(mrx)) == len(mrx)
    # Mr. X's rides, then "double": a double move is made in steps whose legs are rides.
    assert mrx[-1] == DOUBLE_STEP
    singles = set()
    for action in mrx[:-1]:
        t, v = LEG_PARSE[action]
        assert reach[t][v], action  # some line of ticket t ends at v
        singles.add((t, v))
    # Nothing is missing: every (ticket, station) some line of that ticket reaches.
    expected = {(t, v) for t in range(4) for v in range(len(reach[t])) if reach[t][v]}
    assert singles == expected
    for seat in enc.seats[1:]:
        ids = enc.action_ids(seat)
        assert len(set(ids)) == len(ids)
        pieces = {rules.pieces[h - 1] for h in rules.seat_pieces[seat]}
        for action in ids:
            h, _, v, origins = rules.tables.hunter_parse[action]
            assert rules.pieces[h - 1] in pieces and origins, action


@pytest.mark.parametrize("options", CNG_OPTIONS, ids=lambda o: "-".join(map(str, o.values())))
def test_cash_n_guns_ids_are_well_formed_and_relative(options):
    enc = cng_encoding(options)
    n = len(enc.seats)
    fixed = {"hide", "stay", "pass", "flip", "unhurt", "specialist:bang", "specialist:click"}
    sizes = {len(enc.action_ids(seat)) for seat in enc.seats}
    assert len(sizes) == 1  # every seat has the same number of actions
    for i, seat in enumerate(enc.seats):
        ids = enc.action_ids(seat)
        assert len(set(ids)) == len(ids)
        for action in ids:
            assert (
                action in LOAD_PARSE
                or action in AIM_PARSE
                or action in REVEAL_PARSE
                or action in CLAIM_PARSE
                or action in fixed
            ), action
            assert action not in (f"aim:{seat}", f"claim:{seat}")
        # The same index aims at the same neighbour from every chair.
        left = enc.action_index(seat)[f"aim:{enc.seats[(i + 1) % n]}"]
        assert left == enc.action_index(enc.seats[0])[f"aim:{enc.seats[1]}"]


def test_observations_stay_in_the_unit_interval_on_random_games():
    for name, options, games in [
        ("scotland-yard", {"players": 3}, 2),
        ("cash-n-guns", {"players": 6, "advanced": True, "undercover_cop": True}, 3),
    ]:
        game = get_game(name)
        enc = encoding_for(name, options)
        for seed in range(games):
            state = game.new_state(options, seed)
            rng = Rng(seed)
            while True:
                for seat in state.seats:
                    view = state.view(seat)
                    obs = enc.encode_view(view)
                    assert len(obs) == enc.observation_size
                    assert all(0.0 <= x <= 1.0 for x in obs), (name, seat)
                    sparse = {i: x for i, x in enc.encode_sparse(view).items() if x}
                    assert sparse == {i: x for i, x in enumerate(obs) if x}
                if state.is_over():
                    break
                seat = state.to_act()[0]
                legal = state.legal_actions(seat)
                state.apply(seat, legal[rng.below(len(legal))])


def test_the_registry_finds_built_in_and_registered_encodings():
    assert {"scotland-yard", "cash-n-guns"} <= set(encodable_games())
    assert encoding_for("cash-n-guns", {"players": 4}).seats == get_game("cash-n-guns").seats(
        {"players": 4}
    )
    register_encoding("toy", lambda options: sy_encoding(options))
    try:
        assert "toy" in encodable_games()
        assert encoding_for("toy", {}).seats[0] == "mrx"
    finally:
        from getaway.rl.encodings import unregister_encoding

        unregister_encoding("toy")
    with pytest.raises(ValueError, match="scotland-yard"):
        encoding_for("toy", {})
