"""The replay log: game, options, seed and the actions with their seats. It rebuilds any
game exactly, because every chance event is drawn from the seeded state."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from getaway.core.errors import GetawayError, SaveFileError
from getaway.core.game import Game, JSONDict, State
from getaway.core.public import PublicAction, hidden_step_json
from getaway.core.registry import get_game
from getaway.core.serialize import dumps, loads_object

FORMAT = "getaway-replay/1"


@dataclass(frozen=True)
class Move:
    """One applied action and the seat that played it."""

    seat: str
    action: str

    def to_json(self) -> dict[str, str]:
        return {"seat": self.seat, "action": self.action}


@dataclass
class Replay:
    game: str
    options: JSONDict
    seed: int
    actions: list[Move] = field(default_factory=list)

    @classmethod
    def start(cls, game: Game, options: Mapping[str, Any] | None, seed: int) -> Replay:
        return cls(game.name, game.normalize_options(options), seed)

    def new_state(self) -> State:
        return get_game(self.game).new_state(self.options, self.seed)

    def states(self) -> Iterator[tuple[Move | None, State]]:
        """The initial state, then the state after each action (one state, mutated: clone
        what you keep)."""
        state = self.new_state()
        yield None, state
        for number, move in enumerate(self.actions, start=1):
            try:
                state.apply(move.seat, move.action)
            except GetawayError as exc:
                raise SaveFileError(f"replay action {number} does not apply: {exc}") from None
            yield move, state

    def seen_by(self, viewer: str) -> Iterator[tuple[int, PublicAction | None, State]]:
        """The game step by step as ``viewer`` saw it: the step number (0 for the start),
        what the viewer was shown of that step's action (``game.public_action``; ``None`` at
        the start and where it was shown nothing), and the state after it (one state,
        mutated: clone what you keep)."""
        game = get_game(self.game)
        state = self.new_state()
        yield 0, None, state
        for number, move in enumerate(self.actions, start=1):
            before = state.clone()
            try:
                state.apply(move.seat, move.action)
            except GetawayError as exc:
                raise SaveFileError(f"replay action {number} does not apply: {exc}") from None
            yield number, game.public_action(before, move, viewer), state

    def step_records(self, viewer: str) -> Iterator[JSONDict]:
        """:meth:`seen_by` as JSON records ``{step, seat, action, public, view}``: ``action``
        is the action id when the viewer saw all of it, ``public`` what it was shown (the id,
        or its public part such as ``ride:?``), and both, with ``seat``, are ``null`` where it
        was shown nothing. The server's replays and ``getaway replay --json`` print these."""
        for number, shown, state in self.seen_by(viewer):
            record: JSONDict = {"step": number}
            record.update(shown.to_json() if shown is not None else hidden_step_json())
            record["view"] = state.view(viewer)
            yield record

    def final_state(self) -> State:
        state = self.new_state()
        for _, state in self.states():  # noqa: B007 - we want the last one
            pass
        return state

    def to_json(self) -> JSONDict:
        return {
            "format": FORMAT,
            "game": self.game,
            "options": self.options,
            "seed": self.seed,
            "actions": [m.to_json() for m in self.actions],
        }

    def dumps(self) -> str:
        return dumps(self.to_json())

    def save(self, path: Path) -> None:
        path.write_text(self.dumps() + "\n", encoding="utf-8")

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Replay:
        fmt = data.get("format", FORMAT)
        if fmt != FORMAT:
            raise SaveFileError(f"unsupported replay format {fmt!r}; this version reads {FORMAT}")
        for key, kind in (("game", str), ("options", dict), ("seed", int), ("actions", list)):
            if not isinstance(data.get(key), kind) or isinstance(data.get(key), bool):
                raise SaveFileError(f"replay field {key!r} must be a {kind.__name__}")
        moves = []
        for i, item in enumerate(data["actions"], start=1):
            if not (
                isinstance(item, dict)
                and isinstance(item.get("seat"), str)
                and isinstance(item.get("action"), str)
            ):
                raise SaveFileError(f"replay action {i} must be {{'seat': str, 'action': str}}")
            moves.append(Move(item["seat"], item["action"]))
        try:
            game = get_game(data["game"])
            options = game.normalize_options(data["options"])
        except GetawayError as exc:
            raise SaveFileError(f"replay header is not usable: {exc}") from None
        return cls(game.name, options, data["seed"], moves)

    @classmethod
    def loads(cls, text: str | bytes) -> Replay:
        return cls.from_json(loads_object(text, "replay file"))

    @classmethod
    def load(cls, path: Path) -> Replay:
        try:
            text = path.read_bytes()
        except OSError as exc:
            raise SaveFileError(f"cannot read replay {path}: {exc.strerror}") from None
        return cls.loads(text)
