"""A player's turn (spec §7.0): Rest (§7.1), passing, and the errors of bad actions. The
Move is in ``test_move_action.py``."""

from __future__ import annotations

import pytest

from getaway.core import IllegalActionError, NotYourTurnError, UnknownSeatError
from getaway.games.escape_plan import turns
from getaway.games.escape_plan.game import EscapePlanState
from getaway.games.escape_plan.state import Piece
from tests.escape_plan.play import at_actions, end_turn, new_game, play_until

#: Every player starts with the Extra Action Asset unlocked (§4): an executive action (§8).
TAKE_DISC = "exec:asset:extra_action"


def at_turn(players: int = 3, seed: int = 1) -> tuple[EscapePlanState, str]:
    state = play_until(new_game(players, seed=seed), at_actions)
    assert state.table.stage == "turn"
    return state, state.to_act()[0]


# --- Rest (§7.1) --------------------------------------------------------------------------


def test_a_turn_is_rest_or_move() -> None:
    state, seat = at_turn()
    # Executive actions may come first (§8), after the Rest or the Move.
    assert state.legal_actions(seat) == ["rest", "move", TAKE_DISC]


def test_rest_flips_the_token_refreshes_and_unlocks_the_chosen_asset() -> None:
    state, seat = at_turn()
    player = state.table.players[seat]
    player.contacts[0] = Piece("contact", "informer", face_up=False)
    player.contacts[1] = Piece("contact", "medic", face_up=False)
    player.cuffed[1] = True
    player.items[0] = Piece("equipment", "vest", face_up=False)
    player.items[1] = Piece("fixer", "safe", face_up=False)
    player.first_aid_up = False
    state.apply(seat, "rest")
    assert state.legal_actions(seat) == [
        "unlock:move_federal",
        "unlock:move_local",
        "unlock:move_swat",
        "unlock:avoid_all",
        "unlock:master_key",
        "unlock:heal",
    ]
    state.apply(seat, "unlock:heal")
    assert not player.rest_sun and player.first_aid_up
    assert player.contacts[0] == Piece("contact", "informer", face_up=True)
    assert player.contacts[1] == Piece("contact", "medic", face_up=False)  # handcuffed
    assert player.items[0] == Piece("equipment", "vest", face_up=True)
    assert player.items[1] == Piece("fixer", "safe", face_up=False)  # never refreshed
    assert player.unlocked[1] is not None and player.unlocked[1].asset == "heal"
    # Master Key and Avoid All slid right into the freed contact space (§4).
    assert [p.id if p else None for p in player.contacts[2:]] == [None, "avoid_all", "master_key"]
    # Nothing to visit after a Rest: an executive action or the end of the turn.
    assert state.table.stage == "after"
    # The refreshed informer is an executive action again (§17.2).
    assert state.legal_actions(seat) == ["exec:contact:0", TAKE_DISC, "end"]
    state.apply(seat, "end")
    assert state.to_act() != (seat,)


def test_rest_only_once_a_day() -> None:
    state, seat = at_turn()
    state.apply(seat, "rest")
    state.apply(seat, "unlock:heal")
    end_turn(state, seat)
    play_until(state, lambda s: s.to_act() == (seat,) and s.table.stage == "turn", plain=True)
    assert [a for a in state.legal_actions(seat) if not a.startswith("exec:")] == ["move"]


def test_a_seventh_asset_unlocked_with_every_slot_full_leaves_the_game() -> None:
    state, seat = at_turn()
    player = state.table.players[seat]
    for asset in ["move_federal", "move_local", "move_swat", "avoid_all", "master_key"]:
        turns.rest(player, [asset])
    assert player.locked_assets() == ["heal"]
    turns.rest(player, ["heal"])
    assert player.locked_assets() == []
    assert "heal" not in [u.asset for u in player.unlocked if u]
    assert all(u is not None for u in player.unlocked)


def test_a_rest_with_nothing_left_to_unlock_ends_at_once() -> None:
    state, seat = at_turn()
    player = state.table.players[seat]
    player.items = [None] * 5
    player.contacts = [None] * 5
    state.apply(seat, "rest")
    end_turn(state, seat)
    assert state.to_act() != (seat,) and not player.rest_sun


def test_with_neither_rest_nor_a_move_the_turn_is_passed(monkeypatch: pytest.MonkeyPatch) -> None:
    state, seat = at_turn()
    state.table.players[seat].rest_sun = False
    monkeypatch.setattr(turns, "can_move", lambda city, ctx: False)
    assert state.legal_actions(seat) == ["pass", TAKE_DISC]
    location = state.table.players[seat].location
    state.apply(seat, "pass")
    end_turn(state, seat)
    assert state.to_act() != (seat,) and state.table.players[seat].location == location


# --- bad actions ------------------------------------------------------------------------------


def test_an_illegal_action_names_the_legal_ones_and_changes_nothing() -> None:
    state, seat = at_turn()
    before = state.to_json()
    with pytest.raises(IllegalActionError) as error:
        state.apply(seat, "fly")
    message = str(error.value)
    assert "'rest' (once a day, sun side up) or 'move'" in message
    assert f"legal actions: rest, move, {TAKE_DISC}" in message
    assert state.to_json() == before
    with pytest.raises(IllegalActionError):
        state.apply(seat, 7)  # type: ignore[arg-type]
    assert state.to_json() == before


def test_acting_out_of_turn_or_as_no_seat_is_refused() -> None:
    state, seat = at_turn()
    other = next(s for s in state.rules.seats if s != seat)
    with pytest.raises(NotYourTurnError):
        state.apply(other, "rest")
    with pytest.raises(UnknownSeatError):
        state.apply("sandra", "rest")
    assert state.legal_actions(other) == ()
