"""Escape Plan's browser client without a browser: the folder the server serves, the tile
drawings it reads (built from the content), and its words in the three languages.

The shared i18n checks (tests/web/test_i18n.py: every key in every language with the same
placeholders, translations that are not English, no text without t(), the keys the code uses)
run on every registered game's client, this one included; the checks here are Escape Plan's
own: its ids and step kinds have words.
"""

from __future__ import annotations

import json

from getaway.games.escape_plan import load_content
from getaway.games.escape_plan.game import GAME
from getaway.games.escape_plan.options import rules_for
from getaway.games.escape_plan.state import PARTS, PHASES, STATUSES
from getaway.games.escape_plan.web import build_tile_data
from tests.web.test_i18n import LANGUAGES

CLIENT = GAME.client_dir()


def _tables() -> dict[str, dict[str, str]]:
    assert CLIENT is not None
    return {
        lang: json.loads((CLIENT / "i18n" / f"{lang}.json").read_text("utf-8"))
        for lang in LANGUAGES
    }


def test_the_client_folder_is_the_web_folder_beside_the_game() -> None:
    assert CLIENT is not None
    assert CLIENT.name == "web" and CLIENT.parent.name == "escape_plan"
    for name in ("renderer.js", "style.css", "tiles.json", *(f"i18n/{x}.json" for x in LANGUAGES)):
        assert (CLIENT / name).is_file(), name


def test_tiles_json_is_what_the_build_script_makes_of_the_content() -> None:
    assert CLIENT is not None
    committed = (CLIENT / "tiles.json").read_text("utf-8")
    assert committed == build_tile_data.render(), "run build_tile_data after changing the tiles"


def test_tiles_json_holds_every_tile_with_what_the_page_draws() -> None:
    content = load_content()
    tiles = build_tile_data.tile_data()["tiles"]
    assert list(tiles) == [tile.id for tile in content.city_tiles.tiles]
    levels = build_tile_data.tile_data()["notoriety_levels"]
    assert levels == len(content.notoriety_track.levels)
    plans = build_tile_data.tile_data()["escape_plans"]
    assert plans == {str(c.id): dict(c.lines) for c in content.escape_plans.cards}
    for tile in content.city_tiles.tiles:
        drawn = tiles[tile.id]
        assert drawn["cells"] == [list(row) for row in tile.cells]
        assert set(drawn["areas"]) == set(tile.areas)
        assert set(drawn["locations"]) == set(tile.locations)
        for local, location in tile.locations.items():
            assert drawn["locations"][local]["kind"] == location.kind
        # No provenance notes: the page has no use for them.
        assert "source" not in json.dumps(drawn)


# Words ------------------------------------------------------------------------------------


def test_every_id_the_page_names_has_a_word() -> None:
    """The content's ids and the state's names that renderer.js puts into words through
    ``word(prefix, id)``: each has an English key (and so, by the test above, all three)."""
    content = load_content()
    en = _tables()["en"]
    wanted: dict[str, set[str]] = {
        "contact_": {c.id for c in content.contacts.cards},
        "asset_": {a.id for a in content.assets.assets},
        "fixer_": {f.id for f in content.fixers.fixers},
        "equip_": {e.id for e in content.equipment.equipment},
        "business_": {b.id for b in content.buildings.businesses},
        "colour_": {s.colour for s in content.lockers.stacks},
        "loc_": {loc.kind for t in content.city_tiles.tiles for loc in t.locations.values()},
        "terrain_": {a.terrain for t in content.city_tiles.tiles for a in t.areas.values()},
        "officer_": {"FEDERAL", "LOCAL", "SWAT"},
        "officer_letter_": {"FEDERAL", "LOCAL", "SWAT"},
        "phase_": set(PHASES),
        "part_": set(PARTS),
        "status_": set(STATUSES),
        "seat_": {*rules_for({"players": 5}).seats, "sandra", "costa"},
        "bonus_": {"group1", "group2", "safe_houses"},
        "pawn_": {"sandra", "costa"},
        "opt_": {o for o in GAME.option_help() if o != "players"},
        "outcome_": {"nobody-escaped"},
    }
    missing = sorted(p + i for p, ids in wanted.items() for i in ids if p + i not in en)
    assert not missing, f"en.json lacks {missing}"
    helps = sorted(f"opt_{o}_help" for o in wanted["opt_"] if f"opt_{o}_help" not in en)
    assert not helps, f"en.json lacks {helps}"


def test_every_step_kind_has_a_label() -> None:
    """Each step id family of docs/games/escape-plan.md ("Action ids", "Step ids", Avoid)
    has its branch in ``stepLabel`` and its words."""
    assert CLIENT is not None
    source = (CLIENT / "renderer.js").read_text("utf-8")
    en = _tables()["en"]
    verbs = ["tile", "cell", "turn", "business", "safe_house", "unlock", "walk", "jetski",
             "metro", "fly", "sewer", "heli", "sandra", "wound", "cuff", "visit", "exec",
             "bonus"]  # fmt: skip
    for verb in verbs:
        assert f'case "{verb}"' in source, verb
    for plain in ("rest", "move", "pass", "done", "disc", "stop", "gas", "medevac", "escape"):
        assert f"ep_act_{plain}" in en, plain


def test_the_package_ships_every_client_file() -> None:
    """pyproject.toml's package-data names every file the page loads (an installed
    package without them would serve a page with no client)."""
    import fnmatch
    import tomllib

    assert CLIENT is not None
    pyproject = CLIENT.parents[4] / "pyproject.toml"
    data = tomllib.loads(pyproject.read_text("utf-8"))["tool"]["setuptools"]["package-data"]
    globs = data["getaway.games.escape_plan.web"]
    files = [p.relative_to(CLIENT).as_posix() for p in CLIENT.rglob("*") if p.is_file()]
    served = [f for f in files if not f.endswith(".py") and "__pycache__" not in f]
    missing = [f for f in served if not any(fnmatch.fnmatchcase(f, g) for g in globs)]
    assert len(served) >= 6 and not missing, missing
