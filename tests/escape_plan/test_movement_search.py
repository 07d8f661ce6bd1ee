"""The search behind "no step leads into a dead end" (movement.py) reasons on a lighter state
than the rules' steps (Gas Cans as MP, the cheapest tool of an effect first, dominated states
dropped). Here it is checked against a plain search over the steps themselves."""

from __future__ import annotations

from dataclasses import replace

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from getaway.games.escape_plan import CityMap
from getaway.games.escape_plan.movement import (
    MoveContext,
    MovePath,
    _advance,
    _moves,
    may_stop,
    next_steps,
    start_path,
)
from getaway.games.escape_plan.movement_search import can_finish
from tests.escape_plan.test_movement_properties import TOOLS as ALL_TOOLS
from tests.escape_plan.test_movement_properties import cities, movers

#: The properties' tools with one use each and no gang member: the plain search stays small.
TOOLS = tuple(replace(tool, count=1) for tool in ALL_TOOLS if not tool.id.startswith("gang"))


def plaincan_finish(city: CityMap, ctx: MoveContext, path: MovePath) -> bool:
    """Every path the steps allow, searched exhaustively (states told apart by everything
    their future depends on)."""

    def key(p: MovePath) -> tuple[object, ...]:
        return (
            p.node,
            p.remaining,
            p.gas_spent,
            p.rode_metro,
            p.entered,
            p.jet_ski_bodies,
            tuple(sorted(p.used)),
            p.cash_spent,
        )

    if path.ended is not None or may_stop(city, ctx, path):
        return True
    seen = {key(path)}
    stack = [path]
    while stack:
        here = stack.pop()
        for step_id, kind, to in _moves(city, ctx, here):
            if kind in ("stop", "medevac", "escape"):
                return True
            after = _advance(city, ctx, here, step_id, kind, to)
            if key(after) not in seen:
                seen.add(key(after))
                stack.append(after)
    return False


def small_movers(city: CityMap) -> st.SearchStrategy[MoveContext]:
    """Movers with few means, so the plain search stays small; often hemmed in, so that
    both answers occur."""
    return movers(
        city,
        movement_points=(0, 3),
        gas_cans=(0, 1),
        cash=(0, 3),
        tools=st.lists(st.sampled_from(TOOLS), max_size=2, unique=True).map(tuple),
        most_no_stop=None,
    )


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_the_search_agrees_with_a_plain_search_over_the_steps(data: st.DataObject) -> None:
    city = data.draw(cities())
    ctx = data.draw(small_movers(city))
    path = start_path(city, ctx)
    for _ in range(4):
        moves = list(_moves(city, ctx, path))
        if not moves:
            break
        for step_id, kind, to in moves:
            after = _advance(city, ctx, path, step_id, kind, to)
            assert can_finish(city, ctx, after, {}) == plaincan_finish(city, ctx, after), (
                after.steps
            )
        # next_steps shares what one search found dead with the next: same answers.
        offered = [step.id for step in next_steps(city, ctx, path)]
        assert offered == [
            step_id
            for step_id, kind, to in moves
            if plaincan_finish(city, ctx, _advance(city, ctx, path, step_id, kind, to))
        ]
        step_id, kind, to = data.draw(st.sampled_from(moves))
        path = _advance(city, ctx, path, step_id, kind, to)
