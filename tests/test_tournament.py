"""``getaway tournament``: fair schedules on paired deals, statistics, plots and the command."""

from __future__ import annotations

import argparse
import json
import math
import shlex
from collections import Counter
from typing import Any

import numpy as np
import pytest

from getaway.ai import GENERIC_BOTS, RandomBot
from getaway.cli.common import UsageError
from getaway.cli.tournament_cmd import register
from getaway.core import GetawayError, UnknownGameError, derive_seed, get_game
from getaway.tournament import TournamentError, plan_tournament, run_tournament
from getaway.tournament.plots import write_plots
from getaway.tournament.ranking import RoleResult, tied_ranks
from getaway.tournament.results import summarize
from getaway.tournament.running import GameResult
from getaway.tournament.schedule import Fixture, Role, lineups, roles, seat_lineup
from getaway.tournament.stats import ELO_MEAN, bootstrap, bradley_terry, wilson

SY = get_game("scotland-yard")
CNG = get_game("cash-n-guns")


# Roles and fair schedules ---------------------------------------------------------------------


def test_scotland_yard_roles_are_mrx_and_the_detectives_team():
    assert roles(SY, SY.normalize_options({"players": 4})) == (
        Role("mrx", ("mrx",)),
        Role("detectives", ("d1", "d2", "d3")),
    )
    assert roles(SY, SY.normalize_options({"players": 2})) == (
        Role("mrx", ("mrx",)),
        Role("detectives", ("detectives",)),
    )


def test_cash_n_guns_roles_are_the_seats():
    options = CNG.normalize_options({"players": 5})
    assert [role.seats for role in roles(CNG, options)] == [(s,) for s in CNG.seats(options)]


def test_two_roles_every_pairing_plays_both_sides():
    bots = ["a", "b", "c"]
    played = lineups(bots, 2)
    assert sorted(played) == sorted((x, y) for x in bots for y in bots if x != y)
    for role in range(2):
        assert Counter(lineup[role] for lineup in played) == dict.fromkeys(bots, 2)


@pytest.mark.parametrize("bot_count", [2, 3, 5, 6])
def test_many_seats_every_bot_sits_in_every_seat_once_a_deal(bot_count):
    bots = [f"bot{i}" for i in range(bot_count)]
    played = lineups(bots, 5)
    assert len(played) == bot_count
    for seat in range(5):
        assert Counter(lineup[seat] for lineup in played) == dict.fromkeys(bots, 1)


def test_every_lineup_of_a_deal_plays_the_same_seed_and_deals_differ():
    plan = plan_tournament("scotland-yard", None, ["heuristic", "random"], 6, seed=7)
    assert plan.deals == 3
    by_deal: dict[int, set[int]] = {}
    for fixture in plan.fixtures:
        by_deal.setdefault(fixture.deal, set()).add(fixture.seed)
        assert fixture.seed == derive_seed(7, fixture.deal)
    assert all(len(seeds) == 1 for seeds in by_deal.values())
    assert len({seed for seeds in by_deal.values() for seed in seeds}) == 3
    assert [f.lineup for f in plan.fixtures[:2]] == [
        ("heuristic", "random"),
        ("random", "heuristic"),
    ]
    assert [f.index for f in plan.fixtures] == list(range(6))


def test_a_side_bot_plays_every_seat_of_its_side():
    game_roles = roles(SY, SY.normalize_options({"players": 4}))
    assert seat_lineup(game_roles, ("x", "y")) == {"mrx": "x", "d1": "y", "d2": "y", "d3": "y"}


# Errors ---------------------------------------------------------------------------------------


def test_fewer_than_two_bots_is_an_error():
    with pytest.raises(TournamentError, match="at least 2 bots"):
        plan_tournament("scotland-yard", None, ["heuristic"], 2, 0)


def test_a_bot_named_twice_is_an_error():
    with pytest.raises(TournamentError, match="repeated: random"):
        plan_tournament("scotland-yard", None, ["random", "heuristic", "random"], 6, 0)


def test_unknown_bot_lists_the_known_ones():
    with pytest.raises(GetawayError, match=r"unknown bot 'nobody'.*heuristic.*random"):
        plan_tournament("scotland-yard", None, ["random", "nobody"], 2, 0)


def test_unknown_game_lists_the_known_ones():
    with pytest.raises(UnknownGameError, match=r"cash-n-guns.*scotland-yard"):
        plan_tournament("chess", None, ["random", "heuristic"], 2, 0)


def test_games_must_be_whole_deals_and_the_message_says_what_works(monkeypatch):
    monkeypatch.setitem(GENERIC_BOTS, "other", RandomBot)
    with pytest.raises(TournamentError, match=r"--games 7 .* 6 line-ups .*use 6 or 12"):
        plan_tournament("scotland-yard", None, ["random", "heuristic", "other"], 7, 0)
    with pytest.raises(TournamentError, match=r"--games 3 .* 2 line-ups .*use 2 or 4"):
        plan_tournament("scotland-yard", None, ["random", "heuristic"], 3, 0)
    with pytest.raises(TournamentError, match=r"2 line-ups .*use 2$"):
        plan_tournament("cash-n-guns", {"players": 5}, ["random", "heuristic"], 1, 0)


def test_bad_options_are_reported():
    with pytest.raises(GetawayError, match="players"):
        plan_tournament("cash-n-guns", {"players": 12}, ["random", "heuristic"], 2, 0)


# Statistics -----------------------------------------------------------------------------------


def test_wilson_matches_the_formula_at_the_edges_and_in_the_middle():
    z2 = 1.959963984540054**2
    none = wilson(0, 10)
    assert none.low == 0.0
    assert none.high == pytest.approx(z2 / (10 + z2))  # the closed form when p = 0
    middle = wilson(5, 10)
    assert (middle.low, middle.high) == pytest.approx((0.236593, 0.763407), abs=1e-6)
    assert wilson(10, 10).low == pytest.approx(1 - none.high)
    assert (wilson(0, 0).low, wilson(0, 0).high) == (0.0, 1.0)


def test_wilson_narrows_with_more_trials():
    small, large = wilson(30, 100), wilson(300, 1000)
    assert small.low < large.low < 0.3 < large.high < small.high


def test_bradley_terry_matches_a_hand_computed_fit():
    # a beat b 2-1, b beat c 2-1, a beat c 4-1: strengths 4 : 2 : 1 satisfy the likelihood
    # equations exactly (each bot's expected wins equal its wins), so a - b = b - c =
    # 400 log10(2) Elo, centred on the mean.
    wins = np.array([[0, 2, 4], [1, 0, 2], [1, 1, 0]], dtype=float)
    step = 400 * math.log10(2)
    expected = [ELO_MEAN + step, ELO_MEAN, ELO_MEAN - step]
    assert bradley_terry(wins, prior=0) == pytest.approx(expected, abs=1e-6)


def test_bradley_terry_two_bots_with_the_prior_is_the_smoothed_odds():
    ratings = bradley_terry(np.array([[0, 30], [10, 0]], dtype=float), prior=1)
    assert ratings[0] - ratings[1] == pytest.approx(400 * math.log10(30.5 / 10.5))
    assert ratings.mean() == pytest.approx(ELO_MEAN)


def test_symmetric_results_give_equal_ratings():
    wins = np.array([[0, 5, 3], [5, 0, 7], [3, 7, 0]], dtype=float)
    assert bradley_terry(wins) == pytest.approx([ELO_MEAN] * 3)


def test_a_bot_that_always_wins_is_rated_highest_and_finitely():
    wins = np.array([[0, 20, 20], [0, 0, 12], [0, 8, 0]], dtype=float)
    ratings = bradley_terry(wins)
    assert np.all(np.isfinite(ratings))
    assert ratings[0] > ratings[1] > ratings[2]


def test_bradley_terry_fits_a_stack_like_each_matrix_alone():
    first = np.array([[0, 3], [1, 0]], dtype=float)
    second = np.array([[0, 1], [6, 0]], dtype=float)
    stacked = bradley_terry(np.stack([first, second]))
    assert stacked[0] == pytest.approx(bradley_terry(first))
    assert stacked[1] == pytest.approx(bradley_terry(second))


def deals_with(a_wins: list[int], b_wins: list[int]) -> np.ndarray[Any, Any]:
    return np.array([[[0, a], [b, 0]] for a, b in zip(a_wins, b_wins, strict=True)], dtype=float)


def test_bootstrap_intervals_hold_the_estimate_and_are_seeded():
    wins = deals_with([2, 1, 2, 0, 2, 1, 1, 2], [0, 1, 0, 2, 0, 1, 1, 0])
    ranks = np.ones((8, 2))
    plays = np.full((8, 2), 2.0)
    first = bootstrap(wins, ranks, plays, replicates=300, seed=4)
    again = bootstrap(wins, ranks, plays, replicates=300, seed=4)
    other = bootstrap(wins, ranks, plays, replicates=300, seed=5)
    assert first == again
    assert first.elo_ci != other.elo_ci
    for rating, interval in zip(first.elo, first.elo_ci, strict=True):
        assert interval.low < rating < interval.high
    assert first.elo[0] > first.elo[1]


def test_bootstrap_interval_narrows_with_more_deals():
    few_wins = deals_with([2, 0, 1, 2], [0, 2, 1, 0])
    few = bootstrap(few_wins, np.ones((4, 2)), np.ones((4, 2)), 400, 1)
    many_wins = deals_with([2, 0, 1, 2] * 16, [0, 2, 1, 0] * 16)
    many = bootstrap(many_wins, np.ones((64, 2)), np.ones((64, 2)), 400, 1)
    width = [ci.high - ci.low for ci in few.elo_ci]
    assert all(m.high - m.low < w / 2 for m, w in zip(many.elo_ci, width, strict=True))


def test_tied_ranks_share_the_mean_place():
    assert tied_ranks([(1, 5), (-1, 9), (-1, 9), (-1, 2), (-1, 2)]) == (1, 2.5, 2.5, 4.5, 4.5)
    assert tied_ranks([3, 1, 2]) == (1, 3, 2)


# Playing and summarizing ----------------------------------------------------------------------


def without_timing(results: dict[str, Any]) -> dict[str, Any]:
    return {key: value for key, value in results.items() if key != "timing"}


def test_results_do_not_depend_on_the_number_of_workers():
    plan = plan_tournament("scotland-yard", {"players": 3}, ["heuristic", "random"], 8, 11)
    alone = run_tournament(plan, workers=1, replicates=200)
    shared = run_tournament(plan, workers=2, replicates=200)
    assert without_timing(alone) == without_timing(shared)
    assert alone["finished"] == 8
    assert [r["lineup"] for r in alone["records"][:2]] == [
        ["heuristic", "random"],
        ["random", "heuristic"],
    ]
    other = run_tournament(
        plan_tournament("scotland-yard", {"players": 3}, ["heuristic", "random"], 8, 12),
        replicates=200,
    )
    assert [r["plies"] for r in other["records"]] != [r["plies"] for r in alone["records"]]


def test_cash_n_guns_places_are_a_ranking_of_the_five_seats():
    plan = plan_tournament("cash-n-guns", {"players": 5}, ["heuristic", "random"], 4, 2)
    results = run_tournament(plan, replicates=100)
    assert results["ranked"] is True
    for record in results["records"]:
        ranks = record["ranks"]
        assert sum(ranks) == pytest.approx(15)  # places 1..5, ties sharing their mean
        assert all(1 <= rank <= 5 for rank in ranks)
        for won, rank in zip(record["won"], ranks, strict=True):
            if won:
                assert rank == min(ranks)
    standings = {s["bot"]: s for s in results["standings"]}
    assert standings["heuristic"]["plays"] == standings["random"]["plays"] == 10
    assert sum(s["mean_rank"] * s["plays"] for s in standings.values()) == pytest.approx(15 * 4)


def fake_game(index: int, deal: int, lineup: tuple[str, ...], ranks: list[float]) -> GameResult:
    best = min(ranks)
    results = tuple(RoleResult(rank == best, rank) for rank in ranks)
    return GameResult(Fixture(index, deal, 0, lineup), results, plies=10)


def test_pairwise_results_count_ties_as_halves_and_skip_a_bot_against_itself():
    plan = plan_tournament("cash-n-guns", {"players": 4}, ["heuristic", "random"], 2, 0)
    h, r = "heuristic", "random"
    games = [
        fake_game(0, 0, (h, r, h, r), [1, 2, 3.5, 3.5]),
        fake_game(1, 0, (r, h, r, h), [2.5, 2.5, 1, 4]),
    ]
    results = summarize(plan, games, replicates=50)
    # Game 0: h1 beats r2 and r4; r2 beats h3; h3 ties r4. Game 1: r1 ties h2, r3 beats both
    # h; h2 beats h4 is a bot against itself; r1 beats h4.
    assert results["pairwise_wins"] == {h: {r: 2.5 + 0.5}, r: {h: 1.5 + 3.5}}
    standings = {s["bot"]: s for s in results["standings"]}
    assert standings[h]["wins"] == 1 and standings[r]["wins"] == 1
    assert standings[h]["mean_rank"] == pytest.approx((1 + 3.5 + 2.5 + 4) / 4)
    assert standings[r]["elo"] > standings[h]["elo"]


class BrokenBot:
    name = "broken"

    def choose(self, game, seat, view, legal, rng):
        raise RuntimeError("no idea")


def test_a_failing_game_is_reported_and_left_out(monkeypatch):
    monkeypatch.setitem(GENERIC_BOTS, "broken", BrokenBot)
    plan = plan_tournament("scotland-yard", None, ["random", "broken"], 2, 0)
    results = run_tournament(plan, replicates=20)
    assert results["errors"] == 2 and results["finished"] == 0
    assert "RuntimeError: no idea" in results["error_messages"][0]
    assert all("error" in record for record in results["records"])


def test_plots_are_written_as_png_and_svg(tmp_path):
    plan = plan_tournament("cash-n-guns", {"players": 5}, ["heuristic", "random"], 2, 1)
    written = write_plots(run_tournament(plan, replicates=50), tmp_path)
    names = {path.name for path in written}
    for plot in ("ratings", "win_rates", "mean_ranks"):
        assert {f"{plot}.png", f"{plot}.svg"} <= names
    for path in written:
        assert path.stat().st_size > 1000
    assert (tmp_path / "ratings.png").read_bytes().startswith(b"\x89PNG")
    assert "<svg" in (tmp_path / "win_rates.svg").read_text()


# The command ----------------------------------------------------------------------------------


def parser() -> argparse.ArgumentParser:
    top = argparse.ArgumentParser(prog="getaway")
    register(top.add_subparsers(dest="command", required=True))
    return top


def run_command(*argv: str) -> int:
    args = parser().parse_args(["tournament", *argv])
    code: int = args.handler(args)
    return code


def test_command_json_and_results_folder(tmp_path, capsys):
    out = tmp_path / "results"
    argv = ["scotland-yard", "--bots", "heuristic,random", "--games", "4", "--seed", "3"]
    argv += ["--workers", "1", "--players", "2", "--out", str(out), "--json"]
    assert run_command(*argv) == 0
    printed = json.loads(capsys.readouterr().out)
    saved = json.loads((out / "results.json").read_text())
    assert printed == saved
    assert printed["bots"] == ["heuristic", "random"] and printed["games"] == 4
    assert {s["bot"] for s in printed["standings"]} == {"heuristic", "random"}
    assert set(printed["standings"][0]["by_role"]) == {"mrx", "detectives"}
    for name in ("ratings.png", "ratings.svg", "win_rates.png", "win_rates.svg"):
        assert (out / name).stat().st_size > 1000
    command = (out / "command.txt").read_text().strip()
    assert command == printed["command"]
    words = shlex.split(command)
    assert words[:2] == ["getaway", "tournament"]
    rerun = parser().parse_args(words[1:])
    original = parser().parse_args(["tournament", *argv])
    assert vars(rerun) == vars(original)


def test_command_prints_a_table_and_writes_to_a_folder_named_after_game_and_seed(
    tmp_path, monkeypatch, capsys
):
    monkeypatch.chdir(tmp_path)
    argv = ["cash-n-guns", "--bots", "random,heuristic", "--games", "2", "--seed", "9"]
    assert run_command(*argv, "--workers", "1") == 0
    out = capsys.readouterr().out
    assert "cash-n-guns: 2 games" in out
    assert "heuristic" in out and "mean place (of 5)" in out
    assert "wins by seat" in out
    folder = tmp_path / "tournament-cash-n-guns-9"
    assert f"written to {folder.name}" in out
    assert (folder / "mean_ranks.svg").exists()
    assert "--out tournament-cash-n-guns-9" in (folder / "command.txt").read_text()


def test_command_needs_two_bot_names():
    with pytest.raises(UsageError, match="at least 2 bot names"):
        run_command("scotland-yard", "--bots", "random,", "--games", "2")


@pytest.mark.parametrize(
    "argv",
    [
        ["scotland-yard", "--bots", "random,heuristic", "--games", "0"],
        ["scotland-yard", "--bots", "random,heuristic", "--games", "two"],
        ["scotland-yard", "--bots", "random,heuristic", "--games", "2", "--workers", "0"],
        ["scotland-yard", "--games", "2"],
    ],
)
def test_bad_counts_are_usage_errors(argv, capsys):
    with pytest.raises(SystemExit) as exit_info:
        parser().parse_args(["tournament", *argv])
    assert exit_info.value.code == 2
    assert "error" in capsys.readouterr().err


def test_search_bots_play_their_whole_budget_without_the_time_cap(monkeypatch):
    # A tournament measures strength: a capped search would play other moves on a loaded
    # machine, so every search spec is built with its cap dropped (and other bots as named).
    import getaway.tournament.running as running

    built: list[str] = []

    def recording_make_bot(game, name):
        built.append(name)
        return RandomBot()

    monkeypatch.setattr(running, "make_bot", recording_make_bot)
    plan = plan_tournament("scotland-yard", None, ["easy", "random"], 2, seed=3)
    run_tournament(plan, workers=1)
    assert set(built) == {"easy:seconds=none", "random"}
