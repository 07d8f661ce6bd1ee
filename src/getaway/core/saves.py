"""Saving and loading a single state (all secrets included) as canonical JSON."""

from __future__ import annotations

from getaway.core.errors import GetawayError, SaveFileError
from getaway.core.game import State
from getaway.core.registry import get_game
from getaway.core.serialize import dumps, loads_object


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
