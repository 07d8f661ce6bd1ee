"""What each viewer is shown of each action (``public.py``): the open steps of a decision
to nobody else, the completed decision whole with the drawn tiles' values hidden, the
simple public choices to everyone; and no viewer's view changes on an action it is shown
nothing of."""

from __future__ import annotations

import pytest

from getaway.core import ALL, SPECTATOR, Move, Rng
from getaway.games.escape_plan.game import GAME
from getaway.games.escape_plan.public import hide_secret_value, shown_to_others
from tests.escape_plan.play import new_game

PLAYERS = (1, 2, 3, 4, 5)


@pytest.mark.parametrize("players", PLAYERS)
def test_a_viewer_shown_nothing_sees_no_change_and_open_steps_are_shown_to_nobody(
    players: int,
) -> None:
    """Played to the end: every move checked for every viewer."""
    state = new_game(players, seed=players, first="random")
    rng = Rng(players)
    completed = 0
    while not state.is_over():
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        move = Move(seat, legal[rng.below(len(legal))])
        before = state.clone()
        viewers = (*state.seats, SPECTATOR, ALL)
        seen = {viewer: state.view(viewer) for viewer in viewers}
        state.apply(move.seat, move.action)
        opened_or_open = state.decision is not None
        for viewer in viewers:
            shown = GAME.public_action(before, move, viewer)
            if viewer in (ALL, seat):
                assert shown is not None and shown.action == move.action
                continue
            if shown is None:
                # A step that leaves a decision open: nobody else learns of it.
                assert opened_or_open
                assert state.view(viewer) == seen[viewer]
            else:
                assert shown.seat == seat and not opened_or_open
                completed += 1
    assert completed > 0


def test_a_completed_walk_is_shown_to_everyone_step_by_step() -> None:
    state = new_game(2, seed=3)
    rng = Rng(3)
    while not (state.table.stage == "turn" and state.decision is None):
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        state.apply(seat, legal[rng.below(len(legal))])
    seat = state.to_act()[0]
    other = next(s for s in state.seats if s != seat)
    taken: list[str] = []
    while True:
        legal = state.legal_actions(seat)
        action = "move" if "move" in legal and not taken else legal[0]
        before = state.clone()
        state.apply(seat, action)
        taken.append(action)
        shown = GAME.public_action(before, Move(seat, action), other)
        if state.decision is None:
            assert shown is not None and shown.shown == "/".join(taken)
            assert shown.action == action
            break
        assert shown is None
    own = GAME.public_action(before, Move(seat, action), seat)
    assert own is not None and own.shown == "/".join(taken)


def test_the_income_unlock_and_the_disc_are_public() -> None:
    state = new_game(3, seed=1)
    state.table.stage = "income_unlock"
    unlock = f"unlock:{state.table.players['p1'].locked_assets()[0]}"
    shown = GAME.public_action(state, Move("p1", unlock), "p2")
    assert shown is not None and shown.action == unlock
    state.table.stage = "disc"
    shown = GAME.public_action(state, Move("p1", "disc"), SPECTATOR)
    assert shown is not None and shown.shown == "disc"


def test_a_locker_or_exit_tile_picked_in_secret_shows_its_item_space_not_its_value() -> None:
    assert hide_secret_value("visit:pick:70:2") == "visit:pick:?:2"
    assert hide_secret_value("visit:locker:black") == "visit:locker:black"
    assert hide_secret_value("walk:A2.store") == "walk:A2.store"
    steps = ("move", "walk:B1.store", "done", "visit:enter", "visit:locker:black")
    text = shown_to_others((*steps, "visit:pick:100:4", "visit:skip:contact"))
    assert text == "/".join((*steps, "visit:pick:?:4", "visit:skip:contact"))
    assert "100" not in text
