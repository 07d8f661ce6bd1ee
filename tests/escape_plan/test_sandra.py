"""Sandra, the Police Inspector (spec §15.2, §15.3): her turn and every card she plays."""

from __future__ import annotations

import pytest

from getaway.core.rng import Rng
from getaway.games.escape_plan.automata import automaton_turn
from getaway.games.escape_plan.automata_cards import card_node, take_rightmost
from getaway.games.escape_plan.options import SANDRA
from getaway.games.escape_plan.sandra import sandra_turn
from getaway.games.escape_plan.state import Table
from tests.escape_plan.test_sandra_helpers import at_actions, closed_exit, node, open_exit


def _sandra_plays(table: Table, *deck: str, seed: int = 1) -> None:
    table.automata[SANDRA].deck = list(deck)
    sandra_turn(at_actions(2).rules, table, Rng(seed))


# --- Step 1: MOVE ----------------------------------------------------------------------------


def test_sandra_moves_straight_to_the_first_card_in_the_city_and_the_card_leaves_the_game() -> None:
    table = at_actions(2).table
    rest = ["business:bar", "store:A"]
    _sandra_plays(table, "business:casino", *rest)
    sandra = table.automata[SANDRA]
    assert sandra.location == node(table, "business:casino")
    assert sorted(sandra.deck) == sorted(rest)


def test_sandra_sets_aside_cards_not_in_the_city_and_they_go_back_into_the_deck() -> None:
    table = at_actions(2, day=1).table
    businesses = ("business:casino", "business:gym", "business:restaurant")
    absent = [c for c in businesses if card_node(table, c) is None]
    assert absent, "the seeded Day 1 city leaves some Businesses on the board's display"
    _sandra_plays(table, *absent, "business:bar", "store:A")
    sandra = table.automata[SANDRA]
    assert sandra.location == node(table, "business:bar")
    assert sorted(sandra.deck) == sorted([*absent, "store:A"])


def test_sandra_sets_aside_an_open_exit_on_days_1_and_2() -> None:
    table = at_actions(2).table
    opened = f"exit:{open_exit(table)}"
    table.day = 2  # the rule under test reads only the day and the Exit
    _sandra_plays(table, opened, "business:bar")
    assert table.automata[SANDRA].location == node(table, "business:bar")
    assert opened in table.automata[SANDRA].deck


def test_sandra_on_day_3_open_exit_goes_there_does_nothing_and_the_card_goes_back() -> None:
    """§15.3 [CHOICE] §19 #14: she moves to the open Exit, does nothing else; the card is
    reshuffled into the deck; she keeps taking turns."""
    table = at_actions(2).table
    opened = f"exit:{open_exit(table)}"
    before = table.clone()
    _sandra_plays(table, opened, "business:bar")
    sandra = table.automata[SANDRA]
    assert sandra.location == node(table, opened)
    assert sorted(sandra.deck) == ["business:bar", opened]
    assert (sandra.noto_up, sandra.noto_down) == (0, 0)
    assert table.contact_display == before.contact_display
    assert sandra.status == "city"


def test_sandra_with_no_card_to_play_stays_where_she_is() -> None:
    """[DESIGN] §15.3: the deck runs out with no valid card."""
    table = at_actions(2).table
    opened = f"exit:{open_exit(table)}"
    table.day = 2
    start = table.automata[SANDRA].location
    _sandra_plays(table, opened)
    assert table.automata[SANDRA].location == start
    assert table.automata[SANDRA].deck == [opened]


def test_sandra_deck_order_comes_from_the_seed() -> None:
    orders = set()
    for seed in range(6):
        table = at_actions(2).table
        _sandra_plays(table, "business:bar", "store:A", "store:B", "store:C", "store:D", seed=seed)
        orders.add(tuple(table.automata[SANDRA].deck))
    assert len(orders) > 1  # reshuffled, and by the given generator only


def test_sandra_never_rests_and_skips_avoid() -> None:
    """She always Moves: a turn moves her and touches no wound, cash or police."""
    table = at_actions(2).table
    before = table.clone()
    _sandra_plays(table, "business:bar")
    assert table.police == before.police
    assert {s: p.cash for s, p in table.players.items()} == {
        s: p.cash for s, p in before.players.items()
    }


# --- Step 3: VISIT ---------------------------------------------------------------------------


def test_sandra_gains_one_notoriety_per_other_player_in_the_location() -> None:
    table = at_actions(2).table
    target = node(table, "store:B")  # the card itself loses 1
    for player in table.players.values():
        player.location = target
    _sandra_plays(table, "store:B")
    sandra = table.automata[SANDRA]
    assert (sandra.noto_up, sandra.noto_down) == (2, 1)


def test_sandra_business_card_gain_cube_two_contacts_and_refill_at_the_left() -> None:
    table = at_actions(2).table
    table.contact_display = ["a1", "a2", "a3", "a4", "a5", "medic", "boxer"]
    table.contact_deck = ["d1", "d2", "d3"]
    _sandra_plays(table, "business:casino")
    sandra = table.automata[SANDRA]
    assert (sandra.noto_up, sandra.noto_down) == (1, 0)
    assert table.businesses["casino"].cubes == [(SANDRA, "money")]
    assert not table.businesses["casino"].closed
    # §15.2: the 2 rightmost leave, the rest shift right, replacements enter at the left.
    assert table.contact_display == ["d2", "d1", "a1", "a2", "a3", "a4", "a5"]
    assert table.contact_deck == ["d3"]
    assert sandra.discs == 0


def test_sandra_business_card_second_cube_closes_the_business() -> None:
    """§15.3 Business step 2: the 2-player threshold is 2."""
    table = at_actions(2).table
    table.businesses["bar"].cubes.append(("p1", "money"))
    table.players["p1"].income_cubes -= 1
    _sandra_plays(table, "business:bar")
    assert table.businesses["bar"].closed


def test_sandra_visits_a_closed_business_without_a_key() -> None:
    table = at_actions(2).table
    table.businesses["bar"].closed = True
    _sandra_plays(table, "business:bar")
    assert table.automata[SANDRA].location == node(table, "business:bar")
    assert (SANDRA, "money") in table.businesses["bar"].cubes


def test_sandra_takes_a_disc_for_each_fixer_contact_she_discards() -> None:
    table = at_actions(2).table
    table.contact_display = ["a1", "a2", "a3", "a4", "a5", "fixer", "fixer"]
    supply = table.discs
    _sandra_plays(table, "store:A")
    assert table.automata[SANDRA].discs == 2
    assert table.discs == supply - 2


def test_sandra_takes_no_disc_when_the_supply_is_empty() -> None:
    table = at_actions(2).table
    table.contact_display = ["a1", "a2", "a3", "a4", "a5", "a6", "fixer"]
    table.players["p1"].discs += table.discs
    table.discs = 0
    _sandra_plays(table, "store:A")
    assert table.automata[SANDRA].discs == 0


def test_sandra_group_of_three_businesses_gives_one_disc_once() -> None:
    """§15.3 Business step 4 ([INF] once per group)."""
    table = at_actions(2).table
    table.contact_display = [f"a{i}" for i in range(7)]
    for business in ("casino", "bar"):
        table.businesses[business].cubes.append((SANDRA, "money"))
    _sandra_plays(table, "business:restaurant")
    sandra = table.automata[SANDRA]
    assert sandra.discs == 1
    assert sandra.bonuses == ["group1"]
    _sandra_plays(table, "business:gym")
    assert sandra.discs == 1


def test_sandra_safe_house_card_loses_one_cube_red_hex_fixer_and_key_of_that_house() -> None:
    table = at_actions(2).table
    fixers, keys = len(table.fixers), {n: len(k) for n, k in table.safe_house_keys.items()}
    _sandra_plays(table, "safe_house:2")
    sandra = table.automata[SANDRA]
    assert (sandra.noto_up, sandra.noto_down) == (0, 1)
    assert table.safe_houses["2"].cubes == [(SANDRA, "money")]
    assert len(table.fixers) == fixers - 1
    assert {n: len(k) for n, k in table.safe_house_keys.items()} == {**keys, "2": keys["2"] - 1}


def test_sandra_safe_house_random_fixer_depends_on_the_seed() -> None:
    left = set()
    for seed in range(8):
        table = at_actions(2).table
        _sandra_plays(table, "safe_house:1", seed=seed)
        left.add(tuple(table.fixers))
    assert len(left) > 1


def test_sandra_all_three_safe_houses_give_a_disc() -> None:
    table = at_actions(2).table
    for number in ("1", "2"):
        table.safe_houses[number].cubes.append((SANDRA, "money"))
    _sandra_plays(table, "safe_house:3")
    assert table.automata[SANDRA].discs == 1
    assert table.automata[SANDRA].bonuses == ["safe_houses"]


@pytest.mark.parametrize(
    ("store", "change", "stacks"),
    [
        ("A", (1, 0), ["green"]),
        ("B", (0, 1), ["black"]),
        ("C", (1, 0), ["brown"]),
        ("D", (0, 1), ["green", "black", "brown"]),
    ],
)
def test_sandra_store_card_notoriety_two_contacts_and_a_random_locker(
    store: str, change: tuple[int, int], stacks: list[str]
) -> None:
    table = at_actions(2).table
    lockers = {colour: len(tiles) for colour, tiles in table.lockers.items()}
    display = list(table.contact_display)
    _sandra_plays(table, f"store:{store}")
    sandra = table.automata[SANDRA]
    assert (sandra.noto_up, sandra.noto_down) == change
    assert table.contact_display[2:] == display[:5]
    expected = {c: n - (1 if c in stacks else 0) for c, n in lockers.items()}
    assert {colour: len(tiles) for colour, tiles in table.lockers.items()} == expected


def test_sandra_closed_exit_card_loses_one_discards_an_exit_tile_and_two_contacts() -> None:
    table = at_actions(2).table
    number = closed_exit(table)
    closed = f"exit:{number}"
    stack = table.exit_stack_of[number]
    tiles = {name: len(s) for name, s in table.exit_stacks.items()}
    display = list(table.contact_display)
    _sandra_plays(table, closed)
    sandra = table.automata[SANDRA]
    assert (sandra.noto_up, sandra.noto_down) == (0, 1)
    assert {n: len(s) for n, s in table.exit_stacks.items()} == {**tiles, stack: tiles[stack] - 1}
    assert table.contact_display[2:] == display[:5]


def test_sandra_cubes_with_all_four_out_a_further_change_is_lost() -> None:
    table = at_actions(2).table
    sandra = table.automata[SANDRA]
    sandra.noto_up, sandra.noto_down = 3, 1
    _sandra_plays(table, "business:bar")
    assert (sandra.noto_up, sandra.noto_down) == (3, 1)


# --- §15.2 the Contact display ----------------------------------------------------------


def test_contact_display_with_an_empty_deck_is_not_refilled() -> None:
    table = at_actions(2).table
    table.contact_display = ["a", "b", "c"]
    table.contact_deck = []
    assert take_rightmost(table, 2) == ["c", "b"]
    assert table.contact_display == ["a"]


# --- the engine's entry point -------------------------------------------------------------


def test_sandra_at_night_spends_one_disc_she_owned_when_the_part_began() -> None:
    state = at_actions(2)
    table = state.table
    sandra = table.automata[SANDRA]
    sandra.discs, table.discs = 2, table.discs - 2
    table.part = "NIGHT"
    table.disc_owners = [SANDRA]
    sandra.deck = ["business:bar"]
    turn = automaton_turn(state.rules, table, Rng(0), SANDRA)
    assert turn is not None and turn.card == "business:bar"
    assert sandra.discs == 1


def test_sandra_at_dawn_without_a_disc_owned_at_the_start_takes_no_turn() -> None:
    state = at_actions(2)
    table = state.table
    sandra = table.automata[SANDRA]
    sandra.discs, table.discs = 1, table.discs - 1
    table.part = "DAWN"
    table.disc_owners = []
    assert automaton_turn(state.rules, table, Rng(0), SANDRA) is None
    assert sandra.discs == 1


def test_sandra_takes_a_turn_in_every_day_part() -> None:
    state = at_actions(2)
    for part in ("MORNING", "AFTERNOON", "EVENING"):
        table = state.table.clone()
        table.part = part
        table.automata[SANDRA].deck = ["business:bar"]
        assert automaton_turn(state.rules, table, Rng(0), SANDRA) is not None
