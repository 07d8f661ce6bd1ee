"""Golden setups: a few seeded setups saved as files, so that a change of the setup (a rule,
the generator's use, the data) shows as a diff in review. Same options and seed, same table,
byte for byte, across versions too.

After an intended change, rewrite the files with
``PYTHONPATH=src:. python -m tests.escape_from_new_york.test_golden_setup`` and review the diff.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from getaway.games.escape_from_new_york.position import Position
from tests.escape_from_new_york.test_setup import VARIANT_OPTIONS

GOLDEN = Path(__file__).parent / "golden"

#: name -> (options, seed)
CASES: dict[str, tuple[dict[str, Any], int]] = {
    "setup-1-hero": ({"players": 1}, 1),
    "setup-2-heroes": ({"players": 2}, 2026),
    "setup-4-heroes-every-variant": ({"players": 4, **VARIANT_OPTIONS}, 14),
}


def golden_text(options: dict[str, Any], seed: int) -> str:
    """The saved position, key-sorted, one field a line (readable diffs)."""
    saved = Position.new(options, seed).to_json()
    return json.dumps(saved, sort_keys=True, indent=1, ensure_ascii=False) + "\n"


@pytest.mark.parametrize("name", sorted(CASES))
def test_a_seeded_setup_matches_its_golden_file(name: str) -> None:
    options, seed = CASES[name]
    expected = (GOLDEN / f"{name}.json").read_text(encoding="utf-8")
    assert golden_text(options, seed) == expected, f"{name} changed: see the module docstring"


def test_a_golden_file_loads_back_to_the_same_position() -> None:
    text = (GOLDEN / "setup-2-heroes.json").read_text(encoding="utf-8")
    position = Position.from_json(json.loads(text))
    assert position.table == Position.new(*CASES["setup-2-heroes"]).table


if __name__ == "__main__":
    for case, (case_options, case_seed) in CASES.items():
        (GOLDEN / f"{case}.json").write_text(golden_text(case_options, case_seed), "utf-8")
