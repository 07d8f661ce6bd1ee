"""The game-agnostic core: protocol, errors, randomness, replays, saves and sessions.

It knows no game. Games import it; nothing here imports a game.
"""

from getaway.core.actions import match_action
from getaway.core.base import RulesState
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
from getaway.core.outcome import Outcome
from getaway.core.public import HIDDEN, PublicAction
from getaway.core.registry import games, get_game, register_game, unregister_game
from getaway.core.replay import Move, Replay
from getaway.core.rng import Rng, bot_rng, bot_seed, derive_seed, fresh_seed
from getaway.core.saves import SaveReader, load_state, save_state
from getaway.core.session import Session
from getaway.core.sides import HiddenRole, Side, Sides
from getaway.core.simultaneous import SecretChoices
from getaway.core.steps import DONE, Decision, StepRules

__all__ = [
    "ALL",
    "DONE",
    "HIDDEN",
    "SPECTATOR",
    "AmbiguousActionError",
    "Bot",
    "Decision",
    "Game",
    "GetawayError",
    "HiddenRole",
    "IllegalActionError",
    "JSONDict",
    "Move",
    "NotYourTurnError",
    "OptionsError",
    "Outcome",
    "PublicAction",
    "Replay",
    "Rng",
    "RulesState",
    "SaveFileError",
    "SaveReader",
    "SecretChoices",
    "Session",
    "Side",
    "Sides",
    "State",
    "StepRules",
    "UndoError",
    "UnknownGameError",
    "UnknownSeatError",
    "bot_rng",
    "bot_seed",
    "derive_seed",
    "fresh_seed",
    "games",
    "get_game",
    "load_state",
    "match_action",
    "register_game",
    "save_state",
    "unregister_game",
]
