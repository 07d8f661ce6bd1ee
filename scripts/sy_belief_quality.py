"""How well each model of Mr. X's rides predicts where he really is, per Mr. X style.

    .venv/bin/python scripts/sy_belief_quality.py --games 30 --mrx nw,heuristic,distance

Plays each Mr. X bot against heuristic detectives (the deals ``derive_seed(seed, g)``) and, at
every detective decision where Mr. X is hidden, scores each belief model by the probability it
gives his real station: the mean log2 of that probability over uniform sampling of the possible
set (bits per decision; higher is better), and the mean probability itself. A model that is
right about a style concentrates its belief where that style really goes.
"""

from __future__ import annotations

import argparse
import math
import pickle
import time
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from sy_styles import bot_of

from getaway.ai import make_bot, uncapped_spec
from getaway.core import bot_rng, derive_seed
from getaway.games.scotland_yard import GAME
from getaway.games.scotland_yard import belief as belief_module
from getaway.games.scotland_yard.board import stations_of
from getaway.games.scotland_yard.categorization import WEIGHTS, category
from getaway.games.scotland_yard.determinizer import hidden_record

Model = Callable[[Mapping[str, Any], list[int], list[int], Any], dict[int, float]]


def _uniform(
    view: Mapping[str, Any], sets: list[int], tickets: list[int], board: Any
) -> dict[int, float]:
    stations = stations_of(sets[-1])
    return {s: 1.0 / len(stations) for s in stations}


def _categorized(
    view: Mapping[str, Any], sets: list[int], tickets: list[int], board: Any
) -> dict[int, float]:
    hunters = [h["station"] for h in view["hunters"]]
    weights = {s: WEIGHTS[category(board, s, hunters)] for s in stations_of(sets[-1])}
    total = sum(weights.values())
    return {s: w / total for s, w in weights.items()}


def _move_model(**kwargs: float) -> Model:
    def model(
        view: Mapping[str, Any], sets: list[int], tickets: list[int], board: Any
    ) -> dict[int, float]:
        return belief_module.move_model_weights(view, sets, tickets, **kwargs)

    return model


def _times(a: Model, b: Model) -> Model:
    def model(
        view: Mapping[str, Any], sets: list[int], tickets: list[int], board: Any
    ) -> dict[int, float]:
        x, y = a(view, sets, tickets, board), b(view, sets, tickets, board)
        joint = {s: x.get(s, 0.0) * y.get(s, 0.0) for s in x}
        total = sum(joint.values())
        return {s: w / total for s, w in joint.items()} if total > 0 else x

    return model


def _mixture(models: tuple[belief_module.RideModel, ...], prior: tuple[float, ...]) -> Model:
    def model(
        view: Mapping[str, Any], sets: list[int], tickets: list[int], board: Any
    ) -> dict[int, float]:
        return belief_module.mover_mixture_weights(view, sets, tickets, models, prior)[0]

    return model


H = belief_module.RideModel()
HF = belief_module.RideModel(flee=0.5)
F = belief_module.RideModel(flee=1.0)
U = belief_module.RideModel(noise=1.0)


MODELS: dict[str, Model] = {
    "uniform": _uniform,
    "categorization": _categorized,
    "move-model": _move_model(),
    "move-model x cat": _times(_move_model(), _categorized),
    "flee 0.5": _move_model(flee=0.5),
    "flee 1.0": _move_model(flee=1.0),
    "move T=4": _move_model(temperature=4.0),
    "mix H,HF,F": _mixture((H, HF, F), (0.4, 0.3, 0.3)),
    "mix H,HF,F x cat": _times(_mixture((H, HF, F), (0.4, 0.3, 0.3)), _categorized),
    "move noise .6": _move_model(noise=0.6),
}


def record_decisions(
    mrx: str, games: int, seed: int, players: int
) -> list[tuple[dict[str, Any], list[int], list[int], int]]:
    """(view, sets, tickets, Mr. X's real station) at every detective decision where he is
    hidden among two or more stations."""
    options = {"players": players}
    x_bot = make_bot(GAME, uncapped_spec(bot_of(mrx)))
    d_bot = make_bot(GAME, "heuristic")
    found = []
    for g in range(games):
        deal = derive_seed(seed, g)
        state = GAME.new_state(options, deal)
        rng = bot_rng(deal, "analysis")
        while not state.is_over():
            seat = state.to_act()[0]
            view = state.view(seat)
            if seat != "mrx":
                hidden = hidden_record(view)
                if hidden is not None and len(stations_of(hidden[0][-1])) > 1:
                    found.append((view, *hidden, state.pos[0]))
            bot = x_bot if seat == "mrx" else d_bot
            state.apply(seat, bot.choose(GAME, seat, view, state.legal_actions(seat), rng))
    return found


def observe(
    decisions: list[tuple[dict[str, Any], list[int], list[int], int]], board: Any
) -> dict[str, list[float]]:
    """Per model, the probability of Mr. X's real station at each decision."""
    found: dict[str, list[float]] = {name: [] for name in MODELS}
    found["n"] = []
    for view, sets, tickets, true in decisions:
        found["n"].append(float(len(stations_of(sets[-1]))))
        for name, model in MODELS.items():
            found[name].append(model(view, sets, tickets, board).get(true, 0.0))
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=30)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--mrx", default="nw,heuristic,distance")
    parser.add_argument("--cache", default="runs/belief", help="folder of recorded decisions")
    args = parser.parse_args()
    for mrx in args.mrx.split(","):
        started = time.process_time()
        cache = Path(args.cache) / f"{mrx}-{args.players}p-{args.seed}-{args.games}.pickle"
        if cache.exists():
            decisions = pickle.loads(cache.read_bytes())
        else:
            decisions = record_decisions(mrx, args.games, args.seed, args.players)
            cache.parent.mkdir(parents=True, exist_ok=True)
            cache.write_bytes(pickle.dumps(decisions))
        board = GAME.new_state({"players": args.players}, 0).rules.board
        found = observe(decisions, board)
        sizes = found.pop("n")
        print(
            f"\nMr. X {mrx}: {len(sizes)} detective decisions with him hidden, "
            f"{args.games} games ({time.process_time() - started:.0f} CPU s)"
        )
        for name, chances in found.items():
            bits = [math.log2(max(p, 1e-9) * n) for p, n in zip(chances, sizes, strict=True)]
            print(
                f"  {name:18} {sum(bits) / len(bits):+.3f} bits/decision, "
                f"P(real) {sum(chances) / len(chances):.3f}, zero {sum(p == 0 for p in chances)}"
            )


if __name__ == "__main__":
    main()
