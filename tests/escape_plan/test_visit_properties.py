"""Property: from random reachable positions, random legal visit, executive and bonus steps
never break the invariants of spec §21.7, and a refused step changes nothing."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pytest

from getaway.core.errors import IllegalActionError
from getaway.core.rng import Rng
from getaway.games.escape_plan import invariants
from getaway.games.escape_plan.bonuses import apply_bonus_step, bonus_steps
from getaway.games.escape_plan.executive import apply_executive_step, executive_steps
from getaway.games.escape_plan.game import EscapePlanState
from getaway.games.escape_plan.state import Key, Piece
from getaway.games.escape_plan.visit import apply_visit_step, unvisitable, visit_steps
from tests.escape_plan.play import new_game, play_until


def _position(seed: int) -> tuple[EscapePlanState, str]:
    """A random position of the Player Actions phase, the seat asked moved to a random
    location it may visit, with random cash, keys and Contact cards taken from the table."""
    rng = Rng(seed)
    players = 1 + rng.below(5)
    day = 1 + rng.below(3)
    state = new_game(players, seed=seed)
    skip = [rng.below(3)]  # turns of that day to let pass first

    def wanted(s: EscapePlanState) -> bool:
        if s.table.day < day or s.table.stage != "turn":
            return False
        skip[0] -= 1
        return skip[0] < 0

    play_until(state, wanted, seed=seed)
    table = state.table
    seat = table.queue[0]
    player = table.players[seat]
    player.cash = rng.below(25)
    player.notoriety = 1 + rng.below(9)
    player.wounds_red = rng.below(4)
    for slot in range(len(player.keys)):
        beside = table.safe_house_keys[str(slot + 1)]
        if beside and rng.below(2):
            player.keys[slot] = Key(beside.pop(rng.below(len(beside))), bool(rng.below(3)))
    for space in range(len(player.contacts)):
        if player.contacts[space] is None and table.contact_deck and rng.below(2):
            player.contacts[space] = Piece("contact", table.contact_deck.pop(), bool(rng.below(2)))
    for business in table.businesses.values():
        business.closed = business.closed or rng.below(4) == 0
    forbidden = set(unvisitable(state.rules, state.table, seat))
    places = [
        node
        for node in sorted(table.city.nodes())
        if table.city.kind(node) is not None and node not in forbidden
    ]
    player.location = places[rng.below(len(places))]
    assert invariants.problems(state.rules, table) == []
    return state, seat


def _refused_changes_nothing(
    state: EscapePlanState, take: Callable[[str], object], legal: Sequence[str], rng: Rng
) -> None:
    before = state.to_json()
    wrong = ["visit:nothing", "exec:contact:9", "bonus:group1:fly", "visit:pick:999:0"]
    if legal:
        wrong.append(legal[rng.below(len(legal))] + "x")
    for step in wrong:
        with pytest.raises(IllegalActionError):
            take(step)
        assert state.to_json() == before


@pytest.mark.parametrize("seed", range(60))
def test_random_visits_keep_the_invariants_and_refusals_change_nothing(seed: int) -> None:
    state, seat = _position(seed)
    rng = Rng(1000 + seed)
    rules = state.rules
    start = state.clone()
    steps: list[str] = []
    while legal := visit_steps(state, seat, steps):
        _refused_changes_nothing(
            state, lambda s: apply_visit_step(state, seat, steps, s), legal, rng
        )
        step = legal[rng.below(len(legal))]
        apply_visit_step(state, seat, steps, step)
        steps.append(step)
        assert invariants.problems(rules, state.table) == [], steps
    # The steps replayed on a copy of the start give the same position, draws included: an
    # engine may keep the visit open as a decision and apply it only once complete.
    for index, step in enumerate(steps):
        apply_visit_step(start, seat, steps[:index], step)
    assert start.to_json() == state.to_json()
    for _ in range(3):
        _random_executive_action(state, seat, rng)
        assert invariants.problems(rules, state.table) == []
    while legal := bonus_steps(state, seat):
        _refused_changes_nothing(state, lambda s: apply_bonus_step(state, seat, s), legal, rng)
        apply_bonus_step(state, seat, legal[rng.below(len(legal))])
        assert invariants.problems(rules, state.table) == []


def _random_executive_action(state: EscapePlanState, seat: str, rng: Rng) -> None:
    action: list[str] = []
    while legal := executive_steps(state, seat, action):
        _refused_changes_nothing(
            state, lambda s: apply_executive_step(state, seat, action, s), legal, rng
        )
        step = legal[rng.below(len(legal))]
        apply_executive_step(state, seat, action, step)
        action.append(step)
