"""``game.determinize(view, rng)``: every sample could be the real game as the seat sees it.

Along random games, for detective seats and spectators: the sample shows exactly the same
view, Mr. X stands on one of the public possible locations, and his sampled hidden path is
a legal one (each ride on the logged ticket's lines, never onto a hunter, never where a
hunter searched). Different generators spread over the whole possible set. Mr. X's own view,
``all`` and every view of a finished game hold everything, so their sample is the state.
"""

from __future__ import annotations

import copy
from typing import Any

import pytest

from getaway.core import ALL, SPECTATOR, Rng
from getaway.games.scotland_yard import GAME
from getaway.games.scotland_yard.board import TICKET_CODES, board_for
from getaway.games.scotland_yard.state import ScotlandYardState
from tests.scotland_yard.helpers import OPTIONS, option_id, random_states
from tests.sweeps import sweep

SEEDS = range(4)
#: The random games the sweeps below walk: one per setting in ./dev test, all in test-long.
GAMES = sweep("seeds", range(1), SEEDS)


def hidden_view_seats(state: ScotlandYardState) -> list[str]:
    """Every seat that does not see Mr. X's hidden stations, and spectators."""
    return [*state.seats[1:], SPECTATOR]


def without_randomness(data: dict[str, Any]) -> dict[str, Any]:
    """A state's JSON without its seed and generator: they fix only the start cards, which
    were dealt long ago and which no view shows, so the determinizer draws fresh ones."""
    return {k: v for k, v in data.items() if k not in ("seed", "rng")}


def assert_legal_hidden_path(view: dict[str, Any], sample: ScotlandYardState) -> None:
    """Mr. X's sampled stations obey the public record move by move."""
    board = board_for(view["options"]["board"])
    record = view["public_record"]
    path = [sample.start, *sample.log_station]
    assert path[0] in record["start_candidates"]
    assert path[0] not in record["searched"][0]
    for k, entry in enumerate(view["mrx_log"], start=1):
        ticket = TICKET_CODES[entry["ticket"]]
        # Black rides any line, the ferry included; ticket_mask holds exactly that.
        assert board.ticket_mask[ticket][path[k - 1]] >> path[k] & 1, (k, path)
        assert path[k] not in record["hunters_at_entry"][k - 1], (k, path)
        assert path[k] not in record["searched"][k], (k, path)
        if entry["revealed"]:
            assert path[k] == entry["station"]
    assert sample.pos[0] == path[-1]


@GAMES
@pytest.mark.parametrize("options", OPTIONS, ids=option_id)
def test_samples_show_the_seat_exactly_its_view(options, seeds):
    for seed in seeds:
        for step, state in enumerate(random_states(options, seed, final=True)):
            for seat in hidden_view_seats(state):
                view = state.view(seat)
                sample = GAME.determinize(view, Rng(step))
                assert sample.view(seat) == view
                assert sample.to_act() == state.to_act()
                for detective in state.seats[1:]:
                    assert sample.legal_actions(detective) == state.legal_actions(detective)


@GAMES
@pytest.mark.parametrize("options", OPTIONS, ids=option_id)
def test_sampled_mrx_stands_on_a_possible_location_at_the_end_of_a_legal_path(options, seeds):
    for seed in seeds:
        for step, state in enumerate(random_states(options, seed, final=True)):
            if state.is_over():
                break
            for seat in hidden_view_seats(state):
                view = state.view(seat)
                sample = GAME.determinize(view, Rng(1000 + step))
                assert sample.pos[0] in view["possible_locations"]
                assert_legal_hidden_path(view, sample)
                if view["phase"] == "mrx":
                    # The game did not end (D2), so the sampled Mr. X can move too.
                    assert sample.legal_actions("mrx")


# Positions checked per setting (None: every one the game offers) and in all at least: seed
# 0's games hold 166 small sets, 36 when each setting gives four.
@sweep("size", (4, 30), (None, 150))
def test_every_possible_location_of_a_small_set_gets_sampled(size):
    per_setting, least = size
    checked = 0
    for options in OPTIONS:
        mine = 0
        for state in random_states(options, 0, final=True):
            if state.is_over() or mine == per_setting:
                break
            view = state.view(SPECTATOR)
            possible = view["possible_locations"]
            if not 2 <= len(possible) <= 6:
                continue
            # 100 draws miss one of 6 equally likely stations with probability below 1e-7.
            sampled = {GAME.determinize(view, Rng(k)).pos[0] for k in range(100)}
            assert sampled == set(possible)
            mine += 1
        checked += mine
    assert checked > least


# As above: seed 3's games hold 535 positions with a choice, 98 when each setting gives ten.
@sweep("size", (10, 90), (None, 300))
def test_different_generators_give_different_mrx_stations(size):
    per_setting, least = size
    checked = 0
    for options in OPTIONS:
        mine = 0
        for state in random_states(options, 3, final=True):
            if mine == per_setting:
                break
            view = state.view(SPECTATOR)
            if state.is_over() or len(view["possible_locations"]) < 2:
                continue
            stations = {GAME.determinize(view, Rng(k)).pos[0] for k in range(20)}
            assert len(stations) >= 2
            mine += 1
        checked += mine
    assert checked > least


def test_the_same_generator_gives_the_same_sample():
    for state in random_states({"players": 5}, 8, final=True):
        view = state.view("d2")
        first = GAME.determinize(view, Rng(42)).to_json()
        assert GAME.determinize(view, Rng(42)).to_json() == first


def test_determinize_leaves_the_view_untouched():
    for state in random_states({"players": 3, "edition": "classic"}, 2, final=True):
        view = state.view(SPECTATOR)
        before = copy.deepcopy(view)
        GAME.determinize(view, Rng(1))
        assert view == before


@GAMES
@pytest.mark.parametrize("options", OPTIONS, ids=option_id)
def test_mrx_view_determinizes_to_the_true_state(options, seeds):
    for seed in seeds:
        for step, state in enumerate(random_states(options, seed, final=True)):
            truth = without_randomness(state.to_json())
            for seat in ("mrx", ALL):
                sample = GAME.determinize(state.view(seat), Rng(step))
                assert without_randomness(sample.to_json()) == truth


@pytest.mark.parametrize("options", OPTIONS, ids=option_id)
def test_a_finished_game_determinizes_to_the_true_state_for_everyone(options):
    """The travel log is opened when the game ends, so nothing is left to sample."""
    for seed in SEEDS:
        *_, final = random_states(options, seed, final=True)
        assert final.is_over()
        truth = without_randomness(final.to_json())
        for seat in hidden_view_seats(final):
            sample = GAME.determinize(final.view(seat), Rng(seed))
            assert without_randomness(sample.to_json()) == truth


def test_mr_x_s_double_move_under_way_is_rebuilt_from_his_view():
    """His view shows his open steps, so his sample holds them; nobody else's view shows
    them, so their samples have no decision open (and look the same to them)."""
    checked = 0
    for state in random_states({"players": 4}, 5):
        if state.decision is None:
            continue
        for seat in ("mrx", ALL):
            view = state.view(seat)
            sample = GAME.determinize(view, Rng(2))
            assert sample.decision == state.decision
            assert sample.legal_actions("mrx") == state.legal_actions("mrx")
            assert without_randomness(sample.to_json()) == without_randomness(state.to_json())
        for seat in hidden_view_seats(state):
            view = state.view(seat)
            sample = GAME.determinize(view, Rng(2))
            assert sample.decision is None and sample.view(seat) == view
        checked += 1
    assert checked >= 4
