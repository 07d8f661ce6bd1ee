"""What the rules keep to go fast dies with the game: the answers worked out from a map are
kept on the map (``CityMap.memo``), so no module-level cache holds a finished game's maps
(and everything derived from them) for the garbage collector to walk again and again."""

from __future__ import annotations

import gc
import weakref

from getaway.core.rng import Rng
from getaway.games.escape_plan.city import CityMap
from getaway.games.escape_plan.game import GAME


def test_a_finished_games_maps_are_freed_with_it() -> None:
    maps: list[weakref.ref[CityMap]] = []
    seen: set[int] = set()
    steps_kept = False
    state = GAME.new_state({"players": 3}, seed=7)
    rng = Rng(8)
    while not state.is_over():
        city = state.table.city
        if id(city) not in seen:
            seen.add(id(city))
            maps.append(weakref.ref(city))
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        state.apply(seat, legal[rng.below(len(legal))])
        # Read while the map is the game's own: a map the game has moved on from may already
        # be freed, or not yet, as the collector's timing (other tests) decides.
        steps_kept = steps_kept or bool(state.table.city.memo.steps)
    # The maps asked the most of: the ones Moves were played on (steps, Move checks, police).
    assert steps_kept
    del state, city
    gc.collect()
    alive = [ref() for ref in maps if ref() is not None]
    assert not alive, f"{len(alive)} of {len(maps)} maps outlived their game"
