"""Turn the Scotland Yard board CSVs into the JSON files the browser draws the board from.

The CSVs in ``getaway/games/scotland_yard/data`` are the single source of truth; the browser
cannot read them (the server serves only the game's client folder, this one), so their
contents are copied into ``boards/{board}.json`` beside this file, which the renderer loads.
Run it after changing a CSV::

    python -m getaway.games.scotland_yard.web.build_board_data

``tests/web/test_static.py`` checks that the committed JSON equals what this produces.
"""

from __future__ import annotations

import csv
import json
from importlib.resources import files
from pathlib import Path
from typing import Any

#: The folder the board files are written to (served as /games/scotland-yard/boards/).
BOARDS_DIR = Path(__file__).resolve().parent / "boards"
#: board name -> the edges file of that board (the stations are shared).
BOARDS: dict[str, str] = {"2014": "edges.csv", "classic": "edges_classic.csv"}
DATA_PACKAGE = "getaway.games.scotland_yard"


def _rows(name: str) -> list[dict[str, str]]:
    text = files(DATA_PACKAGE).joinpath("data", name).read_text(encoding="utf-8")
    return list(csv.DictReader(text.splitlines()))


def board_data(board: str) -> dict[str, Any]:
    """The JSON document of one board: stations ``[id, x, y]`` and edges ``[a, b, transport]``."""
    stations = [[int(r["id"]), int(r["x"]), int(r["y"])] for r in _rows("stations.csv")]
    edges = [[int(r["a"]), int(r["b"]), r["transport"]] for r in _rows(BOARDS[board])]
    xs = [s[1] for s in stations]
    ys = [s[2] for s in stations]
    return {
        "board": board,
        "source": f"getaway/games/scotland_yard/data/stations.csv, {BOARDS[board]}",
        "bounds": [min(xs), min(ys), max(xs), max(ys)],
        "stations": stations,
        "edges": edges,
    }


def render(board: str) -> str:
    """The file's exact text: one station or edge per line keeps diffs readable."""
    data = board_data(board)
    head = {k: v for k, v in data.items() if k not in ("stations", "edges")}
    lines = ["{"]
    lines += [f"  {json.dumps(k)}: {json.dumps(v)}," for k, v in head.items()]
    for key in ("stations", "edges"):
        items = data[key]
        lines.append(f'  "{key}": [')
        lines += [
            f"    {json.dumps(item)}{',' if n < len(items) - 1 else ''}"
            for n, item in enumerate(items)
        ]
        lines.append("  ]," if key == "stations" else "  ]")
    lines.append("}")
    return "\n".join(lines) + "\n"


def output_path(board: str, folder: Path = BOARDS_DIR) -> Path:
    return folder / f"{board}.json"


def main() -> None:
    for board in BOARDS:
        path = output_path(board)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(render(board), encoding="utf-8")
        print(f"wrote {path}")


if __name__ == "__main__":
    main()
