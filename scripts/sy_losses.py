"""What Mr. X's lost games have in common: plays two Mr. X bots against one detectives' bot
on the same deals (as ``sy_styles.py`` deals them, uncapped) and traces every Mr. X
decision, then prints where the first bot was caught and the second was not.

    .venv/bin/python scripts/sy_losses.py --mrx hard,heuristic --detectives distance \\
        --players 6 --games 40

Per decision it records the round, the action, whether it is the heuristic's best-scored
move from the same view (``mrx_scorer``; the ``hard`` Mr. X anchors on that move and leaves
it only on the search's evidence), the size of the possible set the detectives knew before
it, whether the entry surfaced him, and the fewest rides from any hunter to where he ended.
Per lost game: the capture round, how many rounds before it he last surfaced, and the
decisions where he left the heuristic's move. Traces are cached (``--cache``, one JSON line
per game) so a second report reads them without playing.
"""

from __future__ import annotations

import argparse
import json
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from sy_games import set_params

from getaway.ai import make_bot, uncapped_spec
from getaway.core import Bot, Session, bot_rng, derive_seed
from getaway.games.scotland_yard import GAME
from getaway.games.scotland_yard.mrx_heuristic import mrx_scorer
from getaway.games.scotland_yard.options import MRX
from getaway.games.scotland_yard.state import ScotlandYardState

#: Slack under which two heuristic scores count as a tie.
TIE = 1e-9


def trace_game(mrx: str, detectives: str, players: int, seed: int) -> dict[str, Any]:
    """One game as ``sy_games.play_one`` plays it (the same seats, generators and uncapped
    bots), with a record of each Mr. X decision."""
    set_params({})
    x: Bot = make_bot(GAME, uncapped_spec(mrx))
    d: Bot = make_bot(GAME, uncapped_spec(detectives))
    session = Session.new(GAME, {"players": players}, seed)
    state = session.state
    rngs = {seat: bot_rng(seed, "bot", seat) for seat in state.seats}
    decisions: list[dict[str, Any]] = []
    cpu = 0.0
    while not session.state.is_over():
        state = session.state
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        view = state.view(seat)
        bot = x if seat == MRX else d
        started = time.process_time()
        action = bot.choose(GAME, seat, view, legal, rngs[seat])
        if seat == MRX:
            cpu += time.process_time() - started
        if seat == MRX and len(legal) > 1:
            score = mrx_scorer(view, legal)
            top = max(score(a) for a in legal)
            decisions.append(
                {
                    "round": int(view["round"]),
                    "action": action,
                    "heuristic_best": score(action) >= top - TIE,
                    "possible": len(view["possible_locations"]),
                    "legal": len(legal),
                }
            )
        session.act(seat, action)
        if seat == MRX and decisions and decisions[-1]["action"] == action:
            after = session.state
            assert isinstance(after, ScotlandYardState)
            decisions[-1]["near"] = nearest_hunter(after)
            decisions[-1]["surfaced"] = bool(after.log_revealed) and bool(after.log_revealed[-1])
    final = session.state
    assert isinstance(final, ScotlandYardState)
    return {
        "mrx": mrx,
        "detectives": detectives,
        "players": players,
        "seed": seed,
        "winner": final.winner(),
        "round": final.round,
        "end": final.end_reason,
        "mrx_cpu": round(cpu, 3),
        "decisions": decisions,
    }


def nearest_hunter(state: ScotlandYardState) -> int:
    """The fewest rides from any hunter to Mr. X's station."""
    row = state.rules.board.hunter_distance[state.pos[0]]
    return min(row[h] for h in state.pos[1:])


def ticket_of(action: str) -> str:
    """``double``, or the ticket of a ride (``taxi:42`` is ``taxi``)."""
    return action.partition(":")[0]


def last_surfacing(decisions: Sequence[dict[str, Any]]) -> int | None:
    rounds = [d["round"] for d in decisions if d.get("surfaced")]
    return rounds[-1] if rounds else None


def report(traces: dict[tuple[str, int], dict[str, Any]], bots: Sequence[str], deals: range) -> str:
    first, second = bots
    lines = []
    for bot in bots:
        games = [traces[(bot, g)] for g in deals if (bot, g) in traces]
        lost = [t for t in games if t["winner"] != MRX]
        off = [sum(not d["heuristic_best"] for d in t["decisions"]) for t in games]
        off_lost = [sum(not d["heuristic_best"] for d in t["decisions"]) for t in lost]
        per_game = sum(off) / max(len(off), 1)
        per_lost = sum(off_lost) / max(len(off_lost), 1)
        lines.append(
            f"{bot}: {len(games) - len(lost)} escapes of {len(games)}; capture rounds "
            f"{sorted(t['round'] for t in lost)}; decisions off the heuristic's best per game "
            f"{per_game:.1f} (in lost games {per_lost:.1f})"
        )
    lines.append(f"\n{first}'s decisions off the heuristic's best, by ticket, in won / lost games:")
    kinds: dict[str, list[int]] = {}
    for g in deals:
        t = traces.get((first, g))
        if t is None:
            continue
        for d in t["decisions"]:
            if not d["heuristic_best"]:
                counts = kinds.setdefault(ticket_of(d["action"]), [0, 0])
                counts[t["winner"] != MRX] += 1
    for kind, (won, lost) in sorted(kinds.items()):
        lines.append(f"  {kind}: {won} / {lost}")
    lines.append(f"\nDeals {first} lost and {second} won:")
    for g in deals:
        a, b = traces.get((first, g)), traces.get((second, g))
        if a is None or b is None or a["winner"] == MRX or b["winner"] != MRX:
            continue
        surfaced = last_surfacing(a["decisions"])
        lines.append(
            f"  deal {g}: caught in round {a['round']} ({a['end']}), last surfaced in round "
            f"{surfaced}; the last decisions (round, action, heuristic's best?, possible set, "
            "nearest hunter after):"
        )
        for d in a["decisions"][-6:]:
            best = "best" if d["heuristic_best"] else "OFF "
            lines.append(
                f"    r{d['round']:>2} {d['action']:<16} {best} set {d['possible']:>3} "
                f"near {d.get('near', '-')}"
            )
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mrx", default="hard,heuristic", help="two Mr. X bots, A,B")
    parser.add_argument("--detectives", default="distance")
    parser.add_argument("--players", type=int, default=6)
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--from-deal", type=int, default=0)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--cache", type=Path, default=Path("runs/sy_losses.jsonl"))
    parser.add_argument("--report", action="store_true", help="print from the cache only")
    args = parser.parse_args()
    bots = [name.strip() for name in args.mrx.split(",")]
    if len(bots) != 2:
        parser.error(f"--mrx takes two Mr. X bots separated by a comma, got {args.mrx!r}")
    deals = range(args.from_deal, args.games)
    traces: dict[tuple[str, int], dict[str, Any]] = {}
    if args.cache.is_file():
        for line in args.cache.read_text().splitlines():
            t = json.loads(line)
            for bot in bots:
                for g in deals:
                    if (
                        t["mrx"] == bot
                        and t["detectives"] == args.detectives
                        and t["players"] == args.players
                        and t["seed"] == derive_seed(args.seed, g)
                    ):
                        traces[(bot, g)] = t
    if not args.report:
        args.cache.parent.mkdir(parents=True, exist_ok=True)
        for g in deals:
            for bot in bots:
                if (bot, g) not in traces:
                    t = trace_game(bot, args.detectives, args.players, derive_seed(args.seed, g))
                    traces[(bot, g)] = t
                    with args.cache.open("a") as out:
                        out.write(json.dumps(t) + "\n")
    print(report(traces, bots, deals))


if __name__ == "__main__":
    main()
