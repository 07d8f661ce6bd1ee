"""The game-agnostic core: protocol, errors, randomness, replays, saves and sessions.

It knows no game. Games import it; nothing here imports a game.
"""

from getaway.core.actions import match_action
from getaway.core.bots import Bot
from getaway.core.errors import (
    AmbiguousActionError,
    GetawayError,
    IllegalActionError,
    NotYourTurnError,
    OptionsError,
    SaveFileError,
    UndoError,
    UnknownGameError,
    UnknownSeatError,
)
from getaway.core.game import ALL, SPECTATOR, Game, JSONDict, State
from getaway.core.registry import games, get_game, register_game, unregister_game
from getaway.core.replay import Move, Replay
from getaway.core.rng import Rng, derive_seed
from getaway.core.saves import load_state, save_state
from getaway.core.session import Session
from getaway.core.simultaneous import SecretChoices

__all__ = [
    "ALL",
    "SPECTATOR",
    "AmbiguousActionError",
    "Bot",
    "Game",
    "GetawayError",
    "IllegalActionError",
    "JSONDict",
    "Move",
    "NotYourTurnError",
    "OptionsError",
    "Replay",
    "Rng",
    "SaveFileError",
    "SecretChoices",
    "Session",
    "State",
    "UndoError",
    "UnknownGameError",
    "UnknownSeatError",
    "derive_seed",
    "games",
    "get_game",
    "load_state",
    "match_action",
    "register_game",
    "save_state",
    "unregister_game",
]
