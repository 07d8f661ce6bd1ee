"""``getaway play`` with several people at one terminal: hot-seat hand-overs, secrets kept
between them, simultaneous steps, and when hot-seat mode is (not) on."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

import pytest

from getaway.cli import main
from getaway.cli.play import (
    CLEAR_LINES,
    could_split,
    handle_line,
    new_match,
    views_differ,
)
from getaway.core import Replay, get_game, register_game, unregister_game
from tests.core.toy_game import GAME as TOY
from tests.core.toy_game import PenniesGame

SY = get_game("scotland-yard")
HANDOVER = "Pass the terminal to {0}. {0}, press Enter when the others cannot see the screen."


@pytest.fixture(autouse=True)
def toy_game_registered() -> Iterator[None]:
    """The toy game is known by name (the CLI and replays find games through the registry)."""
    register_game(TOY)
    yield
    unregister_game(TOY.name)


@pytest.fixture(autouse=True)
def replay_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    directory = tmp_path / "autosaved"
    monkeypatch.setenv("GETAWAY_REPLAY_DIR", str(directory))
    return directory


@pytest.fixture
def revealing_render(monkeypatch: pytest.MonkeyPatch) -> None:
    """The toy game's screen names whose view it is and that seat's own committed coin, so
    a view shown to the wrong person would be caught."""

    def render(self: PenniesGame, view: Mapping[str, Any]) -> str:
        return (
            f"view of {view['seat']}: round {view['round']} scores {view['scores']} "
            f"my coin {view.get('my_choice')}"
        )

    monkeypatch.setattr(PenniesGame, "render", render)


class Terminal:
    """Stands in for ``input``. Hand-over prompts (``""``) get Enter; a seat's prompt
    (``"a> "``) gets that seat's next scripted line. It records each prompt with the output
    printed since the previous one: what was on the screen when the input was asked for."""

    def __init__(
        self,
        monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str],
        lines: Mapping[str, list[str]],
        handover_answers: list[str] | None = None,
    ) -> None:
        self.capsys = capsys
        self.lines = {seat: iter(script) for seat, script in lines.items()}
        self.handover_answers = iter(handover_answers or [])
        self.prompts: list[str] = []
        self.screens: list[str] = []
        monkeypatch.setattr("builtins.input", self)

    def __call__(self, prompt: str = "") -> str:
        self.prompts.append(prompt)
        self.screens.append(self.capsys.readouterr().out)
        if len(self.prompts) > 500:
            raise EOFError
        if prompt == "":
            return next(self.handover_answers, "")
        seats = prompt.removesuffix("> ").split(", ")
        line = next(self.lines.get(seats[0], iter(())), None)
        if line is None:
            raise EOFError
        return line

    def run(self, *argv: str) -> tuple[int, str]:
        code = main(list(argv))
        self.screens.append(self.capsys.readouterr().out)
        return code, "".join(self.screens)

    def screens_of(self, seat: str) -> list[str]:
        """The text shown while ``seat``'s player was at the screen before each of its
        inputs (from the hand-over's Enter to the seat's prompt)."""
        return [s for p, s in zip(self.prompts, self.screens, strict=False) if p == f"{seat}> "]


PLAY_AB = ("play", "toy-pennies", "--as", "a,b", "--seed", "1")


# Hot-seat play ------------------------------------------------------------------------------


def test_every_human_turn_follows_a_hand_over_and_the_game_ends(
    capsys, monkeypatch, replay_dir, revealing_render
):
    terminal = Terminal(
        monkeypatch, capsys, {"a": ["heads", "tails", "heads"], "b": ["tails", "tails", "heads"]}
    )
    code, out = terminal.run(*PLAY_AB)
    assert code == 0
    assert "Hot-seat mode" in out
    moves = [(i, p) for i, p in enumerate(terminal.prompts) if p]
    assert [p for _, p in moves] == ["a> ", "b> "] * 3
    for i, prompt in moves:
        seat = prompt.removesuffix("> ")
        # The input just before each seat's move is its hand-over, after a cleared screen.
        assert terminal.prompts[i - 1] == ""
        handover = terminal.screens[i - 1]
        assert handover.endswith(HANDOVER.format(seat) + "\n")
        assert "\n" * CLEAR_LINES in handover
        # Only that seat's own view is on the screen while it chooses.
        screen = terminal.screens[i]
        assert f"view of {seat}:" in screen
        assert "Pass the terminal" not in screen
        other = "b" if seat == "a" else "a"
        assert f"view of {other}:" not in screen
    assert "game over after 6 moves" in out
    final = Replay.load(next(replay_dir.glob("toy-pennies-1-*.json"))).final_state()
    assert final.is_over()
    assert [h[:2] for h in final.to_json()["history"]] == [
        ["heads", "tails"],
        ["tails", "tails"],
        ["heads", "heads"],
    ]
    # The end is shown to everyone: the public view and each seat's result.
    assert "view of spectator:" in out
    assert "a loses, b wins." in out or "a wins, b loses." in out


def test_the_second_seat_never_sees_the_first_seats_choice(capsys, monkeypatch, revealing_render):
    screens = {}
    for coin in ("heads", "tails"):
        terminal = Terminal(monkeypatch, capsys, {"a": [coin] * 3, "b": ["heads"] * 3})
        code, _ = terminal.run(*PLAY_AB)
        assert code == 0
        screens[coin] = terminal.screens_of("b")
        assert len(screens[coin]) == 3
        for screen in screens[coin]:
            assert "heads" not in screen and "tails" not in screen
            assert "a plays ?" in screen
    # What b saw before its first choice does not depend on a's secret coin at all.
    assert screens["heads"][0] == screens["tails"][0]


def test_the_first_seat_learns_the_second_seats_coin_only_once_revealed(
    capsys, monkeypatch, revealing_render
):
    terminal = Terminal(monkeypatch, capsys, {"a": ["heads"] * 3, "b": ["tails"] * 3})
    assert terminal.run(*PLAY_AB)[0] == 0
    first, *later = terminal.screens_of("a")
    assert "since your last turn" not in first
    for screen in later:
        assert "since your last turn:\n  b plays tails" in screen


def test_humans_n_means_the_first_n_seats(capsys, monkeypatch):
    terminal = Terminal(monkeypatch, capsys, {"a": ["heads"] * 3, "b": ["tails"] * 3})
    code, out = terminal.run("play", "toy-pennies", "--humans", "2", "--seed", "1")
    assert code == 0
    assert "you play a, b" in out
    assert HANDOVER.format("b") in out
    assert "game over after 6 moves" in out


def test_humans_beyond_the_seats_or_with_as_is_a_usage_error(capsys):
    assert main(["play", "toy-pennies", "--humans", "3"]) == 2
    assert "--humans 3" in capsys.readouterr().err
    assert main(["play", "toy-pennies", "--humans", "2", "--as", "a"]) == 2
    assert "not allowed with" in capsys.readouterr().err


def test_quit_at_a_hand_over_stops_and_saves(capsys, monkeypatch, replay_dir):
    terminal = Terminal(monkeypatch, capsys, {"a": ["heads"]}, handover_answers=["", "quit"])
    code, out = terminal.run(*PLAY_AB)
    assert code == 0
    assert terminal.prompts == ["", "a> ", ""]
    assert "game stopped (you quit) after 1 moves" in out
    assert len(list(replay_dir.glob("*.json"))) == 1


def test_quit_at_a_move_prompt_stops(capsys, monkeypatch):
    terminal = Terminal(monkeypatch, capsys, {"a": ["heads"], "b": ["quit"]})
    code, out = terminal.run(*PLAY_AB)
    assert code == 0
    assert "game stopped (you quit) after 1 moves" in out


def test_end_of_input_at_a_hand_over_stops_cleanly(capsys, monkeypatch, replay_dir):
    def no_more_input(prompt: str = "") -> str:
        raise EOFError

    monkeypatch.setattr("builtins.input", no_more_input)
    code = main(list(PLAY_AB))
    out = capsys.readouterr().out
    assert code == 0
    assert "game stopped (input ended) after 0 moves" in out
    assert len(list(replay_dir.glob("*.json"))) == 1


def test_ctrl_c_stops_with_code_130_and_saves(capsys, monkeypatch, replay_dir):
    answers = iter(["", "tails", ""])

    def interrupted(prompt: str = "") -> str:
        answer = next(answers, None)
        if answer is None:
            raise KeyboardInterrupt
        return answer

    monkeypatch.setattr("builtins.input", interrupted)
    code = main(list(PLAY_AB))
    out = capsys.readouterr().out
    assert code == 130
    assert "game stopped (interrupted) after 1 moves" in out
    assert len(list(replay_dir.glob("*.json"))) == 1


def test_undo_in_hot_seat_takes_back_what_the_others_were_told(capsys):
    match = new_match(TOY, TOY.normalize_options({}), 1, ("a", "b"), {}, hotseat=True)
    match.at_screen = "a"
    handle_line(match, "heads")
    assert [line for _, line in match.news["b"]] == ["a plays ?"]
    assert "a" not in match.news
    handle_line(match, "undo")
    assert match.news["b"] == []
    assert "took back a's heads" in capsys.readouterr().out
    # b, now at the screen, may not take back a's move (and is not told what it was).
    handle_line(match, "tails")
    capsys.readouterr()
    match.at_screen = "b"
    handle_line(match, "undo")
    out = capsys.readouterr().out
    assert "cannot undo: the last move was a's" in out
    assert "a plays" not in out


# When hot-seat mode is off ------------------------------------------------------------------


def test_no_hotseat_asks_both_seats_at_one_prompt_without_hand_overs(capsys, monkeypatch):
    terminal = Terminal(monkeypatch, capsys, {"a": ["heads"] * 3, "b": ["tails"] * 3})
    code, out = terminal.run(*PLAY_AB, "--no-hotseat")
    assert code == 0
    assert "Pass the terminal" not in out
    assert "" not in terminal.prompts
    assert terminal.prompts == ["a, b> ", "b> "] * 3
    assert "game over after 6 moves" in out


def test_one_human_against_a_bot_gets_no_hand_overs(capsys, monkeypatch):
    terminal = Terminal(monkeypatch, capsys, {"a": ["heads"] * 3})
    code, out = terminal.run("play", "toy-pennies", "--as", "a", "--seed", "2", "--bots", "random")
    assert code == 0
    assert "Pass the terminal" not in out and "Hot-seat" not in out
    assert terminal.prompts == ["a> "] * 3
    # The bot completes each round, which reveals its coin: it is shown in full.
    assert out.count("b plays ") == 3
    assert "game over after 6 moves" in out


def test_hotseat_forced_for_one_human_hands_over_once(capsys, monkeypatch):
    terminal = Terminal(monkeypatch, capsys, {"a": ["heads"] * 3})
    code, out = terminal.run(
        "play", "toy-pennies", "--as", "a", "--seed", "2", "--bots", "random", "--hotseat"
    )
    assert code == 0
    assert terminal.prompts == ["", "a> ", "a> ", "a> "]
    assert out.count("Pass the terminal") == 1


def test_scotland_yard_detectives_share_one_screen(capsys, monkeypatch):
    terminal = Terminal(monkeypatch, capsys, {"d1": ["d1", "d1:taxi", "quit"]})
    code, out = terminal.run(
        *("play", "scotland-yard", "--as", "detectives", "--players", "3"),
        *("--seed", "11", "--bots", "random"),
    )
    assert code == 0
    assert "Pass the terminal" not in out and "Hot-seat" not in out
    assert terminal.prompts[0] == "d1, d2> "
    assert "game stopped (you quit)" in out


def test_scotland_yard_mrx_and_a_detective_take_turns_at_the_screen(capsys, monkeypatch):
    terminal = Terminal(monkeypatch, capsys, {"mrx": ["quit"]})
    code, out = terminal.run(
        *("play", "scotland-yard", "--as", "mrx,d1", "--players", "3"),
        *("--seed", "11", "--bots", "random"),
    )
    assert code == 0
    assert terminal.prompts == ["", "mrx> "]
    assert HANDOVER.format("mrx") in out


def test_detection_compares_views_without_the_seat():
    state = SY.new_state({"players": 4}, 5)
    assert not views_differ(state, ["d1", "d2", "d3"])
    assert views_differ(state, ["mrx", "d1"])
    state.apply("mrx", state.legal_actions("mrx")[0])
    assert set(state.to_act()) >= {"d1", "d2", "d3"}
    assert not any(could_split(state, seat, ["d1", "d2", "d3"]) for seat in ("d1", "d2", "d3"))
    toy = TOY.new_state({}, 1)
    # The coins are equal at the start, but either seat's commit would make a secret.
    assert not views_differ(toy, ["a", "b"])
    assert could_split(toy, "a", ["a", "b"])
