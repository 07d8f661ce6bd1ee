"""Turn the City tiles of the game's content into the JSON file the browser draws the city
from.

``getaway/games/escape_plan/data/city_tiles.json`` is the single source of truth; the browser
cannot read it (the server serves only the game's client folder, this one), and it carries
provenance notes the page has no use for. What a tile looks like (its 3 x 3 cells, each
area's terrain and Ferry, each location's kind, Store letter, Exit number, Gang HQ) is copied
into ``tiles.json`` beside this file, which the renderer loads. Run it after changing the
tiles::

    python -m getaway.games.escape_plan.web.build_tile_data

``tests/escape_plan/test_web.py`` checks that the committed JSON equals what this produces.
"""

from __future__ import annotations

import json
from importlib.resources import files
from pathlib import Path
from typing import Any

#: The file written (served as /games/escape-plan/tiles.json).
TILES_FILE = Path(__file__).resolve().parent / "tiles.json"
DATA_PACKAGE = "getaway.games.escape_plan"
#: What the page draws of an area and of a location; the rest (provenance) stays behind.
AREA_FIELDS = ("terrain", "ferry")
LOCATION_FIELDS = ("kind", "store", "exit", "hq", "on_water")


def _kept(fields: dict[str, Any], wanted: tuple[str, ...]) -> dict[str, Any]:
    return {key: fields[key] for key in wanted if key in fields}


def tile_data() -> dict[str, Any]:
    """The JSON document: ``{"tiles": {id: {stack, heliport_tile, cells, areas, locations}},
    "notoriety_levels": n, "escape_plans": {id: lines}}``, the tiles in the content's order;
    the notoriety track's length and the Escape Plan cards' lines ride along (the page draws
    the track, and a player's own card, from them)."""
    tiles = {}
    for tile in json.loads(_data("city_tiles.json"))["tiles"]:
        tiles[tile["id"]] = {
            "stack": tile["stack"],
            "heliport_tile": tile["heliport_tile"],
            "cells": tile["cells"],
            "areas": {name: _kept(a, AREA_FIELDS) for name, a in tile["areas"].items()},
            "locations": {
                name: _kept(loc, LOCATION_FIELDS) for name, loc in tile["locations"].items()
            },
        }
    track = json.loads(_data("notoriety_track.json"))
    plans = json.loads(_data("escape_plans.json"))
    return {
        "tiles": tiles,
        "notoriety_levels": len(track["levels"]),
        "escape_plans": {str(card["id"]): card["lines"] for card in plans["cards"]},
    }


def _data(name: str) -> str:
    return files(DATA_PACKAGE).joinpath("data", name).read_text(encoding="utf-8")


def render() -> str:
    """The text of ``tiles.json``."""
    return json.dumps(tile_data(), indent=1, ensure_ascii=False) + "\n"


def main() -> None:
    TILES_FILE.write_text(render(), encoding="utf-8")


if __name__ == "__main__":
    main()
