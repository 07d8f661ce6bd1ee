"""Step 2 of a Move action, AVOID (spec §7.4): which tiles' police the mover must avoid, how
each officer is avoided or wounds, and what that costs.

The choice is a decision in steps, one officer at a time in a fixed order (the tiles in the
order they were left; on each tile Federal, Local, SWAT, then Sandra), so no two orders of
the same choices are offered. Step ids:

* ``sandra:<type>`` first, if Sandra stands on a tile to avoid: the type she counts as,
  chosen by the avoider (R-AV-5), ``federal``, ``local`` or ``swat``;
* ``<tool>:<tile>:<officer>`` the next officer not yet avoided is avoided with ``<tool>``
  (an :class:`AvoidTool` id: ``vest``, ``stunt``, ``boxer``, ``fast_car``, ``avoid_all``,
  ``gang@START_G.gang``...). A tool that covers a whole tile, or every officer of a type on
  a tile, covers the others it reaches too, which then need no step;
* ``wound:<tile>:<officer>`` the officer is not avoided: 1 Wound (R-AV-4).

``<officer>`` is ``federal``, ``local``, ``swat`` or ``sandra``. The decision is complete
when every officer is avoided or wounds. Lieutenant Costa on a tile to avoid is not an
officer: the mover then pays him $3k, or takes 2 Wounds without the cash (§16.4).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Literal

from getaway.core.errors import GetawayError
from getaway.games.escape_plan.movement import MovePath, tools_problem
from getaway.games.escape_plan.schema import Asset, ContactCard, Equipment, Fixer, Officer

#: Officer types in the order they are asked about on a tile.
OFFICER_TYPES: tuple[Officer, ...] = ("FEDERAL", "LOCAL", "SWAT")
#: Each officer type's name in step ids.
_NAME_OF_TYPE: dict[Officer, str] = {kind: kind.lower() for kind in OFFICER_TYPES}
SANDRA = "sandra"
WOUND = "wound"
#: Lieutenant Costa's bribe ($k) and the Wounds taken without it (§16.4).
COSTA_BRIBE = 3
COSTA_WOUNDS = 2

#: What one use of a tool covers: one officer of its types, every officer of its type on one
#: tile, or every officer on one tile.
Reach = Literal["officer", "type", "tile"]


class IllegalAvoidError(GetawayError):
    """An Avoid step that may not come now; names the step and the legal ones."""

    def __init__(self, step: str, number: int, reason: str, legal: Sequence[str]) -> None:
        self.step = step
        self.number = number
        self.reason = reason
        self.legal = list(legal)
        shown = ", ".join(self.legal) or "none"
        super().__init__(
            f"avoid step {number} {step!r} is not legal ({reason}); legal steps here: {shown}"
        )


@dataclass(frozen=True, slots=True)
class AvoidTool:
    """Something that avoids police, ``count`` uses of it (§7.4's table). A Contact card
    costs ``cost`` ($k) per use and a red ``star`` gains 1 notoriety (§8.2); an Asset costs
    its slot's price; Equipment, Fixers and gang members cost nothing more."""

    id: str
    reach: Reach
    covers: tuple[Officer, ...] = OFFICER_TYPES
    count: int = 1
    cost: int = 0
    star: bool = False


def equipment_tool(equipment: Equipment, count: int = 1) -> AvoidTool:
    """Face-up Equipment of one type: each avoids 1 officer of its types (§17.4)."""
    return AvoidTool(equipment.id, "officer", tuple(equipment.avoids), count)


def contact_tool(card: ContactCard, count: int = 1) -> AvoidTool | None:
    """A face-up Contact card's Avoid effect, or ``None`` if it has none (§17.2): Stunt
    avoids 1 officer; Fighter, Boxer and Ninja every officer of their type on one tile; Fast
    Car, and the Gang card's ability G3, every officer on one tile."""
    if card.effect == "avoid_one_officer":
        return AvoidTool(card.id, "officer", OFFICER_TYPES, count, card.cost, card.star)
    if card.effect == "avoid_type_on_tile":
        types = (card.officer,) if card.officer else OFFICER_TYPES
        return AvoidTool(card.id, "type", types, count, card.cost, card.star)
    if card.effect in ("avoid_all_on_tile", "gang_ability"):
        return AvoidTool(card.id, "tile", OFFICER_TYPES, count, card.cost, card.star)
    return None


def fixer_tool(fixer: Fixer) -> AvoidTool | None:
    """The Motorcycle fixer used as the gang ability G3: every officer on one tile (§17.3)."""
    if fixer.effect == "gang_ability":
        return AvoidTool(fixer.id, "tile")
    return None


def gang_member_tool(gang_location: str, members: int = 1) -> AvoidTool:
    """Gang members hired at ``gang_location``: G3 ignores every officer on one tile (§8.2).
    The id matches the movement tool of the same members (``movement.gang_member_tool``)."""
    return AvoidTool(f"gang@{gang_location}", "tile", OFFICER_TYPES, members)


def asset_tool(asset: Asset, slot_cost: int) -> AvoidTool | None:
    """An unlocked, unused Avoid All Asset: every officer on one tile, for its slot's cost
    (§17.1); ``None`` for other Assets."""
    if asset.effect == "avoid_all_on_tile":
        return AvoidTool(asset.id, "tile", OFFICER_TYPES, 1, slot_cost)
    return None


def after_moving(tools: Iterable[AvoidTool], path: MovePath) -> tuple[AvoidTool, ...]:
    """``tools`` less what the MOVE step used of them (a gang member flown with G2, the Gang
    card, the Motorcycle), dropping the ones used up."""
    left: list[AvoidTool] = []
    for tool in tools:
        used = path.uses(tool.id)
        if tool.count <= used:
            continue  # used up
        if not used and type(tool) is AvoidTool:
            left.append(tool)  # as it is: the same value
        else:
            count = tool.count - used
            left.append(AvoidTool(tool.id, tool.reach, tool.covers, count, tool.cost, tool.star))
    return tuple(left)


# --- which tiles ----------------------------------------------------------------------------


def tiles_to_avoid(path: MovePath) -> tuple[str, ...]:
    """The tiles whose police the mover must avoid, in the order they were left (§7.4):

    * none if the move ended on its start tile (R-AV-1, literally, even after leaving it and
      coming back: [CHOICE] §19 #23), unless escaping;
    * otherwise every tile occupied except the final one, each once (R-AV-2); transport legs
      recorded only their destination (§7.3.5), so tiles flown, ridden or tunnelled over
      are not among them;
    * escaping, the Exit's tile too: you leave it (R-AV-3).
    """
    tiles = path.tiles
    escaping = path.ended == "escape"
    if not escaping and tiles[-1] == tiles[0]:
        return ()
    final = None if escaping else tiles[-1]
    found: list[str] = []
    for tile in tiles:
        if tile != final and tile not in found:
            found.append(tile)
    return tuple(found)


# --- the situation ----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class WoundTrack:
    """A player's wound cubes (§11): ``green`` + ``red`` = 3, and Handcuffs taken."""

    green: int = 3
    red: int = 0
    handcuffs: int = 0

    def __post_init__(self) -> None:
        if min(self.green, self.red, self.handcuffs) < 0 or self.green + self.red != 3:
            raise GetawayError(
                f"a wound track holds 3 cubes, green and red, and no negative count; got "
                f"green {self.green}, red {self.red}, handcuffs {self.handcuffs}"
            )


def take_wounds(track: WoundTrack, wounds: int) -> WoundTrack:
    """``wounds`` Wounds, one by one (R-WND-3): a green cube turns red (R-WND-1); with no
    green cube, a Handcuffs card and a red cube back to green (R-WND-2)."""
    green, red, handcuffs = track.green, track.red, track.handcuffs
    for _ in range(wounds):
        if green > 0:
            green, red = green - 1, red + 1
        else:
            green, red, handcuffs = green + 1, red - 1, handcuffs + 1
    return WoundTrack(green, red, handcuffs)


@dataclass(frozen=True, slots=True)
class Threat:
    """One officer to avoid: a police type on a tile, or Sandra."""

    tile: str
    officer: str  # "federal", "local", "swat" or "sandra"
    #: ``<tile>:<officer>``, spelled once (every Avoid step asks it of every threat).
    id: str = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "id", f"{self.tile}:{self.officer}")  # frozen: set here


@dataclass(frozen=True, slots=True)
class AvoidContext:
    """Everything the AVOID step depends on. ``police`` holds the officers on the tiles to
    avoid; ``sandra`` and ``costa`` the tiles the automata stand on (or ``None``)."""

    tiles: tuple[str, ...]
    police: tuple[tuple[str, tuple[Officer, ...]], ...] = ()
    sandra: str | None = None
    costa: str | None = None
    tools: tuple[AvoidTool, ...] = ()
    cash: int = 0
    wounds: WoundTrack = field(default_factory=WoundTrack)
    #: The officers to avoid, in the order they are asked about: worked out once, since
    #: every Avoid step replays the steps before it and asks for them each time.
    threats: tuple[Threat, ...] = field(init=False, repr=False, compare=False)
    #: Whether Sandra is among them (her type is asked first), worked out with them.
    meets_sandra: bool = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        problem = tools_problem(self.tools)
        if problem:
            raise GetawayError(f"avoid tools: {problem}")
        if self.cash < 0:
            raise GetawayError(f"cash cannot be negative; got {self.cash}")
        # Plain loops: every Move's last step makes a context.
        found: list[Threat] = []
        meets_sandra = False
        if self.police or self.sandra is not None:
            on_tile = dict(self.police)
            for tile in self.tiles:
                here = on_tile.get(tile)
                if here:
                    for kind in OFFICER_TYPES:
                        if kind in here:
                            found.append(Threat(tile, _NAME_OF_TYPE[kind]))
                if self.sandra == tile:
                    found.append(Threat(tile, SANDRA))
                    meets_sandra = True
        object.__setattr__(self, "threats", tuple(found))  # frozen: set once, here
        object.__setattr__(self, "meets_sandra", meets_sandra)

    @property
    def meets_costa(self) -> bool:
        return self.costa is not None and self.costa in self.tiles


def avoid_context(
    path: MovePath,
    police: Mapping[str, Iterable[str]],
    *,
    sandra: str | None = None,
    costa: str | None = None,
    tools: Iterable[AvoidTool] = (),
    cash: int = 0,
    wounds: WoundTrack | None = None,
) -> AvoidContext:
    """The AVOID step after ``path``: its tiles (:func:`tiles_to_avoid`), the police on
    them (``police`` maps any tile to its officers), the tools the MOVE step left, and the
    cash it left (``cash`` is the mover's cash before moving)."""
    if cash < path.cash_spent:
        raise GetawayError(
            f"cash ${cash}k is less than the ${path.cash_spent}k the move spent; pass the "
            "cash held before moving"
        )
    tiles = tiles_to_avoid(path)
    on_tiles: list[tuple[str, tuple[Officer, ...]]] = []
    for tile in tiles:
        here = police.get(tile)
        if here:
            present = set(here)  # read once, whatever iterable it is
            kinds = tuple(kind for kind in OFFICER_TYPES if kind in present)
            if kinds:
                on_tiles.append((tile, kinds))
    return AvoidContext(
        tiles=tiles,
        police=tuple(on_tiles),
        sandra=sandra,
        costa=costa,
        tools=after_moving(tools, path),
        cash=cash - path.cash_spent,
        wounds=wounds or WoundTrack(),
    )


# --- the steps -------------------------------------------------------------------------------


@dataclass(slots=True)
class _Progress:
    sandra_type: Officer | None = None
    #: Officer id -> the tool that avoided it, or "wound".
    outcome: dict[str, str] = field(default_factory=dict)
    uses: dict[str, int] = field(default_factory=dict)
    cash_spent: int = 0
    notoriety: int = 0


#: An officer type by its name in step ids.
_TYPE_NAMED: dict[str, Officer] = {kind.lower(): kind for kind in OFFICER_TYPES}


def _type_of(threat: Threat, progress: _Progress) -> Officer | None:
    if threat.officer == SANDRA:
        return progress.sandra_type
    return _TYPE_NAMED[threat.officer]


def _usable(ctx: AvoidContext, progress: _Progress, tool: AvoidTool, kind: Officer) -> bool:
    return (
        progress.uses.get(tool.id, 0) < tool.count
        and ctx.cash - progress.cash_spent >= tool.cost
        and (tool.reach == "tile" or kind in tool.covers)
    )


def _pending(ctx: AvoidContext, progress: _Progress) -> Threat | None:
    for threat in ctx.threats:
        if threat.id not in progress.outcome:
            return threat
    return None


def _options(ctx: AvoidContext, progress: _Progress) -> list[str]:
    if progress.sandra_type is None and ctx.meets_sandra:
        return [f"{SANDRA}:{kind.lower()}" for kind in OFFICER_TYPES]
    threat = _pending(ctx, progress)
    if threat is None:
        return []
    kind = _type_of(threat, progress)
    assert kind is not None
    options = [f"{tool.id}:{threat.id}" for tool in ctx.tools if _usable(ctx, progress, tool, kind)]
    options.append(f"{WOUND}:{threat.id}")
    return options


def _take(ctx: AvoidContext, progress: _Progress, step: str) -> None:
    """Apply a step that :func:`_options` offered."""
    head, _, _ = step.partition(":")
    if head == SANDRA and progress.sandra_type is None:
        progress.sandra_type = _TYPE_NAMED[step.split(":", 1)[1]]
        return
    threat = _pending(ctx, progress)
    assert threat is not None
    if head == WOUND:
        progress.outcome[threat.id] = WOUND
        return
    tool = next(t for t in ctx.tools if t.id == head)
    progress.uses[tool.id] = progress.uses.get(tool.id, 0) + 1
    progress.cash_spent += tool.cost
    progress.notoriety += int(tool.star)
    kind = _type_of(threat, progress)
    for other in ctx.threats:
        if other.id in progress.outcome:
            continue
        if other == threat or (
            other.tile == threat.tile
            and (
                tool.reach == "tile" or (tool.reach == "type" and _type_of(other, progress) == kind)
            )
        ):
            progress.outcome[other.id] = tool.id


def _replay(ctx: AvoidContext, steps: Iterable[str]) -> _Progress:
    progress = _Progress()
    for number, step in enumerate(steps, start=1):
        legal = _options(ctx, progress)
        if step not in legal:
            raise IllegalAvoidError(step, number, _why_not(ctx, progress, step), legal)
        _take(ctx, progress, step)
    return progress


def avoid_steps(ctx: AvoidContext, steps: Sequence[str] = ()) -> list[str]:
    """The steps that may follow ``steps``; empty once every officer is avoided or wounds
    (then :func:`avoid_result` gives the outcome)."""
    return _options(ctx, _replay(ctx, steps))


@dataclass(frozen=True, slots=True)
class AvoidResult:
    """What the AVOID step did: which tool avoided each officer, who wounded, what was used
    and paid, the wound track after it."""

    #: (officer id, tool id) for every officer avoided, in the order asked.
    avoided: tuple[tuple[str, str], ...]
    #: The officers not avoided: 1 Wound each.
    wounded_by: tuple[str, ...]
    #: Tools used: (tool id, uses): Equipment and Contact cards to flip face down, gang
    #: members to return, the Asset or Fixer spent.
    used: tuple[tuple[str, int], ...]
    #: $k paid: the cards' costs, the Asset's slot cost, Costa's bribe.
    cash: int
    #: Notoriety gained from red stars.
    notoriety: int
    sandra_type: Officer | None
    #: Costa stood on a tile left: ``True`` if bribed, ``False`` if he wounded twice.
    costa_bribed: bool | None
    wounds: int
    #: The wound track after the Wounds (with any new Handcuffs).
    track: WoundTrack

    @property
    def handcuffs(self) -> int:
        """New Handcuffs cards from this step's Wounds."""
        return self.track.handcuffs


def avoid_result(ctx: AvoidContext, steps: Sequence[str]) -> AvoidResult:
    """The outcome of a complete AVOID decision; raises :class:`IllegalAvoidError` on an
    illegal step or an officer not yet decided."""
    return result_of(ctx, _replay(ctx, steps), len(steps))


#: Where an AVOID decision stands (opaque outside this module): what its steps decided.
AvoidProgress = _Progress


def avoid_progress(ctx: AvoidContext, steps: Sequence[str] = ()) -> AvoidProgress:
    """The AVOID decision after ``steps``, each checked in turn (:func:`avoid_steps` is
    :func:`avoid_options` of it)."""
    return _replay(ctx, steps)


def avoid_options(ctx: AvoidContext, progress: AvoidProgress) -> list[str]:
    """The steps that may follow ``progress``; empty once every officer is decided."""
    return _options(ctx, progress)


def avoid_then(ctx: AvoidContext, progress: AvoidProgress, step: str) -> AvoidProgress:
    """``progress`` one step on: ``step`` is one of :func:`avoid_options` (checked by the
    caller, not again). ``progress`` itself stays as it was: a decision one step longer
    need not replay the steps before it."""
    after = _Progress(
        progress.sandra_type,
        dict(progress.outcome),
        dict(progress.uses),
        progress.cash_spent,
        progress.notoriety,
    )
    _take(ctx, after, step)
    return after


def result_of(ctx: AvoidContext, progress: AvoidProgress, taken: int) -> AvoidResult:
    """:func:`avoid_result` of a decision of ``taken`` steps that stands at ``progress``."""
    left = _options(ctx, progress)
    if left:
        raise IllegalAvoidError(
            "(end)", taken + 1, "officers remain to avoid or be wounded by", left
        )
    threats = ctx.threats
    avoided = tuple(
        (t.id, progress.outcome[t.id]) for t in threats if progress.outcome[t.id] != WOUND
    )
    wounded_by = tuple(t.id for t in threats if progress.outcome[t.id] == WOUND)
    wounds = len(wounded_by)
    cash = progress.cash_spent
    bribed: bool | None = None
    # §21.4 avoidStep: the chosen effects first, then Costa with the cash left.
    if ctx.meets_costa:
        bribed = ctx.cash - cash >= COSTA_BRIBE
        if bribed:
            cash += COSTA_BRIBE
        else:
            wounds += COSTA_WOUNDS
    used = tuple(
        (tool.id, progress.uses[tool.id]) for tool in ctx.tools if tool.id in progress.uses
    )
    return AvoidResult(
        avoided=avoided,
        wounded_by=wounded_by,
        used=used,
        cash=cash,
        notoriety=progress.notoriety,
        sandra_type=progress.sandra_type,
        costa_bribed=bribed,
        wounds=wounds,
        track=take_wounds(ctx.wounds, wounds),
    )


def _why_not(ctx: AvoidContext, progress: _Progress, step: str) -> str:
    head, _, rest = step.partition(":")
    threat = _pending(ctx, progress)
    needs_sandra = progress.sandra_type is None and any(t.officer == SANDRA for t in ctx.threats)
    if needs_sandra:
        if head == SANDRA:
            return f"Sandra counts as federal, local or swat, not {rest!r}"
        return "first choose the type Sandra counts as"
    if threat is None:
        return "every officer is already avoided or has wounded"
    if rest != threat.id:
        return f"the officer to decide now is {threat.id}"
    if head == SANDRA:
        return "Sandra's type is already chosen"
    tool = next((t for t in ctx.tools if t.id == head), None)
    if tool is None:
        return f"no tool {head!r}; tools held: {', '.join(t.id for t in ctx.tools) or 'none'}"
    if progress.uses.get(tool.id, 0) >= tool.count:
        return f"{tool.id} is used up"
    if ctx.cash - progress.cash_spent < tool.cost:
        return f"{tool.id} costs ${tool.cost}k and ${ctx.cash - progress.cash_spent}k are left"
    covers = ", ".join(kind.lower() for kind in tool.covers)
    return f"{tool.id} avoids only {covers}"
