"""The research interface: PettingZoo environments for the games that have an encoding.

Needs the ``rl`` extra (``pip install 'getaway[rl]'``: PettingZoo, Gymnasium, numpy)::

    from getaway.rl import env, parallel_env

    aec = env(GAME, players=4)            # one agent at a time
    par = parallel_env(GAME, players=5)   # every agent each step (others wait)

(``GAME``: a name from ``getaway games``; :func:`encodable_games` lists those with an
encoding.)

Keyword arguments other than ``render_mode`` (``"ansi"``), ``illegal_action``
(``"terminate"``, PettingZoo's convention, or ``"raise"``) and ``render_seat`` are the
game's options. ``docs/rl.md`` documents the spaces and each game's encoding.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from getaway.rl.encodings import encodable_games, encoding_for, register_encoding

if TYPE_CHECKING:
    from getaway.rl.aec import GetawayAECEnv
    from getaway.rl.parallel import GetawayParallelEnv

_MISSING = "getaway.rl needs the rl extra: pip install 'getaway[rl]' ({})"


def env(game_name: str, **kwargs: Any) -> GetawayAECEnv:
    """The AEC environment of ``game_name`` (options and settings as keyword arguments)."""
    try:
        from getaway.rl.aec import GetawayAECEnv
    except ImportError as error:  # numpy, gymnasium or pettingzoo missing
        raise ImportError(_MISSING.format(error)) from error
    return GetawayAECEnv(game_name, **kwargs)


def parallel_env(game_name: str, **kwargs: Any) -> GetawayParallelEnv:
    """The Parallel environment of ``game_name`` (options and settings as keyword arguments)."""
    try:
        from getaway.rl.parallel import GetawayParallelEnv
    except ImportError as error:
        raise ImportError(_MISSING.format(error)) from error
    return GetawayParallelEnv(game_name, **kwargs)


__all__ = ["encodable_games", "encoding_for", "env", "parallel_env", "register_encoding"]
