"""Where Mr. X probably is, judged by how a fleeing Mr. X chooses his rides.

The possible set says where Mr. X *can* be; every station in it is a path the travel log
allows. Location categorization (N&W) weighs them by a static feature of the station. This
module weighs them by the moves that led there: a Mr. X who keeps away from the hunters, as
every sensible one does, rarely takes a ride that ends next to one, so a path of such rides
is unlikely even though it is possible.

The model of his choices is the heuristic Mr. X's scoring (``bots.PastMrxTurn``), fed only
what the public record says of each past turn: where the hunters stood, the detectives'
possible set before the ride, his black tickets then. A turn's choice probabilities are a
softmax of those scores at ``TEMPERATURE``, mixed with ``NOISE`` of the uniform choice, so a
Mr. X who plays differently (a person, a search) is followed more slowly but never ruled
out. A forward filter (a hidden Markov model over stations) runs from his last surfacing:

    b_k(v) = sum over s of b_{k-1}(s) * P(he rides the logged ticket to v | he stood on s)

restricted to the possible set F_k. A double move is one choice of two rides that the model
does not score (the heuristic spends one only in danger); its rides spread the belief
uniformly, as the possible sets do. Only rides since the last surfacing matter: a surfacing
fixes the station.

Cost: one score per (turn, origin, ride), at most five turns since a surfacing, so a few
thousand scores per decision, computed once and shared by all of the decision's samples.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any

from getaway.games.scotland_yard.board import BLACK, mask_of, stations_of
from getaway.games.scotland_yard.mrx_heuristic import PastMrxTurn
from getaway.games.scotland_yard.mrx_turn import mrx_legs
from getaway.games.scotland_yard.options import normalize, rules_for

#: Softmax temperature on the heuristic's scores (its features are worth a few units each;
#: a ride into a hunter's reach costs 100).
TEMPERATURE = 2.0
#: The share of uniform choice mixed into the model.
NOISE = 0.3
#: ``flee-model``: the softmax temperature on a ride's fewest rides to the nearest hunter
#: (a ride one step farther is e^2 times as likely).
FLEE_TEMPERATURE = 0.5


def move_model_weights(
    view: Mapping[str, Any],
    sets: Sequence[int],
    tickets: Sequence[int],
    temperature: float = TEMPERATURE,
    noise: float = NOISE,
    flee: float = 0.0,
) -> dict[int, float]:
    """Mr. X's present station (a station of ``sets[-1]``) -> its probability under the
    model, from a detective's ``view`` and its possible sets F_0..F_n and logged tickets
    (``determinizer.hidden_record``). Sums to 1 over the stations with a positive weight.

    ``flee`` (``flee-model``) is the share of a second model of his choices mixed into each
    turn's: a Mr. X who rides where the nearest hunter is farthest (as a plain fleeing bot,
    or a search whose playouts flee so, chooses), not as our heuristic scores rides."""
    rules = rules_for(normalize(view["options"]))
    board = rules.board
    log = view["mrx_log"]
    record = view["public_record"]
    n = len(log)
    start = 0
    belief: dict[int, float] = dict.fromkeys(stations_of(sets[0]), 1.0)
    for k in range(n, 0, -1):
        if log[k - 1]["revealed"]:
            start = k
            belief = {log[k - 1]["station"]: 1.0}
            break
    # His black tickets when he wrote entry k: today's plus those he spent from k on.
    black_after = [0] * (n + 2)
    black_after[n + 1] = view["mrx_tickets"]["black"]
    for k in range(n, 0, -1):
        black_after[k] = black_after[k + 1] + (tickets[k - 1] == BLACK)
    supply = [view["supply"][name] for name in ("taxi", "bus", "underground")]
    unlimited = bool(view["supply_unlimited"])
    distance = board.hunter_distance
    for k in range(start + 1, n + 1):
        ticket = tickets[k - 1]
        allowed = sets[k]
        mask = board.ticket_mask[ticket]
        fresh: dict[int, float] = {}
        if log[k - 1]["double"]:
            for s, weight in belief.items():
                onward = stations_of(mask[s] & allowed)
                for v in onward:
                    fresh[v] = fresh.get(v, 0.0) + weight / len(onward)
        else:
            hunters = record["hunters_at_entry"][k - 1]
            occupied = mask_of(hunters)
            black = black_after[k]
            turn = PastMrxTurn(
                board,
                hunters,
                sets[k - 1],
                black,
                supply,
                unlimited,
                after_reveal=k > 1 and bool(log[k - 2]["revealed"]),
            )
            for s, weight in belief.items():
                legs = mrx_legs(rules, s, occupied, supply, black)
                if not legs:
                    continue
                chances = _choice_chances(turn.scores(s, legs), temperature, noise)
                if flee > 0:
                    far = [min(distance[v][h] for h in hunters) for _, v, _ in legs]
                    fled = _choice_chances(far, FLEE_TEMPERATURE, noise)
                    chances = [
                        (1 - flee) * a + flee * b for a, b in zip(chances, fled, strict=True)
                    ]
                for (t, v, _), chance in zip(legs, chances, strict=True):
                    if t == ticket and allowed >> v & 1:
                        fresh[v] = fresh.get(v, 0.0) + weight * chance
        total = sum(fresh.values())
        if total <= 0:
            # The model cannot explain the record (it cannot happen with noise > 0): fall
            # back on the possible set alone.
            fresh = dict.fromkeys(stations_of(allowed), 1.0)
            total = float(len(fresh))
        belief = {v: w / total for v, w in fresh.items()}
    final = sets[-1]
    kept = {v: w for v, w in belief.items() if final >> v & 1}
    total = sum(kept.values())
    if total <= 0:
        stations = stations_of(final)
        return {v: 1.0 / len(stations) for v in stations}
    return {v: w / total for v, w in kept.items()}


def _choice_chances(scores: Sequence[float], temperature: float, noise: float) -> list[float]:
    top = max(scores)
    exps = [math.exp((score - top) / temperature) for score in scores]
    total = sum(exps)
    uniform = noise / len(scores)
    return [(1.0 - noise) * e / total + uniform for e in exps]


__all__ = ["FLEE_TEMPERATURE", "NOISE", "TEMPERATURE", "move_model_weights"]
