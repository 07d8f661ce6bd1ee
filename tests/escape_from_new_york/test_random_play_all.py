"""Every rule is built: seeded random games, for 1 to 4 heroes and each set of variants (none,
each alone, all at once, and a few seeded mixes), play to their end without an action ever
reaching an effect the rules do not apply (it would raise and fail the test: nothing here
skips it). The invariants hold after every action and the save reads back identically every few
actions and at the end.

Two players pick the actions: one uniformly at random, one eager for the actions of any
moment of the turn (the President, the escapes, items, peeks, reveals), which reach the
rarer rules more often.
"""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest

from getaway.games.escape_from_new_york.game import EscapeFromNewYorkState
from getaway.games.escape_from_new_york.invariants import problems
from getaway.games.escape_from_new_york.options import VARIANTS

NAMES = sorted(VARIANTS)


def _mix(seed: int) -> dict[str, bool]:
    """About half the variants, chosen by ``seed``."""
    draw = random.Random(seed)
    return {name: True for name in NAMES if draw.random() < 0.5}


#: The sets of variants played: none, each alone, all, and four seeded mixes.
COMBOS: list[dict[str, bool]] = [
    {},
    *({name: True} for name in NAMES),
    dict.fromkeys(NAMES, True),
    *(_mix(seed) for seed in range(4)),
]
#: The eager player's favourite actions.
EAGER = (
    "take-president",
    "attempt:",
    "show:",
    "bridge:",
    "escape",
    "use:",
    "reveal:",
    "fire",
    "peek:",
    "token-item:",
    "pick-up",
    "take-diplomat:",
    "take-car",
)
#: A save is read back every this many actions (every action would take minutes).
SAVE_EVERY = 10


def saved(state: EscapeFromNewYorkState) -> str:
    return json.dumps(state.to_json(), sort_keys=True)


def play_to_the_end(options: dict[str, object], seed: int, eager: bool) -> Counter[str]:
    """Play one game to its end; returns how often each kind of action was taken."""
    state = EscapeFromNewYorkState.new(options, seed)
    pick = random.Random(seed)
    taken: Counter[str] = Counter()
    for ply in range(3000):
        if state.is_over():
            break
        seat = state.to_act()[0]
        legal = list(state.legal_actions(seat))
        favourite = [a for a in legal if a.startswith(EAGER)] if eager else []
        action = pick.choice(favourite or legal)
        state.apply(seat, action)  # an error of the rules fails the test here
        taken[action.partition(":")[0]] += 1
        assert not problems(state.rules, state.table), (ply, action)
        if ply % SAVE_EVERY == 0:
            assert saved(EscapeFromNewYorkState.from_json(json.loads(saved(state)))) == saved(state)
    assert state.is_over(), f"{options} seed {seed}: no end after 3000 actions"
    assert saved(EscapeFromNewYorkState.from_json(json.loads(saved(state)))) == saved(state)
    return taken


@pytest.mark.parametrize(
    "players",
    # Three and four heroes in ./dev test-long only: the protocol conformance suite, the
    # seeded digests and the oracles play them in ./dev test.
    [1, 2, pytest.param(3, marks=pytest.mark.long), pytest.param(4, marks=pytest.mark.long)],
)
def test_random_games_with_every_set_of_variants_reach_their_end(players: int) -> None:
    taken: Counter[str] = Counter()
    for index, combo in enumerate(COMBOS):
        for eager in (False, True):
            seed = 1000 * players + 10 * index + eager
            taken += play_to_the_end({"players": players, **combo}, seed, eager)
    # The games reach the rules built last, not only the common ones: heroes moved,
    # attacked, peeked, called the team's escape and discarded items for their tokens.
    for kind in ("step", "hit", "peek", "attempt", "token-item", "reveal", "use"):
        assert taken[kind], f"no {kind!r} action in {players}-hero games"
