"""A tiny race game with a decision in three steps, to test :mod:`getaway.core.steps` and the
state and save bases without any real game.

Two seats, ``north`` and ``south``, each have two pieces (``p1``, ``p2``) on a 5 x 5 grid,
north on row 0 and south on row 4. A turn is one decision in steps: choose a piece
(``piece:p1``), walk it one to three cells (``n``, ``e``, ``s``, ``w``; never onto a piece or
back onto a cell of this walk), then ``done`` (a walk of three cells ends by itself). A seat
whose pieces cannot move plays ``pass``. The first piece to reach the far row wins; after
``turns`` turns in all nobody has, and it is a draw.

Everything on the board is public; what is secret is the walk while it is being chosen: the
other seat and spectators see nothing of it until the decision is complete.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from getaway.core import (
    ALL,
    DONE,
    Decision,
    Game,
    JSONDict,
    Move,
    OptionsError,
    Outcome,
    PublicAction,
    Rng,
    RulesState,
    SaveFileError,
    SaveReader,
    Sides,
    StepRules,
)
from getaway.core.options import OptionSpec, int_option
from getaway.core.saves import reading

SEATS = ("north", "south")
PIECES = ("p1", "p2")
SIZE = 5
LONGEST = 3
DIRECTIONS = {"n": (-1, 0), "e": (0, 1), "s": (1, 0), "w": (0, -1)}
PASS = "pass"
PIECE_IDS = tuple(f"piece:{p}" for p in PIECES)
START = {"north": [(0, 1), (0, 3)], "south": [(4, 1), (4, 3)]}
GOAL_ROW = {"north": SIZE - 1, "south": 0}


class WalkRules:
    """Everything fixed by the options."""

    def __init__(self, options: JSONDict) -> None:
        self.options = options
        self.seats = SEATS
        self.turns: int = options["turns"]


class WalkGame(Game):
    name = "toy-walk"
    title = "Walk race (test game)"
    min_players = 2
    max_players = 2

    def normalize_options(self, options: Mapping[str, Any] | None = None) -> JSONDict:
        options = dict(options or {})
        turns = int_option(options, "turns", 20, 2, 60)
        players = int_option(options, "players", 2, 2, 2)
        unknown = set(options) - {"turns", "players"}
        if unknown:
            raise OptionsError(f"unknown option(s) {sorted(unknown)}; toy-walk takes turns")
        return {"players": players, "turns": turns}

    def option_specs(self) -> tuple[OptionSpec, ...]:
        return (
            OptionSpec("players", "int", 2, "number of players: 2", min=2, max=2),
            OptionSpec("turns", "int", 20, "turns before a draw (2-60)", min=2, max=60),
        )

    def seats(self, options: Mapping[str, Any] | None = None) -> tuple[str, ...]:
        return SEATS

    def sides(self, options: Mapping[str, Any] | None = None) -> Sides:
        return Sides.solo(SEATS)

    def new_state(self, options: Mapping[str, Any] | None = None, seed: int = 0) -> WalkState:
        return WalkState.new(WalkRules(self.normalize_options(options)), seed)

    def state_from_json(self, data: Mapping[str, Any]) -> WalkState:
        return reading(_load, data)

    def determinize(self, view: Mapping[str, Any], rng: Rng) -> WalkState:
        # Everything but another seat's open walk is public, and nobody else's walk is open
        # while this seat may look: rebuild the state from the view.
        data = {key: view[key] for key in ("options", "turn", "pieces", "winner")}
        data.update(game=self.name, format=1, seed=0, decision=None)
        state = self.state_from_json(data)
        steps = view.get("my_steps")
        if steps:
            state.decision = WALK.restore(state, {"seat": view["seat"], "steps": steps}, SEATS)
        return state

    def public_action(self, before: Any, move: Move, viewer: str) -> PublicAction | None:
        """A step of an open walk is shown to nobody else; the step that completes it shows
        everyone the whole walk."""
        assert isinstance(before, WalkState)
        steps = before.decision.steps if before.decision else ()
        mine = viewer in (move.seat, ALL)
        if not WALK.completes(before, before.decision, move.seat, move.action):
            return PublicAction.whole(move.seat, move.action) if mine else None
        walk = "/".join(s for s in (*steps, move.action) if s != DONE)
        return PublicAction.whole(move.seat, move.action, walk)

    def render(self, view: Mapping[str, Any]) -> str:
        return f"turn {view['turn']}: {view['pieces']}"


class Walk(StepRules["WalkState"]):
    """A turn: a piece, one to three cells, then done."""

    def next_steps(self, state: WalkState, seat: str, steps: tuple[str, ...]) -> Sequence[str]:
        if not steps:
            movable = [
                PIECE_IDS[k] for k, cell in enumerate(state.pieces[seat]) if state.free_around(cell)
            ]
            return movable or (PASS,)
        if steps[0] == PASS or len(steps) > LONGEST:
            return ()
        path = state.path(seat, steps)
        nexts = [d for d in DIRECTIONS if state.open_cell(_step(path[-1], d), path)]
        walked = len(steps) - 1
        return [*nexts, DONE] if walked else nexts

    def carry_out(self, state: WalkState, seat: str, steps: tuple[str, ...]) -> None:
        if steps[0] != PASS:
            piece = PIECE_IDS.index(steps[0])
            state.pieces[seat][piece] = end = state.path(seat, steps)[-1]
            if end[0] == GOAL_ROW[seat]:
                state.winner = seat
        state.turn += 1


WALK = Walk()


def _step(cell: tuple[int, int], direction: str) -> tuple[int, int]:
    dr, dc = DIRECTIONS[direction]
    return cell[0] + dr, cell[1] + dc


class WalkState(RulesState[WalkRules]):
    __slots__ = ("decision", "pieces", "turn", "winner")
    game_name = "toy-walk"
    pieces: dict[str, list[tuple[int, int]]]
    turn: int
    winner: str | None
    decision: Decision | None

    @classmethod
    def new(cls, rules: WalkRules, seed: int) -> WalkState:
        state = cls.__new__(cls)
        state.rules, state._seed = rules, seed
        state.pieces = {seat: list(cells) for seat, cells in START.items()}
        state.turn = 0
        state.winner = None
        state.decision = None
        return state

    # Board helpers --------------------------------------------------------------------------

    def occupied(self) -> set[tuple[int, int]]:
        return {cell for cells in self.pieces.values() for cell in cells}

    def open_cell(self, cell: tuple[int, int], path: Sequence[tuple[int, int]] = ()) -> bool:
        inside = 0 <= cell[0] < SIZE and 0 <= cell[1] < SIZE
        return inside and cell not in self.occupied() and cell not in path

    def free_around(self, cell: tuple[int, int]) -> bool:
        return any(self.open_cell(_step(cell, d)) for d in DIRECTIONS)

    def path(self, seat: str, steps: Sequence[str]) -> list[tuple[int, int]]:
        cells = [self.pieces[seat][PIECE_IDS.index(steps[0])]]
        for direction in steps[1:]:
            if direction != DONE:
                cells.append(_step(cells[-1], direction))
        return cells

    # Protocol --------------------------------------------------------------------------------

    def to_act(self) -> tuple[str, ...]:
        return () if self.is_over() else (SEATS[self.turn % 2],)

    def legal_actions(self, seat: str) -> Sequence[str]:
        if seat not in self.to_act():
            return ()
        return WALK.legal(self, self.decision, seat)

    def apply(self, seat: str, action: str) -> None:
        if seat not in self.to_act():
            self.reject_seat(seat)
        self.decision = WALK.take(self, self.decision, seat, action)

    def would_reveal(self, seat: str, action: str) -> bool:
        return WALK.completes(self, self.decision, seat, action)

    def default_action(self, seat: str) -> str | None:
        legal = self.legal_actions(seat)
        return DONE if DONE in legal else (legal[0] if legal else None)

    def is_over(self) -> bool:
        return self.winner is not None or self.turn >= self.rules.turns

    def returns(self) -> dict[str, float]:
        if self.winner is None:
            return dict.fromkeys(SEATS, 0.0)
        return {seat: 1.0 if seat == self.winner else -1.0 for seat in SEATS}

    def outcome(self) -> Outcome | None:
        if not self.is_over():
            return None
        if self.winner is None:
            return Outcome((), self.returns(), "time", f"nobody arrived in {self.turn} turns")
        return Outcome(
            (self.winner,),
            self.returns(),
            "arrived",
            f"{self.winner} reached the far row in turn {self.turn}",
            side=self.winner,
            facts={"turn": self.turn},
        )

    def view(self, seat: str) -> JSONDict:
        self.check_viewer(seat)
        view: JSONDict = {
            "seat": seat,
            "options": dict(self.rules.options),
            "turn": self.turn,
            "pieces": {s: [list(c) for c in cells] for s, cells in self.pieces.items()},
            "winner": self.winner,
        }
        if self.decision is not None and self.decision.seen_by(seat) is not None:
            view["my_steps"] = self.decision.seen_by(seat)
        return view

    def clone(self) -> WalkState:
        c = WalkState.__new__(WalkState)
        c.rules, c._seed = self.rules, self._seed
        c.pieces = {seat: cells[:] for seat, cells in self.pieces.items()}
        c.turn, c.winner, c.decision = self.turn, self.winner, self.decision
        return c

    def to_json(self) -> JSONDict:
        return {
            "game": "toy-walk",
            "format": 1,
            "options": dict(self.rules.options),
            "seed": self._seed,
            "turn": self.turn,
            "pieces": {s: [list(c) for c in cells] for s, cells in self.pieces.items()},
            "winner": self.winner,
            "decision": self.decision.to_json() if self.decision else None,
        }


def _cell(value: Any, where: str) -> tuple[int, int]:
    if not (
        isinstance(value, list)
        and len(value) == 2
        and all(isinstance(v, int) and not isinstance(v, bool) and 0 <= v < SIZE for v in value)
    ):
        raise SaveFileError(f"save file: {where!r} must be [row, column] inside the board")
    return value[0], value[1]


def _load(r: SaveReader) -> WalkState:
    options = GAME.normalize_options(r.header("toy-walk", 1))
    state = WalkState.new(WalkRules(options), r.integer("seed", -(2**63), 2**64))
    state.turn = r.integer("turn", 0, options["turns"])
    pieces = r.object("pieces")
    state.pieces = {seat: pieces.items(seat, _cell) for seat in SEATS}
    if any(len(cells) != len(PIECES) for cells in state.pieces.values()):
        raise r.fail("each seat has two pieces")
    if len(state.occupied()) != 2 * len(PIECES):
        raise r.fail("two pieces share a cell")
    state.winner = r.choice("winner", (None, *SEATS))
    state.decision = WALK.restore(state, r.get("decision"), SEATS)
    if state.decision is not None and state.decision.seat not in state.to_act():
        raise r.fail("the open decision is not of the seat to act")
    return state


GAME = WalkGame()

__all__ = ["GAME", "WALK", "Decision", "WalkState"]
