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
from dataclasses import dataclass
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
    record = _Record(view, sets, tickets)
    start = record.last_reveal
    belief: dict[int, float]
    if start:
        belief = {record.log[start - 1]["station"]: 1.0}
    else:
        belief = dict.fromkeys(stations_of(sets[0]), 1.0)
    belief, _ = record.filter(belief, start, RideModel(temperature, noise, flee))
    return _present(belief, sets[-1])


@dataclass(frozen=True, slots=True)
class RideModel:
    """One model of how Mr. X chooses a ride: the heuristic's softmax at ``temperature``
    mixed with ``flee`` of the distance-fleeing softmax, then with ``noise`` of uniform
    choice (``noise`` 1 is a Mr. X who rides at random)."""

    temperature: float = TEMPERATURE
    noise: float = NOISE
    flee: float = 0.0


#: ``read-mover``: the models of Mr. X a detective weighs against each other, each by how
#: well it foretold his logged rides and surfacings this game: our heuristic's choices, a
#: Mr. X who flees by distance (as a plain bot, or a search whose playouts flee), and one
#: who does either, ride by ride (as a search does, agreeing with the heuristic in some
#: places and fleeing in others). Chosen by ``scripts/sy_belief_quality.py`` (docs/ai.md).
MOVER_MODELS: tuple[RideModel, ...] = (
    RideModel(),
    RideModel(flee=0.5),
    RideModel(flee=1.0),
)
#: Their prior shares before the game's evidence.
MOVER_PRIOR: tuple[float, ...] = (0.4, 0.3, 0.3)


def mover_mixture_weights(
    view: Mapping[str, Any],
    sets: Sequence[int],
    tickets: Sequence[int],
    models: Sequence[RideModel] = MOVER_MODELS,
    prior: Sequence[float] = MOVER_PRIOR,
) -> tuple[dict[int, float], list[float]]:
    """``read-mover``: Mr. X's present station -> its probability, averaged over ``models``
    by their posterior given the whole game's record (Bayesian model averaging), and that
    posterior.

    Each model's filter runs from the start of the game, so a surfacing is evidence: the
    chance the model gave the station he surfaced on, as well as the chance of each logged
    ticket. A Mr. X is one player all game, so the weights are per game, not per ride."""
    record = _Record(view, sets, tickets)
    beliefs = []
    logs = []
    for model in models:
        belief, evidence = record.filter(dict.fromkeys(stations_of(sets[0]), 1.0), 0, model)
        beliefs.append(_present(belief, sets[-1]))
        logs.append(evidence)
    top = max(math.log(p) + e for p, e in zip(prior, logs, strict=True) if p > 0)
    posterior = [
        math.exp(math.log(p) + e - top) if p > 0 else 0.0 for p, e in zip(prior, logs, strict=True)
    ]
    total = sum(posterior)
    posterior = [w / total for w in posterior]
    mixed: dict[int, float] = {}
    for weight, belief in zip(posterior, beliefs, strict=True):
        for v, chance in belief.items():
            mixed[v] = mixed.get(v, 0.0) + weight * chance
    return mixed, posterior


class _Record:
    """The public record of Mr. X's rides as a detective's view holds it, parsed once."""

    def __init__(self, view: Mapping[str, Any], sets: Sequence[int], tickets: Sequence[int]):
        self.rules = rules_for(normalize(view["options"]))
        self.board = self.rules.board
        self.log = view["mrx_log"]
        self.hunters_at_entry = view["public_record"]["hunters_at_entry"]
        self.sets, self.tickets = sets, tickets
        n = len(self.log)
        self.last_reveal = next((k for k in range(n, 0, -1) if self.log[k - 1]["revealed"]), 0)
        # His black tickets when he wrote entry k: today's plus those he spent from k on.
        black_after = [0] * (n + 2)
        black_after[n + 1] = view["mrx_tickets"]["black"]
        for k in range(n, 0, -1):
            black_after[k] = black_after[k + 1] + (tickets[k - 1] == BLACK)
        self.black_after = black_after
        self.supply = [view["supply"][name] for name in ("taxi", "bus", "underground")]
        self.unlimited = bool(view["supply_unlimited"])

    def filter(
        self, belief: dict[int, float], start: int, model: RideModel
    ) -> tuple[dict[int, float], float]:
        """The belief after the last entry, from ``belief`` after entry ``start``, and the
        log of the chance the model gave what the record shows from there (its evidence)."""
        board, rules, log, tickets, sets = self.board, self.rules, self.log, self.tickets, self.sets
        distance = board.hunter_distance
        scored = model.noise < 1.0
        evidence = 0.0
        for k in range(start + 1, len(log) + 1):
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
                hunters = self.hunters_at_entry[k - 1]
                occupied = mask_of(hunters)
                black = self.black_after[k]
                turn = (
                    PastMrxTurn(
                        board,
                        hunters,
                        sets[k - 1],
                        black,
                        self.supply,
                        self.unlimited,
                        after_reveal=k > 1 and bool(log[k - 2]["revealed"]),
                    )
                    if scored and model.flee < 1.0
                    else None
                )
                for s, weight in belief.items():
                    legs = mrx_legs(rules, s, occupied, self.supply, black)
                    if not legs:
                        continue
                    chances = _ride_chances(turn, s, legs, hunters, distance, model)
                    for (t, v, _), chance in zip(legs, chances, strict=True):
                        if t == ticket and allowed >> v & 1:
                            fresh[v] = fresh.get(v, 0.0) + weight * chance
            total = sum(fresh.values())
            if total <= 0:
                # The model cannot explain the record (it cannot happen with noise > 0): fall
                # back on the possible set alone.
                fresh = dict.fromkeys(stations_of(allowed), 1.0)
                total = float(len(fresh))
                evidence += math.log(1e-12)
            else:
                evidence += math.log(total)
            belief = {v: w / total for v, w in fresh.items()}
        return belief, evidence


def _ride_chances(
    turn: PastMrxTurn | None,
    s: int,
    legs: Sequence[tuple[int, int, Any]],
    hunters: Sequence[int],
    distance: Sequence[Sequence[int]],
    model: RideModel,
) -> list[float]:
    if model.noise >= 1.0:
        return [1.0 / len(legs)] * len(legs)
    if model.flee >= 1.0:
        far = [min(distance[v][h] for h in hunters) for _, v, _ in legs]
        return _choice_chances(far, FLEE_TEMPERATURE, model.noise)
    assert turn is not None
    chances = _choice_chances(turn.scores(s, legs), model.temperature, model.noise)
    if model.flee > 0:
        far = [min(distance[v][h] for h in hunters) for _, v, _ in legs]
        fled = _choice_chances(far, FLEE_TEMPERATURE, model.noise)
        chances = [
            (1 - model.flee) * a + model.flee * b for a, b in zip(chances, fled, strict=True)
        ]
    return chances


def _present(belief: Mapping[int, float], final: int) -> dict[int, float]:
    """``belief`` restricted to the present possible set ``final``, normalized."""
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


__all__ = [
    "FLEE_TEMPERATURE",
    "MOVER_MODELS",
    "MOVER_PRIOR",
    "NOISE",
    "TEMPERATURE",
    "RideModel",
    "move_model_weights",
    "mover_mixture_weights",
]
