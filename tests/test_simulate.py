"""``getaway simulate`` and its lean game loop."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from getaway.ai import GENERIC_BOTS, RandomBot, make_bot
from getaway.ai.runner import play_game
from getaway.cli import main
from getaway.core import Replay, derive_seed, get_game
from getaway.core.sides import Side, Sides
from getaway.simulate import Tally, game_seed, play_one, simulate, whole_sides

GAME = get_game("scotland-yard")


def simulate_json(capsys: pytest.CaptureFixture[str], *argv: str) -> dict[str, Any]:
    assert main(["simulate", "scotland-yard", "--json", *argv]) == 0
    out = capsys.readouterr().out
    assert out.count("\n") == 1  # exactly one JSON object on stdout
    result: dict[str, Any] = json.loads(out)
    return result


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
@pytest.mark.parametrize("edition", ["2014", "classic"])
def test_random_games_finish_without_errors(capsys, players, edition):
    result = simulate_json(
        capsys, "--games", "40", "--seed", "1", "--players", str(players),
        "--option", f"edition={edition}",
    )  # fmt: skip
    assert result["errors"] == 0, result["error_messages"]
    assert result["error_messages"] == []
    assert result["game"] == "scotland-yard"
    assert (result["games"], result["seed"], result["players"]) == (40, 1, players)
    assert result["options"]["edition"] == edition
    assert set(result["wins"]) == {"mrx", "detectives"}
    assert sum(result["wins"].values()) + result["draws"] == 40
    assert 10 < result["mean_plies"] < 300
    assert result["games_per_second"] > 0


def test_sides_without_wins_are_listed_with_zero():
    # One round only, and in these 20 games (seed 1) no detective lands on Mr. X: the
    # detectives won none, and are listed with 0.
    lineup = dict.fromkeys(GAME.seats(), "random")
    data = simulate(GAME, {"max_rounds": 1}, 20, 1, lineup).to_json()
    assert data["wins"]["detectives"] == 0
    assert data["wins"]["mrx"] == 20


def test_same_seed_same_results_and_different_seed_differs(capsys):
    first = simulate_json(capsys, "--games", "30", "--seed", "5")
    again = simulate_json(capsys, "--games", "30", "--seed", "5")
    other = simulate_json(capsys, "--games", "30", "--seed", "6")
    assert (first["wins"], first["mean_plies"]) == (again["wins"], again["mean_plies"])
    assert (first["wins"], first["mean_plies"]) != (other["wins"], other["mean_plies"])


def test_lean_loop_plays_the_same_game_as_the_runner():
    seed = game_seed(9, 3)
    assert seed == derive_seed(9, 3)
    seats = GAME.seats({"players": 3})
    replay = Replay(GAME.name, GAME.normalize_options({"players": 3}), seed)
    bots = {s: make_bot(GAME, "random") for s in seats}
    _, plies = play_one(GAME, replay.options, seed, bots, replay)
    record = play_game(GAME, {"players": 3}, seed, {s: make_bot(GAME, "random") for s in seats})
    assert replay.actions == record.session.replay.actions
    assert len(replay.actions) == record.plies == plies


def test_replays_are_written_and_replay_to_the_counted_result(tmp_path: Path, capsys):
    result = simulate_json(capsys, "--games", "6", "--seed", "2", "--replays", str(tmp_path))
    files = sorted(tmp_path.glob("*.json"))
    assert len(files) == 6
    winners = {"mrx": 0, "detectives": 0}
    for index, path in enumerate(files):
        data = json.loads(path.read_text())
        assert set(data) >= {"game", "options", "seed", "actions"}
        assert data["seed"] == derive_seed(2, index)
        assert all(set(a) == {"seat", "action"} for a in data["actions"])
        final = Replay.load(path).final_state()
        assert final.is_over()
        outcome = final.outcome()
        assert outcome is not None and outcome.side is not None
        winners[outcome.side] += 1
    assert winners == result["wins"]


def test_bots_are_assigned_by_seat_order(capsys, monkeypatch):
    monkeypatch.setitem(GENERIC_BOTS, "other", RandomBot)
    result = simulate_json(
        capsys, "--games", "3", "--players", "3", "--bots", "other,random,random"
    )
    assert result["bots"] == {"mrx": "other", "d1": "random", "d2": "random"}
    assert result["errors"] == 0, result["error_messages"]


def test_workers_give_the_same_results_as_one_process():
    lineup = dict.fromkeys(GAME.seats(), "random")
    alone = simulate(GAME, None, 150, 8, lineup).to_json()
    shared = simulate(GAME, None, 150, 8, lineup, workers=2).to_json()
    assert shared["workers"] == 2
    for key in ("wins", "draws", "mean_plies", "errors", "finished"):
        assert alone[key] == shared[key]


def test_tally_keeps_counting_errors_but_only_a_few_messages():
    tally = Tally(wins={"mrx": 0})
    for n in range(8):
        tally.add_error(f"boom {n}")
    other = Tally(wins={"mrx": 2})
    other.add_error("late")
    tally.merge(other)
    assert tally.errors == 9
    assert tally.error_messages == [f"boom {n}" for n in range(5)]
    assert tally.wins == {"mrx": 2}


class BotWithABug:
    """Plays at random, but the tenth decision of any of these bots raises."""

    name = "buggy"
    decisions = 0

    def choose(self, game, seat, view, legal, rng):
        BotWithABug.decisions += 1
        if BotWithABug.decisions == 10:
            raise ValueError("bot bug")
        return rng.choice(legal)


def test_a_failing_bot_is_counted_as_an_error_and_the_run_goes_on(monkeypatch):
    monkeypatch.setattr(BotWithABug, "decisions", 0)
    monkeypatch.setattr("getaway.simulate.make_bot", lambda game, name: BotWithABug())
    result = simulate(GAME, None, 3, 1, dict.fromkeys(GAME.seats(), "buggy")).to_json()
    assert result["errors"] == 1
    assert result["finished"] == 2
    assert len(result["error_messages"]) == 1
    assert "game 0" in result["error_messages"][0]
    assert "ValueError: bot bug" in result["error_messages"][0]


def test_text_output_has_a_summary_table(capsys):
    assert main(["simulate", "scotland-yard", "--games", "10", "--seed", "1"]) == 0
    out = capsys.readouterr().out
    assert "mrx" in out and "detectives" in out and "%" in out
    assert "mean plies" in out and "games/s" in out and "errors: 0" in out


def test_wrong_number_of_bots_is_a_usage_error(capsys):
    code = main(["simulate", "scotland-yard", "--players", "3", "--bots", "random,random"])
    assert code == 2
    err = capsys.readouterr().err
    assert "mrx, d1, d2" in err


def test_a_team_wins_only_with_every_seat_among_the_winners():
    team = Sides((Side("heroes", ("p1", "p2", "p3")),))
    assert whole_sides(team, ("p1", "p2", "p3")) == ["heroes"]
    # one hero escaping alone, or two leaving the third behind: wins, not the team's
    assert whole_sides(team, ("p2",)) == []
    assert whole_sides(team, ("p1", "p3")) == []
    assert whole_sides(Sides.solo(("a", "b")), ("b",)) == ["b"]


def test_team_wins_are_reported_per_side():
    # Scotland Yard's detectives always win together, so their team wins are their wins.
    data = simulate(GAME, {}, 20, 1, dict.fromkeys(GAME.seats(), "random")).to_json()
    assert data["team_wins"] == data["wins"]
    assert data["team_win_rates"] == data["win_rates"]
