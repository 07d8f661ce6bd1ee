"""How plainly the detectives have chased so far this game, read from Mr. X's view.

``mixed-model`` has Mr. X's playouts draw the detectives' style per playout from a fixed mix:
our heuristic (which spreads its hunters over the possible set) or a plain chase (every
piece rides nearer to the nearest possible station). ``read-style`` replaces the fixed mix
by a posterior over those styles and random moves, given the detectives' moves of this
game: a Mr. X facing detectives who close in less than either style (a search that spreads
out, a beginner) forecasts more random moves, one facing plain chasers more chases.

The evidence is one number per detective turn: how many pieces closed in on the possible
set the detectives knew (F_k, the public possible set after entry k) when they moved. The
travel log's record holds the hunters' stations at each entry as a set, not piece by piece,
so a turn's count is the drop of the summed distances (each piece's fewest rides to the
nearest station of F_k), clipped to 0..pieces: a piece that closes in lowers the sum by one,
one that holds back or spreads out does not. Under each style a piece closes in with its own
chance (``CLOSE_CHANCE``), independently, so the likelihood of a game's turns is binomial.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any

from getaway.games.scotland_yard.board import TICKET_CODES, mask_of, stations_of
from getaway.games.scotland_yard.knowledge import possible_sets
from getaway.games.scotland_yard.options import normalize, rules_for

MODEL_HEURISTIC, MODEL_CHASE = 0, 1

#: The chance that a piece closes in on the possible set on a turn under each style of
#: ``mixed-model``: the heuristic, a plain chase, random moves (measured with the heuristic
#: Mr. X in 6-player games, docs/ai.md: 0.47, 0.53 and 0.12; our ``nw`` search closes
#: 0.20 of the time).
CLOSE_CHANCE: tuple[float, float, float] = (0.47, 0.53, 0.12)


def closing_counts(view: Mapping[str, Any]) -> tuple[int, int]:
    """(pieces that closed in, pieces that moved), summed over the detectives' turns this
    game, from Mr. X's ``view`` (which shows his whole path)."""
    log = view["mrx_log"]
    if not log:
        return 0, 0
    rules = rules_for(normalize(view["options"]))
    board = rules.board
    record = view["public_record"]
    at_entry = [list(h) for h in record["hunters_at_entry"]]
    sets = possible_sets(
        board,
        mask_of(record["start_candidates"]),
        [TICKET_CODES[e["ticket"]] for e in log],
        [e["station"] if e["revealed"] else 0 for e in log],
        [mask_of(h) for h in at_entry],
        [mask_of(s) for s in record["searched"]],
    )
    # The hunters' stations after each detective turn: at the next entry, and now when
    # they have all moved since the last entry (his turn).
    after = at_entry[1:]
    if view["phase"] == "mrx":
        after.append(sorted(h["station"] for h in view["hunters"]))
    distance = board.hunter_distance
    closed = moved = 0
    for k, new in enumerate(after, start=1):
        old = at_entry[k - 1]
        if sorted(new) == sorted(old):  # a double move's first leg: nobody moved
            continue
        target = stations_of(sets[k])
        if not target:
            continue
        before = sum(min(distance[h][p] for p in target) for h in old)
        later = sum(min(distance[h][p] for p in target) for h in new)
        closed += max(0, min(len(old), before - later))
        moved += len(old)
    return closed, moved


def style_posterior(
    view: Mapping[str, Any],
    prior: Sequence[float],
    chances: Sequence[float] = CLOSE_CHANCE,
    floor: float = 0.1,
) -> tuple[float, ...]:
    """The chances of the styles (heuristic, chase, random) after this game's detective
    turns: ``prior`` times the binomial likelihood of the closing counts of ``view``, with
    the heuristic and the chase kept at ``floor`` at least each, so a few turns never rule
    out the two styles that catch him."""
    closed, moved = closing_counts(view)
    logs = [
        closed * _log(p) + (moved - closed) * _log(1.0 - p) + _log(w)
        for p, w in zip(chances, prior, strict=True)
    ]
    top = max(logs)
    raw = [math.exp(v - top) for v in logs]
    total = sum(raw)
    shares = [r / total for r in raw]
    for i in (MODEL_HEURISTIC, MODEL_CHASE):
        shares[i] = max(shares[i], floor)
    total = sum(shares)
    return tuple(share / total for share in shares)


def _log(x: float) -> float:
    return math.log(x) if x > 0 else -1e9


__all__ = ["CLOSE_CHANCE", "closing_counts", "style_posterior"]
