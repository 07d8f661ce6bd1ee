"""Location categorization (Nijssen and Winands, 2012): where Mr. X really is, among the
stations the detectives know he may be.

Every possible location is put in a *category*; a detective's search then samples Mr. X's
station with probability proportional to its category's weight instead of uniformly. A
category's weight is a likelihood ratio measured from games: how often Mr. X really stood
in that category, divided by how many possible locations fell into it,

    w(c) = (actual(c) + 1) / (possible(c) + 1 / mean share),

counted at every detective decision over many games (``count_locations``/``fit_weights``;
``scripts/sy_location_weights.py`` runs the measurement). Weights scale freely: only their
ratios matter.

The category of a station is the nearest hunter's distance in rides (1 to 5, 5 meaning "5 or
more"; a hunter's own station is never possible) crossed with the richest line that serves
the station (taxi only, bus, underground), so 15 categories. N&W found the
minimum-distance categorization the most useful; the line kind adds that Mr. X, like any
fugitive, prefers stations with fast ways out. The comment on ``WEIGHTS`` gives the held-out
log-likelihood gains that chose this categorization over either half alone.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from getaway.core import bot_rng
from getaway.games.scotland_yard.board import BUS, UNDERGROUND, Board, stations_of

#: Distance categories 1..DISTANCE_CAP (the last one means "this far or farther").
DISTANCE_CAP = 5
#: Line categories: 0 taxi only, 1 bus (no underground), 2 underground.
LINE_KINDS = 3
CATEGORIES = DISTANCE_CAP * LINE_KINDS

#: Weights by category index ``(distance - 1) * LINE_KINDS + line kind``.
#: Measured with ``scripts/sy_location_weights.py --games 400 --seed 1`` (heuristic Mr. X
#: against heuristic detectives, 4 players, 2014 edition: 21,000 detective decisions). Held
#: out, they are worth 0.36 bits per decision over uniform sampling (distance alone 0.08,
#: line kind alone 0.22). The heuristic Mr. X keeps two rides from the nearest hunter near
#: underground and bus stops; a different Mr. X may differ, which the weights cannot know.
WEIGHTS: tuple[float, ...] = (
    # distance 1: taxi only, bus, underground
    0.1317, 0.2185, 0.4142,
    # distance 2
    0.2567, 0.6669, 1.0,
    # distance 3
    0.1732, 0.4803, 0.5865,
    # distance 4
    0.0568, 0.1736, 0.3194,
    # distance 5 or more
    0.0154, 0.0087, 0.1761,
)  # fmt: skip


def line_kind(board: Board, station: int) -> int:
    """0 for a taxi-only station, 1 for a bus stop without underground, 2 for underground."""
    if board.nbr_mask[UNDERGROUND][station]:
        return 2
    if board.nbr_mask[BUS][station]:
        return 1
    return 0


def nearest_hunter(board: Board, station: int, hunters: Sequence[int]) -> int:
    """Rides from ``station`` to the nearest hunter (without the ferry: hunters never ride it)."""
    row = board.hunter_distance[station]
    return min(row[h] for h in hunters)


def category(board: Board, station: int, hunters: Sequence[int]) -> int:
    distance = min(max(nearest_hunter(board, station, hunters), 1), DISTANCE_CAP)
    return (distance - 1) * LINE_KINDS + line_kind(board, station)


def distance_category(board: Board, station: int, hunters: Sequence[int]) -> int:
    """The minimum-distance categorization alone (N&W's), for comparison."""
    return min(max(nearest_hunter(board, station, hunters), 1), DISTANCE_CAP) - 1


def line_category(board: Board, station: int, hunters: Sequence[int]) -> int:
    """The line-kind categorization alone, for comparison."""
    return line_kind(board, station)


Categorizer = Callable[[Board, int, Sequence[int]], int]


@dataclass
class Observation:
    """One detective decision: the possible locations' categories and the real one's."""

    possible: list[int]
    actual: int


@dataclass
class LocationCounts:
    """Per category: how often Mr. X stood there, and how many possible locations did."""

    categories: int
    actual: list[int] = field(default_factory=list)
    possible: list[int] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.actual = self.actual or [0] * self.categories
        self.possible = self.possible or [0] * self.categories

    def add(self, observation: Observation) -> None:
        self.actual[observation.actual] += 1
        for c in observation.possible:
            self.possible[c] += 1


def fit_weights(counts: LocationCounts) -> tuple[float, ...]:
    """Likelihood-ratio weights, smoothed (one pseudo-observation per category, spread as
    possible locations are on average) and scaled so that the largest is 1."""
    observations = sum(counts.actual)
    locations = sum(counts.possible)
    per_observation = locations / observations if observations else 1.0
    raw = [
        (a + 1) / (p + per_observation) for a, p in zip(counts.actual, counts.possible, strict=True)
    ]
    top = max(raw)
    return tuple(round(w / top, 4) for w in raw)


def log_likelihood_gain(observations: Iterable[Observation], weights: Sequence[float]) -> float:
    """Mean log2-likelihood of the real location under the weighted sampling minus under
    uniform sampling, per observation: how many bits the categorization is worth."""
    total, n = 0.0, 0
    for o in observations:
        mass = sum(weights[c] for c in o.possible)
        total += math.log2(weights[o.actual] * len(o.possible) / mass)
        n += 1
    return total / n if n else 0.0


def observe(
    board: Board, view: Mapping[str, Any], actual: int, categorize: Categorizer
) -> Observation | None:
    """The observation a detective's view gives, or None when there is nothing to guess."""
    possible = view["possible_locations"]
    if len(possible) < 2:
        return None
    hunters = [h["station"] for h in view["hunters"]]
    return Observation(
        [categorize(board, s, hunters) for s in possible], categorize(board, actual, hunters)
    )


def count_locations(
    games: int, seed: int, options: Mapping[str, Any], categorize: Categorizer = category
) -> list[list[Observation]]:
    """Play ``games`` games of the heuristic bots against each other and collect, per game,
    the observations at every detective decision."""
    from getaway.games.scotland_yard import GAME
    from getaway.games.scotland_yard.bots import HeuristicBot

    bot = HeuristicBot()
    out = []
    for g in range(games):
        game_seed = seed * 100_003 + g
        state = GAME.new_state(options, game_seed)
        board = state.rules.board
        # One-way, like every bot's generator: the bots must not be able to recover the seed.
        rng = bot_rng(game_seed, "bot")
        found = []
        while not state.is_over():
            seat = state.to_act()[0]
            view = state.view(seat)
            if seat != "mrx":
                o = observe(board, view, state.pos[0], categorize)
                if o is not None:
                    found.append(o)
            state.apply(seat, bot.choose(GAME, seat, view, state.legal_actions(seat), rng))
        out.append(found)
    return out


def possible_categories(board: Board, possible: int, hunters: Sequence[int]) -> list[int]:
    """The category of every station of the bitmask ``possible``, ascending by station."""
    return [category(board, s, hunters) for s in stations_of(possible)]
