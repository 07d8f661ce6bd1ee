"""What the detectives can know about Mr. X: his possible locations, computed exactly from
public information only (spec section 12).

The public record is: the stations Mr. X may have started on, each travel-log ticket, the
stations of surfacing entries, where the hunters stood when each entry was written (he cannot
move onto a hunter), and the stations hunters stepped onto without a capture (he is not there).
From it, ``possible_sets`` gives for every log length k the set F_k of stations where Mr. X
could have stood after entry k; F_n is where he can be now.
"""

from __future__ import annotations

from collections.abc import Sequence

from getaway.core import Rng
from getaway.games.scotland_yard.board import Board, stations_of


def expand(mask: int, ticket_mask: Sequence[int]) -> int:
    """Every station one ride (of the table's kind) away from a station in ``mask``."""
    out = 0
    while mask:
        low = mask & -mask
        out |= ticket_mask[low.bit_length() - 1]
        mask ^= low
    return out


def possible_sets(
    board: Board,
    start: int,
    tickets: Sequence[int],
    revealed: Sequence[int],
    occupied: Sequence[int],
    searched: Sequence[int],
) -> list[int]:
    """F_0..F_n as bitmasks.

    ``tickets[k-1]``, ``revealed[k-1]`` (station or 0) and ``occupied[k-1]`` (hunters' stations)
    describe entry k; ``searched[k]`` holds the stations hunters stepped onto while the log had
    k entries.
    """
    settled, fresh = settle(board, start, tickets, revealed, occupied, searched, ())
    return [*settled, fresh & ~searched[len(tickets)]]


def settle(
    board: Board,
    start: int,
    tickets: Sequence[int],
    revealed: Sequence[int],
    occupied: Sequence[int],
    searched: Sequence[int],
    known: tuple[int, ...],
) -> tuple[tuple[int, ...], int]:
    """The part of ``possible_sets`` that no later move changes: F_0..F_{n-1} (hunters can
    search only while the log has n entries), and F_n before this phase's searches are
    removed, so that F_n = ``fresh & ~searched[n]``. ``known``, a prefix F_0..F_{k-1} settled
    earlier (k <= n), is reused rather than computed again."""
    k = len(known)
    fresh = start if k == 0 else _after_entry(board, known[-1], k, tickets, revealed, occupied)
    sets = list(known)
    for j in range(k, len(tickets)):
        current = fresh & ~searched[j]
        sets.append(current)
        fresh = _after_entry(board, current, j + 1, tickets, revealed, occupied)
    return tuple(sets), fresh


def _after_entry(
    board: Board,
    previous: int,
    k: int,
    tickets: Sequence[int],
    revealed: Sequence[int],
    occupied: Sequence[int],
) -> int:
    """Where Mr. X may be just after entry k, from F_{k-1}: the surfacing station, or one
    ride of the logged ticket from F_{k-1}, never onto a hunter."""
    station = revealed[k - 1]
    if station:
        return 1 << station
    return expand(previous, board.ticket_mask[tickets[k - 1]]) & ~occupied[k - 1]


def can_move_from(
    board: Board, mask: int, occupied: int, black: int, supply: Sequence[int], unlimited: bool
) -> int:
    """The stations of ``mask`` from which Mr. X has a legal move now.

    Once his turn has begun and the game did not end (D2), everyone knows he can move, so the
    stations from which he could not are not possible locations.
    """
    free_ticket_kinds = [t for t in range(3) if unlimited or supply[t] > 0]
    out = 0
    rest = mask
    while rest:
        low = rest & -rest
        s = low.bit_length() - 1
        rest ^= low
        if (black > 0 and board.black_mask[s] & ~occupied) or any(
            board.nbr_mask[t][s] & ~occupied for t in free_ticket_kinds
        ):
            out |= low
    return out


def sample_path(
    board: Board, sets: Sequence[int], tickets: Sequence[int], rng: Rng
) -> list[int] | None:
    """A path x_0..x_n of Mr. X consistent with the public record, drawn backwards: x_n
    uniformly from F_n, then each x_{k-1} uniformly among the stations of F_{k-1} from which
    ticket k reaches x_k. ``None`` if the record is inconsistent (no possible location)."""
    last = stations_of(sets[-1])
    if not last:
        return None
    return sample_path_to(board, sets, tickets, rng.choice(last), rng)


def sample_path_to(
    board: Board, sets: Sequence[int], tickets: Sequence[int], last: int, rng: Rng
) -> list[int] | None:
    """A path x_0..x_n ending on ``last`` (a station of F_n), each earlier station drawn
    uniformly as in ``sample_path``. ``None`` if the record is inconsistent."""
    path = [last]
    for k in range(len(tickets), 0, -1):
        # Lines are undirected, so the stations from which a ride reaches x are x's neighbours.
        preds = stations_of(sets[k - 1] & board.ticket_mask[tickets[k - 1]][path[-1]])
        if not preds:
            return None
        path.append(rng.choice(preds))
    path.reverse()
    return path
