"""Escaping the city and arrest (spec §13, §6.5 R-PA-6), with the rulebook's example
§21.6 #17 as a named test."""

from __future__ import annotations

import pytest

from getaway.games.escape_plan import load_content
from getaway.games.escape_plan.escape import (
    Arrest,
    EscapeError,
    Fate,
    Payment,
    escape_cost,
    escape_problem,
    final_fates,
    game_over,
    last_day,
    pay_escape,
    turn_fee,
)
from getaway.games.escape_plan.police import Patrol

CONTENT = load_content()
#: Day 3 after the Patrol phase: Exits 1 and 3 closed, Exit 2 open.
DAY_3 = Patrol((), {1: 2, 2: 1, 3: 2}, ())


def test_example_17_escape_4_players_the_2nd_to_leave_pays_1k_then_5k():
    cash = 12
    fee = turn_fee(CONTENT, cash, anyone_escaped=True)
    assert fee == Payment(11, 1)
    assert escape_problem(CONTENT, 3, DAY_3, 2) is None
    # (The Avoid step against the Federal and the Local, Exit tile included, is avoid.py's.)
    escape = pay_escape(CONTENT, fee.cash, players=4, escaped_before=1)
    assert escape == Payment(6, 5)


@pytest.mark.parametrize(
    ("players", "costs"),
    [(1, [0, 10]), (2, [0, 10]), (3, [0, 5, 10]), (4, [0, 5, 10, 10]), (5, [0, 5, 5, 10, 10])],
)
def test_the_escape_cost_follows_the_escape_order(players, costs):
    assert [escape_cost(CONTENT, players, n) for n in range(len(costs))] == costs


def test_more_escapees_than_the_row_holds_is_refused():
    with pytest.raises(
        EscapeError, match=r"with 3 player\(s\), 0 to 2 can have escaped before; got 3"
    ):
        escape_cost(CONTENT, 3, 3)


def test_escape_only_on_day_3():
    assert escape_problem(CONTENT, 2, DAY_3, 2) == "escapes happen on Day 3 only; this is Day 2"
    assert last_day(CONTENT) == 3


def test_escape_only_through_the_single_open_exit():
    assert escape_problem(CONTENT, 3, DAY_3, 1) == "Exit 1 is closed; the open Exit is 2"
    not_yet = Patrol((3,), {1: 2, 2: 1, 3: 1}, ())
    problem = escape_problem(CONTENT, 3, not_yet, 2)
    assert problem == "escape needs exactly one open Exit; open now: [2, 3]"


def test_no_fee_before_anyone_escaped():
    assert turn_fee(CONTENT, 0, anyone_escaped=False) == Payment(0, 0)


def test_a_player_who_cannot_pay_the_turn_fee_is_arrested():
    assert turn_fee(CONTENT, 0, anyone_escaped=True) == Payment(0, 0, Arrest.TURN_FEE)


def test_a_player_who_cannot_pay_the_escape_cost_is_arrested():
    assert pay_escape(CONTENT, 9, players=2, escaped_before=1) == Payment(9, 0, Arrest.ESCAPE_COST)
    assert pay_escape(CONTENT, 10, players=2, escaped_before=1) == Payment(0, 10)


def test_the_first_to_escape_pays_nothing():
    assert pay_escape(CONTENT, 0, players=5, escaped_before=0) == Payment(0, 0)


def test_negative_cash_is_refused():
    with pytest.raises(EscapeError, match="cash is 0 or more"):
        pay_escape(CONTENT, -1, players=3, escaped_before=0)


def test_players_still_in_the_city_at_the_end_are_arrested():
    fates = {"ann": Fate.ESCAPED, "bob": Fate.IN_CITY, "cy": Fate.ARRESTED}
    assert not game_over(fates)
    assert final_fates(fates) == {"ann": Fate.ESCAPED, "bob": Fate.ARRESTED, "cy": Fate.ARRESTED}
    assert game_over(final_fates(fates))
