"""Setup (§4.2's 19 steps) by player count, the starting state of §4.3, and determinism."""

from __future__ import annotations

from collections import Counter

import pytest

from getaway.core.serialize import dumps
from getaway.games.escape_from_new_york.catalogue import HURRY, LIBRARY, WTC
from getaway.games.escape_from_new_york.content import load_content
from getaway.games.escape_from_new_york.invariants import problems
from getaway.games.escape_from_new_york.options import HEROES
from getaway.games.escape_from_new_york.position import Position
from getaway.games.escape_from_new_york.state import CarFigure, SupplyCard

PLAYERS = (1, 2, 3, 4)


def cells_of(kind: str) -> list[tuple[int, int]]:
    return [(c.col, c.row) for c in load_content().board.cells if c.kind == kind]


@pytest.mark.parametrize(
    ("players", "black", "deck"), [(4, 12, 16), (3, 11, 15), (2, 10, 14), (1, 9, 13)]
)
def test_the_timer_deck_by_player_count(players: int, black: int, deck: int) -> None:
    """§4.1 and step 9: the black cards, then "Hurry!", then the 3 red cards, top first."""
    table = Position.new({"players": players}, seed=11).table
    assert len(table.timer_deck) == deck
    reds = {card.id for card in load_content().timer.red}
    assert table.timer_deck[black] == HURRY
    assert set(table.timer_deck[black + 1 :]) == reds
    assert HURRY not in table.timer_deck[:black] and not reds & set(table.timer_deck[:black])
    # The black cards not used go back to the box unseen.
    assert len(table.box["timer"]) == 12 - black


@pytest.mark.parametrize(("players", "drawn"), [(4, 6), (3, 5), (2, 4), (1, 3)])
def test_objectives_by_player_count(players: int, drawn: int) -> None:
    """§4.1 and step 18: 6/5/4/3 cards of each colour drawn; each hero one blue and one
    purple; 2 of each colour left as face-down decks; the rest back to the box."""
    table = Position.new({"players": players}, seed=5).table
    colour = {o.id: o.colour for o in load_content().objectives.objectives}
    for hero in table.heroes.values():
        assert [colour[card] for card in hero.objectives] == ["blue", "purple"]
    for deck_colour, deck in table.objective_decks.items():
        assert len(deck) == 2
        assert {colour[card] for card in deck} == {deck_colour}
    assert len(table.box["objectives"]) == 2 * (6 - drawn)


@pytest.mark.parametrize("players", PLAYERS)
def test_the_starting_state(players: int) -> None:
    """§4.3: every hero on the Library with its 8 action cards and empty piles; noise 0, no
    mission moved, event level on its first cell, the timer untouched, the President and
    the 4 diplomat cards in their slots, the bosses off the map at full health, nothing of
    New York's on the map."""
    content = load_content()
    position = Position.new({"players": players}, seed=players)
    table = position.table
    (library,) = cells_of("library")
    assert sorted(table.heroes) == list(position.rules.seats)
    assert len({hero.hero for hero in table.heroes.values()}) == players
    for hero in table.heroes.values():
        assert hero.cell == library
        assert len(hero.hand) == 8 and not hero.discard and not hero.played
        assert hero.level == 0
        assert [t.state for t in hero.level_tokens] == ["active", "face_down", "face_down"]
    assert len({hero.level_set for hero in table.heroes.values()}) == players
    assert (table.noise, table.missions_moved, table.event_level) == (0, 0, 0)
    assert not table.timer_revealed and not table.timer_discarded
    assert table.president_slot == ["president"] and not table.president_taken
    assert all(slot.token and slot.card for slot in table.diplomat_slots)
    assert len(table.diplomat_slots) == 4
    for boss in content.enemies.bosses:
        assert table.boss_hp[boss.id] == boss.hp
        assert table.boss_state[boss.id] == "off_board"
    assert not table.barricades and not table.new_york_discard and not table.new_york_in_play
    spaces = table.spaces.values()
    assert sum(s.prisoners + s.item_markers + len(s.bosses) for s in spaces) == 0
    assert [car for s in spaces for car in s.cars if not car.taxi] == []
    assert table.prisoner_supply == 40 and table.car_figures == 4
    assert table.barricade_supply == 25 and table.item_markers == 15
    assert table.phase == "hero" and table.step == 1 and table.current == 0
    assert problems(position.rules, table) == []


def test_the_map_at_the_start() -> None:
    """Steps 2-6: the 8 landmarks face down on the red spaces, the Library and the WTC face
    up with the glider on the WTC, the helicopter helipad side up on Central Park's centre,
    the 14 outskirts tokens face down on the ? spaces, every other space empty."""
    content = load_content()
    table = Position.new({"players": 4}, seed=3).table
    landmarks = {landmark.id for landmark in content.landmarks.landmarks}
    placed = [table.spaces[cell] for cell in cells_of("landmark")]
    assert {s.tile for s in placed} == landmarks and not any(s.face_up for s in placed)
    (library,), (wtc,) = cells_of("library"), cells_of("wtc")
    assert (table.spaces[library].tile, table.spaces[library].face_up) == (LIBRARY, True)
    assert (table.spaces[wtc].tile, table.spaces[wtc].face_up, table.spaces[wtc].glider) == (
        WTC,
        True,
        True,
    )
    (centre,) = [(c.col, c.row) for c in content.board.cells if c.park_centre]
    assert [cell for cell, s in table.spaces.items() if s.helicopter] == [centre]
    assert not table.helicopter_landed and not table.glider_destroyed
    outskirts = [(c.col, c.row) for c in content.board.cells if c.outskirts]
    tokens = [table.spaces[cell].outskirts for cell in outskirts]
    assert Counter(tokens) == Counter({t.id: t.copies for t in content.outskirts.tokens})
    assert len(tokens) == 14
    assert not any(table.spaces[cell].outskirts_face_up for cell in outskirts)
    for cell, space in table.spaces.items():
        if cell not in outskirts:
            assert space.outskirts is None
        if cell not in (*cells_of("landmark"), library, wtc):
            assert space.tile is None


def test_the_decks_and_the_general_supply() -> None:
    """Steps 11-16: 4 diplomat cards (Bracelet, Tape and 2 of the other 3, the third removed
    unseen), the 34 city and 8 park tiles, the 18 item and 16 event cards, the 4 car cards,
    the 7 regular New York cards with the 3 specials beside the board, each hero's 3
    specials."""
    table = Position.new({"players": 4}, seed=8).table
    slots = {slot.card for slot in table.diplomat_slots}
    assert {"tape", "bracelet"} <= slots
    assert len(table.box["diplomats"]) == 1 and not slots & set(table.box["diplomats"])
    assert len(table.city_deck) == 34 and len(table.park_deck) == 8
    assert len(table.item_deck) == 18 and len(table.event_deck) == 16
    assert table.car_cards == ["car"] * 4
    assert len(table.new_york_deck) == 7 and len(table.new_york_specials) == 3
    content = load_content()
    special = {card.id for card in content.new_york.cards if card.special}
    assert not special & set(table.new_york_deck) and set(table.new_york_specials) <= special
    for hero in table.heroes.values():
        assert len(hero.specials) == 3


def test_each_heros_starting_card() -> None:
    """Step 17c: the Taxi in Cabbie's car slot (and its figure on the Library), Snake's and
    Maggie's weapons loaded from the ammo supply, Bridge Diagram 3 face up in Brain's
    supply (A-27)."""
    content = load_content()
    position = Position.new({"players": 4}, seed=2)
    table = position.table
    by_hero = {hero.hero: hero for hero in table.heroes.values()}
    items = {item.id: item for item in content.items.items}
    cabbie = by_hero["cabbie"]
    assert cabbie.car == "taxi" and cabbie.weapon is None
    (library,) = cells_of("library")
    assert table.spaces[library].cars == [CarFigure(cabbie.seat, taxi=True)]
    loaded = 0
    for name in ("snake", "maggie"):
        hero = by_hero[name]
        assert hero.weapon is not None and hero.ammo == items[hero.weapon].ammo
        loaded += hero.ammo
    assert table.ammo_markers == 15 - loaded
    assert by_hero["brain"].supply == [SupplyCard("item", "bridge_diagram_3", True)]


def test_heroes_named_in_the_options_and_the_first_player() -> None:
    options = {"players": 3, "hero_p2": "brain", "hero_p3": "snake", "first_player": "p2"}
    for seed in range(5):
        table = Position.new(options, seed).table
        assert table.heroes["p2"].hero == "brain" and table.heroes["p3"].hero == "snake"
        assert table.heroes["p1"].hero in ("maggie", "cabbie")
        assert table.turn_order == ["p2", "p3", "p1"]


def test_random_heroes_and_first_players_vary_with_the_seed() -> None:
    heroes: Counter[str] = Counter()
    firsts: Counter[str] = Counter()
    for seed in range(60):
        table = Position.new({"players": 2}, seed).table
        heroes[table.heroes["p1"].hero] += 1
        firsts[table.turn_order[0]] += 1
        assert table.turn_order in (["p1", "p2"], ["p2", "p1"])  # clockwise
    assert set(heroes) == set(HEROES)
    assert set(firsts) == {"p1", "p2"}


@pytest.mark.parametrize("players", PLAYERS)
def test_the_same_seed_gives_the_same_setup_byte_for_byte(players: int) -> None:
    first = Position.new({"players": players, "traps": True}, seed=2026)
    second = Position.new({"players": players, "traps": True}, seed=2026)
    assert dumps(first.to_json()) == dumps(second.to_json())
    assert first.rng.state == second.rng.state


def test_different_seeds_give_different_setups() -> None:
    tables = {dumps(Position.new({"players": 4}, seed).table.to_json()) for seed in range(20)}
    assert len(tables) == 20


VARIANT_OPTIONS: dict[str, object] = {
    "fewer_timer_cards": True,
    "fewer_prisoners": True,
    "extra_specials": True,
    "crossbows": True,
    "explosions": True,
    "extra_timer_cards": True,
    "traps": True,
    "hard_new_york": True,
    "wanted": True,
    "dead_or_alive": True,
}


@pytest.mark.parametrize("players", PLAYERS)
@pytest.mark.parametrize("variant", [*VARIANT_OPTIONS, "all"])
def test_every_variant_sets_up_a_table_whose_components_add_up(players: int, variant: str) -> None:
    options = dict(VARIANT_OPTIONS) if variant == "all" else {variant: True}
    position = Position.new({"players": players, **options}, seed=players * 31)
    assert problems(position.rules, position.table) == []


def test_the_advanced_variants() -> None:
    """§10: one black timer card fewer (11 with 4 heroes, before "Hurry!"), 30 prisoners."""
    table = Position.new(
        {"players": 4, "fewer_timer_cards": True, "fewer_prisoners": True}, seed=1
    ).table
    assert len(table.timer_deck) == 15 and table.timer_deck[11] == HURRY
    assert table.prisoner_supply == 30


def test_the_extra_timer_cards_add_variety_not_length() -> None:
    """§12, A-05: the 3 SGB cards join the pool step 9 draws 12/11/10/9 from."""
    content = load_content()
    sgb = {card.id for card in content.timer.black if card.sgb}
    seen: set[str] = set()
    for seed in range(30):
        table = Position.new({"players": 2, "extra_timer_cards": True}, seed).table
        assert len(table.timer_deck) == 14 and len(table.box["timer"]) == 5
        seen |= set(table.timer_deck) & sgb
    assert seen == sgb
    plain = Position.new({"players": 2}, seed=0).table
    assert not set(plain.timer_deck) & sgb


def test_the_sgb_modules_put_their_components_in_play() -> None:
    """§12: Crossbows in the item deck, Explosions in the event deck, trap tiles in the city
    deck, each hero's 2 extra specials, the Hard deck instead of the normal one (its
    specials beside the board), Wanted objectives in the purple deck (A-06) and 3 Wanted
    cards, the President deck with the SGB026 Bracelet and the President's Finger."""
    content = load_content()
    table = Position.new({"players": 4, **VARIANT_OPTIONS}, seed=9).table
    assert table.item_deck.count("crossbow") == 2
    assert "presidents_finger" in table.item_deck
    assert table.event_deck.count("explosion") == 2 and len(table.event_deck) == 18
    assert {"T1", "T2"} <= set(table.city_deck) and len(table.city_deck) == 36
    assert all(len(hero.specials) == 5 for hero in table.heroes.values())
    hard = {card.id for card in content.new_york.cards if card.hard}
    assert set(table.new_york_deck) | set(table.new_york_specials) == hard
    assert len(table.new_york_deck) == 7 and len(table.new_york_specials) == 3
    purple = [*table.objective_decks["purple"], *table.box["objectives"]]
    purple += [hero.objectives[1] for hero in table.heroes.values()]
    assert purple.count("wanted") == 2
    assert table.wanted_cards == 3
    assert sorted(table.president_slot) == ["president_alive", "president_alive", "president_dead"]
    slots = {slot.card for slot in table.diplomat_slots}
    assert "bracelet_sgb" in slots and "bracelet" not in slots


def test_without_the_sgb_modules_none_of_their_components_is_in_play() -> None:
    """§4: no card marked SGB in a first game."""
    content = load_content()
    sgb = {item.id for item in content.items.items if item.sgb}
    sgb |= {event.id for event in content.events.events if event.sgb}
    sgb |= {tile.id for tile in content.tiles.tiles if tile.sgb}
    sgb |= {card.id for card in content.new_york.cards if card.hard}
    sgb |= {d.id for d in content.diplomats.diplomats if d.sgb}
    wanted = {o.id for o in content.objectives.objectives if o.wanted_variant}
    for hero in content.heroes.heroes:
        sgb |= set(hero.sgb_special_cards)
    for seed in range(10):
        table = Position.new({"players": 4}, seed).table
        text = dumps(table.to_json())
        assert not [card for card in sgb if f'"{card}"' in text]
        objectives = [*table.box["objectives"], *table.objective_decks["purple"]]
        objectives += [card for hero in table.heroes.values() for card in hero.objectives]
        assert not wanted & set(objectives)
