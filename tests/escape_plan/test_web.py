"""Escape Plan's browser client without a browser: the folder the server serves, the tile
drawings it reads (built from the content), and its words in the three languages.

The shared i18n checks (tests/web/test_i18n.py) cover every *registered* game's client;
until Escape Plan is registered in the environment (its entry point), they do not see this
one, so the same checks are run on it here, with the same helpers.
"""

from __future__ import annotations

import json

import pytest

from getaway.games.escape_plan import load_content
from getaway.games.escape_plan.game import GAME
from getaway.games.escape_plan.options import rules_for
from getaway.games.escape_plan.state import PARTS, PHASES, STATUSES
from getaway.games.escape_plan.web import build_tile_data
from getaway.web import STATIC_DIR
from tests.web.test_i18n import (
    ENGLISH_ONLY,
    LANGUAGES,
    LATIN_NAMES,
    PLURAL_FORMS,
    _keys_used,
    _latin,
    _placeholders,
    _plain_keys,
    _plural_bases,
    _words,
    untranslated_text,
)

CLIENT = GAME.client_dir()


def _tables() -> dict[str, dict[str, str]]:
    assert CLIENT is not None
    return {
        lang: json.loads((CLIENT / "i18n" / f"{lang}.json").read_text("utf-8"))
        for lang in LANGUAGES
    }


def _shared_en() -> dict[str, str]:
    return dict(json.loads((STATIC_DIR / "i18n" / "en.json").read_text("utf-8")))


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


def test_every_language_has_every_key_with_the_same_placeholders() -> None:
    tables = _tables()
    keys = _plain_keys(tables["en"])
    bases = _plural_bases(tables["en"])
    for lang, table in tables.items():
        assert not sorted(_plain_keys(table) ^ keys), f"{lang}.json: missing or extra keys"
        for base in bases:
            forms = {k.rpartition("_")[2] for k in table if k.startswith(f"{base}_")}
            assert forms == PLURAL_FORMS[lang], f"{lang}.json: {base} has forms {forms}"
        for key, value in table.items():
            assert isinstance(value, str) and value.strip(), f"{lang}.json: {key} is empty"
            assert _placeholders(value) == _placeholders(tables["en"][key]), f"{lang}: {key}"


@pytest.mark.parametrize("lang", ["ru", "pt"])
def test_translations_are_not_english(lang: str) -> None:
    tables = _tables()
    en, table = tables["en"], tables[lang]
    problems = []
    for key, value in table.items():
        if not _latin(en[key]):
            continue
        if lang == "ru":
            stray = [w for w in _latin(value) if w not in LATIN_NAMES]
            if stray:
                problems.append(f"{key}: {value!r} has {stray}")
        else:
            if value == en[key]:
                problems.append(f"{key}: {value!r} is the English")
            english = [w for w in _words(value) if w.lower() in ENGLISH_ONLY]
            if english:
                problems.append(f"{key}: {value!r} has English {english}")
    assert not problems, "\n".join(problems)


def test_no_key_hides_a_shared_one() -> None:
    assert not set(_tables()["en"]) & set(_shared_en())


def test_the_keys_the_renderer_uses_exist() -> None:
    assert CLIENT is not None
    known = set(_tables()["en"]) | set(_shared_en())
    used = _keys_used(sorted(CLIENT.rglob("*.js")), known)
    assert len(used) > 50
    assert used - known == set()


def test_no_text_reaches_the_page_without_i18n() -> None:
    assert CLIENT is not None
    for path in sorted(CLIENT.rglob("*.js")):
        found = untranslated_text(path.read_text("utf-8"))
        assert not found, f"{path} shows text without t(): {found}"


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
