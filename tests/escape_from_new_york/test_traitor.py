"""The traitor's hidden side (spec §1, §9.2, §13.4): any hero may escape alone, at most one
does (it ends the game), maybe none; ``sides`` declares it as a role taken in play
(``HiddenRole(at_most=True)``), and the outcome names its holder."""

from __future__ import annotations

import pytest

from getaway.games.escape_from_new_york.game import GAME, TEAM, TRAITOR
from getaway.games.escape_from_new_york.turn_common import end_game
from tests.escape_from_new_york.proto_helpers import new
from tests.test_protocol_conformance import _check_roles


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_hero_may_turn_traitor_and_at_most_one_does(players: int) -> None:
    sides = GAME.sides({"players": players})
    seats = GAME.seats({"players": players})
    assert sides.names == (TEAM,) and sides.seats == seats
    (role,) = sides.hidden
    assert role.name == TRAITOR and role.among == seats
    assert (role.count, role.at_most) == (1, True)
    assert "escapes alone" in role.known_when


def test_a_lone_hero_betrays_nobody() -> None:
    """§9.4: with one player either escape is a win, and there is nobody to betray."""
    sides = GAME.sides({"players": 1})
    assert sides.hidden == ()
    state = new(players=1)
    end_game(state, "solo:p1")
    outcome = state.outcome()
    assert outcome is not None
    assert (outcome.winners, outcome.side, outcome.roles) == (("p1",), TEAM, {})


@pytest.mark.parametrize("players", [2, 4])
def test_the_outcome_of_a_solo_escape_names_the_traitor_the_sides_allow(players: int) -> None:
    state = new(players=players)
    seat = state.seats[-1]
    end_game(state, f"solo:{seat}")
    outcome = state.outcome()
    assert outcome is not None and outcome.side is None
    assert outcome.roles == {seat: TRAITOR}
    _check_roles(GAME.sides(state.options), outcome)


@pytest.mark.parametrize("ending", ["team:p1,p2", "timer"])
def test_no_traitor_when_nobody_escapes_alone(ending: str) -> None:
    state = new(players=3)
    end_game(state, ending)
    outcome = state.outcome()
    assert outcome is not None and outcome.roles == {}
    _check_roles(GAME.sides(state.options), outcome)  # none: a role taken in play


def test_a_would_be_traitor_is_hidden_until_the_escape() -> None:
    """Nothing another seat sees tells who could escape alone: the objectives are the owner's
    alone, and ``escape`` is offered only to the hero whose turn it is."""
    state = new(seed=2, players=3)
    current = state.to_act()[0]
    for seat in state.seats:
        view = state.view(seat)
        for other, hero in view["table"]["heroes"].items():
            assert ("objectives" in hero) == (other == seat)
        if seat != current:
            assert state.legal_actions(seat) == ()
