"""Setup: seats, pieces, tickets and start cards (spec sections 2, 4 and 5)."""

from __future__ import annotations

import pytest

from tests.scotland_yard.helpers import D_DECK, X_DECK, drive, new

LAYOUT = [
    # players, seats, detective pieces, police pieces (spec section 4 table)
    (2, ("mrx", "detectives"), ("d1", "d2"), ("p1", "p2")),
    (3, ("mrx", "d1", "d2"), ("d1", "d2"), ("p1", "p2")),
    (4, ("mrx", "d1", "d2", "d3"), ("d1", "d2", "d3"), ("p1",)),
    (5, ("mrx", "d1", "d2", "d3", "d4"), ("d1", "d2", "d3", "d4"), ()),
    (6, ("mrx", "d1", "d2", "d3", "d4", "d5"), ("d1", "d2", "d3", "d4", "d5"), ()),
]


@pytest.mark.parametrize(("players", "seats", "detectives", "police"), LAYOUT)
def test_seats_and_pieces_per_player_count(players, seats, detectives, police):
    """Spec section 4 table: detectives and police pieces for 2-6 players."""
    state = new({"players": players})
    assert state.seats == seats
    hunters = state.view("spectator")["hunters"]
    assert [h["id"] for h in hunters if h["kind"] == "detective"] == list(detectives)
    assert [h["id"] for h in hunters if h["kind"] == "police"] == list(police)


def test_two_detectives_get_two_police_and_three_get_one():
    """Spec section 4: police only with fewer than 4 detectives: 2 get 2, 3 get 1."""
    kinds = {p: [h["kind"] for h in new({"players": p}).view("all")["hunters"]] for p in (3, 4, 5)}
    assert kinds[3].count("detective") == 2 and kinds[3].count("police") == 2
    assert kinds[4].count("detective") == 3 and kinds[4].count("police") == 1
    assert kinds[5].count("detective") == 4 and kinds[5].count("police") == 0


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_each_detective_starts_with_11_taxi_8_bus_4_underground(players):
    """Spec section 2: each detective's board holds 11 taxi, 8 bus, 4 underground."""
    for h in new({"players": players}).view("spectator")["hunters"]:
        if h["kind"] == "detective":
            assert h["tickets"] == {"taxi": 11, "bus": 8, "underground": 4}
        else:
            assert h["tickets"] is None


@pytest.mark.parametrize(
    ("players", "supply"),
    [(2, (35, 29, 15)), (3, (35, 29, 15)), (4, (24, 21, 11)), (5, (13, 13, 7)), (6, (2, 5, 3))],
)
def test_initial_supply_is_the_box_minus_the_detectives_boards(players, supply):
    """Spec section 2 derived table: 57-11d taxi, 45-8d bus, 23-4d underground."""
    view = new({"players": players}).view("spectator")
    assert tuple(view["supply"].values()) == supply
    assert list(view["supply"]) == ["taxi", "bus", "underground"]


def test_mrx_gets_5_black_and_2_double_tickets_and_no_ordinary_tickets():
    """Spec section 2 and 5.2: Mr. X's kit is 5 black and 2 double-move tickets."""
    view = new().view("mrx")
    assert view["mrx_tickets"] == {"black": 5, "double": 2}
    assert set(view["mrx_tickets"]) == {"black", "double"}


def test_edge_18_third_double_ticket_unused():
    """Spec 13.18 and 5.2: only 2 of the box's 3 double-move tickets reach Mr. X."""
    state = drive(new({"players": 4}, 3), doubles_at=(1, 2), rounds=2)
    assert state.round == 3 and state.to_act() == ("mrx",)
    assert len(state.log_ticket) == 4
    assert not any(a.startswith("double:") for a in state.legal_actions("mrx"))
    assert state.view("spectator")["mrx_tickets"]["double"] == 0


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_hunters_start_on_distinct_d_deck_stations(players):
    """Spec 5.6: detectives then police draw D cards without replacement."""
    for seed in range(40):
        state = new({"players": players}, seed)
        hunters = state.pos[1:]
        assert len(set(hunters)) == len(hunters)
        assert set(hunters) <= set(D_DECK)


@pytest.mark.parametrize("players", [2, 4, 6])
def test_mrx_starts_secretly_on_an_x_deck_station_with_an_empty_log(players):
    """Spec 5.7: Mr. X draws an X card; it is not written in the log."""
    for seed in range(40):
        state = new({"players": players}, seed)
        view = state.view("all")
        assert view["mrx_start"] == state.pos[0] in X_DECK
        assert view["mrx_log"] == []
        assert view["round"] == 1 and view["phase"] == "mrx" and view["to_act"] == ["mrx"]


def test_edge_14_start_collision_impossible():
    """Spec 13.14: D and X decks are disjoint and D cards are drawn without replacement."""
    for players in range(2, 7):
        for seed in range(60):
            state = new({"players": players}, seed)
            assert len(set(state.pos)) == len(state.pos)
            assert state.pos[0] not in state.pos[1:]


def test_start_draw_is_deterministic_per_seed():
    """Spec 5 (engine): the setup is a function of the seed."""
    for seed in (0, 1, 12345):
        assert new({"players": 5}, seed).to_json() == new({"players": 5}, seed).to_json()


def test_start_draw_differs_across_seeds():
    """Spec 5.5: each deck is shuffled; different seeds give different deals."""
    deals = {tuple(new({"players": 4}, seed).pos) for seed in range(30)}
    assert len(deals) >= 28
    mrx_starts = {new({"players": 4}, seed).pos[0] for seed in range(30)}
    assert len(mrx_starts) >= 8


def test_start_draws_cover_the_whole_decks():
    """Spec 5.5-5.7: every D card and every X card can be drawn."""
    hunters: set[int] = set()
    mrx: set[int] = set()
    for seed in range(300):
        state = new({"players": 6}, seed)
        hunters |= set(state.pos[1:])
        mrx.add(state.pos[0])
    assert hunters == set(D_DECK)
    assert mrx == set(X_DECK)


def test_detectives_know_only_that_mrx_started_on_an_x_card():
    """Spec 12: the start station is private; detectives see the 13 X-deck stations."""
    state = new({"players": 4}, 7)
    for seat in ("d1", "spectator"):
        view = state.view(seat)
        assert "mrx_start" not in view
        assert view["mrx_location"] is None
        assert view["possible_locations"] == sorted(X_DECK)
    assert state.view("mrx")["mrx_start"] == state.pos[0]
