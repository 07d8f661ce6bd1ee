"""Matching what a person types to a legal action id.

Action ids are ``:``-separated tokens (``ride:46``, ``bus:58``). A person may type the id,
or any tokens that pick exactly one legal id (``46`` when only ``ride:46`` goes there, ``bus
58``), separated by spaces or colons.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from getaway.core.errors import AmbiguousActionError, IllegalActionError

_SPLIT = re.compile(r"[\s:/]+")
#: The reason of the error for typed text that matches no legal action at all.
NO_MATCH = "no legal action matches"


def _tokens(text: str) -> list[str]:
    return [t for t in _SPLIT.split(text.strip().lower()) if t]


#: In :func:`_exact_matches`' table: the typed tokens so far cannot all match.
_NO_MATCH = -1


def _exact_matches(needle: list[str], haystack: list[str]) -> int | None:
    """How many typed tokens can match whole tokens of the id when every typed token matches
    (or begins) one of its tokens, in order; ``None`` when they cannot all match."""
    # best[j]: the most whole-token matches of the typed tokens so far within haystack[:j].
    best = [0] * (len(haystack) + 1)
    for tok in needle:
        nxt = [_NO_MATCH] * (len(haystack) + 1)
        for j, h in enumerate(haystack, start=1):
            nxt[j] = nxt[j - 1]
            if best[j - 1] != _NO_MATCH and h.startswith(tok):
                nxt[j] = max(nxt[j], best[j - 1] + (tok == h))
        best = nxt
    return None if best[-1] == _NO_MATCH else best[-1]


def match_action(text: str, legal: Sequence[str], seat: str = "you") -> str:
    """The single legal action that ``text`` names.

    Exact ids win; otherwise every typed token must match (or begin) a token of the id, in
    order. Among several such ids the ones where most typed tokens match whole tokens win
    (``1`` is station 1 before 105, also in ``t 1``), then the shortest. No match, or a tie,
    raises an error that lists the candidates.
    """
    cleaned = text.strip()
    if cleaned in legal:
        return cleaned
    wanted = _tokens(cleaned)
    if not wanted:
        raise IllegalActionError(seat, text, legal, "nothing typed")
    scored = [(a, _exact_matches(wanted, _tokens(a))) for a in legal]
    matches = [(a, exact) for a, exact in scored if exact is not None]
    if not matches:
        raise IllegalActionError(seat, text, legal, NO_MATCH)
    # Prefer ids whose tokens match whole over prefix matches ("bus" vs "bus2"), then the
    # shortest ids: "105" means a single move to 105 before any double move through it.
    most = max(exact for _, exact in matches)
    exact = [a for a, n in matches if n == most]
    shortest = min(len(_tokens(a)) for a in exact)
    best = [a for a in exact if len(_tokens(a)) == shortest]
    if len(best) == 1:
        return best[0]
    raise AmbiguousActionError(text, best)


def closest_actions(text: str, legal: Sequence[str]) -> list[str]:
    """The legal actions nearest to ``text`` that matches none, to suggest instead.

    Nearest: sharing the most typed tokens (whole ones count double), then having as many
    tokens as were typed, so a mistyped single move (``taxi 104``) is answered with single
    moves (``taxi:105``), not with a move of another shape (``double``). When nothing is
    shared, the moves of the typed shape, or every move if the typed text has one token.
    """
    wanted = _tokens(text)

    def shared(action: str) -> int:
        tokens = _tokens(action)
        return sum(
            2 if tok in tokens else 1 if any(t.startswith(tok) for t in tokens) else 0
            for tok in wanted
        )

    def shape_gap(action: str) -> int:
        return abs(len(_tokens(action)) - len(wanted))

    if not wanted or not legal:
        return list(legal)
    if max(shared(a) for a in legal) == 0:
        if len(wanted) == 1:
            return list(legal)
        same_shape = [a for a in legal if shape_gap(a) == 0]
        return same_shape or list(legal)
    best = max((shared(a), -shape_gap(a)) for a in legal)
    return [a for a in legal if (shared(a), -shape_gap(a)) == best]
