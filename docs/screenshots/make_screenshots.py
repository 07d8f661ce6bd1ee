"""Make the screenshots in this folder: `.venv/bin/python docs/screenshots/make_screenshots.py`.

Starts `getaway serve` on a temporary SQLite file, plays a few moves of each game, and one
to its end, through the HTTP API (practice matches with fixed seeds, so the pictures are the
same every time), and photographs the pages in Debian's chromium at desktop (1280 px) and
phone (375 px) width. Not a test: run it by hand
after changing the pages, and look at the pictures.
"""

from __future__ import annotations

import json
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, sync_playwright

HERE = Path(__file__).resolve().parent
CHROMIUM = "/usr/bin/chromium"
DESKTOP = {"width": 1280, "height": 900}
PHONE = {"width": 375, "height": 800}


class Api:
    def __init__(self, url: str) -> None:
        self.url = url

    def call(self, method: str, path: str, body: dict[str, Any] | None = None) -> Any:
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(
            self.url + path, data=data, method=method, headers={"content-type": "application/json"}
        )
        with urllib.request.urlopen(request, timeout=30) as answer:
            return json.load(answer)

    def state(self, match: str, token: str | None = None) -> Any:
        return self.call("GET", f"/api/matches/{match}" + (f"?token={token}" if token else ""))

    def play(self, match: str, token: str, choose: Any, until: Any, seconds: float = 60) -> Any:
        """Play the seat with `choose(state)` while `until(state)` is false."""
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            state = self.state(match, token)
            if state["over"] or until(state):
                return state
            if not state["legal_actions"]:
                time.sleep(0.05)  # the bots are thinking
                continue
            body = {"token": token, "action": choose(state), "version": state["version"]}
            try:
                self.call("POST", f"/api/matches/{match}/actions", body)
            except urllib.error.HTTPError:
                time.sleep(0.05)  # the position moved on meanwhile: look again
        raise RuntimeError(f"the game did not reach the wanted position: {state['view']}")


def _sy_detective_move(state: dict[str, Any]) -> str:
    # Head towards the middle of the possible locations, so the picture shows a chase.
    legal: list[str] = state["legal_actions"]
    return legal[len(legal) // 2]


def _cng_move(state: dict[str, Any]) -> str:
    legal: list[str] = state["legal_actions"]
    for preferred in ("load:bang", "stay"):
        if preferred in legal:
            return preferred
    aims = [a for a in legal if a.startswith("aim:") and a != "aim:none"]
    return aims[0] if aims else legal[0]


def _shoot(
    browser: Browser,
    url: str,
    name: str,
    host: tuple[str, str] | None = None,
    wait_for: str = "g.station, li.player",
) -> None:
    for width, size in (("desktop", DESKTOP), ("phone", PHONE)):
        context = browser.new_context(viewport=size, device_scale_factor=1)
        page = context.new_page()
        if host is not None:
            # The host's device remembers the host token, as after creating the match.
            page.goto(url.split("/play/")[0] + "/")
            page.evaluate(
                "([id, token]) => localStorage.setItem(`getaway.host.${id}`, token)", list(host)
            )
        page.goto(url)
        page.wait_for_selector(wait_for)
        page.wait_for_timeout(800)
        page.screenshot(path=str(HERE / f"{name}-{width}.png"))
        context.close()


def main() -> int:
    with tempfile.TemporaryDirectory() as tmp:
        getaway = Path(sys.executable).parent / "getaway"
        url = f"sqlite:///{tmp}/shots.sqlite3"
        server = subprocess.Popen(
            [str(getaway), "serve", "--port", "0", "--database-url", url],
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            text=True,
        )
        try:
            assert server.stdout is not None
            api = Api(server.stdout.readline().split()[-1])
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(
                    executable_path=CHROMIUM, args=["--headless", "--no-sandbox"]
                )
                _scotland_yard(api, browser)
                _cash_n_guns(api, browser)
                _replay(api, browser)
                _results(api, browser)
                browser.close()
        finally:
            server.terminate()
            server.wait(timeout=10)
    return 0


def _scotland_yard(api: Api, browser: Browser) -> None:
    # Detective d1 (a person) with bot partners, after Mr. X has surfaced once: the picture
    # shows where he was seen, where he may be now, and d1's moves.
    created = api.call(
        "POST",
        "/api/matches",
        {
            "game": "scotland-yard",
            "bots": {"mrx": "heuristic", "d2": "heuristic", "d3": "heuristic"},
            "turn_seconds": 120,
            "seed": 7,
            "practice": True,
        },
    )
    (d1,) = created["seats"]
    api.play(created["id"], d1["token"], _sy_detective_move, lambda s: s["view"]["round"] >= 5)
    _shoot(browser, d1["url"], "scotland-yard")


def _cash_n_guns(api: Api, browser: Browser) -> None:
    # Tino (a person, and the host) in the Advanced game, aiming in round 3.
    created = api.call(
        "POST",
        "/api/matches",
        {
            "game": "cash-n-guns",
            "options": {"advanced": True},
            "bots": dict.fromkeys(("el-toro", "lotus", "mr-black", "haggis"), "heuristic"),
            "turn_seconds": 60,
            "seed": 4,
            "practice": True,
        },
    )
    tino = next(s for s in created["seats"] if s["seat"] == "tino")
    api.play(
        created["id"],
        tino["token"],
        _cng_move,
        lambda s: s["view"]["round"] >= 3 and s["view"]["step"] == "aim" and s["may_act"],
    )
    _shoot(browser, tino["url"], "cash-n-guns", host=(created["id"], created["host_token"]))


def _replay(api: Api, browser: Browser) -> None:
    bots = {"mrx": "heuristic", "d1": "heuristic", "d2": "heuristic", "d3": "heuristic"}
    created = api.call(
        "POST",
        "/api/matches",
        {"game": "scotland-yard", "bots": bots, "seed": 3, "practice": True},
    )
    while not api.state(created["id"])["over"]:
        time.sleep(0.2)
    steps = api.call("GET", f"/api/matches/{created['id']}/steps?as=all")
    middle = len(steps) // 2
    url = f"{created['spectator_url']}?replay&as=all&step={middle}"
    _shoot(browser, url, "replay")


def _results(api: Api, browser: Browser) -> None:
    # Tino (a person, and the host) at the end of a 5-player game: the result panel with the
    # winner, the money before and after shame, the shame tokens and the wounds.
    created = api.call(
        "POST",
        "/api/matches",
        {
            "game": "cash-n-guns",
            "bots": dict.fromkeys(("el-toro", "lotus", "mr-black", "haggis"), "heuristic"),
            "seed": 5,
            "practice": True,
        },
    )
    tino = next(s for s in created["seats"] if s["seat"] == "tino")
    api.play(created["id"], tino["token"], _cng_move, lambda s: False, seconds=300)
    _shoot(
        browser,
        tino["url"],
        "results",
        host=(created["id"], created["host_token"]),
        wait_for="p.winners",
    )


if __name__ == "__main__":
    sys.exit(main())
