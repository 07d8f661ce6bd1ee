"""The browser client's static files: complete, consistent, parseable, servable."""

from __future__ import annotations

import csv
import functools
import http.server
import json
import re
import shutil
import subprocess
import threading
import urllib.request
from html.parser import HTMLParser
from pathlib import Path

import pytest

from getaway.web import STATIC_DIR
from getaway.web.build_board_data import BOARDS, output_path, render

DATA_DIR = Path(__file__).resolve().parents[2] / "src/getaway/games/scotland_yard/data"
JS_DIR = STATIC_DIR / "js"


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
    """Every relative import of every module resolves to a file (no bundler checks this)."""
    for path in JS_DIR.glob("*.js"):
        for target in re.findall(r'from\s+"(\.[^"]+)"', path.read_text(encoding="utf-8")):
            assert (path.parent / target).resolve().is_file(), f"{path.name} imports {target}"


def test_no_network_at_run_time() -> None:
    """No CDN: nothing in the static files loads from another origin."""
    for path in STATIC_DIR.rglob("*"):
        if path.suffix in (".html", ".js", ".css"):
            text = path.read_text(encoding="utf-8")
            assert not re.search(r"(src|href)=\"https?://", text), path
            assert "cdn" not in text.lower(), path


# The translations are checked in test_i18n.py.


@pytest.mark.parametrize("board", sorted(BOARDS))
def test_board_json_is_generated_from_the_csvs(board: str) -> None:
    committed = output_path(board).read_text(encoding="utf-8")
    assert committed == render(board), "run: python -m getaway.web.build_board_data"


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
    files = sorted(JS_DIR.glob("*.js"))
    assert files
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
        with urllib.request.urlopen(f"{base}/data/scotland-yard-2014.json", timeout=10) as r:
            assert len(json.load(r)["stations"]) == 199
    finally:
        server.shutdown()
        server.server_close()
