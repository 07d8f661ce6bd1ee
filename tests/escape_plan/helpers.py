"""Shared helpers of the Escape Plan tests: a copy of the data files to break, and the
cheapest walk on a city map."""

from __future__ import annotations

import heapq
import itertools
import json
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

from getaway.games.escape_plan import CityMap, SquareTopology, load_content
from getaway.games.escape_plan.content import DATA_DIR


def copy_data(tmp_path: Path) -> Path:
    target = tmp_path / "data"
    shutil.copytree(DATA_DIR, target)
    return target


def edit(directory: Path, filename: str, change: Callable[[Any], None]) -> None:
    """Apply ``change`` to the parsed JSON of ``filename`` and write it back."""
    path = directory / filename
    data = json.loads(path.read_text(encoding="utf-8"))
    change(data)
    path.write_text(json.dumps(data, ensure_ascii=False, indent=1), encoding="utf-8")


def start_city(rotation: int = 0) -> CityMap:
    """START_H on (0, 0) and START_G on (1, 0), both turned ``rotation``."""
    content = load_content()
    return (
        CityMap(SquareTopology())
        .with_tile(content.tile("START_H"), (0, 0), rotation)
        .with_tile(content.tile("START_G"), (1, 0), rotation)
    )


def path_cost(city: CityMap, path: list[str]) -> int:
    """The MP of walking ``path`` node by node; fails if two steps are not linked."""
    total = 0
    for here, there in itertools.pairwise(path):
        assert there in city.links[here], f"{here} does not touch {there}"
        total += city.links[here][there]
    return total


def cheapest(city: CityMap, start: str, goal: str) -> int | None:
    """The fewest MP from ``start`` to ``goal`` (water allowed)."""
    best = {start: 0}
    queue = [(0, start)]
    while queue:
        cost, node = heapq.heappop(queue)
        if node == goal:
            return cost
        if cost > best[node]:
            continue
        for near, step in city.links[node].items():
            if cost + step < best.get(near, cost + step + 1):
                best[near] = cost + step
                heapq.heappush(queue, (cost + step, near))
    return None
