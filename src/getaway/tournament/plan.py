"""A tournament's plan: the game, the bots and every fixture, checked before anything runs."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from getaway.ai import make_bot
from getaway.core import GetawayError, JSONDict, get_game
from getaway.tournament.schedule import Fixture, Role, fixtures, lineups, roles


class TournamentError(GetawayError):
    """A tournament that cannot be played as asked; the message says what would work."""


@dataclass(frozen=True)
class Plan:
    """What to play; plain data so it can be sent to worker processes."""

    game: str
    options: JSONDict
    seed: int
    bots: tuple[str, ...]
    roles: tuple[Role, ...]
    lineups: tuple[tuple[str, ...], ...]
    fixtures: tuple[Fixture, ...]

    @property
    def deals(self) -> int:
        return len(self.fixtures) // len(self.lineups)


def plan_tournament(
    game_name: str, options: Mapping[str, Any] | None, bots: Sequence[str], games: int, seed: int
) -> Plan:
    """Check the request and lay out every game. ``games`` must be a whole number of deals,
    each deal being played once by every line-up."""
    game = get_game(game_name)  # an unknown game raises an error listing the known ones
    normalized = game.normalize_options(options)
    if len(bots) < 2:
        raise TournamentError(f"a tournament needs at least 2 bots, got {len(bots)}")
    repeated = sorted({name for name in bots if bots.count(name) > 1})
    if repeated:
        raise TournamentError(f"each bot may be named once; repeated: {', '.join(repeated)}")
    for name in bots:
        make_bot(game, name)  # an unknown name raises an error listing the game's bots
    game_roles = roles(game, normalized)
    all_lineups = lineups(bots, len(game_roles))
    per_deal = len(all_lineups)
    if games < 1 or games % per_deal:
        below = games // per_deal * per_deal
        options_text = f"{below} or {below + per_deal}" if below else str(per_deal)
        raise TournamentError(
            f"--games {games} is not a whole number of deals: each deal is played by "
            f"{per_deal} line-ups ({_lineup_reason(len(bots), game_roles)}); use {options_text}"
        )
    return Plan(
        game=game.name,
        options=normalized,
        seed=seed,
        bots=tuple(bots),
        roles=game_roles,
        lineups=all_lineups,
        fixtures=fixtures(seed, games // per_deal, all_lineups),
    )


def _lineup_reason(bot_count: int, game_roles: Sequence[Role]) -> str:
    if len(game_roles) == 2:
        names = " and ".join(role.name for role in game_roles)
        return f"every ordered pair of the {bot_count} bots, as {names}"
    return f"the {bot_count} bots rotated over the seats {', '.join(r.name for r in game_roles)}"
