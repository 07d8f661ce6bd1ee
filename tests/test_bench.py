"""``getaway bench``: the numbers it reports and their shape."""

from __future__ import annotations

import json
import platform
from types import SimpleNamespace

import pytest

from getaway.bench import bench_game, random_game, sample_states, time_games
from getaway.cli import main
from getaway.core import get_game
from getaway.games.scotland_yard.search import ScotlandYardSearchPolicy

GAME = get_game("scotland-yard")
KEYS = {
    "game",
    "games",
    "games_per_second",
    "plies_per_second",
    "clone_us",
    "legal_actions_us",
    "apply_us",
    "python",
}


def test_bench_one_game_prints_one_json_object(capsys):
    assert main(["bench", "scotland-yard", "--json", "--seconds", "0.2"]) == 0
    out = capsys.readouterr().out
    assert out.count("\n") == 1
    result = json.loads(out)
    assert set(result) >= KEYS
    assert result["game"] == "scotland-yard"
    assert result["python"] == platform.python_version()
    assert result["games"] >= 1
    assert result["games_per_second"] > 0 and result["plies_per_second"] > 0
    assert result["plies_per_second"] >= result["games_per_second"]
    for key in ("clone_us", "legal_actions_us", "apply_us"):
        assert 0 < result[key] < 100_000


def test_bench_every_game_prints_a_json_list(capsys):
    assert main(["bench", "--json", "--games", "2", "--seconds", "0.05"]) == 0
    results = json.loads(capsys.readouterr().out)
    assert isinstance(results, list)
    assert "scotland-yard" in {r["game"] for r in results}
    assert all(r["games"] == 2 and set(r) >= KEYS for r in results)


def test_bench_table(capsys):
    assert main(["bench", "scotland-yard", "--games", "1", "--seconds", "0.05"]) == 0
    out = capsys.readouterr().out
    assert "scotland-yard" in out and "games/s" in out and "clone µs" in out and "legal µs" in out


def test_games_option_plays_exactly_that_many_games():
    speed = time_games(GAME, 100.0, 3, seed=1)
    assert speed.games == 3
    assert speed.plies > 3 * 10


def test_random_game_is_reproducible_from_its_seed():
    import random

    first = random_game(GAME, 4, random.Random(4).random)
    again = random_game(GAME, 4, random.Random(4).random)
    assert first == again > 0


def test_samples_are_positions_where_someone_acts():
    samples = sample_states(GAME, 0, count=30)
    assert len(samples) == 30
    assert all(not s.is_over() and s.to_act() for s in samples)
    # Spread along games: the positions differ.
    assert len({json.dumps(s.to_json(), sort_keys=True) for s in samples}) == 30


@pytest.mark.parametrize("seconds", ["0", "-1", "soon"])
def test_bad_seconds_is_a_usage_error(capsys, seconds):
    assert main(["bench", "scotland-yard", "--seconds", seconds]) == 2
    assert "--seconds" in capsys.readouterr().err


class TickingClock:
    """A clock that moves on by ``step`` seconds each time it is read: the bench's loops
    stop by their clock, so with it they stop after a known number of reads whatever the
    machine's load (no timed test)."""

    def __init__(self, step: float) -> None:
        self.now, self.step, self.reads = 0.0, step, 0

    def __call__(self) -> float:
        self.now += self.step
        self.reads += 1
        return self.now


def test_bench_game_stops_when_its_clock_says_its_time_is_up(monkeypatch):
    import getaway.bench
    import getaway.bench_reference

    clock = TickingClock(0.01)
    fake_time = SimpleNamespace(perf_counter=clock, process_time=clock)
    for module in (getaway.bench, getaway.bench_reference):
        monkeypatch.setattr(module, "time", fake_time)
    result = bench_game(GAME, seconds=0.3)
    # The random games got the budget less the per-call share, measured by that clock: each
    # game reads it once, so they stopped at the first read past their share.
    assert 0.24 <= result["seconds"] < 0.24 + 2 * clock.step
    assert result["games"] == round(result["seconds"] / clock.step)
    # Every loop stopped: some thousands of reads in all (two for each call timed on its own,
    # a few per loop's round), not a run that ignores its clock.
    assert clock.reads < 10_000


# getaway bench --ismcts ----------------------------------------------------------------------

ISMCTS_KEYS = {
    "game",
    "bot",
    "moves",
    "iterations",
    "iterations_per_second",
    "iterations_per_cpu_second",
    "mean_move_seconds",
    "max_move_seconds",
    "capped_moves",
    "capped_share",
    "mean_iterations",
    "budget_share",
    "no_cap",
    "python",
}


def test_bench_ismcts_prints_iterations_per_second(capsys):
    spec = "ismcts:iterations=20:seconds=none:off=guided"
    argv = ["bench", "scotland-yard", "--ismcts", "--bot", spec, "--positions", "2", "--json"]
    assert main(argv) == 0
    result = json.loads(capsys.readouterr().out)
    assert set(result) >= ISMCTS_KEYS
    assert result["bot"] == spec and result["moves"] == 2
    # An iteration budget without a time cap is spent exactly at every position.
    assert result["iterations"] == 40 and result["capped_moves"] == 0
    assert result["iterations_per_second"] > 0 and result["iterations_per_cpu_second"] > 0
    assert 0 < result["mean_move_seconds"] <= result["max_move_seconds"]
    assert result["plain_iterations_per_cpu_second"] == result["iterations_per_cpu_second"]


def test_bench_ismcts_counts_guided_iterations_at_their_cost(capsys):
    # Mr. X's search (the first decision) plays heuristic-guided playouts to a horizon of
    # 3 rounds here: each costs 3 rounds at guided_cost_per_round plain iterations.
    cost = ScotlandYardSearchPolicy.guided_cost_per_round * 3
    spec = f"ismcts:iterations={int(2 * cost)}:seconds=none:on=evaluation"
    argv = ["bench", "scotland-yard", "--ismcts", "--bot", spec, "--positions", "1", "--json"]
    assert main(argv) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["iterations"] == 2 and result["capped_moves"] == 0
    ratio = result["plain_iterations_per_cpu_second"] / result["iterations_per_cpu_second"]
    assert ratio == pytest.approx(cost, rel=0.01)


@pytest.mark.parametrize("no_cap", [False, True])
def test_bench_ismcts_counts_the_decisions_the_cap_cut(capsys, no_cap):
    # A cap of a microsecond stops every search after its first iteration, whatever the
    # machine; --no-cap drops it, so each decision runs its whole budget.
    spec = "ismcts:iterations=20:seconds=0.000001:off=guided"
    argv = ["bench", "scotland-yard", "--ismcts", "--bot", spec, "--positions", "2", "--json"]
    assert main([*argv, "--no-cap"] if no_cap else argv) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["no_cap"] is no_cap
    if no_cap:
        assert result["budget_seconds"] is None
        assert result["capped_moves"] == 0 and result["capped_share"] == 0
        assert result["mean_iterations"] == 20 and result["budget_share"] == 1
    else:
        assert result["capped_moves"] == 2 and result["capped_share"] == 1
        assert result["mean_iterations"] == 1 and result["budget_share"] == 0.05


def test_bench_ismcts_table(capsys):
    argv = ["bench", "cash-n-guns", "--ismcts", "--bot", "ismcts:iterations=5", "--positions", "1"]
    assert main(argv) == 0
    out = capsys.readouterr().out
    assert "cash-n-guns" in out and "it/s" in out and "s/move" in out
    assert "mean it" in out and "capped" in out
    assert "--no-cap" not in out
    assert main([*argv, "--no-cap"]) == 0
    assert "time cap off (--no-cap)" in capsys.readouterr().out


def test_decision_states_offer_a_choice():
    from getaway.bench import decision_states

    for state in decision_states(get_game("cash-n-guns"), 0, 5):
        assert len(state.legal_actions(state.to_act()[0])) > 1


@pytest.mark.parametrize("bot", ["random", "ismcts:iterations=-1"])
def test_bench_ismcts_needs_a_search_bot(capsys, bot):
    assert main(["bench", "scotland-yard", "--ismcts", "--bot", bot, "--positions", "1"]) == 2
    assert "error" in capsys.readouterr().err


def test_the_heuristic_bots_decision_time_is_reported_for_games_that_have_one():
    from getaway.bench import time_heuristic

    for name in ("scotland-yard", "cash-n-guns"):
        figures = time_heuristic(get_game(name), seed=3, count=5)
        assert set(figures) == {"heuristic_us"} and figures["heuristic_us"] > 0
    # A game without a heuristic bot reports nothing rather than a made-up figure.
    from tests.ai.games import NIM

    assert time_heuristic(NIM, seed=3, count=5) == {}


def test_the_bench_table_says_what_the_heuristic_bot_costs():
    from rich.console import Console

    from getaway.cli.reports import bench_table

    row = {
        "game": "g", "games": 1, "games_per_second": 1.0, "plies_per_second": 1,
        "clone_us": 1.0, "legal_actions_us": 1.0, "apply_us": 1.0, "python": "3.11",
        "heuristic_us": 123.4,
    }  # fmt: skip
    console = Console(record=True, width=120)
    console.print(bench_table([row]))
    assert "heuristic bot µs per decision: g 123.4" in console.export_text()
