"""Asset tiles: which can be used, the score of used ones, Handcuffs on locked Assets (spec
§9, §11 R-WND-2, §18.2)."""

from __future__ import annotations

import pytest

from getaway.games.escape_plan.assets import ready_assets, used_assets
from getaway.games.escape_plan.avoid import WoundTrack, take_wounds
from getaway.games.escape_plan.boards import handcuff_choices, place_handcuffs, unlock_asset
from getaway.games.escape_plan.state import Piece, Unlocked
from getaway.games.escape_plan.visit_board import spend_asset
from tests.escape_plan.test_visit import table_at


def test_unlocking_fills_the_most_expensive_free_slot_whose_cost_is_then_paid() -> None:
    state = table_at()
    player = state.table.players["p1"]
    unlock_asset(player, "heal")
    unlock_asset(player, "avoid_all")
    assert player.unlocked[1:3] == [Unlocked("heal"), Unlocked("avoid_all")]
    spend_asset(state.rules, player, "avoid_all")  # the $3k slot
    assert player.cash == 27 and used_assets(player) == 1
    assert ready_assets(state.rules, player) == ["extra_action", "heal"]


def test_an_asset_is_used_once_and_only_when_affordable() -> None:
    state = table_at()
    player = state.table.players["p1"]
    player.cash = 4
    assert ready_assets(state.rules, player) == []  # Extra Action sits on the $5k slot
    player.cash = 5
    spend_asset(state.rules, player, "extra_action")
    with pytest.raises(ValueError, match="no unused unlocked Asset"):
        spend_asset(state.rules, player, "extra_action")


def test_handcuffs_on_a_locked_asset_destroy_the_one_the_owner_chooses() -> None:
    state = table_at()
    table = state.table
    player = table.players["p1"]
    # Setup: contact spaces 2-4 hold avoid_all, master_key, heal; the card lands on 4.
    assert handcuff_choices(table, player) == [
        "cuff:avoid_all",
        "cuff:master_key",
        "cuff:heal",
    ]
    supply = table.handcuffs
    place_handcuffs(table, player, "cuff:master_key")
    assert player.cuffed == [False, False, False, False, True]
    assert [p.id if p else None for p in player.contacts] == [None, None, "avoid_all", "heal", None]
    assert player.handcuffs == 1 and table.handcuffs == supply - 1
    assert "master_key" not in player.locked_assets()


def test_handcuffs_on_a_contact_card_cover_it() -> None:
    state = table_at()
    table = state.table
    player = table.players["p1"]
    player.contacts = [None, None, None, None, Piece("contact", "medic")]
    assert handcuff_choices(table, player) == ["cuff"]
    place_handcuffs(table, player, "cuff")
    assert player.cuffed[4] and player.contacts[4] == Piece("contact", "medic")


def test_with_every_space_cuffed_a_handcuffs_card_is_only_counted() -> None:
    state = table_at()
    table = state.table
    player = table.players["p1"]
    player.contacts = [None] * 5
    player.cuffed = [True] * 5
    supply = table.handcuffs
    place_handcuffs(table, player, "cuff")
    assert player.handcuffs == 1 and table.handcuffs == supply


def test_a_wrong_handcuffs_choice_is_refused() -> None:
    state = table_at()
    player = state.table.players["p1"]
    with pytest.raises(ValueError, match="allowed"):
        place_handcuffs(state.table, player, "cuff")
    assert not any(player.cuffed)


def test_wounds_example_21_6_13_three_more_wounds_on_3_red_place_2_handcuffs() -> None:
    state = table_at()
    table = state.table
    player = table.players["p1"]
    player.wounds_red = 3
    player.contacts = [Piece("contact", "medic"), None, None, None, Piece("contact", "spy_1")]
    track = take_wounds(WoundTrack(green=0, red=3), 3)
    assert (track.red, track.green, track.handcuffs) == (2, 1, 2)
    supply = table.handcuffs
    for _ in range(track.handcuffs):
        place_handcuffs(table, player, handcuff_choices(table, player)[0])
    assert player.cuffed == [False, False, False, True, True]
    assert player.contacts[4] == Piece("contact", "spy_1")  # covered, still there (§14)
    assert player.handcuffs == 2 and table.handcuffs == supply - 2
