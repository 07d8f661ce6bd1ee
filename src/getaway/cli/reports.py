"""Tables for people: the game list, simulation summaries and benchmark results."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rich.console import Console
from rich.table import Table

from getaway.ai import bot_names
from getaway.core import Game, JSONDict, Sides
from getaway.parallel import workers_phrase


def game_summary(game: Game) -> JSONDict:
    """``game.describe()`` plus what a player needs to start one."""
    return {
        **game.describe(),
        "seats": list(game.seats()),
        "sides_text": describe_sides(game.sides()),
        "bots_available": bot_names(game),
        "topics": game.render_topics(),
    }


def describe_sides(sides: Sides) -> str:
    """Who plays with whom, in a line: ``runner; hunters: h1 h2 h3``, or ``each seat
    alone``, then any hidden role."""
    if all(not side.is_team for side in sides):
        text = "each seat alone"
    else:
        text = "; ".join(
            f"{side.name}: {' '.join(side.seats)}"
            if side.is_team or side.seats != (side.name,)
            else side.name
            for side in sides
        )
    for role in sides.hidden:
        text += f"; secretly {role.describe_count()} {role.name} among them ({role.known_when})"
    return text


def games_table(summaries: Sequence[Mapping[str, Any]]) -> Table:
    table = Table(title="Games")
    table.add_column("name", no_wrap=True)
    for column in ("title", "players", "sides", "bots"):
        table.add_column(column)
    for s in summaries:
        table.add_row(
            s["name"],
            s["title"],
            f"{s['min_players']}-{s['max_players']}",
            s["sides_text"],
            ", ".join(s["bots_available"]),
        )
    return table


def print_games(out: Console, summaries: Sequence[Mapping[str, Any]]) -> None:
    """The table, then each game's options (for --option) and extra views (play commands)."""
    out.print(games_table(summaries))
    lines = []
    for s in summaries:
        lines.append(f"\n{s['name']} options (--option KEY=VALUE):")
        lines += [f"  {key}: {text}" for key, text in s["options"].items()]
        if s["topics"]:
            lines.append(f"{s['name']} views while playing (type the name at the prompt):")
            lines += [f"  {topic}: {text}" for topic, text in s["topics"].items()]
    out.print("\n".join(lines), markup=False, highlight=False)


def _percent(part: int, whole: int) -> str:
    return f"{100 * part / whole:.1f}%" if whole else "-"


def simulation_table(result: Mapping[str, Any]) -> Table:
    finished = result["finished"]
    table = Table(
        title=f"{result['game']}: {result['games']} games, {result['players']} players, "
        f"seed {result['seed']}"
    )
    table.add_column("side")
    table.add_column("wins", justify="right")
    table.add_column("share", justify="right")
    for side, wins in result["wins"].items():
        table.add_row(side, str(wins), _percent(wins, finished))
    if result["shared"]:
        table.add_row(
            "shared victories", str(result["shared"]), _percent(result["shared"], finished)
        )
    if result["draws"]:
        table.add_row("no winner", str(result["draws"]), _percent(result["draws"], finished))
    return table


def print_simulation(out: Console, result: Mapping[str, Any]) -> None:
    out.print(simulation_table(result))
    lineup = ", ".join(f"{seat}={bot}" for seat, bot in result["bots"].items())
    lines = [
        f"bots: {lineup}",
        f"mean plies: {result['mean_plies']:.1f}",
        f"speed: {result['games_per_second']} games/s "
        f"({result['seconds']:.2f} s, {workers_phrase(result)})",
        f"errors: {result['errors']}",
    ]
    lines += [f"  {message}" for message in result["error_messages"]]
    out.print("\n".join(lines), markup=False, highlight=False)


def bench_table(results: Sequence[Mapping[str, Any]]) -> Table:
    python = results[0]["python"] if results else ""
    table = Table(title=f"Random games through the protocol, one core (Python {python})")
    columns = (
        ("game", "game"),
        ("games", "games"),
        ("games/s", "games_per_second"),
        ("plies/s", "plies_per_second"),
        ("clone µs", "clone_us"),
        ("legal µs", "legal_actions_us"),
        ("apply µs", "apply_us"),
    )
    for title, _ in columns:
        if title == "game":
            table.add_column(title, no_wrap=True)
        else:
            table.add_column(title, justify="right")
    for result in results:
        table.add_row(*(str(result[key]) for _, key in columns))
    # Under the table, not as columns: the columns already fill a narrow terminal.
    views = [
        f"{r['game']} {r['view_us_ply10']} / {r['view_us_last']}"
        for r in results
        if "view_us_ply10" in r
    ]
    heuristics = [f"{r['game']} {r['heuristic_us']}" for r in results if "heuristic_us" in r]
    captions = []
    if views:
        captions.append("view µs at ply 10 / at the last decision: " + "; ".join(views))
    if heuristics:
        captions.append("heuristic bot µs per decision: " + "; ".join(heuristics))
    if captions:
        table.caption = "\n".join(captions)
    return table
