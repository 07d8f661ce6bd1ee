"""Taking Contact cards (spec §7.5.1) and paying for one when it is used (§8.2)."""

from __future__ import annotations

import pytest

from getaway.games.escape_plan.contacts import (
    leftmost_empty_space,
    spend_contact,
    take_contact,
    take_options,
)
from getaway.games.escape_plan.state import Piece
from tests.escape_plan.test_visit import table_at


def test_options_a_b_and_c_for_every_display_card() -> None:
    state = table_at()
    player = state.table.players["p1"]
    player.contacts[0] = Piece("contact", "medic", False)
    options = take_options(state.table, player)
    first = state.table.contact_display[0]
    assert options[:3] == [f"0:{first}:A", f"0:{first}:B", f"0:{first}:C:0"]
    assert len(options) == 3 * len(state.table.contact_display)


def test_option_b_needs_a_space_with_no_card_asset_or_handcuffs() -> None:
    state = table_at()
    player = state.table.players["p1"]
    player.contacts[0] = Piece("contact", "medic")
    player.cuffed[1] = True
    assert leftmost_empty_space(player) is None  # 2-4 hold the locked Assets
    assert not any(option.endswith(":B") for option in take_options(state.table, player))


def test_option_c_replaces_a_card_gains_notoriety_and_never_a_handcuffed_one() -> None:
    state = table_at()
    player = state.table.players["p1"]
    player.contacts[0] = Piece("contact", "medic", False)
    player.contacts[1] = Piece("contact", "informer")
    player.cuffed[1] = True
    card = state.table.contact_display[3]
    assert f"3:{card}:C:1" not in take_options(state.table, player)
    take_contact(state.rules, state.table, player, f"3:{card}:C:0")
    assert player.contacts[0] == Piece("contact", card) and player.noto_red == 1


def test_option_a_boxes_the_card_and_the_display_refills_in_place_with_3_players() -> None:
    state = table_at(3)
    table = state.table
    display, top = table.contact_display[:], table.contact_deck[0]
    take_contact(state.rules, table, table.players["p1"], f"2:{display[2]}:A")
    assert table.contact_display == [*display[:2], top, *display[3:]]
    assert table.players["p1"].contacts[0] is None


def test_with_2_players_the_cards_shift_right_and_the_new_card_goes_leftmost() -> None:
    state = table_at(2)
    table = state.table
    display, top = table.contact_display[:], table.contact_deck[0]
    take_contact(state.rules, table, table.players["p1"], f"4:{display[4]}:B")
    assert table.contact_display == [top, *display[:4], *display[5:]]
    assert table.players["p1"].contacts[0] == Piece("contact", display[4])


def test_an_empty_deck_does_not_refill() -> None:
    state = table_at(3)
    table = state.table
    table.contact_deck.clear()
    display = table.contact_display[:]
    take_contact(state.rules, table, table.players["p1"], f"0:{display[0]}:A")
    assert table.contact_display == display[1:]
    assert take_options(state.table, state.table.players["p1"])[0].startswith(f"0:{display[1]}")


def test_contact_use_example_21_6_14_boxer_pays_2k_gains_1_and_turns_face_down() -> None:
    state = table_at()
    player = state.table.players["p1"]
    player.contacts[0] = Piece("contact", "boxer")
    card = spend_contact(state.rules, player, 0)
    assert (card.effect, card.officer) == ("avoid_type_on_tile", "FEDERAL")
    assert player.cash == 28 and player.noto_red == 1
    assert player.contacts[0] == Piece("contact", "boxer", False)
    with pytest.raises(ValueError, match="no usable Contact card"):
        spend_contact(state.rules, player, 0)


def test_a_card_the_player_cannot_pay_for_is_refused() -> None:
    state = table_at()
    player = state.table.players["p1"]
    player.contacts[0] = Piece("contact", "fast_car")
    player.cash = 2
    with pytest.raises(ValueError, match="costs"):
        spend_contact(state.rules, player, 0)
    assert player.contacts[0] == Piece("contact", "fast_car")
