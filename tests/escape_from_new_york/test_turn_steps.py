"""The turn's steps one by one (spec §6), each from a scene laid out on a fresh game: the
stage is set, the scene laid, then the protocol (or ``turns.run`` for the steps that ask
nothing) plays it. Every test ends with the invariants."""

from __future__ import annotations

from getaway.games.escape_from_new_york import hero_effects, new_york_turn, turns
from getaway.games.escape_from_new_york.board import lookup
from getaway.games.escape_from_new_york.catalogue import HURRY
from getaway.games.escape_from_new_york.enemies import stats
from getaway.games.escape_from_new_york.game import EscapeFromNewYorkState
from getaway.games.escape_from_new_york.schema import LevelToken as LevelAsks
from getaway.games.escape_from_new_york.state import Enemy, SupplyCard
from getaway.games.escape_from_new_york.turn_common import current_seat
from tests.escape_from_new_york.rules_helpers import lay, prisoners, sound

HEROES = ("snake", "brain", "maggie", "cabbie")


def game(seed: int = 1, players: int = 2, **options: object) -> EscapeFromNewYorkState:
    chosen = {f"hero_p{i + 1}": hero for i, hero in enumerate(HEROES[:players])}
    return EscapeFromNewYorkState.new(
        {"players": players, **chosen, "first_player": "p1", **options}, seed
    )


def at(state: EscapeFromNewYorkState, stage: str) -> EscapeFromNewYorkState:
    state.turn.stage = stage
    return state


def asks(state: EscapeFromNewYorkState, seat: str) -> tuple[int, LevelAsks]:
    hero = state.table.heroes[seat]
    data = next(s for s in state.rules.content.level_tokens.sets if s.id == hero.level_set)
    index = next(i for i, t in enumerate(hero.level_tokens) if t.state == "active")
    return index, data.tokens[index]


def fill_token(state: EscapeFromNewYorkState, seat: str) -> int:
    """Put on the face-up token what it asks, from the supplies. Returns its index."""
    index, wanted = asks(state, seat)
    token = state.table.heroes[seat].level_tokens[index]
    token.prisoners, token.items = wanted.prisoners, wanted.items
    state.table.prisoner_supply -= wanted.prisoners
    state.table.item_markers -= wanted.items
    return index


def view_of(state: EscapeFromNewYorkState) -> EscapeFromNewYorkState:
    sound(state.position)
    return state


# --- step 1 ---------------------------------------------------------------------------------


def test_hurry_coming_on_top_is_revealed_at_once_and_lands_the_helicopter() -> None:
    state = game()
    table = state.table
    blacks = [
        card for card in table.timer_deck if card not in (HURRY,) and not card.startswith("red")
    ]
    table.timer_discarded += blacks[1:]
    table.timer_deck = [blacks[0], *table.timer_deck[len(blacks) :]]
    seat = current_seat(table)
    state.apply(seat, "recover")
    assert table.timer_revealed[:2] == [blacks[0], HURRY]
    assert table.hurry_revealed and table.helicopter_landed
    view_of(state)


# --- steps 3-4: items -----------------------------------------------------------------------


def test_the_item_symbol_draws_an_item_and_a_fourth_card_is_dropped() -> None:
    """§7.1's item symbol and §7.8's limit: the 4th card makes the player drop one."""
    state = game(hero_p1="maggie", hero_p2="snake")
    table = state.table
    hero = table.heroes["p1"]
    while len(hero.supply) < 3:
        hero.supply.append(SupplyCard("item", table.item_deck.pop(0), False))
    state.apply("p1", "keep")
    state.apply("p1", "choose:maggie_stash")
    state.apply("p1", "choose:maggie_i_ll_cut_you")
    top = table.item_deck[0]
    state.apply("p1", "play:maggie_stash")
    assert state.turn.stage == "drop"
    assert hero.supply[-1] == SupplyCard("item", top, False)
    dropped = hero.supply[0].id
    state.apply("p1", "drop:0")
    assert len(hero.supply) == 3 and table.item_discard[-1] == dropped
    assert state.turn.stage == "resolve"
    view_of(state)


# --- step 7 ---------------------------------------------------------------------------------


def test_e5_enemies_in_range_deal_their_damage_as_random_discards() -> None:
    state = at(game(), "damage")
    seat = current_seat(state.table)
    hero = state.table.heroes[seat]
    prisoners(state.position, hero.cell, 2)
    hand = len(hero.hand)
    turns.run(state)  # on through step 9's Library choice
    assert len(hero.hand) == hand - 2
    assert len(hero.discard) == 2
    view_of(state)


# --- step 8 ---------------------------------------------------------------------------------


def test_e6_a_filled_token_levels_up_at_step_8() -> None:
    """E6: the token comes off, its figures back to the supplies, the next token face up,
    and level 1's bonus: a special card into the hand."""
    state = at(game(), "level")
    seat = current_seat(state.table)
    hero = state.table.heroes[seat]
    supply = state.table.prisoner_supply
    index = fill_token(state, seat)
    turns.run(state)
    assert hero.level_tokens[index].state == "removed"
    assert hero.level_tokens[index + 1].state == "active"
    assert state.table.prisoner_supply == supply
    assert state.turn.stage == "special"
    special = hero.specials[0]
    state.apply(seat, f"special:{special}")
    assert special in hero.hand and special not in hero.specials
    assert state.turn.stage == "library"  # level 1 swaps no objective: on to step 9
    view_of(state)


def test_level_2_swaps_an_objective_after_the_special_card() -> None:
    state = at(game(), "level")
    seat = current_seat(state.table)
    hero = state.table.heroes[seat]
    hero.level_tokens[0].state = "removed"
    hero.level_tokens[1].state = "active"
    fill_token(state, seat)
    turns.run(state)
    state.apply(seat, f"special:{hero.specials[0]}")
    assert state.legal_actions(seat) == ["swap:blue", "swap:purple"]
    state.apply(seat, "swap:purple")
    old = hero.objectives[1]
    choices = state.legal_actions(seat)
    assert f"objective:{old}" in choices and len(choices) >= 2
    new = next(c for c in choices if c != f"objective:{old}").partition(":")[2]
    state.apply(seat, f"objective:{new}")
    assert hero.objectives[1] == new and old in state.table.objective_decks["purple"]
    view_of(state)


def test_an_unfilled_token_does_not_level_up() -> None:
    state = at(game(), "level")
    turns.run(state)
    assert state.turn.stage == "library"


# --- step 9 ---------------------------------------------------------------------------------


def _on_building(state: EscapeFromNewYorkState, building: str) -> str:
    """Lay a tile with ``building`` on an empty city space and put the current hero there."""
    seat = current_seat(state.table)
    lay_cell = next(
        c
        for c, data in lookup(state.rules).cells.items()
        if data.kind == "city" and state.table.spaces[c].tile is None
    )
    lay(state.position, lay_cell, lambda shown: shown.building == building and not shown.prisoners)
    state.table.heroes[seat].cell = lay_cell
    return seat


def test_the_medical_post_returns_up_to_2_chosen_discards() -> None:
    state = game()
    seat = _on_building(state, "medical_post")
    hero = state.table.heroes[seat]
    hero.discard += [hero.hand.pop(), hero.hand.pop(), hero.hand.pop()]
    at(state, "building")
    turns.run(state)
    assert state.turn.stage == "medical"
    back = hero.discard[0]
    state.apply(seat, f"medical:{back}")
    assert back in hero.hand
    state.apply(seat, "done")
    assert len(hero.discard) == 2
    assert current_seat(state.table) != seat or state.turn.stage != "medical"
    view_of(state)


def test_the_weapon_shop_draws_2_items_keeps_1() -> None:
    state = game()
    seat = _on_building(state, "weapon_shop")
    hero = state.table.heroes[seat]
    at(state, "building")
    turns.run(state)
    assert state.turn.stage == "shop"
    first, second = state.table.item_deck[:2]
    supply = len(hero.supply)
    state.apply(seat, "shop:items")
    assert state.legal_actions(seat) == [f"keep:{first}", f"keep:{second}"] or first == second
    state.apply(seat, f"keep:{second}")
    assert hero.supply[supply].id == second
    assert first in state.table.item_discard
    view_of(state)


# --- New York ---------------------------------------------------------------------------------


def test_e17_an_event_space_at_level_2_reveals_2_events_after_the_card() -> None:
    state = game()
    table = state.table
    table.event_level = state.rules.content.event_track.levels.index(2)
    first, second = table.event_deck[:2]
    hero = table.heroes[current_seat(table)]
    card = hero.hand[0]
    hero.hand.remove(card)
    hero.played.append(card)
    state.turn.resolved, state.turn.revealed = [card], [card]
    state.turn.source, state.turn.events_owed = ["card", card], 1
    hero_effects.source_done(state)
    turns.run(state)
    assert table.event_discard[:2] == [first, second]
    view_of(state)


def test_e20_a_paid_special_card_gives_prisoners_a_bonus_until_the_deck_recycles() -> None:
    state = game()
    table = state.table
    card = next(c for c in table.new_york_specials if c == "S1")
    table.new_york_specials.remove(card)
    table.new_york_deck.insert(0, card)
    table.noise = 5
    cell = table.heroes[current_seat(table)].cell
    prisoners(state.position, cell, 1)
    prisoner = Enemy("prisoner", cell)
    assert stats(state.rules, table, prisoner).hp == 1
    at(state, "ny11")
    new_york_turn.step_11(state)
    assert card in table.new_york_in_play
    assert stats(state.rules, table, prisoner).hp == 2
    table.new_york_discard += table.new_york_deck[1:]
    del table.new_york_deck[1:]
    new_york_turn.recycle(state)
    assert not table.new_york_in_play and card in table.new_york_deck
    assert stats(state.rules, table, prisoner).hp == 1
    view_of(state)


# --- items used (§7.11) -------------------------------------------------------------------------


def _holding(state: EscapeFromNewYorkState, seat: str, item: str) -> int:
    """Put ``item`` from the item deck into the supply; its index there."""
    state.table.item_deck.remove(item)
    state.table.heroes[seat].supply.append(SupplyCard("item", item, False))
    return len(state.table.heroes[seat].supply) - 1


def test_snake_fires_his_weapon_spending_ammo_with_its_noise_at_once() -> None:
    state = game()  # p1 is Snake, with the MAC-10 loaded (§4.2 step 17c)
    table = state.table
    snake = table.heroes["p1"]
    assert snake.weapon == "mac_10" and "fire" in state.legal_actions("p1")
    ammo, noise, supply = snake.ammo, table.noise, table.ammo_markers
    prisoners(state.position, snake.cell, 1)
    state.apply("p1", "fire")
    assert snake.ammo == ammo - 1 and table.ammo_markers == supply + 1
    assert table.noise == noise + 1
    assert state.turn.stage == "attack"
    state.apply("p1", "hit:0")
    state.apply("p1", "done")  # the second point is lost (E2)
    assert state.turn.stage == "recover"  # back where the weapon was fired
    sound(state.position)


def test_revealing_a_weapon_discards_the_old_one_and_loads_the_new() -> None:
    state = game()
    table = state.table
    snake = table.heroes["p1"]
    index = _holding(state, "p1", "pistol")
    state.apply("p1", f"reveal:{index}")
    assert snake.weapon == "pistol" and snake.ammo == 3
    assert "mac_10" in table.box["items"]  # a starting item leaves the game
    sound(state.position)


def test_a_medkit_returns_chosen_discards_and_is_discarded() -> None:
    state = game()
    table = state.table
    snake = table.heroes["p1"]
    snake.discard += [snake.hand.pop(), snake.hand.pop()]
    index = _holding(state, "p1", "medkit")
    state.apply("p1", f"use:{index}")
    assert state.turn.stage == "return" and "medkit" in table.item_discard
    for card in list(snake.discard):
        state.apply("p1", f"return:{card}")
    assert not snake.discard and state.turn.stage == "recover"
    sound(state.position)


def test_a_trash_can_lid_prevents_the_damage_of_step_7() -> None:
    state = game()
    snake = state.table.heroes["p1"]
    index = _holding(state, "p1", "trash_can_lid")
    state.apply("p1", f"use:{index}")
    assert state.turn.shield == 2
    prisoners(state.position, snake.cell, 2)
    state.turn.stage = "damage"
    hand = len(snake.hand)
    turns.run(state)
    assert len(snake.hand) == hand
    sound(state.position)
