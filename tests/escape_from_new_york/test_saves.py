"""Saves: a position round-trips through canonical JSON; a malformed save, or one whose
components do not add up, is refused naming the field; clones are independent."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest

from getaway.core.errors import SaveFileError
from getaway.core.serialize import dumps
from getaway.games.escape_from_new_york.position import Position
from getaway.games.escape_from_new_york.state import (
    HERO_FIELDS,
    SLOT_FIELDS,
    SPACE_FIELDS,
    CarFigure,
    Enemy,
    SupplyCard,
)
from tests.escape_from_new_york.test_setup import VARIANT_OPTIONS


def saved(position: Position) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(dumps(position.to_json()))
    return data


def some_position() -> Position:
    """A set-up position with something in most places, moved by hand (as turn rules
    would): a revealed landmark, a barricade, a prisoner car, a card in a discard."""
    position = Position.new({"players": 3, "wanted": True}, seed=77)
    table = position.table
    rules = position.rules
    landmark = next(cell for cell, s in table.spaces.items() if s.tile and not s.face_up)
    table.spaces[landmark].face_up = True
    table.spaces[landmark].prisoners = 2
    # The car's driver is its car figure, not a prisoner figure (§8.2).
    table.prisoner_supply -= 2
    cell = next(iter(rules.topology.cells()))
    table.spaces[cell].cars.append(CarFigure("prisoner"))
    table.car_figures -= 1
    direction = next(iter(rules.topology.neighbours(cell)))
    table.barricades[(cell, direction)] = "intact"
    table.barricade_supply -= 1
    hero = table.heroes["p2"]
    hero.discard.append(hero.hand.pop())
    table.diplomat_slots[1].known_by.append("p3")
    table.noise = 4
    # The turn's marks: a wounded prisoner, a deceived car.
    table.marks.append(Enemy("prisoner", landmark, wound=1))
    table.marks.append(Enemy("car", cell, deceived=True))
    return position


@pytest.mark.parametrize("players", [1, 2, 3, 4])
@pytest.mark.parametrize("variants", [False, True])
def test_a_setup_round_trips_byte_for_byte(players: int, variants: bool) -> None:
    options = {"players": players, **(VARIANT_OPTIONS if variants else {})}
    position = Position.new(options, seed=players + 100)
    text = dumps(position.to_json())
    loaded = Position.from_json(json.loads(text))
    assert dumps(loaded.to_json()) == text
    assert loaded.table == position.table
    assert loaded.rng.state == position.rng.state and loaded.seed == position.seed
    assert loaded.rules is position.rules


def test_a_position_in_play_round_trips() -> None:
    position = some_position()
    loaded = Position.from_json(saved(position))
    assert loaded.table == position.table


def test_the_json_field_lists_match_the_classes() -> None:
    table = some_position().table.to_json()
    assert tuple(table["heroes"]["p1"]) == HERO_FIELDS
    assert tuple(table["spaces"][0]) == SPACE_FIELDS
    assert tuple(table["diplomat_slots"][0]) == SLOT_FIELDS


Change = Callable[[dict[str, Any]], None]


def put(path: str, value: Any) -> Change:
    """A change setting ``path`` (dots and [indexes]) of the save to ``value``."""

    def change(data: dict[str, Any]) -> None:
        target: Any = data
        parts = path.replace("[", ".[").split(".")
        for part in parts[:-1]:
            target = target[int(part[1:-1])] if part.startswith("[") else target[part]
        last = parts[-1]
        if last.startswith("["):
            target[int(last[1:-1])] = value
        else:
            target[last] = value

    return change


def swap(path: str, first: int, second: int) -> Change:
    """A change swapping two entries of the list at ``path`` (dots only)."""

    def change(data: dict[str, Any]) -> None:
        target: Any = data
        for part in path.split("."):
            target = target[part]
        target[first], target[second] = target[second], target[first]

    return change


def drop(path: str) -> Change:
    def change(data: dict[str, Any]) -> None:
        parent, _, key = path.rpartition(".")
        target: Any = data
        for part in parent.split(".") if parent else []:
            target = target[part]
        del target[key]

    return change


@pytest.mark.parametrize(
    ("change", "named"),
    [
        (put("game", "escape-plan"), "not a escape-from-new-york state"),
        (put("format", 99), "format 99"),
        (put("options", {"players": 7}), "'players' must be a whole number from 1 to 4"),
        (put("seed", "x"), "'seed'"),
        (put("rng", -1), "'rng'"),
        (drop("table.noise"), "'table.noise' is missing"),
        (put("table.noise", "loud"), "'table.noise' must be a whole number"),
        (put("table.phase", "night"), "'table.phase' must be one of hero, new_york, over"),
        (put("table.marks", [[1, 1, "dragon", None, 1, False]]), "must be an enemy kind"),
        (put("table.marks", [[1, 1, "prisoner", None, 0, False]]), "a wounded prisoner or"),
        (put("table.marks", [[1, 1, "boss", None, 0, True]]), "must name the boss"),
        (put("table.turn_order", ["p1", "p1", "p2"]), "'turn_order' must list every seat"),
        (put("table.turn_order[0]", "p9"), "'table.turn_order[0]' must be a seat"),
        (put("table.current", 3), "'table.current' must be a whole number from 0 to 2"),
        (put("table.heroes.p1.hand[0]", "ace_of_spades"), "'table.heroes.p1.hand[0]'"),
        (put("table.heroes.p2.seat", "p1"), "'table.heroes.p2.seat' must be 'p2'"),
        (put("table.heroes.p1.hero", "plissken"), "'table.heroes.p1.hero' must be a hero"),
        (put("table.heroes.p1.cell", [99, 0]), "'table.heroes.p1.cell' is not a cell"),
        (put("table.heroes.p1.cell", "library"), "'table.heroes.p1.cell' must be a cell"),
        (put("table.heroes.p1.supply", [["item", "tape", False]]), "heroes.p1.supply[0][1]"),
        (put("table.heroes.p1.supply", [["gold", "x", True]]), "heroes.p1.supply[0][0]"),
        (put("table.heroes.p1.level_tokens[0]", ["up", 0, 0]), "level_tokens[0][0]"),
        (put("table.heroes.p1.level_tokens[0]", ["active", -1, 0]), "level_tokens[0]"),
        (put("table.heroes.p1.objectives[0]", "moon"), "'table.heroes.p1.objectives[0]'"),
        (put("table.heroes.p1.weapon", "banana"), "'table.heroes.p1.weapon' must be an item"),
        (put("table.heroes", {}), "'table.heroes' must have one entry per seat"),
        (put("table.spaces", []), "'spaces' must list every cell of the board once"),
        (put("table.spaces[3].tile", "X99"), "'table.spaces[3].tile' must be a tile"),
        (put("table.spaces[3].cars", [["romero", False]]), "'table.spaces[3].cars[0][0]'"),
        (put("table.spaces[3].bosses", ["godzilla"]), "'table.spaces[3].bosses[0]'"),
        (put("table.spaces[3].diplomat_tokens", [5]), "'table.spaces[3].diplomat_tokens[0]'"),
        (put("table.spaces[3].glider", 1), "'table.spaces[3].glider' must be true or false"),
        (put("table.barricades", [[0, 1, "UP", "intact"]]), "'table.barricades[0][2]'"),
        (put("table.barricades", [[0, 1, "U", "burnt"]]), "'table.barricades[0][3]'"),
        (put("table.boss_state.slag", "asleep"), "'table.boss_state.slag' must be one of"),
        (put("table.boss_diplomat.romero", 0), "'table.boss_diplomat.romero'"),
        (put("table.timer_deck[0]", "black"), "'table.timer_deck[0]' must be a timer card"),
        (put("table.event_level", 6), "'table.event_level' must be a whole number from 0 to 5"),
        (put("table.diplomat_slots[0].known_by", ["p7"]), "diplomat_slots[0].known_by[0]"),
        (put("table.objective_decks", {"blue": []}), "'table.objective_decks' must have one"),
        (put("table.president_slot", ["president_lost"]), "'table.president_slot[0]'"),
    ],
)
def test_a_malformed_save_is_refused_naming_the_field(change: Change, named: str) -> None:
    data = saved(some_position())
    change(data)
    with pytest.raises(SaveFileError) as caught:
        Position.from_json(data)
    assert named in str(caught.value)


@pytest.mark.parametrize(
    ("change", "named"),
    [
        (
            put("table.prisoner_supply", 40),
            "prisoner figures: 42 in the supply",
        ),
        (put("table.barricade_supply", 25), "barricade tokens: 26"),
        (put("table.car_figures", 4), "car figures"),
        (put("table.marks", [[1, 1, "car", None, 1, False]]), "marked cars on [1, 1]"),
        (put("table.heroes.p1.ammo", 9), "ammo markers"),
        (put("table.timer_deck[0]", "hurry"), "the timer cards"),
        (put("table.item_deck", []), "the item cards"),
        (put("table.heroes.p2.discard", []), "p2's action cards"),
        (put("table.new_york_specials", []), "the New York cards"),
        (put("table.city_deck", []), "the city and park tiles"),
        (put("table.diplomat_slots[0].card", None), "the diplomat cards"),
        (put("table.objective_decks.blue", []), "the objective cards"),
        (put("table.missions_moved", 5), "5 mission markers moved, of 4"),
        (put("table.missions_moved", 4), "4 mission markers moved, of 4"),
        (put("table.noise", 11), "noise 11 is off the track (0 to 10)"),
        (put("table.boss_hp.romero", 99), "romero has 99 HP"),
        (put("table.boss_diplomat.romero", 1), "diplomat tokens [1] are in two places"),
        (put("table.spaces[0].diplomat_tokens", [2]), "diplomat tokens [2] are in two places"),
        (put("table.timer_deck[0]", "red_1"), "the timer cards"),
        (swap("table.timer_deck", 0, -1), "the timer deck is out of order"),
        (put("table.hurry_revealed", True), "hurry_revealed does not say"),
        (swap("table.heroes.p1.objectives", 0, 1), "p1's objectives are ['purple', 'blue']"),
        (put("table.heroes.p1.level_tokens[1][0]", "active"), "p1's level tokens are"),
        (put("table.heroes.p1.level_tokens[0][0]", "removed"), "p1's level tokens are"),
    ],
)
def test_a_save_whose_components_do_not_add_up_is_refused(change: Change, named: str) -> None:
    data = saved(some_position())
    change(data)
    with pytest.raises(SaveFileError) as caught:
        Position.from_json(data)
    assert "not one the rules allow" in str(caught.value)
    assert named in str(caught.value)


def test_a_hero_twice_or_against_the_options_is_refused() -> None:
    data = saved(some_position())
    heroes = data["table"]["heroes"]
    heroes["p1"]["hero"] = heroes["p2"]["hero"]
    with pytest.raises(SaveFileError, match="played by two seats"):
        Position.from_json(data)
    position = Position.new({"players": 2, "hero_p1": "brain", "first_player": "p2"}, seed=4)
    data = saved(position)
    data["table"]["heroes"]["p1"]["level_set"] = data["table"]["heroes"]["p2"]["level_set"]
    with pytest.raises(SaveFileError, match="share a level-token set"):
        Position.from_json(data)
    data = saved(position)
    data["table"]["turn_order"].reverse()
    with pytest.raises(SaveFileError, match="starts with p1, not p2"):
        Position.from_json(data)


def test_a_clone_is_independent_of_its_original() -> None:
    position = some_position()
    before = dumps(position.to_json())
    copy = position.clone()
    assert dumps(copy.to_json()) == before
    table = copy.table
    hero = table.heroes["p1"]
    hero.hand.pop()
    hero.supply.append(SupplyCard("item", "medkit", False))
    hero.level_tokens[0].prisoners = 1
    hero.objectives.reverse()
    hero.specials.clear()
    space = next(iter(table.spaces.values()))
    space.cars.clear()
    space.bosses.append("duke")
    space.diplomat_tokens.append(1)
    space.prisoners += 1
    table.barricades.clear()
    table.boss_hp["slag"] = 1
    table.timer_deck.pop()
    table.diplomat_slots[0].known_by.append("p1")
    table.objective_decks["blue"].pop()
    table.box["timer"].append("x")
    table.turn_order.reverse()
    copy.rng.next64()
    assert dumps(position.to_json()) == before
