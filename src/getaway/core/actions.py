"""Matching what a person types to a legal action id.

Action ids are ``:``-separated tokens (``ride:46``, ``p1:bus:58``). A person may type the id,
or any tokens that pick exactly one legal id (``46`` when only ``ride:46`` goes there, ``bus
58``), separated by spaces or colons.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from getaway.core.errors import AmbiguousActionError, IllegalActionError

_SPLIT = re.compile(r"[\s:/]+")


def _tokens(text: str) -> list[str]:
    return [t for t in _SPLIT.split(text.strip().lower()) if t]


def _is_subsequence(needle: list[str], haystack: list[str]) -> bool:
    it = iter(haystack)
    return all(any(tok == h or h.startswith(tok) for h in it) for tok in needle)


def match_action(text: str, legal: Sequence[str], seat: str = "you") -> str:
    """The single legal action that ``text`` names.

    Exact ids win; otherwise every typed token must match (or begin) a token of the id, in
    order, and among several such ids the ones matching whole tokens, then the shortest, win.
    No match, or a tie, raises an error that lists the candidates.
    """
    cleaned = text.strip()
    if cleaned in legal:
        return cleaned
    wanted = _tokens(cleaned)
    if not wanted:
        raise IllegalActionError(seat, text, legal, "nothing typed")
    matches = [a for a in legal if _is_subsequence(wanted, _tokens(a))]
    if not matches:
        raise IllegalActionError(seat, text, legal, "no legal action matches")
    # Prefer ids whose tokens match exactly over prefix matches ("bus" vs "bus2"), then the
    # shortest ids: "105" means a single move to 105 before any double move through it.
    exact = [a for a in matches if all(t in _tokens(a) for t in wanted)] or matches
    shortest = min(len(_tokens(a)) for a in exact)
    best = [a for a in exact if len(_tokens(a)) == shortest]
    if len(best) == 1:
        return best[0]
    raise AmbiguousActionError(text, best)
