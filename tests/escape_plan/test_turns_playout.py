"""Random playouts: 200 seeded games for each player count (20 in ./dev test; all 200 in
./dev test-long), uniformly random legal actions
from setup to the scored end, with the engine invariants of spec §21.7 checked after every
action, a save and reload now and then, and the end checked against the final scoring."""

from __future__ import annotations

import json
from collections import Counter

import pytest

from getaway.core.rng import Rng, derive_seed
from getaway.games.escape_plan import invariants
from getaway.games.escape_plan.game import GAME

#: Games per player count: the full sweep in ./dev test-long, a tenth of it in ./dev test.
GAMES = 200
QUICK_GAMES = 20


@pytest.mark.parametrize(
    "games",
    [pytest.param(QUICK_GAMES, id="quick"), pytest.param(GAMES, id="full", marks=pytest.mark.long)],
)
@pytest.mark.parametrize("players", [1, 2, 3, 4, 5])
def test_random_games_keep_every_invariant(players: int, games: int) -> None:
    seen: Counter[str] = Counter()
    for game in range(games):
        seed = derive_seed(players, game)
        state = GAME.new_state({"players": players}, seed=seed)
        rng = Rng(seed)
        plies = 0
        while not state.is_over():
            seats = state.to_act()
            assert len(seats) == 1
            legal = state.legal_actions(seats[0])
            assert legal, f"seed {seed}: {seats[0]} must act but has no legal action"
            assert len(set(legal)) == len(legal)
            action = legal[rng.below(len(legal))]
            seen[action.split(":", 1)[0]] += 1
            state.apply(seats[0], action)
            plies += 1
            problems = invariants.problems(state.rules, state.table)
            assert not problems, f"seed {seed}, ply {plies}: {problems}"
            if plies % 97 == 0:
                saved = json.dumps(state.to_json(), sort_keys=True)
                loaded = GAME.state_from_json(json.loads(saved))
                assert json.dumps(loaded.to_json(), sort_keys=True) == saved
        table = state.table
        assert table.day == 3 and len(table.city.placed) == 14
        out = sorted(table.arrested + table.escaped)
        assert [p for p in out if p in state.rules.seats] == list(state.rules.seats)
        # Costa (solo) leaves too: he escapes on Day 3 or is out at the end (§16.3).
        assert set(out) <= set(state.rules.participants)
        assert state.to_act() == ()
        outcome = state.outcome()
        assert outcome is not None
        returns = state.returns()
        assert set(returns) == set(state.rules.seats)
        assert all(-1.0 <= value <= 1.0 for value in returns.values())
        assert set(outcome.winners) <= set(table.escaped)
        assert all(returns[seat] == 1.0 for seat in outcome.winners)
        assert all(returns[seat] == -1.0 for seat in table.arrested)
    # The random games reach the rules under test: moves, Avoid, escapes.
    assert seen["move"] and seen["stop"] and seen["wound"] and seen["escape"]


@pytest.mark.parametrize("players", [1, 2, 4])
def test_random_games_with_notoriety_gains_keep_every_invariant(players: int) -> None:
    """These games give a red cube now and then besides what visits and red stars give: the
    Notoriety half crosses lines more often, asks for converging police and unlocks, and the
    invariants still hold."""
    seen: Counter[str] = Counter()
    for game in range(12):
        seed = derive_seed(players, 1000 + game)
        state = GAME.new_state({"players": players}, seed=seed)
        rng = Rng(seed)
        plies = 0
        while not state.is_over():
            seat = state.to_act()[0]
            player = state.table.players[seat]
            if rng.below(4) == 0 and player.noto_red + player.noto_blue < 4:
                player.noto_red += 1
            legal = state.legal_actions(seat)
            seen[state.table.stage] += 1
            state.apply(seat, legal[rng.below(len(legal))])
            plies += 1
            problems = invariants.problems(state.rules, state.table)
            assert not problems, f"seed {seed}, ply {plies}: {problems}"
            if plies % 53 == 0:
                saved = json.dumps(state.to_json(), sort_keys=True)
                loaded = GAME.state_from_json(json.loads(saved))
                assert json.dumps(loaded.to_json(), sort_keys=True) == saved
        assert state.outcome() is not None
    assert seen["converge"] and seen["threshold_unlock"]
