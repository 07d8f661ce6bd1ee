"""The state's explicit clone and its JSON round trip (spec §21.1)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from getaway.core import SaveFileError
from getaway.core.rng import Rng
from getaway.games.escape_plan.game import GAME, EscapePlanState


def played(players: int, seed: int, plies: int) -> EscapePlanState:
    """A game after ``plies`` uniformly random legal actions."""
    state = GAME.new_state({"players": players}, seed=seed)
    rng = Rng(seed)
    for _ in range(plies):
        if state.is_over():
            break
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        state.apply(seat, legal[rng.below(len(legal))])
    return state


def text(state: EscapePlanState) -> str:
    return json.dumps(state.to_json(), sort_keys=True)


def test_a_clone_shares_nothing_that_changes() -> None:
    state = played(3, 1, 40)
    before = text(state)
    copy = state.clone()
    seat = copy.to_act()[0]
    copy.table.players[seat].cash += 100
    copy.table.players[seat].items[0] = None
    copy.table.police[copy.table.display[0]].clear()
    copy.table.businesses["casino"].cubes.append((seat, "money"))
    copy.table.turn_order.reverse()
    copy.rng.next64()
    assert text(state) == before
    assert text(copy) != before


def test_a_clone_plays_on_exactly_like_the_original() -> None:
    state = played(2, 5, 30)
    copy = state.clone()
    for game in (state, copy):
        rng = Rng(99)
        for _ in range(60):
            seat = game.to_act()[0]
            legal = game.legal_actions(seat)
            game.apply(seat, legal[rng.below(len(legal))])
    assert text(state) == text(copy)


@pytest.mark.parametrize("players", [1, 2, 3, 4, 5])
@pytest.mark.parametrize("plies", [0, 7, 23, 61, 150])
def test_json_round_trip_is_exact(players: int, plies: int) -> None:
    state = played(players, players * 31 + plies, plies)
    loaded = GAME.state_from_json(json.loads(text(state)))
    assert text(loaded) == text(state)
    assert loaded.to_act() == state.to_act()
    for seat in state.to_act():
        assert loaded.legal_actions(seat) == state.legal_actions(seat)


def test_an_open_decision_survives_the_round_trip() -> None:
    state = GAME.new_state({"players": 3}, seed=3)
    seat = state.to_act()[0]
    state.apply(seat, state.legal_actions(seat)[0])  # a display tile
    assert state.decision is not None
    loaded = GAME.state_from_json(state.to_json())
    assert loaded.decision == state.decision
    assert loaded.legal_actions(seat) == state.legal_actions(seat)


def broken(change: Any) -> dict[str, Any]:
    data = json.loads(text(played(3, 2, 20)))
    change(data)
    return data  # type: ignore[no-any-return]


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d.update(game="scotland-yard"), "not an escape-plan state"),
        (lambda d: d.pop("table"), "no 'table'"),
        (lambda d: d.update(rng="x"), "'seed' and 'rng' must be whole numbers"),
        (lambda d: d["table"]["players"]["p1"].update(cash="9"), "expected a whole number"),
        (
            lambda d: d["table"].update(phase="LUNCH"),
            "'phase' is malformed: 'LUNCH' is not one of INCOME",
        ),
        (lambda d: d["table"]["bag"].update(SWAT=0), "SWAT officers in the game, not 10"),
        (lambda d: d["table"].update(discs=7), "Extra Action discs in the game, not 8"),
        (
            lambda d: d["table"]["players"]["p2"].update(location="START_H.com"),
            "p2 is in the city but not on a location",
        ),
        (lambda d: d.update(decision={"seat": "p1", "steps": ["fly"]}), "decision"),
        (lambda d: d["table"].pop("police"), "the table has no 'police'"),
        (lambda d: d["table"].update(queue=["sandra"]), "asks 'sandra'"),
        (lambda d: d["table"].update(stage="none"), "stage 'none' before the end"),
    ],
)
def test_a_malformed_save_says_what_is_wrong(change: Any, message: str) -> None:
    with pytest.raises(SaveFileError) as error:
        GAME.state_from_json(broken(change))
    assert message in str(error.value)
