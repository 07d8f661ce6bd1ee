"""``ViewBot`` plays a forced move without asking its ``pick``; ``best_scored`` breaks ties
with one draw from the generator, and only when there is a tie."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from getaway.core import Rng
from getaway.core.bots import ViewBot, best_scored
from tests.core.toy_game import PenniesGame


class Recorder(ViewBot):
    name = "recorder"

    def __init__(self) -> None:
        self.asked: list[tuple[str, ...]] = []

    def pick(self, seat: str, view: Mapping[str, Any], legal: Sequence[str], rng: Rng) -> str:
        self.asked.append(tuple(legal))
        return legal[-1]


def test_a_forced_move_is_played_without_pick_or_draw() -> None:
    bot, rng = Recorder(), Rng(5)
    before = rng.next64()
    rng = Rng(5)
    assert bot.choose(PenniesGame(), "a", {}, ["heads"], rng) == "heads"
    assert bot.asked == []
    assert rng.next64() == before


def test_a_real_decision_goes_to_pick() -> None:
    bot = Recorder()
    assert bot.choose(PenniesGame(), "a", {}, ["heads", "tails"], Rng(1)) == "tails"
    assert bot.asked == [("heads", "tails")]


def test_best_scored_takes_the_top_and_draws_only_for_a_tie() -> None:
    rng = Rng(3)
    assert best_scored(["a", "b", "c"], [0.0, 2.0, 1.0], rng) == "b"
    assert rng.next64() == Rng(3).next64()
    tied = [best_scored(["a", "b", "c"], [2.0, 2.0 - 1e-12, 1.0], Rng(seed)) for seed in range(40)]
    assert set(tied) == {"a", "b"}
    assert best_scored(["a", "b"], [1.0, 1.0 - 1e-7], Rng(0), tie=1e-6) in ("a", "b")
    assert best_scored(["a", "b"], [1.0, 1.0 - 1e-7], Rng(0)) == "a"
