"""Setup (spec §5.1-§5.7) and what the player count fixes (§5.8)."""

from __future__ import annotations

import json
from collections import Counter

import pytest

from getaway.core import OptionsError
from getaway.core.rng import Rng
from getaway.games.escape_plan.escape import escape_cost
from getaway.games.escape_plan.game import GAME
from getaway.games.escape_plan.options import COSTA, SANDRA, initial_order, rules_for
from getaway.games.escape_plan.setup import new_table
from getaway.games.escape_plan.state import Table


def table_for(players: int, seed: int = 7, first: str = "p1") -> Table:
    return new_table(rules_for({"players": players, "first_player": first}), Rng(seed))


# §5.8: players -> board side, Business closing threshold, exit costs, automata, and the
# turn-order positions 1.. at setup with p1 first.
SUMMARY = {
    1: ("1-3", 2, (0, 10), (SANDRA, COSTA), ("p1", COSTA, SANDRA)),
    2: ("1-3", 2, (0, 10), (SANDRA,), ("p1", "p2", SANDRA)),
    3: ("1-3", 2, (0, 5, 10), (), ("p1", "p2", "p3")),
    4: ("4-5", 3, (0, 5, 10, 10), (), ("p1", "p2", "p3", "p4")),
    5: ("4-5", 3, (0, 5, 5, 10, 10), (), ("p1", "p2", "p3", "p4", "p5")),
}


@pytest.mark.parametrize("players", sorted(SUMMARY))
def test_per_player_count_summary_of_5_8(players: int) -> None:
    side, threshold, costs, automata, order = SUMMARY[players]
    rules = rules_for({"players": players})
    assert rules.board_side == side
    assert rules.close_threshold == threshold
    assert [escape_cost(rules.content, players, n) for n in range(len(costs))] == list(costs)
    assert rules.automata == automata
    assert rules.seats == ("p1", "p2", "p3", "p4", "p5")[:players]
    assert initial_order(rules, "p1") == order
    assert rules.mode == {1: "SOLO", 2: "TWO_PLAYER"}.get(players, "MULTI")


def test_turn_order_positions_run_clockwise_from_the_first_player() -> None:
    rules = rules_for({"players": 4})
    assert initial_order(rules, "p3") == ("p3", "p4", "p1", "p2")
    assert table_for(4, first="p3").turn_order == ["p3", "p4", "p1", "p2"]


@pytest.mark.parametrize("players", [1, 2, 3, 4, 5])
def test_city_setup_5_1(players: int) -> None:
    table = table_for(players)
    placed = table.city.placed
    assert sorted(entry.tile.id for entry in placed) == ["START_G", "START_H"]
    assert sorted(entry.cell for entry in placed) == [(0, 0), (1, 0)]
    assert len({entry.rotation for entry in placed}) == 1
    assert placed[0].rotation in (0, 180)
    # One face-up tile from each of the 4 stacks; 2 left face down in each.
    assert sorted(tile[0] for tile in table.display) == ["A", "B", "C", "D"]
    assert all(len(stack) == 2 for stack in table.stacks.values())
    assert all(stack[0] not in table.display for stack in table.stacks.values())


@pytest.mark.parametrize("seed", range(10))
def test_police_setup_5_2(seed: int) -> None:
    table = table_for(3, seed)
    assert len(table.patrol_deck) == 5
    assert sorted([*table.patrol_deck, table.patrol_removed]) == [1, 1, 2, 2, 3, 3]
    assert table.patrol_spaces == {1: 0, 2: 0, 3: 0}
    on_tiles = Counter(o for officers in table.police.values() for o in officers)
    # 10 draws: 2 onto each display tile and onto START_G; each duplicate went back.
    assert sum(on_tiles.values()) + sum(table.bag.values()) == 30
    assert not table.police.get("START_H")
    for tile in [*table.display, "START_G"]:
        officers = table.police[tile]
        assert 1 <= len(officers) <= 2
        assert len(set(officers)) == len(officers)


def test_locations_and_additional_setup_5_3_5_4() -> None:
    table = table_for(3)
    assert all(b.placed_on is None and not b.cubes for b in table.businesses.values())
    assert len(table.businesses) == 6 and len(table.safe_houses) == 3
    assert all(len(keys) == 3 for keys in table.safe_house_keys.values())
    colours = Counter(k for keys in table.safe_house_keys.values() for k in keys)
    assert colours == {"green": 3, "black": 3, "brown": 3}
    assert len(table.fixers) == 8
    assert {colour: len(tiles) for colour, tiles in table.lockers.items()} == {
        "green": 5,
        "black": 5,
        "brown": 5,
    }
    assert sorted(table.lockers["black"]) == [0, 70, 70, 100, 100]
    assert table.equipment == {"vest": 4, "cap": 4, "helmet": 4, "gas_mask": 4}
    assert table.gas_cans == 6
    assert {k: len(v) for k, v in table.exit_stacks.items()} == {"X": 5, "Y": 5}
    assert len(table.contact_display) == 7 and len(table.contact_deck) == 26
    assert table.gang_area == 6
    assert {node: gang.members for node, gang in table.gangs.items()} == {"START_G.gang": 2}
    assert table.discs == 8 and table.handcuffs == 10


@pytest.mark.parametrize("players", [1, 2, 3, 4, 5])
def test_player_setup_5_5(players: int) -> None:
    table = table_for(players)
    plans = [p.escape_plan for p in table.players.values()]
    if COSTA in table.automata:
        plans.append(table.automata[COSTA].escape_plan)  # type: ignore[arg-type]
    assert len(set(plans)) == len(plans)
    for player in table.players.values():
        assert player.location == "START_H.hospital"
        assert (player.cash, player.income_cubes, player.notoriety) == (9, 9, 1)
        assert (player.noto_red, player.noto_blue, player.wounds_red) == (0, 0, 0)
        assert player.rest_sun and player.first_aid_up
        assert player.control_markers == 2 and player.discs == 0
        assert [u.asset if u else None for u in player.unlocked] == [
            "extra_action",
            None,
            None,
            None,
            None,
            None,
        ]
        assert [p.id if p else None for p in player.items] == [
            None,
            None,
            "move_federal",
            "move_local",
            "move_swat",
        ]
        assert [p.id if p else None for p in player.contacts] == [
            None,
            None,
            "avoid_all",
            "master_key",
            "heal",
        ]


@pytest.mark.parametrize("players", [1, 2])
def test_automata_setup_5_6_5_7(players: int) -> None:
    table = table_for(players)
    sandra = table.automata[SANDRA]
    assert sandra.location == "START_H.hospital" and sandra.notoriety == 1
    assert len(sandra.deck) == 16 and sandra.escape_plan is None
    if players == 1:
        costa = table.automata[COSTA]
        assert costa.location == "START_H.hospital" and len(costa.deck) == 16
        assert costa.escape_plan is not None
    else:
        assert COSTA not in table.automata


@pytest.mark.parametrize("players", [1, 2, 3, 4, 5])
def test_same_seed_gives_the_same_json_bytes(players: int) -> None:
    first = json.dumps(GAME.new_state({"players": players}, seed=11).to_json(), sort_keys=True)
    again = json.dumps(GAME.new_state({"players": players}, seed=11).to_json(), sort_keys=True)
    other = json.dumps(GAME.new_state({"players": players}, seed=12).to_json(), sort_keys=True)
    assert first == again
    assert first != other


def test_random_first_player_comes_from_the_seed() -> None:
    firsts = {GAME.new_state({"players": 5}, seed=seed).table.turn_order[0] for seed in range(40)}
    # A new game waits in Day 1's City phase, still in the setup order.
    assert firsts == {"p1", "p2", "p3", "p4", "p5"}


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"players": 0}, "'players' must be a whole number from 1 to 5"),
        ({"players": 6}, "'players' must be a whole number from 1 to 5"),
        ({"players": 3, "first_player": "p4"}, "'random' or one of p1, p2, p3"),
        ({"colour": "red"}, "unknown option(s) 'colour'"),
    ],
)
def test_bad_options_say_what_is_allowed(options: dict[str, object], message: str) -> None:
    with pytest.raises(OptionsError) as error:
        GAME.normalize_options(options)
    assert message in str(error.value)
