"""Helpers for the Scotland Yard rules tests.

* Board facts read straight from the shipped CSV files, independently of the engine's own
  tables, so expected values in the tests do not come from the code under test.
* :func:`craft`: a crafted position built on the canonical JSON form (``to_json`` /
  ``state_from_json``), keeping the loader's invariants (ticket conservation, black and
  double-move counts) consistent.
* :func:`drive`: a deterministic game driver in which the hunters never step onto Mr. X, so
  a game runs to its last round unless Mr. X gets trapped.
"""

from __future__ import annotations

import csv
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from functools import cache
from pathlib import Path
from typing import Any, cast

from getaway.core import IllegalActionError, Rng, get_game
from getaway.games.scotland_yard import ScotlandYardState

GAME = get_game("scotland-yard")

REPO = Path(__file__).resolve().parents[2]
DATA = REPO / "src" / "getaway" / "games" / "scotland_yard" / "data"
#: The shared, verified copy of the board data (spec section 2.1 and SOURCES.md).
SHARED_DATA_CANDIDATES = (
    REPO.parent / "shared" / "data" / "scotland-yard",
    Path("/work/shared/data/scotland-yard"),
)

#: Spec section 2: ordinary tickets in the box, and one detective's board.
BOX = {"taxi": 57, "bus": 45, "underground": 23}
DETECTIVE_BOARD = {"taxi": 11, "bus": 8, "underground": 4}
ORDINARY = ("taxi", "bus", "underground")
#: Spec section 2.1: the start-card decks.
D_DECK = (13, 26, 29, 34, 50, 53, 91, 94, 103, 112, 117, 123, 138, 141, 155, 174)
X_DECK = (35, 45, 51, 71, 78, 104, 106, 127, 132, 146, 166, 170, 172)
CLASSIC_DECK = (13, 26, 29, 34, 50, 53, 91, 94, 103, 112, 117, 132, 138, 141, 155, 174, 197, 198)
REVEALS = (3, 8, 13, 18, 24)


def shared_data_dir() -> Path:
    for path in SHARED_DATA_CANDIDATES:
        if path.is_dir():
            return path
    raise AssertionError(f"shared board data not found in {SHARED_DATA_CANDIDATES}")


def csv_rows(filename: str, directory: Path = DATA) -> list[dict[str, str]]:
    with (directory / filename).open(encoding="utf-8", newline="") as f:
        return list(csv.DictReader(f))


@cache
def edge_rows(edition: str = "2014") -> tuple[tuple[int, int, str], ...]:
    name = "edges.csv" if edition == "2014" else "edges_classic.csv"
    return tuple((int(r["a"]), int(r["b"]), r["transport"]) for r in csv_rows(name))


@cache
def _adjacency(edition: str) -> dict[str, dict[int, frozenset[int]]]:
    adj: dict[str, dict[int, set[int]]] = {
        t: {s: set() for s in range(1, 200)} for t in ("taxi", "bus", "underground", "ferry")
    }
    for a, b, t in edge_rows(edition):
        adj[t][a].add(b)
        adj[t][b].add(a)
    return {t: {s: frozenset(v) for s, v in m.items()} for t, m in adj.items()}


def nbrs(station: int, transport: str, edition: str = "2014") -> frozenset[int]:
    """Stations one ride of ``transport`` from ``station`` (``black``: any line, the ferry
    included; ``hunter``: taxi, bus or underground)."""
    adj = _adjacency(edition)
    if transport == "black":
        return frozenset().union(*(adj[t][station] for t in adj))
    if transport == "hunter":
        return frozenset().union(*(adj[t][station] for t in ORDINARY))
    return adj[transport][station]


def legs_of(turn: str) -> list[tuple[str, int, bool]]:
    """The travel-log entries (ticket, station, double) written by one Mr. X turn, given as
    a single ride's id or as ``double:LEG/LEG``."""
    if turn.startswith("double:"):
        first, second = turn[len("double:") :].split("/")
        return [(*_leg(first), True), (*_leg(second), True)]
    return [(*_leg(turn), False)]


def _leg(leg: str) -> tuple[str, int]:
    ticket, station = leg.split(":")
    return ticket, int(station)


def craft(
    options: Mapping[str, Any] | None = None,
    *,
    mrx: int,
    hunters: Mapping[str, int],
    turns: Sequence[str] = (),
    start: int | None = None,
    wallets: Sequence[Sequence[int]] | None = None,
    phase: str = "mrx",
    moved: Sequence[str] = (),
    round_: int | None = None,
    start_candidates: Iterable[int] | None = None,
    hunters_at_entry: Sequence[Sequence[int]] | None = None,
    searched: Sequence[Sequence[int]] | None = None,
    revealed: Sequence[bool] | None = None,
) -> ScotlandYardState:
    """A crafted position, loaded through ``state_from_json``.

    ``turns`` are Mr. X's past turns as action ids (one per round played); Mr. X stands on
    the last station they name, which must be ``mrx``. The supply is whatever the box holds
    beyond the wallets and the log (spec section 10), and black and double-move tickets left
    are 5 and 2 minus those on the log, so the loader's conservation checks hold.
    """
    base = GAME.new_state(options, 0).to_json()
    opts = base["options"]
    entries = [leg for turn in turns for leg in legs_of(turn)]
    if entries:
        assert entries[-1][1] == mrx, "mrx must be the last station of the turns"
    if revealed is None:
        if opts["reveal_rule"] == "entries":
            revealed = [k in opts["reveal_at"] for k in range(1, len(entries) + 1)]
        else:
            revealed = []
            for r, turn in enumerate(turns, start=1):
                n = len(legs_of(turn))
                revealed += [False] * (n - 1) + [r in opts["reveal_at"]]
    wallet_list = [list(w) for w in (wallets if wallets is not None else base["wallets"])]
    supply = []
    for t, name in enumerate(ORDINARY):
        used = 0 if opts["mrx_tickets"] == "unlimited" else sum(e[0] == name for e in entries)
        supply.append(BOX[name] - sum(w[t] for w in wallet_list) - used)
    if min(supply) < 0:
        raise ValueError(f"more tickets on boards and log than in the box: supply {supply}")
    black = 5 - sum(e[0] == "black" for e in entries)
    double = 2 - sum(e[2] for e in entries) // 2
    if black < 0 or double < 0:
        raise ValueError("more black or double-move tickets used than Mr. X has")
    if start_candidates is None:
        if opts["start_cards"] == "classic":
            start_candidates = sorted(set(CLASSIC_DECK) - set(hunters.values()))
        else:
            start_candidates = X_DECK
    if round_ is None:
        round_ = len(turns) + (1 if phase == "mrx" else 0)
    if hunters_at_entry is None and entries:
        # Pieces that moved this phase came from somewhere: one ride from a free station.
        moved_to = [hunters[p] for p in moved]
        avoid = {*hunters.values(), *(station for _, station, _ in entries)}
        came_from = [_free_neighbour(v, avoid, opts["board"]) for v in moved_to]
        at = sorted({*hunters.values()} - set(moved_to) | set(came_from))
        hunters_at_entry = [at for _ in entries]
        if searched is None:
            searched = [[] for _ in entries] + [moved_to]
    data = dict(base)
    data.update(
        {
            "round": round_,
            "phase": phase,
            "mrx": mrx,
            "mrx_start": start if start is not None else _start_before(entries, mrx, opts),
            "start_candidates": sorted(start_candidates),
            "hunters": dict(hunters),
            "wallets": wallet_list,
            "supply": supply,
            "black": black,
            "double": double,
            "log": [[t, d, s, r] for (t, s, d), r in zip(entries, revealed, strict=True)],
            "hunters_at_entry": (
                [sorted(h) for h in hunters_at_entry]
                if hunters_at_entry is not None
                else [sorted(hunters.values()) for _ in entries]
            ),
            "searched": (
                [sorted(s) for s in searched]
                if searched is not None
                else [[] for _ in range(len(entries) + 1)]
            ),
            "moved": list(moved),
        }
    )
    return cast(ScotlandYardState, GAME.state_from_json(data))


def _free_neighbour(station: int, avoid: set[int], board: str) -> int:
    """A station one hunter ride from ``station`` outside ``avoid`` (added to it)."""
    found = min(v for v in nbrs(station, "hunter", board) if v not in avoid)
    avoid.add(found)
    return found


def _start_before(
    entries: Sequence[tuple[str, int, bool]], mrx: int, opts: Mapping[str, Any]
) -> int:
    """A start station from which the first logged ride is possible (the loader checks that
    the travel log is a path of rides)."""
    if not entries:
        return mrx
    ticket, first, _ = entries[0]
    transport = "black" if ticket == "black" else ticket
    return min(nbrs(first, transport, opts["board"]))


def illegal(state: ScotlandYardState, seat: str, action: str) -> IllegalActionError:
    """Apply an action that must be refused; check the refusal changed nothing."""
    before = state.to_json()
    try:
        state.apply(seat, action)
    except IllegalActionError as err:
        assert state.to_json() == before
        return err
    raise AssertionError(f"{action!r} by {seat!r} was accepted")


def double_moves(state: ScotlandYardState) -> set[str]:
    """Every double move Mr. X may make now, as ``double:LEG/LEG``, found by walking its
    steps (``double``, a first leg, a second leg) on clones."""
    if "double" not in state.legal_actions("mrx"):
        return set()
    found = set()
    opened = state.clone()
    opened.apply("mrx", "double")
    for first in opened.legal_actions("mrx"):
        after_first = opened.clone()
        after_first.apply("mrx", first)
        found |= {f"double:{first}/{second}" for second in after_first.legal_actions("mrx")}
    return found


def play_double(state: ScotlandYardState, turn: str) -> None:
    """Play the double move ``double:LEG/LEG`` step by step."""
    first, second = turn[len("double:") :].split("/")
    for step in ("double", first, second):
        state.apply("mrx", step)


def singles(state: ScotlandYardState) -> set[str]:
    """Mr. X's legal single rides now."""
    return {a for a in state.legal_actions("mrx") if a != "double"}


def destination(action: str) -> int:
    """The final station of any action id (Mr. X's, a detective's or a police piece's)."""
    return int(action.rsplit(":", 1)[1])


def new(options: Mapping[str, Any] | None = None, seed: int = 0) -> ScotlandYardState:
    return cast(ScotlandYardState, GAME.new_state(options, seed))


MrxPolicy = Callable[[ScotlandYardState, Sequence[str]], str]


def farthest(state: ScotlandYardState, actions: Sequence[str]) -> str:
    """Mr. X's driver policy: the move ending farthest from the nearest hunter."""
    dist = state.rules.board.hunter_distance
    hunters = state.pos[1:]
    return max(actions, key=lambda a: min(dist[destination(a)][h] for h in hunters))


def drive(
    state: ScotlandYardState,
    *,
    doubles_at: Iterable[int] = (),
    rounds: int | None = None,
    after_mrx: Callable[[ScotlandYardState], None] | None = None,
) -> ScotlandYardState:
    """Play ``state`` deterministically until the game ends (or ``rounds`` rounds are done).

    Mr. X plays singles, except a double move in each round of ``doubles_at``; he picks the
    move ending farthest from the hunters. Hunters play their first legal move that does
    not land on Mr. X, so there is no capture. ``after_mrx`` sees the state after each of
    Mr. X's turns.
    """
    double_rounds = set(doubles_at)
    while not state.is_over() and (rounds is None or state.round <= rounds):
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        if seat == "mrx":
            if state.round in double_rounds:
                play_double(state, farthest(state, sorted(double_moves(state))))
            else:
                state.apply(seat, farthest(state, [a for a in legal if a != "double"]))
            if after_mrx is not None:
                after_mrx(state)
        else:
            safe = [a for a in legal if destination(a) != state.pos[0]]
            state.apply(seat, (safe or list(legal))[0])
    return state


def hunters_play(state: ScotlandYardState) -> ScotlandYardState:
    """Finish the detectives' phase: each hunter in turn plays its first legal move that
    does not land on Mr. X."""
    while not state.is_over() and state.phase == 1:
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        safe = [a for a in legal if destination(a) != state.pos[0]]
        state.apply(seat, (safe or list(legal))[0])
    return state


def spectator_log(state: ScotlandYardState) -> list[tuple[str, int | None, bool, bool]]:
    """The travel log as the detectives see it: (ticket, station or None, double, revealed)."""
    return [
        (e["ticket"], e["station"], e["double"], e["revealed"])
        for e in state.view("spectator")["mrx_log"]
    ]


#: Every player count with both editions: the settings that whole-game tests sweep.
OPTIONS: list[dict[str, Any]] = [
    {"players": players, "edition": edition}
    for players in range(2, 7)
    for edition in ("2014", "classic")
]


def option_id(options: Mapping[str, Any]) -> str:
    return f"{options['players']}p-{options['edition']}"


def random_states(
    options: Mapping[str, Any], seed: int, *, final: bool = False
) -> Iterator[ScotlandYardState]:
    """The state before every action of a random game (one object, mutated as the game goes
    on), and the final state too when ``final``."""
    state = new(options, seed)
    rng = Rng(seed)
    while not state.is_over():
        yield state
        seat = state.to_act()[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    if final:
        yield state


@cache
def distances_from(station: int) -> dict[int, int]:
    """Rides a hunter needs from ``station`` to every station (BFS over the CSV lines)."""
    dist = {station: 0}
    queue = deque([station])
    while queue:
        s = queue.popleft()
        for v in nbrs(s, "hunter"):
            if v not in dist:
                dist[v] = dist[s] + 1
                queue.append(v)
    return dist
