"""Game-agnostic bots, and the lookup of any bot by name for a game.

A bot sees a seat's view, its legal actions, the game (for ``determinize`` and its search
policy) and a seeded generator; never the true state.

Names: the game's own bots (``heuristic``), ``random``, the search levels ``easy``,
``medium``, ``hard``, ``uct`` (the search without the game's knowledge, :mod:`getaway.ai.uct`),
and search specs such as ``ismcts:iterations=3000:c=0.7:off=coalition`` (grammar in
:mod:`getaway.ai.spec`).
"""

from __future__ import annotations

from getaway.ai.ismcts import ISMCTSBot
from getaway.ai.random_bot import RandomBot
from getaway.ai.spec import LEVELS, is_search_spec, parse_spec, uncapped_spec
from getaway.ai.uct import PlainUCTBot
from getaway.core import Bot, Game, GetawayError
from getaway.core.game import BotFactory


def _level(name: str) -> BotFactory:
    # The generic level; make_bot gives a game's search its own budgets (search_budgets).
    return lambda: ISMCTSBot(name)


#: Bots that play any game: ``random``, the search levels and plain ``uct``.
GENERIC_BOTS: dict[str, BotFactory] = {
    "random": RandomBot,
    "uct": PlainUCTBot,
    **{level: _level(level) for level in LEVELS},
}


def bot_names(game: Game) -> list[str]:
    """Every bot name usable in ``game``: the game's own, then the generic ones. Search specs
    (``ismcts:...``) are accepted by :func:`make_bot` too but not listed."""
    return sorted({*game.bots(), *GENERIC_BOTS})


def make_bot(game: Game, name: str) -> Bot:
    """A new bot called ``name`` for ``game``; the game's own bots win over generic ones.
    A search spec is checked here, techniques included, so a bad one fails before play."""
    factory = game.bots().get(name)
    if factory is not None:
        return factory()
    if is_search_spec(name):
        # A level or a spec, with the game's own budgets for its levels.
        bot = ISMCTSBot(name, parse_spec(name, game.search_budgets()))
        check_bot_techniques(game, bot)
        return bot
    factory = GENERIC_BOTS.get(name)
    if factory is not None:
        return factory()
    raise GetawayError(
        f"unknown bot {name!r} for {game.name}; bots: {', '.join(bot_names(game))}, "
        "or a search spec such as ismcts:iterations=2000:c=0.7"
    )


def check_bot_techniques(game: Game, bot: ISMCTSBot) -> None:
    """Refuse techniques the game's search policy lacks, using the policy of the first seat
    of a new default game (its ``techniques`` do not depend on the position)."""
    if not (bot.settings.on or bot.settings.off):
        return
    state = game.new_state(None, 0)
    seat = state.seats[0]
    bot.policy(game, seat, state.view(seat))


def validate_bot_name(game: Game, name: str) -> None:
    """Raise a :class:`GetawayError` saying what is wrong unless ``name`` names a bot for
    ``game`` (for front ends that check names before building bots)."""
    make_bot(game, name)


__all__ = [
    "GENERIC_BOTS",
    "ISMCTSBot",
    "PlainUCTBot",
    "RandomBot",
    "bot_names",
    "make_bot",
    "uncapped_spec",
    "validate_bot_name",
]
