"""The action ids of Escape Plan: short, stable, readable, one text per action, parsed back
to what they name (spec §21.3's decisions).

=====================  ====================================================================
id                     meaning
=====================  ====================================================================
``unlock:<asset>``     unlock that locked Asset (Income phase purchase, Rest)
``pass``               decline the Income unlock or the Night/Dawn disc; or pass a turn
                       with no legal action at all (R-PA-7)
``disc``               spend an Extra Action disc to act this Night or Dawn
``tile:<id>``          City phase: take that display tile ...
``cell:<x>,<y>``       ... put it on that cell ...
``turn:<degrees>``     ... turned that far clockwise ...
``business:<id>``      ... and put that Business tile on its Business space,
``safe_house:<n>``     ... or that Safe House tile on its Safe House space
``rest``               Rest (§7.1)
``move``               Move (§7.3): then ``walk:<node>`` steps and ``done``
``walk:<node>``        walk to that adjacent node (``B1.store``, ``A2.res``)
``done``               end a decision that could go on (core ``DONE``)
=====================  ====================================================================
"""

from __future__ import annotations

from collections.abc import Callable

from getaway.core.steps import DONE
from getaway.games.escape_plan.topology import Cell

PASS = "pass"
DISC = "disc"
REST = "rest"
MOVE = "move"
__all__ = ["DISC", "DONE", "MOVE", "PASS", "REST"]


def _with_argument(verb: str) -> Callable[[str], str]:
    """The builder of ``<verb>:<argument>`` ids, the form ``split`` parses back."""

    def action_id(argument: str) -> str:
        return f"{verb}:{argument}"

    action_id.__name__ = action_id.__qualname__ = verb
    return action_id


unlock = _with_argument("unlock")
tile = _with_argument("tile")
business = _with_argument("business")
safe_house = _with_argument("safe_house")
walk = _with_argument("walk")


def cell(where: Cell) -> str:
    return f"cell:{where[0]},{where[1]}"


def turn(rotation: int) -> str:
    return f"turn:{rotation}"


def split(action: str) -> tuple[str, str]:
    """``"walk:B1.store"`` -> ``("walk", "B1.store")``; a bare verb gets ``""``."""
    verb, _, argument = action.partition(":")
    return verb, argument


def parse_cell(argument: str) -> Cell:
    """``"-1,2"`` -> ``(-1, 2)``; a malformed cell raises ``ValueError``."""
    x, y = argument.split(",")
    return int(x), int(y)
