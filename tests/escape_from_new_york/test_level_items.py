"""The level token's item discards (spec §7.15, §7.8, §7.11, A-29): an item card discarded
at any moment before step 8 puts an item marker on the face-up token, and so may the 4th
card dropped at once, the weapon replaced by a revealed one, and the weapon in the slot,
unless its card forbids it once revealed."""

from __future__ import annotations

from getaway.games.escape_from_new_york import turns
from getaway.games.escape_from_new_york.game import EscapeFromNewYorkState
from getaway.games.escape_from_new_york.state import SupplyCard
from tests.escape_from_new_york.rules_helpers import sound

HEROES = ("snake", "brain", "maggie", "cabbie")


def game(seed: int = 1, players: int = 2) -> EscapeFromNewYorkState:
    chosen = {f"hero_p{i + 1}": hero for i, hero in enumerate(HEROES[:players])}
    return EscapeFromNewYorkState.new({"players": players, **chosen, "first_player": "p1"}, seed)


def wants_items(state: EscapeFromNewYorkState, seat: str, wanted: bool = True) -> None:
    """Give ``seat`` the level-token set whose level-1 token asks for items (or none),
    swapping sets with whoever holds it (each hero has its own set)."""
    sets = state.rules.content.level_tokens.sets
    chosen = next(s.id for s in sets if (s.tokens[0].items > 0) == wanted)
    hero = state.table.heroes[seat]
    for other in state.table.heroes.values():
        if other.level_set == chosen:
            other.level_set = hero.level_set
    hero.level_set = chosen


def holding(state: EscapeFromNewYorkState, seat: str, item: str) -> int:
    state.table.item_deck.remove(item)
    state.table.heroes[seat].supply.append(SupplyCard("item", item, False))
    return len(state.table.heroes[seat].supply) - 1


def test_the_fourth_card_dropped_may_be_the_level_tokens_item() -> None:
    """§7.8: "that discard may be used as a level-up item discard, if it is an item"."""
    state = game(players=2)
    table = state.table
    wants_items(state, "p1")
    snake = table.heroes["p1"]
    for item in ("fake_tape", "medkit", "flare"):
        holding(state, "p1", item)
    state.turn.agenda.insert(0, ["gain"])  # an item drawn: the 4th card
    state.turn.stage = "choose"
    turns.run(state)
    assert state.turn.stage == "drop"
    legal = state.legal_actions("p1")
    assert "drop:0:token" in legal and "drop:0" in legal
    markers = table.item_markers
    state.apply("p1", "drop:0:token")
    assert [c.id for c in snake.supply][:2] == ["medkit", "flare"]
    assert snake.level_tokens[0].items == 1 and table.item_markers == markers - 1
    assert "fake_tape" in table.item_discard
    sound(state.position)


def test_a_token_asking_no_item_takes_no_discard() -> None:
    state = game()
    wants_items(state, "p1", wanted=False)
    for item in ("fake_tape", "medkit", "flare"):
        holding(state, "p1", item)
    state.turn.stage = "drop"
    state.turn.agenda.insert(0, ["back", "choose"])
    assert not [a for a in state.legal_actions("p1") if a.endswith(":token")]
    assert not [a for a in state.legal_actions("p1") if a.startswith("token-item")]


def test_a_replaced_weapon_counts_for_the_token_a_starting_one_leaving_the_game() -> None:
    """A-29: Snake reveals the Pistol; his MAC-10 (a starting item) is discarded, out of the
    game, and counts as the token's item."""
    state = game()
    table = state.table
    wants_items(state, "p1")
    snake = table.heroes["p1"]
    assert snake.weapon == "mac_10"
    index = holding(state, "p1", "pistol")
    assert f"reveal:{index}:token" in state.legal_actions("p1")
    state.apply("p1", f"reveal:{index}:token")
    assert snake.weapon == "pistol" and "mac_10" in table.box["items"]
    assert snake.level_tokens[0].items == 1
    sound(state.position)


def test_a_weapon_whose_card_forbids_it_does_not_count_once_revealed() -> None:
    """§7.11: «некоторые виды оружия нельзя сбрасывать для повышения уровня после того, как
    они были раскрыты»: the Shotgun in the slot, replaced or discarded, is no token item;
    face down in the supply it still is."""
    state = game()
    table = state.table
    wants_items(state, "p1")
    snake = table.heroes["p1"]
    shotgun = holding(state, "p1", "shotgun")
    assert f"token-item:{shotgun}" in state.legal_actions("p1")  # not revealed yet
    state.apply("p1", f"reveal:{shotgun}")
    assert snake.weapon == "shotgun"
    pistol = holding(state, "p1", "pistol")
    legal = state.legal_actions("p1")
    assert f"reveal:{pistol}" in legal and f"reveal:{pistol}:token" not in legal
    assert "token-item:weapon" not in legal
    sound(state.position)


def test_the_weapon_in_the_slot_may_be_discarded_for_the_token() -> None:
    state = game()
    table = state.table
    wants_items(state, "p1")
    snake = table.heroes["p1"]
    ammo, supply = snake.ammo, table.ammo_markers
    state.apply("p1", "token-item:weapon")
    assert snake.weapon is None and snake.ammo == 0 and table.ammo_markers == supply + ammo
    assert "mac_10" in table.box["items"] and snake.level_tokens[0].items == 1
    sound(state.position)
