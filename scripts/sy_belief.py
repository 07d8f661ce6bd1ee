"""How sharp a detective's belief of Mr. X's station is: the mean log-probability of his true
station at every detective decision where he is hidden among several stations.

Compares the uniform belief over the possible set, location categorization (N&W) and the
model of his rides (``belief.py``, at the temperatures and noises given), in games of the
``--mrx`` bot against heuristic detectives on deals ``derive_seed(SEED, g)``::

    .venv/bin/python scripts/sy_belief.py --mrx heuristic --games 10 --seed 77
    .venv/bin/python scripts/sy_belief.py --mrx hard --games 8 --seed 77 --model 2:0.3 --model 4:0.2

Higher (nearer 0) is sharper; exp of the difference of two rows is how many times more
probable the truth is under one belief than under the other. Search bots play uncapped
(iteration budgets only), so the numbers depend on the code and the seed alone.
``--markdown`` prints one table row per belief instead (for ``scripts/ai_figures.py``).
"""

from __future__ import annotations

import argparse
import math
import time

from getaway.ai import make_bot, uncapped_spec
from getaway.core import bot_rng, derive_seed
from getaway.games.scotland_yard import GAME
from getaway.games.scotland_yard.belief import NOISE, TEMPERATURE, move_model_weights
from getaway.games.scotland_yard.categorization import WEIGHTS
from getaway.games.scotland_yard.determinizer import hidden_record
from getaway.games.scotland_yard.search import PreparedSampler


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mrx", default="heuristic")
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--seed", type=int, default=77)
    parser.add_argument("--markdown", action="store_true", help="print a Markdown table")
    parser.add_argument(
        "--model",
        action="append",
        metavar="TEMPERATURE:NOISE",
        help=f"a model to score (repeatable; default {TEMPERATURE:g}:{NOISE:g})",
    )
    args = parser.parse_args()
    models = [
        tuple(float(x) for x in m.split(":")) for m in args.model or [f"{TEMPERATURE}:{NOISE}"]
    ]
    totals = {"uniform": 0.0, "categorization": 0.0}
    totals.update({f"model {t:g}:{e:g}": 0.0 for t, e in models})
    decisions = 0
    model_seconds = 0.0
    for g in range(args.games):
        seed = derive_seed(args.seed, g)
        state = GAME.new_state({"players": 4}, seed)
        bots = {
            s: make_bot(GAME, uncapped_spec(args.mrx if s == "mrx" else "heuristic"))
            for s in state.seats
        }
        rng = bot_rng(seed, "bot")  # one-way: the bots must not recover the seed
        while not state.is_over():
            seat = state.to_act()[0]
            view = state.view(seat)
            hidden = hidden_record(view) if seat != "mrx" else None
            if hidden is not None and len(view["possible_locations"]) > 1:
                truth = state.pos[0]
                totals["uniform"] -= math.log(len(view["possible_locations"]))
                categorized = PreparedSampler(view, WEIGHTS).probability(truth)
                totals["categorization"] += math.log(max(categorized, 1e-12))
                for t, e in models:
                    started = time.perf_counter()
                    weights = move_model_weights(view, *hidden, temperature=t, noise=e)
                    model_seconds += time.perf_counter() - started
                    totals[f"model {t:g}:{e:g}"] += math.log(max(weights.get(truth, 0.0), 1e-12))
                decisions += 1
            action = bots[seat].choose(GAME, seat, view, state.legal_actions(seat), rng)
            state.apply(seat, action)
    if args.markdown:
        print(
            f"Mr. X `{args.mrx}` against heuristic detectives, {args.games} games, seed "
            f"{args.seed}: {decisions} detective decisions with Mr. X hidden among several "
            f"stations; the model takes "
            f"{1000 * model_seconds / max(decisions * len(models), 1):.2f} ms a decision.\n"
        )
        print("| belief | mean log-probability of his true station |")
        print("| --- | --- |")
        for name, total in totals.items():
            print(f"| {name} | {total / max(decisions, 1):.2f} |")
        return
    print(
        f"Mr. X {args.mrx}, {args.games} games, seed {args.seed}: {decisions} detective "
        f"decisions; the model takes {1000 * model_seconds / max(decisions * len(models), 1):.2f}"
        " ms a decision"
    )
    for name, total in totals.items():
        print(f"  {name:16s} mean log-probability of his station {total / max(decisions, 1):.3f}")


if __name__ == "__main__":
    main()
