"""Properties of the AVOID step over random police, automata and tools: every officer is
decided exactly once, by a tool that covers it or by a Wound, nothing is used or paid beyond
what the mover has, and every step not offered is refused with the legal ones (§7.4)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from getaway.games.escape_plan import load_content
from getaway.games.escape_plan.avoid import (
    COSTA_BRIBE,
    COSTA_WOUNDS,
    OFFICER_TYPES,
    AvoidContext,
    AvoidTool,
    IllegalAvoidError,
    WoundTrack,
    asset_tool,
    avoid_result,
    avoid_steps,
    contact_tool,
    equipment_tool,
    gang_member_tool,
    take_wounds,
)

CONTENT = load_content()
TILES = ("T1", "T2", "T3")


def _tools() -> tuple[AvoidTool, ...]:
    found: list[AvoidTool] = [equipment_tool(kind, 2) for kind in CONTENT.equipment.equipment]
    for card in CONTENT.contacts.cards:
        tool = contact_tool(card)
        if tool is not None:
            found.append(tool)
    for asset in CONTENT.assets.assets:
        tool = asset_tool(asset, 3)
        if tool is not None:
            found.append(tool)
    found.append(gang_member_tool("D1.gang", 2))
    return tuple(found)


TOOLS = _tools()


@st.composite
def situations(draw: st.DrawFn) -> AvoidContext:
    tiles = TILES[: draw(st.integers(1, 3))]
    police = tuple(
        (tile, tuple(kind for kind in OFFICER_TYPES if draw(st.booleans()))) for tile in tiles
    )
    green = draw(st.integers(0, 3))
    return AvoidContext(
        tiles=tiles,
        police=tuple(entry for entry in police if entry[1]),
        sandra=draw(st.sampled_from([None, *TILES])),
        costa=draw(st.sampled_from([None, *TILES])),
        tools=tuple(tool for tool in TOOLS if draw(st.booleans())),
        cash=draw(st.integers(0, 8)),
        wounds=WoundTrack(green, 3 - green, draw(st.integers(0, 2))),
    )


def _decide(data: st.DataObject, ctx: AvoidContext) -> list[str]:
    steps: list[str] = []
    while options := avoid_steps(ctx, steps):
        assert len(set(options)) == len(options)
        steps.append(data.draw(st.sampled_from(options)))
    return steps


@settings(max_examples=150, deadline=None)
@given(st.data())
def test_every_officer_is_avoided_by_a_tool_that_covers_it_or_wounds(
    data: st.DataObject,
) -> None:
    ctx = data.draw(situations())
    result = avoid_result(ctx, _decide(data, ctx))
    threats = [threat.id for threat in ctx.threats]
    decided = [officer for officer, _ in result.avoided] + list(result.wounded_by)
    assert sorted(decided) == sorted(threats)
    tools = {tool.id: tool for tool in ctx.tools}
    for officer, tool_id in result.avoided:
        tool = tools[tool_id]
        kind = officer.split(":")[1]
        kind = result.sandra_type.lower() if kind == "sandra" and result.sandra_type else kind
        assert tool.reach == "tile" or kind.upper() in tool.covers
    for tool_id, uses in result.used:
        assert 1 <= uses <= tools[tool_id].count
    paid = sum(tools[tool_id].cost * uses for tool_id, uses in result.used)
    stars = sum(int(tools[tool_id].star) * uses for tool_id, uses in result.used)
    assert result.notoriety == stars
    costa = ctx.costa is not None and ctx.costa in ctx.tiles
    bribe = COSTA_BRIBE if result.costa_bribed else 0
    assert result.cash == paid + bribe <= ctx.cash
    assert result.costa_bribed == (ctx.cash - paid >= COSTA_BRIBE if costa else None)
    extra = COSTA_WOUNDS if result.costa_bribed is False else 0
    assert result.wounds == len(result.wounded_by) + extra
    assert result.track == take_wounds(ctx.wounds, result.wounds)
    assert result.track.green + result.track.red == 3


def _candidates(ctx: AvoidContext) -> list[str]:
    heads = [*(tool.id for tool in TOOLS), "wound", "cape"]
    officers = [f"{tile}:{kind}" for tile in TILES for kind in ("federal", "local", "swat")]
    officers += [f"{tile}:sandra" for tile in TILES]
    return [
        *(f"{head}:{officer}" for head in heads for officer in officers),
        *(f"sandra:{kind}" for kind in ("federal", "local", "swat", "police")),
        "wound",
    ]


@settings(max_examples=40, deadline=None)
@given(st.data())
def test_every_step_not_offered_is_refused_naming_it_and_the_legal_ones(
    data: st.DataObject,
) -> None:
    ctx = data.draw(situations())
    steps = _decide(data, ctx)
    prefix = steps[: data.draw(st.integers(0, len(steps)))]
    legal = avoid_steps(ctx, prefix)
    for step in _candidates(ctx):
        if step in legal:
            avoid_steps(ctx, [*prefix, step])
            continue
        try:
            avoid_steps(ctx, [*prefix, step])
        except IllegalAvoidError as error:
            assert error.legal == legal and error.reason
            assert repr(step) in str(error)
        else:
            raise AssertionError(f"{step} was accepted but not offered")
