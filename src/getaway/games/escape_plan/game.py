"""Escape Plan as a game of the core protocol (``getaway.core.game``): the
:class:`EscapePlanState` a match is played on, and the :class:`EscapePlan` game (registered
as ``escape-plan``). Views are built in ``views.py``, public actions in ``public.py``, the
determinizer in ``determinizer.py``, the terminal text in ``render.py``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import asdict
from pathlib import Path
from typing import Any

from getaway.core import (
    Decision,
    Game,
    GetawayError,
    IllegalActionError,
    JSONDict,
    Move,
    Outcome,
    PublicAction,
    Rng,
    RulesState,
    SaveFileError,
    Sides,
    State,
)
from getaway.core.encoding import Encoding
from getaway.core.hooks import ModuleHooks
from getaway.core.options import OptionSpec
from getaway.core.search import SearchPolicy
from getaway.core.steps import StepRules
from getaway.games.escape_plan import actions, invariants, notoriety_half, phases
from getaway.games.escape_plan.boards import handcuff_choices, place_owed_handcuffs, unlock_asset
from getaway.games.escape_plan.city_phase import PLACE_TILE
from getaway.games.escape_plan.ending import ending
from getaway.games.escape_plan.movement import MoveContext
from getaway.games.escape_plan.options import (
    GAME_NAME,
    INCOME_UNLOCK_PRICE,
    OPTION_SPECS,
    Rules,
    normalize,
    rules_for,
)
from getaway.games.escape_plan.setup import new_table
from getaway.games.escape_plan.state import Table
from getaway.games.escape_plan.turns import (
    TURN,
    after_actions,
    allowed_after,
    go_on,
    take_after_action,
)

#: The decisions taken in steps, by the stage that asks them.
STEP_RULES: dict[str, StepRules[EscapePlanState]] = {}


class EscapePlanState(RulesState[Rules]):
    """One position: the :class:`Table`, the generator every chance event is drawn from,
    and the open decision in steps (a tile placement or a turn), if any."""

    game_name = GAME_NAME
    __slots__ = ("decision", "move_contexts", "rng", "table")

    table: Table
    rng: Rng
    decision: Decision | None
    #: Each seat's Move context (R-VIS-3 checks every location) while the table stays as it
    #: is: one turn's legal steps and its ``apply`` ask for it several times. Emptied whenever
    #: the table may change (after each ``apply``, before a turn takes effect); a clone starts
    #: empty.
    move_contexts: dict[str, MoveContext]

    @classmethod
    def new(cls, options: Mapping[str, Any] | None, seed: int) -> EscapePlanState:
        """Set up (§5) and play on to the first decision."""
        rules = rules_for(options)
        rng = Rng(seed)
        state = cls._of(rules, seed, new_table(rules, rng), rng, None)
        phases.begin_game(rules, state.table, rng)
        return state

    @classmethod
    def _of(
        cls, rules: Rules, seed: int, table: Table, rng: Rng, decision: Decision | None
    ) -> EscapePlanState:
        state = cls.__new__(cls)
        state.rules = rules
        state._seed = seed
        state.table = table
        state.rng = rng
        state.decision = decision
        state.move_contexts = {}
        return state

    @property
    def game(self) -> Game:
        return GAME

    def clone(self) -> EscapePlanState:
        return self._of(self.rules, self._seed, self.table.clone(), self.rng.clone(), self.decision)

    # --- whose turn, what is legal ---------------------------------------------------------

    def to_act(self) -> tuple[str, ...]:
        table = self.table
        if table.cuffs_due:
            return (table.cuffs_due[0],)
        return (table.queue[0],) if table.stage != "none" and table.queue else ()

    def _acts(self, seat: str) -> bool:
        """``seat in self.to_act()``, without building the tuple (asked twice a ply)."""
        table = self.table
        if table.cuffs_due:
            return table.cuffs_due[0] == seat
        return table.stage != "none" and bool(table.queue) and table.queue[0] == seat

    def legal_actions(self, seat: str) -> Sequence[str]:
        if not self._acts(seat):
            return ()
        if self.table.cuffs_due:
            return handcuff_choices(self.table, self.table.players[seat])
        stage = self.table.stage
        if stage in ("visit", "after"):
            return after_actions(self, seat)
        steps = STEP_RULES.get(stage)
        if steps is not None:
            return steps.legal(self, self.decision, seat)
        if stage == "income_unlock":
            player = self.table.players[seat]
            # Every eligible player is asked, whatever his cash (asking only who can pay
            # would tell everyone he holds $3k); who cannot pay may only pass.
            locked = player.locked_assets() if player.cash >= INCOME_UNLOCK_PRICE else []
            return [*(actions.unlock(a) for a in locked), actions.PASS]
        if stage == "disc":
            return [actions.DISC, actions.PASS]
        if stage in ("converge", "threshold_unlock"):
            return notoriety_half.task_actions(self.rules, self.table, self.table.noto_tasks[0])
        return ()

    def apply(self, seat: str, action: str) -> None:
        try:
            self._apply(seat, action)
        finally:
            # The table may have changed: no Move context worked out for it holds any more.
            self.move_contexts.clear()

    def _apply(self, seat: str, action: str) -> None:
        if not self._acts(seat):
            self.reject_seat(seat)
        stage = self.table.stage
        steps = STEP_RULES.get(stage)
        if steps is not None and not self.table.cuffs_due:
            self.decision = steps.take(self, self.decision, seat, action)
            return
        if not isinstance(action, str):
            allowed = False
        elif stage in ("visit", "after") and not self.table.cuffs_due:
            allowed = allowed_after(self, seat, action)  # the list is worked out on a refusal
        elif stage == "converge" and not self.table.cuffs_due:
            allowed = notoriety_half.converge_allowed(self.rules, self.table, action)
        else:
            allowed = action in self.legal_actions(seat)
        if not allowed:
            legal = self.legal_actions(seat)
            asked = "cuffs" if self.table.cuffs_due else stage
            why = {
                "cuffs": "choose which locked Asset the Handcuffs card sends to the box "
                "(§9.3, §11 R-WND-2)",
                "visit": "a step of your visit (§7.5) or an executive action (§8)",
                "after": "a completion bonus due (§7.6), an executive action (§8) or 'end'",
                "income_unlock": "pay $3k to unlock one of your locked Assets, or pass",
                "disc": "spend an Extra Action disc to take a turn now, or pass",
                "converge": "move an officer to a tile at least 1 closer to the participant "
                "who crossed a notoriety line (§10.2)",
                "threshold_unlock": "unlock one of your locked Assets for the line crossed",
            }[asked]
            raise IllegalActionError(seat, str(action), legal, why)
        table = self.table
        table.changed()  # the lists worked out for the table as it was hold no more
        if table.cuffs_due:
            place_owed_handcuffs(table, action)
            if table.cuffs_due:
                return
            if stage in ("visit", "after"):
                go_on(self, table.queue[0])
            elif table.phase == "NOTORIETY" and not table.queue:
                phases.settle(self.rules, table, self.rng)
            return
        if stage in ("visit", "after"):
            take_after_action(self, seat, action)
            return
        if stage == "income_unlock" and action != actions.PASS:
            player = table.players[seat]
            player.cash -= INCOME_UNLOCK_PRICE
            unlock_asset(player, actions.split(action)[1])
        elif stage == "converge":
            notoriety_half.converge_officer(table, action)
        elif stage == "threshold_unlock":
            unlock_asset(table.players[seat], actions.split(action)[1])
        elif (
            stage == "disc" and action == actions.DISC and phases.use_disc(self.rules, table, seat)
        ):
            return  # the turn begins: the same seat is asked to Rest or Move
        phases.finish_head(self.rules, table, self.rng)

    def would_reveal(self, seat: str, action: str) -> bool:
        steps = STEP_RULES.get(self.table.stage)
        if steps is not None and seat in self.to_act():
            legal = steps.legal(self, self.decision, seat)
            if action in legal and not steps.completes(self, self.decision, seat, action):
                return False
        return True

    # --- the end --------------------------------------------------------------------------

    def is_over(self) -> bool:
        return self.table.phase == "END"

    def returns(self) -> dict[str, float]:
        """0 each while the game goes on; at the end, by final place (``ending.py``): the
        winners +1, the other escapees spread down to -1, who did not escape -1."""
        if not self.is_over():
            return dict.fromkeys(self.rules.seats, 0.0)
        return ending(self.rules, self.table).returns

    def outcome(self) -> Outcome | None:
        """The scored end (§14): the winners with every tie-breaker, each escapee's total as
        its score, the score sheets and Costa's score (solo) as facts."""
        if not self.is_over():
            return None
        end = ending(self.rules, self.table)
        sheets = end.result.sheets
        facts: dict[str, Any] = {
            "escaped": list(self.table.escaped),
            "arrested": list(self.table.arrested),
            "sheets": {seat: asdict(sheet) for seat, sheet in sheets.items()},
        }
        if end.costa is not None:
            facts["costa"] = {**asdict(end.costa), "total": end.costa.total}
        if not sheets:
            reason, summary = "nobody-escaped", "Nobody escaped: every player was arrested."
        else:
            totals = ", ".join(f"{seat} ${sheet.total}k" for seat, sheet in sheets.items())
            won = " and ".join(end.winners) or "nobody"
            reason, summary = "escaped-score", f"Escaped: {totals}. Winner: {won}."
            if end.costa is not None:
                summary += f" Costa scored ${end.costa.total}k."
        return Outcome(
            winners=end.winners,
            returns=end.returns,
            reason=reason,
            summary=summary,
            side=end.winners[0] if len(end.winners) == 1 else None,
            scores={seat: float(sheet.total) for seat, sheet in sheets.items()},
            facts=facts,
        )

    # --- views and serialization -------------------------------------------------------------

    def view(self, seat: str) -> JSONDict:
        """What ``seat`` may know (§21.2): built in ``views.py`` alone."""
        from getaway.games.escape_plan.views import build_view

        self.check_viewer(seat)
        return build_view(self, seat)

    def to_json(self) -> JSONDict:
        return {
            "game": GAME_NAME,
            "options": dict(self.rules.options),
            "seed": self._seed,
            "rng": self.rng.state,
            "table": self.table.to_json(),
            "decision": None if self.decision is None else self.decision.to_json(),
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> EscapePlanState:
        if not isinstance(data, Mapping) or data.get("game") != GAME_NAME:
            raise SaveFileError(
                f"save file: not an {GAME_NAME} state (its 'game' must be {GAME_NAME!r})"
            )
        try:
            rules = rules_for(data["options"])
            seed, rng_state = data["seed"], data["rng"]
        except (KeyError, TypeError, ValueError, GetawayError) as error:
            raise SaveFileError(f"save file: bad options, seed or rng: {error}") from None
        if not all(isinstance(x, int) and not isinstance(x, bool) for x in (seed, rng_state)):
            raise SaveFileError("save file: 'seed' and 'rng' must be whole numbers")
        for key in ("table", "decision"):
            if key not in data:
                raise SaveFileError(f"save file: no {key!r} (null when no decision is open)")
        table = Table.from_json(rules, data["table"])
        problems = invariants.problems(rules, table)
        if problems:
            raise SaveFileError("save file: the table breaks the rules: " + "; ".join(problems))
        state = cls._of(rules, seed, table, Rng.from_state(rng_state), None)
        steps = STEP_RULES.get(table.stage)
        if steps is None:
            if data.get("decision") is not None:
                raise SaveFileError(f"save file: no decision is open in stage {table.stage!r}")
        else:
            state.decision = steps.restore(state, data.get("decision"), rules.seats)
        return state


STEP_RULES.update({"place": PLACE_TILE, "turn": TURN})


class EscapePlan(ModuleHooks):
    name = GAME_NAME
    title = "Escape Plan"
    min_players = 1
    max_players = 5
    render_module = topics_module = typing_module = "getaway.games.escape_plan.render"
    bots_module = "getaway.games.escape_plan.bots"

    def normalize_options(self, options: Mapping[str, Any] | None = None) -> JSONDict:
        return normalize(options)

    def option_specs(self) -> tuple[OptionSpec, ...]:
        return OPTION_SPECS

    def seats(self, options: Mapping[str, Any] | None = None) -> tuple[str, ...]:
        return rules_for(options).seats

    def sides(self, options: Mapping[str, Any] | None = None) -> Sides:
        """Every player for themself; Sandra and Costa are the game's, not seats."""
        return Sides.solo(self.seats(options))

    def new_state(self, options: Mapping[str, Any] | None = None, seed: int = 0) -> EscapePlanState:
        return EscapePlanState.new(options, seed)

    def state_from_json(self, data: Mapping[str, Any]) -> EscapePlanState:
        return EscapePlanState.from_json(data)

    def determinize(self, view: Mapping[str, Any], rng: Rng) -> EscapePlanState:
        from getaway.games.escape_plan.determinizer import determinize

        return determinize(view, rng)

    def public_action(self, before: State, move: Move, viewer: str) -> PublicAction | None:
        """What ``viewer`` is shown of ``move``: decided in ``public.py`` alone."""
        from getaway.games.escape_plan.public import public_action

        assert isinstance(before, EscapePlanState)
        return public_action(before, move, viewer)

    def encoding(self, options: Mapping[str, Any]) -> Encoding:
        """The fixed action ids and flat observations for learning code."""
        from getaway.games.escape_plan.encoding import encoding

        return encoding(options)

    def search_budgets(self) -> dict[str, int]:
        from getaway.games.escape_plan.search import SEARCH_BUDGETS

        return dict(SEARCH_BUDGETS)

    def search_policy(
        self, seat: str, view: Mapping[str, Any], enabled: frozenset[str] | None = None
    ) -> SearchPolicy:
        """Heuristic playouts to a cutoff, a rank reward, the heuristic as anchor (see
        :mod:`getaway.games.escape_plan.search`)."""
        from getaway.games.escape_plan.search import EscapePlanSearchPolicy

        return EscapePlanSearchPolicy(self, seat, view, enabled)

    def client_dir(self) -> Path | None:
        """The browser client beside this module (``web/``): the class lives in ``game.py``,
        not in the package's ``__init__``, so the default lookup would miss it."""
        folder = Path(__file__).resolve().parent / "web"
        return folder if folder.is_dir() else None


GAME = EscapePlan()
