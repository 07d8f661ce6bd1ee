"""Saving and loading a single state (all secrets included) as canonical JSON, and the
typed reader every game's loader uses, so that each error names the field it is about."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, TypeVar

from getaway.core.errors import GetawayError, SaveFileError
from getaway.core.game import JSONDict, State
from getaway.core.options import whole_number
from getaway.core.registry import get_game
from getaway.core.serialize import dumps, loads_object

T = TypeVar("T")
#: The range of a seed: any signed or unsigned 64-bit number.
SEED_RANGE = (-(2**63), 2**64)
#: The range of a generator's saved state.
RNG_RANGE = (0, 2**64 - 1)


def save_state(state: State) -> str:
    return dumps(state.to_json())


def load_state(text: str | bytes) -> State:
    """Load a state saved by :func:`save_state`. Anything malformed raises
    :class:`SaveFileError` saying what is wrong."""
    data = loads_object(text, "save file")
    name = data.get("game")
    if not isinstance(name, str):
        raise SaveFileError("the save file names no game (field 'game')")
    try:
        game = get_game(name)
    except GetawayError as exc:
        raise SaveFileError(str(exc)) from None
    return game.state_from_json(data)


class SaveReader:
    """Typed access to one object of a save file. Every error is a :class:`SaveFileError`
    that names the field, with its path (``players[2].wounds``), and what it may be."""

    def __init__(self, data: Any, where: str = "") -> None:
        if not isinstance(data, Mapping):
            raise SaveFileError(f"save file: {where or 'the state'} must be an object")
        self.data: Mapping[str, Any] = data
        #: The path of this object in the file, with a trailing dot (``"players[2]."``).
        self.where = where

    def fail(self, what: str) -> SaveFileError:
        return SaveFileError(f"save file: {what}")

    def name(self, key: str) -> str:
        """The field's full path, for messages."""
        return f"{self.where}{key}"

    def get(self, key: str) -> Any:
        if key not in self.data:
            raise self.fail(f"field {self.name(key)!r} is missing")
        return self.data[key]

    def integer(self, key: str, low: int, high: int) -> int:
        return whole_number(self.get(key), self.name(key), low, high)

    def boolean(self, key: str) -> bool:
        value = self.get(key)
        if not isinstance(value, bool):
            raise self.fail(f"{self.name(key)!r} must be true or false, not {value!r}")
        return value

    def text(self, key: str) -> str:
        value = self.get(key)
        if not isinstance(value, str):
            raise self.fail(f"{self.name(key)!r} must be text, not {value!r}")
        return value

    def choice(self, key: str, allowed: tuple[Any, ...]) -> Any:
        """One of ``allowed`` (compared by value; ``None`` may be one of them)."""
        value = self.get(key)
        if isinstance(value, bool) or value not in allowed:
            shown = ", ".join("null" if a is None else str(a) for a in allowed)
            raise self.fail(f"{self.name(key)!r} must be one of {shown}, not {value!r}")
        return value

    def items(self, key: str, read: Callable[[Any, str], T]) -> list[T]:
        """A list, each item read by ``read(item, its path)``."""
        value = self.get(key)
        if not isinstance(value, list):
            raise self.fail(f"{self.name(key)!r} must be a list")
        return [read(item, f"{self.name(key)}[{i}]") for i, item in enumerate(value)]

    def object(self, key: str) -> SaveReader:
        """A nested object, read with the same checks."""
        return SaveReader(self.get(key), f"{self.name(key)}.")

    def header(self, game: str, fmt: int) -> JSONDict:
        """Check the fields every save starts with (``game``, ``format``, ``options``) and
        return the options, still to be normalized by the game."""
        if self.get("game") != game:
            raise self.fail(f"not a {game} state (field 'game' is {self.get('game')!r})")
        if self.get("format") != fmt:
            raise self.fail(
                f"format {self.get('format')!r} is not {fmt}, the one this version reads"
            )
        options = self.get("options")
        if not isinstance(options, dict):
            raise self.fail("'options' must be an object")
        return dict(options)


def reading(load: Callable[[SaveReader], T], data: Any) -> T:
    """Run a game's ``load(reader)`` on ``data``; any other rules error it meets (an option
    out of range, a commit that does not fit) becomes a :class:`SaveFileError`."""
    try:
        return load(SaveReader(data))
    except SaveFileError:
        raise
    except GetawayError as exc:
        raise SaveFileError(f"save file: {exc}") from None
