"""`getaway play` seeds: 64 bits from the OS for a fair game; a chosen seed is a practice game
and the game says so."""

from __future__ import annotations

from pathlib import Path

import pytest

from getaway.cli import main
from getaway.core import Replay

PRACTICE = "Practice game"


@pytest.fixture(autouse=True)
def replay_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    directory = tmp_path / "autosaved"
    monkeypatch.setenv("GETAWAY_REPLAY_DIR", str(directory))

    def no_more_input(prompt: str = "") -> str:
        raise EOFError

    monkeypatch.setattr("builtins.input", no_more_input)
    return directory


def _play(capsys: pytest.CaptureFixture[str], *extra: str) -> str:
    assert main(["play", "scotland-yard", "--as", "mrx", "--bots", "random", *extra]) == 0
    return capsys.readouterr().out


def test_play_draws_64_bit_seeds_from_the_os(capsys, replay_dir):
    outs = [_play(capsys) for _ in range(6)]
    seeds = [Replay.load(path).seed for path in sorted(replay_dir.glob("*.json"))]
    assert len(seeds) == 6 and len(set(seeds)) == 6
    # The old default drew from 10^6 values: a seen line-up gave Mr. X's start away often.
    assert all(seed >= 1 << 32 for seed in seeds)
    assert all(PRACTICE not in out for out in outs)


def test_play_with_a_chosen_seed_says_it_is_a_practice_game(capsys, replay_dir):
    out = _play(capsys, "--seed", "4242")
    assert PRACTICE in out
    assert "whoever knows the seed knows every hidden card" in out
    # The seed itself is not printed during play (others may read the screen in hot-seat).
    assert "4242" not in out.split("game stopped")[0]
    assert Replay.load(next(replay_dir.glob("*.json"))).seed == 4242


def test_play_help_explains_the_seed(capsys):
    main(["play", "--help"])
    out = " ".join(capsys.readouterr().out.split())
    assert "practice game" in out and "64 random bits from the OS" in out
