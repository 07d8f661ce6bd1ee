"""The end of the game on the table (spec §14, §16.6): each player's final board as
``scoring.py`` takes it, the result with its tie-breakers, and the returns by final place.

Returns are in [-1, 1] by place: the winners +1 (co-winners too), the escapees behind them
spread evenly down to the last place, tied escapees sharing the mean of their places; a
player who did not escape cannot win and scores nothing: -1 (§13.3, §14). Solo: +1 for a
win over Costa, else -1 (§16.5).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from getaway.games.escape_plan.escape import Fate
from getaway.games.escape_plan.options import COSTA, Rules
from getaway.games.escape_plan.scoring import (
    CostaSheet,
    FinalBoard,
    Result,
    costa_sheet,
    final_result,
    rank_key,
    solo_won,
)
from getaway.games.escape_plan.state import Table


def visited(table: Table, owner: str) -> tuple[str, ...]:
    """The Businesses and Safe Houses holding ``owner``'s cube, as ``scoring.py`` names them."""
    found = [f"business:{b}" for b, house in table.businesses.items() if _holds(house.cubes, owner)]
    found += [
        f"safe_house:{n}" for n, house in table.safe_houses.items() if _holds(house.cubes, owner)
    ]
    return tuple(found)


def _holds(cubes: list[tuple[str, str]], owner: str) -> bool:
    return any(who == owner for who, _ in cubes)


def final_board(table: Table, seat: str) -> FinalBoard:
    player = table.players[seat]
    pieces = [piece for piece in (*player.items, *player.contacts) if piece is not None]
    return FinalBoard(
        plan=player.escape_plan,
        visited=visited(table, seat),
        cash=player.cash,
        used_assets=sum(1 for held in player.unlocked if held is not None and held.used),
        contact_cards=sum(1 for piece in pieces if piece.kind == "contact"),
        handcuffs=player.handcuffs,
        # Locker and Exit tiles are named "<stack>:<value>" (state.Piece).
        bags=tuple(int(p.id.rsplit(":", 1)[1]) for p in pieces if p.kind in ("locker", "exit")),
        notoriety=player.notoriety,
        red_wounds=player.wounds_red,
    )


def fates(rules: Rules, table: Table) -> dict[str, Fate]:
    named = {"city": Fate.IN_CITY, "escaped": Fate.ESCAPED, "arrested": Fate.ARRESTED}
    return {seat: named[table.players[seat].status] for seat in rules.seats}


@dataclass(frozen=True, slots=True)
class Ending:
    """The scored end: the multi-player result (the solo player's sheet too), Costa's sheet
    in solo, the winners and the returns."""

    result: Result
    costa: CostaSheet | None
    winners: tuple[str, ...]
    returns: dict[str, float]


def costa_score(rules: Rules, table: Table) -> CostaSheet:
    """Costa's score (§16.6) from what he holds. (His turns, §16, are not played yet: he
    visits nothing and holds nothing.)"""
    costa = table.automata[COSTA]
    assert costa.escape_plan is not None
    return costa_sheet(
        rules.content,
        costa.escape_plan,
        visited(table, COSTA),
        len(costa.contacts),
        [],
        costa.notoriety,
    )


def ending(rules: Rules, table: Table) -> Ending:
    boards = {seat: final_board(table, seat) for seat in rules.seats}
    result = final_result(rules.content, boards, fates(rules, table))
    if rules.mode == "SOLO":
        seat = rules.seats[0]
        costa = costa_score(rules, table)
        won = solo_won(result.sheets.get(seat), costa)
        return Ending(result, costa, (seat,) if won else (), {seat: 1.0 if won else -1.0})
    keys = {seat: rank_key(sheet, boards[seat]) for seat, sheet in result.sheets.items()}
    return Ending(result, None, result.winners, place_returns(rules.seats, keys))


def place_returns(seats: tuple[str, ...], keys: Mapping[str, tuple[int, ...]]) -> dict[str, float]:
    """+1 for the first place (every co-winner: they share the victory) down to -1 for the
    last, in even steps; other seats with equal keys share the mean of their places; seats
    without a key (not escaped) get -1. Needs 2 seats or more."""
    returns = dict.fromkeys(seats, -1.0)
    last = len(seats) - 1
    ranked = sorted(keys, key=lambda seat: keys[seat], reverse=True)
    place = 0
    while place < len(ranked):
        tied = [seat for seat in ranked if keys[seat] == keys[ranked[place]]]
        mean = 0.0 if place == 0 else place + (len(tied) - 1) / 2
        for seat in tied:
            returns[seat] = 1.0 - 2.0 * mean / last
        place += len(tied)
    return returns
