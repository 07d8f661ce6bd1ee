"""Game-agnostic bots, and the lookup of any bot by name for a game.

A bot sees a seat's view, its legal actions, the game (for ``determinize``) and a seeded
generator; never the true state.
"""

from __future__ import annotations

from getaway.ai.random_bot import RandomBot
from getaway.core import Bot, Game, GetawayError
from getaway.core.game import BotFactory

#: Bots that play any game.
GENERIC_BOTS: dict[str, BotFactory] = {"random": RandomBot}


def bot_names(game: Game) -> list[str]:
    """Every bot name usable in ``game``: the game's own, then the generic ones."""
    return sorted({*game.bots(), *GENERIC_BOTS})


def make_bot(game: Game, name: str) -> Bot:
    """A new bot called ``name`` for ``game``; the game's own bots win over generic ones."""
    factory = game.bots().get(name) or GENERIC_BOTS.get(name)
    if factory is None:
        raise GetawayError(
            f"unknown bot {name!r} for {game.name}; bots: {', '.join(bot_names(game))}"
        )
    return factory()


__all__ = ["GENERIC_BOTS", "RandomBot", "bot_names", "make_bot"]
