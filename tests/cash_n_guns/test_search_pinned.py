"""Seeded ``hard`` decisions of Cash 'n Guns, pinned to the move AND the root's visit counts.

Speed work on the model, the rules or the search must leave every iteration as it was: the
same samples, the same moves offered in the tree, the same playouts. A changed visit count
says some value or some draw moved, even where the chosen move stayed. The figures were
recorded with the code of ``main`` at fa89ab5 (``bench_ismcts``' positions and seeds, the
time cap dropped, so no machine's speed enters).
"""

from __future__ import annotations

from typing import Any

import pytest

from getaway.ai import make_bot
from getaway.ai.ismcts import ISMCTSBot
from getaway.bench import decision_states
from getaway.core import bot_rng
from getaway.games.cash_n_guns import GAME

#: ``decision_states(GAME, 0, 3)``: the first seat's load, aim and hide-or-stay.
PINNED_BENCH = [
    ("load:bang", {"load:bang": 66.0, "load:bbb": 292.0, "load:click": 42.0}),
    (
        "aim:el-toro",
        {"aim:el-toro": 328.0, "aim:haggis": 12.0, "aim:lotus": 9.0, "aim:mr-black": 51.0},
    ),
    # The anchor: the heuristic's stay, which hiding does not beat by z standard errors.
    ("stay", {"hide": 328.0, "stay": 72.0}),
]

#: The first decision of a 6-player Advanced game with the Undercover Cop (seed 100): the
#: Sly's reveal among his loads (abilities, the cop and a second reading of Invincible).
PINNED_ADVANCED = (
    "reveal:sly",
    {"load:bang": 54.0, "load:bbb": 93.0, "load:click": 208.0, "reveal:sly": 45.0},
)


def _hard() -> ISMCTSBot:
    bot = make_bot(GAME, "hard")
    assert isinstance(bot, ISMCTSBot)
    bot.settings = bot.settings.uncapped()
    return bot


@pytest.mark.parametrize("i", range(len(PINNED_BENCH)))
def test_hard_decisions_of_the_bench_are_pinned(i: int) -> None:
    state = decision_states(GAME, 0, i + 1)[i]
    seat = state.to_act()[0]
    bot = _hard()
    action = bot.choose(
        GAME, seat, state.view(seat), state.legal_actions(seat), bot_rng(0, "ismcts", i)
    )
    assert bot.last is not None
    assert (action, bot.last.root) == PINNED_BENCH[i]


def test_a_hard_decision_of_the_advanced_cop_game_is_pinned() -> None:
    options: dict[str, Any] = {"players": 6, "advanced": True, "undercover_cop": True}
    state = GAME.new_state(options, 100)
    seat = state.to_act()[0]
    bot = _hard()
    action = bot.choose(
        GAME, seat, state.view(seat), state.legal_actions(seat), bot_rng(0, "check", 0)
    )
    assert bot.last is not None
    assert (action, bot.last.root) == PINNED_ADVANCED
