"""Scotland Yard pilots from ``sy_styles.py``'s cache: for one side and opponent style, the
wins of ``heuristic``, ``hard`` and each variant of ``hard`` on the deals all of them played,
with paired differences (+-95%) and each search bot's CPU seconds per move. Plays nothing.

    .venv/bin/python scripts/sy_pilots.py --side detectives --style nw --players 4 \\
        --variants hard:on=blind-chase,hard:on=cover+far-sight

Variants are the ``--hard`` specs the games were played with (``sy_styles.py --hard SPEC
--ours hard``); every cached game counts, whatever commit played it (as ``--any-commit``),
so run it only on games of code whose ``hard`` did not change.
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from measuring import GameCache, paired_difference
from sy_styles import bot_of, key_of


def pairing(side: str, ours: str, style: str) -> tuple[str, str]:
    """(Mr. X's bot, the detectives' bot) when the spec ``ours`` plays ``side``."""
    return (ours, bot_of(style)) if side == "mrx" else (bot_of(style), ours)


def rows(
    records: dict[str, dict[str, Any]],
    side: str,
    style: str,
    players: int,
    seed: int,
    specs: list[str],
    deals: range,
) -> str:
    seat = "mrx" if side == "mrx" else "det"
    winner = "mrx" if side == "mrx" else "detectives"
    played: dict[str, list[dict[str, Any]]] = {spec: [] for spec in specs}
    common = []
    for g in deals:
        keys = [key_of(*pairing(side, spec, style), players, seed, g, {}) for spec in specs]
        if all(key in records for key in keys):
            common.append(g)
            for spec, key in zip(specs, keys, strict=True):
                played[spec].append(records[key])
    wins = {spec: [float(r["winner"] == winner) for r in played[spec]] for spec in specs}
    lines = [
        f"{side} against {style}, {players} players, seed {seed}: {len(common)} deals "
        f"({common[0] if common else '-'}..{common[-1] if common else '-'})",
        "",
        "| bot | wins | - heuristic | - hard | CPU s/move mean (max) |",
        "| --- | --- | --- | --- | --- |",
    ]
    for spec in specs:
        cells = [f"`{spec}`", f"{sum(wins[spec]):.0f}"]
        for base in ("heuristic", "hard"):
            if spec == base or base not in wins or not common:
                cells.append("")
                continue
            mean, half = paired_difference(wins[spec], wins[base])
            cells.append(f"{mean * 100:+.0f} +- {half * 100:.0f}")
        moves = sum(r[f"{seat}_moves"] for r in played[spec])
        cpu = sum(r[f"{seat}_cpu_sum"] for r in played[spec])
        top = max((r[f"{seat}_cpu_max"] for r in played[spec]), default=0.0)
        cells.append(f"{cpu / max(moves, 1):.2f} ({top:.2f})" if spec != "heuristic" else "")
        lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--side", choices=("mrx", "detectives"), required=True)
    parser.add_argument("--style", required=True, help="the opponent (heuristic, distance, nw)")
    parser.add_argument("--players", type=int, required=True)
    parser.add_argument("--variants", default="", help="specs of hard's variants, comma-separated")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--from-deal", type=int, default=0)
    parser.add_argument("--games", type=int, default=100, help="deals below this one")
    parser.add_argument("--cache", type=Path, default=Path("runs/sy_styles.jsonl"))
    args = parser.parse_args()
    specs = ["heuristic", "hard", *(v for v in args.variants.split(",") if v)]
    cache = GameCache(args.cache, "", any_commit=True)
    deals = range(args.from_deal, args.games)
    print(rows(cache.records, args.side, args.style, args.players, args.seed, specs, deals))


if __name__ == "__main__":
    main()
