"""Seeded searches with fixed iteration budgets, pinned: the move and the root statistics.

Speed-ups of the search, the games' search policies, views or rules must not change what a
seeded search with a fixed budget does (budgets are iterations so that bot play reproduces).
A change that alters these on purpose (a new technique, a retuned model) updates the pins
and says so in its commit.
"""

from __future__ import annotations

import hashlib
import json

import pytest

from getaway.ai import ISMCTSBot, make_bot
from getaway.bench import decision_states
from getaway.core import State, bot_rng, get_game


def digest(root: dict[str, float]) -> str:
    """A short fingerprint of the root statistics (rounded: visits are whole, shares are
    sums of floats done in the same order, so this only absorbs printing)."""
    text = json.dumps(sorted((move, round(value, 9)) for move, value in root.items()))
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def decide(game_name: str, spec: str, states: list[State]) -> list[tuple[str, str, int, str]]:
    game = get_game(game_name)
    found = []
    for i, state in enumerate(states):
        seat = state.to_act()[0]
        bot = make_bot(game, spec)
        assert isinstance(bot, ISMCTSBot)
        view, legal = state.view(seat), state.legal_actions(seat)
        action = bot.choose(game, seat, view, legal, bot_rng(3, "pin", i))
        assert bot.last is not None and not bot.last.capped
        found.append((seat, action, bot.last.iterations, digest(bot.last.root)))
    return found


PINNED = {
    ("scotland-yard", "hard:iterations=1200:seconds=none"): [
        # Changed on purpose with Mr. X's anchor on the heuristic's move.
        ("mrx", "taxi:65", 14, "1dec0290a1f7f9f6"),
        ("mrx", "taxi:62", 15, "268b67a9a1bffd7a"),
        ("mrx", "taxi:153", 14, "e4f6b4b91645fa3a"),
        ("mrx", "taxi:180", 15, "33578b88ceef3b82"),
    ],
    ("scotland-yard", "hard:iterations=150:seconds=none:off=guided"): [
        # Changed on purpose with Mr. X's anchor on the heuristic's move.
        ("mrx", "black:36", 150, "fc2996f2c566e6df"),
        ("mrx", "taxi:63", 150, "578e5bd5a180cdad"),
        ("mrx", "taxi:153", 150, "d1ba441243ca3378"),
        ("mrx", "taxi:180", 150, "4d28d081e986bc8e"),
    ],
    ("cash-n-guns", "hard:iterations=150:seconds=none"): [
        ("tino", "load:click", 150, "cbb431bb57a9aed3"),
        ("tino", "aim:lotus", 150, "5ec75663f821284b"),
        ("tino", "hide", 150, "aa23fc136ee17d5b"),
        ("tino", "load:click", 150, "9b0bad2157c15225"),
    ],
}


@pytest.mark.parametrize(("game_name", "spec"), list(PINNED))
def test_seeded_searches_with_fixed_budgets_are_pinned(game_name, spec):
    states = decision_states(get_game(game_name), 3, 4)
    assert decide(game_name, spec, states) == PINNED[game_name, spec]


def test_seeded_detective_searches_are_pinned():
    game = get_game("scotland-yard")
    states = [s for s in decision_states(game, 3, 40) if s.to_act()[0] != "mrx"][:3]
    assert decide("scotland-yard", "hard:iterations=150:seconds=none", states) == [
        ("d2", "d2:taxi:124", 150, "bf668a9cfc33d96d"),
        ("d2", "d2:bus:153", 150, "8da59a895fb5bab3"),
        ("d1", "d1:taxi:15", 150, "5da179c9b2d3e3e5"),
    ]
