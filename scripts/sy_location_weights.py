"""Measure location-categorization weights for Scotland Yard from heuristic-bot games.

    .venv/bin/python scripts/sy_location_weights.py --games 400 --seed 1

Plays heuristic Mr. X against heuristic detectives, records at every detective decision the
categories of the possible locations and of Mr. X's real station, fits weights on half of the
games and reports on the other half how many bits each categorization is worth (mean
log2-likelihood gain over uniform sampling). Then prints the chosen categorization's weights
fitted on all games, ready to paste into ``categorization.WEIGHTS``.
"""

from __future__ import annotations

import argparse
import time

from getaway.games.scotland_yard import categorization as cat


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--players", type=int, default=4)
    args = parser.parse_args()
    options = {"players": args.players}
    candidates = {
        "distance": (cat.distance_category, cat.DISTANCE_CAP),
        "lines": (cat.line_category, cat.LINE_KINDS),
        "distance x lines": (cat.category, cat.CATEGORIES),
    }
    chosen = None
    for name, (categorize, size) in candidates.items():
        started = time.perf_counter()
        games = cat.count_locations(args.games, args.seed, options, categorize)
        train, test = cat.LocationCounts(size), []
        for g, found in enumerate(games):
            if g % 2 == 0:
                for o in found:
                    train.add(o)
            else:
                test += found
        gain = cat.log_likelihood_gain(test, cat.fit_weights(train))
        full = cat.LocationCounts(size)
        for found in games:
            for o in found:
                full.add(o)
        weights = cat.fit_weights(full)
        print(
            f"{name:18} held-out gain {gain:+.3f} bits/decision over {len(test)} decisions "
            f"({time.perf_counter() - started:.0f} s)"
        )
        print(f"    actual:   {full.actual}")
        print(f"    possible: {full.possible}")
        print(f"    weights:  {weights}")
        chosen = weights
    print("WEIGHTS =", chosen)


if __name__ == "__main__":
    main()
