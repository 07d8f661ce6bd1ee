"""The scored end of a game (spec §14, §16.6) through the core protocol: outcome(), the
winners with their tie-breakers, and returns by final place."""

from __future__ import annotations

from getaway.games.escape_plan.ending import place_returns
from getaway.games.escape_plan.game import GAME, EscapePlanState
from getaway.games.escape_plan.state import Piece, Unlocked


def ended(players: int, escaped: dict[str, int]) -> EscapePlanState:
    """A game over, the seats of ``escaped`` out with that cash, the others arrested."""
    state = GAME.new_state({"players": players}, seed=5)
    table = state.table
    for seat, player in table.players.items():
        player.location = None
        if seat in escaped:
            player.status, player.cash = "escaped", escaped[seat]
            table.escaped.append(seat)
        else:
            player.status = "arrested"
            table.arrested.append(seat)
    table.phase, table.stage, table.queue = "END", "none", []
    return state


def test_example_20_scoring_contacts_handcuffs_wounds_and_used_assets() -> None:
    state = ended(3, {"p1": 12})
    player = state.table.players["p1"]
    for index in range(3):
        player.contacts[index] = Piece("contact", "medic")
    player.handcuffs = 1
    player.wounds_red = 2
    used = [Unlocked(asset, used=True) for asset in ("heal", "avoid_all", "master_key")]
    player.unlocked = [player.unlocked[0], *used, None, None]
    outcome = state.outcome()
    assert outcome is not None
    sheet = outcome.facts["sheets"]["p1"]
    assert sheet["contacts"] == 10  # 3 cards, 1 discarded for the Handcuffs
    assert sheet["wounds"] == -40
    assert sheet["assets"] == 30
    assert sheet["cash"] == 12
    assert outcome.scores == {"p1": 12 + 10 - 40 + 30}
    assert outcome.winners == ("p1",) and outcome.reason == "escaped-score"


def test_returns_follow_the_final_place_and_who_did_not_escape_gets_minus_1() -> None:
    state = ended(3, {"p1": 20, "p2": 30})
    assert state.returns() == {"p2": 1.0, "p1": 0.0, "p3": -1.0}
    outcome = state.outcome()
    assert outcome is not None and outcome.winners == ("p2",) and outcome.side == "p2"


def test_a_tie_on_total_is_broken_by_cash_then_lower_notoriety() -> None:
    state = ended(3, {"p1": 20, "p2": 20})
    state.table.players["p1"].notoriety = 3  # penalty -10
    state.table.players["p2"].cash = 10  # 10 less cash, no penalty: also 10 behind
    totals = state.outcome()
    assert totals is not None
    assert totals.scores == {"p1": 10.0, "p2": 10.0}
    assert totals.winners == ("p1",)  # more cash


def test_a_full_tie_is_a_shared_victory() -> None:
    state = ended(4, {"p1": 15, "p3": 15})
    outcome = state.outcome()
    assert outcome is not None and outcome.winners == ("p1", "p3") and outcome.side is None
    assert state.returns() == {"p1": 1.0, "p2": -1.0, "p3": 1.0, "p4": -1.0}


def test_nobody_escaped_nobody_wins() -> None:
    state = ended(3, {})
    outcome = state.outcome()
    assert outcome is not None and outcome.winners == () and outcome.reason == "nobody-escaped"
    assert state.returns() == dict.fromkeys(("p1", "p2", "p3"), -1.0)


def test_solo_wins_by_beating_costa_and_a_tie_loses() -> None:
    won = ended(1, {"p1": 5})
    costa = won.outcome()
    assert costa is not None and costa.facts["costa"]["total"] == 0
    assert won.returns() == {"p1": 1.0} and costa.winners == ("p1",)
    tie = ended(1, {"p1": 0})
    assert tie.returns() == {"p1": -1.0}
    assert ended(1, {}).returns() == {"p1": -1.0}


def test_places_between_first_and_last_are_spread_evenly_and_ties_share_them() -> None:
    seats = ("p1", "p2", "p3", "p4", "p5")
    keys = {"p1": (9,), "p2": (5,), "p3": (5,), "p4": (1,)}
    assert place_returns(seats, keys) == {
        "p1": 1.0,
        "p2": 0.25,  # places 2 and 3 of 5: the mean, 1.5 steps of 0.5 down
        "p3": 0.25,
        "p4": -0.5,
        "p5": -1.0,
    }
