"""Phase 7 of Cash 'n Guns (1st edition): splitting the pot among the players still standing.

Spec: ``shared/rules/cash-n-guns.md``, section 4.1, with readings AMB-4 and AMB-5.

The rule in the game's terms: the players who are still standing at the end of the shooting share
the pot in *exactly* equal shares, using only the banknotes that lie in the middle of the table.
There is no change, neither from a bank nor from money won earlier, so a $20,000 note can never be
broken. Each participant therefore gets the largest amount ``X`` for which the pot holds one
disjoint group of notes worth exactly ``X`` per participant. Notes that are not handed out stay in
the pot for the next round. When several groupings reach the same ``X``, larger notes are handed
out first: as many $20,000 notes as possible, then as many $10,000 notes as possible.

Internally the amounts are counted in units of $5,000, so the notes are worth 4, 2 and 1 units.
Because 5k / 10k / 20k form a divisibility chain, the spec's greedy is exact: try ``X`` from the
largest conceivable share downwards, and for each participant in turn take as many 20k notes as
fit, then as many 10k notes, then make up the rest with 5k notes. The tests check this against an
exhaustive search for every pot the 40-note deck can produce.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING

from getaway.games.cash_n_guns.cards import STANDING

if TYPE_CHECKING:
    from getaway.games.cash_n_guns.state import CashNGunsState

NOTE_VALUES = (20_000, 10_000, 5_000)
"""The banknote denominations of the loot deck, in dollars, largest first."""

_UNIT = 5_000
"""Dollars per counting unit: a 20k note is 4 units, a 10k note 2 units, a 5k note 1 unit."""


@dataclass(frozen=True)
class Split:
    """The outcome of one Phase-7 split.

    ``share`` is what each participant receives, in dollars; 0 when the pot cannot be split (or
    nobody takes part), in which case nobody receives anything. ``groups`` holds one tuple of note
    values (dollars, largest first) per participant, each summing to ``share``; it is empty when
    ``share`` is 0. The groups are listed in the order the greedy deals them (the first group holds
    the most large notes); since all shares are equal it does not matter which participant gets
    which group. ``leftover`` lists the notes (dollars, largest first) that stay in the pot for
    the next round.
    """

    share: int
    groups: tuple[tuple[int, ...], ...]
    leftover: tuple[int, ...]


def _notes(a20: int, b10: int, c5: int) -> tuple[int, ...]:
    """The note values, largest first, for the given counts of 20k, 10k and 5k notes."""
    return (20_000,) * a20 + (10_000,) * b10 + (5_000,) * c5


@lru_cache(maxsize=1 << 16)
def _split_counts(a20: int, b10: int, c5: int, participants: int) -> Split:
    """The split of a pot given by its note counts among ``participants`` players (>= 0)."""
    if participants == 0:
        return Split(0, (), _notes(a20, b10, c5))
    total = 4 * a20 + 2 * b10 + c5
    for share in range(total // participants, 0, -1):
        ra, rb, rc = a20, b10, c5
        groups: list[tuple[int, int, int]] = []
        for _ in range(participants):
            rem = share
            i = min(ra, rem // 4)
            rem -= 4 * i
            j = min(rb, rem // 2)
            rem -= 2 * j
            if rem > rc:
                break
            ra -= i
            rb -= j
            rc -= rem
            groups.append((i, j, rem))
        else:
            return Split(
                share * _UNIT,
                tuple(_notes(i, j, k) for i, j, k in groups),
                _notes(ra, rb, rc),
            )
    return Split(0, (), _notes(a20, b10, c5))


def split_pot(pot: Sequence[int], participants: int) -> Split:
    """Split the pot among the players still standing at Phase 7.

    ``pot`` is the notes lying in the middle of the table, as dollar values in any order (each one
    of 20_000, 10_000 or 5_000). ``participants`` is the number of players who share it: living
    players still standing, plus a player who used "Doesn't Even Hurt!" (#10).

    Each participant gets the largest equal share the pot's notes can make up exactly, without
    change; larger notes are handed out first when there is a choice. With no participants nobody
    gets anything and the whole pot stays; a single participant takes the whole pot. If no equal
    share is possible at all (for example 5 players and a pot of 20k, 10k, 10k, 5k, 5k), nobody
    gets anything and the whole pot stays.

    Raises ``ValueError`` for a note that is not a banknote of the game or a negative number of
    participants.
    """
    if participants < 0:
        raise ValueError(f"the number of participants cannot be negative, got {participants}")
    a20 = pot.count(20_000)
    b10 = pot.count(10_000)
    c5 = pot.count(5_000)
    if a20 + b10 + c5 != len(pot):
        bad = sorted({note for note in pot if note not in NOTE_VALUES}, key=repr)
        raise ValueError(f"the pot may only hold banknotes of {NOTE_VALUES} dollars; found {bad}")
    return _split_counts(a20, b10, c5, participants)


def share_the_pot(s: CashNGunsState) -> None:
    """Phase 7 at the table: the living players still standing (and a #10 user, already
    counted) share the pot by :func:`split_pot`; shares are dealt in seat order from the
    Godfather, and what cannot be shared stays in the pot."""
    n = s.rules.players
    status = s.status
    participants = s.participants
    for i in range(n):
        if s.alive >> i & 1 and status[i] == STANDING:
            participants |= 1 << i
    s.participants = participants
    order = [(s.godfather + j) % n for j in range(n) if participants >> ((s.godfather + j) % n) & 1]
    result = split_pot(s.pot, len(order))
    shares = []
    if result.share:
        for i, notes in zip(order, result.groups, strict=True):
            s.money[i] += result.share
            shares.append((i, notes))
    s.pot = list(result.leftover)
    s.log.append(("split", s.round, result.share, tuple(shares), result.leftover))
