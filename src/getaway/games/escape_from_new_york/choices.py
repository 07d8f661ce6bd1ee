"""What the numbers in the acting seat's choices name: the view's ``choices``.

Most action ids name what they act on: a card, a space, a seat, a bridge, a diplomat
token's number, a place in the hero's own supply (which that hero's view lists in order).
Four kinds name a figure or a route by its place in a list the rules make and the table does
not show: ``hit:I`` (figure I in range of the attack), ``deceive:I:C,R`` (figure I that may
be deceived), ``enemy:I`` (the enemy New York may move next) and ``route:J`` (route J of
the enemy chosen). The view of the seat to act carries those lists, so that a page or a
terminal can say "a prisoner on 5,3" rather than "target 1".

Everything listed is public: the figures stand on the map (§13.1), the damage dealt this
turn and the figures lying deceived are on the table (``marks``), and the routes follow
from the map, the barricades and the current hero's space alone (§8.5). A determinized
sample of the view therefore lists the same (``tests/escape_from_new_york/
test_determinizer.py`` compares whole views).
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from getaway.core import JSONDict
from getaway.games.escape_from_new_york import enemy_moves
from getaway.games.escape_from_new_york.hero_effects import attack_figures, deceive_targets
from getaway.games.escape_from_new_york.state import Enemy

if TYPE_CHECKING:
    from getaway.games.escape_from_new_york.game import EscapeFromNewYorkState

#: The action kinds whose first part is a place in one of the lists below.
NAMED_KINDS = ("hit", "deceive", "enemy", "route")


def named_choices(state: EscapeFromNewYorkState) -> JSONDict:
    """Per action kind of the stage at hand (``hit``, ``deceive``, ``enemy``, ``route``),
    what each of its numbers names, in the order the numbers count; empty at any other
    stage. ``route`` also says which enemy moves (``moving``)."""
    turn = state.turn
    stage = turn.stage
    if stage == "attack":
        figures = attack_figures(state)
        split = turn.split
        listed = _figures(figures)
        for index, figure in enumerate(listed):
            figure["assigned"] = split[index] if index < len(split) else 0
        return {"hit": listed}
    if stage == "deceive":
        return {"deceive": _figures(deceive_targets(state))}
    if stage == "enemies" and turn.enemies is not None:
        rules, table = state.rules, state.table
        if turn.chosen_enemy is None:
            return {"enemy": _figures(enemy_moves.next_enemies(rules, table, turn.enemies))}
        routes = enemy_moves.enemy_routes(rules, table, turn.chosen_enemy)
        return {
            "moving": _figures([turn.chosen_enemy])[0],
            "route": [
                {
                    "cells": [list(cell) for cell in route.cells],
                    "carry": None if route.carry is None else list(route.carry),
                    "ram": route.ram,
                }
                for route in routes
            ],
        }
    return {}


def _figures(enemies: list[Enemy]) -> list[JSONDict]:
    """Each figure as the table shows it, with ``number`` of ``alike``: its place among the
    figures of the list that look the same (same kind, boss and space), so that two
    prisoners on one space are told apart ("prisoner 2 of 2 on 5,3")."""

    def look(enemy: Enemy) -> tuple[object, ...]:
        return (enemy.kind, enemy.boss, enemy.cell)

    alike = Counter(look(enemy) for enemy in enemies)
    seen: Counter[tuple[object, ...]] = Counter()
    listed = []
    for enemy in enemies:
        seen[look(enemy)] += 1
        listed.append(
            {
                "kind": enemy.kind,
                "boss": enemy.boss,
                "cell": list(enemy.cell),
                "wound": enemy.wound,
                "deceived": enemy.deceived,
                "number": seen[look(enemy)],
                "alike": alike[look(enemy)],
            }
        )
    return listed
