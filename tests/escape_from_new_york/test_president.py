"""The SGB "President: Dead or Alive?" deck and the President's Bracelet revealed (spec §12,
§7.9, §11, A-25): the card drawn at the Duke's Camp, Alive taken as the President, Dead
shown to all with the rescue run as if the President had been rescued; the Bracelets'
once-per-game effects; the President's Finger."""

from __future__ import annotations

import json

import pytest

from getaway.core import SPECTATOR
from getaway.games.escape_from_new_york import holdings
from getaway.games.escape_from_new_york.game import EscapeFromNewYorkState
from getaway.games.escape_from_new_york.holdings import solo_escape_ready, team_escape_bridges
from getaway.games.escape_from_new_york.state import SupplyCard
from getaway.games.escape_from_new_york.turn_common import hidden_landmarks
from tests.escape_from_new_york.rules_helpers import sound
from tests.escape_from_new_york.test_turn_endings import game

ALIVE, DEAD = "president_alive", "president_dead"


def on_the_camp(state: EscapeFromNewYorkState, seat: str = "p1") -> None:
    """A scene: the Duke's Camp revealed, ``seat``'s hero on it, no enemy there."""
    table = state.table
    camp = next(c for c, s in table.spaces.items() if s.tile == "dukes_camp")
    table.spaces[camp].face_up = True
    table.heroes[seat].cell = camp


def president_deck_top(state: EscapeFromNewYorkState, card: str) -> None:
    deck = state.table.president_slot
    deck.remove(card)
    deck.insert(0, card)


def finish_rescue(state: EscapeFromNewYorkState, seat: str = "p1") -> None:
    while state.turn.stage == "rescue" and not state.is_over():
        state.apply(seat, state.legal_actions(seat)[0])


def test_president_alive_drawn_is_the_president() -> None:
    state = game(players=2, seed=3, dead_or_alive=True)
    table = state.table
    on_the_camp(state)
    president_deck_top(state, ALIVE)
    assert "take-president" in state.legal_actions("p1")
    state.apply("p1", "take-president")
    assert SupplyCard("president", ALIVE, False) in table.heroes["p1"].supply
    assert table.president_taken and not table.president_dead
    assert sorted(table.president_slot) == [ALIVE, DEAD]  # the rest of the deck stays
    finish_rescue(state)
    assert "take-president" not in state.legal_actions("p1")  # found once only
    sound(state.position)


def test_president_dead_drawn_runs_the_rescue_and_rules_out_the_team_escape() -> None:
    """§12, A-25: "Dead": nobody gets a President card, play goes on as if the President
    had been rescued (the rescue runs, condition (a) of the solo escape is met), and the
    team's escape is impossible; everyone sees it."""
    state = game(players=2, seed=3, dead_or_alive=True)
    table = state.table
    on_the_camp(state)
    president_deck_top(state, DEAD)
    hidden = len(hidden_landmarks(state))
    state.apply("p1", "take-president")
    assert table.president_dead and table.president_taken and table.helicopter_landed
    assert not any(c.kind == "president" for h in table.heroes.values() for c in h.supply)
    assert table.box["president"] == [DEAD]
    assert state.turn.stage == "rescue" and len(state.legal_actions("p1")) == hidden
    for seat in ("p2", SPECTATOR):
        assert state.view(seat)["table"]["president_dead"] is True
    finish_rescue(state)
    assert "take-president" not in state.legal_actions("p1")
    assert not team_escape_bridges(state.rules, table, "p1")
    sound(state.position)


def test_solo_escape_condition_a_holds_after_president_dead(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Condition (a) of §9.2 is the President rescued: with "Dead", as if he were (A-25).
    (Conditions (b) and (c) are set aside: level 3, objectives taken as met.)"""
    state = game(players=2, seed=3, dead_or_alive=True)
    table = state.table
    on_the_camp(state)
    president_deck_top(state, DEAD)
    for token in table.heroes["p1"].level_tokens:
        token.state = "removed"
    monkeypatch.setattr(holdings, "objective_met", lambda *_: True)
    assert not solo_escape_ready(state.rules, table, "p1")
    state.apply("p1", "take-president")
    assert solo_escape_ready(state.rules, table, "p1")


def test_the_bracelet_052_is_revealed_once_to_look_at_two_landmarks() -> None:
    state = game(players=2, seed=3)
    table = state.table
    slot = next(s for s in table.diplomat_slots if s.card == "bracelet")
    slot.card = None
    table.heroes["p1"].supply.append(SupplyCard("diplomat", "bracelet", False))
    index = len(table.heroes["p1"].supply) - 1
    assert f"reveal:{index}" in state.legal_actions("p1")
    state.apply("p1", f"reveal:{index}")
    assert state.turn.stage == "peek"
    state.apply("p1", state.legal_actions("p1")[0])
    state.apply("p1", state.legal_actions("p1")[0])
    assert len(table.heroes["p1"].seen_landmarks) == 2 and state.turn.stage == "recover"
    assert table.heroes["p1"].supply[index] == SupplyCard("diplomat", "bracelet", True)
    assert f"reveal:{index}" not in state.legal_actions("p1")  # once per game
    assert '"bracelet"' in json.dumps(state.view("p2"))  # face up: public
    sound(state.position)


def test_the_sgb_bracelet_takes_a_president_alive_out_before_the_rescue_only() -> None:
    state = game(players=2, seed=3, dead_or_alive=True)
    table = state.table
    slot = next(s for s in table.diplomat_slots if s.card == "bracelet_sgb")
    slot.card = None
    table.heroes["p1"].supply.append(SupplyCard("diplomat", "bracelet_sgb", False))
    index = len(table.heroes["p1"].supply) - 1
    table.president_taken = True  # a scene: after the rescue it can no longer be used
    assert f"reveal:{index}" not in state.legal_actions("p1")
    table.president_taken = False
    state.apply("p1", f"reveal:{index}")
    assert sorted(table.president_slot) == [ALIVE, DEAD]
    assert table.heroes["p1"].supply[index].face_up
    sound(state.position)


def test_two_removals_leave_only_president_dead() -> None:
    state = game(players=2, seed=3, dead_or_alive=True)
    table = state.table
    table.item_deck.remove("presidents_finger")
    table.heroes["p1"].supply.append(SupplyCard("item", "presidents_finger", False))
    state.apply("p1", f"use:{len(table.heroes['p1'].supply) - 1}")
    slot = next(s for s in table.diplomat_slots if s.card == "bracelet_sgb")
    slot.card = None
    table.heroes["p1"].supply.append(SupplyCard("diplomat", "bracelet_sgb", False))
    state.apply("p1", f"reveal:{len(table.heroes['p1'].supply) - 1}")
    assert table.president_slot == [DEAD]
    on_the_camp(state)
    state.apply("p1", "take-president")
    assert table.president_dead
    sound(state.position)
