"""New York's noise track and mission markers (§7.18, §8.3): example E4 and §16's invariant
tests on overflow and mission markers."""

from __future__ import annotations

import pytest

from getaway.games.escape_from_new_york.noise import (
    gain_noise,
    mission_markers,
    move_missions,
    noise_track_top,
    played_cards_noise,
    spend_noise,
)

from .rules_helpers import position, sound


def test_e4_the_noise_of_both_revealed_cards_adds_up() -> None:
    """E4: "Sharp Shot" (3) and "Let's Hurry" (1) make 4 noise."""
    pos = position(hero_p1="maggie", hero_p2="brain")
    content = pos.rules.content
    by_name = {card.name: card for card in content.hero_cards.cards}
    cards = [by_name["Sharp Shot"], by_name["Let's Hurry"]]
    assert [card.noise for card in cards] == [3, 1]
    noise = played_cards_noise(cards, ability_used=False, ability_noise=2)
    assert noise == 4
    assert gain_noise(pos.rules, pos.table, noise) == 0
    assert pos.table.noise == 4


def test_the_ability_makes_its_own_noise_and_the_hidden_card_none() -> None:
    """§7.7: the card not revealed adds nothing; the ability adds its noise."""
    pos = position()
    snake = next(h for h in pos.rules.content.heroes.heroes if h.id == "snake")
    card = pos.rules.content.hero_card(snake.action_cards[0])
    assert played_cards_noise([card], True, snake.ability_noise) == card.noise + 2


def test_noise_never_passes_the_top_and_overflow_moves_mission_markers() -> None:
    pos = position()
    top = noise_track_top(pos.rules)
    assert gain_noise(pos.rules, pos.table, top + 2) == 0
    assert (pos.table.noise, pos.table.missions_moved) == (top, 2)


def test_the_last_mission_marker_by_overflow_reveals_a_timer_card_and_resets_noise() -> None:
    """§8.3: reveal, noise to 0, the markers back, then the rest gained normally."""
    pos = position()
    top, markers = noise_track_top(pos.rules), mission_markers(pos.rules)
    pos.table.noise = top
    pos.table.missions_moved = markers - 1
    assert gain_noise(pos.rules, pos.table, 3) == 1
    assert (pos.table.noise, pos.table.missions_moved) == (2, 0)
    sound(pos)


def test_the_last_mission_marker_by_a_card_reveals_a_timer_card_but_keeps_the_noise() -> None:
    """§8.3: only overflow resets the noise."""
    pos = position()
    markers = mission_markers(pos.rules)
    pos.table.noise = 7
    pos.table.missions_moved = markers - 2
    assert move_missions(pos.rules, pos.table, 2) == 1
    assert (pos.table.noise, pos.table.missions_moved) == (7, 0)
    pos.table.missions_moved = markers - 1
    assert move_missions(pos.rules, pos.table, 3) == 1  # the rest move on from the left
    assert pos.table.missions_moved == 2


def test_step_11_spends_only_what_the_track_holds() -> None:
    pos = position()
    pos.table.noise = 2
    assert not spend_noise(pos.table, 3) and pos.table.noise == 2
    assert spend_noise(pos.table, 2) and pos.table.noise == 0


def test_noise_is_only_gained() -> None:
    pos = position()
    with pytest.raises(ValueError):
        gain_noise(pos.rules, pos.table, -1)
