"""Positions for the Sandra and Costa tests (no tests here): seeded games played at random
to the Player Actions phase, and small ways to arrange their decks and the city."""

from __future__ import annotations

from functools import cache
from unittest.mock import patch

from getaway.games.escape_plan import phases
from getaway.games.escape_plan.automata_cards import card_node
from getaway.games.escape_plan.game import EscapePlanState
from getaway.games.escape_plan.state import Table
from tests.escape_plan.play import new_game, play_until

SEED = 3
HOSPITAL = "START_H.hospital"


@cache
def _at_actions(players: int, day: int, seed: int) -> EscapePlanState:
    """Played with Sandra's and Costa's turns left out, so that their decks, cubes and
    piles are as set up and each test arranges what its rule needs (their turns in a whole
    game are tested in test_turns_playout.py)."""
    state = new_game(players, seed=seed)
    with patch.object(phases, "automaton_turn", lambda *_: None):
        return play_until(state, lambda s: s.table.day == day and s.table.phase == "ACTIONS")


def at_actions(players: int, day: int = 3, seed: int = SEED) -> EscapePlanState:
    """A fresh copy of the seeded game at the start of Day ``day``'s Player Actions, the
    players moved to the Hospital (where no card sends an automaton) so that nobody stands
    where a test sends Sandra or Costa unless the test puts them there."""
    state = _at_actions(players, day, seed).clone()
    for player in state.table.players.values():
        player.location = HOSPITAL
    return state


def node(table: Table, card: str) -> str:
    found = card_node(table, card)
    assert found is not None, f"{card} is not in the city"
    return found


def cards_in_city(table: Table, cards: list[str]) -> list[str]:
    return [card for card in cards if card_node(table, card) is not None]


def distance(table: Table, node_a: str, node_b: str) -> int:
    return table.city.distance(table.city.tile_of(node_a), table.city.tile_of(node_b))


def open_exit(table: Table) -> int:
    """An Exit still open at this point of the seeded game (the Patrol draws are random)."""
    opened = [number for number in sorted(table.patrol_spaces) if table.exit_open(number)]
    assert opened, "the seeded game has an open Exit"
    return opened[0]


def closed_exit(table: Table) -> int:
    """An Exit closed by two Patrol cards at this point of the seeded game."""
    closed = [number for number in sorted(table.patrol_spaces) if not table.exit_open(number)]
    assert closed, "the seeded game has a closed Exit"
    return closed[0]
