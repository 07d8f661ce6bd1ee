"""Escape from New York's browser client without a browser: the content it draws from is
what the build script makes of the game's data, and every card, tile, figure and effect the
page names has its words. (The shared checks of every registered client, same keys in the
three languages, real translations, no text without ``t()``, are in tests/web/test_i18n.py;
the page itself is tested in tests/web/test_escape_from_new_york_page.py.)"""

from __future__ import annotations

import json
import re

from getaway.games.escape_from_new_york.content import load_content
from getaway.games.escape_from_new_york.game import GAME
from getaway.games.escape_from_new_york.schema import VehicleTarget
from getaway.games.escape_from_new_york.web.build_client_data import client_data, render

CLIENT = GAME.client_dir()


def _english() -> dict[str, str]:
    assert CLIENT is not None
    table: dict[str, str] = json.loads((CLIENT / "i18n" / "en.json").read_text("utf-8"))
    return table


def test_content_json_is_what_the_build_script_makes_of_the_content() -> None:
    assert CLIENT is not None
    committed = (CLIENT / "content.json").read_text("utf-8")
    assert committed == render(), "run build_client_data after a content change"
    # No provenance notes nor names: the page has no use for the one, and takes the other
    # from its translations.
    assert '"source"' not in committed and '"name"' not in committed


def test_every_thing_the_page_names_has_a_word() -> None:
    content = load_content()
    wanted: dict[str, list[str]] = {
        "ny_hero_": [hero.id for hero in content.heroes.heroes],
        "ny_card_": [card.id for card in content.hero_cards.cards],
        "ny_item_": [item.id for item in content.items.items],
        "ny_diplomat_": [
            *(d.id for d in content.diplomats.diplomats),
            *(p.id for p in content.diplomats.president),
        ],
        "ny_boss_": [boss.id for boss in content.enemies.bosses],
        "ny_landmark_": [landmark.id for landmark in content.landmarks.landmarks],
        "ny_event_": [event.id for event in content.events.events],
        "ny_nycard_": [card.id for card in content.new_york.cards],
        "ny_timer_": [
            *(card.id for card in content.timer.black),
            *(card.id for card in content.timer.red),
            "hurry",
        ],
        "ny_car_": [car.id for car in content.cars.cars],
        "ny_outskirts_": [token.id for token in content.outskirts.tokens],
        "ny_vehicle_": [
            o.target.vehicle
            for o in content.objectives.objectives
            if isinstance(o.target, VehicleTarget)
        ],
    }
    en = _english()
    missing = sorted(p + i for p, ids in wanted.items() for i in ids if p + i not in en)
    assert not missing, f"en.json lacks {missing}"


def test_every_effect_of_a_heros_cards_items_and_ability_is_put_into_words() -> None:
    data = client_data()
    effects = [
        *(e for card in data["cards"].values() for e in card["effects"]),
        *(e for item in data["items"].values() for e in item.get("use", [])),
        *(e for hero in data["heroes"].values() for option in hero["ability"] for e in option),
    ]
    assert CLIENT is not None
    source = (CLIENT / "renderer.js").read_text("utf-8")
    described = set(re.findall(r'case "([a-z_]+)": ', source))
    assert {e["do"] for e in effects} <= described
