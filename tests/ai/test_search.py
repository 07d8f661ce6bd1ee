"""The search itself: it finds what only search finds, plays legal moves, is reproducible,
keeps its budget, and handles simultaneous and blind steps without peeking."""

from __future__ import annotations

import time
from collections.abc import Sequence
from typing import Any

import pytest

from getaway.ai import ISMCTSBot, make_bot
from getaway.core import GetawayError, Rng, State, get_game
from getaway.core.search import SearchPolicy
from tests.ai.games import NIM, ODDS, NimState, OddsGame, OddsState


def search_bot(spec: str) -> ISMCTSBot:
    bot = make_bot(NIM, spec)
    assert isinstance(bot, ISMCTSBot)
    return bot


# What only search finds ------------------------------------------------------------------

# Pile -> the only winning move (leave a multiple of 4). A random player gets all six right
# with probability 3**-6 (0.14 %).
WINNING = {5: "take:1", 6: "take:2", 7: "take:3", 9: "take:1", 10: "take:2", 11: "take:3"}


@pytest.mark.parametrize("seed", [1, 2])
def test_search_finds_the_only_winning_move_at_nim(seed):
    bot = search_bot("ismcts:iterations=1000:seconds=none")
    for pile, move in WINNING.items():
        state = NimState(pile, 0)
        assert bot.choose(NIM, "a", state.view("a"), state.legal_actions("a"), Rng(seed)) == move


def test_search_plays_for_the_seat_it_decides_for():
    # Seat b to move at pile 6: its winning move is the same; a bot maximising a's reward
    # (a wrong point of view) would pick a losing one.
    bot = search_bot("ismcts:iterations=1000:seconds=none")
    state = NimState(6, 1)
    assert bot.choose(NIM, "b", state.view("b"), state.legal_actions("b"), Rng(3)) == "take:2"


# Legality, reproducibility, budget -------------------------------------------------------


def positions(game_name: str, count: int, seed: int) -> list[State]:
    """Positions along one random game where the first seat to act has a choice."""
    game = get_game(game_name)
    rng = Rng(seed)
    state = game.new_state(None, seed)
    found: list[State] = []
    while not state.is_over() and len(found) < count:
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        if len(legal) > 1 and rng.below(3) == 0:
            found.append(state.clone())
        state.apply(seat, legal[rng.below(len(legal))])
    return found


@pytest.mark.parametrize("game_name", ["scotland-yard", "cash-n-guns"])
def test_moves_are_legal_for_every_seat_to_act(game_name):
    game = get_game(game_name)
    bot = make_bot(game, "ismcts:iterations=30:seconds=none")
    for i, state in enumerate(positions(game_name, 6, seed=4)):
        for seat in state.to_act():
            legal = state.legal_actions(seat)
            assert bot.choose(game, seat, state.view(seat), legal, Rng(i)) in legal


@pytest.mark.parametrize("game_name", ["scotland-yard", "cash-n-guns"])
def test_same_seed_and_view_give_the_same_move_and_statistics(game_name):
    game = get_game(game_name)
    state = positions(game_name, 2, seed=9)[-1]
    seat = state.to_act()[-1]
    view, legal = state.view(seat), state.legal_actions(seat)
    runs = []
    for _ in range(2):
        bot = make_bot(game, "ismcts:iterations=150:seconds=none")
        assert isinstance(bot, ISMCTSBot)
        action = bot.choose(game, seat, view, legal, Rng(11))
        assert bot.last is not None
        runs.append((action, bot.last.root))
    assert runs[0] == runs[1]


def test_the_view_is_not_changed_by_the_search():
    game = get_game("scotland-yard")
    state = positions("scotland-yard", 3, seed=2)[-1]
    seat = state.to_act()[0]
    view = state.view(seat)
    before = repr(view)
    make_bot(game, "ismcts:iterations=50:seconds=none").choose(
        game, seat, view, state.legal_actions(seat), Rng(1)
    )
    assert repr(view) == before


def test_an_iteration_budget_is_exact():
    bot = search_bot("ismcts:iterations=37:seconds=none")
    state = NimState(10, 0)
    bot.choose(NIM, "a", state.view("a"), state.legal_actions("a"), Rng(0))
    assert bot.last is not None and bot.last.iterations == 37
    assert sum(bot.last.root.values()) == 37
    assert not bot.last.capped and bot.last.budget == 37


def test_the_time_cap_stops_a_long_search():
    game = get_game("scotland-yard")
    bot = make_bot(game, "ismcts:iterations=100000000:seconds=0.2")
    assert isinstance(bot, ISMCTSBot)
    state = positions("scotland-yard", 1, seed=5)[0]
    seat = state.to_act()[0]
    started = time.perf_counter()
    bot.choose(game, seat, state.view(seat), state.legal_actions(seat), Rng(0))
    assert time.perf_counter() - started < 1.0
    assert bot.last is not None and 0 < bot.last.iterations < 100000000
    assert bot.last.capped


def test_a_single_legal_move_is_played_without_search():
    bot = search_bot("ismcts:iterations=1000000:seconds=none")
    state = NimState(1, 0)
    assert bot.choose(NIM, "a", state.view("a"), ["take:1"], Rng(0)) == "take:1"
    assert bot.last is not None and bot.last.iterations == 0


def test_a_pool_of_determinizations_is_drawn_once_and_reused():
    calls = []

    class Counting(SearchPolicy):
        def determinize(self, rng: Rng) -> State:
            calls.append(1)
            return super().determinize(rng)

    class CountingNim(type(NIM)):  # type: ignore[misc]
        def search_policy(
            self, seat: str, view: Any, enabled: frozenset[str] | None = None
        ) -> SearchPolicy:
            return Counting(self, seat, view, enabled)

    game = CountingNim()
    bot = ISMCTSBot("ismcts:iterations=200:pool=16")
    state = NimState(9, 0)
    bot.choose(game, "a", state.view("a"), state.legal_actions("a"), Rng(0))
    assert len(calls) == 16


# Simultaneous and blind steps ------------------------------------------------------------


def odds_bot(spec: str = "ismcts:iterations=3000:seconds=none") -> ISMCTSBot:
    bot = make_bot(ODDS, spec)
    assert isinstance(bot, ISMCTSBot)
    return bot


def test_a_simultaneous_step_is_searched_with_decoupled_regret_matching():
    # Odds' equilibrium plays x a quarter of the time. A tree in which b saw a's choice would
    # make both of a's moves equally bad (-1/3) and split its visits evenly.
    shares = []
    for seed in range(4):
        bot = odds_bot()
        state = OddsState()
        bot.choose(ODDS, "a", state.view("a"), state.legal_actions("a"), Rng(seed))
        assert bot.last is not None and bot.last.simultaneous
        assert set(bot.last.root) == {"x", "y"}
        shares.append(bot.last.root["x"])
    assert 0.1 < sum(shares) / len(shares) < 0.4


def test_the_root_move_is_drawn_from_the_average_strategy():
    state = OddsState()
    picks = {
        odds_bot("ismcts:iterations=400:seconds=none").choose(
            ODDS, "a", state.view("a"), ("x", "y"), Rng(seed)
        )
        for seed in range(12)
    }
    assert picks == {"x", "y"}
    maxed = {
        odds_bot("ismcts:iterations=3000:seconds=none:pick=max").choose(
            ODDS, "a", state.view("a"), ("x", "y"), Rng(seed)
        )
        for seed in range(3)
    }
    assert maxed == {"y"}


def test_a_blind_step_gives_nothing_away():
    # b decides while a has (secretly) answered x, answered y, or not answered: b's view is
    # the same in all three, and so is its move.
    states = [OddsState() for _ in range(3)]
    states[0].apply("a", "x")
    states[1].apply("a", "y")
    views = [s.view("b") for s in states]
    assert views[0] == views[1] == views[2]
    assert states[0].public_to_act() == states[2].public_to_act() == ("a", "b")
    moves = {odds_bot().choose(ODDS, "b", v, ("x", "y"), Rng(5)) for v in views}
    assert len(moves) == 1


class FreeOrderOdds(OddsGame):
    """Odds as if the seats answered in turn, each seeing the earlier answers."""

    def search_policy(
        self, seat: str, view: Any, enabled: frozenset[str] | None = None
    ) -> SearchPolicy:
        class InTurn(SearchPolicy):
            def simultaneous(self, state: State, seats: Sequence[str]) -> bool:
                return False

        return InTurn(self, seat, view, enabled)


def test_a_policy_can_say_that_several_seats_act_in_turn():
    game = FreeOrderOdds()
    bot = make_bot(game, "ismcts:iterations=600:seconds=none")
    assert isinstance(bot, ISMCTSBot)
    state = OddsState()
    bot.choose(game, "a", state.view("a"), ("x", "y"), Rng(0))
    assert bot.last is not None and not bot.last.simultaneous
    # b answers second and counters: both of a's moves are worth -1/3, visits about even.
    visits = bot.last.root
    assert abs(visits["x"] - visits["y"]) < 0.3 * 600


class BlindNim(type(NIM)):  # type: ignore[misc]
    """Nim where the deciding seat is told only that the other seat moved, not how much it
    took (a stand-in for Mr. X's hidden moves seen by a detective)."""

    def search_policy(
        self, seat: str, view: Any, enabled: frozenset[str] | None = None
    ) -> SearchPolicy:
        class Blind(SearchPolicy):
            def observed(self, state: State, seat: str, action: str) -> str:
                return "moved"

        return Blind(self, seat, view, enabled)


def test_the_tree_branches_on_what_the_deciding_seat_sees():
    game = BlindNim()
    bot = make_bot(game, "ismcts:iterations=300:seconds=none")
    assert isinstance(bot, ISMCTSBot)
    state = NimState(5, 0)
    # b's moves from 4 all lose, seen or not: the winning move is still found.
    assert bot.choose(game, "a", state.view("a"), state.legal_actions("a"), Rng(0)) == "take:1"
    assert bot.search is not None
    after = bot.search.root.arms["a"]["take:1"].child
    assert set(after.arms["b"]) == {"moved"}
    # ... and a's next decision is shared by all of b's moves behind the label.
    below = after.arms["b"]["moved"].child
    assert set(below.arms["a"]) <= {"take:1", "take:2", "take:3"}
    plain = search_bot("ismcts:iterations=300:seconds=none")
    plain.choose(NIM, "a", state.view("a"), state.legal_actions("a"), Rng(0))
    assert plain.search is not None
    assert set(plain.search.root.arms["a"]["take:1"].child.arms["b"]) == {
        "take:1",
        "take:2",
        "take:3",
    }


class LyingNim(type(NIM)):  # type: ignore[misc]
    """A determinizer that disagrees with the view: the pile is always 1."""

    def determinize(self, view: Any, rng: Rng) -> NimState:
        return NimState(1, view["turn"])


def test_samples_that_deny_the_real_moves_are_skipped_and_all_bad_is_an_error():
    game = LyingNim()
    bot = make_bot(game, "ismcts:iterations=20:seconds=none")
    state = NimState(6, 0)
    # From a pile of 1 only take:1 is legal, which is also a real move: it is searched.
    assert bot.choose(game, "a", state.view("a"), ("take:2", "take:3", "take:1"), Rng(0)) == (
        "take:1"
    )
    with pytest.raises(GetawayError, match="determinizer disagrees with its view"):
        bot.choose(game, "a", state.view("a"), ("take:2", "take:3"), Rng(0))


def test_a_decision_does_not_depend_on_the_process_hash_seed():
    import os
    import subprocess
    import sys

    script = (
        "from getaway.core import get_game, Rng\n"
        "from getaway.ai import make_bot\n"
        "g = get_game('scotland-yard'); st = g.new_state(None, 5); r = Rng(5)\n"
        "for _ in range(17):\n"
        "    s = st.to_act()[0]; l = st.legal_actions(s); st.apply(s, l[r.below(len(l))])\n"
        "seat = st.to_act()[-1]\n"
        "bot = make_bot(g, 'ismcts:iterations=80:seconds=none')\n"
        "print(bot.choose(g, seat, st.view(seat), st.legal_actions(seat), Rng(4)))\n"
        "print(sorted(bot.last.root.items()))\n"
    )
    outputs = {
        subprocess.run(
            [sys.executable, "-c", script],
            env={**os.environ, "PYTHONHASHSEED": hash_seed},
            capture_output=True,
            text=True,
            check=True,
        ).stdout
        for hash_seed in ("1", "4242")
    }
    assert len(outputs) == 1 and next(iter(outputs)).strip()


# A default move (SearchPolicy.default_move) ---------------------------------------------


class AnchoredNim(type(NIM)):  # type: ignore[misc]
    """Nim whose policy names a default move: ``take:<n>`` for a fixed n."""

    def __init__(self, default: str) -> None:
        self.default = default

    def search_policy(
        self, seat: str, view: Any, enabled: frozenset[str] | None = None
    ) -> SearchPolicy:
        default = self.default

        class Anchored(SearchPolicy):
            def candidates(self, state: State, seat: str, legal: Sequence[str]) -> Sequence[str]:
                # Prunes the default away at the root: the search must still weigh it.
                if isinstance(state, NimState) and state.pile == self.view["pile"]:
                    return [m for m in legal if m != default] or legal
                return legal

            def default_move(self, legal: Sequence[str], rng: Rng) -> str | None:
                return default

        return Anchored(self, seat, view, enabled)


def anchored_choice(default: str, pile: int, spec: str) -> tuple[str, ISMCTSBot]:
    game = AnchoredNim(default)
    bot = make_bot(game, spec)
    assert isinstance(bot, ISMCTSBot)
    state = NimState(pile, 0)
    return bot.choose(game, "a", state.view("a"), state.legal_actions("a"), Rng(2)), bot


def test_a_default_move_is_left_only_for_a_clearly_better_one():
    # Pile 6: take:2 wins, take:1 and take:3 lose against a searching opponent. With the
    # winning default the search keeps it; with a losing default it finds the win.
    spec = "ismcts:iterations=1500:seconds=none"
    assert anchored_choice("take:2", 6, spec)[0] == "take:2"
    assert anchored_choice("take:1", 6, spec)[0] == "take:2"
    # A default the search cannot tell from the others is kept: at pile 4 every move loses.
    for default in ("take:1", "take:3"):
        move, bot = anchored_choice(default, 4, spec)
        assert move == default
        assert bot.search is not None and bot.search.default == default
    # With an impossible bar (z huge) the default is always played, even when it loses.
    assert anchored_choice("take:1", 6, spec + ":z=1000")[0] == "take:1"


def test_clearly_better_compares_means_by_their_standard_error():
    from getaway.ai.ismcts import clearly_better
    from getaway.ai.tree import Arm

    def arm(rewards: list[float]) -> Arm:
        a = Arm()
        a.visits = len(rewards)
        a.total = sum(rewards)
        a.squares = sum(r * r for r in rewards)
        return a

    strong = arm([1.0, 0.8, 1.0, 0.9] * 10)
    weak = arm([-1.0, 1.0] * 20)
    close = arm([1.0, 0.7, 1.0, 0.9] * 10)
    assert clearly_better(strong, weak, 2.0)
    assert not clearly_better(weak, strong, 2.0)
    assert not clearly_better(strong, close, 2.0)
    assert not clearly_better(strong, weak, 100.0)
    # An unvisited default never holds against a visited move; one visit gives no spread.
    assert clearly_better(strong, arm([]), 2.0)
    assert not clearly_better(arm([1.0]), weak, 2.0)
