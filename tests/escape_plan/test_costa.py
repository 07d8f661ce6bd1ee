"""Lieutenant Costa, the solo opponent (spec §16.1-§16.6)."""

from __future__ import annotations

import pytest

from getaway.core.rng import Rng
from getaway.games.escape_plan.automata import automaton_turn
from getaway.games.escape_plan.automata_cards import AutomatonTurn, close_business, tile_of
from getaway.games.escape_plan.costa import costa_score, costa_turn, is_last_turn
from getaway.games.escape_plan.options import COSTA, SANDRA
from getaway.games.escape_plan.state import Table
from tests.escape_plan.test_sandra_helpers import at_actions, closed_exit, distance, node, open_exit

ALL_CARDS = [card.location for card in at_actions(1).rules.content.lieutenant_deck.cards]


def _costa_plays(table: Table, *deck: str, seed: int = 1) -> AutomatonTurn:
    table.automata[COSTA].deck = list(deck)
    return costa_turn(at_actions(1).rules, table, Rng(seed))


def _near_and_far(table: Table, kind: str) -> tuple[str, str]:
    """A card of ``kind`` on Costa's tile or next to it, and one 2 or more tiles away."""
    here = table.automata[COSTA].location
    assert here is not None
    cards = [c for c in ALL_CARDS if c.startswith(kind)]
    near = [c for c in cards if distance(table, here, node(table, c)) <= 1]
    far = [c for c in cards if distance(table, here, node(table, c)) >= 2]
    assert near and far, f"the seeded city has {kind} cards near and far from Costa"
    return near[0], far[0]


def _day2(table: Table) -> Table:
    table.day = 2  # the rules under test read only the day, not the rest of the position
    return table


# --- §16.1 movement --------------------------------------------------------------------------


def test_costa_moves_only_to_his_tile_or_an_adjacent_one() -> None:
    table = _day2(at_actions(1).table)
    near, far = _near_and_far(table, "business")
    turn = _costa_plays(table, far, near)
    assert turn.card == near
    assert table.automata[COSTA].location == node(table, near)
    assert table.automata[COSTA].deck == [far]


def test_costa_played_card_goes_to_the_box_the_others_back_into_the_deck() -> None:
    table = _day2(at_actions(1).table)
    near, far = _near_and_far(table, "business")
    _costa_plays(table, far, near, "store:A")
    assert sorted(table.automata[COSTA].deck) == sorted([far, "store:A"])


def test_costa_never_visits_a_closed_business_and_its_card_leaves_his_deck() -> None:
    table = _day2(at_actions(1).table)
    near, _ = _near_and_far(table, "business")
    table.automata[COSTA].deck = [near, "store:A"]
    close_business(table, near.split(":")[1])
    assert table.automata[COSTA].deck == ["store:A"]


def test_costa_skips_a_closed_business_card_still_in_his_deck() -> None:
    table = _day2(at_actions(1).table)
    near, _ = _near_and_far(table, "business")
    table.businesses[near.split(":")[1]].closed = True
    turn = _costa_plays(table, near)
    assert turn.card is None
    assert table.businesses[near.split(":")[1]].cubes == []


def test_costa_skips_an_open_exit_on_days_1_and_2() -> None:
    table = _day2(at_actions(1).table)
    opened = f"exit:{open_exit(table)}"
    table.automata[COSTA].location = node(table, opened)
    turn = _costa_plays(table, opened)
    assert turn.card is None and not turn.escaped
    assert table.automata[COSTA].status == "city"


def test_costa_with_no_card_to_play_does_not_move() -> None:
    table = _day2(at_actions(1).table)
    _, far = _near_and_far(table, "business")
    start = table.automata[COSTA].location
    turn = _costa_plays(table, far)
    assert turn == AutomatonTurn(COSTA, None, None)
    assert table.automata[COSTA].location == start


# --- §16.3 escaping --------------------------------------------------------------------------


def test_costa_escapes_when_the_open_exit_card_comes_up_on_day_3_however_far() -> None:
    """§16.3 [CHOICE] §19 #44."""
    table = at_actions(1).table
    opened = f"exit:{open_exit(table)}"
    here = table.automata[COSTA].location
    assert here is not None
    cash = table.players["p1"].cash
    turn = _costa_plays(table, opened, "store:A")
    assert turn.escaped and turn.moved_to == node(table, opened)
    costa = table.automata[COSTA]
    assert (costa.status, costa.location) == ("escaped", None)
    assert table.escaped == [COSTA]
    assert table.players["p1"].cash == cash  # nobody pays for him, he pays nothing


@pytest.mark.parametrize(
    ("part", "discs", "last"),
    [
        ("MORNING", 0, False),
        ("AFTERNOON", 0, False),
        ("EVENING", 0, True),
        ("EVENING", 1, False),
        ("NIGHT", 0, True),  # his 1 disc was spent to act at Night
        ("NIGHT", 1, False),
        ("DAWN", 0, True),
    ],
)
def test_costa_last_turn_of_day_3(part: str, discs: int, last: bool) -> None:
    """§16.3 [INF] §19 #42: Evening with no disc, Night with exactly 1, Dawn with 2+."""
    table = at_actions(1).table
    table.part = part
    costa = table.automata[COSTA]
    costa.discs = discs
    assert is_last_turn(table, costa) is last


def test_costa_always_escapes_on_his_last_turn_of_day_3() -> None:
    table = at_actions(1).table
    table.part = "EVENING"
    turn = _costa_plays(table, "store:A", "store:B")
    assert turn.escaped
    assert table.automata[COSTA].status == "escaped"


def test_costa_with_one_disc_escapes_at_night_through_the_engine_entry_point() -> None:
    state = at_actions(1)
    table = state.table
    costa = table.automata[COSTA]
    costa.discs, table.discs = 1, table.discs - 1
    table.part, table.disc_owners = "EVENING", []
    costa.deck = []
    assert automaton_turn(state.rules, table, Rng(0), COSTA) == AutomatonTurn(COSTA, None, None)
    table.part, table.disc_owners = "NIGHT", [COSTA]
    turn = automaton_turn(state.rules, table, Rng(0), COSTA)
    assert turn is not None and turn.escaped
    assert costa.discs == 0


def test_costa_after_escaping_takes_no_more_turns() -> None:
    state = at_actions(1)
    table = state.table
    table.part = "DAWN"
    table.disc_owners = [COSTA]
    table.automata[COSTA].discs, table.discs = 1, table.discs - 1
    assert automaton_turn(state.rules, table, Rng(0), COSTA) is not None
    assert automaton_turn(state.rules, table, Rng(0), COSTA) is None


# --- §16.2 visits ----------------------------------------------------------------------------


def test_costa_takes_the_rightmost_contact_and_keeps_it() -> None:
    table = _day2(at_actions(1).table)
    near, _ = _near_and_far(table, "business")
    table.contact_display = ["a1", "a2", "a3", "a4", "a5", "a6", "medic"]
    table.contact_deck = ["d1"]
    _costa_plays(table, near)
    assert table.automata[COSTA].contacts == ["medic"]
    assert table.contact_display == ["d1", "a1", "a2", "a3", "a4", "a5", "a6"]


def test_costa_taking_a_fixer_contact_gains_a_disc() -> None:
    """[CHOICE] §19 #29."""
    table = _day2(at_actions(1).table)
    near, _ = _near_and_far(table, "business")
    table.contact_display = ["a1", "a2", "a3", "a4", "a5", "a6", "fixer"]
    _costa_plays(table, near)
    assert table.automata[COSTA].discs == 1


def test_costa_business_cube_counts_toward_closing() -> None:
    table = _day2(at_actions(1).table)
    near, _ = _near_and_far(table, "business")
    business = near.split(":")[1]
    table.businesses[business].cubes.append((SANDRA, "money"))
    _costa_plays(table, near)
    assert table.businesses[business].cubes[-1] == (COSTA, "money")
    assert table.businesses[business].closed


def _put_costa_next_to(table: Table, card: str) -> None:
    table.automata[COSTA].location = node(table, card)


@pytest.mark.parametrize(("store", "colour"), [("A", "green"), ("B", "black"), ("C", "brown")])
def test_costa_store_a_b_c_takes_the_two_top_lockers_as_one_pile(store: str, colour: str) -> None:
    table = _day2(at_actions(1).table)
    _put_costa_next_to(table, f"store:{store}")
    top = table.lockers[colour][:2]
    _costa_plays(table, f"store:{store}")
    assert table.automata[COSTA].piles == [[f"locker:{colour}:{v}" for v in top]]
    assert len(table.automata[COSTA].contacts) == 1


def test_costa_store_d_takes_the_top_tile_of_each_locker_stack_as_one_pile() -> None:
    table = _day2(at_actions(1).table)
    _put_costa_next_to(table, "store:D")
    tops = {colour: tiles[0] for colour, tiles in table.lockers.items()}
    _costa_plays(table, "store:D")
    assert table.automata[COSTA].piles == [
        [f"locker:{c}:{tops[c]}" for c in ("green", "black", "brown")]
    ]


def test_costa_closed_exit_takes_the_two_top_exit_tiles_and_a_contact() -> None:
    table = _day2(at_actions(1).table)
    number = closed_exit(table)
    closed = f"exit:{number}"
    _put_costa_next_to(table, closed)
    stack = table.exit_stack_of[number]
    top = table.exit_stacks[stack][:2]
    _costa_plays(table, closed)
    costa = table.automata[COSTA]
    assert costa.piles == [[f"exit:{stack}:{v}" for v in top]]
    assert (costa.noto_up, costa.noto_down) == (0, 1)
    assert len(costa.contacts) == 1


def test_costa_safe_house_discards_a_random_fixer_and_a_key_of_that_house() -> None:
    table = _day2(at_actions(1).table)
    _put_costa_next_to(table, "safe_house:1")
    fixers, keys = len(table.fixers), len(table.safe_house_keys["1"])
    _costa_plays(table, "safe_house:1")
    assert table.safe_houses["1"].cubes == [(COSTA, "money")]
    assert (len(table.fixers), len(table.safe_house_keys["1"])) == (fixers - 1, keys - 1)


def test_costa_notoriety_cubes_saturate_like_a_players() -> None:
    """§16.2: red and blue boxes, not Sandra's above/below: a loss after 4 gains turns a red
    cube back to neutral."""
    table = _day2(at_actions(1).table)
    costa = table.automata[COSTA]
    costa.noto_up = 4
    _put_costa_next_to(table, "store:B")
    _costa_plays(table, "store:B")
    assert (costa.noto_up, costa.noto_down) == (3, 0)


def test_costa_gains_one_per_other_participant_in_the_location() -> None:
    table = _day2(at_actions(1).table)
    _put_costa_next_to(table, "store:A")
    where = node(table, "store:A")
    table.players["p1"].location = where
    table.automata[SANDRA].location = where
    _costa_plays(table, "store:A")
    assert table.automata[COSTA].noto_up == 3


# --- §16.4 AVOID, §16.6 score ----------------------------------------------------------------


def test_costa_tile_for_avoid_is_where_he_stands_and_none_once_gone() -> None:
    table = at_actions(1).table
    opened = f"exit:{open_exit(table)}"
    here = table.automata[COSTA].location
    assert here is not None
    assert tile_of(table, COSTA) == table.city.tile_of(here)
    _costa_plays(table, opened)
    assert tile_of(table, COSTA) is None


def test_costa_score_plan_money_contacts_best_tile_of_each_pile_and_notoriety() -> None:
    """§16.6: money lines only; 2 cards $10k; a $0 green Locker counts as the stack's top
    ($90k); his notoriety penalty."""
    table = at_actions(1).table
    costa = table.automata[COSTA]
    costa.escape_plan = 1  # casino income, bar $100k, safe house 2 $60k (§17.6 card 1)
    table.businesses["casino"].cubes.append((COSTA, "money"))
    table.businesses["bar"].cubes.append((COSTA, "money"))
    table.safe_houses["2"].cubes.append((COSTA, "money"))
    costa.contacts = ["medic", "boxer"]
    costa.piles = [["locker:green:0", "locker:green:60"], ["exit:X:20", "exit:X:40"]]
    costa.notoriety = 2
    sheet = costa_score(at_actions(1).rules, table)
    assert (sheet.buildings, sheet.contacts, sheet.bags, sheet.notoriety) == (160, 10, 130, -5)
    assert sheet.total == 295
