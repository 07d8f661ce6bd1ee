"""Seeded property test: many Sandra and Costa turns and notoriety updates, from random
positions reached by play, keep the engine invariants of spec §21.7 and the automata's own
(decks only shrink, a played card never returns, Costa always escapes by the end of Day 3);
the same generator gives the same result, and the table survives a JSON round trip."""

from __future__ import annotations

from collections import Counter

import pytest

from getaway.core.rng import Rng, derive_seed
from getaway.games.escape_plan import invariants
from getaway.games.escape_plan.automata import automaton_notoriety, automaton_turn
from getaway.games.escape_plan.game import EscapePlanState
from getaway.games.escape_plan.options import COSTA, SANDRA
from getaway.games.escape_plan.state import OPTIONAL_PARTS, PARTS, Table
from tests.escape_plan.play import new_game, random_step

GAMES = 25


def _problems(state: EscapePlanState, table: Table) -> list[str]:
    found = invariants.problems(state.rules, table)
    for name, bot in table.automata.items():
        deck = state.rules.content.inspector_deck if name == SANDRA else None
        deck = deck or state.rules.content.lieutenant_deck
        allowed = Counter(card.location for card in deck.cards)
        if Counter(bot.deck) - allowed:
            found.append(f"{name}'s deck holds cards not in it: {bot.deck}")
        if not 0 <= bot.noto_up + bot.noto_down <= 4 or min(bot.noto_up, bot.noto_down) < 0:
            found.append(f"{name} has cubes {bot.noto_up} up, {bot.noto_down} down")
        if sum(len(pile) for pile in bot.piles) > 0 and name == SANDRA:
            found.append("Sandra keeps tiles")
    return found


def _run_day(state: EscapePlanState, rng: Rng, seed: int) -> Table:
    """Every remaining part of the day for the automata alone, as the engine will run them:
    each takes its turn in turn order, then each marker is updated."""
    table = state.table.clone()
    start = PARTS.index(table.part)
    played: dict[str, set[str]] = {name: set() for name in table.automata}
    for part in PARTS[start:]:
        table.part = part
        table.disc_owners = [
            name for name, bot in table.automata.items() if bot.discs and part in OPTIONAL_PARTS
        ]
        for name in [p for p in table.turn_order if p in table.automata]:
            before = list(table.automata[name].deck)
            turn = automaton_turn(state.rules, table, rng, name)
            after = table.automata[name].deck
            assert len(after) <= len(before), f"seed {seed}: {name}'s deck grew"
            if turn is not None and turn.card is not None and not turn.idle:
                played[name].add(turn.card)
            assert not played[name] & set(after), f"seed {seed}: a played card came back"
            problems = _problems(state, table)
            assert not problems, f"seed {seed}, {part}, {name}: {problems}"
        for name in [p for p in table.turn_order if p in table.automata]:
            automaton_notoriety(state.rules, table, name)
            problems = _problems(state, table)
            assert not problems, f"seed {seed}, {part} notoriety, {name}: {problems}"
    return table


@pytest.mark.parametrize("players", [1, 2])
def test_automaton_turns_from_random_positions_keep_the_invariants(players: int) -> None:
    for game in range(GAMES):
        seed = derive_seed(players, game, "automata")
        state = new_game(players, seed=seed)
        rng = Rng(seed)
        days_tried: set[tuple[int, str]] = set()
        while not state.is_over():
            table = state.table
            key = (table.day, table.part)
            if table.phase == "ACTIONS" and key not in days_tried and rng.below(3) == 0:
                days_tried.add(key)
                after = _run_day(state, rng.clone(), seed)
                again = _run_day(state, rng.clone(), seed)
                assert again.to_json() == after.to_json(), f"seed {seed}: not deterministic"
                saved = after.to_json()
                assert Table.from_json(state.rules, saved).to_json() == saved
                if players == 1 and table.day == 3:
                    assert after.automata[COSTA].status == "escaped", f"seed {seed}"
                    assert COSTA in after.escaped
            random_step(state, rng)
