"""Shared helpers of the Escape from New York tests: a copy of the data files to break."""

from __future__ import annotations

import json
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from getaway.core.content import ContentError
from getaway.games.escape_from_new_york.content import DATA_DIR, load_content_from


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


def refused(directory: Path) -> ContentError:
    """The error loading ``directory`` raises (the test fails if it loads)."""
    with pytest.raises(ContentError) as caught:
        load_content_from(directory)
    return caught.value


def by_id(entries: list[Any], ident: str) -> Any:
    return next(entry for entry in entries if entry["id"] == ident)


def cell(data: Any, col: int, row: int) -> Any:
    return next(c for c in data["cells"] if (c["col"], c["row"]) == (col, row))
