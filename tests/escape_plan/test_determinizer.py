"""The determinizer: full states drawn from a seat's view look the same to that seat, are
positions the rules allow (the save reader checks every invariant), agree with what the
view shows of the hidden parts, and depend only on the generator given."""

from __future__ import annotations

from collections import Counter

import pytest

from getaway.core import ALL, SPECTATOR, Rng
from getaway.core.serialize import dumps
from getaway.games.escape_plan.determinizer import InconsistentViewError
from getaway.games.escape_plan.game import GAME, EscapePlanState
from getaway.games.escape_plan.options import COSTA
from getaway.games.escape_plan.state import Piece
from tests.escape_plan.play import new_game, random_step
from tests.escape_plan.views_positions import random_positions

PLAYERS = (1, 2, 3, 4, 5)


def viewers(state: EscapePlanState) -> list[str]:
    return [*state.seats, SPECTATOR]


#: Random games whose positions the first test samples from: one in ./dev test, three in
#: ./dev test-long (each game's positions are many; three made it the slowest test here).
GAME_SEEDS = pytest.mark.parametrize(
    "seeds",
    [pytest.param(range(1), id="quick"), pytest.param(range(3), id="full", marks=pytest.mark.long)],
)


@GAME_SEEDS
@pytest.mark.parametrize("players", PLAYERS)
def test_a_sample_looks_to_its_seat_exactly_as_the_view_it_was_drawn_from(
    players: int, seeds: range
) -> None:
    for seed in seeds:
        for step, state in enumerate(random_positions(players, seed)):
            for viewer in viewers(state):
                view = state.view(viewer)
                sample = GAME.determinize(view, Rng(step))
                assert view == state.view(viewer), "determinize changed the view it was given"
                assert sample.view(viewer) == view
                assert sample.legal_actions(viewer) == state.legal_actions(viewer)


@pytest.mark.parametrize("players", PLAYERS)
def test_the_same_generator_gives_the_same_sample(players: int) -> None:
    for state in random_positions(players, seed=5, every=15):
        for viewer in viewers(state):
            view = state.view(viewer)
            first = GAME.determinize(view, Rng(42))
            again = GAME.determinize(view, Rng(42))
            assert dumps(first.to_json()) == dumps(again.to_json())


def test_the_hidden_parts_vary_from_sample_to_sample() -> None:
    """Deck orders, other players' cash and cards, hidden tile values, Costa's card."""
    state = next(random_positions(3, seed=3))
    view = state.view("p1")
    samples = [GAME.determinize(view, Rng(k)) for k in range(12)]
    tables = [s.table for s in samples]
    assert len({tuple(t.contact_deck) for t in tables}) > 1
    assert len({tuple(tuple(v) for v in t.stacks.values()) for t in tables}) > 1
    assert len({(tuple(t.patrol_deck), t.patrol_removed) for t in tables}) > 1
    assert len({tuple(tuple(v) for v in t.lockers.values()) for t in tables}) > 1
    assert len({t.players["p2"].cash for t in tables}) > 1
    assert len({(t.players["p2"].escape_plan, t.players["p3"].escape_plan) for t in tables}) > 1
    # The viewer's own secrets never change.
    assert {t.players["p1"].cash for t in tables} == {state.table.players["p1"].cash}
    assert {t.players["p1"].escape_plan for t in tables} == {state.table.players["p1"].escape_plan}


@pytest.mark.parametrize("players", PLAYERS)
def test_sampled_escape_plans_agree_with_the_hexes_of_every_cube(players: int) -> None:
    """A cube on an Income hex where, and only where, the player's card has the Income icon
    (§7.5.2, §7.5.3): the determinizer deals the unseen cards accordingly."""
    content = new_game(1).rules.content
    cards = {card.id: card.lines for card in content.escape_plans.cards}
    for step, state in enumerate(random_positions(players, seed=8, every=10)):
        sample = GAME.determinize(state.view(SPECTATOR), Rng(step))
        table = sample.table
        buildings = {
            **{f"business:{k}": b for k, b in table.businesses.items()},
            **{f"safe_house:{k}": b for k, b in table.safe_houses.items()},
        }
        for line_id, building in buildings.items():
            for owner, hex_kind in building.cubes:
                if owner in table.players:
                    line = cards[table.players[owner].escape_plan][line_id]
                    assert (line == "income") == (hex_kind == "income")
        plans: list[int | None] = [p.escape_plan for p in table.players.values()]
        costa = table.automata.get(COSTA)
        if costa is not None:
            assert costa.escape_plan is not None
            plans.append(costa.escape_plan)
        assert len(set(plans)) == len(plans)


@pytest.mark.parametrize("players", PLAYERS)
def test_hidden_tiles_are_drawn_from_the_values_the_viewer_has_not_seen(players: int) -> None:
    """Every Locker and Exit tile value in a sample (stacks, boards, Costa's piles) comes
    from its stack's tiles, never more copies than exist, and the ones the viewer sees stay."""
    content = new_game(1).rules.content
    stacks: dict[str, list[int]] = {s.colour: list(s.values) for s in content.lockers.stacks}
    stacks.update({s.id: list(s.values) for s in content.exit_tiles.stacks})
    for step, state in enumerate(random_positions(players, seed=9, every=10)):
        sample = GAME.determinize(state.view("p1"), Rng(step))
        table = sample.table
        drawn: Counter[tuple[str, int]] = Counter()
        for name, values in (*table.lockers.items(), *table.exit_stacks.items()):
            drawn.update((name, v) for v in values)
        for player in table.players.values():
            for piece in player.items:
                if piece is not None and piece.kind in ("locker", "exit"):
                    stack, _, number = piece.id.partition(":")
                    drawn[(stack, int(number))] += 1
        for costa in table.automata.values():
            for pile in costa.piles:
                for tile in pile:
                    _, stack, number = tile.split(":")
                    drawn[(stack, int(number))] += 1
        for (stack, value), copies in drawn.items():
            assert copies <= stacks[stack].count(value), (stack, value)
        assert table.players["p1"].items == state.table.players["p1"].items


def test_an_open_decision_of_the_viewer_is_kept_and_anothers_is_left_unopened() -> None:
    state = new_game(3, seed=2)
    rng = Rng(2)
    while state.decision is None or len(state.decision.steps) < 2:
        random_step(state, rng)
    seat = state.decision.seat
    own = GAME.determinize(state.view(seat), Rng(0))
    assert own.decision == state.decision
    other = next(s for s in state.seats if s != seat)
    theirs = GAME.determinize(state.view(other), Rng(0))
    assert theirs.decision is None and theirs.to_act() == (seat,)


def test_a_sample_can_be_played_to_the_end() -> None:
    for players in PLAYERS:
        state = next(random_positions(players, seed=11, every=25))
        sample = GAME.determinize(state.view("p1"), Rng(players))
        rng = Rng(players)
        while not sample.is_over():
            random_step(sample, rng)


def test_the_all_view_gives_the_state_itself() -> None:
    state = next(random_positions(2, seed=4, every=12))
    assert GAME.determinize(state.view(ALL), Rng(0)).to_json() == state.to_json()


def test_a_view_that_no_position_could_give_is_refused() -> None:
    state = new_game(2, seed=1)
    view = state.view("p1")
    view["table"]["contact_deck_size"] += 5
    with pytest.raises(InconsistentViewError, match="hidden Contact cards"):
        GAME.determinize(view, Rng(0))
    state.table.players["p1"].items[0] = Piece("locker", "green:90", face_up=False)
    view = state.view("p1")
    # Two more green $90k tiles shown face up on p2's board: there are only two in all.
    view["table"]["players"]["p2"]["items"][:2] = [["locker", "green:90", True]] * 2
    with pytest.raises(InconsistentViewError, match="green:90"):
        GAME.determinize(view, Rng(0))


def test_a_player_asked_about_the_income_unlock_is_given_at_least_3k() -> None:
    """R-INC-2: the Income phase asks only players who can pay $3k, so a sample must not
    give such a player less (the unlock would take them below $0)."""
    state = new_game(3, seed=1)
    rng = Rng(1)
    while state.table.stage != "income_unlock":
        random_step(state, rng)
    asked = state.table.queue[0]
    viewer = next(s for s in state.seats if s != asked)
    for k in range(40):
        sample = GAME.determinize(state.view(viewer), Rng(k))
        assert sample.table.players[asked].cash >= 3
        for action in sample.legal_actions(asked):
            sample.clone().apply(asked, action)


def test_a_malformed_view_is_refused_saying_what_determinize_takes() -> None:
    view = new_game(2).view("p1")
    del view["table"]["stack_sizes"]
    with pytest.raises(InconsistentViewError, match=r"malformed .*state.view\(seat\)"):
        GAME.determinize(view, Rng(0))
    with pytest.raises(InconsistentViewError, match="not an escape-plan view"):
        GAME.determinize({"game": "scotland-yard"}, Rng(0))
