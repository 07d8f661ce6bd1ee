"""The detectives' exact belief: where Mr. X can be, from public information (spec 12)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

import pytest

from getaway.core import Rng
from getaway.games.scotland_yard import ScotlandYardState
from tests.scotland_yard.helpers import X_DECK, craft, destination, nbrs, new

FAR = {"d1": 13, "d2": 26, "d3": 29, "p1": 34}


def possible(state: ScotlandYardState, seat: str = "spectator") -> set[int]:
    return set(state.view(seat)["possible_locations"])


def union(stations: Sequence[int] | set[int], ticket: str) -> set[int]:
    out: set[int] = set()
    for s in stations:
        out |= nbrs(s, ticket)
    return out


def test_possible_locations_start_as_the_13_x_deck_stations():
    """Spec 12: initially the set is the 13 X-deck stations."""
    for seed in range(5):
        state = new({"players": 4}, seed)
        assert possible(state) == set(X_DECK)
        assert possible(state, "d1") == set(X_DECK)


def test_possible_locations_expand_by_a_taxi_entry_along_taxi_lines_only():
    """Spec 12: expand along edges of the logged type."""
    state = craft(mrx=106, hunters=FAR)
    state.apply("mrx", "taxi:107")
    expected = union(X_DECK, "taxi") - set(FAR.values())
    assert possible(state) == expected
    bus_only = union(X_DECK, "bus") - union(X_DECK, "taxi")
    assert bus_only and not bus_only & possible(state)


def test_possible_locations_expand_by_a_bus_entry_along_bus_lines_only():
    """Spec 12: a bus entry moves him along a bus line from a possible station."""
    state = craft(mrx=127, hunters=FAR)
    state.apply("mrx", "bus:102")
    assert possible(state) == union(X_DECK, "bus") - set(FAR.values())
    assert 115 not in possible(state)  # a taxi neighbour of 127, not a bus one


def test_possible_locations_expand_by_a_black_entry_along_every_line_and_the_ferry():
    """Spec 12: a black entry expands along all types, ferry included."""
    state = craft(mrx=157, hunters=FAR, start_candidates=[157])
    state.apply("mrx", "black:194")
    assert possible(state) == {115, 133, 142, 156, 158, 170, 185, 194}
    state = craft(mrx=106, hunters=FAR)
    state.apply("mrx", "black:107")
    assert possible(state) == union(X_DECK, "black") - set(FAR.values())


def test_possible_locations_exclude_stations_hunters_occupied_when_he_moved():
    """Spec 12: remove stations occupied by hunters when he moved."""
    state = craft(mrx=106, hunters={**FAR, "d1": 105})
    state.apply("mrx", "taxi:107")
    assert 105 not in possible(state)
    assert possible(state) == union(X_DECK, "taxi") - {105, 26, 29, 34}
    state.apply("d1", "d1:taxi:89")  # leaving 105 does not put him there
    assert 105 not in possible(state)


def test_possible_locations_drop_stations_hunters_stepped_on_without_a_capture():
    """Spec 12: remove any station a hunter has just stepped onto without capturing."""
    state = craft(mrx=106, hunters={**FAR, "d1": 91})
    state.apply("mrx", "taxi:107")
    before = possible(state)
    assert {105, 107} <= before
    state.apply("d1", "d1:taxi:105")
    assert not state.is_over()
    assert possible(state) == before - {105}
    assert state.view("spectator")["public_record"]["searched"] == [[], [105]]


def test_possible_locations_collapse_to_the_station_on_a_reveal():
    """Spec 12 and 8.5: a surfacing entry makes the set his station."""
    state = craft(mrx=106, hunters=FAR, turns=["taxi:107", "taxi:106"])
    assert len(possible(state)) > 1
    state.apply("mrx", "taxi:105")
    assert possible(state) == {105}


def test_possible_locations_expand_again_from_the_revealed_station():
    """Spec 12: after a reveal the next entry starts from the revealed station."""
    state = craft(mrx=105, hunters=FAR, turns=["taxi:107", "taxi:106", "taxi:105"])
    state.apply("mrx", "bus:72")
    assert possible(state) == nbrs(105, "bus")
    assert possible(state) == {72, 87, 89, 107, 108}


def test_possible_locations_on_his_turn_drop_stations_he_could_not_move_from():
    """Spec 11 D2: his turn began and the game went on, so he is not boxed in."""
    state = craft(mrx=132, hunters={"d1": 105, "d2": 107, "d3": 29, "p1": 34})
    assert possible(state) == set(X_DECK) - {106}


def test_possible_locations_use_public_information_only():
    """Spec 12: states that differ only in Mr. X's hidden stations look the same."""
    a = craft(mrx=107, hunters=FAR, turns=["taxi:107"], start=106, phase="detectives")
    b = craft(mrx=105, hunters=FAR, turns=["taxi:105"], start=106, phase="detectives")
    for seat in ("d1", "d2", "d3", "spectator"):
        assert a.view(seat) == b.view(seat)
    assert a.view("mrx") != b.view("mrx")


@dataclass
class Record:
    """The public record, kept by the test itself from what it sees happen."""

    start: set[int]
    tickets: list[str] = field(default_factory=list)
    revealed: list[int | None] = field(default_factory=list)
    hunters_at_entry: list[set[int]] = field(default_factory=list)
    searched: list[set[int]] = field(default_factory=lambda: [set()])

    def expected(self, state: ScotlandYardState) -> set[int]:
        current = self.start - self.searched[0]
        for k, ticket in enumerate(self.tickets):
            station = self.revealed[k]
            if station is not None:
                current = {station}
            else:
                current = union(current, ticket) - self.hunters_at_entry[k]
            current -= self.searched[k + 1]
        if state.to_act() == ("mrx",):
            current = {s for s in current if can_move(state, s)}
        return current


def can_move(state: ScotlandYardState, station: int) -> bool:
    """Whether Mr. X, standing on ``station``, could pay for a ride to a free station."""
    view = state.view("spectator")
    hunters = {h["station"] for h in view["hunters"]}
    if view["mrx_tickets"]["black"] and nbrs(station, "black") - hunters:
        return True
    return any(
        (view["supply_unlimited"] or view["supply"][t]) and nbrs(station, t) - hunters
        for t in ("taxi", "bus", "underground")
    )


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (3, 2), (4, 3), (5, 4), (6, 5)])
def test_possible_locations_match_a_reference_in_random_games(players, seed):
    """Spec 12: the set is exact after every action and always holds his true station."""
    state = new({"players": players}, seed)
    rng = Rng(seed + 100)
    record = Record(start=set(X_DECK))
    while not state.is_over():
        seat = state.to_act()[0]
        legal = list(state.legal_actions(seat))
        if seat == "mrx":
            action = rng.choice(legal)
            hunters = set(state.pos[1:])
            state.apply(seat, action)
            log = state.view("spectator")["mrx_log"]
            # Nothing is written until his turn is complete (a double move takes 3 steps).
            for entry in log[len(record.tickets) :]:
                record.tickets.append(entry["ticket"])
                record.revealed.append(entry["station"] if entry["revealed"] else None)
                record.hunters_at_entry.append(hunters)
                record.searched.append(set())
        else:
            safe = [a for a in legal if destination(a) != state.pos[0]] or legal
            action = rng.choice(safe)
            state.apply(seat, action)
            if not state.is_over():
                record.searched[-1].add(destination(action))
        if not state.is_over():
            assert possible(state) == record.expected(state)
            assert state.pos[0] in possible(state)
