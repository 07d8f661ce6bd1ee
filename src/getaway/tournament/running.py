"""Playing a tournament's games, in this process or spread over workers (worker processes or
a Ray cluster: :mod:`getaway.parallel`).

Each game is a pure function of the plan and its fixture: fresh bots (a bot may keep memory
between moves, never between games), the deal's seed, and each seat's bot generator derived
from that seed as in :func:`getaway.simulate.play_one`; search bots play their whole budget
of iterations, their wall-clock cap dropped (:func:`getaway.ai.uncapped_spec`). So the results
are the same whatever the backend, the number of workers, the order in which games finish or
the load on the machine. Time per move is processor time, for the same reason.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, NamedTuple

from getaway.ai import make_bot, uncapped_spec
from getaway.core import Bot, Game, JSONDict, Rng, get_game
from getaway.parallel import Backend, as_backend
from getaway.simulate import play_one
from getaway.tournament.plan import Plan
from getaway.tournament.ranking import RoleResult, role_results
from getaway.tournament.schedule import Fixture, Role, seat_lineup

#: Most games handed to a worker at once: small, so slow bots still spread evenly and the
#: progress bar moves.
MAX_CHUNK = 20


@dataclass
class GameResult:
    """One game's outcome for each role (empty if the game failed), and its cost."""

    fixture: Fixture
    results: tuple[RoleResult, ...] = ()
    plies: int = 0
    error: str | None = None
    #: Seconds each bot spent choosing, and how many moves it chose (timing only).
    think: dict[str, float] = field(default_factory=dict)
    moves: dict[str, int] = field(default_factory=dict)


class TimedBot:
    """A bot that adds up the processor time its inner bot spends choosing (this process's
    time, so that games sharing the cores with other work still report what a move costs)."""

    def __init__(self, bot: Bot) -> None:
        self.bot = bot
        self.name = bot.name
        self.seconds = 0.0
        self.moves = 0

    def choose(
        self, game: Game, seat: str, view: Mapping[str, Any], legal: Sequence[str], rng: Rng
    ) -> str:
        started = time.process_time()
        try:
            return self.bot.choose(game, seat, view, legal, rng)
        finally:
            self.seconds += time.process_time() - started
            self.moves += 1


def play_fixture(
    game: Game, options: JSONDict, game_roles: Sequence[Role], fixture: Fixture
) -> GameResult:
    """Play one game of the tournament; a bot or rules error is recorded, not raised."""
    names = seat_lineup(game_roles, fixture.lineup)
    # A tournament measures strength: search bots play their budgets in full, without the
    # wall-clock cap, so a game's result does not depend on how loaded the machine was.
    bots = {seat: TimedBot(make_bot(game, uncapped_spec(name))) for seat, name in names.items()}
    result = GameResult(fixture)
    try:
        state, result.plies = play_one(game, options, fixture.seed, bots)
        result.results = role_results(state, game_roles)
    except Exception as exc:  # a bot or rules bug: report it, keep the tournament going
        result.error = f"game {fixture.index} (seed {fixture.seed}): {type(exc).__name__}: {exc}"
    for seat, bot in bots.items():
        name = names[seat]
        result.think[name] = result.think.get(name, 0.0) + bot.seconds
        result.moves[name] = result.moves.get(name, 0) + bot.moves
    return result


def play_fixtures(plan: Plan, fixtures: Sequence[Fixture]) -> list[GameResult]:
    """Play ``fixtures`` of ``plan`` (a worker process gets a plan without the fixtures, so
    that only its own share of them is sent to it)."""
    game = get_game(plan.game)
    return [play_fixture(game, plan.options, plan.roles, fixture) for fixture in fixtures]


class Played(NamedTuple):
    """Every game's result in fixture order, and how many workers played them at once."""

    games: list[GameResult]
    workers: int


def play_all(
    plan: Plan, workers: int | Backend, on_games: Callable[[int], None] | None = None
) -> Played:
    """Every game of ``plan``. ``workers``: a number of processes (``> 1`` uses that many), or
    a :class:`~getaway.parallel.Backend`. ``on_games(n)`` is called as games finish, for
    progress bars."""
    backend = as_backend(workers)
    if backend.inline:
        results = []
        for fixture in plan.fixtures:
            results += play_fixtures(plan, [fixture])
            if on_games is not None:
                on_games(1)
        return Played(results, 1)
    count = len(plan.fixtures)
    bare = replace(plan, fixtures=())
    with backend.open() as pool:
        chunk = max(1, min(MAX_CHUNK, count // (pool.workers * 8)))
        chunks = [(bare, plan.fixtures[start : start + chunk]) for start in range(0, count, chunk)]
        played = pool.map(
            play_fixtures, chunks, (lambda done: on_games(len(done))) if on_games else None
        )
        return Played([result for part in played for result in part], pool.workers)
