"""The seats' views (§21.2): what each viewer is shown of the table, its own secrets, its own
open decision and legal actions."""

from __future__ import annotations

import json

import pytest

from getaway.core import ALL, SPECTATOR, Rng, UnknownSeatError
from getaway.games.escape_plan.options import COSTA, SANDRA
from getaway.games.escape_plan.state import Automaton, Piece, Player, Table
from getaway.games.escape_plan.views import (
    HIDDEN_AUTOMATON_FIELDS,
    HIDDEN_TABLE_FIELDS,
    MASKED_TABLE_FIELDS,
    PIECE_FIELDS,
    PUBLIC_AUTOMATON_FIELDS,
    PUBLIC_PLAYER_FIELDS,
    PUBLIC_TABLE_FIELDS,
    SECRET_PLAYER_FIELDS,
)
from tests.escape_plan.play import at_actions, new_game, play_until


def test_every_field_of_the_state_is_classified_public_or_secret() -> None:
    """A field added to the table, a board or an automaton must be classified in views.py
    (until then the seats' views leave it out and the determinizer cannot rebuild it)."""
    state = new_game(1)
    table = state.table.to_json()
    table_fields = set(table) - {"players", "automata"}
    classified = PUBLIC_TABLE_FIELDS | set(HIDDEN_TABLE_FIELDS) | MASKED_TABLE_FIELDS
    unclassified = table_fields - classified
    assert not unclassified, f"classify {sorted(unclassified)} in views.py"
    assert set(HIDDEN_TABLE_FIELDS) <= table_fields
    assert not PUBLIC_TABLE_FIELDS & set(HIDDEN_TABLE_FIELDS)
    board = set(table["players"]["p1"])
    assert board == PUBLIC_PLAYER_FIELDS | SECRET_PLAYER_FIELDS | PIECE_FIELDS
    bot = set(table["automata"][COSTA])
    assert bot == PUBLIC_AUTOMATON_FIELDS | HIDDEN_AUTOMATON_FIELDS
    # The state classes say the same (their JSON is what the views read).
    assert {"players", "automata"} <= set(Table.__dataclass_fields__)
    assert set(Player.__dataclass_fields__) == board
    assert set(Automaton.__dataclass_fields__) == bot


def test_a_seat_sees_its_own_cash_and_escape_plan_and_no_one_elses() -> None:
    state = new_game(3, seed=4)
    players = state.table.players
    players["p2"].cash = 17
    view = state.view("p1")
    shown = view["table"]["players"]
    assert shown["p1"]["cash"] == players["p1"].cash
    assert shown["p1"]["escape_plan"] == players["p1"].escape_plan
    for other in ("p2", "p3"):
        assert shown[other]["cash"] is None and shown[other]["escape_plan"] is None
        assert shown[other]["income_cubes"] == players[other].income_cubes
    spectator = state.view(SPECTATOR)["table"]["players"]
    for board in spectator.values():
        assert board["cash"] is None and board["escape_plan"] is None


def test_a_face_down_locker_shows_its_colour_to_others_and_its_value_to_its_owner() -> None:
    state = new_game(2, seed=3)
    state.table.players["p1"].items[0] = Piece("locker", "black:70", face_up=False)
    state.table.players["p1"].items[1] = Piece("exit", "Y:50", face_up=False)
    state.table.players["p1"].contacts[0] = Piece("contact", "boxer", face_up=False)
    own = state.view("p1")["table"]["players"]["p1"]
    assert own["items"][:2] == [["locker", "black:70", False], ["exit", "Y:50", False]]
    for viewer in ("p2", SPECTATOR):
        board = state.view(viewer)["table"]["players"]["p1"]
        assert board["items"][:2] == [["locker", "black:?", False], ["exit", "Y:?", False]]
        # A face-down Contact card is only used: public (§21.2).
        assert board["contacts"][0] == ["contact", "boxer", False]


def test_deck_orders_and_the_removed_patrol_card_are_shown_as_sizes_only() -> None:
    state = new_game(1, seed=5)
    table = state.table
    for viewer in ("p1", SPECTATOR):
        shown = state.view(viewer)["table"]
        for field in ("stacks", "patrol_deck", "patrol_removed", "exit_stacks", "lockers"):
            assert field not in shown
        assert "contact_deck" not in shown
        assert shown["stack_sizes"] == {k: len(v) for k, v in table.stacks.items()}
        assert shown["patrol_deck_size"] == len(table.patrol_deck)
        assert shown["exit_stack_sizes"] == {k: len(v) for k, v in table.exit_stacks.items()}
        assert shown["locker_sizes"] == {k: len(v) for k, v in table.lockers.items()}
        assert shown["contact_deck_size"] == len(table.contact_deck)
        assert "seed" not in state.view(viewer) and "rng" not in state.view(viewer)


def test_sandra_and_costa_show_their_cards_in_name_order_and_costas_plan_is_hidden() -> None:
    state = new_game(1, seed=6)
    costa = state.table.automata[COSTA]
    sandra = state.table.automata[SANDRA]
    assert costa.escape_plan is not None
    costa.piles.append(["locker:green:90", "locker:green:0"])
    for viewer in ("p1", SPECTATOR):
        bots = state.view(viewer)["table"]["automata"]
        assert bots[COSTA]["escape_plan"] is None
        assert bots[COSTA]["piles"] == [["locker:green:?", "locker:green:?"]]
        assert bots[SANDRA]["deck_cards"] == sorted(sandra.deck)
        assert bots[COSTA]["deck_cards"] == sorted(costa.deck)
        assert "deck" not in bots[SANDRA]


def test_the_final_scoring_opens_every_board_and_costas_card() -> None:
    state = new_game(1, seed=7)
    rng = Rng(7)
    while not state.is_over():
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        state.apply(seat, legal[rng.below(len(legal))])
    # Put after the end, so that play cannot have moved them.
    state.table.players["p1"].items[0] = Piece("locker", "brown:120", face_up=False)
    state.table.automata[COSTA].piles = [["exit:X:60"]]
    shown = state.view(SPECTATOR)["table"]
    assert shown["players"]["p1"]["cash"] == state.table.players["p1"].cash
    assert shown["players"]["p1"]["items"][0] == ["locker", "brown:120", False]
    assert shown["automata"][COSTA]["escape_plan"] == state.table.automata[COSTA].escape_plan
    assert shown["automata"][COSTA]["piles"] == [["exit:X:60"]]
    assert "contact_deck" not in shown and "patrol_removed" not in shown


def test_only_the_deciding_seat_sees_its_open_decision_and_legal_actions() -> None:
    state = play_until(new_game(3, seed=2), lambda s: s.decision is not None, seed=2)
    seat = state.decision.seat if state.decision else ""
    own = state.view(seat)
    assert own["decision"] == list(state.decision.steps if state.decision else ())
    assert own["legal_actions"] == {seat: list(state.legal_actions(seat))}
    for viewer in (*[s for s in state.seats if s != seat], SPECTATOR):
        view = state.view(viewer)
        assert view["decision"] is None and view["legal_actions"] == {}
        assert view["to_act"] == [seat]


def test_the_all_view_holds_everything() -> None:
    state = play_until(new_game(2, seed=1), at_actions, seed=1)
    view = state.view(ALL)
    full = state.to_json()
    assert view["table"] == full["table"]
    assert (view["seed"], view["rng"]) == (full["seed"], full["rng"])
    assert view["legal_actions"] == {s: list(state.legal_actions(s)) for s in state.to_act()}


def test_views_are_json_ready_with_a_stable_key_order() -> None:
    state = play_until(new_game(4, seed=9), at_actions, seed=9)
    for viewer in (*state.seats, SPECTATOR, ALL):
        first = json.dumps(state.view(viewer))
        assert json.dumps(state.clone().view(viewer)) == first
        assert list(state.view(viewer)) == [
            "game",
            "seat",
            "options",
            "over",
            "to_act",
            "table",
            "decision",
            "legal_actions",
            *(["seed", "rng"] if viewer == ALL else []),
        ]


def test_an_unknown_viewer_is_refused_with_the_allowed_ones() -> None:
    state = new_game(2)
    with pytest.raises(UnknownSeatError, match="p1"):
        state.view("p9")
