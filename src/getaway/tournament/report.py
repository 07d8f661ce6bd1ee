"""The tournament's results as tables for people (rich)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rich import box
from rich.console import Console
from rich.table import Table

from getaway.parallel import workers_phrase

#: Per-role rows are shown in the main table up to this many roles, else a table by seat.
MAX_ROLE_ROWS = 3


def _percent(rate: Mapping[str, Any]) -> str:
    if rate["win_rate"] is None:
        return "-"
    low, high = rate["win_rate_ci"]
    return f"{100 * rate['win_rate']:.1f}% ({100 * low:.0f}-{100 * high:.0f})"


def _count(number: int, noun: str) -> str:
    return f"{number} {noun}" if number == 1 else f"{number} {noun}s"


def _interval(value: float, interval: list[float], digits: int) -> str:
    low, high = interval
    return f"{value:.{digits}f} ({low:.{digits}f}-{high:.{digits}f})"


def _wins(rate: Mapping[str, Any]) -> str:
    wins = rate["wins"]
    return f"{wins:g}/{rate['plays']}"


def standings_table(results: Mapping[str, Any]) -> Table:
    """One row per bot, best rating first: rating, wins, win rate, mean place where the game
    ranks its players; in team games a row per side under each bot."""
    roles = [role["name"] for role in results["roles"]]
    by_role_here = len(roles) <= MAX_ROLE_ROWS
    table = Table(
        title=f"{results['game']}: {results['finished']} games ({_count(results['deals'], 'deal')}"
        f" x {_count(len(results['lineups']), 'line-up')}), {results['players']} players, "
        f"seed {results['seed']}",
        caption="(low-high): 95% intervals: Wilson for win rates, bootstrap over deals "
        "for Elo and places",
        box=box.SIMPLE_HEAD,
    )
    table.add_column("bot", no_wrap=True)
    table.add_column("Elo", justify="right")
    table.add_column("wins", justify="right")
    table.add_column("win rate", justify="right")
    if results["ranked"]:
        table.add_column(f"mean place (of {len(roles)})", justify="right")
    for s in results["standings"]:
        row = [s["bot"], _interval(s["elo"], s["elo_ci"], 0), _wins(s), _percent(s)]
        if results["ranked"]:
            if s["mean_rank"] is None:
                row.append("-")
            else:
                row.append(_interval(s["mean_rank"], s["mean_rank_ci"], 2))
        table.add_row(*row)
        if by_role_here:
            for role in roles:
                rate = s["by_role"][role]
                cells = [f"  as {role}", "", _wins(rate), _percent(rate)]
                table.add_row(*cells, *([""] if results["ranked"] else []), style="dim")
    return table


def roles_table(results: Mapping[str, Any]) -> Table:
    """Win rates by role (seat) for games with many: one column per role."""
    roles = [role["name"] for role in results["roles"]]
    table = Table(title="wins by seat (wins/plays)", box=box.SIMPLE_HEAD)
    table.add_column("bot", no_wrap=True)
    for role in roles:
        table.add_column(role, justify="right")
    for s in results["standings"]:
        table.add_row(s["bot"], *(_wins(s["by_role"][role]) for role in roles))
    return table


def print_report(out: Console, results: Mapping[str, Any]) -> None:
    out.print(standings_table(results))
    if len(results["roles"]) > MAX_ROLE_ROWS:
        out.print(roles_table(results))
    lines = []
    timing = results.get("timing")
    if timing:
        per_move = ", ".join(
            f"{bot} {ms:g} ms" for bot, ms in timing["ms_per_move"].items() if ms is not None
        )
        lines.append(
            f"{timing['seconds']:.1f} s on {workers_phrase(timing)}; "
            f"mean plies {results['mean_plies']}; time per move: {per_move}"
        )
    one_sided = [s["bot"] for s in results["standings"] if s["elo_ci"][0] == s["elo_ci"][1]]
    if one_sided:
        lines.append(
            f"{', '.join(one_sided)}: every comparison went the same way, so resampling the "
            "deals never changes the rating and its interval has no width; the win-rate "
            "interval is the better guide"
        )
    if results["errors"]:
        lines.append(f"{results['errors']} game(s) failed and are left out:")
        lines += [f"  {message}" for message in results["error_messages"]]
    if lines:
        out.print("\n".join(lines), markup=False, highlight=False)
