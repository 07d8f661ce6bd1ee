"""Fit Scotland Yard's evaluation (``evaluation.COEFFICIENTS``) on heuristic games.

    .venv/bin/python scripts/sy_evaluation_fit.py --games 600 --seed 2

A logistic regression (Newton's method, a little L2) of "Mr. X goes on to win" on the features
of ``evaluation.features`` at each start of his turn. Fitted on half of the games and tested on
the other half (mean log loss against always predicting the overall share), then refitted on
all of them; prints the coefficients to paste into ``evaluation.py``.
"""

from __future__ import annotations

import argparse

import numpy as np

from getaway.games.scotland_yard import evaluation as ev


def fit(data: list[tuple[tuple[float, ...], bool]], l2: float = 1e-3) -> np.ndarray:
    x = np.array([(1.0, *f) for f, _ in data])
    y = np.array([float(w) for _, w in data])
    w = np.zeros(x.shape[1])
    for _ in range(50):
        p = 1 / (1 + np.exp(-x @ w))
        gradient = x.T @ (p - y) + l2 * w
        hessian = (x * (p * (1 - p))[:, None]).T @ x + l2 * np.eye(len(w))
        step = np.linalg.solve(hessian, gradient)
        w -= step
        if np.abs(step).max() < 1e-9:
            break
    return w


def log_loss(w: np.ndarray, data: list[tuple[tuple[float, ...], bool]]) -> float:
    x = np.array([(1.0, *f) for f, _ in data])
    y = np.array([float(v) for _, v in data])
    p = np.clip(1 / (1 + np.exp(-x @ w)), 1e-9, 1 - 1e-9)
    return float(-(y * np.log(p) + (1 - y) * np.log(1 - p)).mean())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=600)
    parser.add_argument("--seed", type=int, default=2)
    parser.add_argument("--players", type=int, default=4)
    args = parser.parse_args()
    options = {"players": args.players}
    half = args.games // 2
    train = ev.positions(half, args.seed, options)
    test = ev.positions(args.games - half, args.seed + 1, options)
    w = fit(train)
    share = np.mean([v for _, v in train])
    flat = np.zeros_like(w)
    flat[0] = np.log(share / (1 - share))
    print(
        f"held-out log loss: model {log_loss(w, test):.4f}, overall share "
        f"{log_loss(flat, test):.4f} ({len(test)} positions)"
    )
    print("COEFFICIENTS =", tuple(round(float(c), 4) for c in fit(train + test)))


if __name__ == "__main__":
    main()
