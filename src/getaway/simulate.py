"""Many bot games, fast: win rates, game lengths and errors for a game and a bot line-up.

Game ``i`` of a run with seed ``S`` is set up with seed ``derive_seed(S, i)``, and each seat's
bot draws from ``bot_rng(game_seed, "bot", seat)`` (one-way, so a bot cannot recover the
game seed), exactly as :func:`getaway.ai.runner.play_game` does, so any simulated game can be
replayed or re-run alone, and the results do not depend on how many workers shared the work
or where they ran (:mod:`getaway.parallel`: worker processes or a Ray cluster).

The loop is leaner than the runner's: no :class:`~getaway.core.Session` (which clones for
undo safety) and, for the random bot, no view (it ignores it).
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from getaway.ai import RandomBot, make_bot
from getaway.core import Bot, Game, JSONDict, Move, Replay, Rng, State, derive_seed, get_game
from getaway.core import bot_rng as keyed_bot_rng
from getaway.core.sides import Sides
from getaway.parallel import Backend, as_backend

#: How many error messages a result keeps (the count covers all of them).
KEPT_ERRORS = 5
#: A game longer than this is a rules bug (no game here lasts nearly as long).
MAX_PLIES = 100_000
#: Games per task handed to a worker: big enough to amortise the hand-off.
CHUNK = 100


def game_seed(seed: int, index: int) -> int:
    """The seed of game ``index`` in a run seeded ``seed``."""
    return derive_seed(seed, index)


def bot_rng(seed: int, seat: str) -> Rng:
    """The generator of the bot at ``seat`` in the game seeded ``seed``."""
    return keyed_bot_rng(seed, "bot", seat)


def play_one(
    game: Game,
    options: Mapping[str, Any],
    seed: int,
    bots: Mapping[str, Bot],
    replay: Replay | None = None,
) -> tuple[State, int]:
    """Play one game to its end: the final state and the number of plies. Every action is
    appended to ``replay`` when one is given (it then holds the game so far even if a bot or
    the rules raise)."""
    state = game.new_state(options, seed)
    rngs = {seat: bot_rng(seed, seat) for seat in state.seats}
    log = replay.actions if replay is not None else None
    plies = 0
    while not state.is_over():
        if plies >= MAX_PLIES:
            raise RuntimeError(f"the game did not end within {MAX_PLIES} plies")
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        bot = bots[seat]
        if isinstance(bot, RandomBot):
            action = rngs[seat].choice(legal)  # same draw as RandomBot.choose, without a view
        else:
            action = bot.choose(game, seat, state.view(seat), legal, rngs[seat])
        state.apply(seat, action)
        if log is not None:
            log.append(Move(seat, action))
        plies += 1
    return state, plies


def whole_sides(sides: Sides, winners: Iterable[str]) -> list[str]:
    """The sides every seat of which is among ``winners``: a team that won as a team, not
    one of its members alone (a traitor's escape, a hero left behind)."""
    won = set(winners)
    return [side.name for side in sides if side.seats and won.issuperset(side.seats)]


@dataclass
class Tally:
    """Results of some games: mergeable, so workers can each count a share."""

    #: Per side: the games it won, alone or sharing the victory.
    wins: dict[str, int]
    #: Per side: the games every seat of it won together (a team's win; in a co-operative
    #: game with a hidden traitor, the games the whole team won, not one member alone).
    team_wins: dict[str, int] = field(default_factory=dict)
    #: Games won by several sides together, and games nobody won.
    shared: int = 0
    draws: int = 0
    finished: int = 0
    plies: int = 0
    errors: int = 0
    error_messages: list[str] = field(default_factory=list)

    def add_error(self, message: str) -> None:
        self.errors += 1
        if len(self.error_messages) < KEPT_ERRORS:
            self.error_messages.append(message)

    def merge(self, other: Tally) -> None:
        for side, count in other.wins.items():
            self.wins[side] = self.wins.get(side, 0) + count
        for side, count in other.team_wins.items():
            self.team_wins[side] = self.team_wins.get(side, 0) + count
        self.shared += other.shared
        self.draws += other.draws
        self.finished += other.finished
        self.plies += other.plies
        self.errors += other.errors
        room = KEPT_ERRORS - len(self.error_messages)
        self.error_messages += other.error_messages[: max(room, 0)]


@dataclass(frozen=True)
class Plan:
    """What to simulate; plain data so it can be sent to worker processes."""

    game: str
    options: JSONDict
    seed: int
    games: int
    lineup: dict[str, str]
    replays: Path | None = None


def replay_path(directory: Path, plan: Plan, index: int) -> Path:
    width = max(len(str(plan.games - 1)), 4)
    return directory / f"{plan.game}-{plan.seed}-{index:0{width}d}.json"


def run_games(plan: Plan, indices: Iterable[int], on_game: Callable[[], None] | None) -> Tally:
    """Play the games ``indices`` of ``plan``; a game that raises is counted and skipped."""
    game = get_game(plan.game)
    bots = {seat: make_bot(game, name) for seat, name in plan.lineup.items()}
    sides = game.sides(plan.options)
    tally = Tally(wins=dict.fromkeys(sides.names, 0), team_wins=dict.fromkeys(sides.names, 0))
    for index in indices:
        seed = game_seed(plan.seed, index)
        # Logging moves costs time, so only when the replays are wanted.
        replay = Replay(game.name, plan.options, seed) if plan.replays is not None else None
        try:
            state, plies = play_one(game, plan.options, seed, bots, replay)
        except Exception as exc:  # a bot or rules bug: count it, keep the run going
            tally.add_error(f"game {index} (seed {seed}): {type(exc).__name__}: {exc}")
        else:
            tally.finished += 1
            tally.plies += plies
            outcome = state.outcome()
            assert outcome is not None
            won = {sides.side_of(seat).name for seat in outcome.winners}
            if not won:
                tally.draws += 1
            elif len(won) > 1:
                tally.shared += 1
            for side in won:
                tally.wins[side] = tally.wins.get(side, 0) + 1
            for side in whole_sides(sides, outcome.winners):
                tally.team_wins[side] = tally.team_wins.get(side, 0) + 1
        if plan.replays is not None and replay is not None:
            replay.save(replay_path(plan.replays, plan, index))
        if on_game is not None:
            on_game()
    return tally


def _run_chunk(plan: Plan, start: int, stop: int) -> tuple[int, Tally]:
    return stop - start, run_games(plan, range(start, stop), None)


@dataclass
class SimulationResult:
    plan: Plan
    sides: tuple[str, ...]
    players: int
    tally: Tally
    seconds: float
    workers: int
    #: Where the games ran: "process" (this process or worker processes) or "ray".
    backend: str = "process"

    def to_json(self) -> JSONDict:
        tally = self.tally
        games = self.plan.games
        return {
            "game": self.plan.game,
            "games": games,
            "seed": self.plan.seed,
            "seed_rule": "game i uses derive_seed(seed, i)",
            "players": self.players,
            "options": self.plan.options,
            "bots": self.plan.lineup,
            "wins": {side: tally.wins.get(side, 0) for side in self.sides},
            "win_rates": {
                side: tally.wins.get(side, 0) / tally.finished if tally.finished else 0.0
                for side in self.sides
            },
            "team_wins": {side: tally.team_wins.get(side, 0) for side in self.sides},
            "team_win_rates": {
                side: tally.team_wins.get(side, 0) / tally.finished if tally.finished else 0.0
                for side in self.sides
            },
            "shared": tally.shared,
            "draws": tally.draws,
            "finished": tally.finished,
            "mean_plies": tally.plies / tally.finished if tally.finished else 0.0,
            "seconds": round(self.seconds, 4),
            "games_per_second": round(games / self.seconds, 1) if self.seconds > 0 else 0.0,
            "workers": self.workers,
            "backend": self.backend,
            "errors": tally.errors,
            "error_messages": tally.error_messages,
        }


def simulate(
    game: Game,
    options: Mapping[str, Any] | None,
    games: int,
    seed: int,
    lineup: Mapping[str, str],
    replays: Path | None = None,
    workers: int | Backend = 1,
    on_games: Callable[[int], None] | None = None,
) -> SimulationResult:
    """Play ``games`` games with the bots named in ``lineup`` (seat -> bot name).

    ``on_games(n)`` is called as games finish (``n`` of them at a time), for progress bars.
    ``workers``: a number of processes (``> 1`` spreads the games over that many), or a
    :class:`~getaway.parallel.Backend`; the results are the same on every one.
    """
    normalized = game.normalize_options(options)
    if replays is not None:
        replays.mkdir(parents=True, exist_ok=True)
    plan = Plan(game.name, normalized, seed, games, dict(lineup), replays)
    backend = as_backend(workers).fitted(math.ceil(games / CHUNK))
    started = time.perf_counter()
    if backend.inline:
        used = 1
        tally = run_games(plan, range(games), (lambda: on_games(1)) if on_games else None)
    else:
        chunks = [(plan, start, min(start + CHUNK, games)) for start in range(0, games, CHUNK)]
        with backend.open() as pool:
            used = pool.workers
            counted = pool.map(
                _run_chunk, chunks, (lambda done: on_games(done[0])) if on_games else None
            )
        # Merged in game order, so the kept error messages do not depend on timing.
        tally = Tally(wins={})
        for _, part in counted:
            tally.merge(part)
    seconds = time.perf_counter() - started
    return SimulationResult(
        plan=plan,
        sides=game.sides(normalized).names,
        players=int(normalized.get("players", len(game.seats(normalized)))),
        tally=tally,
        seconds=seconds,
        workers=used,
        backend=backend.kind,
    )
