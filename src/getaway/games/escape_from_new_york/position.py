"""A position: the table, the rules it was dealt under, the seed and the generator: what the
protocol's ``State`` (``game.py``) wraps, what setup makes, what saves hold and what views
are cut from.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from getaway.core.errors import SaveFileError
from getaway.core.game import JSONDict
from getaway.core.rng import Rng
from getaway.core.saves import RNG_RANGE, SEED_RANGE, SaveReader, reading
from getaway.games.escape_from_new_york.invariants import problems
from getaway.games.escape_from_new_york.options import GAME_NAME, Rules, rules_for
from getaway.games.escape_from_new_york.setup import new_table
from getaway.games.escape_from_new_york.state import Table

#: The save format this version writes and reads.
SAVE_FORMAT = 1


@dataclass(slots=True)
class Position:
    rules: Rules
    seed: int
    rng: Rng
    table: Table

    @classmethod
    def new(cls, options: Mapping[str, Any] | None, seed: int) -> Position:
        """A game set up from ``seed`` (§4.2): the generator is seeded with it and every
        draw of the setup comes from it."""
        rules = rules_for(options)
        rng = Rng(seed)
        return cls(rules, seed, rng, new_table(rules, rng))

    def clone(self) -> Position:
        return Position(self.rules, self.seed, self.rng.clone(), self.table.clone())

    def to_json(self) -> JSONDict:
        return {
            "game": GAME_NAME,
            "format": SAVE_FORMAT,
            "options": dict(self.rules.options),
            "seed": self.seed,
            "rng": self.rng.state,
            "table": self.table.to_json(),
        }

    @classmethod
    def from_json(cls, data: Any) -> Position:
        """Read :meth:`to_json` back. Malformed data, or a position the rules cannot reach
        (components that do not add up), raises :class:`SaveFileError` naming what is
        wrong."""
        return reading(_load, data)


def _load(reader: SaveReader) -> Position:
    options = reader.header(GAME_NAME, SAVE_FORMAT)
    rules = rules_for(options)
    seed = reader.integer("seed", *SEED_RANGE)
    rng = Rng.from_state(reader.integer("rng", *RNG_RANGE))
    table = Table.from_json(rules, reader.object("table"))
    found = problems(rules, table)
    if found:
        raise SaveFileError(f"save file: the table is not one the rules allow: {'; '.join(found)}")
    return Position(rules, seed, rng, table)
