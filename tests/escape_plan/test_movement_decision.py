"""MOVE then AVOID as one decision in steps (§7.3, §7.4): the path's steps, its ending,
then the Avoid steps; the whole through ``getaway.core.steps``' rules of a decision."""

from __future__ import annotations

import pytest

from getaway.games.escape_plan import load_content
from getaway.games.escape_plan.avoid import (
    AvoidContext,
    IllegalAvoidError,
    avoid_context,
    equipment_tool,
)
from getaway.games.escape_plan.movement import IllegalMoveError, MoveContext, MovePath
from getaway.games.escape_plan.movement_decision import (
    legal_steps,
    outcome,
    split_move,
)
from tests.escape_plan.test_movement_maps import avoid_walk_city

VEST = equipment_tool(next(e for e in load_content().equipment.equipment if e.id == "vest"))
CITY = avoid_walk_city()
MOVE = MoveContext(start="A2.safe_house")
WALK = ["walk:A2.ind", "walk:A2.com", "walk:START_G.com", "walk:C1.com", "walk:C1.store"]


def police_here(path: MovePath) -> AvoidContext:
    return avoid_context(path, {"A2": ["FEDERAL"], "START_G": ["LOCAL"]}, tools=(VEST,))


def test_split_move_cuts_after_the_ending_step():
    assert split_move(["walk:X.a", "stop", "vest:T:federal"]) == (
        ("walk:X.a", "stop"),
        ("vest:T:federal",),
    )
    assert split_move(["walk:X.a", "medevac"]) == (("walk:X.a", "medevac"), ())
    assert split_move(["escape", "wound:T:local"]) == (("escape",), ("wound:T:local",))
    assert split_move(["walk:X.a"]) == (("walk:X.a",), ())


def test_the_path_comes_first_then_its_avoid_steps_then_nothing():
    assert legal_steps(CITY, MOVE, police_here, []) == ["walk:A2.com", "walk:A2.ind", "walk:A2.res"]
    assert "stop" in legal_steps(CITY, MOVE, police_here, WALK)
    after_stop = [*WALK, "stop"]
    assert legal_steps(CITY, MOVE, police_here, after_stop) == [
        "vest:A2:federal",
        "wound:A2:federal",
    ]
    done = [*after_stop, "vest:A2:federal", "wound:START_G:local"]
    assert legal_steps(CITY, MOVE, police_here, done) == []
    result = outcome(CITY, MOVE, police_here, done)
    assert result.path.node == "C1.store" and result.path.spent == 3
    assert result.avoided.wounds == 1 and result.avoided.used == (("vest", 1),)


def test_illegal_steps_are_named_in_either_part():
    with pytest.raises(IllegalMoveError, match=r"'walk:C1\.store'"):
        legal_steps(CITY, MOVE, police_here, ["walk:C1.store"])
    with pytest.raises(IllegalAvoidError, match="'wound:START_G:local'"):
        legal_steps(CITY, MOVE, police_here, [*WALK, "stop", "wound:START_G:local"])
    with pytest.raises(IllegalMoveError, match="has not ended"):
        outcome(CITY, MOVE, police_here, WALK)
    with pytest.raises(IllegalAvoidError, match="officers remain"):
        outcome(CITY, MOVE, police_here, [*WALK, "stop"])
