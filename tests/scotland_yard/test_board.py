"""The board data (shared/data/scotland-yard/SOURCES.md) and the engine's tables built on it."""

from __future__ import annotations

from collections import Counter, deque

import pytest

from getaway.games.scotland_yard.board import TRANSPORTS, board_for
from tests.scotland_yard.helpers import (
    CLASSIC_DECK,
    D_DECK,
    DATA,
    X_DECK,
    csv_rows,
    edge_rows,
    nbrs,
    shared_data_dir,
)

FERRIES = {(108, 115), (115, 157), (157, 194)}


def test_board_has_199_stations_numbered_without_gaps():
    """SOURCES.md: stations.csv holds ids 1..199, no gaps (spec section 3)."""
    ids = [int(r["id"]) for r in csv_rows("stations.csv")]
    assert ids == list(range(1, 200))
    assert sorted(board_for("2014").coords) == list(range(1, 200))


def test_2014_edges_are_345_taxi_99_bus_20_underground_3_ferry():
    """SOURCES.md verified counts for edges.csv (the 2014 edition)."""
    counts = Counter(t for _, _, t in edge_rows("2014"))
    assert counts == {"taxi": 345, "bus": 99, "underground": 20, "ferry": 3}
    assert len(edge_rows("2014")) == 467


def test_classic_edges_are_346_taxi_99_bus_20_underground_3_ferry():
    """SOURCES.md verified counts for edges_classic.csv."""
    counts = Counter(t for _, _, t in edge_rows("classic"))
    assert counts == {"taxi": 346, "bus": 99, "underground": 20, "ferry": 3}
    assert len(edge_rows("classic")) == 468


def test_classic_board_differs_only_by_taxi_13_14():
    """SOURCES.md: the two editions differ by exactly one edge, 13-14 taxi."""
    assert set(edge_rows("classic")) - set(edge_rows("2014")) == {(13, 14, "taxi")}
    assert set(edge_rows("2014")) <= set(edge_rows("classic"))


@pytest.mark.parametrize("edition", ["2014", "classic"])
def test_ferry_edges_are_108_115_and_115_157_and_157_194(edition):
    """Spec section 3: the black river line joins 108-115, 115-157 and 157-194."""
    assert {(a, b) for a, b, t in edge_rows(edition) if t == "ferry"} == FERRIES


def test_rulebook_example_157_to_115_is_a_ferry_only_connection():
    """Spec section 3 / rulebook: the example 157 -> 115 rides the ferry and nothing else."""
    assert board_for("2014").transports_between(157, 115) == ["ferry"]
    assert board_for("2014").transports_between(115, 157) == ["ferry"]


@pytest.mark.parametrize("edition", ["2014", "classic"])
def test_each_edge_is_listed_once_with_a_below_b(edition):
    """SOURCES.md: each undirected edge appears once with a < b."""
    rows = edge_rows(edition)
    assert all(a < b for a, b, _ in rows)
    assert len(set(rows)) == len(rows)
    assert all(t in TRANSPORTS for _, _, t in rows)


def test_every_station_is_a_taxi_station():
    """Spec section 3: every station is a taxi station (has a taxi edge)."""
    assert all(nbrs(s, "taxi") for s in range(1, 200))


def test_underground_stations_are_the_14_listed():
    """SOURCES.md: 14 stations have underground service."""
    underground = {s for s in range(1, 200) if nbrs(s, "underground")}
    assert underground == {1, 13, 46, 67, 74, 79, 89, 93, 111, 128, 140, 153, 163, 185}


def test_62_stations_are_bus_stops():
    """SOURCES.md: 62 stations have bus service."""
    assert sum(1 for s in range(1, 200) if nbrs(s, "bus")) == 62


@pytest.mark.parametrize("edition", ["2014", "classic"])
def test_engine_adjacency_matches_the_csv(edition):
    """Spec section 3: a move follows exactly one edge; the engine's tables are the CSV."""
    board = board_for(edition)
    for s in range(1, 200):
        for t, name in enumerate(TRANSPORTS):
            assert set(board.nbrs[t][s]) == nbrs(s, name, edition), (s, name)
        assert set(board.hunter_nbrs[s]) == nbrs(s, "hunter", edition)
        assert set(board.black_nbrs[s]) == nbrs(s, "black", edition)


def test_start_card_decks_are_16_d_and_13_x_and_18_classic():
    """Spec section 2.1: D deck (16), X deck (13), disjoint; classic 18 shared cards."""
    rows = csv_rows("start_cards.csv")
    decks: dict[str, list[int]] = {}
    for r in rows:
        decks.setdefault(r["deck"], []).append(int(r["station"]))
    assert sorted(decks["edition2014_D"]) == list(D_DECK)
    assert sorted(decks["edition2014_X"]) == list(X_DECK)
    assert sorted(decks["classic_shared"]) == list(CLASSIC_DECK)
    assert len(D_DECK) + len(X_DECK) == 29
    assert not set(D_DECK) & set(X_DECK)


def test_engine_decks_match_the_spec():
    """Spec section 2.1 and 14.2 start_decks: 2014 D/X decks, classic one shared deck."""
    new, classic = board_for("2014"), board_for("classic")
    assert sorted(new.hunter_deck) == list(D_DECK)
    assert sorted(new.mrx_deck) == list(X_DECK)
    assert not new.shared_deck
    assert sorted(classic.hunter_deck) == sorted(classic.mrx_deck) == list(CLASSIC_DECK)
    assert classic.shared_deck


def test_every_x_card_is_at_least_two_moves_from_every_d_card():
    """Spec section 2.1: Mr. X never starts one hunter move from a hunter."""
    for d in D_DECK:
        dist = {d: 0}
        queue = deque([d])
        while queue:
            s = queue.popleft()
            for v in nbrs(s, "hunter"):
                if v not in dist:
                    dist[v] = dist[s] + 1
                    queue.append(v)
        assert min(dist[x] for x in X_DECK) >= 2, d


@pytest.mark.parametrize(
    "filename", ["edges.csv", "edges_classic.csv", "stations.csv", "start_cards.csv"]
)
def test_shipped_csvs_are_identical_to_shared_data(filename):
    """The package data files are exact copies of shared/data/scotland-yard (SOURCES.md)."""
    shipped = (DATA / filename).read_bytes()
    assert shipped == (shared_data_dir() / filename).read_bytes()
