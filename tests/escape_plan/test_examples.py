"""Rulebook worked examples (spec §21.6) played through the game protocol, where the named
tests elsewhere call the rule's module directly. The full list of examples and their tests is
in docs/games/escape-plan.md, "Worked examples"."""

from __future__ import annotations

from getaway.games.escape_plan.game import EscapePlanState
from getaway.games.escape_plan.state import Key, Piece
from tests.escape_plan.play import move_stopping, play
from tests.escape_plan.test_visit import node_of, plan_with, table_at

END = "end"


def move_to_node(state: EscapePlanState, seat: str, target: str) -> list[str]:
    """The MOVE steps of the cheapest-in-steps move that stops in ``target`` using no tool."""
    return move_stopping(state, seat, lambda node: node == target, target)


def play_visit(state: EscapePlanState, seat: str) -> None:
    """Answer the VISIT's steps with the first legal one each time, until only stage
    ``after`` remains (a step that is not a visit step ends the loop)."""
    while state.table.stage == "visit" and state.to_act() == (seat,):
        play(state, seat, [state.legal_actions(seat)[0]])


def move_into(state: EscapePlanState, seat: str, target: str) -> None:
    """Play a Move action that ends in ``target``, from another location of its tile (so
    any movement allowance reaches it) with no police in the city (nothing to avoid)."""
    table = state.table
    city = table.city
    table.police = {}
    table.players[seat].location = next(
        node
        for node in city.nodes()
        if city.tile_of(node) == city.tile_of(target)
        and city.kind(node) is not None
        and node != target
    )
    play(state, seat, ["move", *move_to_node(state, seat, target)])
    assert table.players[seat].location == target


def test_example_1_income_icon_business_visit_with_6_cubes_pays_5k() -> None:
    state = table_at()
    seat = state.to_act()[0]
    player = state.table.players[seat]
    player.escape_plan = plan_with(state, "business:casino", "income")
    player.income_cubes = 6
    move_into(state, seat, node_of(state, "BUSINESS", "casino"))
    play(state, seat, ["visit:enter"])
    # The cube leaves the income track first; the income is then computed on 5 cubes.
    assert (player.income_cubes, player.cash) == (5, 30 + 5)
    assert state.table.businesses["casino"].cubes == [(seat, "income")]


def _at_store_d_for_black(state: EscapePlanState, seat: str, contacts: int) -> None:
    player = state.table.players[seat]
    player.notoriety = 3
    player.keys[0] = Key("black")
    player.gas_cans = 2  # no Gas Can stage
    for space in range(contacts):
        player.contacts[space] = Piece("contact", "medic", space % 2 == 0)
    move_into(state, seat, node_of(state, "STORE", "D"))
    play(state, seat, ["visit:enter", "visit:skip:equipment"])


def test_example_15_locker_criterion_level_3_and_3_contacts_may_open_black() -> None:
    state = table_at()
    seat = state.to_act()[0]
    _at_store_d_for_black(state, seat, contacts=3)
    assert "visit:locker:black" in state.legal_actions(seat)


def test_example_15_locker_criterion_level_3_and_2_contacts_may_not_open_black() -> None:
    state = table_at()
    seat = state.to_act()[0]
    _at_store_d_for_black(state, seat, contacts=2)
    assert not any(a.startswith("visit:locker:") for a in state.legal_actions(seat))


def test_example_19_group_bonus_at_the_end_of_the_turn_of_the_3rd_group_1_business() -> None:
    state = table_at()
    table = state.table
    seat = state.to_act()[0]
    assert table.stage == "turn"
    table.businesses["casino"].cubes.append((seat, "money"))
    table.businesses["bar"].cubes.append((seat, "money"))
    player = table.players[seat]
    player.noto_red = player.noto_blue = 0

    move_into(state, seat, node_of(state, "BUSINESS", "restaurant"))
    play_visit(state, seat)
    assert any(owner == seat for owner, _ in table.businesses["restaurant"].cubes)
    # The turn cannot end before the bonus is chosen: a disc, or an unlock + lose 1 notoriety.
    legal = state.legal_actions(seat)
    assert END not in legal
    assert "bonus:group1:disc" in legal and "bonus:group1:skip" in legal
    unlocks = [a for a in legal if a.startswith("bonus:group1:unlock:")]
    assert unlocks
    play(state, seat, [unlocks[0]])
    asset = unlocks[0].rsplit(":", 1)[1]
    assert asset not in player.locked_assets()
    assert (player.noto_red, player.noto_blue) == (0, 1)  # lost 1 notoriety
    # Never again for group 1, in this turn or any later one.
    assert not any(a.startswith("bonus:group1") for a in state.legal_actions(seat) or [])
    assert "group1" in player.bonuses


def test_example_6b_safe_house_visit_at_plus_4_leaves_plus_3() -> None:
    state = table_at()
    seat = state.to_act()[0]
    player = state.table.players[seat]
    player.noto_red, player.noto_blue = 4, 0
    move_into(state, seat, node_of(state, "SAFE_HOUSE", "1"))
    play(state, seat, ["visit:enter"])
    # No opponent in the Safe House (no red cube gained); its step 3 loses 1 notoriety.
    assert (player.noto_red, player.noto_blue) == (3, 0)


# --- The rulebooks' examples outside §21.6 ----------------------------------------------------


def test_rulebook_plan_card_example_the_bar_pays_income_at_once() -> None:
    # The example under the Escape Plan card ([RU] "Пример", [PT] "Exemplo"): with the printed
    # card (our #6), visiting the Bar, the Art Gallery or Safe House 1 pays income at once;
    # the other lines are worth money only at the end of the game.
    state = table_at()
    seat = state.to_act()[0]
    player = state.table.players[seat]
    player.escape_plan = 6
    assert state.rules.content.escape_plans.cards[5].lines["business:bar"] == "income"
    player.income_cubes = 6
    cash = player.cash
    move_into(state, seat, node_of(state, "BUSINESS", "bar"))
    play(state, seat, ["visit:enter"])
    assert (player.income_cubes, player.cash) == (5, cash + 5)
    assert state.table.businesses["bar"].cubes == [(seat, "income")]


def test_rulebook_plan_card_example_a_money_line_pays_nothing_during_the_game() -> None:
    state = table_at()
    seat = state.to_act()[0]
    player = state.table.players[seat]
    player.escape_plan = 6  # Casino: $100k at the end
    cash, cubes = player.cash, player.income_cubes
    move_into(state, seat, node_of(state, "BUSINESS", "casino"))
    play(state, seat, ["visit:enter"])
    assert (player.income_cubes, player.cash) == (cubes - 1, cash)
    assert state.table.businesses["casino"].cubes == [(seat, "money")]
