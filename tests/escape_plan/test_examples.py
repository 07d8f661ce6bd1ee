"""Rulebook worked examples (spec §21.6) played through the game protocol, where the named
tests elsewhere call the rule's module directly. The full list of examples and their tests is
in docs/games/escape-plan.md, "Worked examples"."""

from __future__ import annotations

from collections import deque

from getaway.games.escape_plan.game import EscapePlanState
from getaway.games.escape_plan.move_action import move_context
from getaway.games.escape_plan.movement import STOP, MovePath, apply_step, next_steps, start_path
from tests.escape_plan.test_visit import node_of, table_at

END = "end"


def move_to_node(state: EscapePlanState, seat: str, target: str) -> list[str]:
    """The MOVE steps of the cheapest-in-steps move that stops in ``target`` using no tool
    (a breadth-first search over the steps the game itself offers)."""
    city = state.table.city
    ctx = move_context(state.rules, state.table, seat)
    queue: deque[MovePath] = deque([start_path(city, ctx)])
    seen: set[tuple[str, int, str]] = set()
    while queue:
        path = queue.popleft()
        for step in next_steps(city, ctx, path):
            if step.id == STOP and path.node == target:
                return [*path.steps, STOP]
            key = (step.to, path.spent + step.cost, step.kind)
            if step.id != STOP and step.tool is None and key not in seen:
                seen.add(key)
                queue.append(apply_step(city, ctx, path, step.id))
    raise AssertionError(f"no move to {target}")


def play(state: EscapePlanState, seat: str, steps: list[str]) -> None:
    for step in steps:
        assert step in state.legal_actions(seat), (step, state.legal_actions(seat))
        state.apply(seat, step)


def play_visit(state: EscapePlanState, seat: str) -> None:
    """Answer the VISIT's steps with the first legal one each time, until only stage
    ``after`` remains (a step that is not a visit step ends the loop)."""
    while state.table.stage == "visit" and state.to_act() == (seat,):
        play(state, seat, [state.legal_actions(seat)[0]])


def test_example_19_group_bonus_at_the_end_of_the_turn_of_the_3rd_group_1_business() -> None:
    state = table_at()
    table = state.table
    seat = state.to_act()[0]
    assert table.stage == "turn"
    table.police = {}  # nothing to avoid: the example is about the bonus
    table.businesses["casino"].cubes.append((seat, "money"))
    table.businesses["bar"].cubes.append((seat, "money"))
    restaurant = node_of(state, "BUSINESS", "restaurant")
    # Start on the Restaurant's tile so that any movement allowance reaches it.
    tile = table.city.tile_of(restaurant)
    city = table.city
    player = table.players[seat]
    player.location = next(
        node
        for node in city.nodes()
        if city.tile_of(node) == tile and city.kind(node) is not None and node != restaurant
    )
    player.noto_red = player.noto_blue = 0

    play(state, seat, ["move", *move_to_node(state, seat, restaurant)])
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
