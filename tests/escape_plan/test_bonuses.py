"""End-of-turn completion bonuses (spec §7.6)."""

from __future__ import annotations

import pytest

from getaway.core.errors import IllegalActionError
from getaway.games.escape_plan.bonuses import apply_bonus_step, bonus_steps, due_bonuses
from getaway.games.escape_plan.game import EscapePlanState
from tests.escape_plan.test_visit import table_at


def _cubes_on(state: EscapePlanState, seat: str, *businesses: str) -> None:
    for business in businesses:
        state.table.businesses[business].cubes.append((seat, "money"))


def test_group_bonus_example_21_6_19_third_business_of_group_1_offers_disc_or_unlock() -> None:
    state = table_at()
    _cubes_on(state, "p1", "casino", "bar")
    assert bonus_steps(state, "p1") == []
    _cubes_on(state, "p1", "restaurant")
    locked = state.table.players["p1"].locked_assets()
    assert bonus_steps(state, "p1") == [
        "bonus:group1:disc",
        *(f"bonus:group1:unlock:{a}" for a in locked),
        "bonus:group1:skip",
    ]
    player = state.table.players["p1"]
    apply_bonus_step(state, "p1", "bonus:group1:unlock:heal")
    assert "heal" not in player.locked_assets() and player.noto_blue == 1
    # Never again for group 1.
    assert due_bonuses(state, "p1") == [] and bonus_steps(state, "p1") == []


def test_group_bonus_example_21_6_19_the_disc_comes_from_the_supply() -> None:
    state = table_at()
    _cubes_on(state, "p1", "gym", "nightclub", "art_gallery")
    supply = state.table.discs
    apply_bonus_step(state, "p1", "bonus:group2:disc")
    assert state.table.discs == supply - 1 and state.table.players["p1"].discs == 1


def test_a_skipped_bonus_is_not_offered_again() -> None:
    state = table_at()
    _cubes_on(state, "p1", "gym", "nightclub", "art_gallery")
    apply_bonus_step(state, "p1", "bonus:group2:skip")
    assert bonus_steps(state, "p1") == []


def test_all_safe_houses_unlock_comes_with_income() -> None:
    state = table_at()
    for number in ("1", "2", "3"):
        state.table.safe_houses[number].cubes.append(("p1", "money"))
    player = state.table.players["p1"]
    player.income_cubes = 6
    apply_bonus_step(state, "p1", "bonus:safe_houses:unlock:move_local")
    assert player.cash == 36 and "move_local" not in player.locked_assets()


def test_no_disc_choice_with_an_empty_supply_and_a_bare_unlock_with_nothing_locked() -> None:
    state = table_at()
    _cubes_on(state, "p1", "casino", "bar", "restaurant")
    player = state.table.players["p1"]
    state.table.discs, player.discs = 0, player.discs + state.table.discs
    player.items = [None] * len(player.items)
    player.contacts = [None] * len(player.contacts)
    assert bonus_steps(state, "p1") == ["bonus:group1:unlock", "bonus:group1:skip"]
    apply_bonus_step(state, "p1", "bonus:group1:unlock")
    assert player.noto_blue == 1


def test_two_bonuses_due_at_once_come_one_after_the_other() -> None:
    state = table_at()
    _cubes_on(state, "p1", "casino", "bar", "restaurant", "gym", "nightclub", "art_gallery")
    assert due_bonuses(state, "p1") == ["group1", "group2"]
    apply_bonus_step(state, "p1", "bonus:group1:skip")
    assert bonus_steps(state, "p1")[0] == "bonus:group2:disc"


def test_a_wrong_bonus_step_is_refused_unchanged() -> None:
    state = table_at()
    before = state.to_json()
    with pytest.raises(IllegalActionError):
        apply_bonus_step(state, "p1", "bonus:group1:disc")
    assert state.to_json() == before
