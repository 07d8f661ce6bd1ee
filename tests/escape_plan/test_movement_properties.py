"""Properties of the MOVE step over random cities and movers: every step offered leads on
to a legal end, every path built from offered steps validates and costs what its steps say,
and every step not offered is refused with the legal ones (§7.3)."""

from __future__ import annotations

import itertools

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from getaway.games.escape_plan import CityMap, load_content
from getaway.games.escape_plan.movement import (
    IllegalMoveError,
    MoveContext,
    MovePath,
    MoveTool,
    apply_step,
    can_move,
    next_steps,
    path_cost,
    start_path,
    tiles_crossed,
    validate_path,
)
from getaway.games.escape_plan.movement_map import METRO_BONUS
from tests.escape_plan.helpers import start_city
from tests.escape_plan.test_movement_maps import without_ferries

TOOLS = (
    MoveTool("chopper", "flight", cost=2),
    MoveTool("helicopter", "flight"),
    MoveTool("gang@START_G.gang", "flight", count=2),
    MoveTool("sewer", "sewer", count=2, cost=1),
    MoveTool("jet_ski", "jet_ski", cost=1),
    MoveTool("medevac", "medevac", cost=2),
)
#: Any of ``TOOLS``, in their order.
ANY_TOOLS = st.tuples(*(st.booleans() for _ in TOOLS)).map(
    lambda keep: tuple(tool for tool, kept in zip(TOOLS, keep, strict=True) if kept)
)
SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@st.composite
def cities(draw: st.DrawFn) -> CityMap:
    """The start tiles and 2 to 8 more, each placed legally, some without their Ferry."""
    content = load_content()
    city = start_city(draw(st.sampled_from((0, 180))))
    stacked = [tile for letter in "ABCD" for tile in content.stack(letter)]
    for _ in range(draw(st.integers(2, 8))):
        tile = draw(st.sampled_from(stacked))
        stacked.remove(tile)
        if draw(st.booleans()):
            tile = without_ferries(tile)
        places = city.legal_placements(tile)
        if places:
            cell, rotation = draw(st.sampled_from(places))
            city = city.with_tile(tile, cell, rotation)
    return city


@st.composite
def movers(
    draw: st.DrawFn,
    city: CityMap,
    movement_points: tuple[int, int] = (1, 4),
    gas_cans: tuple[int, int] = (0, 2),
    cash: tuple[int, int] = (0, 6),
    tools: st.SearchStrategy[tuple[MoveTool, ...]] = ANY_TOOLS,
    most_no_stop: int | None = 4,
) -> MoveContext:
    """A mover on a location of ``city``: means drawn from the ranges given, ``tools`` (by
    default any of ``TOOLS``, in their order), up to ``most_no_stop`` locations it may not
    stop in (``None``: up to all of them) and perhaps an Exit to escape by."""
    locations = sorted(node for node in city.nodes() if city.kind(node) is not None)
    exits = sorted(node for node in locations if city.kind(node) == "EXIT")
    no_stop = len(locations) if most_no_stop is None else most_no_stop
    return MoveContext(
        start=draw(st.sampled_from(locations)),
        movement_points=draw(st.integers(*movement_points)),
        gas_cans=draw(st.integers(*gas_cans)),
        cash=draw(st.integers(*cash)),
        tools=draw(tools),
        no_stop=frozenset(draw(st.lists(st.sampled_from(locations), max_size=no_stop))),
        escape_exit=draw(st.sampled_from([None, *exits])),
    )


def _walk(data: st.DataObject, city: CityMap, ctx: MoveContext) -> list[MovePath]:
    """A random move, step by step; returns every path on the way."""
    path = start_path(city, ctx)
    seen = [path]
    for _ in range(30):
        steps = next_steps(city, ctx, path)
        if not steps:
            break
        ids = [step.id for step in steps]
        assert len(set(ids)) == len(ids), "a step is offered twice"
        # Deterministic order, whatever the order of the map's links (a set's).
        walked_to = [step.to for step in steps if step.kind in ("walk", "jetski")]
        assert walked_to == sorted(walked_to)
        choice = data.draw(st.sampled_from(steps))
        after = apply_step(city, ctx, path, choice.id)
        assert after.spent - path.spent == choice.cost
        assert after.cash_spent - path.cash_spent == choice.price
        assert choice.tool is None or after.uses(choice.tool) == path.uses(choice.tool) + 1
        assert choice.may_stop == (
            after.ended is not None or "stop" in [s.id for s in next_steps(city, ctx, after)]
        )
        path = after
        seen.append(path)
    return seen


@SETTINGS
@given(st.data())
def test_every_offered_step_leads_on_to_a_legal_end(data: st.DataObject) -> None:
    city = data.draw(cities())
    ctx = data.draw(movers(city))
    walked = _walk(data, city, ctx)
    assert can_move(city, ctx) == (len(walked) > 1)
    for path in walked[1:]:
        if path.ended is None:
            # Not a dead end: something may follow (R-MV-1 can always be met from here).
            assert next_steps(city, ctx, path), path.steps
        else:
            assert next_steps(city, ctx, path) == []


@SETTINGS
@given(st.data())
def test_every_offered_path_validates_and_costs_what_its_steps_say(data: st.DataObject) -> None:
    city = data.draw(cities())
    ctx = data.draw(movers(city))
    path = _walk(data, city, ctx)[-1]
    again = validate_path(city, ctx, path.steps)
    assert again == path
    assert path_cost(city, ctx, path.steps) == path.spent
    # MP: never more than the budget, which is the base plus Gas Cans plus the Metro bonus.
    assert 0 <= path.spent <= path.budget
    bonus = METRO_BONUS if path.rode_metro else 0
    assert path.budget == ctx.movement_points + path.gas_spent + bonus
    assert path.gas_spent <= ctx.gas_cans and path.cash_spent <= ctx.cash
    for tool in ctx.tools:
        assert path.uses(tool.id) <= tool.count
    # Tiles: the start tile first, the pawn's tile last, no tile twice in a row.
    tiles = tiles_crossed(path)
    assert tiles[0] == city.tile_of(ctx.start) and tiles[-1] == city.tile_of(path.node)
    assert all(a != b for a, b in itertools.pairwise(tiles))
    if path.ended == "stop":
        assert city.kind(path.node) is not None
        assert path.node != ctx.start and path.node not in ctx.no_stop
    if path.ended == "escape":
        assert path.node == ctx.escape_exit
    if path.ended == "medevac":
        assert city.kind(path.node) == "HOSPITAL"


def _candidates(city: CityMap, ctx: MoveContext) -> list[str]:
    """Step ids of every kind, to every node."""
    nodes = sorted(city.nodes())
    heads = ["walk", "jetski", "metro", "fly", "sewer", *(f"heli:{t.id}" for t in TOOLS)]
    return [
        *(f"{head}:{node}" for head in heads for node in nodes),
        "stop",
        "gas",
        "medevac",
        "escape",
        "walk:",
        "hop:START_H.hospital",
    ]


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_every_step_not_offered_is_refused_naming_it_and_the_legal_ones(
    data: st.DataObject,
) -> None:
    city = data.draw(cities())
    ctx = data.draw(movers(city))
    path = data.draw(st.sampled_from(_walk(data, city, ctx)))
    legal = [step.id for step in next_steps(city, ctx, path)]
    for step_id in _candidates(city, ctx):
        if step_id in legal:
            assert apply_step(city, ctx, path, step_id).steps[-1] == step_id
            continue
        try:
            apply_step(city, ctx, path, step_id)
        except IllegalMoveError as error:
            assert error.legal == legal
            assert repr(step_id) in str(error)
            assert error.reason
        else:
            raise AssertionError(f"{step_id} was accepted but not offered")
