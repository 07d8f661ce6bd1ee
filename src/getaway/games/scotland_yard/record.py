"""Checks that a loaded travel log and public record are a history the rules could have
written (``saves.py`` runs them on every load, so a determinizer or a hand-edited file never
yields a game that could not have happened).

The travel log: a path of rides from the start station, one entry per turn (two for a double
move), surfacing exactly where the reveal rule says, never longer than ``log_fields``.

The hunters' history (decision C13). ``hunters_at_entry[k]`` holds where the hunters stood
when entry ``k + 1`` was written; ``searched[j]`` the stations hunters stepped onto, without
a capture, while the log had ``j`` entries; ``moved`` the pieces that moved in the current (in
Mr. X's turn: the last) detectives' phase. The rules imply:

* every ``hunters_at_entry[k]`` lists one station per hunter, and Mr. X's entry is not one of
  them (he never rides onto a hunter);
* both entries of a double move have the same hunters (nobody moves between its legs);
* hunters move only in a detectives' phase, so ``searched[j]`` is empty unless ``j`` is the
  log's length at the end of a turn (``searched[0]`` is always empty);
* from one turn to the next, each hunter moved at most one ride: the stations of the next
  turn are those not stepped onto (where they stood at the earlier turn) plus the stations
  stepped onto, ``searched``, each reached by one ride from a station left;
* the last turn's hunters lead the same way to the hunters' stations now: the pieces that have
  not moved stand where they stood, the moved ones stand on ``searched[n]`` (the captor on
  Mr. X, after a capture), one ride from the stations they left.

Stations are anonymous in the record, so "one ride from a station left" is a matching between
the stations left and the stations reached (Kuhn's augmenting paths: a handful of pieces).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from getaway.core import SaveFileError
from getaway.games.scotland_yard.board import TICKETS, stations_of

if TYPE_CHECKING:
    from getaway.games.scotland_yard.state import ScotlandYardState


def check_record(s: ScotlandYardState) -> None:
    """Raise :class:`SaveFileError`, naming the field, unless the log and the public record
    are a history the rules allow."""
    turn_ends = _check_log(s)
    _check_hunters(s, turn_ends)


def _fail(what: str) -> SaveFileError:
    return SaveFileError(f"save file: {what}")


def _check_log(s: ScotlandYardState) -> list[int]:
    """The travel log's checks; returns the log's length at the end of each turn."""
    from getaway.games.scotland_yard.state import PHASE_HUNTERS, PHASE_MRX, PHASES

    rules = s.rules
    previous = s.start
    for k, (t, v) in enumerate(zip(s.log_ticket, s.log_station, strict=True), start=1):
        if not rules.board.ticket_mask[t][previous] >> v & 1:
            raise _fail(f"log entry {k} ({TICKETS[t]} to {v}) is not one ride from {previous}")
        previous = v
    # Each turn writes one entry, or two (flagged double) for a double move.
    turn_ends: list[int] = []
    k = 0
    while k < len(s.log_double):
        if s.log_double[k]:
            if k + 1 >= len(s.log_double) or not s.log_double[k + 1]:
                raise _fail(f"log entry {k + 1} is half of a double move")
            k += 2
        else:
            k += 1
        turn_ends.append(k)
    played = len(turn_ends)
    expected = {PHASE_MRX: (s.round - 1,), PHASE_HUNTERS: (s.round,)}.get(
        s.phase, (s.round - 1, s.round)
    )
    if played not in expected:
        raise _fail(
            f"round {s.round} ({PHASES[s.phase]}) does not fit a travel log of {played} turns"
        )
    if s.phase == PHASE_MRX and len(s.log_ticket) >= rules.log_fields:
        raise _fail(
            f"the travel log's {rules.log_fields} fields ('log_fields') are used, so the game "
            "would have ended; it cannot be Mr. X's turn"
        )
    turn_of_entry: list[int] = []
    for t, end in enumerate(turn_ends, start=1):
        turn_of_entry += [t] * (end - len(turn_of_entry))
    for k, revealed in enumerate(s.log_revealed, start=1):
        if rules.reveal_by_round:
            turn = turn_of_entry[k - 1]
            should = k == turn_ends[turn - 1] and turn in rules.reveal_at
        else:
            should = k in rules.reveal_at
        if revealed != should:
            raise _fail(
                f"log entry {k} is {'' if revealed else 'not '}marked revealed, against the "
                "reveal rule"
            )
    return turn_ends


def _check_hunters(s: ScotlandYardState, turn_ends: list[int]) -> None:
    from getaway.games.scotland_yard.state import END_CAPTURE

    rules = s.rules
    board = rules.board
    hunters = len(rules.pieces)
    n = len(s.log_ticket)
    for k, at in enumerate(s.occupied_at):
        if at.bit_count() != hunters:
            raise _fail(
                f"'hunters_at_entry[{k}]' lists {at.bit_count()} distinct stations; there are "
                f"{hunters} hunters"
            )
        if at >> s.log_station[k] & 1:
            raise _fail(
                f"log entry {k + 1} rides onto station {s.log_station[k]}, where a hunter stood "
                f"('hunters_at_entry[{k}]')"
            )
    starts = {0, *(end for end in turn_ends[:-1])}
    for k in range(n):
        if k not in starts and s.occupied_at[k] != s.occupied_at[k - 1]:
            raise _fail(
                f"'hunters_at_entry[{k}]' differs from 'hunters_at_entry[{k - 1}]', but nobody "
                "moves between the legs of a double move"
            )
    ends = set(turn_ends)
    for j, stepped in enumerate(s.searched):
        if stepped and j not in ends:
            raise _fail(
                f"'searched[{j}]' is {stations_of(stepped)}, but no hunter moves while the log "
                f"has {j} entries (only after a turn of Mr. X's)"
            )
    for before in turn_ends[:-1]:
        left, reached = s.occupied_at[before - 1], s.searched[before]
        now = s.occupied_at[before]
        where = f"'hunters_at_entry[{before}]'"
        if reached & ~now:
            raise _fail(
                f"{where} lacks stations of 'searched[{before}]' (hunters stay where they "
                "stepped until the next turn)"
            )
        _check_phase(board.hunter_mask, left, now & ~reached, reached, where, before)
    # The last turn's hunters and the hunters now.
    moved = [h for h in rules.hunter_indices if s.moved >> h & 1]
    stayed = [s.pos[h] for h in rules.hunter_indices if not s.moved >> h & 1]
    reached_now = sum(1 << s.pos[h] for h in moved)
    if s.end_reason == END_CAPTURE:
        reached_now &= ~(1 << s.pos[0])  # the captor's station is no search
    if n == 0:
        if s.moved or s.searched[0]:
            raise _fail("no hunter moves before Mr. X's first entry ('moved', 'searched[0]')")
        return
    if reached_now != s.searched[n]:
        raise _fail(
            f"'searched[{n}]' is {stations_of(s.searched[n])}, but the pieces of 'moved' stand "
            f"on {stations_of(reached_now)}"
        )
    _check_phase(
        board.hunter_mask,
        s.occupied_at[n - 1],
        sum(1 << v for v in stayed),
        sum(1 << s.pos[h] for h in moved),
        "the hunters' stations ('hunters', 'moved')",
        n,
    )


def _check_phase(
    rides: tuple[int, ...] | list[int], left: int, stayed: int, reached: int, where: str, j: int
) -> None:
    """One detectives' phase: from the stations ``left`` (hunters at the turn before), the
    hunters that stayed are on ``stayed`` and the others moved one ride each onto
    ``reached``."""
    if stayed & ~left:
        raise _fail(
            f"{where}: stations {stations_of(stayed & ~left)} were neither held at "
            f"'hunters_at_entry[{j - 1}]' nor stepped onto"
        )
    origins = stations_of(left & ~stayed)
    targets = stations_of(reached)
    if len(origins) != len(targets) or not _matched(rides, origins, targets):
        raise _fail(
            f"{where}: the hunters that left {origins} cannot each have ridden once onto "
            f"{targets} ('hunters_at_entry[{j - 1}]', 'searched[{j}]')"
        )


def _matched(rides: tuple[int, ...] | list[int], origins: list[int], targets: list[int]) -> bool:
    """Whether each origin can be paired with its own target one ride away (a perfect
    matching, by augmenting paths)."""
    partner: dict[int, int] = {}

    def place(origin: int, tried: set[int]) -> bool:
        for target in targets:
            if rides[origin] >> target & 1 and target not in tried:
                tried.add(target)
                if target not in partner or place(partner[target], tried):
                    partner[target] = origin
                    return True
        return False

    return all(place(origin, set()) for origin in origins)
