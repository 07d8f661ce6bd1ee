"""Escape Plan's own bot: ``heuristic``, which plays any seat from the seat's view alone.

It scores each legal action by its id (the ids of ``actions.py``, the Move and Avoid steps of
``movement.py`` / ``avoid.py``, the converge and unlock tasks of the Notoriety half, and the
documented VISIT, executive, bonus and Handcuffs steps of ``visit.py``, ``executive.py``,
``bonuses.py``) against what the view shows (:mod:`.bots_view`), and plays the best, ties
broken by the generator. What it plays for:

* cash and its Escape Plan card: a Move heads for the placed Business and Safe House spaces
  of its card's lines it has not visited, the richest first, and away from police;
* no Wounds: officers on the tile it leaves cost it, tools are spent before Wounds, a
  wounded pawn values the Hospital, the Clinic and First Aid;
* escape: on the last Day, with the escape cost in hand, the open Exit is worth more than
  anything; cash is kept for it (no buying below the reserve).

Unknown ids score 0, below every useful action and above wasting ones, so a step the
engine adds later is played rather than crashing the bot. Cost: one Dijkstra over the city
per Move step, well under a millisecond.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from getaway.core.bots import Bot, ViewBot, best_scored
from getaway.core.rng import Rng
from getaway.games.escape_plan.bots_view import (
    ASSET_ORDER,
    DISTANCE_COST,
    ESCAPE_VALUE,
    OFFICER_COST,
    SeatView,
    node_tile,
)

#: Move steps that take the pawn to a node (the node is the last ``:`` part).
NODE_STEPS = frozenset({"walk", "jetski", "metro", "fly", "sewer", "heli"})
#: Steps that end a Move where the pawn stands.
END_STEPS = frozenset({"stop", "done"})
#: The last part of an Avoid step (``avoid.Threat.id``).
OFFICERS = frozenset({"federal", "local", "swat", "sandra"})


def asset_score(asset: str) -> float:
    """Preference among Assets to unlock (first of ``ASSET_ORDER`` best)."""
    if asset in ASSET_ORDER:
        return 1.0 - ASSET_ORDER.index(asset) / len(ASSET_ORDER)
    return 0.0


class HeuristicBot(ViewBot):
    """Plays any seat of Escape Plan from the seat's view alone."""

    name = "heuristic"

    def pick(self, seat: str, view: Mapping[str, Any], legal: Sequence[str], rng: Rng) -> str:
        reader = SeatView(view, seat)
        return best_scored(legal, [score(reader, action) for action in legal], rng)


def score(reader: SeatView, action: str) -> float:
    """How good ``action`` looks to the seat reading the view (higher is better)."""
    verb = action.split(":", 1)[0]
    scorer = _SCORERS.get(verb)
    if scorer is not None:
        return scorer(reader, action)
    if verb in NODE_STEPS:
        return _step_score(reader, action.rsplit(":", 1)[1])
    if verb in END_STEPS:
        return _end_score(reader)
    parts = action.split(":")
    if len(parts) == 3 and parts[2] in OFFICERS:
        return _avoid_tool(reader, action)  # ``<tool>:<tile>:<officer>``, named by the tool
    return 0.0


# --- Income, discs, Rest, the turn -----------------------------------------------------------


def _unlock(reader: SeatView, action: str) -> float:
    asset = action.split(":", 1)[1]
    if reader.table["stage"] == "income_unlock":
        # $3k (R-INC-2): only with cash to spare.
        return 0.5 + asset_score(asset) if reader.spare_cash() >= 3 else -1.0
    return 1.0 + asset_score(asset)


def _indifferent(reader: SeatView, action: str) -> float:
    """``pass``, a tile's rotation: nothing to prefer (ties go to the generator)."""
    return 0.0


def _disc(reader: SeatView, action: str) -> float:
    """Spend a disc for a Night/Dawn turn when it reaches something worth a turn."""
    if reader.day == reader.last_day:
        return 1.0
    return 1.0 if _best_move(reader) > 2.0 else -0.5


def _rest(reader: SeatView, action: str) -> float:
    locked = 0.8 if reader.locked() else 0.0
    return 0.6 + 0.5 * reader.face_down() + locked


def _move(reader: SeatView, action: str) -> float:
    return _best_move(reader)


def _best_move(reader: SeatView) -> float:
    """The best node reachable from the pawn, as the potential sees it."""
    start = reader.start
    if start is None:
        return 0.0
    links = reader.city.links.get(start, {})
    values = [reader.potential.get(node, -9.0) for node in links]
    return max(values, default=0.0)


# --- a Move, step by step -------------------------------------------------------------------


def _path(reader: SeatView) -> list[str]:
    """The nodes of the open Move so far, the start first."""
    nodes = [reader.start] if reader.start else []
    for step in reader.steps[1:]:
        verb = step.split(":", 1)[0]
        if verb in NODE_STEPS:
            nodes.append(step.rsplit(":", 1)[1])
    return nodes


def _step_score(reader: SeatView, node: str) -> float:
    if reader.steps and reader.steps[0] != "move":
        return 0.0
    path = _path(reader)
    if node in path:
        return -3.0  # a loop: no better than the walk without it
    value = reader.potential.get(node, -9.0)
    # Entering a new tile leaves the old one (and its officers) behind (R-AV-2).
    here = path[-1] if path else None
    if here is not None and node_tile(here) != node_tile(node):
        value -= OFFICER_COST * 0.5 * reader.police.get(node_tile(here), 0)
    return value - 0.01 * DISTANCE_COST


def _end_score(reader: SeatView) -> float:
    if not reader.steps or reader.steps[0] != "move":
        return 0.0
    path = _path(reader)
    here = path[-1] if path else None
    if here is None:
        return 0.0
    value = reader.end_value(here)
    # Stop here unless walking on reaches clearly better.
    return value + 0.3


def _escape(reader: SeatView, action: str) -> float:
    return ESCAPE_VALUE * 2 if reader.can_escape() else -ESCAPE_VALUE


def _gas(reader: SeatView, action: str) -> float:
    """A Gas Can for 1 more MP (offered only when none is left): rarely worth a can."""
    return -0.2


def _medevac(reader: SeatView, action: str) -> float:
    return 1.5 * int(reader.me["wounds_red"]) - 0.5


# --- Avoid, Handcuffs ---------------------------------------------------------------------------


def _wound(reader: SeatView, action: str) -> float:
    return -2.0 - 0.5 * int(reader.me["wounds_red"])


def _sandra(reader: SeatView, action: str) -> float:
    """The type Sandra counts as (R-AV-5): the one the seat's face-up tools cover most."""
    return 0.1 * reader.covering(action.split(":", 1)[1].upper())


def _avoid_tool(reader: SeatView, action: str) -> float:
    """``<tool>:<tile>:<officer>``: a tool spent instead of a Wound."""
    tool = action.split(":", 1)[0]
    if tool in ("avoid_all", "asset"):
        return -0.9
    if tool.startswith("gang") or tool in ("motorcycle", "gang_card"):
        return -0.7
    return -0.4


def _cuff(reader: SeatView, action: str) -> float:
    parts = action.split(":")
    return -asset_score(parts[1]) if len(parts) > 1 else 0.0


# --- the Notoriety half ---------------------------------------------------------------------


def _converge(reader: SeatView, action: str) -> float:
    """``converge:<OFFICER>:<from>><to>``: an officer toward someone who crossed a line; keep
    it off one's own tile, bring it onto rivals'."""
    route = action.split(":", 2)[2]
    source, target = route.split(">", 1)
    mine = node_tile(reader.start) if reader.start else None
    value = 0.0
    if target == mine:
        value -= 2.0
    if source == mine:
        value += 1.0
    value += 0.5 * sum(1 for tile in reader.pawns.values() if tile == target)
    return value


# --- VISIT, executive actions, bonuses ------------------------------------------------------


def _visit(reader: SeatView, action: str) -> float:
    parts = action.split(":")
    stage = parts[1] if len(parts) > 1 else ""
    spare = reader.spare_cash()
    if stage in ("enter", "key", "master_key"):
        return 5.0 - (0.5 if stage != "enter" else 0.0)
    if stage == "skip":
        return 0.0
    if stage == "take_key":
        return 1.5
    if stage == "income":
        return 2.0
    if stage in ("heal",):
        wounds = int(reader.me["wounds_red"])
        amount = int(parts[2]) if len(parts) > 2 else 1
        return 1.0 * min(amount, wounds) - (0.3 * amount if spare < amount else 0.0)
    if stage in ("locker", "exit_tile"):
        return 1.5
    if stage == "pick":
        value = 0 if parts[2] == "?" else int(parts[2])
        return 1.0 + value / 40.0 + _space_bonus(reader, parts[3] if len(parts) > 3 else "")
    if stage == "unlock":
        return 1.0 + asset_score(parts[2] if len(parts) > 2 else "")
    if stage in ("fixer", "buy"):
        # Each costs cash: only with some to spare beyond the reserve.
        space = parts[-1] if len(parts) > 3 else ""
        return (0.6 + _space_bonus(reader, space)) if spare >= 3 else -1.0
    if stage == "gas":
        return _visit_gas(reader, action)
    if stage == "pay":
        return 0.3
    if stage == "contact":
        option = parts[4] if len(parts) > 4 else ""
        return 0.8 + {"A": 0.1, "B": 0.2, "C": 0.0}.get(option, 0.0)
    if stage == "pick_card":
        return 0.5
    return 0.1


def _visit_gas(reader: SeatView, action: str) -> float:
    return 0.4 if reader.spare_cash() >= 1 and int(reader.me["gas_cans"]) < 2 else -0.5


def _space_bonus(reader: SeatView, space: str) -> float:
    """An empty item space is better than covering a tile (that costs 1 notoriety, §7.5.0)."""
    if not space.isdigit():
        return 0.0
    items = reader.me["items"]
    index = int(space)
    if index < len(items) and items[index] is None:
        return 0.3
    return -0.4


def _exec(reader: SeatView, action: str) -> float:
    """Executive actions: First Aid when wounded; a target step (after the first) that helps
    the seat; otherwise not worth the component (they are offered all turn long)."""
    parts = action.split(":")
    kind = parts[1] if len(parts) > 1 else ""
    mine = node_tile(reader.start) if reader.start else None
    if kind == "first_aid":
        return 1.5 if int(reader.me["wounds_red"]) > 0 else -1.0
    if kind == "remove":
        return 1.0 if parts[2] == mine else 0.2
    if kind == "move":
        source, target = parts[3].split(">", 1)
        return (1.0 if source == mine else 0.0) - (2.0 if target == mine else 0.0)
    if kind in ("take", "unlock"):
        return 0.5
    return -0.3


def _bonus(reader: SeatView, action: str) -> float:
    parts = action.split(":")
    kind = parts[2] if len(parts) > 2 else ""
    if kind == "disc":
        return 1.0
    if kind == "unlock":
        return 0.9 + (asset_score(parts[3]) if len(parts) > 3 else 0.0)
    return 0.0


# --- City phase -----------------------------------------------------------------------------


def _tile(reader: SeatView, action: str) -> float:
    """A display tile: fewer officers on it is better (they come with it)."""
    tile = action.split(":", 1)[1]
    return -0.3 * reader.police.get(tile, 0)


def _cell(reader: SeatView, action: str) -> float:
    """Near one's own pawn: its locations are then in reach."""
    x, y = (int(v) for v in action.split(":", 1)[1].split(","))
    if reader.start is None:
        return 0.0
    mx, my = reader.city.cell_of(node_tile(reader.start))
    return -float(max(abs(x - mx), abs(y - my)))


def _building(reader: SeatView, action: str) -> float:
    """Put out the Business or Safe House one's card pays most for."""
    money = reader.plan_lines.get(action)
    return 0.8 if money == "income" else int(money or 0) / 100.0


_SCORERS: dict[str, Callable[[SeatView, str], float]] = {
    "unlock": _unlock,
    "pass": _indifferent,
    "disc": _disc,
    "rest": _rest,
    "move": _move,
    "escape": _escape,
    "gas": _gas,
    "medevac": _medevac,
    "wound": _wound,
    "sandra": _sandra,
    "cuff": _cuff,
    "converge": _converge,
    "visit": _visit,
    "exec": _exec,
    "bonus": _bonus,
    "tile": _tile,
    "cell": _cell,
    "business": _building,
    "safe_house": _building,
    "turn": _indifferent,
    # Ending the turn: below every useful executive action and bonus, above wasteful ones.
    "end": _indifferent,
}


BOTS: dict[str, Callable[[], Bot]] = {"heuristic": HeuristicBot}
