"""Turn the game's content into the JSON file the browser draws from.

The content files (``../data/*.json``) are the single source of truth; the browser cannot
read them (the server serves only this folder), and they carry provenance notes the page has
no use for. What the page draws or describes is copied into ``content.json`` beside this
file: the board (cells, their kind, printed roads, bridges, the offset), the tiles' symbols,
each hero's ability and cards (type, noise, effects), the items, the level-token sets, the
bosses, the event track, the objectives' targets, New York's card backs, the red timer
cards and the track lengths. Names are not here:
they are words of the page, in ``i18n/{lang}.json``. Run it after changing the content::

    python -m getaway.games.escape_from_new_york.web.build_client_data

``tests/escape_from_new_york/test_web_client.py`` checks that the committed JSON equals what
this produces.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from pydantic import BaseModel

from getaway.games.escape_from_new_york.content import Content, load_content

#: The file written (served as /games/escape-from-new-york/content.json).
CLIENT_FILE = Path(__file__).resolve().parent / "content.json"


def _plain(model: BaseModel) -> dict[str, Any]:
    """A content record as data, without its provenance and without defaults left unset."""
    data: dict[str, Any] = model.model_dump(mode="json", exclude_defaults=True)
    for kept_out in ("source", "name", "copies"):
        data.pop(kept_out, None)
    return data


def client_data(content: Content | None = None) -> dict[str, Any]:
    """The JSON document the renderer loads (see the module docstring)."""
    content = content or load_content()
    board = content.board
    base = content.components.base
    return {
        "board": {
            "columns": board.columns,
            "rows": board.rows,
            "offset": board.offset,
            "cells": [_plain(cell) for cell in board.cells],
            "bridges": [_plain(bridge) for bridge in board.bridges],
        },
        "tiles": {tile.id: _plain(tile) for tile in content.tiles.tiles},
        "outskirts": {token.id: _plain(token) for token in content.outskirts.tokens},
        "heroes": {
            hero.id: {
                "ability": [[_plain(e) for e in option] for option in hero.ability],
                "ability_noise": hero.ability_noise,
            }
            for hero in content.heroes.heroes
        },
        "cards": {card.id: _plain(card) for card in content.hero_cards.cards},
        "items": {item.id: _plain(item) for item in content.items.items},
        "level_sets": {
            s.id: [_plain(token) for token in s.tokens] for s in content.level_tokens.sets
        },
        "bosses": {boss.id: _plain(boss) for boss in content.enemies.bosses},
        "event_levels": list(content.event_track.levels),
        "objectives": {o.id: _plain(o) for o in content.objectives.objectives},
        # What the replay's "all" view needs to be drawn as the table shows it: the backs
        # of New York's cards (the top one's is public) and which timer cards are red.
        "new_york_backs": {
            card.id: card.back.model_dump(mode="json") for card in content.new_york.cards
        },
        "timer_red": [card.id for card in content.timer.red],
        "noise_track": base.noise_track,
        "mission_markers": base.mission_markers,
    }


def render() -> str:
    """The text of ``content.json``."""
    return json.dumps(client_data(), indent=1, ensure_ascii=False, sort_keys=True) + "\n"


def main() -> None:
    CLIENT_FILE.write_text(render(), encoding="utf-8")


if __name__ == "__main__":
    main()
