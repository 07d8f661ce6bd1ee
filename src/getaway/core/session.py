"""A live match: a state plus its replay log, with undo by replaying the log.

The server, the CLI and tournaments all drive games through a :class:`Session`, so every game
they play can be saved, replayed and resumed exactly.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from getaway.core.errors import UndoError
from getaway.core.game import Game, JSONDict, State
from getaway.core.replay import Move, Replay


class Session:
    """A game in progress and everything needed to rebuild it."""

    def __init__(self, replay: Replay, state: State, undoable: list[bool]) -> None:
        self.replay = replay
        self.state = state
        # undoable[i]: action i revealed nothing, so its seat may take it back.
        self._undoable = undoable

    @classmethod
    def new(cls, game: Game, options: Mapping[str, Any] | None = None, seed: int = 0) -> Session:
        replay = Replay.start(game, options, seed)
        return cls(replay, replay.new_state(), [])

    @classmethod
    def from_replay(cls, replay: Replay) -> Session:
        """Resume a logged game. Old actions are treated as settled: none can be undone."""
        return cls(replay, replay.final_state(), [False] * len(replay.actions))

    def copy(self) -> Session:
        """An independent copy, to try a change on before committing to it (the server
        writes a change to disk before it shows it, and builds what each viewer will see
        from the copy)."""
        replay = Replay(self.replay.game, self.replay.options, self.replay.seed)
        replay.actions = list(self.replay.actions)
        return Session(replay, self.state.clone(), list(self._undoable))

    @property
    def version(self) -> int:
        """How many actions have been applied: clients send it back to detect stale moves."""
        return len(self.replay.actions)

    def act(self, seat: str, action: str) -> None:
        """Apply an action and log it. An illegal one raises and changes nothing."""
        undoable = not self.state.would_reveal(seat, action)
        self.state.apply(seat, action)
        self.replay.actions.append(Move(seat, action))
        self._undoable.append(undoable)

    def timeout(self, seat: str) -> str | None:
        """The seat's decision deadline passed: play the rules' default for it (logged like
        any action, so replays reproduce it). Returns the action played, or ``None`` when the
        rules give no default and the decision keeps waiting."""
        self.state.check_seat(seat)
        action = self.state.default_action(seat)
        if action is not None:
            self.act(seat, action)
        return action

    def timeout_all(self) -> dict[str, str]:
        """Every seat that may act now times out (the end of a simultaneous countdown)."""
        played: dict[str, str] = {}
        for seat in self.state.to_act():
            # Acting may end the step; seats no longer asked are skipped.
            if seat in self.state.to_act():
                action = self.timeout(seat)
                if action is not None:
                    played[seat] = action
        return played

    def can_undo(self, seat: str) -> bool:
        return bool(
            self.replay.actions and self.replay.actions[-1].seat == seat and self._undoable[-1]
        )

    def undo(self, seat: str) -> Move:
        """Take back ``seat``'s last action by replaying the log without it.

        Refused when the last action was another seat's, or revealed hidden information.
        """
        if not self.replay.actions:
            raise UndoError("nothing to undo: no action has been played")
        last = self.replay.actions[-1]
        if last.seat != seat:
            # The other seat's action id is not quoted: it may be secret (a hidden ride).
            raise UndoError(
                f"seat {seat!r} cannot undo: the last action was played by {last.seat!r}, "
                "and nobody may take back another seat's action"
            )
        if not self._undoable[-1]:
            raise UndoError(
                f"seat {seat!r} cannot undo {last.action!r}: it revealed hidden information"
            )
        self.replay.actions.pop()
        self._undoable.pop()
        self.state = self.replay.final_state()
        return last

    def view(self, seat: str) -> JSONDict:
        return self.state.view(seat)
