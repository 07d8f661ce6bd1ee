"""Who plays with whom: a game's sides, declared by the game, never guessed from seat names.

A :class:`Side` is a group of seats that win or lose together: a team (hunters chasing a hidden
piece, a crew of heroes) or a single seat playing for itself. Every seat belongs to exactly one side
as the table knows it. A :class:`HiddenRole` says that some seats may secretly play for something
else (an undercover cop among the gangsters, a traitor among the heroes): who holds it is a secret
of the game, and ``known_when`` says, in words, when the others learn it. A role dealt at the
start has a fixed number of holders; one taken in play (``at_most``) up to a number, possibly
none. The final holders are in :attr:`getaway.core.outcome.Outcome.roles`.

Front ends read this to group seats (the terminal's ``--as TEAM``, the tournament's roles, the
lobby's seat list) and never read seat names for it.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from getaway.core.errors import GetawayError
from getaway.core.game import JSONDict


@dataclass(frozen=True, slots=True)
class Side:
    """Seats that win or lose together, named as the game names the side."""

    name: str
    seats: tuple[str, ...]

    @property
    def is_team(self) -> bool:
        """Whether several seats play this side together."""
        return len(self.seats) > 1

    def to_json(self) -> JSONDict:
        return {"name": self.name, "seats": list(self.seats)}


@dataclass(frozen=True, slots=True)
class HiddenRole:
    """A secret allegiance: ``count`` of the seats ``among`` secretly hold role ``name``.

    Only the holder knows it at first; ``known_when`` tells the others when they learn it
    ("at the end of the game", "when the traitor escapes").

    ``at_most``: the role is not dealt but taken in play, so *up to* ``count`` seats end up
    holding it, possibly none (a hero who escapes alone is the traitor; if nobody does,
    there was none). Until then any seat of ``among`` might become a holder, so nobody, not
    even a would-be holder, can be said to hold it."""

    name: str
    among: tuple[str, ...]
    known_when: str
    count: int = 1
    at_most: bool = False

    def describe_count(self) -> str:
        """The number of holders in words: ``1``, or ``up to 1``."""
        return f"up to {self.count}" if self.at_most else str(self.count)

    def to_json(self) -> JSONDict:
        return {
            "name": self.name,
            "among": list(self.among),
            "count": self.count,
            "at_most": self.at_most,
            "known_when": self.known_when,
        }


@dataclass(frozen=True, slots=True)
class Sides:
    """Every side of one game (for one set of options), in table order of their first seat,
    and the hidden roles, if any."""

    sides: tuple[Side, ...]
    hidden: tuple[HiddenRole, ...] = ()

    def __post_init__(self) -> None:
        seen: dict[str, str] = {}
        names: set[str] = set()
        for side in self.sides:
            if side.name in names:
                raise GetawayError(f"two sides are called {side.name!r}")
            names.add(side.name)
            if not side.seats:
                raise GetawayError(f"side {side.name!r} has no seat")
            for seat in side.seats:
                if seat in seen:
                    raise GetawayError(
                        f"seat {seat!r} is on two sides: {seen[seat]!r} and {side.name!r}"
                    )
                seen[seat] = side.name
        for role in self.hidden:
            unknown = [s for s in role.among if s not in seen]
            if unknown or not 1 <= role.count <= len(role.among):
                raise GetawayError(
                    f"hidden role {role.name!r}: {role.count} of {list(role.among)} is not a "
                    "number of this game's seats"
                )

    @classmethod
    def solo(cls, seats: Iterable[str], hidden: tuple[HiddenRole, ...] = ()) -> Sides:
        """Each seat plays for itself; a side is named after its seat."""
        return cls(tuple(Side(seat, (seat,)) for seat in seats), hidden)

    def __iter__(self) -> Iterator[Side]:
        return iter(self.sides)

    def __len__(self) -> int:
        return len(self.sides)

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(side.name for side in self.sides)

    @property
    def seats(self) -> tuple[str, ...]:
        return tuple(seat for side in self.sides for seat in side.seats)

    def side_of(self, seat: str) -> Side:
        """The side ``seat`` plays for, as the table knows it."""
        for side in self.sides:
            if seat in side.seats:
                return side
        raise GetawayError(f"seat {seat!r} is on no side; seats: {', '.join(self.seats)}")

    def get(self, name: str) -> Side | None:
        """The side called ``name``, if there is one."""
        for side in self.sides:
            if side.name == name:
                return side
        return None

    def to_json(self) -> JSONDict:
        return {
            "sides": [side.to_json() for side in self.sides],
            "hidden": [role.to_json() for role in self.hidden],
        }
