"""No seat and no spectator learns a secret the rules keep from it (Scotland Yard, spec 12).

Until the game is over, a detective's or a spectator's view must not depend on Mr. X's hidden
stations at all. The direct checks look where his station could show (his location, the
travel log, his start); the strong check builds other full states with the same public
history but different hidden paths (with the determinizer) and demands byte-identical views
from them, whatever fields a view holds. When the game is over the travel log is opened to
everyone by design, and the last test pins that boundary.
"""

from __future__ import annotations

import pytest

from getaway.core import SPECTATOR, Rng
from getaway.core.serialize import dumps
from getaway.games.scotland_yard import GAME
from getaway.games.scotland_yard.state import PHASE_HUNTERS, ScotlandYardState
from tests.scotland_yard.helpers import OPTIONS, option_id, random_states
from tests.sweeps import sweep


def public_seats(state: ScotlandYardState) -> list[str]:
    """Every seat that must not see Mr. X's hidden stations, and spectators."""
    return [*state.seats[1:], SPECTATOR]


def hidden_path(state: ScotlandYardState) -> list[int]:
    return [state.start, *state.log_station]


def last_revealed_station(state: ScotlandYardState) -> int | None:
    shown = [s for s, r in zip(state.log_station, state.log_revealed, strict=True) if r]
    return shown[-1] if shown else None


@sweep("games", 10, 40)
@pytest.mark.parametrize("options", OPTIONS, ids=option_id)
def test_views_show_mrx_only_where_he_surfaced(options, games):
    """40 games per setting, 400 in all (10 per setting in ./dev test), every seat checked
    before every action."""
    for seed in range(games):
        for state in random_states(options, seed):
            for seat in public_seats(state):
                view = state.view(seat)
                assert "mrx_start" not in view
                assert "seed" not in view
                assert "rng" not in view
                assert view["mrx_location"] == last_revealed_station(state)
                assert view["mrx_visible"] == (bool(state.log_revealed) and state.log_revealed[-1])
                for entry, station in zip(view["mrx_log"], state.log_station, strict=True):
                    assert entry["station"] == (station if entry["revealed"] else None)


# Games per setting and the comparisons they must make at least (two games make 212 to 455).
@sweep("size", (2, 150), (6, 500))
@pytest.mark.parametrize("options", OPTIONS, ids=option_id)
def test_views_do_not_depend_on_the_hidden_path(options, size):
    """States that differ only in Mr. X's hidden stations give every detective seat and
    spectators byte-identical views, the same legal actions, and the same answer to whether
    a move would reveal anything; Mr. X's own view tells them apart (the check is not empty)."""
    games, least = size
    compared = 0
    for seed in range(games):
        for step, state in enumerate(random_states(options, seed)):
            public_view = state.view(SPECTATOR)
            truth = hidden_path(state)
            others = [GAME.determinize(public_view, Rng(step * 2 + k)) for k in range(2)]
            for other in others:
                if hidden_path(other) == truth:
                    continue
                compared += 1
                assert dumps(other.view("mrx")) != dumps(state.view("mrx"))
                for seat in public_seats(state):
                    assert dumps(other.view(seat)) == dumps(state.view(seat))
                    assert other.legal_actions(seat) == state.legal_actions(seat)
                if state.phase == PHASE_HUNTERS:
                    seat = state.to_act()[0]
                    for action in state.legal_actions(seat):
                        reveals = state.would_reveal(seat, action)
                        assert other.would_reveal(seat, action) == reveals
    assert compared > least


def test_the_travel_log_is_opened_to_everyone_when_the_game_ends():
    for options in OPTIONS:
        state = GAME.new_state(options, 1)
        rng = Rng(1)
        while not state.is_over():
            seat = state.to_act()[0]
            state.apply(seat, rng.choice(state.legal_actions(seat)))
        for seat in public_seats(state):
            view = state.view(seat)
            assert view["mrx_start"] == state.start
            assert view["mrx_location"] == state.pos[0]
            assert [e["station"] for e in view["mrx_log"]] == state.log_station
