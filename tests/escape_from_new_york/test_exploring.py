"""Exploring (§7.3, §7.16, §7.17): empty spaces get their deck's top tile and its resources;
face-down landmarks are flipped and their effects applied; example E16."""

from __future__ import annotations

from collections.abc import Callable

from getaway.core.rng import Rng
from getaway.games.escape_from_new_york import board
from getaway.games.escape_from_new_york.exploring import explorable, explore, explore_landmark
from getaway.games.escape_from_new_york.schema import EnterBoss, TileSymbols
from getaway.games.escape_from_new_york.state import PRISONER

from .rules_helpers import (
    LIBRARY,
    barricade,
    landmark_on,
    lay,
    outskirts_on,
    position,
    put_on_top,
    sound,
)

RING_DOWN_LEFT = (4, 3)  # a printed ring space
COAST = (4, 4)  # a ? city space below it
LANDMARK = (3, 4)  # a red space


def only(prisoners: int = 0, items: int = 0) -> Callable[[TileSymbols], bool]:
    """A filter for tiles showing exactly these prisoners and items."""
    return lambda symbols: symbols == TileSymbols(prisoners=prisoners, items=items)


def test_e16_an_outskirts_token_adds_its_symbol_to_the_tile() -> None:
    """E16: the tile shows a prisoner and an item, the token an item: the space gets 1
    prisoner and 2 item markers, and the token stays face up."""
    pos = position()
    item_token = next(
        t.id for t in pos.rules.content.outskirts.tokens if t.symbols == TileSymbols(items=1)
    )
    outskirts_on(pos, COAST, item_token)
    tile = put_on_top(pos, COAST, only(prisoners=1, items=1))
    markers, prisoners = pos.table.item_markers, pos.table.prisoner_supply
    assert COAST in explorable(pos.rules, pos.table, RING_DOWN_LEFT)
    result = explore(pos.rules, pos.table, COAST)
    space = pos.table.spaces[COAST]
    assert (result.tile, space.tile, space.face_up) == (tile, tile, True)
    assert (space.prisoners, space.item_markers) == (1, 2)
    assert space.outskirts == item_token and space.outskirts_face_up
    assert pos.table.item_markers == markers - 2
    assert pos.table.prisoner_supply == prisoners - 1
    assert board.explored(pos.rules, pos.table, COAST)
    sound(pos)


def test_exploring_reaches_across_a_barricade_but_never_onto_explored_spaces() -> None:
    pos = position()
    barricade(pos, RING_DOWN_LEFT, "D")
    found = explorable(pos.rules, pos.table, RING_DOWN_LEFT)
    assert COAST in found  # exploring is geometric (§3.2 [T])
    assert all(board.empty(pos.rules, pos.table, cell) for cell in found)
    assert LIBRARY not in found and LANDMARK not in found
    assert explorable(pos.rules, pos.table, LIBRARY) == []  # the ring is all explored


def test_an_empty_deck_leaves_its_spaces_unexplorable() -> None:
    pos = position()
    pos.table.box["tiles"] = pos.table.city_deck[:]  # out of the way for this test
    pos.table.city_deck.clear()
    assert explorable(pos.rules, pos.table, RING_DOWN_LEFT) == []


def test_revealed_symbols_place_cars_and_barricades_and_ignore_events() -> None:
    pos = position()
    put_on_top(pos, COAST, lambda s: s.cars == 1 and s.event and not s.prisoners)
    explore(pos.rules, pos.table, COAST)
    space = pos.table.spaces[COAST]
    assert [car.owner for car in space.cars] == [PRISONER]
    sound(pos)
    # A barricade symbol puts an intact barricade on its road.
    pos = position()
    tile = put_on_top(pos, COAST, lambda s: bool(s.barricades) and not s.cars)
    direction = board.lookup(pos.rules).tiles[tile].symbols.barricades[0]
    supply = pos.table.barricade_supply
    explore(pos.rules, pos.table, COAST)
    placed = board.barricade(pos.rules, pos.table, COAST, direction)
    nowhere = board.leads_nowhere(pos.rules, COAST, direction)
    assert placed == (None if nowhere else "intact")
    assert pos.table.barricade_supply == supply - (0 if nowhere else 1)
    sound(pos)


def test_no_car_figure_left_ignores_the_car_symbol() -> None:
    pos = position()
    pos.table.car_figures = 0
    pos.table.box["figures"] = []
    put_on_top(pos, COAST, lambda s: s.cars == 1)
    explore(pos.rules, pos.table, COAST)
    assert pos.table.spaces[COAST].cars == []


def test_prisoners_the_supply_lacks_become_noise() -> None:
    """§8.9: 1 noise per prisoner that cannot be placed."""
    pos = position()
    far = (9, 0)
    pos.table.spaces[far].prisoners = pos.table.prisoner_supply
    pos.table.prisoner_supply = 0
    put_on_top(pos, COAST, lambda s: s.prisoners == 2)
    result = explore(pos.rules, pos.table, COAST)
    assert pos.table.spaces[COAST].prisoners == 0
    assert pos.table.noise == 2 and result.timer_reveals == 0
    sound(pos)


def test_a_boss_landmark_brings_its_boss_his_diplomat_and_a_new_york_special() -> None:
    pos = position()
    data = next(
        landmark
        for landmark in pos.rules.content.landmarks.landmarks
        if any(isinstance(e, EnterBoss) and e.diplomat for e in landmark.effects)
    )
    enter = next(e for e in data.effects if isinstance(e, EnterBoss))
    landmark_on(pos, LANDMARK, data.id)
    deck = len(pos.table.new_york_deck)
    specials = len(pos.table.new_york_specials)
    result = explore_landmark(pos.rules, pos.table, LANDMARK, Rng(3))
    space = pos.table.spaces[LANDMARK]
    assert space.face_up and space.bosses == [enter.boss]
    assert pos.table.boss_state[enter.boss] == "on_map"
    assert pos.table.boss_diplomat[enter.boss] == enter.diplomat
    assert enter.diplomat is not None and not pos.table.diplomat_slots[enter.diplomat - 1].token
    adds = sum(1 for e in data.effects if e.do == "add_new_york_special")
    assert len(pos.table.new_york_deck) == deck + adds
    assert len(pos.table.new_york_specials) == specials - adds
    assert result.effects == [e.do for e in data.effects]
    sound(pos)


def test_a_refuge_puts_its_diplomat_token_on_the_landmark_and_nothing_here_does_nothing() -> None:
    pos = position()
    refuge = next(
        landmark
        for landmark in pos.rules.content.landmarks.landmarks
        if [e.do for e in landmark.effects] == ["diplomat_token"]
    )
    landmark_on(pos, LANDMARK, refuge.id)
    explore_landmark(pos.rules, pos.table, LANDMARK, Rng(1))
    slot = refuge.effects[0].slot  # type: ignore[union-attr]
    assert pos.table.spaces[LANDMARK].diplomat_tokens == [slot]
    assert not pos.table.diplomat_slots[slot - 1].token
    sound(pos)
    pos = position()
    landmark_on(pos, LANDMARK, "nothing_here")
    before = pos.table.to_json()
    explore_landmark(pos.rules, pos.table, LANDMARK, Rng(1))
    after = pos.table.to_json()
    assert [s for s in after["spaces"] if s not in before["spaces"]] == [
        {**next(s for s in before["spaces"] if s["cell"] == list(LANDMARK)), "face_up": True}
    ]


def test_the_hard_deck_shuffles_in_the_special_that_replaces_the_named_one() -> None:
    """A-26: with the Hard deck the card waiting beside the board replaces S1..S3."""
    pos = position(hard_new_york=True)
    data = next(
        landmark
        for landmark in pos.rules.content.landmarks.landmarks
        if any(e.do == "add_new_york_special" for e in landmark.effects)
    )
    landmark_on(pos, LANDMARK, data.id)
    waiting = pos.table.new_york_specials[:]
    explore_landmark(pos.rules, pos.table, LANDMARK, Rng(1))
    added = set(waiting) - set(pos.table.new_york_specials)
    assert len(added) == 1 and added <= set(pos.table.new_york_deck)
    sound(pos)


def test_explore_refuses_a_space_that_is_not_empty() -> None:
    pos = position()
    lay(pos, COAST)
    try:
        explore(pos.rules, pos.table, COAST)
    except ValueError:
        return
    raise AssertionError("explored a space twice")
