"""Escape from New York: how the bots' games go, turn by turn, read from the true state
(for reading games, not for the bots): when the President is taken, when the Tape and a
Diagram reach the heroes, where the timer cards go (recoveries, noise, New York's cards,
the rescue's discards), and how each game ends.

    python scripts/efny_diagnose.py --players 2 --games 10 --bot heuristic
    python scripts/efny_diagnose.py --players 2 --games 100 --bot heuristic --summary

Game ``i`` is ``getaway simulate --seed SEED``'s game ``i`` (``game_seed``, ``bot_rng``),
as ``scripts/efny_levels.py`` plays it.
"""

from __future__ import annotations

import argparse
import statistics
from collections import Counter
from typing import Any

from getaway.ai import make_bot
from getaway.ai.spec import uncapped_spec
from getaway.games.escape_from_new_york.game import GAME, EscapeFromNewYorkState
from getaway.simulate import bot_rng, game_seed, whole_sides


def _holders(state: EscapeFromNewYorkState) -> dict[str, list[str]]:
    """Who holds the President, the Tape and each Diagram (the truth)."""
    diagrams = {i.id for i in state.rules.content.items.items if i.bridge is not None}
    found: dict[str, list[str]] = {"president": [], "tape": [], "diagram": []}
    for seat, hero in state.table.heroes.items():
        for card in hero.supply:
            if card.kind == "president":
                found["president"].append(seat)
            elif card.id == "tape":
                found["tape"].append(seat)
            elif card.id in diagrams:
                found["diagram"].append(f"{seat}:{card.id}")
    return found


def play(players: int, index: int, seed: int, bot: str, verbose: bool) -> dict[str, Any]:
    options = GAME.normalize_options({"players": players})
    game_seed_ = game_seed(seed, index)
    state = GAME.new_state(options, game_seed_)
    assert isinstance(state, EscapeFromNewYorkState)
    bots = {seat: make_bot(GAME, uncapped_spec(bot)) for seat in state.seats}
    rngs = {seat: bot_rng(game_seed_, seat) for seat in state.seats}
    turns = 0
    causes: Counter[str] = Counter()
    first: dict[str, int] = {}
    revealed = 0
    last_current = state.table.current
    while not state.is_over():
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        action = bots[seat].choose(GAME, seat, state.view(seat), legal, rngs[seat])
        table = state.table
        before_revealed = len(table.timer_revealed)
        before_discarded = len(table.timer_discarded)
        before_missions = table.missions_moved
        phase, step = table.phase, table.step
        state.apply(seat, action)
        table = state.table
        if table.current != last_current:
            turns += 1
            last_current = table.current
        new = len(table.timer_revealed) - before_revealed
        if new > 0:
            if action == "recover":
                cause = "recover"
            elif table.missions_moved < before_missions or before_missions == 4:
                cause = "noise"
            else:
                cause = f"{phase}{step}"
            causes[cause] += new
            revealed += new
        gone = len(table.timer_discarded) - before_discarded
        if gone > 0:
            causes["rescue"] += gone
        holders = _holders(state)
        for key in ("president", "tape", "diagram"):
            if holders[key] and key not in first:
                first[key] = turns
        if all(holders.values()) and "all" not in first:
            first["all"] = turns
            first["all_timer_left"] = len(table.timer_deck)
        if table.president_taken and "rescue" not in first:
            first["rescue"] = turns
        faceup = sum(
            1
            for cell, space in table.spaces.items()
            if space.tile is not None and space.face_up and cell in _landmark_cells(state)
        )
        if verbose and (new or gone):
            print(
                f"  turn {turns} {seat} {action}: timer +{new} revealed +{gone} discarded "
                f"({len(table.timer_deck)} left), landmarks up {faceup}, {holders}"
            )
    outcome = state.outcome()
    assert outcome is not None
    final = _holders(state)
    cells = {seat: hero.cell for seat, hero in state.table.heroes.items()}
    row = {
        "game": index,
        "reason": outcome.reason,
        # The team's win: every hero among the winners (one left behind loses, §9.1).
        "won": bool(whole_sides(GAME.sides(options), outcome.winners)),
        "turns": turns,
        "first": first,
        "timer": dict(causes),
        "final": final,
        "cells": cells,
        "recoveries": causes["recover"],
    }
    return row


_LANDMARKS: dict[int, frozenset[tuple[int, int]]] = {}


def _landmark_cells(state: EscapeFromNewYorkState) -> frozenset[tuple[int, int]]:
    key = id(state.rules)
    if key not in _LANDMARKS:
        board = state.rules.content.board
        _LANDMARKS[key] = frozenset((c.col, c.row) for c in board.cells if c.kind == "landmark")
    return _LANDMARKS[key]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--first", type=int, default=0)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--bot", default="heuristic")
    parser.add_argument("--summary", action="store_true", help="one line a game, then totals")
    args = parser.parse_args()
    rows = []
    for index in range(args.first, args.first + args.games):
        if not args.summary:
            print(f"game {index}:")
        row = play(args.players, index, args.seed, args.bot, verbose=not args.summary)
        rows.append(row)
        print(
            f"game {index}: {row['reason']} after {row['turns']} turns; first (turn): "
            f"{row['first']}; timer cards by cause {row['timer']}; at the end {row['final']}, "
            f"heroes on {row['cells']}"
        )
    wins = sum(r["won"] for r in rows)
    held = sum(all(r["final"][key] for key in ("president", "tape", "diagram")) for r in rows)
    print(f"team wins {wins}/{len(rows)}; the team held the President, the Tape and a Diagram")
    print(f"at the end of {held}/{len(rows)}")
    for key in ("rescue", "tape", "diagram"):
        got = [r["first"][key] for r in rows if key in r["first"]]
        mean = f"{statistics.mean(got):.1f}" if got else "-"
        print(f"{key}: reached in {len(got)}/{len(rows)} games, at turn {mean} on average")
    total: Counter[str] = Counter()
    for r in rows:
        total.update(r["timer"])
    print("timer cards per game by cause:", {k: round(v / len(rows), 2) for k, v in total.items()})


if __name__ == "__main__":
    main()
