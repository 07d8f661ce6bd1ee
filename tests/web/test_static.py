"""The browser client's static files, the shared ones and every game's client folder:
complete, consistent, parseable, servable."""

from __future__ import annotations

import csv
import fnmatch
import functools
import http.server
import json
import re
import shutil
import subprocess
import threading
import tomllib
import urllib.request
from html.parser import HTMLParser
from pathlib import Path

import pytest

from getaway.games.scotland_yard.web.build_board_data import BOARDS, output_path, render
from getaway.web import STATIC_DIR
from tests.web.test_i18n import client_dirs

ROOT = Path(__file__).resolve().parents[2]
DATA_DIR = ROOT / "src/getaway/games/scotland_yard/data"
JS_DIR = STATIC_DIR / "js"


def _all_js() -> list[Path]:
    """The shared client's modules and every game client's."""
    files = sorted(JS_DIR.glob("*.js"))
    for folder in client_dirs().values():
        files += sorted(folder.rglob("*.js"))
    return files


class _Refs(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.refs: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        for name, value in attrs:
            if name in ("src", "href") and value and not value.startswith(("#", "http")):
                self.refs.append(value)


def _static_file(url: str) -> Path:
    """The file behind a /static/... URL (the server mounts STATIC_DIR at /static/)."""
    assert url.startswith("/static/"), f"{url}: static files must be referenced as /static/..."
    return STATIC_DIR / url.removeprefix("/static/")


def test_index_references_exist() -> None:
    parser = _Refs()
    parser.feed((STATIC_DIR / "index.html").read_text(encoding="utf-8"))
    refs = [r for r in parser.refs if r != "/"]
    assert any(r.endswith("app.js") for r in refs)
    for ref in refs:
        assert _static_file(ref).is_file(), f"index.html references missing {ref}"


def test_module_imports_exist() -> None:
    """Every import of every module resolves to a file (no bundler checks this): relative
    ones in the module's folder, /static/... ones (a game's module importing the shared
    helpers) in the shared client's."""
    checked = 0
    for path in _all_js():
        for target in re.findall(r'from\s+"([^"]+)"', path.read_text(encoding="utf-8")):
            if target.startswith("/static/"):
                found = _static_file(target)
            else:
                assert target.startswith("."), f"{path}: import {target!r} from no file"
                found = (path.parent / target).resolve()
            assert found.is_file(), f"{path} imports {target}"
            checked += 1
    assert checked > 10


def test_no_network_at_run_time() -> None:
    """No CDN: nothing in the static files loads from another origin."""
    folders = [STATIC_DIR, *client_dirs().values()]
    for path in (p for folder in folders for p in folder.rglob("*")):
        if path.suffix in (".html", ".js", ".css"):
            text = path.read_text(encoding="utf-8")
            assert not re.search(r"(src|href)=\"https?://", text), path
            assert "cdn" not in text.lower(), path


# The translations are checked in test_i18n.py.


@pytest.mark.parametrize("board", sorted(BOARDS))
def test_board_json_is_generated_from_the_csvs(board: str) -> None:
    committed = output_path(board).read_text(encoding="utf-8")
    assert committed == render(board), (
        "run: python -m getaway.games.scotland_yard.web.build_board_data"
    )


@pytest.mark.parametrize(("board", "edges"), [("2014", 467), ("classic", 468)])
def test_board_json_matches_the_csvs(board: str, edges: int) -> None:
    data = json.loads(output_path(board).read_text(encoding="utf-8"))
    assert len(data["stations"]) == 199
    assert len(data["edges"]) == edges
    with (DATA_DIR / "stations.csv").open(encoding="utf-8") as f:
        stations = [[int(r["id"]), int(r["x"]), int(r["y"])] for r in csv.DictReader(f)]
    with (DATA_DIR / BOARDS[board]).open(encoding="utf-8") as f:
        csv_edges = [[int(r["a"]), int(r["b"]), r["transport"]] for r in csv.DictReader(f)]
    assert data["stations"] == stations
    assert data["edges"] == csv_edges
    assert {e[2] for e in data["edges"]} == {"taxi", "bus", "underground", "ferry"}


def test_js_files_parse() -> None:
    node = shutil.which("node")
    if node is None:
        pytest.fail("node is not on PATH: it is needed to check that the JavaScript parses")
    files = _all_js()
    assert len(files) > len(list(JS_DIR.glob("*.js")))
    for path in files:
        # Plain `node --check file.js` treats the file as CommonJS and passes broken ES
        # modules; reading from stdin with --input-type=module checks them as modules.
        result = subprocess.run(
            [node, "--input-type=module", "--check"],
            input=path.read_text(encoding="utf-8"),
            capture_output=True,
            text=True,
            timeout=60,
            check=False,
        )
        assert result.returncode == 0, f"{path.name}:\n{result.stderr}"


def test_served_by_a_plain_http_server() -> None:
    handler = functools.partial(http.server.SimpleHTTPRequestHandler, directory=str(STATIC_DIR))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        base = f"http://127.0.0.1:{server.server_address[1]}"
        with urllib.request.urlopen(f"{base}/index.html", timeout=10) as response:
            assert response.status == 200
            assert b'type="module"' in response.read()
        with urllib.request.urlopen(f"{base}/i18n/en.json", timeout=10) as r:
            assert json.load(r)["app_name"] == "getaway"
    finally:
        server.shutdown()
        server.server_close()


def _package_data() -> dict[str, list[str]]:
    with (ROOT / "pyproject.toml").open("rb") as f:
        data: dict[str, list[str]] = tomllib.load(f)["tool"]["setuptools"]["package-data"]
    return data


def test_package_data_ships_every_client_file() -> None:
    """A fresh install (not editable) serves everything: each file of the shared client and
    of every installed game's client folder matches a package-data pattern of its package."""
    globs = _package_data()
    src = ROOT / "src"
    folders = [STATIC_DIR, *(d for n, d in client_dirs().items() if d.is_relative_to(src))]
    assert len(folders) >= 3
    missing = []
    for path in (p for folder in folders for p in folder.rglob("*")):
        if not path.is_file() or path.suffix == ".py" or "__pycache__" in path.parts:
            continue
        shipped = False
        for package in path.relative_to(src).parents:
            name = ".".join(package.parts)
            inside = path.relative_to(src / package).as_posix()
            if any(fnmatch.fnmatchcase(inside, g) for g in globs.get(name, [])):
                shipped = True
                break
        if not shipped:
            missing.append(str(path.relative_to(src)))
    assert not missing, f"pyproject.toml's package-data misses {missing}"
