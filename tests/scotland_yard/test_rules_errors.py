"""Bad input: refused with an error naming what is legal, and the game unchanged (spec 12:
the engine validates every move)."""

from __future__ import annotations

import pytest

from getaway.core import IllegalActionError, NotYourTurnError, UnknownSeatError
from getaway.games.scotland_yard import ScotlandYardState
from tests.scotland_yard.helpers import craft, destination, double_moves, illegal, nbrs, new


def mrx_turn() -> ScotlandYardState:
    return craft(mrx=106, hunters={"d1": 105, "d2": 26, "d3": 29, "p1": 34})


def detectives_turn() -> ScotlandYardState:
    return craft(
        mrx=172,
        hunters={"d1": 91, "d2": 105, "d3": 29, "p1": 34},
        turns=["taxi:172"],
        phase="detectives",
        moved=["d3"],
    )


def no_double_left() -> ScotlandYardState:
    turns = ["double:taxi:107/taxi:106", "double:taxi:107/taxi:106"]
    return craft(mrx=106, hunters={"d1": 13, "d2": 26, "d3": 29, "p1": 34}, turns=turns)


def double_opened() -> ScotlandYardState:
    state = mrx_turn()
    state.apply("mrx", "double")
    return state


def first_leg_chosen() -> ScotlandYardState:
    state = double_opened()
    state.apply("mrx", "taxi:107")
    return state


CASES = [
    # (position, seat, action, words the reason must contain)
    (mrx_turn, "mrx", "doubles", "not TICKET:STATION, double or double:LEG/LEG"),
    (no_double_left, "mrx", "double", "no double-move ticket left"),
    (double_opened, "mrx", "taxi:105", "first leg: station 105 is occupied by a hunter"),
    (double_opened, "mrx", "walk:107", "first leg: 'walk:107' is not TICKET:STATION"),
    (double_opened, "mrx", "double", "first leg: 'double' is not TICKET:STATION"),
    (first_leg_chosen, "mrx", "bus:107", "second leg: no bus line from 107 to 107"),
    (first_leg_chosen, "mrx", "double:taxi:106/taxi:107", "second leg: 'double:taxi:106"),
    (mrx_turn, "mrx", "bus:107", "no bus line from 106 to 107"),
    (mrx_turn, "mrx", "underground:107", "no underground line from 106 to 107"),
    (mrx_turn, "mrx", "taxi:1", "no taxi line from 106 to 1"),
    (mrx_turn, "mrx", "black:1", "station 1 is not one ride from 106"),
    (mrx_turn, "mrx", "taxi:105", "station 105 is occupied by a hunter"),
    (mrx_turn, "mrx", "double:taxi:105/taxi:106", "station 105 is occupied by a hunter"),
    (mrx_turn, "mrx", "double:taxi:107/bus:107", "no bus line from 107 to 107"),
    (mrx_turn, "mrx", "walk:107", "is not TICKET:STATION"),
    (mrx_turn, "mrx", "taxi", "is not TICKET:STATION"),
    (mrx_turn, "mrx", "", "is not TICKET:STATION"),
    (mrx_turn, "mrx", "taxi:0", "is not TICKET:STATION"),
    (mrx_turn, "mrx", "taxi:200", "is not TICKET:STATION"),
    (mrx_turn, "mrx", "Taxi:107", "is not TICKET:STATION"),
    (mrx_turn, "mrx", "ferry:107", "is not TICKET:STATION"),
    (mrx_turn, "mrx", "double:taxi:107", "a double move is double:LEG/LEG"),
    (mrx_turn, "mrx", "double:taxi:107/", "is not TICKET:STATION"),
    (mrx_turn, "mrx", "d1:taxi:90", "is not TICKET:STATION"),
    (no_double_left, "mrx", "double:taxi:107/taxi:106", "no double-move ticket left"),
    (detectives_turn, "d1", "d1:bus:105", "no bus line from 91 to 105"),
    (detectives_turn, "d1", "d1:taxi:1", "no taxi line from 91 to 1"),
    (detectives_turn, "d1", "d1:taxi:105", "station 105 is occupied by another hunter"),
    (detectives_turn, "d3", "d3:taxi:16", "d3 has already moved this round"),
    (detectives_turn, "d1", "d2:taxi:106", "d2 is not d1's piece"),
    (detectives_turn, "d1", "p1:1", "p1 cannot ride from 34 to 1"),
    (detectives_turn, "d1", "d1", "not a hunter move"),
    (detectives_turn, "d1", "d1:taxi", "not a hunter move"),
    (detectives_turn, "d1", "d1:walk:90", "not a hunter move"),
    (detectives_turn, "d1", "d1:90", "not a hunter move"),
    (detectives_turn, "d1", "p1:taxi:22", "not a hunter move"),
    (detectives_turn, "d1", "d4:taxi:90", "not a hunter move"),
    (detectives_turn, "d1", "taxi:90", "not a hunter move"),
    (detectives_turn, "d1", "d1:black:90", "not a hunter move"),
]


@pytest.mark.parametrize(
    ("position", "seat", "action", "reason"), CASES, ids=[c[2] or "empty" for c in CASES]
)
def test_illegal_action_names_the_legal_ones_and_changes_nothing(position, seat, action, reason):
    """Spec 12 (server-side validation): an illegal action is refused, state unchanged."""
    state = position()
    legal = list(state.legal_actions(seat))
    assert legal
    err = illegal(state, seat, action)
    assert isinstance(err, IllegalActionError)
    assert err.legal == legal == list(state.legal_actions(seat))
    assert err.seat == seat and err.action == action
    assert reason in err.reason
    assert "legal actions: " + legal[0] in str(err)


def test_after_a_refused_action_the_legal_one_still_plays():
    """Spec 12: a refusal leaves the game exactly as it was, ready for a legal action."""
    state = mrx_turn()
    illegal(state, "mrx", "taxi:105")
    state.apply("mrx", "taxi:107")
    assert state.pos[0] == 107 and state.phase == 1


@pytest.mark.parametrize(
    ("position", "seat", "waiting"),
    [
        (mrx_turn, "d1", ["mrx"]),
        (mrx_turn, "d3", ["mrx"]),
        (detectives_turn, "mrx", ["d1", "d2", "d3"]),
    ],
)
def test_wrong_seat_raises_not_your_turn(position, seat, waiting):
    """Spec 6: Mr. X moves first, then the detectives; nobody else may act."""
    state = position()
    before = state.to_json()
    with pytest.raises(NotYourTurnError) as err:
        state.apply(seat, "taxi:107")
    assert err.value.to_act == waiting
    assert "waiting for: " + ", ".join(waiting) in str(err.value)
    assert state.to_json() == before
    assert state.legal_actions(seat) == ()


def test_seat_whose_pieces_cannot_move_is_not_to_act():
    """Spec 9.2: only seats with a movable piece act; the others are refused."""
    state = craft(
        mrx=172,
        hunters={"d1": 91, "d2": 105, "d3": 29, "p1": 34},
        turns=["taxi:172"],
        phase="detectives",
        moved=["d2", "d3", "p1"],
    )
    assert state.to_act() == ("d1",)
    with pytest.raises(NotYourTurnError, match="waiting for: d1"):
        state.apply("d2", "d1:taxi:90")


@pytest.mark.parametrize("seat", ["d4", "d0", "detectives", "police", "", "MRX"])
def test_unknown_seat_raises_unknown_seat_error(seat):
    """Spec 4: a 4-player game has the seats mrx, d1, d2 and d3 only."""
    state = mrx_turn()
    before = state.to_json()
    with pytest.raises(UnknownSeatError) as err:
        state.apply(seat, "taxi:107")
    assert err.value.seats == ["mrx", "d1", "d2", "d3"]
    with pytest.raises(UnknownSeatError):
        state.view(seat)
    assert state.to_json() == before


def test_actions_after_the_game_is_over_are_refused():
    """Spec 11: after a capture nobody may act."""
    state = craft(
        mrx=107,
        hunters={"d1": 106, "d2": 26, "d3": 29, "p1": 34},
        turns=["taxi:107"],
        phase="detectives",
    )
    state.apply("d1", "d1:taxi:107")
    assert state.is_over()
    before = state.to_json()
    for seat, action in (("mrx", "taxi:106"), ("d2", "d2:taxi:27"), ("d3", "p1:22")):
        assert state.legal_actions(seat) == ()
        with pytest.raises(NotYourTurnError, match="the game is over"):
            state.apply(seat, action)
    with pytest.raises(UnknownSeatError):
        state.apply("d7", "taxi:106")
    assert state.to_json() == before


TICKETS = ("taxi", "bus", "underground", "black")


def accepted(state: ScotlandYardState, seat: str) -> list[str]:
    """Every action id of a large universe that ``apply`` accepts (each tried on a clone):
    for Mr. X every single leg and every double through a neighbour, for the detectives'
    side every hunter move id of the game."""
    if seat == "mrx":
        universe = [f"{t}:{v}" for t in TICKETS for v in range(200)]
        universe += ["double", "double:", "doubles", "pass"]
    else:
        universe = list(state.rules.tables.hunter_parse)
    out = []
    for action in universe:
        trial = state.clone()
        try:
            trial.apply(seat, action)
        except IllegalActionError:
            continue
        out.append(action)
    return out


def tricky_positions() -> list[ScotlandYardState]:
    five = {"d1": 13, "d2": 29, "d3": 34, "d4": 94, "d5": 123}
    return [
        mrx_turn(),
        detectives_turn(),
        no_double_left(),
        # Empty taxi supply (A4).
        craft({"players": 6}, mrx=106, hunters=five, turns=["taxi:105", "taxi:106"]),
        # One black ticket left next to the ferry, 115 boxed in (edge 5).
        craft(
            mrx=157,
            hunters={"d1": 102, "d2": 114, "d3": 126, "p1": 127},
            turns=["black:170", "black:159", "black:170", "black:157"],
        ),
        # The pooled 2-player wallet down to its last taxi ticket.
        craft(
            {"players": 2},
            mrx=172,
            hunters={"d1": 106, "d2": 104, "p1": 138, "p2": 46},
            turns=["taxi:172"],
            phase="detectives",
            wallets=[[1, 16, 8]],
        ),
    ]


def test_legal_actions_are_exactly_the_actions_apply_accepts():
    """Spec 7-9: the engine lists every legal move once, and accepts nothing else."""
    states = tricky_positions()
    for players, seed in ((4, 2), (2, 1), (6, 3)):
        state = new({"players": players}, seed)
        for k in range(60):
            if state.is_over():
                break
            if k % 9 == 0:
                states.append(state.clone())
            seat = state.to_act()[0]
            legal = list(state.legal_actions(seat))
            safe = [a for a in legal if seat == "mrx" or destination(a) != state.pos[0]]
            state.apply(seat, (safe or legal)[k % len(safe or legal)])
    assert len(states) >= 20
    # Each step of a double move too.
    for state in [s for s in states if "double" in s.legal_actions("mrx")][:4]:
        opened = state.clone()
        opened.apply("mrx", "double")
        states.append(opened.clone())
        opened.apply("mrx", opened.legal_actions("mrx")[-1])
        states.append(opened)
    for state in states:
        for seat in state.to_act():
            legal = list(state.legal_actions(seat))
            assert len(set(legal)) == len(legal)
            assert sorted(accepted(state, seat)) == sorted(legal)


def compound_ids_accepted(state: ScotlandYardState) -> set[str]:
    """Every legacy ``double:LEG/LEG`` through a neighbour that ``apply`` accepts."""
    here = state.pos[0]
    universe = [
        f"double:{t1}:{v1}/{t2}:{v2}"
        for t1 in TICKETS
        for v1 in nbrs(here, "black")
        for t2 in TICKETS
        for v2 in nbrs(v1, "black")
    ]
    out = set()
    for action in universe:
        trial = state.clone()
        try:
            trial.apply("mrx", action)
        except IllegalActionError:
            continue
        out.add(action)
    return out


def test_the_legacy_compound_ids_accepted_are_exactly_the_double_moves_in_steps():
    """Old replays' double:LEG/LEG plays exactly the double moves the steps allow."""
    for state in tricky_positions():
        if state.to_act() == ("mrx",):
            assert compound_ids_accepted(state) == double_moves(state)


def test_two_player_game_has_one_detectives_seat_and_no_piece_seats():
    """Spec 14.1 and 4: with 2 players one seat, ``detectives``, runs all four hunters."""
    state = craft(
        {"players": 2},
        mrx=172,
        hunters={"d1": 106, "d2": 104, "p1": 138, "p2": 46},
        turns=["taxi:172"],
        phase="detectives",
    )
    for seat in ("d1", "d2", "p1"):
        with pytest.raises(UnknownSeatError) as err:
            state.apply(seat, "d1:taxi:107")
        assert err.value.seats == ["mrx", "detectives"]
    with pytest.raises(NotYourTurnError):
        state.apply("mrx", "taxi:159")
    state.apply("detectives", "d1:taxi:107")
    assert state.pos[1] == 107
