"""Every content file loads, holds exactly the counts of spec §2, and says where each value
comes from."""

from __future__ import annotations

from collections import Counter

from pydantic import BaseModel

from getaway.core.content import EVERY_FIELD, Provenance, Sourced
from getaway.games.escape_plan import load_content
from getaway.games.escape_plan.content import DATA_DIR, FILES, load_content_from


def test_every_data_file_is_listed_and_loads():
    assert sorted(path.name for path in DATA_DIR.glob("*.json")) == sorted(
        filename for filename, _ in FILES.values()
    )
    content = load_content()
    for kind in FILES:
        assert getattr(content, kind) is not None


def test_content_is_loaded_once_per_process():
    assert load_content() is load_content()


def test_loading_twice_gives_equal_content():
    assert load_content_from(DATA_DIR) == load_content()


def test_city_tiles_match_section_2_and_3_2():
    tiles = load_content().city_tiles.tiles
    assert len(tiles) == 14
    assert sorted(tile.id for tile in tiles if tile.stack is None) == ["START_G", "START_H"]
    assert Counter(tile.stack for tile in tiles if tile.stack) == {"A": 3, "B": 3, "C": 3, "D": 3}
    kinds = Counter(loc.kind for tile in tiles for loc in tile.locations.values())
    assert {kind: kinds[kind] for kind in kinds if kind not in ("METRO", "HELIPORT")} == {
        "HOSPITAL": 1,
        "GANG": 4,
        "BUSINESS_SPACE": 6,
        "SAFE_HOUSE_SPACE": 3,
        "STORE": 4,
        "CLINIC": 1,
        "CHURCH": 1,
        "EXIT": 3,
    }
    stores = sorted(loc.store or "" for t in tiles for loc in t.locations.values() if loc.store)
    assert stores == ["A", "B", "C", "D"]
    exit_tiles = {t.id: loc.exit for t in tiles for loc in t.locations.values() if loc.exit}
    assert sorted(exit_tiles.values()) == [1, 2, 3]


def test_the_proposed_city_follows_section_3_5_4():
    tiles = load_content().city_tiles.tiles
    kinds = Counter(loc.kind for tile in tiles for loc in tile.locations.values())
    assert (kinds["METRO"], kinds["HELIPORT"]) == (4, 2)
    assert sorted(tile.id for tile in tiles if tile.heliport_tile) == ["B3", "D3"]
    ferries = sorted(t.id for t in tiles for area in t.areas.values() if area.ferry)
    assert ferries == ["B1", "C2"]
    content = load_content()
    assert content.tile("START_H").locations["hospital"].kind == "HOSPITAL"
    assert content.tile("START_G").locations["gang"].hq
    assert content.tile("C2").locations["business"].on_water


def test_cards_and_tiles_match_section_2():
    content = load_content()
    assert sum(card.copies for card in content.contacts.cards) == 33
    assert len(content.escape_plans.cards) == 9
    assert len(content.fixers.fixers) == 8
    assert sum(kind.count for kind in content.equipment.equipment) == 16
    assert len(content.equipment.equipment) == 4
    assert [len(stack.values) for stack in content.lockers.stacks] == [5, 5, 5]
    assert sum(stack.keys for stack in content.lockers.stacks) == 9
    assert [len(stack.values) for stack in content.exit_tiles.stacks] == [5, 5]
    assert sum(card.copies for card in content.patrol_cards.cards) == 6
    assert len(content.assets.assets) * 5 == 35
    assert len(content.assets.unlocked_slot_costs) == 6
    assert len(content.inspector_deck.cards) == 16
    assert len(content.lieutenant_deck.cards) == 16
    assert len(content.notoriety_track.thresholds) == 3
    assert len(content.buildings.businesses) == 6
    assert len(content.buildings.safe_houses) == 3


def test_stated_values_are_the_rulebooks():
    content = load_content()
    black = next(stack for stack in content.lockers.stacks if stack.colour == "black")
    assert sorted(black.values) == [0, 70, 70, 100, 100]
    green = next(stack for stack in content.lockers.stacks if stack.colour == "green")
    assert max(green.values) == 90
    assert all(stack.values.count(0) == 1 for stack in content.lockers.stacks)
    assert {s.colour: s.draw for s in content.lockers.stacks} == {
        "green": 1,
        "black": 0,
        "brown": -1,
    }
    boxer = next(card for card in content.contacts.cards if card.id == "boxer")
    assert (boxer.cost, boxer.star, boxer.officer) == (2, True, "FEDERAL")
    prices = {kind.id: kind.price for kind in content.equipment.equipment}
    assert prices == {"vest": 2, "cap": 2, "helmet": 2, "gas_mask": 3}
    fixers = {fixer.id: fixer.price for fixer in content.fixers.fixers}
    assert fixers == {
        "phone": 2,
        "safe": 3,
        "disguise": 2,
        "id_map": 4,
        "first_aid_kit": 1,
        "motorcycle": 2,
        "energy_drink": 2,
        "helicopter": 1,
    }
    assert content.assets.unlocked_slot_costs[0] == 5
    track = content.notoriety_track
    assert (track.levels[0].penalty, track.levels[-1].penalty) == (0, -100)
    assert [(t.unlocks, t.discs) for t in track.thresholds] == [(1, 0), (2, 0), (1, 1)]


def test_the_rulebooks_escape_plan_card_is_in_the_set():
    card = next(card for card in load_content().escape_plans.cards if card.id == 6)
    assert card.lines == {
        "business:casino": 100,
        "business:bar": "income",
        "business:restaurant": 50,
        "business:gym": 90,
        "business:nightclub": 60,
        "business:art_gallery": "income",
        "safe_house:1": "income",
        "safe_house:2": 80,
        "safe_house:3": 70,
    }
    assert card.provenance("lines").kind == "stated"


def test_every_escape_plan_card_totals_450():
    for card in load_content().escape_plans.cards:
        assert sum(v for v in card.lines.values() if isinstance(v, int)) == 450, card.id


def _sourced_entries(value: object) -> list[Sourced]:
    found: list[Sourced] = []
    if isinstance(value, Sourced):
        found.append(value)
    if isinstance(value, BaseModel):
        for name in type(value).model_fields:
            found += _sourced_entries(getattr(value, name))
    elif isinstance(value, list | tuple):
        for item in value:
            found += _sourced_entries(item)
    elif isinstance(value, dict):
        for item in value.values():
            found += _sourced_entries(item)
    return found


def test_every_value_has_a_provenance():
    content = load_content()
    per_file = {kind: len(_sourced_entries(getattr(content, kind))) for kind in FILES}
    # Every entry of every list is sourced (the assets file also as a whole).
    assert per_file == {
        "components": 1,
        "city_tiles": 14,
        "buildings": 6 + 3,
        "escape_plans": 9,
        "contacts": 23,
        "fixers": 8,
        "equipment": 4,
        "lockers": 3,
        "exit_tiles": 2,
        "patrol_cards": 3,
        "assets": 1 + 7,
        "inspector_deck": 16,
        "lieutenant_deck": 16,
        "notoriety_track": 10 + 3,
        "police": 1 + 3,
        "player_board": 1,
        "player_counts": 1 + 5,
        "scoring": 1,
    }
    entries = [e for kind in FILES for e in _sourced_entries(getattr(content, kind))]
    kinds: Counter[str] = Counter()
    for item in entries:
        for name in set(type(item).model_fields) - {"source"} - type(item).unsourced:
            provenance = item.provenance(name)
            kinds[provenance.kind] += 1
            value = getattr(item, name)
            if isinstance(value, dict):
                for key in value:
                    assert item.provenance(name, key).kind in ("stated", "reconstructed")
    assert kinds["stated"] > 0 and kinds["reconstructed"] > 0


def test_provenance_names_the_rulebook_or_the_design_section():
    content = load_content()
    assert content.tile("START_H").provenance("locations", "hospital") == Provenance(
        "stated", "§3.2 [BOTH] start tile H holds the Hospital"
    )
    assert content.tile("START_H").provenance("cells").kind == "reconstructed"
    green = content.lockers.stacks[0]
    assert green.provenance("values").kind == "reconstructed"
    assert "[DESIGN]" in green.provenance("values").reference
    assert green.provenance("draw").kind == "stated"
    for item in _sourced_entries(content.contacts):
        for text in item.source.values():
            provenance = Provenance.parse(text)
            if provenance.kind == "reconstructed":
                assert "[DESIGN]" in provenance.reference
    assert EVERY_FIELD == "*"
