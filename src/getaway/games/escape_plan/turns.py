"""A player's turn (spec §7.0) as a decision in steps: ``rest`` then the Asset to unlock
(§7.1), or ``move`` then the MOVE and AVOID steps of ``movement_decision.py`` (§7.3, §7.4,
escaping §13), or ``pass`` when neither is possible (R-PA-7).

Not here yet: VISIT (§7.5, ep-visit: the two places marked "VISIT PLUG-IN" below),
the executive actions that are not movement or Avoid tools (§8), the end-of-turn bonuses
(§7.6).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from getaway.core.steps import StepRules
from getaway.games.escape_plan import actions, movement_decision, phases
from getaway.games.escape_plan.boards import refresh_for_rest, unlock_asset
from getaway.games.escape_plan.move_action import apply_move, avoid_context_for, move_context
from getaway.games.escape_plan.movement import can_move
from getaway.games.escape_plan.movement_decision import AvoidFor
from getaway.games.escape_plan.state import Player

if TYPE_CHECKING:
    from getaway.games.escape_plan.game import EscapePlanState


def _avoid_for(state: EscapePlanState, seat: str) -> AvoidFor:
    return lambda path: avoid_context_for(state.rules, state.table, seat, path)


class Turn(StepRules["EscapePlanState"]):
    def next_steps(
        self, state: EscapePlanState, seat: str, steps: tuple[str, ...]
    ) -> Sequence[str]:
        player = state.table.players[seat]
        if not steps:
            first = []
            if player.rest_sun:
                first.append(actions.REST)
            if can_move(state.table.city, move_context(state.rules, state.table, seat)):
                first.append(actions.MOVE)
            return first or [actions.PASS]
        if steps[0] == actions.REST:
            # R-REST-0 step 3: the unlock is mandatory while a locked Asset is left.
            return [actions.unlock(a) for a in player.locked_assets()] if len(steps) == 1 else []
        if steps[0] == actions.MOVE:
            # MOVE, then AVOID. VISIT PLUG-IN (§7.5, ep-visit): the VISIT steps follow here
            # once these are done (R-VIS-1: not after a Metro, a Heliport or an escape);
            # until then the move ends after AVOID.
            return movement_decision.legal_steps(
                state.table.city,
                move_context(state.rules, state.table, seat),
                _avoid_for(state, seat),
                steps[1:],
            )
        return []

    def refuse(self, state: EscapePlanState, seat: str, steps: tuple[str, ...], step: str) -> str:
        if not steps:
            return "a turn is 'rest' (once a day, sun side up) or 'move'"
        if steps[0] == actions.REST:
            return "a Rest unlocks one of your locked Assets"
        moving, _ = movement_decision.split_move(steps[1:])
        if moving and moving[-1] in movement_decision.ENDINGS:
            return "each officer on a tile left is avoided with a tool you hold, or wounds"
        return (
            "a move steps to a touching node, rides, flies or uses a tool within the MP left, "
            "and must be able to end in a location other than the start"
        )

    def carry_out(self, state: EscapePlanState, seat: str, steps: tuple[str, ...]) -> None:
        rules, table = state.rules, state.table
        player = table.players[seat]
        if steps[0] == actions.REST:
            rest(player, [actions.split(step)[1] for step in steps[1:]])
        elif steps[0] == actions.MOVE:
            outcome = movement_decision.outcome(
                table.city, move_context(rules, table, seat), _avoid_for(state, seat), steps[1:]
            )
            apply_move(rules, table, seat, outcome)
            # VISIT PLUG-IN (§7.5, ep-visit): the VISIT steps take effect here, after the
            # move's (the pawn stands in its final location, AVOID is paid).
        phases.finish_head(rules, table, state.rng)


def rest(player: Player, unlocks: list[str]) -> None:
    """§7.1: the Rest token to the moon, used Contacts, Equipment and First Aid refreshed,
    then the chosen locked Asset unlocked."""
    player.rest_sun = False
    refresh_for_rest(player)
    for asset in unlocks:
        unlock_asset(player, asset)


TURN = Turn()
