"""What both sides' heuristics share: choosing the best-scoring action, and reading hunters'
reach, distances and surfacing entries from a view."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from getaway.core import Rng
from getaway.games.scotland_yard.board import Board

#: Scores within this of the best tie; the rng picks among them.
TIE = 1e-9


def best_action(legal: Sequence[str], score: Callable[[str], float], rng: Rng) -> str:
    """The highest-scoring action; ties are broken by ``rng`` so play stays varied but
    reproducible."""
    scores = [score(a) for a in legal]
    top = max(scores)
    tied = [a for a, s in zip(legal, scores, strict=True) if s >= top - TIE]
    return tied[0] if len(tied) == 1 else rng.choice(tied)


def hunter_reach(board: Board, station: int, tickets: Mapping[str, int] | None) -> int:
    """Stations a hunter can ride to in one move: police (``tickets`` None) ride every line,
    a detective only lines he still holds tickets for. Occupied stations are not removed."""
    if tickets is None:
        return board.hunter_mask[station]
    reach = 0
    for t, name in enumerate(("taxi", "bus", "underground")):
        if tickets[name] > 0:
            reach |= board.nbr_mask[t][station]
    return reach


def nearest_of(rows: Sequence[bytes]) -> bytes:
    """The element-wise minimum of distance rows: per station, the nearest one's distance."""
    return bytes(map(min, *rows)) if len(rows) > 1 else bytes(rows[0])


def is_reveal_entry(options: Mapping[str, Any], entry: int, round_: int, last: bool) -> bool:
    """Whether travel-log entry ``entry``, written in ``round_``, surfaces Mr. X (``last``:
    it is the last entry of his turn, which is what the round-based reading reveals)."""
    if options["reveal_rule"] == "rounds":
        return last and round_ in options["reveal_at"]
    return entry in options["reveal_at"]
