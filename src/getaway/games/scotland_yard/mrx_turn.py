"""Mr. X's turn: his legal rides, and the double move as a decision in steps
(:mod:`getaway.core.steps`).

A turn of his is either one single ride, an ordinary action (``taxi:46``), or a double move
made in three steps (spec 8.4):

1. ``double``: he plays a double-move ticket (offered only when he holds one, his travel log
   has two free fields, and at least one legal double move exists);
2. the first leg (``bus:23``): one of his legal rides that has a legal continuation;
3. the second leg (``taxi:24``): a legal ride from there, paid with the ordinary and black
   tickets the first leg left.

Nothing takes effect, and nobody but Mr. X (and ``all``) sees anything, until the second leg
completes the decision: then the ticket is spent and both entries are written at once
(:func:`play_double`). The legs reuse the single rides' ids, so every
action id of Mr. X's is a ride or ``double`` (a fixed action space for learning code).

The legacy compound id ``double:LEG/LEG`` (old replays and server logs) is still accepted by
``apply`` at the start of his turn, and never listed as legal.

The state asks this module for his legal actions (:func:`mrx_actions`) and to play one
(:func:`apply_mrx`); a single ride takes a few bit look-ups, without the step machinery.
A search's random ply of his (:func:`random_mrx_ply`) picks from the ride tables instead,
the same action that a uniform pick from :func:`mrx_actions` would.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from getaway.core import Decision, StepRules
from getaway.games.scotland_yard.board import BLACK, TICKETS
from getaway.games.scotland_yard.moves import DOUBLE_PREFIX, DOUBLE_STEP, LEG_PARSE
from getaway.games.scotland_yard.options import MRX, Rules

if TYPE_CHECKING:
    from getaway.games.scotland_yard.state import ScotlandYardState

Leg = tuple[int, int, str]


def mrx_legs(rules: Rules, s: int, occ: int, supply: Sequence[int], black: int) -> Sequence[Leg]:
    """Mr. X's legal single rides from ``s`` as ``(ticket, station, id)``, in the order of his
    actions, with hunters on the stations of ``occ``, ``supply`` ordinary tickets left and
    ``black`` black tickets (also what a detective's model of a past turn of his needs)."""
    legs = rules.tables.x_legs[s]
    unlimited = rules.unlimited_supply
    if (
        not (rules.board.black_mask[s] & occ)
        and black > 0
        and (unlimited or (supply[0] and supply[1] and supply[2]))
    ):
        return legs
    return [
        leg
        for leg in legs
        if not occ >> leg[1] & 1
        and (black > 0 if leg[0] == BLACK else unlimited or supply[leg[0]] > 0)
    ]


def after_paying(
    rules: Rules, t: int, supply: Sequence[int], black: int
) -> tuple[Sequence[int], int]:
    """The ordinary tickets in the supply and the black tickets left once ticket ``t`` is
    paid (a copy of the supply when it changes)."""
    if t == BLACK:
        return supply, black - 1
    if rules.unlimited_supply:
        return supply, black
    paid = list(supply)
    paid[t] -= 1
    return paid, black


def can_ride_from(rules: Rules, s: int, occ: int, supply: Sequence[int], black: int) -> bool:
    """Whether Mr. X has a legal ride from ``s`` (a free neighbour he can pay for)."""
    board = rules.board
    free = board.black_mask[s] & ~occ
    if not free:
        return False
    if black > 0:
        return True
    if rules.unlimited_supply:
        return bool(board.hunter_mask[s] & free)
    nbr_mask = board.nbr_mask
    return bool(
        (supply[0] and nbr_mask[0][s] & free)
        or (supply[1] and nbr_mask[1][s] & free)
        or (supply[2] and nbr_mask[2][s] & free)
    )


def continues(rules: Rules, t: int, v: int, occ: int, supply: Sequence[int], black: int) -> bool:
    """Whether a first leg with ticket ``t`` to ``v`` has a legal second leg."""
    paid, left = after_paying(rules, t, supply, black)
    return can_ride_from(rules, v, occ, paid, left)


def leg_problem(
    rules: Rules, leg: str, s: int, occ: int, supply: Sequence[int], black: int
) -> str | None:
    """Why ``leg`` is not a legal ride of Mr. X's from ``s``, in words, or ``None``."""
    parsed = LEG_PARSE.get(leg)
    if parsed is None:
        return f"{leg!r} is not TICKET:STATION"
    t, v = parsed
    board = rules.board
    if not board.ticket_mask[t][s] >> v & 1:
        if t == BLACK:
            return f"station {v} is not one ride from {s}"
        why = f"no {TICKETS[t]} line from {s} to {v}"
        if board.nbr_mask[3][s] >> v & 1:
            why += " (the ferry takes a black ticket)"
        return why
    if occ >> v & 1:
        return f"station {v} is occupied by a hunter"
    if t == BLACK:
        if black <= 0:
            return "no black ticket left"
    elif not rules.unlimited_supply and supply[t] <= 0:
        return f"the supply has no {TICKETS[t]} ticket left"
    return None


def first_legs(state: ScotlandYardState) -> list[str]:
    """The first legs of a double move: his legal rides that have a legal continuation."""
    return [a for _, _, a in first_rides(state)]


def first_rides(state: ScotlandYardState) -> list[Leg]:
    """``first_legs`` as ``(ticket, station, id)``."""
    rules, occ, supply, black = state.rules, state.occ, state.supply, state.black
    rides = mrx_legs(rules, state.pos[0], occ, supply, black)
    if black >= 2:  # any ride, then back by black ticket (as in double_possible)
        return list(rides)
    return [
        leg
        for leg in rides
        if _back_possible(rules, leg[0], supply, black)
        or continues(rules, leg[0], leg[1], occ, supply, black)
    ]


def _back_possible(rules: Rules, t: int, supply: Sequence[int], black: int) -> bool:
    """Whether, after a first leg paid with ``t``, the ride back to the station he left
    (free: he stood there) is a legal second leg: by a black ticket left, or by the same
    line with a ticket of its kind left."""
    if black > (t == BLACK):
        return True
    return t != BLACK and (rules.unlimited_supply or supply[t] >= 2)


def second_legs(state: ScotlandYardState, first: str) -> Sequence[str]:
    """The legal second legs after the first leg ``first`` (unparseable: none)."""
    parsed = LEG_PARSE.get(first)
    if parsed is None:
        return ()
    t, v = parsed
    rules = state.rules
    supply, black = after_paying(rules, t, state.supply, state.black)
    legs = mrx_legs(rules, v, state.occ, supply, black)
    return rules.tables.x_all[v] if legs is rules.tables.x_legs[v] else [a for _, _, a in legs]


def double_possible(state: ScotlandYardState, singles: Sequence[Leg]) -> bool:
    """Whether Mr. X may start a double move now, given his legal single rides: he may
    spend a ticket (``state.may_double``) and some ride has a legal continuation. Usually
    the first ride checked has one, so this costs a few bit operations."""
    if not state.may_double():
        return False
    rules, occ, supply, black = state.rules, state.occ, state.supply, state.black
    if black >= 2:  # any ride, then back by black ticket
        return bool(singles)
    return any(
        _back_possible(rules, t, supply, black) or continues(rules, t, v, occ, supply, black)
        for t, v, _ in singles
    )


# Mr. X's actions on a state ------------------------------------------------------------------

#: Memoised action lists of Mr. X, per board and piece layout (a few MB at most).
X_ACTIONS_CACHE = 8192


def mrx_actions(state: ScotlandYardState) -> Sequence[str]:
    """Mr. X's legal actions at the start of his turn: his single rides, then
    ``double`` when a double move is possible (its legs follow as further steps).

    Search asks for the same few positions again and again, so where something blocks
    him the list is memoised on everything it depends on: his station, the hunters
    within two rides of it, whether 0, 1 or 2+ of each ticket are left, and whether he
    may spend a double-move ticket."""
    s = state.pos[0]
    rules = state.rules
    tables = rules.tables
    supply = state.supply
    if (
        state.black > 0
        and not rules.board.black_mask[s] & state.occ
        and (rules.unlimited_supply or (supply[0] and supply[1] and supply[2]))
    ):
        # Nothing blocks him: every ride, and (a taxi ride there and back by black) a
        # double move if he may spend a ticket. Precomputed tuples, shared.
        return tables.x_all_double[s] if state.may_double() else tables.x_all[s]
    unlimited = rules.unlimited_supply
    key = (
        s,
        state.occ & tables.x_two_rides[s],
        min(state.black, 2),
        0 if unlimited else min(supply[0], 2),
        0 if unlimited else min(supply[1], 2),
        0 if unlimited else min(supply[2], 2),
        state.doubles > 0 and len(state.log_ticket) + 2 <= rules.log_fields,
    )
    found = tables.x_actions.get(key)
    if found is None:
        if len(tables.x_actions) >= X_ACTIONS_CACHE:
            tables.x_actions.clear()
        found = tables.x_actions[key] = _fresh_mrx_actions(state)
    return found


def _fresh_mrx_actions(state: ScotlandYardState) -> tuple[str, ...]:
    """``mrx_actions`` computed afresh."""
    s = state.pos[0]
    tables = state.rules.tables
    singles = mrx_legs(state.rules, s, state.occ, state.supply, state.black)
    if singles is tables.x_legs[s]:
        # Nothing blocked: a precomputed tuple, shared.
        return tables.x_all_double[s] if double_possible(state, singles) else tables.x_all[s]
    actions = tuple(a for _, _, a in singles)
    return (*actions, DOUBLE_STEP) if double_possible(state, singles) else actions


def _check_leg(
    state: ScotlandYardState, action: str, leg: str, s: int, supply: Sequence[int], black: int
) -> tuple[int, int]:
    """The ticket and station of the ride ``leg`` from ``s``, checked (bit look-ups on
    the common path; the reason in words only when it is refused)."""
    parsed = LEG_PARSE.get(leg)
    if parsed is not None:
        t, v = parsed
        rules = state.rules
        if (
            rules.board.ticket_mask[t][s] >> v & 1
            and not state.occ >> v & 1
            and (black > 0 if t == BLACK else rules.unlimited_supply or supply[t] > 0)
        ):
            return parsed
    why = leg_problem(state.rules, leg, s, state.occ, supply, black)
    raise state.illegal(MRX, action, why or "not a legal ride")


def apply_mrx(state: ScotlandYardState, action: str) -> None:
    """Play Mr. X's ``action`` (checked; an illegal one changes nothing)."""
    if state.decision is not None:
        _apply_leg(state, action)
    elif not action.startswith(DOUBLE_STEP):
        # A single ride: the common case, checked and played without any step machinery.
        t, v = _check_leg(state, action, action, state.pos[0], state.supply, state.black)
        state.write_entry(t, v, False)
        state.end_mrx_turn()
    elif action == DOUBLE_STEP:
        if not double_possible(state, state.mrx_single_legs()):
            raise state.illegal(MRX, action, _why_no_double(state))
        # Some first leg has a second one, so the decision stays open (nothing is spent).
        state.decision = Decision(MRX, (DOUBLE_STEP,))
    elif action.startswith(DOUBLE_PREFIX):
        _apply_compound_double(state, action)
    else:
        raise state.illegal(MRX, action, "not TICKET:STATION, double or double:LEG/LEG")


def random_mrx_ply(state: ScotlandYardState, uniform: Callable[[], float]) -> None:
    """One uniformly random legal step of Mr. X's (``State.random_step``): the action that
    ``legal_actions`` lists at index ``int(uniform() * n)``, played from the ride tables
    without parsing or checking its id (it is legal by construction)."""
    decision = state.decision
    if decision is not None:
        _random_leg(state, decision, uniform)
        return
    s = state.pos[0]
    rules = state.rules
    board = rules.board
    supply, black, occ = state.supply, state.black, state.occ
    # The actions are his single rides (mrx_legs) in order, then ``double`` when
    # double_possible; the two common cases take no filtering.
    every_kind = rules.unlimited_supply or (supply[0] and supply[1] and supply[2])
    rides: Sequence[Leg]
    if every_kind and black > 0 and not board.black_mask[s] & occ:
        # Nothing blocks him: every ride; a double move rides there and back by black.
        rides = rules.tables.x_legs[s]
        double = state.may_double()
    elif every_kind and not black and not board.hunter_mask[s] & occ:
        # No black ticket, and nothing blocks his other lines: every ordinary ride.
        rides = rules.tables.x_ordinary_legs[s]
        double = double_possible(state, rides)
    else:
        rides = mrx_legs(rules, s, occ, supply, black)
        double = double_possible(state, rides)
    k = int(uniform() * (len(rides) + double))
    if k < len(rides):
        t, v, _ = rides[k]
        state.write_entry(t, v, False)
        state.end_mrx_turn()
    else:
        state.decision = Decision(MRX, (DOUBLE_STEP,))


def _random_leg(state: ScotlandYardState, decision: Decision, uniform: Callable[[], float]) -> None:
    """A random leg of the double move under way (``DOUBLE_MOVE``'s next steps, in order)."""
    if len(decision.steps) == 1:
        firsts = first_rides(state)
        state.decision = decision.then(firsts[int(uniform() * len(firsts))][2])
        return
    rules = state.rules
    t1, v1 = LEG_PARSE[decision.steps[1]]
    supply, black = after_paying(rules, t1, state.supply, state.black)
    rides = mrx_legs(rules, v1, state.occ, supply, black)
    t2, v2, _ = rides[int(uniform() * len(rides))]
    state.decision = None
    play_double(state, t1, v1, t2, v2)


def _apply_leg(state: ScotlandYardState, action: str) -> None:
    """A leg of the double move under way. A legal one is checked with bit look-ups, as
    a single ride is; anything else goes to ``DOUBLE_MOVE.take``, which refuses it
    naming the legal legs and why."""
    decision = state.decision
    assert decision is not None
    rules, occ = state.rules, state.occ
    parsed = LEG_PARSE.get(action)
    if parsed is not None:
        t, v = parsed
        supply: Sequence[int]
        if len(decision.steps) == 1:
            s, supply, black = state.pos[0], state.supply, state.black
        else:
            t1, s = LEG_PARSE[decision.steps[1]]
            supply, black = after_paying(rules, t1, state.supply, state.black)
        legal_ride = (
            rules.board.ticket_mask[t][s] >> v & 1
            and not occ >> v & 1
            and (black > 0 if t == BLACK else rules.unlimited_supply or supply[t] > 0)
        )
        if legal_ride and len(decision.steps) == 2:
            state.decision = None
            play_double(state, t1, s, t, v)
            return
        if legal_ride and continues(rules, t, v, occ, supply, black):
            state.decision = decision.then(action)
            return
    state.decision = DOUBLE_MOVE.take(state, decision, MRX, action)


def play_double(state: ScotlandYardState, t1: int, v1: int, t2: int, v2: int) -> None:
    """A complete, checked double move takes effect: the ticket is spent and both entries
    are written at once."""
    state.doubles -= 1
    state.write_entry(t1, v1, True)
    state.write_entry(t2, v2, True)
    state.end_mrx_turn()


def _why_no_double(state: ScotlandYardState) -> str:
    if state.doubles <= 0:
        return "no double-move ticket left"
    if not state.may_double():
        return "the travel log has only one free field left"
    return "no ride has a legal second ride after it"


def _apply_compound_double(state: ScotlandYardState, action: str) -> None:
    """The legacy id ``double:LEG/LEG`` (old replays and logs): the whole double move in
    one action, checked as the three steps would be."""
    if not state.may_double():
        raise state.illegal(MRX, action, _why_no_double(state))
    first, sep, second = action[len(DOUBLE_PREFIX) :].partition("/")
    if not sep:
        raise state.illegal(MRX, action, "a double move is double:LEG/LEG")
    t1, v1 = _check_leg(state, action, first, state.pos[0], state.supply, state.black)
    supply, black = after_paying(state.rules, t1, state.supply, state.black)
    t2, v2 = _check_leg(state, action, second, v1, supply, black)
    play_double(state, t1, v1, t2, v2)


# The double move as a decision in steps -------------------------------------------------------


class DoubleMove(StepRules["ScotlandYardState"]):
    """The double move: ``double``, the first leg, the second leg (see the module
    docstring)."""

    def next_steps(
        self, state: ScotlandYardState, seat: str, steps: tuple[str, ...]
    ) -> Sequence[str]:
        if not steps:
            return (DOUBLE_STEP,) if double_possible(state, state.mrx_single_legs()) else ()
        if steps[0] != DOUBLE_STEP:
            return ()
        if len(steps) == 1:
            return first_legs(state)
        if len(steps) == 2:
            return second_legs(state, steps[1])
        return ()

    def carry_out(self, state: ScotlandYardState, seat: str, steps: tuple[str, ...]) -> None:
        t1, v1 = LEG_PARSE[steps[1]]
        t2, v2 = LEG_PARSE[steps[2]]
        play_double(state, t1, v1, t2, v2)

    def refuse(self, state: ScotlandYardState, seat: str, steps: tuple[str, ...], step: str) -> str:
        rules, occ = state.rules, state.occ
        if len(steps) == 1:
            why = leg_problem(rules, step, state.pos[0], occ, state.supply, state.black)
            if why is None:
                return f"no legal second ride would follow {step}"
            return f"first leg: {why}"
        if len(steps) == 2:
            t, v = LEG_PARSE[steps[1]]
            supply, black = after_paying(rules, t, state.supply, state.black)
            why = leg_problem(rules, step, v, occ, supply, black)
            return f"second leg: {why or 'not legal now'}"
        return super().refuse(state, seat, steps, step)


#: The one instance the state uses.
DOUBLE_MOVE = DoubleMove()
