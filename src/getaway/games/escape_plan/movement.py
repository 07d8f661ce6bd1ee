"""Step 1 of a Move action, MOVE (spec §7.3): the pawn's path, one step at a time, with its
running cost in movement points (MP), over a :class:`~getaway.games.escape_plan.city.CityMap`.

A Move is a decision in steps (``getaway.core.steps``): :func:`next_steps` lists every step
that may follow the path so far, each of which can still end legally (a step never leads
into a dead end), and :func:`apply_step` takes one. Step ids, stable and readable:

* ``walk:<node>`` walk to a neighbouring node: 1 MP, or 0 through the same terrain (R-MV-2,
  R-MV-3); water only if its body has a Ferry (R-MV-6) or a Jet Ski opened it;
* ``jetski:<node>`` walk into water whose body has no Ferry, using a Jet Ski card for that
  body this turn (§17.2);
* ``metro:<node>`` ride from the Metro just entered (or started in) to another Metro: 0 MP,
  +1 MP the first time in the turn (R-METRO-2, R-METRO-3, R-MV-5);
* ``fly:<node>`` fly from the Heliport location just entered (or started in) to a node on a
  tile 1 or 2 tiles away: 1 MP (R-HELI-1);
* ``heli:<tool>:<node>`` the same flight as an executive action from anywhere on a Heliport
  (a Heliport tile or location, §8.4) with the Chopper card, the Helicopter fixer or a gang
  member's ability G2 (``<tool>`` is the :class:`MoveTool` id, e.g. ``chopper``,
  ``gang@START_G.gang``): 1 MP (§8.2, §17.2, §17.3);
* ``sewer:<node>`` from the terrain area you are in to a terrain area of a tile 2 tiles away
  along the Sewer diagram: 0 MP onto the same terrain, else 1 (§17.2);
* ``gas`` return a Gas Can for +1 MP (R-MV-4); offered only when no MP is left, since MP are
  spent one at a time and a can spent earlier buys nothing more;
* ``medevac`` the Medevac card: straight to the Hospital, and the move is over (§17.2);
* ``escape`` leave the city through the open Exit you stand on (Day 3, §13.1); the move is
  over;
* ``stop`` end the move here: in a location other than the start (R-MV-1) and not one the
  mover may not visit (R-VIS-3).

The path records the tiles the pawn occupied (§7.3.5) for AVOID (``avoid.py``). Everything
here is pure: a :class:`MovePath` is a small immutable value, and nothing is copied deeply.
What movement asks of the city is indexed once per map in ``movement_map.py``; whether a
path can still end is ``movement_search.py``'s.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Literal, NamedTuple, Protocol

from getaway.core.errors import GetawayError
from getaway.games.escape_plan.city import MEMO_KEPT, CityMap
from getaway.games.escape_plan.movement_map import (
    FLIGHT_COST,
    FLIGHT_RANGE,
    METRO_BONUS,
    MOVEMENT_POINTS,
    CityIndex,
    city_index,
)
from getaway.games.escape_plan.movement_search import (
    Dead,
    Frontier,
    can_finish,
    can_finish_from,
    first_look,
)
from getaway.games.escape_plan.schema import ContactCard, Fixer

STOP = "stop"
GAS = "gas"
MEDEVAC = "medevac"
ESCAPE = "escape"

StepKind = Literal[
    "walk", "jetski", "metro", "fly", "heli", "sewer", "gas", "medevac", "escape", "stop"
]
#: How a move ended: stopped in a location, carried off by Medevac, or escaped.
Ending = Literal["stop", "medevac", "escape"]
#: What a movement tool does: a flight from a Heliport, a Sewer trip, a Jet Ski for one body
#: of water, or Medevac.
ToolEffect = Literal["flight", "sewer", "jet_ski", "medevac"]


class IllegalMoveError(GetawayError):
    """A step that may not follow the path so far; names the step and the legal ones."""

    def __init__(self, step: str, number: int, reason: str, legal: Sequence[str]) -> None:
        self.step = step
        self.number = number
        self.reason = reason
        self.legal = list(legal)
        shown = ", ".join(self.legal[:20]) or "none"
        if len(self.legal) > 20:
            shown += f", ... ({len(self.legal) - 20} more)"
        super().__init__(
            f"step {number} {step!r} is not legal ({reason}); legal steps here: {shown}"
        )


@dataclass(frozen=True, slots=True)
class MoveTool:
    """Something the mover holds that moves the pawn in an unusual way, ``count`` uses of it.
    Contact cards cost ``cost`` ($k) on each use and a red ``star`` gains 1 notoriety (§8.2);
    a Fixer or a gang member costs nothing more (paid when bought or hired)."""

    id: str
    effect: ToolEffect
    count: int = 1
    cost: int = 0
    star: bool = False


_CARD_EFFECTS: dict[str, ToolEffect] = {
    "chopper": "flight",
    "sewer": "sewer",
    "jet_ski": "jet_ski",
    "medevac": "medevac",
}


def card_tool(card: ContactCard, count: int = 1) -> MoveTool | None:
    """The movement tool of a face-up Contact card, or ``None`` if the card does not move
    the pawn. The Gang card's G2 ability is :func:`gang_card_tool`."""
    effect = _CARD_EFFECTS.get(card.effect)
    if effect is None:
        return None
    return MoveTool(card.id, effect, count, card.cost, card.star)


def gang_card_tool(card: ContactCard, count: int = 1) -> MoveTool:
    """The Gang card used for a gang member's ability G2, the flight (§17.2, §8.2)."""
    return MoveTool(card.id, "flight", count, card.cost, card.star)


def fixer_tool(fixer: Fixer) -> MoveTool | None:
    """The flight of the Helicopter fixer, or of the Motorcycle fixer used as G2 (§17.3);
    ``None`` for a Fixer that does not move the pawn. Fixers are paid when bought."""
    if fixer.effect in ("helicopter", "gang_ability"):
        return MoveTool(fixer.id, "flight")
    return None


def gang_member_tool(gang_location: str, members: int = 1) -> MoveTool:
    """Gang members hired at ``gang_location``, each usable once for ability G2 (§8.2)."""
    return MoveTool(f"gang@{gang_location}", "flight", members)


class Tool(Protocol):
    """What movement and Avoid tools share: an id, a number of uses, a price per use."""

    @property
    def id(self) -> str: ...
    @property
    def count(self) -> int: ...
    @property
    def cost(self) -> int: ...


def tools_problem(tools: Iterable[Tool]) -> str | None:
    """What is wrong with a list of tools (each id once, no ':' in it, no negative count or
    price), or ``None``."""
    seen: set[str] = set()
    for tool in tools:
        if tool.id in seen:
            return f"{tool.id!r} is listed twice; list it once with its count"
        seen.add(tool.id)
        if not tool.id or ":" in tool.id:
            return f"{tool.id!r} is not a tool id: a non-empty name without ':'"
        if tool.count < 0 or tool.cost < 0:
            return f"{tool.id!r} has a negative count or price"
    return None


@dataclass(frozen=True, slots=True)
class MoveContext:
    """Everything about the mover that the MOVE step depends on.

    ``no_stop`` holds the locations the mover may not end in because they could not visit
    them (R-VIS-3: a Business already visited, a Gang with a pawn in it...): the engine knows
    those. ``escape_exit`` is the open Exit's node when escaping is allowed now (Day 3 only,
    R-ESC-1), else ``None``. ``cash`` pays the cards among ``tools``.
    """

    start: str
    movement_points: int = MOVEMENT_POINTS
    gas_cans: int = 0
    cash: int = 0
    tools: tuple[MoveTool, ...] = ()
    no_stop: frozenset[str] = frozenset()
    escape_exit: str | None = None
    #: The hash of the fields above, worked out once: every step of a Move looks its
    #: next steps up by context (``_next_steps``), and a dataclass hashes all its fields
    #: each time it is asked.
    _hash: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        problem = tools_problem(self.tools)
        if problem:
            raise GetawayError(f"movement tools: {problem}")
        if min(self.movement_points, self.gas_cans, self.cash) < 0:
            raise GetawayError(
                "movement points, Gas Cans and cash cannot be negative; got "
                f"{self.movement_points}, {self.gas_cans}, {self.cash}"
            )
        fields = (
            self.start,
            self.movement_points,
            self.gas_cans,
            self.cash,
            self.tools,
            self.no_stop,
            self.escape_exit,
        )
        object.__setattr__(self, "_hash", hash(fields))  # frozen: set once, here

    def __hash__(self) -> int:
        return self._hash

    def tool(self, tool_id: str) -> MoveTool | None:
        for tool in self.tools:
            if tool.id == tool_id:
                return tool
        return None


class MovePath(NamedTuple):
    """A MOVE step so far: where the pawn is, what it has spent, what it may still do. A
    named tuple: every step of a Move makes one (and the dead-end check one per candidate)."""

    start: str
    node: str
    #: The step ids taken, in order.
    steps: tuple[str, ...] = ()
    #: The tiles the pawn occupied, in order, the start tile first (§7.3.5); a tile is not
    #: repeated while the pawn stays on it.
    tiles: tuple[str, ...] = ()
    #: MP spent, and MP available so far (base + Gas Cans + the Metro bonus).
    spent: int = 0
    budget: int = MOVEMENT_POINTS
    gas_spent: int = 0
    rode_metro: bool = False
    #: The pawn has just entered a Metro or Heliport location (or started in one), so it may
    #: ride or fly from it (R-METRO-2, R-HELI-1).
    entered: bool = True
    #: Water bodies (named by their first node in sorted order) opened by Jet Skis.
    jet_ski_bodies: tuple[str, ...] = ()
    #: Movement tools used: (tool id, uses), in first-use order.
    used: tuple[tuple[str, int], ...] = ()
    cash_spent: int = 0
    #: Notoriety gained from red stars on cards used.
    notoriety: int = 0
    ended: Ending | None = None

    @property
    def remaining(self) -> int:
        return self.budget - self.spent

    def uses(self, tool_id: str) -> int:
        for used_id, count in self.used:
            if used_id == tool_id:
                return count
        return 0


class Step(NamedTuple):
    """One step that may follow a path: its id, what it is, where the pawn ends up, its MP
    cost, whether the move may stop right after it (with ``stop``, or because the step ends
    the move itself), and the tool it uses with its price in $k (a card's cost), if any. A
    named tuple: every step of a Move makes a few of them."""

    id: str
    kind: StepKind
    to: str
    cost: int
    may_stop: bool
    tool: str | None = None
    price: int = 0


#: A named tuple made from all its fields in order, as ``MovePath(...)`` and ``Step(...)``
#: would make it: their generated constructors, with keywords or defaults, cost several
#: times more, and a Move makes a path per step and a few steps per position.
_made = tuple.__new__


# --- the path ----------------------------------------------------------------------------------


def start_path(city: CityMap, ctx: MoveContext) -> MovePath:
    """The path before any step: the pawn in its start location."""
    index = city_index(city)
    if ctx.start not in index.tile:
        raise GetawayError(f"start {ctx.start!r} is not a node of the city")
    if index.kind[ctx.start] is None:
        raise GetawayError(f"start {ctx.start!r} is a terrain area; a pawn starts in a location")
    if ctx.escape_exit is not None and index.kind.get(ctx.escape_exit) != "EXIT":
        raise GetawayError(f"escape exit {ctx.escape_exit!r} is not an Exit of the city")
    start = ctx.start
    return _made(
        MovePath,
        (start, start, (), (index.tile[start],), 0, ctx.movement_points, 0, False, True, (), (),
         0, 0, None),
    )  # fmt: skip


def may_stop(city: CityMap, ctx: MoveContext, path: MovePath) -> bool:
    """Whether the move may end with ``path`` (``stop``): in a location other than the start
    (R-MV-1) that the mover may visit (R-VIS-3)."""
    if path.ended is not None:
        return False
    node = path.node
    return (
        city_index(city).kind[node] is not None and node != path.start and node not in ctx.no_stop
    )


def _crossable(index: CityIndex, path: MovePath, node: str) -> bool:
    body = index.body.get(node)
    return body is None or body in index.ferried or body in path.jet_ski_bodies


def _tool_usable(ctx: MoveContext, path: MovePath, tool: MoveTool) -> bool:
    return path.uses(tool.id) < tool.count and ctx.cash - path.cash_spent >= tool.cost


def _moves(city: CityMap, ctx: MoveContext, path: MovePath) -> Iterator[tuple[str, StepKind, str]]:
    """Every step the rules allow after ``path``, dead ends included: (id, kind, to)."""
    if path.ended is not None:
        return
    index = city_index(city)
    node = path.node
    remaining = path.remaining
    kind = index.kind[node]
    if may_stop(city, ctx, path):
        yield STOP, "stop", node
    tools = ctx.tools  # most movers hold none: their checks are skipped
    # Walking (R-MV-2, R-MV-3), into water only where it is open (R-MV-6, Jet Ski).
    jet_ski = (
        next((t for t in tools if t.effect == "jet_ski" and _tool_usable(ctx, path, t)), None)
        if tools
        else None
    )
    links = city.links[node]
    # In name order (``CityMap.links`` is sorted): the same steps in every process.
    body_of, ferried = index.body, index.ferried
    for near, cost in links.items():
        if cost > remaining:
            continue
        body = body_of.get(near)  # ``_crossable``, read in place
        if body is None or body in ferried or body in path.jet_ski_bodies:
            yield f"walk:{near}", "walk", near
        elif jet_ski is not None:
            yield f"jetski:{near}", "jetski", near
    # The Metro (R-METRO-2).
    if kind == "METRO" and path.entered:
        for metro in index.metros:
            if metro != node:
                yield f"metro:{metro}", "metro", metro
    # Flights: the Heliport location (R-HELI-1), the helicopter executive actions (§8.4).
    tile = index.tile[node]
    if remaining >= FLIGHT_COST and (kind == "HELIPORT" or tile in index.heliport_tiles):
        targets = [n for n in index.flights[tile] if _crossable(index, path, n)]
        if kind == "HELIPORT" and path.entered:
            for target in targets:
                yield f"fly:{target}", "fly", target
        for tool in tools:
            if tool.effect == "flight" and _tool_usable(ctx, path, tool):
                for target in targets:
                    yield f"heli:{tool.id}:{target}", "heli", target
    # The Sewer, from a terrain area (§17.2).
    terrain = index.terrain[node]
    if (
        terrain is not None
        and tools
        and any(t.effect == "sewer" and _tool_usable(ctx, path, t) for t in tools)
    ):
        for target in index.sewers[index.tile[node]]:
            cost = 0 if index.terrain[target] == terrain else 1
            if cost <= remaining and _crossable(index, path, target):
                yield f"sewer:{target}", "sewer", target
    # Gas Cans, when the MP run out (R-MV-4).
    if remaining == 0 and path.gas_spent < ctx.gas_cans:
        yield GAS, "gas", node
    # Medevac: to the Hospital, which must differ from the start (R-MV-1).
    hospital = index.hospital
    if (
        tools
        and hospital is not None
        and hospital != path.start
        and hospital not in ctx.no_stop
        and any(t.effect == "medevac" and _tool_usable(ctx, path, t) for t in tools)
    ):
        yield MEDEVAC, "medevac", hospital
    # Escaping through the open Exit (R-ESC-1).
    if ctx.escape_exit is not None and node == ctx.escape_exit:
        yield ESCAPE, "escape", node


def _first_tool(ctx: MoveContext, path: MovePath, effect: ToolEffect) -> MoveTool:
    for tool in ctx.tools:
        if tool.effect == effect and _tool_usable(ctx, path, tool):
            return tool
    raise AssertionError(f"no usable {effect} tool")  # _moves offered it


def _advance(
    city: CityMap, ctx: MoveContext, path: MovePath, step_id: str, kind: StepKind, to: str
) -> MovePath:
    """``path`` after a step that :func:`_moves` offered."""
    index = city_index(city)
    # Paths are made with every field in order (``_made``): one per step taken.
    (start, node, steps, tiles, spent, budget, gas_spent, rode, _, bodies, used, cash_spent,
     notoriety, _) = path  # fmt: skip
    if kind == "stop":
        return _made(
            MovePath,
            (start, node, (*steps, step_id), tiles, spent, budget, gas_spent, rode,
             path.entered, bodies, used, cash_spent, notoriety, "stop"),
        )  # fmt: skip
    if kind == "gas":
        return _made(
            MovePath,
            (start, node, (*steps, step_id), tiles, spent, budget + 1, gas_spent + 1, rode,
             path.entered, bodies, used, cash_spent, notoriety, None),
        )  # fmt: skip
    cost = 0
    tool: MoveTool | None = None
    ended: Ending | None = None
    if kind in ("walk", "jetski"):
        cost = city.links[node][to]
        if kind == "jetski":
            tool = _first_tool(ctx, path, "jet_ski")
            bodies = (*bodies, index.body[to])
    elif kind == "metro":
        if not rode:
            budget += METRO_BONUS
        rode = True
    elif kind == "fly":
        cost = FLIGHT_COST
    elif kind == "heli":
        cost = FLIGHT_COST
        tool = ctx.tool(step_id.split(":", 2)[1])
    elif kind == "sewer":
        cost = 0 if index.terrain[to] == index.terrain[node] else 1
        tool = _first_tool(ctx, path, "sewer")
    elif kind == "medevac":
        tool = _first_tool(ctx, path, "medevac")
        ended = "medevac"
    elif kind == "escape":
        ended = "escape"
    if tool is not None:
        used = _count_use(used, tool.id)
        cash_spent += tool.cost
        notoriety += int(tool.star)
    tile = index.tile[to]
    if tiles[-1] != tile:
        tiles = (*tiles, tile)
    # Walking in or landing counts as entering (R-METRO-2, §22 change 2); arriving by the
    # Metro does not: riding again from there would reach nothing new.
    entered = kind in ("walk", "jetski", "fly", "heli")
    return _made(
        MovePath,
        (start, to, (*steps, step_id), tiles, spent + cost, budget, gas_spent, rode, entered,
         bodies, used, cash_spent, notoriety, ended),
    )  # fmt: skip


def advance(city: CityMap, ctx: MoveContext, path: MovePath, step: Step) -> MovePath:
    """``path`` after ``step``, one of ``next_steps(city, ctx, path)`` (not checked again:
    :func:`apply_step` checks a step id)."""
    return _advance(city, ctx, path, step.id, step.kind, step.to)


def _count_use(used: tuple[tuple[str, int], ...], tool_id: str) -> tuple[tuple[str, int], ...]:
    for position, (used_id, count) in enumerate(used):
        if used_id == tool_id:
            return (*used[:position], (tool_id, count + 1), *used[position + 1 :])
    return (*used, (tool_id, 1))


def next_steps(city: CityMap, ctx: MoveContext, path: MovePath) -> list[Step]:
    """The steps that may follow ``path``, each leading to a legal ending (``stop`` among
    them where the move may end now). Empty once the move has ended."""
    return list(_next_steps(city, ctx, path)[0])


def following_steps(
    city: CityMap, ctx: MoveContext, path: MovePath
) -> tuple[tuple[Step, ...], tuple[str, ...]]:
    """:func:`next_steps` as the tuple it is kept as (not copied), with the tuple of their
    ids (the legal list of a turn whose Move goes on)."""
    return _next_steps(city, ctx, path)


def _next_steps(
    city: CityMap, ctx: MoveContext, path: MovePath
) -> tuple[tuple[Step, ...], tuple[str, ...]]:
    # Kept on the map (``CityMap.memo``): a decision in steps is replayed from its start
    # each time the game asks what may follow (maps are immutable; contexts are frozen
    # values), so the dead-end search runs once per position, not once per replay. A position is
    # what the steps depend on: not the steps taken, the tiles crossed or the notoriety
    # gained (a pawn walking back and forth over free terrain comes back to the same
    # position), and a step's cost and price are differences.
    key = (
        ctx,
        path.start,
        path.node,
        path.budget - path.spent,
        path.gas_spent,
        path.rode_metro,
        path.entered,
        path.jet_ski_bodies,
        path.used,
        path.cash_spent,
        path.ended,
    )
    known = city.memo.steps
    found = known.get(key)
    if found is None:
        if len(known) >= MEMO_KEPT:
            known.clear()
        steps = tuple(_following(city, ctx, path))
        found = known[key] = (steps, tuple([step.id for step in steps]))
    return found


def _following(city: CityMap, ctx: MoveContext, path: MovePath) -> Iterator[Step]:
    """The steps of :func:`next_steps`, each worked out when asked for."""
    if not ctx.tools and path.ended is None:
        return _following_without_tools(city, ctx, path)
    return _following_with_tools(city, ctx, path)


def _following_without_tools(city: CityMap, ctx: MoveContext, path: MovePath) -> Iterator[Step]:
    """:func:`_following` for a mover without tools, the usual one: only walks, the Metro,
    the Heliport location's flights, Gas Cans, ``stop`` and ``escape`` (``_moves`` in that
    order, read in place), and each step's state after it is asked of the search as it
    stands (node, Metro ridden, just entered, MP) without making its :class:`MovePath`. Its
    steps are made as ``Step(id, kind, to, cost, may_stop)`` would make them (``_made``)."""
    index = city_index(city)
    kind_of = index.kind
    node, start, no_stop = path.node, path.start, ctx.no_stop
    remaining = path.budget - path.spent
    mp = remaining + ctx.gas_cans - path.gas_spent
    rode = path.rode_metro
    here = kind_of[node]
    ends_here = here is not None and node != start and node not in no_stop
    if ends_here:
        yield _made(Step, (STOP, "stop", node, 0, True, None, 0))
    dead: Frontier = {}
    body_of, ferried = index.body, index.ferried
    for near, cost in city.links[node].items():
        if cost > remaining:
            continue
        body = body_of.get(near)
        if body is not None and body not in ferried:
            continue  # water without a Ferry: a Jet Ski would open it
        if kind_of[near] is not None and near != start and near not in no_stop:
            # The move may end there.
            yield _made(Step, (f"walk:{near}", "walk", near, cost, True, None, 0))
        elif can_finish_from(city, ctx, start, near, rode, True, mp - cost, dead):
            yield _made(Step, (f"walk:{near}", "walk", near, cost, False, None, 0))
    if here == "METRO" and path.entered:
        gained = mp if rode else mp + METRO_BONUS
        for metro in index.metros:
            if metro == node:
                continue
            if metro != start and metro not in no_stop:
                yield _made(Step, (f"metro:{metro}", "metro", metro, 0, True, None, 0))
            elif can_finish_from(city, ctx, start, metro, True, False, gained, dead):
                yield _made(Step, (f"metro:{metro}", "metro", metro, 0, False, None, 0))
    if here == "HELIPORT" and path.entered and remaining >= FLIGHT_COST:
        for target in index.flights[index.tile[node]]:
            body = body_of.get(target)
            if body is not None and body not in ferried:
                continue
            if kind_of[target] is not None and target != start and target not in no_stop:
                yield _made(Step, (f"fly:{target}", "fly", target, FLIGHT_COST, True, None, 0))
            elif can_finish_from(city, ctx, start, target, rode, True, mp - FLIGHT_COST, dead):
                yield _made(Step, (f"fly:{target}", "fly", target, FLIGHT_COST, False, None, 0))
    if (
        remaining == 0
        and path.gas_spent < ctx.gas_cans
        and (ends_here or can_finish_from(city, ctx, start, node, rode, path.entered, mp, dead))
    ):
        yield _made(Step, (GAS, "gas", node, 0, ends_here, None, 0))
    if ctx.escape_exit is not None and node == ctx.escape_exit:
        yield _made(Step, (ESCAPE, "escape", node, 0, True, None, 0))


def _following_with_tools(city: CityMap, ctx: MoveContext, path: MovePath) -> Iterator[Step]:
    """:func:`_following` in general: every step of ``_moves``, checked."""
    dead: Dead = {}
    index = city_index(city)
    start, no_stop = path.start, ctx.no_stop
    links = city.links[path.node]
    mp = path.remaining + ctx.gas_cans - path.gas_spent
    for step_id, kind, to in _moves(city, ctx, path):
        if kind == "stop":
            yield Step(step_id, kind, to, 0, True)
            continue
        if kind in ("walk", "fly", "metro"):
            # No tool, no price: the step's cost and the first look of ``can_finish`` tell
            # all, and most steps are decided without working out the path after them.
            cost = links[to] if kind == "walk" else FLIGHT_COST if kind == "fly" else 0
            if index.kind[to] is not None and to != start and to not in no_stop:
                yield Step(step_id, kind, to, cost, True)  # the move may end there
                continue
            bonus = METRO_BONUS if kind == "metro" and not path.rode_metro else 0
            answer = first_look(index, ctx, start, to, mp - cost + bonus)
            if answer is not None:
                if answer:
                    yield Step(step_id, kind, to, cost, False)
                continue
        after = _advance(city, ctx, path, step_id, kind, to)
        if can_finish(city, ctx, after, dead):
            yield Step(
                step_id,
                kind,
                to,
                after.spent - path.spent,
                after.ended is not None or may_stop(city, ctx, after),
                _new_use(path, after),
                after.cash_spent - path.cash_spent,
            )


def _new_use(before: MovePath, after: MovePath) -> str | None:
    """The tool a step used: the one whose use count went up."""
    for tool_id, count in after.used:
        if count > before.uses(tool_id):
            return tool_id
    return None


def can_move(city: CityMap, ctx: MoveContext) -> bool:
    """Whether any legal move exists from the start: the Move action may be offered only
    then (a pawn with too few MP, or hemmed in by places it may not visit, must Rest).
    Asked step by step until one is found: the whole list is worked out only for a Move.
    Kept on the map like :func:`next_steps`: a turn's legal list and its first step both
    ask it."""
    known = city.memo.can_move
    found = known.get(ctx)
    if found is None:
        if len(known) >= MEMO_KEPT:
            known.clear()
        found = known[ctx] = next(_following(city, ctx, start_path(city, ctx)), None) is not None
    return found


def apply_step(city: CityMap, ctx: MoveContext, path: MovePath, step_id: str) -> MovePath:
    """``path`` extended by ``step_id``; raises :class:`IllegalMoveError` naming the step,
    why it may not be taken and the legal steps."""
    legal = next_steps(city, ctx, path)
    for step in legal:
        if step.id == step_id:
            return _advance(city, ctx, path, step.id, step.kind, step.to)
    reason = _why_not(city, ctx, path, step_id)
    raise IllegalMoveError(step_id, len(path.steps) + 1, reason, [s.id for s in legal])


def validate_path(
    city: CityMap, ctx: MoveContext, steps: Iterable[str], *, complete: bool = False
) -> MovePath:
    """Replay ``steps`` from the start; the first illegal one raises
    :class:`IllegalMoveError`. With ``complete``, the path must also have ended (``stop``,
    ``medevac`` or ``escape``)."""
    path = start_path(city, ctx)
    for step_id in steps:
        path = apply_step(city, ctx, path, step_id)
    if complete and path.ended is None:
        legal = [step.id for step in next_steps(city, ctx, path)]
        raise IllegalMoveError(
            "(end)", len(path.steps) + 1, "the move has not ended: end it with stop", legal
        )
    return path


def path_cost(city: CityMap, ctx: MoveContext, steps: Iterable[str]) -> int:
    """The MP ``steps`` spend (Gas Cans and the Metro bonus add MP; they cost none)."""
    return validate_path(city, ctx, steps).spent


def tiles_crossed(path: MovePath) -> tuple[str, ...]:
    """The tiles the pawn occupied during MOVE, in order (§7.3.5): the start tile, the tile
    of each node walked into, and only the destination of a transport leg (Metro, flights,
    Sewer, Medevac)."""
    return path.tiles


# --- why a step is refused ---------------------------------------------------------------------


def _why_not(city: CityMap, ctx: MoveContext, path: MovePath, step_id: str) -> str:
    if path.ended is not None:
        return f"the move has already ended ({path.ended})"
    index = city_index(city)
    head, _, rest = step_id.partition(":")
    offered = {s: (k, to) for s, k, to in _moves(city, ctx, path)}
    if step_id in offered:
        return "every way on from it leads to no location where the move may end"
    node = path.node
    if head == STOP:
        if index.kind[node] is None:
            return f"{node} is a terrain area; a move ends in a location"
        if node == path.start:
            return "a move must end in a location other than where it started"
        return f"{node} cannot be visited by this player now"
    if head == GAS:
        if path.gas_spent >= ctx.gas_cans:
            return "no Gas Can left"
        return f"{path.remaining} MP are still left; a Gas Can is spent when they run out"
    if head == MEDEVAC:
        return "no usable Medevac card, or the Hospital is where the move started"
    if head == ESCAPE:
        if ctx.escape_exit is None:
            return "escaping is possible only on Day 3 through the open Exit"
        return f"the pawn is not on the open Exit {ctx.escape_exit}"
    if head not in ("walk", "jetski", "metro", "fly", "heli", "sewer") or not rest:
        return f"unknown step {step_id!r}"
    target = rest.rsplit(":", 1)[-1]
    if target not in index.tile:
        return f"{target!r} is not a node of the city"
    if head in ("walk", "jetski"):
        if target not in city.links[node]:
            return f"{target} does not touch {node} along a side"
        if city.links[node][target] > path.remaining:
            return f"not enough MP ({path.remaining} left)"
        if not _crossable(index, path, target):
            return f"{target} is water without a Ferry; a Jet Ski card could open it"
        return f"{target} is open water: walk into it with walk:{target}"
    if head == "metro":
        if index.kind[node] != "METRO":
            return f"{node} is not a Metro"
        if not path.entered:
            return "the Metro may be ridden only right after entering it"
        return f"{target} is not another Metro"
    if head in ("fly", "heli"):
        if path.remaining < FLIGHT_COST:
            return f"a flight costs {FLIGHT_COST} MP and {path.remaining} are left"
        if head == "fly" and (index.kind[node] != "HELIPORT" or not path.entered):
            return "fly: needs a Heliport location just entered or started in"
        if head == "heli" and not (
            index.kind[node] == "HELIPORT" or index.tile[node] in index.heliport_tiles
        ):
            return f"{node} is not on a Heliport"
        if head == "heli":
            tool = ctx.tool(rest.split(":", 1)[0])
            if tool is None or tool.effect != "flight" or not _tool_usable(ctx, path, tool):
                return "no such flight tool left, or not enough cash for it"
        if target not in index.flights[index.tile[node]]:
            return f"{target} is not on a tile {FLIGHT_RANGE[0]} or {FLIGHT_RANGE[1]} tiles away"
        return f"{target} is water without a Ferry"
    if head == "sewer":
        if index.terrain[node] is None:
            return "the Sewer starts from a terrain area"
        if target not in index.sewers[index.tile[node]]:
            return f"{target} is not a terrain area at the other end of a Sewer line"
        return "no usable Sewer card, not enough MP, or water without a Ferry"
    return f"unknown step {step_id!r}"
