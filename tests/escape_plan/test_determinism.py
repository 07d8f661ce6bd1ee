"""The same seed gives the same game in every process: nothing may depend on Python's hash
seed (set and frozenset iteration order), which changes from one process to the next."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import getaway

#: Plays one seeded game with seeded random actions and prints its final state as JSON.
PLAY = """
import json
from getaway.core.rng import Rng
from getaway.games.escape_plan.game import GAME

state = GAME.new_state({"players": 3}, seed=20261127)
rng = Rng(7)
while not state.is_over():
    seat = state.to_act()[0]
    legal = state.legal_actions(seat)
    state.apply(seat, legal[rng.below(len(legal))])
print(json.dumps(state.to_json(), sort_keys=True))
"""


def _final_state(hash_seed: str) -> str:
    source = str(Path(getaway.__file__).resolve().parents[1])
    env = {**os.environ, "PYTHONHASHSEED": hash_seed, "PYTHONPATH": source}
    done = subprocess.run(
        [sys.executable, "-c", PLAY], env=env, capture_output=True, text=True, check=True
    )
    return done.stdout


def test_a_seeded_game_is_the_same_whatever_the_hash_seed() -> None:
    first, second = _final_state("1"), _final_state("2")
    assert first.startswith("{")
    assert first == second
