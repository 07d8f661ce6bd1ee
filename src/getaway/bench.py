"""How fast a game's rules run through the public protocol, on one core.

Two measures, comparable across versions and machines:

* whole random games (``new_state`` included) per second, and plies per second;
* microseconds per ``clone()``, ``legal_actions()`` and ``apply()`` call, on states sampled
  along random games (so early, middle and late positions all count).

Randomness comes from :mod:`random` seeded with ``seed``: the loop is the cheapest honest
random player, so the numbers measure the rules and not a bot.

A game with a lean reference in ``benchmarks/`` is also compared
with it side by side, for the same budget again (:mod:`getaway.bench_reference`).

``bench_ismcts`` measures the search bot instead: iterations per second and seconds per move
at positions spread along random games, and how many decisions the time cap cut short.
"""

from __future__ import annotations

import platform
import random
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from getaway.bench_views import view_timings
from getaway.core import Game, GetawayError, JSONDict, State, bot_rng

#: Positions sampled for the per-call timings.
SAMPLES = 200
#: Keep one position in this many plies, so samples spread over several games.
SAMPLE_EVERY = 5
#: Share of the time budget spent on per-call timings (the rest plays whole games).
MICRO_SHARE = 0.2


def random_game(
    game: Game, seed: int, rnd: Callable[[], float], options: Mapping[str, Any] | None = None
) -> int:
    """Play one random game from a new state (``options``, or the game's defaults); the
    number of plies."""
    state = game.new_state(options, seed)
    plies = 0
    while not state.is_over():
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        state.apply(seat, legal[int(rnd() * len(legal))])
        plies += 1
    return plies


@dataclass
class GameSpeed:
    games: int
    plies: int
    seconds: float


def time_games(game: Game, seconds: float, games: int | None, seed: int) -> GameSpeed:
    """Random games for ``seconds`` (at least one game), or exactly ``games`` games."""
    rnd = random.Random(seed).random
    played = plies = 0
    started = time.perf_counter()
    while True:
        plies += random_game(game, seed + played, rnd)
        played += 1
        elapsed = time.perf_counter() - started
        if (games is not None and played >= games) or (games is None and elapsed >= seconds):
            return GameSpeed(played, plies, elapsed)


def sample_states(game: Game, seed: int, count: int = SAMPLES) -> list[State]:
    """``count`` positions where someone is to act, taken along random games."""
    rnd = random.Random(seed).random
    samples: list[State] = []
    game_number = 0
    while len(samples) < count:
        state = game.new_state(None, seed + game_number)
        game_number += 1
        ply = 0
        while not state.is_over() and len(samples) < count:
            if ply % SAMPLE_EVERY == 0:
                samples.append(state.clone())
            seat = state.to_act()[0]
            legal = state.legal_actions(seat)
            state.apply(seat, legal[int(rnd() * len(legal))])
            ply += 1
    return samples


def _per_call_us(run_pass: Callable[[], float], calls_per_pass: int, budget: float) -> float:
    """Mean microseconds per call over repeated passes filling ``budget`` seconds (at least
    one pass). ``run_pass`` returns the seconds its timed calls took."""
    total = 0.0
    passes = 0
    deadline = time.perf_counter() + budget
    while passes == 0 or time.perf_counter() < deadline:
        total += run_pass()
        passes += 1
    return total / (passes * calls_per_pass) * 1e6


def time_calls(samples: list[State], budget: float, seed: int) -> dict[str, float]:
    """Microseconds per ``clone``, ``legal_actions`` and ``apply`` on ``samples``."""
    seats = [state.to_act()[0] for state in samples]
    rnd = random.Random(seed).random
    moves = []
    for state, seat in zip(samples, seats, strict=True):
        legal = state.legal_actions(seat)
        moves.append((state, seat, legal[int(rnd() * len(legal))]))

    def clone_pass() -> float:
        started = time.perf_counter()
        for state in samples:
            state.clone()
        return time.perf_counter() - started

    def legal_pass() -> float:
        started = time.perf_counter()
        for state, seat in zip(samples, seats, strict=True):
            state.legal_actions(seat)
        return time.perf_counter() - started

    def apply_pass() -> float:
        # Fresh copies each pass: apply changes its state. Only the applies are timed.
        work = [(state.clone(), seat, action) for state, seat, action in moves]
        started = time.perf_counter()
        for state, seat, action in work:
            state.apply(seat, action)
        return time.perf_counter() - started

    share = budget / 3
    n = len(samples)
    return {
        "clone_us": round(_per_call_us(clone_pass, n, share), 2),
        "legal_actions_us": round(_per_call_us(legal_pass, n, share), 2),
        "apply_us": round(_per_call_us(apply_pass, n, share), 2),
    }


#: Decisions the game's own ``heuristic`` bot is timed on.
HEURISTIC_DECISIONS = 100


def time_heuristic(game: Game, seed: int, count: int = HEURISTIC_DECISIONS) -> JSONDict:
    """Microseconds per decision of the game's ``heuristic`` bot (none: no figure), at
    ``count`` positions along random games where the seat has a real choice. The view, the
    legal actions, a fresh bot and its generator are made outside the timing: only
    ``choose`` is timed."""
    factory = game.bots().get("heuristic")
    if factory is None:
        return {}
    total = 0.0
    states = decision_states(game, seed, count)
    for i, state in enumerate(states):
        seat = state.to_act()[0]
        view, legal = state.view(seat), state.legal_actions(seat)
        bot, rng = factory(), bot_rng(seed, "bench-heuristic", i)
        started = time.perf_counter()
        bot.choose(game, seat, view, legal, rng)
        total += time.perf_counter() - started
    return {"heuristic_us": round(total / len(states) * 1e6, 1)}


def bench_game(
    game: Game, seconds: float = 5.0, games: int | None = None, seed: int = 0
) -> JSONDict:
    """Benchmark ``game`` with default options: about ``seconds`` seconds in all (or
    ``games`` whole games plus the per-call timings)."""
    micro_budget = seconds * MICRO_SHARE
    speed = time_games(game, seconds - micro_budget, games, seed)
    calls = time_calls(sample_states(game, seed + 1), micro_budget, seed + 2)
    elapsed = max(speed.seconds, 1e-9)  # a clock too coarse must not divide by zero
    from getaway.bench_reference import reference_fields

    # A game with a lean reference in benchmarks/: it and the search's path, side by side
    # (the same budget again, so that the figures above keep their meaning across versions).
    compared = reference_fields(game, seconds, seed)
    return {
        "game": game.name,
        "options": game.normalize_options(None),
        "seed": seed,
        "games": speed.games,
        "plies": speed.plies,
        "seconds": round(speed.seconds, 4),
        "games_per_second": round(speed.games / elapsed, 1),
        "plies_per_second": round(speed.plies / elapsed),
        "mean_plies": round(speed.plies / speed.games, 2),
        **calls,
        # µs per view at ply 10 and at the last decision (src/getaway/bench_views.py).
        **view_timings(game, seed + 3),
        # µs per decision of the game's own heuristic bot.
        **time_heuristic(game, seed + 4),
        "samples": SAMPLES,
        **compared,
        "python": platform.python_version(),
        "implementation": platform.python_implementation(),
    }


# The search bot -------------------------------------------------------------------------------

#: Positions searched by ``bench_ismcts`` unless told otherwise.
SEARCH_POSITIONS = 20


def decision_states(game: Game, seed: int, count: int) -> list[State]:
    """``count`` positions along random games where the first seat to act has a real choice
    (two legal actions or more), one every :data:`SAMPLE_EVERY` plies at most."""
    rnd = random.Random(seed).random
    found: list[State] = []
    game_number = 0
    while len(found) < count:
        state = game.new_state(None, seed + game_number)
        game_number += 1
        since = SAMPLE_EVERY
        while not state.is_over() and len(found) < count:
            seat = state.to_act()[0]
            legal = state.legal_actions(seat)
            if since >= SAMPLE_EVERY and len(legal) > 1:
                found.append(state.clone())
                since = 0
            state.apply(seat, legal[int(rnd() * len(legal))])
            since += 1
    return found


def bench_ismcts(
    game: Game,
    spec: str = "hard",
    positions: int = SEARCH_POSITIONS,
    seed: int = 0,
    no_cap: bool = False,
) -> JSONDict:
    """The search bot ``spec`` deciding once at each of ``positions`` positions spread along
    random games, from the view of the first seat to act: iterations per second of search
    (wall-clock and processor time; building the policy excluded), seconds per move
    (everything the bot does included) and how many decisions the time cap cut short.
    ``no_cap`` drops the spec's time cap, so every decision runs its whole iteration budget
    and the moves are the same on any machine."""
    from getaway.ai import ISMCTSBot, make_bot

    bot = make_bot(game, spec)
    if not isinstance(bot, ISMCTSBot):
        raise GetawayError(f"{spec!r} is not a search bot (use a level or an ismcts: spec)")
    if no_cap:
        bot.settings = bot.settings.uncapped()
    iterations = 0
    plain = 0.0
    search_seconds = cpu_seconds = 0.0
    move_seconds: list[float] = []
    move_cpu_seconds: list[float] = []
    capped = 0
    budgets = 0
    for i, state in enumerate(decision_states(game, seed, positions)):
        seat = state.to_act()[0]
        view = state.view(seat)
        legal = state.legal_actions(seat)
        started, cpu_started = time.perf_counter(), time.process_time()
        bot.choose(game, seat, view, legal, bot_rng(seed, "ismcts", i))
        move_seconds.append(time.perf_counter() - started)
        move_cpu_seconds.append(time.process_time() - cpu_started)
        report = bot.last
        assert report is not None
        iterations += report.iterations
        plain += report.iterations * report.cost
        search_seconds += report.seconds
        cpu_seconds += report.cpu_seconds
        capped += report.capped
        budgets += report.budget
    moves = len(move_seconds)
    return {
        "game": game.name,
        "options": game.normalize_options(None),
        "bot": spec,
        "budget_iterations": bot.settings.iterations,
        "budget_seconds": bot.settings.seconds,
        # The bench plays each level's real spec; ``no_cap`` says the cap was dropped.
        "no_cap": no_cap,
        "seed": seed,
        "moves": moves,
        "iterations": iterations,
        "mean_iterations": round(iterations / moves, 1),
        # Share of the iterations the budgets asked for that were run (1.0: no cap reached).
        "budget_share": round(iterations / max(budgets, 1), 4),
        "iterations_per_second": round(iterations / max(search_seconds, 1e-9)),
        # Per second of this process's own processor time: what one core does even when
        # other processes share it (the wall-clock rate above drops when they do).
        "iterations_per_cpu_second": round(iterations / max(cpu_seconds, 1e-9)),
        # Iterations weighted by their policy's cost (heuristic-guided
        # playouts count 15 each): the rate the level budgets are written in.
        "plain_iterations_per_cpu_second": round(plain / max(cpu_seconds, 1e-9)),
        "mean_move_seconds": round(sum(move_seconds) / len(move_seconds), 4),
        "max_move_seconds": round(max(move_seconds), 4),
        "max_move_cpu_seconds": round(max(move_cpu_seconds), 4),
        "capped_moves": capped,
        "capped_share": round(capped / moves, 4),
        "cpu_seconds": round(cpu_seconds, 4),
        "python": platform.python_version(),
        "implementation": platform.python_implementation(),
    }
