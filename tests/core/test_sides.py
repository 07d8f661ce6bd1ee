"""Sides and hidden roles (``core/sides.py``): a role dealt to a fixed number of seats, and one
taken in play by up to a number of them (``at_most``)."""

from __future__ import annotations

import json

import pytest

from getaway.cli.reports import describe_sides
from getaway.core import GetawayError, HiddenRole, Side, Sides

SEATS = ("p1", "p2", "p3")


def test_a_dealt_role_has_a_fixed_number_of_holders() -> None:
    role = HiddenRole("cop", SEATS, "at the end of the game")
    assert (role.count, role.at_most) == (1, False)
    assert role.describe_count() == "1"
    assert role.to_json() == {
        "name": "cop",
        "among": list(SEATS),
        "count": 1,
        "at_most": False,
        "known_when": "at the end of the game",
    }
    sides = Sides.solo(SEATS, (role,))
    assert "secretly 1 cop among them (at the end of the game)" in describe_sides(sides)


def test_a_role_taken_in_play_has_up_to_its_count_of_holders() -> None:
    role = HiddenRole("traitor", SEATS, "when one escapes alone", count=1, at_most=True)
    assert role.describe_count() == "up to 1"
    assert role.to_json()["at_most"] is True
    sides = Sides((Side("heroes", SEATS),), (role,))
    json.dumps(sides.to_json())
    assert describe_sides(sides) == (
        "heroes: p1 p2 p3; secretly up to 1 traitor among them (when one escapes alone)"
    )


@pytest.mark.parametrize("at_most", [False, True])
@pytest.mark.parametrize(("among", "count"), [(SEATS, 0), (SEATS, 4), (("p1", "p9"), 1)])
def test_a_role_must_count_seats_of_the_game(
    among: tuple[str, ...], count: int, at_most: bool
) -> None:
    """Even a role taken in play names a count from 1 to the seats it may fall to, and only
    seats of the game: "up to 0" would be no role at all."""
    role = HiddenRole("traitor", among, "never", count=count, at_most=at_most)
    with pytest.raises(GetawayError, match="hidden role 'traitor'"):
        Sides((Side("heroes", SEATS),), (role,))
