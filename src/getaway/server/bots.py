"""Bot seats play by themselves.

After every change, while a bot seat may act, its bot chooses from that seat's view alone
and the action goes through the same path as a person's (:meth:`Registry.commit_action`), so
it is checked, logged and announced like any other. A bot's randomness is derived from the
match seed, the seat and the version, so a restarted server makes the same choice in the
same position; the derivation is one-way (:func:`~getaway.core.bot_seed`), so the bot's
generator does not give away the match seed, which fixes every secret.
"""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING

from getaway.core import bot_seed
from getaway.server.db import BY_BOT
from getaway.server.errors import ConflictError, UnavailableError, UnprocessableError

if TYPE_CHECKING:
    from getaway.server.live import Registry
    from getaway.server.match import LiveMatch

log = logging.getLogger(__name__)

#: How long to wait before trying again when the database is down.
RETRY_SECONDS = 1.0


def kick(registry: Registry, match: LiveMatch) -> None:
    """Make sure a driver runs if a bot may act; at most one per match."""
    if registry.closing or match.over or match.bot_to_act() is None:
        return
    if match.bot_task is None or match.bot_task.done():
        match.bot_task = asyncio.get_running_loop().create_task(drive(registry, match))


async def drive(registry: Registry, match: LiveMatch) -> None:
    while not match.over and not registry.closing:
        seat = match.bot_to_act()
        if seat is None:
            return
        state = match.session.state
        legal = list(state.legal_actions(seat))
        if not legal:
            return
        version = match.version_for(seat)
        view = state.view(seat)
        level = match.seats[seat].bot_level or "random"
        try:
            # In a worker process: a searching bot may think for a while (thinking.py).
            action = await registry.thinking.choose(
                match.game.name,
                level,
                seat,
                view,
                legal,
                bot_seed(match.seed, "bot", seat, version),
            )
        except Exception:
            log.exception(
                "match %s: bot for %s failed; playing its first legal move", match.id, seat
            )
            action = legal[0]
        for attempt in (action, legal[0]):
            try:
                await registry.guarded(
                    registry.commit_action(match, seat, attempt, version, BY_BOT)
                )
                break
            except ConflictError:
                break  # the match moved on while the bot thought: look again
            except UnprocessableError as exc:
                log.error("match %s: bot for %s chose an illegal move: %s", match.id, seat, exc)
            except UnavailableError:
                await asyncio.sleep(RETRY_SECONDS)
                break
