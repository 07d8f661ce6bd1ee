"""Escape Plan (Vital Lacerda, Eagle-Gryphon 2019): so far its content as data (issue 13,
item 1). Not registered as a game yet.

Spec: ``shared/rules/escape-plan.md``; decisions: ``docs/games/escape-plan.md``.
"""

from getaway.games.escape_plan.city import CityMap, PlacedTile
from getaway.games.escape_plan.content import Content, load_content, load_content_from
from getaway.games.escape_plan.topology import CityTopology, SquareTopology

__all__ = [
    "CityMap",
    "CityTopology",
    "Content",
    "PlacedTile",
    "SquareTopology",
    "load_content",
    "load_content_from",
]
