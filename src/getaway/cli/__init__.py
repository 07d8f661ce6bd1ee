"""The ``getaway`` command: list games, play one, simulate bot games, replay, benchmark and
serve.

It speaks only the core protocol (``get_game``, states, views, ``render``), so every
installed game works here without the CLI knowing it. Exit codes: 0 ok, 2 bad input (usage,
unknown game, bad options, unreadable replay), 130 interrupted.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import sys
from collections.abc import Sequence
from pathlib import Path

from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TextColumn,
    TimeRemainingColumn,
)

from getaway.cli.common import (
    UsageError,
    add_backend_options,
    assign_bots,
    backend_from_args,
    build_bots,
    collect_options,
    console,
    default_bot_name,
    print_json,
    split_names,
)
from getaway.cli.play import (
    AS_HELP,
    HOTSEAT_HELP,
    HUMANS_HELP,
    first_seats,
    new_match,
    play,
    resolve_seats,
)
from getaway.cli.replay_cmd import run_replay
from getaway.cli.reports import (
    bench_table,
    game_summary,
    print_games,
    print_simulation,
)
from getaway.cli.tournament_cmd import register as register_tournament
from getaway.core import ALL, SPECTATOR, GetawayError, fresh_seed, games, get_game

EXIT_OK = 0
EXIT_USAGE = 2
EXIT_INTERRUPTED = 130


def positive_int(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"expected a number of at least 1, got {value}")
    return value


def positive_float(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a number, got {text!r}") from None
    if not value > 0:
        raise argparse.ArgumentTypeError(f"expected a number above 0, got {text}")
    return value


# Commands -----------------------------------------------------------------------------------


def cmd_games(args: argparse.Namespace) -> int:
    summaries = [game_summary(game) for game in games().values()]
    if args.json:
        print_json(summaries)
    else:
        print_games(console(), summaries)
    return EXIT_OK


def cmd_play(args: argparse.Namespace) -> int:
    game = get_game(args.game)
    options = game.normalize_options(collect_options(args.option, args.players))
    if args.humans is not None:
        humans = first_seats(game, options, args.humans)
    else:
        humans = resolve_seats(game, options, args.as_)
    bot_seats = [seat for seat in game.seats(options) if seat not in humans]
    names = split_names(args.bots) if args.bots else [default_bot_name(game)]
    lineup = assign_bots(game, bot_seats, names) if bot_seats else {}
    # A fair game gets 64 bits from the OS: a seed from a small range could be guessed from
    # the first cards seen. A chosen seed makes a practice game, and the game says so.
    practice = args.seed is not None
    seed = args.seed if practice else fresh_seed()
    bots = build_bots(game, lineup)
    return play(new_match(game, options, seed, humans, bots, args.hotseat, practice=practice))


def cmd_simulate(args: argparse.Namespace) -> int:
    from getaway.simulate import simulate

    game = get_game(args.game)
    options = game.normalize_options(collect_options(args.option, args.players))
    lineup = assign_bots(game, game.seats(options), split_names(args.bots) or ["random"])
    backend = backend_from_args(args, args.workers if args.workers is not None else 1)
    if args.json:
        result = simulate(game, options, args.games, args.seed, lineup, args.replays, backend)
        print_json(result.to_json())
        return EXIT_OK
    out = console()
    columns = (
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
    )
    with Progress(*columns, console=out, transient=True) as progress:
        task = progress.add_task(f"{game.name}", total=args.games)
        result = simulate(
            game,
            options,
            args.games,
            args.seed,
            lineup,
            args.replays,
            backend,
            on_games=lambda n: progress.advance(task, n),
        )
    print_simulation(out, result.to_json())
    if args.replays is not None:
        out.print(f"replays written to {args.replays}", markup=False, highlight=False)
    return EXIT_OK


def cmd_replay(args: argparse.Namespace) -> int:
    return run_replay(args.file, args.as_, args.json, args.step)


def cmd_serve(args: argparse.Namespace) -> int:
    from getaway.server.serve import serve

    return serve(args.host, args.port, args.database_url)


def port_number(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a port number, got {text!r}") from None
    if not 0 <= value <= 65535:
        raise argparse.ArgumentTypeError(f"expected a port from 0 to 65535, got {value}")
    return value


def cmd_bench(args: argparse.Namespace) -> int:
    if args.game == "server":
        return cmd_bench_server(args)
    if args.game == "cluster":
        return cmd_bench_cluster(args)
    if args.ismcts:
        return cmd_bench_ismcts(args)
    from getaway.bench import bench_game

    chosen = [get_game(args.game)] if args.game else list(games().values())
    out = console()
    results = []
    for game in chosen:
        if not args.json:
            out.print(f"benchmarking {game.name} ...", markup=False, highlight=False)
        results.append(bench_game(game, args.seconds, args.games, args.seed))
    if args.json:
        print_json(results[0] if args.game else results)
    else:
        out.print(bench_table(results))
        for result in results:
            if "reference_ratio" in result:
                out.print(
                    f"{result['game']}: lean reference ({result['reference']}) "
                    f"{result['reference_games_per_second']:,} games/s, "
                    f"{result['reference_plies_per_second']:,} plies/s; protocol in the same "
                    f"rounds {result['paired_games_per_second']:,} games/s, "
                    f"{result['paired_plies_per_second']:,} plies/s: reference_ratio "
                    f"{result['reference_ratio']}; search's playout path (clone, legal, apply) "
                    f"{result['internal_plies_per_second']:,} plies/s: internal_ratio "
                    f"{result['internal_ratio']}",
                    markup=False,
                    highlight=False,
                )
    return EXIT_OK


def cmd_bench_ismcts(args: argparse.Namespace) -> int:
    from rich.table import Table

    from getaway.bench import bench_ismcts

    chosen = [get_game(args.game)] if args.game else list(games().values())
    out = console()
    results = []
    for game in chosen:
        if not args.json:
            out.print(
                f"searching {args.positions} positions of {game.name} with {args.bot} ...",
                markup=False,
                highlight=False,
            )
        results.append(bench_ismcts(game, args.bot, args.positions, args.seed, args.no_cap))
    if args.json:
        print_json(results[0] if args.game else results)
        return EXIT_OK
    table = Table(title=f"ISMCTS search, one core (Python {results[0]['python']})")
    columns = (
        ("game", "game"),
        ("bot", "bot"),
        ("moves", "moves"),
        ("it/s", "iterations_per_second"),
        ("it/cpu-s", "iterations_per_cpu_second"),
        ("mean it", "mean_iterations"),
        ("s/move", "mean_move_seconds"),
        ("max cpu-s", "max_move_cpu_seconds"),
        ("capped", "capped_moves"),
    )
    for title, _ in columns:
        table.add_column(title, justify="left" if title in ("game", "bot") else "right")
    for result in results:
        row = [str(result[key]) for _, key in columns]
        # Capped decisions as "count (share)": the share is what the level's cap costs.
        row[-1] = f"{result['capped_moves']} ({result['capped_share']:.0%})"
        table.add_row(*row)
    out.print(table)
    if args.no_cap:
        out.print("time cap off (--no-cap): every decision ran its whole iteration budget")
    for result in results:
        if result["plain_iterations_per_cpu_second"] != result["iterations_per_cpu_second"]:
            out.print(
                f"{result['game']}: {result['plain_iterations_per_cpu_second']} iterations per "
                "processor-second counted in plain iterations (a heuristic-guided one counts "
                "its policy's iteration_cost)",
                markup=False,
                highlight=False,
            )
    return EXIT_OK


def cmd_bench_server(args: argparse.Namespace) -> int:
    from rich.table import Table

    from getaway.server.bench import as_json, bench_server

    out = console()
    if not args.json:
        out.print(
            f"benchmarking the server: {args.matches} matches of "
            f"{args.server_game or 'the first game'} over {args.transport}, "
            f"{args.seconds:g} s ...",
            markup=False,
            highlight=False,
        )
    result = bench_server(
        args.matches,
        args.seconds,
        args.rate,
        args.database_url,
        args.seed,
        args.transport,
        args.server_game,
    )
    if args.json:
        print_json(as_json(result))
        return EXIT_OK
    table = Table(title="getaway bench server")
    table.add_column("measure")
    table.add_column("value", justify="right")
    for key, value in as_json(result).items():
        table.add_row(key.replace("_", " "), "-" if value is None else str(value))
    out.print(table)
    return EXIT_OK


def cmd_bench_cluster(args: argparse.Namespace) -> int:
    import os
    from pathlib import Path

    from rich.table import Table

    from getaway.server.cluster_bench import as_json, bench_cluster, plot

    url = args.database_url or os.environ.get("GETAWAY_DATABASE_URL")
    if not url:
        raise GetawayError(
            "bench cluster needs a PostgreSQL database shared by the processes: "
            "--database-url postgresql://user@host/db (an empty one, made for the run)"
        )
    out = console()
    if not args.json:
        out.print(
            f"load and fault campaign: {args.processes} processes, {args.matches} matches of "
            f"{args.server_game or 'the first game'}, a fault every {args.kill_every:g} s ...",
            markup=False,
            highlight=False,
        )
    result = bench_cluster(
        url,
        processes=args.processes,
        matches=args.matches,
        kill_every=args.kill_every,
        game=args.server_game,
        seed=args.seed,
        logs=Path(args.logs) if args.logs else None,
    )
    if args.plot:
        plot(result, Path(args.plot))
    if args.json:
        print_json(as_json(result))
        return EXIT_OK
    table = Table(title="getaway bench cluster")
    table.add_column("measure")
    table.add_column("value", justify="right")
    for key, value in as_json(result).items():
        if key in ("timeline", "faults"):
            continue
        table.add_row(key.replace("_", " "), str(value))
    out.print(table)
    lost, duplicated = result.lost_actions, result.duplicated_actions
    unfinished = result.matches - result.finished_matches
    return EXIT_OK if lost == duplicated == unfinished == 0 else 1


# Parser -------------------------------------------------------------------------------------


def _add_game_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--players", type=positive_int, help="number of players")
    parser.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help="a game option (repeatable); values are read as JSON when they parse "
        "(10, true, [3,8]) and as text otherwise (edition=classic). "
        "'getaway games' lists each game's options",
    )


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="getaway",
        description="Tabletop games of crime and escape: play against bots, simulate, "
        "replay and benchmark.",
        epilog="Exit codes: 0 ok, 2 bad input, 130 interrupted.",
    )
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    p = commands.add_parser("games", help="list the installed games")
    p.add_argument("--json", action="store_true", help="print a JSON list instead of a table")
    p.set_defaults(handler=cmd_games)

    p = commands.add_parser(
        "play",
        help="play a game in the terminal against bots, alone or with others",
        description="Play against bots, alone or with several people at one terminal. At "
        "the prompt type a move (its id or enough of it to pick one) or a command: help, "
        "moves, view, undo, save FILE, quit, and the game's extra views ('getaway games' lists "
        "them). Ctrl-D or Ctrl-C stop cleanly. Another seat's move is shown as the game shows "
        "it to you: in full, as its public part (with '?' for its secrets), or not at all. "
        "Several human seats that may see different things "
        "play in hot-seat mode (see --hotseat): the screen is cleared and the terminal "
        "passed to each seat's player before their turn, and each sees only their own view "
        "and what it shows of the moves since their last turn; in simultaneous steps the "
        "human seats choose one after another in seat order. The replay is saved on exit (in "
        "$GETAWAY_REPLAY_DIR, default: a getaway-replays folder in the temp directory).",
    )
    p.add_argument("game", help="game name (see 'getaway games')")
    who = p.add_mutually_exclusive_group()
    who.add_argument("--as", dest="as_", metavar="SEAT-OR-SIDE", help=AS_HELP)
    who.add_argument("--humans", type=positive_int, metavar="N", help=HUMANS_HELP)
    p.add_argument(
        "--hotseat",
        action=argparse.BooleanOptionalAction,
        default=None,
        help=HOTSEAT_HELP,
    )
    p.add_argument(
        "--seed",
        type=int,
        help="play a practice game on this seed, for repeating a game (whoever knows the seed "
        "knows every hidden card; default: 64 random bits from the OS, shown at the end)",
    )
    p.add_argument(
        "--bots",
        metavar="NAME[,NAME...]",
        help="bot for the other seats: one name for all, or one per bot seat in seat order "
        "(default: 'heuristic' where the game has it, else 'random')",
    )
    _add_game_options(p)
    p.set_defaults(handler=cmd_play)

    p = commands.add_parser(
        "simulate",
        help="play many bot games and report win rates",
        description="Play bot games fast. Game i uses seed derive_seed(SEED, i), so results "
        "do not depend on --workers or --backend and each game can be rerun alone.",
    )
    p.add_argument("game", help="game name (see 'getaway games')")
    p.add_argument("--games", type=positive_int, default=100, help="games to play (100)")
    p.add_argument("--seed", type=int, default=0, help="seed of the run (0)")
    p.add_argument(
        "--bots",
        default="random",
        metavar="NAME[,NAME...]",
        help="bots by seat in seat order; one name plays every seat (default: random)",
    )
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument("--replays", type=Path, metavar="DIR", help="write one replay per game")
    p.add_argument(
        "--workers",
        type=positive_int,
        default=None,
        metavar="K",
        help="processes to use, or the CPUs of a local Ray cluster (default 1)",
    )
    add_backend_options(p)
    _add_game_options(p)
    p.set_defaults(handler=cmd_simulate)

    p = commands.add_parser(
        "replay",
        help="step through a saved game as one seat saw it",
        description="Show a replay as a seat saw it. An action id can itself be secret, so "
        "a step shows it only to the seat that played it, to 'all', or once the game is over "
        '(in JSON: "action": null otherwise).',
    )
    p.add_argument("file", type=Path, help="replay file (from 'play', 'simulate --replays')")
    p.add_argument(
        "--as",
        dest="as_",
        default=SPECTATOR,
        metavar="SEAT",
        help=f"a seat, '{SPECTATOR}' (public information, the default) or '{ALL}' (everything)",
    )
    p.add_argument("--json", action="store_true", help="one JSON object per step and line")
    p.add_argument("--step", action="store_true", help="wait for Enter between steps")
    p.set_defaults(handler=cmd_replay)

    p = commands.add_parser(
        "bench",
        help="measure the rules' speed with random games",
        description="Random games through the public protocol on one core, plus µs per "
        "clone(), legal_actions() and apply() call. With GAME and --json: one JSON object; "
        "without GAME: every game, and --json prints a JSON list. 'getaway bench server' "
        "instead starts 'getaway serve' and plays --matches concurrent matches against it over "
        "HTTP (see docs/performance.md); 'getaway bench cluster' starts --processes of them on "
        "one PostgreSQL database with a Redis of its own, plays --matches to their end while "
        "killing processes and Redis, and counts lost and duplicated actions. With --ismcts: "
        "the search bot (--bot, default hard) "
        "decides once at each of --positions positions along random games; prints its "
        "iterations per second (wall and per CPU-second), mean iterations and seconds per "
        "move, and how many decisions the time cap cut short (--no-cap drops the cap).",
    )
    p.add_argument("game", nargs="?", help="game name (default: every installed game)")
    p.add_argument("--json", action="store_true", help="print JSON")
    p.add_argument("--seconds", type=positive_float, default=5.0, help="time per game (default 5)")
    p.add_argument("--games", type=positive_int, help="play exactly this many whole games")
    p.add_argument("--seed", type=int, default=0, help="seed (default 0)")
    p.add_argument(
        "--ismcts",
        action="store_true",
        help="measure the search bot instead of random games (see --bot, --positions)",
    )
    p.add_argument(
        "--bot",
        default="hard",
        metavar="SPEC",
        help="'--ismcts' only: a level or search spec, e.g. ismcts:iterations=2000 (hard)",
    )
    p.add_argument(
        "--no-cap",
        action="store_true",
        help="'--ismcts' only: drop the bot's time cap so every decision runs its whole "
        "iteration budget (reproducible on any machine; 'capped' is then 0)",
    )
    p.add_argument(
        "--positions",
        type=positive_int,
        default=20,
        help="'--ismcts' only: positions to search (default 20)",
    )
    p.add_argument(
        "--matches",
        type=positive_int,
        default=20,
        help="'bench server' and 'bench cluster': concurrent matches (default 20)",
    )
    p.add_argument(
        "--processes",
        type=positive_int,
        default=3,
        help="'bench cluster' only: server processes on the one database (default 3)",
    )
    p.add_argument(
        "--kill-every",
        type=positive_float,
        default=10.0,
        metavar="SECONDS",
        help="'bench cluster' only: a fault every SECONDS: a server process killed and "
        "restarted, or (every third) Redis (default 10)",
    )
    p.add_argument(
        "--plot",
        metavar="PNG",
        help="'bench cluster' only: draw the actions per second and the faults to PNG",
    )
    p.add_argument(
        "--logs",
        metavar="DIR",
        help="'bench cluster' only: keep every server process's log in DIR (default: dropped)",
    )
    p.add_argument(
        "--rate",
        type=positive_float,
        help="'bench server' only: actions per second offered over all matches "
        "(default: as fast as the server answers)",
    )
    p.add_argument(
        "--database-url",
        metavar="URL",
        help="'bench server': the server's database (default: a temporary SQLite file); "
        "'bench cluster': the PostgreSQL database the processes share (required; an empty one)",
    )
    p.add_argument(
        "--transport",
        choices=("ws", "http"),
        default="ws",
        help="'bench server' only: 'ws' sends each action on the seat's WebSocket and gets "
        "the states pushed (as the web client would); 'http' does a GET of the state and a "
        "POST of the action (default ws)",
    )
    p.add_argument(
        "--game",
        dest="server_game",
        metavar="GAME",
        help="'bench server' only: the game of the matches (default: the first installed "
        "game by name; 'getaway games' lists them)",
    )
    p.set_defaults(handler=cmd_bench)

    p = commands.add_parser(
        "serve",
        help="run the game server (HTTP API and live updates)",
        description="Serve matches over HTTP and WebSockets (see docs/server.md). The "
        "database is --database-url, else $GETAWAY_DATABASE_URL, else the SQLite file "
        "getaway.sqlite3 in $GETAWAY_DATA_DIR (default ./data). Unfinished matches resume "
        "at start-up. Ctrl-C stops it.",
    )
    p.add_argument("--host", default="127.0.0.1", help="address to listen on (127.0.0.1)")
    p.add_argument("--port", type=port_number, default=8000, help="port (8000; 0 picks a free one)")
    p.add_argument(
        "--database-url",
        metavar="URL",
        help="SQLAlchemy URL, e.g. postgresql://user@host/db or sqlite:///path/file.sqlite3",
    )
    p.set_defaults(handler=cmd_serve)
    register_tournament(commands)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit code."""
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:  # argparse reports usage errors (2) and --help (0) this way
        return exc.code if isinstance(exc.code, int) else EXIT_OK
    try:
        code: int = args.handler(args)
    except (GetawayError, UsageError) as exc:
        print(f"getaway {args.command}: error: {exc}", file=sys.stderr)
        return EXIT_USAGE
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return EXIT_INTERRUPTED
    except BrokenPipeError:
        # The reader went away (`getaway replay ... | head`): stop quietly, like other tools.
        with contextlib.suppress(OSError):
            # Point stdout at devnull so the interpreter's exit-time flush stays quiet.
            sys.stdout = open(os.devnull, "w")  # noqa: SIM115, PTH123
        return EXIT_OK
    return code
