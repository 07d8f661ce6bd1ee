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

from getaway.core.steps import DONE
from getaway.games.escape_plan.topology import Cell

PASS = "pass"
DISC = "disc"
REST = "rest"
MOVE = "move"
__all__ = ["DISC", "DONE", "MOVE", "PASS", "REST"]


def unlock(asset: str) -> str:
    return f"unlock:{asset}"


def tile(tile_id: str) -> str:
    return f"tile:{tile_id}"


def cell(where: Cell) -> str:
    return f"cell:{where[0]},{where[1]}"


def turn(rotation: int) -> str:
    return f"turn:{rotation}"


def business(business_id: str) -> str:
    return f"business:{business_id}"


def safe_house(number: str) -> str:
    return f"safe_house:{number}"


def walk(node: str) -> str:
    return f"walk:{node}"


def split(action: str) -> tuple[str, str]:
    """``"walk:B1.store"`` -> ``("walk", "B1.store")``; a bare verb gets ``""``."""
    verb, _, argument = action.partition(":")
    return verb, argument


def parse_cell(argument: str) -> Cell:
    """``"-1,2"`` -> ``(-1, 2)``; a malformed cell raises ``ValueError``."""
    x, y = argument.split(",")
    return int(x), int(y)
