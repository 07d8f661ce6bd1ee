"""Each game plays its golden playthroughs exactly as checked in (see ``__init__``)."""

from __future__ import annotations

import json

import pytest

from tests.golden.cases import CASES, Case, delta, playthrough

REGENERATE = "if the change is intended, run ./dev golden and review the diff"


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.name)
def test_the_game_plays_as_its_golden_playthrough(case: Case):
    assert case.path.exists(), f"{case.path} is missing; {REGENERATE}"
    expected = case.path.read_text(encoding="utf-8").splitlines()
    for number, line in enumerate(playthrough(case)):
        assert number < len(expected), f"{case.name}: the game now lasts longer; {REGENERATE}"
        if line != expected[number]:
            pytest.fail(f"{case.name}: {_first_difference(line, expected[number])}; {REGENERATE}")
    assert number + 1 == len(expected), f"{case.name}: the game now ends sooner; {REGENERATE}"


def _first_difference(now: str, then: str) -> str:
    """Where two records first differ, as a path into the JSON."""
    a, b = json.loads(now), json.loads(then)
    where = _path_to_difference(a, b, f"step {a.get('step', '-')} ({a.get('viewer', 'action')})")
    return f"{where} differs"


def _path_to_difference(a: object, b: object, path: str) -> str:
    if isinstance(a, dict) and isinstance(b, dict):
        for key in sorted(set(a) | set(b)):
            if a.get(key) != b.get(key):
                return _path_to_difference(a.get(key), b.get(key), f"{path}.{key}")
    if isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
        for i, (x, y) in enumerate(zip(a, b, strict=True)):
            if x != y:
                return _path_to_difference(x, y, f"{path}[{i}]")
    return f"{path} (now {json.dumps(a)[:80]}, was {json.dumps(b)[:80]})"


def test_a_changed_record_is_reported_with_its_path():
    now = json.dumps({"step": 3, "views": {"a": {"x": [1, 2]}}})
    then = json.dumps({"step": 3, "views": {"a": {"x": [1, 5]}}})
    assert _first_difference(now, then) == "step 3 (action).views.a.x[1] (now 2, was 5) differs"


def test_a_view_is_recorded_as_its_changes():
    old = {"round": 1, "log": [1, 2], "hand": [3], "gone": True}
    new = {"round": 2, "log": [1, 2, 5], "hand": [4], "new": None}
    assert delta(old, new) == {
        "round": {"=": 2},
        "log": {"+": [5]},
        "hand": {"@": {"0": {"=": 4}}},
        "new": {"=": None},
        "-": ["gone"],
    }
    assert delta({"a": {"b": 1, "c": 2}}, {"a": {"b": 1, "c": 3}}) == {"a": {"c": {"=": 3}}}
    assert delta([{"x": 1}, {"x": 2}], [{"x": 1}, {"x": 5}]) == {"@": {"1": {"x": {"=": 5}}}}
