"""A player's turn (spec §7.0).

Stage ``turn``, a decision in steps: ``rest`` then the Asset to unlock (§7.1), or ``move``
then the MOVE and AVOID steps of ``movement_decision.py`` (§7.3, §7.4, escaping §13), or
``pass`` when neither is possible (R-PA-7); or, before any of them, an executive action
(``executive.py``, §8: its component then its target), after which the seat is asked again.

Then the rest of the turn, actions that take effect at once (nothing of them is secret
except a Locker or Exit tile's value, which ``views.py`` and ``public.py`` hide):

* stage ``visit`` after a Move that ends in a location with a visit (R-VIS-1): the VISIT
  steps of ``visit.py`` (§7.5), in ``Table.visit_steps``, with executive actions between
  them;
* stage ``after``: executive actions, the completion bonuses due (``bonuses.py``, §7.6,
  each resolved before the turn may end) and ``end``. When ``end`` is all there is, the turn
  ends by itself.

An executive action's first step waits for its target in ``Table.exec_open``. A Handcuffs
card owed a choice (``Table.cuffs_due``) is asked before anything else (``game.py``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from getaway.core.steps import DONE, Decision, StepRules
from getaway.games.escape_plan import actions, movement_decision, phases
from getaway.games.escape_plan.avoid import (
    AvoidContext,
    AvoidProgress,
    avoid_options,
    avoid_progress,
    avoid_result,
    avoid_then,
    result_of,
)
from getaway.games.escape_plan.boards import refresh_for_rest, unlock_asset
from getaway.games.escape_plan.bonuses import apply_bonus_step, bonus_steps
from getaway.games.escape_plan.city import CityMap
from getaway.games.escape_plan.executive import apply_executive_step, executive_steps
from getaway.games.escape_plan.move_action import apply_move, avoid_context_for, move_context
from getaway.games.escape_plan.movement import (
    MoveContext,
    MovePath,
    Step,
    advance,
    can_move,
    following_steps,
    validate_path,
)
from getaway.games.escape_plan.movement_decision import AvoidFor, MoveOutcome
from getaway.games.escape_plan.state import Player
from getaway.games.escape_plan.visit import apply_visit_step, visit_steps

if TYPE_CHECKING:
    from getaway.games.escape_plan.game import EscapePlanState


def _avoid_for(state: EscapePlanState, seat: str) -> AvoidFor:
    return lambda path: avoid_context_for(state.rules, state.table, seat, path)


def _move_context(state: EscapePlanState, seat: str) -> MoveContext:
    """``seat``'s Move context, computed once while the table stays as it is (see
    ``EscapePlanState.move_contexts``)."""
    context = state.move_contexts.get(seat)
    if context is None:
        context = state.move_contexts[seat] = move_context(state.rules, state.table, seat)
    return context


@dataclass(slots=True)
class TurnMemo:
    """An open turn decision worked out: the steps that may follow it and, for a Move, what
    they came from (the mover's context, the MOVE path so far with the steps that may follow
    it, and the Avoid context once the path has ended). Kept on the table for ``decision``
    (``Table.turn_memo``), so that each step of a Move extends the path by one step instead
    of replaying it, and nothing is worked out twice for one position."""

    decision: Decision | None
    #: Not changed in place: a Move's is the tuple kept on the map with its steps.
    legal: Sequence[str]
    context: MoveContext | None = None
    path: MovePath | None = None
    following: tuple[Step, ...] = ()
    avoid: AvoidContext | None = None
    #: Where the Avoid decision stands once the path has ended: each Avoid step goes one
    #: step on from its parent's instead of replaying the steps before it.
    progress: AvoidProgress | None = None


def _memo(state: EscapePlanState, seat: str, steps: tuple[str, ...]) -> TurnMemo | None:
    """The memo of the open decision ``steps`` of ``seat``, if it is the one kept."""
    memo, decision = state.table.turn_memo, state.decision
    if (
        memo is not None
        and decision is not None
        and memo.decision is decision
        and decision.seat == seat
        and decision.steps == steps
    ):
        return memo
    return None


class Turn(StepRules["EscapePlanState"]):
    def next_steps(
        self, state: EscapePlanState, seat: str, steps: tuple[str, ...]
    ) -> Sequence[str]:
        memo = _memo(state, seat, steps)
        if memo is None:
            memo = self._work_out(state, seat, steps, None)
        return list(memo.legal)

    def _work_out(
        self,
        state: EscapePlanState,
        seat: str,
        steps: tuple[str, ...],
        parent: TurnMemo | None,
    ) -> TurnMemo:
        """The steps that may follow ``steps``, from ``parent`` (the memo of ``steps``
        without its last step) when there is one."""
        player = state.table.players[seat]
        if not steps:
            first = []
            if player.rest_sun:
                first.append(actions.REST)
            if can_move(state.table.city, _move_context(state, seat)):
                first.append(actions.MOVE)
            return TurnMemo(None, [*(first or [actions.PASS]), *_executive_first(state, seat)])
        if steps[0].startswith(EXEC):
            return TurnMemo(None, executive_steps(state, seat, steps))
        if steps[0] == actions.REST:
            # R-REST-0 step 3: the unlock is mandatory while a locked Asset is left.
            unlocks = [actions.unlock(a) for a in player.locked_assets()] if len(steps) == 1 else []
            return TurnMemo(None, unlocks)
        if steps[0] == actions.MOVE:
            # MOVE, then AVOID; the VISIT follows in its own stage (it draws and takes at once).
            return self._move(state, seat, steps, parent)
        return TurnMemo(None, [])

    def _move(
        self,
        state: EscapePlanState,
        seat: str,
        steps: tuple[str, ...],
        parent: TurnMemo | None,
    ) -> TurnMemo:
        """``movement_decision.legal_steps`` for the Move ``steps``, one step on from
        ``parent`` when it holds the path of all but the last step."""
        city = state.table.city
        if parent is None or parent.context is None or parent.path is None or len(steps) < 2:
            context = _move_context(state, seat)
            moving, avoiding = movement_decision.split_move(steps[1:])
            path = validate_path(city, context, moving)
            if path.ended is None:
                return _moving(city, context, path)
            avoid = _avoid_for(state, seat)(path)
            progress = avoid_progress(avoid, avoiding)
            legal = avoid_options(avoid, progress)
            return TurnMemo(None, legal, context, path, (), avoid, progress)
        context, path = parent.context, parent.path
        if path.ended is None:
            # The step was checked against the parent's: it is one of its Steps, at the
            # same place in the list of their ids (``_moving``).
            step = parent.following[parent.legal.index(steps[-1])]
            path = advance(city, context, path, step)
            if path.ended is None:
                return _moving(city, context, path)
            avoid = _avoid_for(state, seat)(path)
            progress = avoid_progress(avoid)
            return TurnMemo(
                None, avoid_options(avoid, progress), context, path, (), avoid, progress
            )
        held = parent.avoid
        assert held is not None
        if parent.progress is None:
            _, avoiding = movement_decision.split_move(steps[1:])
            progress = avoid_progress(held, avoiding)
        else:
            # The step was checked against the parent's options.
            progress = avoid_then(held, parent.progress, steps[-1])
        return TurnMemo(None, avoid_options(held, progress), context, path, (), held, progress)

    def _may_begin(self, state: EscapePlanState, seat: str, step: Any) -> bool:
        """Whether ``step`` is among the first steps (``next_steps(state, seat, ())``),
        working out only what that step needs: a turn's first step is taken as often as
        there are turns, and its list asks both the Move check and the executive actions."""
        if not isinstance(step, str):
            return False
        player = state.table.players[seat]
        if step == actions.REST:
            return player.rest_sun
        if step == actions.MOVE:
            return can_move(state.table.city, _move_context(state, seat))
        if step == actions.PASS:
            return not player.rest_sun and not can_move(
                state.table.city, _move_context(state, seat)
            )
        return step.startswith(EXEC) and step in _executive_first(state, seat)

    def take(
        self, state: EscapePlanState, open_decision: Decision | None, seat: str, step: Any
    ) -> Decision | None:
        """``StepRules.take``, with the open decision's memo: its legal steps are not
        worked out again, and the decision one step longer is worked out from it."""
        steps = open_decision.steps if open_decision else ()
        memo = _memo(state, seat, steps) if open_decision is state.decision else None
        if memo is not None:
            legal = isinstance(step, str) and step in memo.legal
        elif not steps:
            legal = self._may_begin(state, seat, step)
        else:
            legal = step in self.next_steps(state, seat, steps)
        if not legal:
            return super().take(state, open_decision, seat, step)  # refuses it in words
        if step == DONE:
            self._carry_out(state, seat, steps, memo)
            return None
        longer = (*steps, step)
        following = self._work_out(state, seat, longer, memo)
        if not following.legal:
            self._carry_out(state, seat, longer, following)
            return None
        decision = Decision(seat, longer)
        following.decision = decision
        state.table.turn_memo = following
        return decision

    def refuse(self, state: EscapePlanState, seat: str, steps: tuple[str, ...], step: str) -> str:
        if not steps:
            return (
                "a turn is 'rest' (once a day, sun side up) or 'move', or first an executive action"
            )
        if steps[0].startswith(EXEC):
            return "an executive action names its component's target"
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
        self._carry_out(state, seat, steps, None)

    def _carry_out(
        self, state: EscapePlanState, seat: str, steps: tuple[str, ...], memo: TurnMemo | None
    ) -> None:
        """Make the complete decision ``steps`` take effect; ``memo``, when given, is the
        decision worked out (its Move path and Avoid context are not replayed)."""
        rules, table = state.rules, state.table
        player = table.players[seat]
        moved: MoveOutcome | None = None
        if steps[0] == actions.MOVE:
            _, avoiding = movement_decision.split_move(steps[1:])
            if memo is not None and memo.path is not None and memo.avoid is not None:
                if memo.progress is not None:
                    result = result_of(memo.avoid, memo.progress, len(avoiding))
                else:
                    result = avoid_result(memo.avoid, avoiding)
                moved = MoveOutcome(memo.path, result)
            else:
                moved = movement_decision.outcome(
                    table.city, _move_context(state, seat), _avoid_for(state, seat), steps[1:]
                )
        # The table changes from here on: no Move context, memo or list worked out before may
        # be reused.
        state.move_contexts.clear()
        table.turn_memo = None
        table.changed()
        if steps[0].startswith(EXEC):
            executive(state, seat, steps)
            return  # the turn goes on: Rest or Move is still to come
        if steps[0] == actions.REST:
            rest(player, [actions.split(step)[1] for step in steps[1:]])
        elif moved is not None:
            apply_move(rules, table, seat, moved)
        table.visit_steps, table.exec_open = [], []
        # The VISIT (§7.5) where the pawn now stands, after the move's effects (AVOID paid).
        table.stage = "visit" if steps[0] == actions.MOVE else "after"
        go_on(state, seat)


def _moving(city: CityMap, context: MoveContext, path: MovePath) -> TurnMemo:
    """The memo of a Move whose path goes on: the path's next steps."""
    following, ids = following_steps(city, context, path)
    return TurnMemo(None, ids, context, path, following)


EXEC = "exec:"
END = "end"


def executive(state: EscapePlanState, seat: str, steps: Sequence[str]) -> None:
    """Carry out a complete executive action (its component, then its target if any), its
    steps checked as the decision was taken."""
    for number, step in enumerate(steps):
        apply_executive_step(state, seat, steps[:number], step, checked=True)


# --- the lists of the table as it is, remembered -------------------------------------------
#
# In stages ``visit`` and ``after`` a ply asks the same lists three times: ``apply`` checks
# the action (``allowed_after``), the end-of-turn check after it works out what is left
# (``go_on``), and the next ``legal_actions`` lists it again. Each is kept in
# ``Table.lists`` until the table changes (``Table.changed``, called before every change).


def _executive_first(state: EscapePlanState, seat: str) -> list[str]:
    """``executive_steps(state, seat)``, remembered (do not mutate)."""
    lists = state.table.lists
    found = lists.get(("exec", seat))
    if found is None:
        found = lists["exec", seat] = executive_steps(state, seat)
    return found


def _executive_targets(state: EscapePlanState, seat: str) -> list[str]:
    """``executive_steps(state, seat, table.exec_open)``, remembered (do not mutate)."""
    lists = state.table.lists
    found = lists.get(("targets", seat))
    if found is None:
        found = lists["targets", seat] = executive_steps(state, seat, state.table.exec_open)
    return found


def _visit_next(state: EscapePlanState, seat: str) -> list[str]:
    """``visit_steps(state, seat, table.visit_steps)``, remembered (do not mutate)."""
    lists = state.table.lists
    found = lists.get(("visit", seat))
    if found is None:
        found = lists["visit", seat] = visit_steps(state, seat, state.table.visit_steps)
    return found


def _bonus_next(state: EscapePlanState, seat: str) -> list[str]:
    """``bonus_steps(state, seat)`` of a seat in the city (none is due to another),
    remembered (do not mutate)."""
    lists = state.table.lists
    found = lists.get(("bonus", seat))
    if found is None:
        due = bonus_steps(state, seat) if state.table.players[seat].status == "city" else []
        found = lists["bonus", seat] = due
    return found


def after_actions(state: EscapePlanState, seat: str) -> list[str]:
    """The legal actions of stages ``visit`` and ``after`` (see the module docstring)."""
    table = state.table
    if table.exec_open:
        return list(_executive_targets(state, seat))
    if table.stage == "visit":
        return [*_visit_next(state, seat), *_executive_first(state, seat)]
    due = _bonus_next(state, seat)
    return [*due, *_executive_first(state, seat), *([] if due else [END])]


def allowed_after(state: EscapePlanState, seat: str, action: str) -> bool:
    """Whether ``action`` is among :func:`after_actions`, working out only the part of the
    list that could hold it (executive actions, visit steps, bonuses and ``end`` are told
    apart by their first word): ``apply`` asks it of every action of these stages."""
    table = state.table
    if table.exec_open:
        return action in _executive_targets(state, seat)
    if action.startswith(EXEC):
        return action in _executive_first(state, seat)
    if table.stage == "visit":
        return action in _visit_next(state, seat)
    due = _bonus_next(state, seat)
    return action in due if due else action == END


def take_after_action(state: EscapePlanState, seat: str, action: str) -> None:
    """Take one of :func:`after_actions` (checked by the caller: the step is not checked
    again), then go on."""
    table = state.table
    if table.exec_open or action.startswith(EXEC):
        done = apply_executive_step(state, seat, table.exec_open, action, checked=True)
        table.exec_open = [] if done else [action]
    elif action == END:
        end_turn(state)
        return
    elif table.stage == "visit":
        apply_visit_step(state, seat, table.visit_steps, action, checked=True)
        table.visit_steps.append(action)
    else:
        apply_bonus_step(state, seat, action, checked=True)
    go_on(state, seat)


def go_on(state: EscapePlanState, seat: str) -> None:
    """After an action of the turn: the visit over moves to stage ``after``; the turn ends
    by itself when ``end`` is all that is left and no Handcuffs choice is owed."""
    table = state.table
    if table.cuffs_due or table.exec_open:
        return
    if table.stage == "visit" and not _visit_next(state, seat):
        table.stage = "after"
    if table.stage == "after" and _only_end(state, seat):
        end_turn(state)


def _only_end(state: EscapePlanState, seat: str) -> bool:
    """Whether :func:`after_actions` is ``[end]`` (no executive action pending): no bonus
    due and no executive action, the bonuses asked first."""
    return not _bonus_next(state, seat) and not _executive_first(state, seat)


def end_turn(state: EscapePlanState) -> None:
    table = state.table
    table.changed()
    table.visit_steps, table.exec_open = [], []
    phases.finish_head(state.rules, table, state.rng)


def rest(player: Player, unlocks: list[str]) -> None:
    """§7.1: the Rest token to the moon, used Contacts, Equipment and First Aid refreshed,
    then the chosen locked Asset unlocked."""
    player.rest_sun = False
    refresh_for_rest(player)
    for asset in unlocks:
        unlock_asset(player, asset)


TURN = Turn()
