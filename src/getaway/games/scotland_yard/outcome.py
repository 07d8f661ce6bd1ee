"""The end of a game as :class:`getaway.core.Outcome`: who won, why, and the particulars, in
words and as JSON facts a client can put in its own language.

Reasons (spec section 11; ``end_reason`` in views and saves):

* ``capture`` (D1): a hunter stepped onto Mr. X. Facts: the ``piece``, the ``seat`` that owns
  it (``null`` for a police piece, which every detective seat may move), the ``station`` and
  the ``round``.
* ``mrx-trapped`` (D2): Mr. X had no legal move at the start of his turn. Facts: his
  ``station`` and the ``round``.
* ``time`` (X1): the last round ended without a capture. Facts: the ``round``, the travel-log
  ``entries`` written, which ``limit`` ended the game (``rounds``: round ``max_rounds``;
  ``log``: the travel log's ``log_fields`` were used first, the classic edition's clock) and
  Mr. X's ``station``.
* ``hunters-immobilised`` (X2): at the start of a detectives' phase no piece that counts could
  move. Facts: the ``round`` and whether the police counted (``counts_police``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from getaway.core import Outcome
from getaway.games.scotland_yard.options import DETECTIVES, MRX

if TYPE_CHECKING:
    from getaway.games.scotland_yard.state import ScotlandYardState


def outcome_of(state: ScotlandYardState) -> Outcome | None:
    """The outcome of a finished game, or ``None`` while it goes on."""
    from getaway.games.scotland_yard.state import (
        END_CAPTURE,
        END_IMMOBILE,
        END_TIME,
        END_TRAPPED,
    )

    side = state.winner()
    reason = state.end_reason
    if side is None or reason is None:
        return None
    rules = state.rules
    station, round_ = state.pos[0], state.round
    facts: dict[str, Any] = {"round": round_}
    if reason == END_CAPTURE:
        piece = next(
            (rules.pieces[h - 1] for h in rules.hunter_indices if state.pos[h] == station), None
        )
        owner = rules.owner[rules.pieces.index(piece) + 1] if piece is not None else ""
        facts.update(piece=piece, seat=owner or None, station=station)
        summary = (
            f"{_piece_words(piece, owner)} caught Mr. X at station {station} in round {round_}"
        )
    elif reason == END_TRAPPED:
        facts.update(station=station)
        summary = f"Mr. X was trapped at station {station} in round {round_}: he had no legal move"
    elif reason == END_TIME:
        entries = len(state.log_ticket)
        by_rounds = round_ >= rules.max_rounds
        facts.update(entries=entries, limit="rounds" if by_rounds else "log", station=station)
        if by_rounds:
            summary = f"Mr. X escaped: round {round_}, the last, ended without a capture"
        else:
            summary = (
                f"Mr. X escaped: his travel log's {entries} fields were used and round "
                f"{round_} ended without a capture"
            )
    elif reason == END_IMMOBILE:
        facts.update(counts_police=rules.x2_counts_police)
        who = (
            "neither the detectives nor the police" if rules.x2_counts_police else "the detectives"
        )
        summary = f"{who} could not move in round {round_}, so Mr. X wins"
    else:  # the loader admits only the codes above
        summary = reason
    winners = (MRX,) if side == MRX else rules.detective_seats
    return Outcome(
        winners=winners,
        returns=state.returns(),
        reason=reason,
        summary=summary,
        side=MRX if side == MRX else DETECTIVES,
        facts=facts,
    )


def _piece_words(piece: str | None, owner: str) -> str:
    """``d2``; ``p1 (police)``; ``d1 (seat detectives)`` where a seat owns several pieces."""
    if piece is None:
        return "a hunter"
    if not owner:
        return f"{piece} (police)"
    return piece if owner == piece else f"{piece} (seat {owner})"
