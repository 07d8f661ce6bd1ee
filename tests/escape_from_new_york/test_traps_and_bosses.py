"""The SGB traps (spec §12, M-18), the Duke's comeback (§8.1, §14.4), Wanted cards for
bosses defeated (§12), and the full-or-nothing check of a move after a steal ("Not
According to Plan", §7.1, A-24)."""

from __future__ import annotations

import pytest

from getaway.core.rng import Rng
from getaway.games.escape_from_new_york import movement, new_york_turn, turns
from getaway.games.escape_from_new_york.game import EscapeFromNewYorkState
from getaway.games.escape_from_new_york.invariants import problems
from getaway.games.escape_from_new_york.schema import Move
from getaway.games.escape_from_new_york.state import SupplyCard
from getaway.games.escape_from_new_york.topology import DIRECTIONS, Cell
from tests.escape_from_new_york.rules_helpers import LIBRARY, barricade, sound

HEROES = ("snake", "brain", "maggie", "cabbie")
#: A printed ring cell above the Library and the city space above it (placeholder board).
RING: Cell = (5, 1)
ABOVE: Cell = (5, 0)


def game(seed: int = 1, players: int = 2, **options: object) -> EscapeFromNewYorkState:
    chosen = {f"hero_p{i + 1}": hero for i, hero in enumerate(HEROES[:players])}
    return EscapeFromNewYorkState.new(
        {"players": players, **chosen, "first_player": "p1", **options}, seed
    )


def trap_on(state: EscapeFromNewYorkState, cell: Cell, tile: str) -> None:
    """A scene: the trap tile ``tile`` taken from the city deck, face up on ``cell``."""
    state.table.city_deck.remove(tile)
    space = state.table.spaces[cell]
    space.tile, space.face_up = tile, True


def draws(monkeypatch: pytest.MonkeyPatch, value: int) -> None:
    """Every draw of the generator gives ``value`` (a chosen trap card)."""
    monkeypatch.setattr(Rng, "below", lambda self, n: value % n)


def test_moving_onto_a_trap_tile_draws_a_trap_card_after_the_card(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Trap tile 1 (2 damage, M-18): Snake bursts onto it; the trap card is drawn once the
    card is over; "Triggered" (the first card) deals the damage."""
    state = game(traps=True)
    table = state.table
    trap_on(state, ABOVE, "T1")
    snake = table.heroes["p1"]
    snake.cell = RING
    state.apply("p1", "keep")
    state.apply("p1", "choose:snake_bust_through")
    state.apply("p1", "choose:snake_knife_work")
    state.apply("p1", "play:snake_bust_through")
    assert state.turn.stage == "move"
    hand = len(snake.hand)
    triggered = [c for c in state.rules.content.traps.cards if c.triggered]
    assert triggered and state.rules.content.traps.cards[0].triggered  # drawn at 0
    draws(monkeypatch, 0)
    state.apply("p1", f"step:{ABOVE[0]},{ABOVE[1]}:road")
    assert snake.cell == ABOVE
    assert len(snake.hand) == hand - 2  # after the card: the trap went off
    assert state.turn.stage == "resolve"
    monkeypatch.undo()
    sound(state.position)


def test_an_untriggered_trap_card_does_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    state = game(traps=True)
    table = state.table
    trap_on(state, ABOVE, "T2")
    noise, prisoners = table.noise, table.spaces[ABOVE].prisoners
    draws(monkeypatch, 2)  # a blank card
    new_york_turn.draw_trap(state, ABOVE)
    turns.run(state)
    assert (table.noise, table.spaces[ABOVE].prisoners) == (noise, prisoners)
    draws(monkeypatch, 0)  # "Triggered": trap 2, +3 noise and a prisoner on the tile
    new_york_turn.draw_trap(state, ABOVE)
    turns.run(state)
    monkeypatch.undo()
    assert table.spaces[ABOVE].prisoners == prisoners + 1
    assert table.noise == noise + 3 or table.missions_moved  # the track may overflow
    sound(state.position)


def test_a_trap_is_triggered_one_draw_in_three() -> None:
    """§12 [P]: one "Triggered" card among 3, shuffled before each draw."""
    state = game(traps=True)
    trap_on(state, ABOVE, "T2")
    went_off = 0
    for _ in range(600):
        new_york_turn.draw_trap(state, ABOVE)
        went_off += bool(state.turn.agenda)
        state.turn.agenda.clear()
    assert 150 < went_off < 250


def test_a_passenger_and_the_spaces_under_lets_go_trigger_no_trap() -> None:
    """A-39 and A-12: only the moving hero triggers a trap, and not on a space passed under
    "Let's Go!"."""
    state = game(traps=True, players=4)
    table = state.table
    trap_on(state, ABOVE, "T1")
    cabbie, snake = table.heroes["p4"], table.heroes["p1"]
    cabbie.cell = snake.cell = RING
    lets_go = next(c for c in state.rules.content.hero_cards.cards if c.id == "cabbie_let_s_go")
    effect = lets_go.effects[0]
    assert isinstance(effect, Move) and effect.ignores_between
    move = movement.start_move(state.rules, table, "p4", effect, passenger="p1")
    assert move is not None
    step = next(s for s in movement.next_steps(state.rules, table, move) if s.to == ABOVE)
    movement.take_step(state.rules, table, move, step, state.rng)
    assert move.traps == []  # passed, not the end: nothing yet
    movement.finish_move(state.rules, table, move)
    assert move.traps == [ABOVE]  # the final space counts, once, for Cabbie alone


def test_the_duke_comes_back_on_nothing_here_at_the_next_new_york_phase() -> None:
    state = game()
    table = state.table
    nothing = next(c for c, s in table.spaces.items() if s.tile == "nothing_here")
    table.spaces[nothing].face_up = True
    table.boss_state["duke"], table.boss_hp["duke"] = "off_board", 0  # killed this turn
    state.turn.stage = "ny10"
    turns.run(state)
    duke = next(b for b in state.rules.content.enemies.bosses if b.id == "duke")
    assert "duke" in table.spaces[nothing].bosses
    assert table.boss_state["duke"] == "on_map" and table.boss_hp["duke"] == duke.hp
    sound(state.position)


def test_the_duke_before_the_rescue_does_not_come_in() -> None:
    state = game()
    table = state.table
    assert table.boss_state["duke"] == "off_board" and table.boss_hp["duke"] > 0
    state.turn.stage = "ny10"
    turns.run(state)
    assert table.boss_state["duke"] == "off_board"


def test_killing_the_duke_earns_a_wanted_card_and_he_comes_back() -> None:
    """§12: each boss defeated, the Duke each time he is killed, earns a Wanted card."""
    state = game(wanted=True)
    table = state.table
    snake = table.heroes["p1"]
    nothing = next(c for c, s in table.spaces.items() if s.tile == "nothing_here")
    table.spaces[nothing].face_up = True
    snake.cell = nothing
    table.spaces[nothing].bosses.append("duke")
    table.boss_state["duke"], table.boss_hp["duke"] = "on_map", 1
    left = table.wanted_cards
    state.apply("p1", "keep")
    state.apply("p1", "choose:snake_knife_work")
    state.apply("p1", "choose:snake_silenced_shot")
    state.apply("p1", "play:snake_knife_work")
    assert state.turn.stage == "attack"
    state.apply("p1", "hit:0")
    if state.turn.stage == "attack":
        state.apply("p1", "done")
    assert table.boss_state["duke"] == "off_board" and table.boss_hp["duke"] == 0
    assert snake.wanted == 1 and table.wanted_cards == left - 1
    sound(state.position)


def test_wanted_cards_that_do_not_add_up_break_the_invariants() -> None:
    state = game(wanted=True)
    assert not problems(state.rules, state.table)
    state.table.heroes["p1"].wanted += 1  # a card from nowhere
    assert [p for p in problems(state.rules, state.table) if "Wanted" in p]


def test_a_steal_then_a_move_is_cancelled_when_the_move_cannot_be_walked() -> None:
    """ "Not According to Plan" steals, then moves 1: with every road from the space
    barricaded the move cannot be walked, so nothing of the card is applied (full or
    nothing), though there is someone to rob."""
    state = game(players=2)
    table = state.table
    snake = table.heroes["p1"]
    snake.specials.remove("snake_not_according_to_plan")
    snake.hand.append("snake_not_according_to_plan")
    for direction in DIRECTIONS:
        barricade(state.position, LIBRARY, direction)
    item = table.item_deck.pop(0)
    table.heroes["p2"].supply.append(SupplyCard("item", item, False))
    assert snake.cell == table.heroes["p2"].cell == LIBRARY
    state.apply("p1", "keep")
    state.apply("p1", "choose:snake_not_according_to_plan")
    state.apply("p1", f"choose:{snake.hand[0]}")
    state.apply("p1", "play:snake_not_according_to_plan")
    assert state.turn.stage == "resolve"  # cancelled: its noise counts at step 6
    assert table.heroes["p2"].supply[-1] == SupplyCard("item", item, False)
    assert "snake_not_according_to_plan" in state.turn.revealed
    sound(state.position)
