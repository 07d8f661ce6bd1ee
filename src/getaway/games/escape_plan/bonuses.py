"""End-of-turn completion bonuses (spec §7.6), a decision in steps at the end of a turn.

A bonus is due when its condition holds and it was never resolved: a cube on all 3
Businesses of group 1 (``group1``) or group 2 (``group2``), or on all 3 Safe Houses
(``safe_houses``). The condition can only become true during a turn, so "the end of the turn
in which it first becomes true" is the first end of turn at which it is due. Each due bonus,
in that order, is one step:

- ``bonus:<name>:disc``: an Extra Action disc (only while the supply has one);
- ``bonus:<name>:unlock:<asset>``: unlock that Asset, and lose 1 notoriety (Business group)
  or receive income (Safe Houses); ``bonus:<name>:unlock`` with no locked Asset left
  (R-AS-4: the unlock does nothing, the other half still happens);
- ``bonus:<name>:skip``: neither ("may").

Resolving a bonus, even by skipping it, records it in ``Player.bonuses``: once per game.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from getaway.core.errors import IllegalActionError
from getaway.games.escape_plan.boards import lose_notoriety, receive_income, unlock_asset
from getaway.games.escape_plan.content import Content
from getaway.games.escape_plan.state import Building
from getaway.games.escape_plan.visit_board import take_disc

if TYPE_CHECKING:
    from getaway.games.escape_plan.game import EscapePlanState

BONUSES = ("group1", "group2", "safe_houses")


def due_bonuses(state: EscapePlanState, seat: str) -> list[str]:
    """The bonuses ``seat`` has completed and not yet resolved, in :data:`BONUSES` order."""
    table = state.table
    player = table.players[seat]
    content = state.rules.content
    due = []
    for name in BONUSES:
        if name in player.bonuses:
            continue
        if name == "safe_houses":
            buildings = list(table.safe_houses.values())
        else:
            buildings = [table.businesses[b] for b in _group(content, int(name[-1]))]
        if _cube_on_each(buildings, seat):
            due.append(name)
    return due


def _cube_on_each(buildings: list[Building], seat: str) -> bool:
    """Whether ``seat`` has a cube on each of ``buildings``, read in plain loops (every end of
    a turn asks it of each group), stopping at the first building without one."""
    for building in buildings:
        for owner, _ in building.cubes:
            if owner == seat:
                break
        else:
            return False
    return True


#: Each content's Business ids by group, in content order (keyed by the content object's
#: id, the content kept with them, as ``content._TILES_BY_ID``).
_GROUPS: dict[int, tuple[Content, dict[int, tuple[str, ...]]]] = {}


def _group(content: Content, group: int) -> tuple[str, ...]:
    """The ids of the Businesses of ``group``, read off the content once: every turn's end
    asks whether a bonus is due."""
    known = _GROUPS.get(id(content))
    if known is None or known[0] is not content:
        groups: dict[int, list[str]] = {}
        for business in content.buildings.businesses:
            groups.setdefault(business.group, []).append(business.id)
        known = _GROUPS[id(content)] = (content, {g: tuple(ids) for g, ids in groups.items()})
    return known[1].get(group, ())


def bonus_steps(state: EscapePlanState, seat: str) -> list[str]:
    """The choices for the first due bonus; empty when none is due (the turn may end)."""
    due = due_bonuses(state, seat)
    if not due:
        return []
    name = due[0]
    locked = state.table.players[seat].locked_assets()
    found = [f"bonus:{name}:disc"] if state.table.discs > 0 else []
    found += [f"bonus:{name}:unlock:{a}" for a in locked] or [f"bonus:{name}:unlock"]
    return [*found, f"bonus:{name}:skip"]


def apply_bonus_step(
    state: EscapePlanState, seat: str, step: str, *, checked: bool = False
) -> None:
    """Take one of :func:`bonus_steps`; anything else is refused and changes nothing, unless
    the caller has ``checked`` it against that list already."""
    if not checked:
        legal = bonus_steps(state, seat)
        if step not in legal:
            why = "no completion bonus is due" if not legal else "not a choice of this bonus"
            raise IllegalActionError(seat, str(step), legal, why)
    table = state.table
    player = table.players[seat]
    _, name, choice, *asset = step.split(":")
    player.bonuses.append(name)
    if choice == "disc":
        take_disc(table, player)
    elif choice == "unlock":
        if asset:
            unlock_asset(player, asset[0])
        if name == "safe_houses":
            receive_income(player)
        else:
            lose_notoriety(player)
