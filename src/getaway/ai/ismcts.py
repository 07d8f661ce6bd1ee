"""Information-set Monte Carlo tree search: the game-agnostic search bot.

Single-observer ISMCTS (Cowling, Powley and Whitehouse, 2012) with one tree shared by every
determinization of a decision. Each iteration

1. samples a full state consistent with the deciding seat's view (``policy.determinize``);
2. descends the tree using only moves legal in that sample: UCB with availability counts at
   turns, decoupled regret matching (Lanctot et al., 2013) at simultaneous steps;
3. adds one node, then plays out with ``policy.playout_action``, stopping early where
   ``policy.evaluate`` gives an estimate;
4. backs up ``policy.reward`` for each seat at the nodes where that seat acted.

The bot gets the seat's view and the game, never the true state: it is fair by construction.
All its randomness comes from the ``rng`` it is handed, so with an iteration budget the same
seed and view give the same move.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from getaway.ai.fast_rng import PlayoutRng
from getaway.ai.spec import SearchSettings, check_techniques, parse_spec
from getaway.ai.tree import Arm, Node, RegretArm, regret_matching, regret_update, select_turn
from getaway.core import Game, GetawayError, Rng, State
from getaway.core.search import SearchPolicy

#: A playout that has not ended after this many plies is scored as it stands.
MAX_PLAYOUT_PLIES = 10_000
#: Average-strategy probabilities below this share are dropped before the root samples its
#: move at a simultaneous step (what is left of early exploration).
NEGLIGIBLE = 0.02
#: The least share of the root's visits that the policy's default move gets, so that the
#: comparison with the search's favourite has evidence on both sides (UCB alone would starve
#: a default that looks worse after a few visits).
DEFAULT_SHARE = 0.1


@dataclass
class SearchReport:
    """What one decision's search did."""

    action: str
    iterations: int
    #: Wall-clock and processor time of the search (policy preparation included).
    seconds: float
    cpu_seconds: float
    #: Root statistics per move: visits (turn) or average-strategy probability (simultaneous).
    root: dict[str, float]
    simultaneous: bool
    #: The iterations the budget allowed (the level's, divided by the policy's cost), and
    #: that cost: ``iterations * cost`` is the work done in plain iterations.
    budget: int = 0
    cost: float = 1.0
    #: Whether the wall-clock cap stopped the search before its budget: such a decision
    #: depends on the machine's speed and load, so benches count them.
    capped: bool = False


def _overrides(policy: SearchPolicy, name: str) -> bool:
    return getattr(type(policy), name) is not getattr(SearchPolicy, name)


# One step of a descent, kept for the backup: at a turn, (seat, arm); at a simultaneous
# step, (seats, tables, moves offered per seat, chosen move per seat, its probability).
_TurnStep = tuple[str, Arm]
_SimStep = tuple[list[str], list[dict[str, RegretArm]], list[Sequence[str]], list[str], list[float]]


class Search:
    """One decision: the tree, the policy and the budget."""

    def __init__(
        self,
        policy: SearchPolicy,
        seat: str,
        legal: Sequence[str],
        settings: SearchSettings,
        rng: Rng,
    ) -> None:
        self.policy = policy
        self.seat = seat
        self.legal = legal
        self.legal_set = frozenset(legal)
        self.settings = settings
        self.rng = rng
        self.draw = PlayoutRng(rng.next64())
        self.root = Node()
        self.pool: list[State] = []
        self.failed = 0
        # Hooks the policy leaves at their defaults are skipped on the hot path.
        self.fast_playout = not _overrides(policy, "playout_action")
        self.has_evaluate = _overrides(policy, "evaluate")
        # Labels (what the deciding seat is shown of others' moves) wherever the game says
        # something is hidden: a policy of its own, or the game's public_action.
        self.has_labels = _overrides(policy, "observed") or (
            type(policy.game).public_action is not Game.public_action
        )
        self.has_candidates = _overrides(policy, "candidates")
        #: A policy may play whole playouts itself (``play_out``, optional): the same plies
        #: as this module's loop would play, without a hook call per ply.
        self.play_out: Callable[[State, Rng, int, int], Mapping[str, float]] | None = getattr(
            policy, "play_out", None
        )
        self.asks_simultaneous = _overrides(policy, "simultaneous")
        #: The policy's default move (``SearchPolicy.default_move``), set by ``run``.
        self.default: str | None = None

    # The budget ---------------------------------------------------------------------------

    def run(self) -> SearchReport:
        started = time.perf_counter()
        cpu_started = time.process_time()
        cap = self.settings.seconds
        deadline = None if cap is None else started + cap
        self.policy.prepare()
        if _overrides(self.policy, "default_move"):
            default = self.policy.default_move(self.legal, self.rng)
            self.default = default if default in self.legal_set else None
        budget = max(1, math.ceil(self.settings.iterations / self.policy.iteration_cost))
        done = 0
        for done in range(1, budget + 1):  # noqa: B007
            self.iterate()
            if deadline is not None and time.perf_counter() >= deadline:
                break
        if self.failed == done:
            raise GetawayError(
                f"no determinization of {self.seat!r}'s view lets that seat make its legal "
                "moves; the game's determinizer disagrees with its view"
            )
        action, stats, simultaneous = self.best()
        return SearchReport(
            action,
            done,
            time.perf_counter() - started,
            time.process_time() - cpu_started,
            stats,
            simultaneous,
            budget,
            self.policy.iteration_cost,
            done < budget,
        )

    def sample(self) -> State:
        size = self.settings.pool
        if size and len(self.pool) >= size:
            return self.pool[self.draw.below(size)].clone()
        state = self.policy.determinize(self.rng)
        if size:
            self.pool.append(state)
            return state.clone()
        return state

    # One iteration ------------------------------------------------------------------------

    def iterate(self) -> None:
        state = self.sample()
        legal_set = self.legal_set
        if self.seat not in state.to_act() or not any(
            m in legal_set for m in state.legal_actions(self.seat)
        ):
            # A sample in which the deciding seat cannot make its real moves teaches nothing.
            self.failed += 1
            return
        policy = self.policy
        draw = self.draw
        c = self.settings.c
        node = self.root
        turns: list[_TurnStep] = []
        sims: list[_SimStep] = []
        expanded = False
        while not expanded and not state.is_over():
            node.visits += 1
            acting = state.to_act()
            at_root = node is self.root
            if len(acting) > 1 and (
                not self.asks_simultaneous or policy.simultaneous(state, acting)
            ):
                seats = list(acting)
                tables: list[dict[str, RegretArm]] = []
                offered: list[Sequence[str]] = []
                chosen: list[str] = []
                probs: list[float] = []
                for seat in seats:
                    moves = self.moves(state, seat, at_root)
                    table = node.regrets.get(seat)
                    if table is None:
                        table = node.regrets[seat] = {}
                    move, prob = regret_matching(table, moves, self.settings.gamma, draw)
                    tables.append(table)
                    offered.append(moves)
                    chosen.append(move)
                    probs.append(prob)
                key = self.apply_joint(state, seats, chosen)
                sims.append((seats, tables, offered, chosen, probs))
                child = node.joint.get(key)
                if child is None:
                    child = node.joint[key] = Node()
                    expanded = True
                node = child
                continue
            seat = self.seat if at_root else acting[0]
            moves = self.moves(state, seat, at_root)
            arms = node.arms.get(seat)
            if arms is None:
                arms = node.arms[seat] = {}
            if self.has_labels and seat != self.seat:
                arm, action, expanded = self.pick_label(state, seat, moves, arms)
            else:
                if at_root and self.default is not None and self.default in moves:
                    known = arms.get(self.default)
                    if known is not None and known.visits < DEFAULT_SHARE * node.visits:
                        moves = (self.default,)
                action, arm, expanded = select_turn(arms, moves, c, draw)
            state.apply(seat, action)
            turns.append((seat, arm))
            node = arm.child
        if expanded:
            node.visits += 1
        self.backup(state, turns, sims)

    def moves(self, state: State, seat: str, at_root: bool) -> Sequence[str]:
        """The moves the search considers for ``seat``; at the root, only the real legal ones
        (a sample never offers the deciding seat anything its view does not)."""
        legal = state.legal_actions(seat)
        moves = self.policy.candidates(state, seat, legal) if self.has_candidates else legal
        if at_root and seat == self.seat:
            # Never empty: ``iterate`` skips samples without any of the real moves.
            moves = [m for m in moves if m in self.legal_set] or [
                m for m in legal if m in self.legal_set
            ]
            default = self.default
            if default is not None and default not in moves and default in legal:
                # The default is always weighed, even where the policy prunes it.
                moves = [*moves, default]
        if not moves:
            raise GetawayError(f"no move for {seat!r} in a determinization of {self.seat!r}")
        return moves

    def pick_label(
        self, state: State, seat: str, moves: Sequence[str], arms: dict[str, Arm]
    ) -> tuple[Arm, str, bool]:
        """At another seat's turn, choose among what the deciding seat would see (labels),
        then uniformly among the moves behind the chosen label."""
        if len(moves) == 1:
            # One move (a policy that offers one per visit): its label, and the same draw
            # among the one move behind it as below, without the grouping.
            move = moves[0]
            label = self.policy.observed(state, seat, move)
            _, arm, expanded = select_turn(arms, (label,), self.settings.c, self.draw)
            self.draw.below(1)
            return arm, move, expanded
        groups: dict[str, list[str]] = {}
        for move in moves:
            groups.setdefault(self.policy.observed(state, seat, move), []).append(move)
        label, arm, expanded = select_turn(arms, list(groups), self.settings.c, self.draw)
        behind = groups[label]
        return arm, behind[self.draw.below(len(behind))], expanded

    def apply_joint(self, state: State, seats: list[str], chosen: list[str]) -> tuple[str, ...]:
        """Play a simultaneous step's choices in seat order. A choice that the earlier ones
        made impossible is replaced by a random legal move (and the seat learns nothing from
        this iteration: its probability is set to 0). Returns the child's key."""
        key = []
        for i, seat in enumerate(seats):
            if state.is_over() or seat not in state.to_act():
                chosen[i] = ""
                key.append("")
                continue
            move = chosen[i]
            legal = state.legal_actions(seat)
            if move not in legal:
                move = legal[self.draw.below(len(legal))]
                chosen[i] = ""
            if self.has_labels and seat != self.seat:
                key.append(self.policy.observed(state, seat, move))
            else:
                key.append(move)
            state.apply(seat, move)
        return tuple(key)

    def playout(self, state: State) -> Mapping[str, float]:
        draw = self.draw
        random = draw.uniform
        fast = self.fast_playout
        if fast and not self.has_evaluate:
            # Uniform random plies to the end: the state's own loop (``random_playout``),
            # the same draws and moves as picking legal[int(random() * len(legal))].
            state.random_playout(random, MAX_PLAYOUT_PLIES)
            return state.returns()
        evaluate_from = self.settings.depth if self.has_evaluate else MAX_PLAYOUT_PLIES
        if self.play_out is not None:
            return self.play_out(state, draw, evaluate_from, MAX_PLAYOUT_PLIES)
        # The state is mutated in place, so its methods are bound once (the hot loop).
        is_over, to_act = state.is_over, state.to_act
        legal_actions, apply = state.legal_actions, state.apply
        random_step = state.random_step
        evaluate = self.policy.evaluate
        choose = self.policy.playout_action
        plies = 0
        while not is_over():
            if plies >= evaluate_from:
                estimate = evaluate(state)
                if estimate is not None:
                    return estimate
                if plies >= MAX_PLAYOUT_PLIES:
                    break
            if fast:
                random_step(random)
            else:
                seat = to_act()[0]
                apply(seat, choose(state, seat, legal_actions(seat), draw))
            plies += 1
        return state.returns()

    def backup(self, state: State, turns: list[_TurnStep], sims: list[_SimStep]) -> None:
        returns = self.playout(state) if not state.is_over() else state.returns()
        reward = self.policy.reward
        rewards: dict[str, float] = {}

        def of(seat: str) -> float:
            value = rewards.get(seat)
            if value is None:
                value = rewards[seat] = reward(state, returns, seat)
            return value

        for seat, arm in turns:
            value = of(seat)
            arm.visits += 1
            arm.total += value
            arm.squares += value * value
        for seats, tables, offered, chosen, probs in sims:
            for seat, table, moves, move, prob in zip(
                seats, tables, offered, chosen, probs, strict=True
            ):
                if move:
                    regret_update(table, moves, move, prob, (of(seat) + 1.0) / 2.0)

    # The answer ---------------------------------------------------------------------------

    def best(self) -> tuple[str, dict[str, float], bool]:
        """The move to play: the most visited at a turn (ties: the better mean, then the
        first legal); at a simultaneous step, a sample of the average strategy."""
        table = self.root.regrets.get(self.seat)
        if table:
            sums = {m: table[m].strategy for m in self.legal if m in table}
            total = sum(sums.values())
            if total > 0:
                share = {m: s / total for m, s in sums.items()}
                if self.settings.pick == "max":
                    return max(share, key=share.__getitem__), share, True
                kept = {m: p for m, p in share.items() if p >= NEGLIGIBLE} or share
                moves = list(kept)
                return moves[self.draw.weighted_index(list(kept.values()))], share, True
        arms = self.root.arms.get(self.seat, {})
        visited = [m for m in self.legal if m in arms and arms[m].visits]
        if not visited:
            return self.legal[0], {}, False
        action = max(visited, key=lambda m: (arms[m].visits, arms[m].total / arms[m].visits))
        default = self.default
        if (
            default is not None
            and default != action
            and default in arms
            and not clearly_better(arms[action], arms[default], self.settings.z)
        ):
            action = default
        return action, {m: float(arms[m].visits) for m in visited}, False


def clearly_better(arm: Arm, other: Arm, z: float) -> bool:
    """Whether ``arm``'s mean reward beats ``other``'s by more than ``z`` standard errors of
    the difference (Welch's; each arm needs two visits to have a spread)."""
    if arm.visits < 2 or other.visits < 2:
        return other.visits == 0 and arm.visits > 0
    gap = arm.total / arm.visits - other.total / other.visits
    spread = _variance(arm) / arm.visits + _variance(other) / other.visits
    return gap > z * math.sqrt(spread)


def _variance(arm: Arm) -> float:
    mean = arm.total / arm.visits
    return max(arm.squares / arm.visits - mean * mean, 0.0) * arm.visits / (arm.visits - 1)


class ISMCTSBot:
    """The search bot. ``name`` is its level or spec; see :mod:`getaway.ai.spec`."""

    def __init__(self, name: str = "medium", settings: SearchSettings | None = None) -> None:
        self.name = name
        self.settings = settings if settings is not None else parse_spec(name)
        #: The last decision's report and search (its tree), for tools and tests.
        self.last: SearchReport | None = None
        self.search: Search | None = None

    def policy(self, game: Game, seat: str, view: Mapping[str, Any]) -> SearchPolicy:
        probe = game.search_policy(seat, view)
        available = frozenset(type(probe).techniques)
        check_techniques(self.settings, available, game.name)
        if not (self.settings.on or self.settings.off):
            return probe
        return game.search_policy(seat, view, self.settings.enabled(probe.enabled))

    def choose(
        self, game: Game, seat: str, view: Mapping[str, Any], legal: Sequence[str], rng: Rng
    ) -> str:
        if not legal:
            raise GetawayError(f"{seat!r} has no legal action to choose from")
        if len(legal) == 1:
            self.search = None
            self.last = SearchReport(legal[0], 0, 0.0, 0.0, {legal[0]: 1.0}, False)
            return legal[0]
        search = self.search = Search(
            self.policy(game, seat, view), seat, legal, self.settings, rng
        )
        self.last = search.run()
        return self.last.action
