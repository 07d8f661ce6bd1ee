"""From played games to the tournament's results document (the ``--json`` output and
``results.json``), which the tables and plots are drawn from.

Counting unit: a *play* is one bot in one role of one game. In a two-role game that is one
game; where K bots rotate over more seats than there are bots, a bot plays several seats of a
game and each counts (its win rate is then per seat, to compare with 1 / seats).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

from getaway.core import JSONDict, derive_seed
from getaway.parallel import Backend, as_backend
from getaway.tournament.plan import Plan
from getaway.tournament.running import GameResult, play_all
from getaway.tournament.stats import (
    DEFAULT_PRIOR,
    DEFAULT_REPLICATES,
    ELO_MEAN,
    Interval,
    bootstrap,
    wilson,
)

#: How many error messages the document keeps (the count covers all of them).
KEPT_ERRORS = 5


def run_tournament(
    plan: Plan,
    workers: int | Backend = 1,
    on_games: Callable[[int], None] | None = None,
    replicates: int = DEFAULT_REPLICATES,
) -> JSONDict:
    """Play every game of ``plan`` and summarize them (see :func:`summarize`). ``workers``: a
    number of processes, or a :class:`~getaway.parallel.Backend`; the results are the same on
    every one."""
    backend = as_backend(workers)
    started = time.perf_counter()
    games, used = play_all(plan, backend, on_games)
    seconds = time.perf_counter() - started
    document = summarize(plan, games, replicates)
    document["timing"] = timing(games, seconds, used, backend.kind)
    return document


def bootstrap_seed(seed: int) -> int:
    return derive_seed(seed, "bootstrap")


def _rate(wins: float, plays: int) -> JSONDict:
    interval = wilson(wins, plays)
    return {
        "plays": plays,
        "wins": wins,
        "win_rate": round(wins / plays, 4) if plays else None,
        "win_rate_ci": _pair(interval, 4),
    }


def _pair(interval: Interval, digits: int) -> list[float]:
    return [round(interval.low, digits), round(interval.high, digits)]


def _deal_arrays(
    plan: Plan, games: Sequence[GameResult]
) -> tuple[np.ndarray[Any, Any], np.ndarray[Any, Any], np.ndarray[Any, Any]]:
    """Per deal: pairwise wins between bots (ties half each), rank sums and plays per bot."""
    index = {name: i for i, name in enumerate(plan.bots)}
    k = len(plan.bots)
    wins = np.zeros((plan.deals, k, k))
    rank_sums = np.zeros((plan.deals, k))
    plays = np.zeros((plan.deals, k))
    for game in games:
        deal = game.fixture.deal
        bots = [index[name] for name in game.fixture.lineup]
        for role, result in enumerate(game.results):
            rank_sums[deal, bots[role]] += result.rank
            plays[deal, bots[role]] += 1
            for other, other_result in enumerate(game.results[role + 1 :], start=role + 1):
                a, b = bots[role], bots[other]
                if a == b:
                    continue  # a bot against itself tells nothing about its rating
                if result.rank < other_result.rank:
                    wins[deal, a, b] += 1
                elif result.rank > other_result.rank:
                    wins[deal, b, a] += 1
                else:
                    wins[deal, a, b] += 0.5
                    wins[deal, b, a] += 0.5
    return wins, rank_sums, plays


def summarize(
    plan: Plan,
    games: Sequence[GameResult],
    replicates: int = DEFAULT_REPLICATES,
    prior: float = DEFAULT_PRIOR,
) -> JSONDict:
    """The results document, without timings: a function of the plan and the games only."""
    finished = [g for g in games if g.error is None]
    role_names = [role.name for role in plan.roles]
    ranked = len(plan.roles) > 2
    deal_wins, rank_sums, plays = _deal_arrays(plan, finished)
    ratings = bootstrap(deal_wins, rank_sums, plays, replicates, bootstrap_seed(plan.seed), prior)
    pairwise = deal_wins.sum(axis=0)
    standings = []
    for i, bot in enumerate(plan.bots):
        by_role = {}
        for r, role in enumerate(role_names):
            role_games = [g for g in finished if g.fixture.lineup[r] == bot]
            by_role[role] = _rate(sum(g.results[r].won for g in role_games), len(role_games))
        total_plays = int(plays[:, i].sum())
        total_wins = sum(
            result.won
            for g in finished
            for name, result in zip(g.fixture.lineup, g.results, strict=True)
            if name == bot
        )
        entry: JSONDict = {
            "bot": bot,
            "elo": round(ratings.elo[i], 1),
            "elo_ci": _pair(ratings.elo_ci[i], 1),
            **_rate(total_wins, total_plays),
            "mean_rank": None,
            "mean_rank_ci": None,
            "by_role": by_role,
        }
        if ranked and total_plays:
            entry["mean_rank"] = round(float(rank_sums[:, i].sum()) / total_plays, 3)
            entry["mean_rank_ci"] = _pair(ratings.mean_rank_ci[i], 3)
        standings.append(entry)
    standings.sort(key=lambda entry: -entry["elo"])
    errors = [g.error for g in games if g.error is not None]
    return {
        "game": plan.game,
        "options": plan.options,
        "players": plan.options.get("players"),
        "bots": list(plan.bots),
        "games": len(plan.fixtures),
        "deals": plan.deals,
        "seed": plan.seed,
        "seed_rule": "deal d uses seed derive_seed(seed, d); every line-up plays every deal",
        "roles": [{"name": role.name, "seats": list(role.seats)} for role in plan.roles],
        "lineups": [list(lineup) for lineup in plan.lineups],
        "ranked": ranked,
        "standings": standings,
        "pairwise_wins": {
            a: {b: float(pairwise[i, j]) for j, b in enumerate(plan.bots) if j != i}
            for i, a in enumerate(plan.bots)
        },
        "ratings": {
            "model": "Bradley-Terry maximum likelihood on pairwise results, Elo scale",
            "mean": ELO_MEAN,
            "prior_draws_per_pair": prior,
            "ci": "95% percentile bootstrap over deals",
            "bootstrap_replicates": replicates,
            "bootstrap_seed": bootstrap_seed(plan.seed),
        },
        "finished": len(finished),
        "mean_plies": round(sum(g.plies for g in finished) / len(finished), 1) if finished else 0,
        "errors": len(errors),
        "error_messages": errors[:KEPT_ERRORS],
        "records": [_record(g) for g in games],
    }


def _record(game: GameResult) -> JSONDict:
    record: JSONDict = {
        "game": game.fixture.index,
        "deal": game.fixture.deal,
        "seed": game.fixture.seed,
        "lineup": list(game.fixture.lineup),
    }
    if game.error is not None:
        record["error"] = game.error
    else:
        record["won"] = [result.won for result in game.results]
        record["ranks"] = [result.rank for result in game.results]
        record["plies"] = game.plies
    return record


def timing(games: Sequence[GameResult], seconds: float, workers: int, backend: str) -> JSONDict:
    """How long it took; the one part of the document that varies between runs."""
    think: dict[str, float] = {}
    moves: dict[str, int] = {}
    for game in games:
        for bot, spent in game.think.items():
            think[bot] = think.get(bot, 0.0) + spent
            moves[bot] = moves.get(bot, 0) + game.moves.get(bot, 0)
    return {
        "seconds": round(seconds, 3),
        "workers": workers,
        "backend": backend,
        "games_per_second": round(len(games) / seconds, 2) if seconds > 0 else None,
        "ms_per_move": {
            bot: round(1000 * think[bot] / moves[bot], 3) if moves[bot] else None
            for bot in sorted(think)
        },
    }
