"""The ``getaway`` command line: games, play, replay, exit codes, and the installed script."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from getaway.ai import GENERIC_BOTS
from getaway.cli import main
from getaway.cli.play import group_actions, resolve_seats
from getaway.core import ALL, Replay, Rng, Session, get_game

GAME = get_game("scotland-yard")


@pytest.fixture(autouse=True)
def replay_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    directory = tmp_path / "autosaved"
    monkeypatch.setenv("GETAWAY_REPLAY_DIR", str(directory))
    return directory


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


# games --------------------------------------------------------------------------------------


def test_games_json_lists_every_game_with_its_description(capsys):
    code, out, _ = run(capsys, "games", "--json")
    assert code == 0
    listed = json.loads(out)
    sy = next(g for g in listed if g["name"] == "scotland-yard")
    assert sy["title"] == "Scotland Yard"
    assert (sy["min_players"], sy["max_players"]) == (2, 6)
    assert sy["sides"]["4"]["sides"] == [
        {"name": "mrx", "seats": ["mrx"]},
        {"name": "detectives", "seats": ["d1", "d2", "d3"]},
    ]
    assert sy["sides_text"] == "mrx; detectives: d1 d2 d3"  # 4 players, the default
    assert "random" in sy["bots_available"]
    assert "edition" in sy["options"]


def test_games_table_names_the_game(capsys, monkeypatch):
    # Wide enough that no cell wraps: with four games the sides column is narrow at 80.
    monkeypatch.setenv("COLUMNS", "200")
    code, out, _ = run(capsys, "games")
    assert code == 0
    assert "scotland-yard" in out
    assert "edition" in out
    assert "each seat alone" in out  # Cash 'n Guns' sides


# exit codes ---------------------------------------------------------------------------------


def test_unknown_game_exits_2_listing_the_known_games(capsys):
    code, out, err = run(capsys, "simulate", "chess", "--games", "1")
    assert code == 2
    assert "unknown game 'chess'" in err
    assert "scotland-yard" in err
    assert "Traceback" not in out + err


def test_bad_option_exits_2_with_the_options_message(capsys):
    code, _, err = run(capsys, "play", "scotland-yard", "--option", "edition=1999")
    assert code == 2
    assert "edition" in err and "classic" in err


def test_option_without_equals_sign_is_a_usage_error(capsys):
    code, _, err = run(capsys, "simulate", "scotland-yard", "--option", "edition")
    assert code == 2
    assert "key=value" in err


def test_argparse_errors_exit_2(capsys):
    assert main(["simulate", "scotland-yard", "--games", "zero"]) == 2
    assert main([]) == 2
    assert "usage" in capsys.readouterr().err


def test_help_exits_0(capsys):
    assert main(["play", "--help"]) == 0
    assert "--as" in capsys.readouterr().out


def test_search_specs_are_bot_names_and_bad_ones_exit_2(capsys):
    spec = "ismcts:iterations=5:off=coalition"
    assert main(["simulate", "scotland-yard", "--games", "1", "--bots", spec, "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["bots"]["mrx"] == spec
    bad = "ismcts:iterations=lots"
    assert main(["simulate", "scotland-yard", "--games", "1", "--bots", bad]) == 2
    assert "iterations" in capsys.readouterr().err


def test_unknown_bot_exits_2(capsys):
    code, _, err = run(capsys, "play", "scotland-yard", "--bots", "genius")
    assert code == 2
    assert "unknown bot 'genius'" in err and "random" in err


# --as ---------------------------------------------------------------------------------------


def test_as_resolves_seats_sides_and_lists():
    four = GAME.normalize_options({"players": 4})
    two = GAME.normalize_options({"players": 2})
    assert resolve_seats(GAME, four, "mrx") == ("mrx",)
    assert resolve_seats(GAME, four, "detectives") == ("d1", "d2", "d3")
    assert resolve_seats(GAME, four, "d3,d1") == ("d1", "d3")
    assert resolve_seats(GAME, two, "detectives") == ("detectives",)
    assert resolve_seats(GAME, four, None) == ("mrx",)


def test_as_unknown_name_is_a_usage_error(capsys):
    code, _, err = run(capsys, "play", "scotland-yard", "--as", "sherlock")
    assert code == 2
    assert "seats: mrx, d1, d2, d3" in err and "sides: mrx, detectives" in err


# play ---------------------------------------------------------------------------------------


class ScriptedPlayer:
    """Stands in for ``input``: first the scripted lines (``None``: a random legal move), then
    random legal moves for the person's seats, read from the live session (captured when the
    CLI creates it)."""

    def __init__(
        self, monkeypatch: pytest.MonkeyPatch, script: list[str | None], seed: int
    ) -> None:
        self.script: Iterator[str | None] = iter(script)
        self.rng = Rng(seed)
        self.sessions: list[Session] = []
        self.prompts: list[str] = []
        original = Session.new

        def recording_new(*args: Any, **kwargs: Any) -> Session:
            session = original(*args, **kwargs)
            self.sessions.append(session)
            return session

        monkeypatch.setattr(Session, "new", recording_new)
        monkeypatch.setattr("builtins.input", self)

    def __call__(self, prompt: str = "") -> str:
        self.prompts.append(prompt)
        if len(self.prompts) > 3000:
            raise EOFError
        line = next(self.script, None)
        if line is not None:
            return line
        return self.random_move(prompt)

    def random_move(self, prompt: str) -> str:
        state = self.sessions[-1].state
        seats = prompt.rstrip("> ").split(", ")
        return self.rng.choice(state.legal_actions(seats[0]))


def test_play_as_mrx_to_the_end(capsys, monkeypatch, replay_dir):
    script: list[str | None] = [
        "help",
        "zzz",
        "taxi",
        "moves",
        "moves double",
        "possible",
        "view",
        "undo",
    ]
    player = ScriptedPlayer(monkeypatch, script, seed=5)
    code, out, _ = run(
        capsys, "play", "scotland-yard", "--as", "mrx", "--seed", "7", "--bots", "random"
    )
    assert code == 0
    assert player.prompts[0] == "mrx> "
    assert "illegal action 'zzz'" in out and "type 'moves'" in out
    assert "'taxi' could mean: taxi:" in out
    assert "legal moves:" in out and "double" in out
    assert "undo" in out and "possible" in out
    assert "cannot undo: nothing to undo" in out
    assert "game over after" in out
    saved = list(replay_dir.glob("scotland-yard-7-*.json"))
    assert len(saved) == 1
    assert str(saved[0]) in out
    final = Replay.load(saved[0]).final_state()
    assert final.is_over()
    outcome = final.outcome()
    assert outcome is not None and f"moves: {outcome.summary}" in out
    # Mr. X sees everything, so the detectives' moves are printed in full.
    assert "d1 plays d1:" in out


def test_play_as_detectives_to_the_end_hides_mrx_moves(capsys, monkeypatch, replay_dir):
    script: list[str | None] = ["d1", "d1 taxi 999", "moves d1", "undo"]
    player = ScriptedPlayer(monkeypatch, script, seed=2)
    code, out, _ = run(
        capsys,
        *("play", "scotland-yard", "--as", "detectives", "--players", "3"),
        *("--seed", "11", "--bots", "random"),
    )
    assert code == 0
    assert player.prompts[0] == "d1, d2> "
    assert "'d1' could mean: d1:" in out
    assert "illegal action 'd1 taxi 999'" in out
    assert "cannot undo: the last move was mrx's" in out
    replay = Replay.load(next(replay_dir.glob("*.json")))
    assert replay.final_state().is_over()
    # Mr. X's moves are printed as the game shows them to the detectives, in order: his
    # tickets, with the station only where he surfaced.
    printed = [line.split(" plays ")[1] for line in out.splitlines() if "mrx plays" in line]
    shown = [
        public.shown
        for _, public, _ in replay.seen_by("d1")
        if public is not None and public.seat == "mrx"
    ]
    assert printed == shown
    assert any(text.endswith(":?") for text in printed)
    # The seed fixes Mr. X's start card: it is shown only once the game is over.
    over_at = out.index("game over")
    assert "seed 11" not in out[:over_at] and "seed 11" in out[over_at:]


def test_play_stops_cleanly_on_end_of_input(capsys, monkeypatch, replay_dir):
    def no_more_input(prompt: str = "") -> str:
        raise EOFError

    monkeypatch.setattr("builtins.input", no_more_input)
    code, out, _ = run(capsys, "play", "scotland-yard", "--seed", "1", "--bots", "random")
    assert code == 0
    assert "game stopped (input ended) after 0 moves" in out
    assert len(list(replay_dir.glob("*.json"))) == 1


def test_play_save_command_writes_a_loadable_replay(capsys, monkeypatch, tmp_path):
    target = tmp_path / "mine.json"
    player = ScriptedPlayer(monkeypatch, [None, f"save {target}", "quit"], seed=0)
    code, out, _ = run(capsys, "play", "scotland-yard", "--seed", "3", "--bots", "random")
    assert code == 0
    assert f"replay saved to {target}" in out
    replay = Replay.load(target)
    assert replay.seed == 3
    assert replay.actions[0].seat == "mrx"
    assert f"mrx plays {replay.actions[0].action}" in out
    # Then the bots' detectives, up to the person's next turn (or the end).
    assert len(replay.actions) >= 2
    assert all(move.seat != "mrx" for move in replay.actions[1:])
    assert len(player.prompts) == 3


class BotThatCheats:
    name = "cheat"

    def choose(self, game, seat, view, legal, rng):
        return "taxi:999"


def test_a_broken_bot_is_replaced_by_a_random_move_without_leaking(capsys, monkeypatch):
    monkeypatch.setitem(GENERIC_BOTS, "cheat", BotThatCheats)
    ScriptedPlayer(monkeypatch, ["quit"], seed=0)
    argv = ("play", "scotland-yard", "--as", "detectives", "--seed", "3", "--bots", "cheat")
    code, out, _ = run(capsys, *argv)
    assert code == 0
    assert "the bot for mrx failed (IllegalActionError); it plays a random move" in out
    assert "taxi:999" not in out
    assert re.search(r"mrx plays \S*(taxi|bus|underground|black):\?", out)


def test_group_actions_puts_shared_prefixes_on_one_line():
    grouped = group_actions(["taxi:1", "taxi:2", "bus:3", "double:taxi:1/bus:4", "x"])
    assert grouped == ["taxi: 1 2", "bus: 3", "double:taxi:1/bus: 4", "x"]


# replay -------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def replay_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    directory = tmp_path_factory.mktemp("replays")
    argv = ["simulate", "scotland-yard", "--games", "3", "--seed", "4", "--json"]
    assert main([*argv, "--replays", str(directory)]) == 0
    # The longest of the three: it has several surfacings and hidden moves.
    return max(directory.glob("*.json"), key=lambda p: len(Replay.load(p).actions))


def json_lines(capsys: pytest.CaptureFixture[str], *argv: str) -> list[dict[str, Any]]:
    assert main(list(argv)) == 0
    return [json.loads(line) for line in capsys.readouterr().out.splitlines()]


def test_replay_json_lines_have_one_step_per_action(capsys, replay_file):
    lines = json_lines(capsys, "replay", str(replay_file), "--as", "all", "--json")
    replay = Replay.load(replay_file)
    assert len(lines) == len(replay.actions) + 1
    start = {"step": 0, "seat": None, "action": None, "public": None, "view": lines[0]["view"]}
    assert lines[0] == start
    for k, (line, move) in enumerate(zip(lines[1:], replay.actions, strict=True), start=1):
        assert line["step"] == k
        assert (line["seat"], line["action"]) == (move.seat, move.action)
        assert set(line["view"]) >= {"round", "hunters", "mrx_location"}


@pytest.mark.parametrize("viewer", ["spectator", "d1", "d3"])
def test_replay_shows_public_moves_and_never_the_secrets(capsys, replay_file, viewer):
    """Every detective move in full, Mr. X's ticket at each of his moves, never his hidden
    station."""
    seen = json_lines(capsys, "replay", str(replay_file), "--as", viewer, "--json")
    truth = json_lines(capsys, "replay", str(replay_file), "--as", "all", "--json")
    hidden_moves = 0
    for mine, full in zip(seen, truth, strict=True):
        view, over = mine["view"], full["view"]["over"]
        if full["seat"] not in (None, "mrx"):
            assert (mine["seat"], mine["action"]) == (full["seat"], full["action"])
        elif full["seat"] == "mrx" and mine["public"] is not None:
            shown, real = _rides(mine["public"]), _rides(full["public"])
            assert len(shown) == len(real)
            for (ticket, station), (true_ticket, true_station) in zip(shown, real, strict=True):
                assert ticket == true_ticket and station in ("?", true_station)
            if any(station == "?" for _, station in shown):
                assert mine["action"] is None
                hidden_moves += 1
        if over:
            continue
        assert "mrx_start" not in view
        if full["view"]["mrx_visible"]:
            assert view["mrx_location"] == full["view"]["mrx_location"]
        elif view["mrx_location"] is not None:
            # Only an earlier surfacing, never where he stands now unless it is the same.
            revealed = [e["station"] for e in view["mrx_log"] if e["revealed"]]
            assert view["mrx_location"] == revealed[-1]
        for entry, true_entry in zip(view["mrx_log"], full["view"]["mrx_log"], strict=True):
            if not true_entry["revealed"]:
                assert entry["station"] is None
    assert hidden_moves > 0


def _rides(public: str) -> list[tuple[str, str]]:
    """The (ticket, station) rides of Mr. X's move or completed double move as shown."""
    parts = public.replace("double:", "double/").split("/")
    return [(p.split(":")[0], p.split(":")[1]) for p in parts if p != "double"]


def test_replay_as_mrx_shows_his_own_actions_and_the_detectives(capsys, replay_file):
    lines = json_lines(capsys, "replay", str(replay_file), "--as", "mrx", "--json")
    assert all(line["action"] is not None for line in lines[1:])


def test_replay_text_output_hides_mrx_stations(capsys, replay_file):
    code, out, _ = run(capsys, "replay", str(replay_file), "--as", "d1")
    assert code == 0
    assert "step 0/" in out
    assert re.search(r"mrx played (taxi|bus|underground|black):\?", out)
    assert "game over: " in out


def test_replay_step_mode_stops_on_q(capsys, monkeypatch, replay_file):
    answers = iter(["", "q"])
    monkeypatch.setattr("builtins.input", lambda prompt="": next(answers))
    code, out, _ = run(capsys, "replay", str(replay_file), "--as", ALL, "--step")
    assert code == 0
    assert "step 1/" in out and "step 2/" not in out


@pytest.mark.parametrize(
    ("content", "message"),
    [("not json", "not valid JSON"), ('{"game": "scotland-yard"}', "must be")],
)
def test_replay_of_a_bad_file_exits_2(capsys, tmp_path, content, message):
    bad = tmp_path / "bad.json"
    bad.write_text(content)
    code, out, err = run(capsys, "replay", str(bad))
    assert code == 2
    assert message in err
    assert "Traceback" not in out + err


def test_replay_with_an_action_that_does_not_apply_exits_2(capsys, tmp_path, replay_file):
    data = json.loads(replay_file.read_text())
    data["actions"][1]["action"] = "d1:taxi:999"
    tampered = tmp_path / "tampered.json"
    tampered.write_text(json.dumps(data))
    code, out, err = run(capsys, "replay", str(tampered), "--as", "all", "--json")
    assert code == 2
    assert "replay action 2 does not apply" in err
    assert len(out.splitlines()) == 2  # the steps before it were shown


def test_replay_of_a_missing_file_exits_2(capsys, tmp_path):
    code, _, err = run(capsys, "replay", str(tmp_path / "nope.json"))
    assert code == 2
    assert "cannot read replay" in err


def test_replay_as_unknown_seat_exits_2(capsys, replay_file):
    code, _, err = run(capsys, "replay", str(replay_file), "--as", "d9")
    assert code == 2
    assert "spectator" in err and "all" in err


# the installed script -----------------------------------------------------------------------


def script() -> str:
    return str(Path(sys.executable).parent / "getaway")


def run_script(*argv: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([script(), *argv], capture_output=True, text=True, timeout=60)


def test_installed_script_prints_json_for_simulate():
    done = run_script("simulate", "scotland-yard", "--games", "5", "--seed", "1", "--json")
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout)
    assert result["games"] == 5 and result["errors"] == 0


def test_installed_script_reports_unknown_game_without_traceback():
    done = run_script("play", "chess")
    assert done.returncode == 2
    assert "unknown game 'chess'" in done.stderr
    assert "Traceback" not in done.stderr


def test_replay_as_a_seat_does_not_show_the_seed(tmp_path, capsys):
    """The seed fixes Mr. X's start card, so only the omniscient viewer may see it."""
    from getaway.cli import main as cli_main

    assert (
        cli_main(
            [
                "simulate",
                "scotland-yard",
                "--games",
                "1",
                "--seed",
                "2",
                "--json",
                "--replays",
                str(tmp_path),
            ]
        )
        == 0
    )
    (path,) = tmp_path.iterdir()
    capsys.readouterr()
    assert cli_main(["replay", str(path), "--as", "d1"]) == 0
    assert "seed" not in capsys.readouterr().out.splitlines()[0]
    assert cli_main(["replay", str(path), "--as", "all"]) == 0
    assert "seed" in capsys.readouterr().out.splitlines()[0]
