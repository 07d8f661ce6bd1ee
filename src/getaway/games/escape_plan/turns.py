"""A player's turn (spec §7.0) as a decision in steps: ``rest`` then the Asset to unlock
(§7.1), or ``move`` then ``walk:<node>`` steps and ``done`` (the interim walk of
``walking.py``), or ``pass`` when neither is possible (R-PA-7).

What a Move does after the walk is not here yet: AVOID (§7.4, ep-move's avoid.py), VISIT
(§7.5), escaping (§13), the executive actions (§8) and the end-of-turn bonuses (§7.6).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from getaway.core.steps import DONE, StepRules
from getaway.games.escape_plan import actions, phases, walking
from getaway.games.escape_plan.boards import refresh_for_rest, unlock_asset
from getaway.games.escape_plan.movement_map import MOVEMENT_POINTS
from getaway.games.escape_plan.state import Player

if TYPE_CHECKING:
    from getaway.games.escape_plan.game import EscapePlanState


def walk_path(player: Player, steps: tuple[str, ...]) -> tuple[str, ...]:
    """The nodes of a Move so far, the start first, from its ``walk:`` steps."""
    assert player.location is not None
    return (player.location, *(actions.split(step)[1] for step in steps[1:]))


class Turn(StepRules["EscapePlanState"]):
    def next_steps(
        self, state: EscapePlanState, seat: str, steps: tuple[str, ...]
    ) -> Sequence[str]:
        player = state.table.players[seat]
        city = state.table.city
        if not steps:
            first = []
            if player.rest_sun:
                first.append(actions.REST)
            assert player.location is not None
            if walking.next_nodes(city, (player.location,), MOVEMENT_POINTS):
                first.append(actions.MOVE)
            return first or [actions.PASS]
        if steps[0] == actions.REST:
            # R-REST-0 step 3: the unlock is mandatory while a locked Asset is left.
            return [actions.unlock(a) for a in player.locked_assets()] if len(steps) == 1 else []
        if steps[0] == actions.MOVE:
            path = walk_path(player, steps)
            options = [actions.walk(n) for n in walking.next_nodes(city, path, MOVEMENT_POINTS)]
            if walking.may_stop(city, path):
                options.append(DONE)
            return options
        return []

    def refuse(self, state: EscapePlanState, seat: str, steps: tuple[str, ...], step: str) -> str:
        if not steps:
            return "a turn is 'rest' (once a day, sun side up) or 'move'"
        if steps[0] == actions.REST:
            return "a Rest unlocks one of your locked Assets"
        return (
            "a walk steps to an adjacent node it has not visited, within the MP left, and "
            "must be able to end in another location"
        )

    def carry_out(self, state: EscapePlanState, seat: str, steps: tuple[str, ...]) -> None:
        player = state.table.players[seat]
        if steps[0] == actions.REST:
            rest(player, [actions.split(step)[1] for step in steps[1:]])
        elif steps[0] == actions.MOVE:
            player.location = walk_path(player, steps)[-1]
        phases.finish_head(state.rules, state.table, state.rng)


def rest(player: Player, unlocks: list[str]) -> None:
    """§7.1: the Rest token to the moon, used Contacts, Equipment and First Aid refreshed,
    then the chosen locked Asset unlocked."""
    player.rest_sun = False
    refresh_for_rest(player)
    for asset in unlocks:
        unlock_asset(player, asset)


TURN = Turn()
