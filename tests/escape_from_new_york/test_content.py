"""Every content file loads, holds exactly the counts of spec §2, says where each value comes
from, and holds the facts the rulebook states."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterator

from pydantic import BaseModel

from getaway.core import games
from getaway.core.content import EVERY_FIELD
from getaway.games.escape_from_new_york import load_content
from getaway.games.escape_from_new_york.content import DATA_DIR, FILES, load_content_from
from getaway.games.escape_from_new_york.schema import Attack, Deceive, Sourced


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


def test_the_game_is_registered_with_its_browser_client():
    # The entry point names the game object, which finds its client folder beside it.
    from getaway.games.escape_from_new_york.game import GAME

    assert games()["escape-from-new-york"] is GAME
    folder = GAME.client_dir()
    assert folder is not None and (folder / "renderer.js").is_file()
    assert "heuristic" in GAME.bots()


# --- §2: the component counts -----------------------------------------------------------------


def test_the_base_box_counts_are_section_2_1():
    base = load_content().components.base
    assert (base.hero_boards, base.hero_action_cards, base.hero_special_cards) == (4, 32, 12)
    assert (base.diplomat_cards, base.president_cards, base.hero_starting_cards) == (5, 1, 4)
    assert (base.new_york_action_cards, base.new_york_special_cards) == (7, 3)
    assert (base.objective_cards, base.item_cards, base.event_cards, base.car_cards) == (
        12,
        18,
        16,
        4,
    )
    assert (base.prisoners, base.barricades, base.outskirts_tokens) == (40, 25, 14)
    assert (base.timer_black, base.timer_hurry, base.timer_red) == (12, 1, 3)
    assert (base.city_tiles, base.park_tiles, base.landmark_tiles) == (34, 8, 8)
    assert (base.level_tokens, base.level_token_sets, base.diplomat_tokens) == (12, 4, 4)
    bases = base.bases_per_hero * base.hero_boards + base.bases_red + base.bases_white
    assert bases == 19
    assert (base.item_markers, base.ammo_markers, base.health_markers) == (15, 15, 3)
    assert (base.boss_figures, base.car_figures, base.mission_markers) == (3, 4, 4)
    assert (base.noise_markers, base.event_level_markers, base.tank_figures) == (1, 1, 1)
    assert (base.glider_tokens, base.helicopter_tokens, base.reference_cards) == (1, 1, 4)


def test_the_sgb_counts_are_section_2_2():
    sgb = load_content().components.sgb
    assert (sgb.hero_special_cards, sgb.crossbow_cards, sgb.explosion_events) == (8, 2, 2)
    assert (sgb.timer_cards, sgb.trap_tiles, sgb.trap_cards) == (3, 2, 3)
    assert (sgb.hard_new_york_cards, sgb.wanted_objectives, sgb.wanted_cards) == (10, 2, 3)
    assert sgb.president_set_cards == 5


def test_the_decks_hold_the_counted_cards():
    content = load_content()
    cards = content.hero_cards.cards
    assert Counter(card.hero for card in cards if not card.special) == dict.fromkeys(
        ("snake", "maggie", "brain", "cabbie"), 8
    )
    assert Counter((card.special, card.sgb) for card in cards) == {
        (False, False): 32,
        (True, False): 12,
        (True, True): 8,
    }
    ny = content.new_york.cards
    assert Counter((card.special, card.hard) for card in ny) == {
        (False, False): 7,
        (True, False): 3,
        (False, True): 7,
        (True, True): 3,
    }
    items = content.items.items
    assert sum(item.copies for item in items if not item.starting and not item.sgb) == 18
    assert sum(item.copies for item in items if item.id == "crossbow") == 2
    events = content.events.events
    assert sum(event.copies for event in events if not event.sgb) == 16
    assert sum(event.copies for event in events if event.sgb) == 2
    timer = content.timer
    assert sum(card.copies for card in timer.black if not card.sgb) == 12
    assert sum(card.copies for card in timer.black if card.sgb) == 3
    assert (timer.hurry, len(timer.red), sum(card.fatal for card in timer.red)) == (1, 3, 1)
    objectives = content.objectives.objectives
    colours = Counter(o.colour for o in objectives for _ in range(o.copies) if not o.wanted_variant)
    assert colours == {"blue": 6, "purple": 6}
    assert sum(o.copies for o in objectives if o.wanted_variant) == 2
    assert [len(s.tokens) for s in content.level_tokens.sets] == [3, 3, 3, 3]
    assert sum(token.copies for token in content.outskirts.tokens) == 14
    assert sum(car.copies for car in content.cars.cars if not car.taxi) == 4
    assert len(content.landmarks.landmarks) == 8
    assert Counter(t.deck for t in content.tiles.tiles if not t.sgb) == {"city": 34, "park": 8}
    assert sum(t.trap is not None for t in content.tiles.tiles) == 2
    assert sum(card.copies for card in content.traps.cards) == 3
    diplomats = content.diplomats
    assert sum(not d.sgb for d in diplomats.diplomats) == 5
    sgb_set = sum(card.copies for card in diplomats.president if card.sgb)
    sgb_set += sum(d.sgb for d in diplomats.diplomats) + 1  # and the President's Finger
    assert sgb_set == 5


def test_the_player_count_table_is_section_4_1():
    content = load_content()
    table = {
        c.players: (
            c.black_timer_cards,
            c.timer_deck,
            c.objectives_per_colour,
            c.objectives_left_per_colour,
        )
        for c in content.player_counts.counts
    }
    assert table == {4: (12, 16, 6, 2), 3: (11, 15, 5, 2), 2: (10, 14, 4, 2), 1: (9, 13, 3, 2)}
    assert content.for_players(2).timer_deck == 14
    advanced = content.player_counts.advanced
    assert (advanced.fewer_black_timer_cards, advanced.fewer_prisoners) == (1, 10)


def test_the_board_has_the_spaces_section_3_1_counts():
    cells = load_content().board.cells
    kinds = Counter(cell.kind for cell in cells)
    assert kinds == {
        "landmark": 8,
        "library": 1,
        "wtc": 1,
        "library_ring": 6,
        "city": 34,
        "park": 8,
    }
    assert sum(cell.outskirts for cell in cells) == 14
    assert sum(cell.park_centre for cell in cells) == 1
    assert 3 in {bridge.number for bridge in load_content().board.bridges}


# --- provenance -------------------------------------------------------------------------------


def _sourced_entries(value: object) -> Iterator[Sourced]:
    if isinstance(value, Sourced):
        yield value
    if isinstance(value, BaseModel):
        for name in type(value).model_fields:
            yield from _sourced_entries(getattr(value, name))
    elif isinstance(value, list | tuple):
        for item in value:
            yield from _sourced_entries(item)


def _every_entry() -> Iterator[Sourced]:
    content = load_content()
    for kind in FILES:
        yield from _sourced_entries(getattr(content, kind))


def test_every_value_of_every_entry_says_where_it_comes_from():
    kinds: Counter[str] = Counter()
    entries = list(_every_entry())
    assert len(entries) > 150
    for item in entries:
        for name in type(item).model_fields:
            if name == "source" or name in type(item).unsourced:
                continue
            provenance = item.provenance(name)
            kinds[provenance.kind] += 1
            if provenance.kind == "placeholder":
                assert re.search(r"\bM-\d\d\b", provenance.reference), (item, name)
    assert set(kinds) == {"stated", "inferred", "placeholder"}


def test_a_value_the_text_gives_is_tagged_stated():
    content = load_content()
    cut = content.hero_card("maggie_i_ll_cut_you")
    assert cut.effects == [Attack(do="attack", damage=2, range=0)]
    assert cut.provenance("effects").kind == "stated"
    assert cut.provenance("name").kind == "stated"
    assert cut.provenance("noise").kind == "placeholder"
    poker = content.hero_card("brain_poker_face")
    assert poker.effects == [Deceive(do="deceive", enemies=3, range=0)]
    romero = next(boss for boss in content.enemies.bosses if boss.id == "romero")
    assert (romero.damage, romero.range) == (2, 1)
    assert romero.provenance("damage").kind == "stated"
    assert romero.provenance("mp").kind == "inferred"
    assert romero.provenance("hp").kind == "placeholder"
    assert content.components.base.provenance("city_tiles").kind == "stated"
    assert content.board.provenance("cells").reference.endswith("M-01 proposed default map")
    assert all(src == EVERY_FIELD or src in type(cut).model_fields for src in cut.source)


def test_the_rulebooks_examples_hold_on_the_cards():
    content = load_content()
    card = content.hero_card
    # E4: "Sharp Shot" (3) and "Let's Hurry" (1) make 4 noise.
    assert card("maggie_sharp_shot").noise + card("maggie_let_s_hurry").noise == 4
    # E11 and E21: "I'll Cut You" with the Nail Bat hits Slag for 6; with the Axe, 3.
    items = {item.id: item for item in content.items.items}
    cut = card("maggie_i_ll_cut_you").effects[0]
    assert isinstance(cut, Attack)
    bat, axe = items["nail_bat"].damage_bonus, items["axe"].damage_bonus
    assert bat is not None and axe is not None
    assert (cut.damage + bat.amount, cut.damage + axe.amount) == (6, 3)
    # E11: Slag survives those 6.
    slag = next(boss for boss in content.enemies.bosses if boss.id == "slag")
    assert slag.hp > 6
    # E3: a car card moves 1, then explores.
    car = next(car for car in content.cars.cars if car.id == "car")
    assert [effect.do for effect in car.move] == ["move", "explore"]


def test_every_hero_board_gives_the_level_bonuses_of_section_7_15():
    for hero in load_content().heroes.heroes:
        bonuses = [(b.level, b.special_card, b.objective_swap) for b in hero.level_bonuses]
        assert bonuses == [(1, True, False), (2, True, True), (3, False, True)]
        assert hero.provenance("level_bonuses").kind == "stated"


def test_a_prisoner_has_the_stats_of_section_8_1():
    prisoner = load_content().enemies.prisoner
    assert (prisoner.hp, prisoner.mp, prisoner.damage, prisoner.range) == (1, 1, 1, 0)
    assert (prisoner.car_hp, prisoner.car_mp) == (1, 1)
    assert prisoner.provenance("car_hp").kind == "stated"


def test_the_starting_cards_are_section_4_2s():
    content = load_content()
    starts = {hero.id: hero.starting_card for hero in content.heroes.heroes}
    assert starts["cabbie"] == "taxi" and starts["brain"] == "bridge_diagram_3"
    items = {item.id: item for item in content.items.items}
    assert items["bridge_diagram_3"].face_up and items["bridge_diagram_3"].bridge == 3
    assert items[starts["snake"]].weapon and items[starts["maggie"]].weapon
