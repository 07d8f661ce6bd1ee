"""The map in ``docs/architecture.md`` holds: imports flow one way, and nothing outside a
game's own package names a game.

* ``getaway.core`` imports nothing else of getaway: it knows no game.
* A game package (``getaway.games.<game>``) imports only the core and itself.
* ``getaway.ai`` imports only the core: its bots know no game.
* The front ends (``cli``, ``server``, ``web``, ``tournament``, ``rl``, ``simulate``,
  ``bench``, ``bench_reference``, ``bench_views``) and ``parallel`` (where their games run)
  import the core, ``ai`` and each other, never a game: they find games through the registry.

A game is named by its registry name, its title, its package name or one of its seats; none
of these may appear in the core, ``ai``, the front ends or the shared web client.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import getaway
from getaway.core import games

SRC = Path(getaway.__file__).parent
GAMES_DIR = SRC / "games"
FRONT_ENDS = (
    "cli",
    "server",
    "web",
    "tournament",
    "rl",
    "simulate",
    "bench",
    "bench_reference",
    "bench_views",
    # Not a front end itself: where simulate's and tournament's games run (processes, Ray).
    "parallel",
)
#: Packages (and top-level modules) that must not name a game.
GAME_AGNOSTIC = ("core", "ai", *FRONT_ENDS)


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(SRC.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _imports(path: Path) -> set[str]:
    """Every getaway module ``path`` imports, relative imports resolved."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = _module_name(path).split(".")
    if path.name != "__init__.py":
        package = package[:-1]
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package[: len(package) - node.level + 1]
                module = ".".join([*base, *([node.module] if node.module else [])])
            else:
                module = node.module or ""
            found.add(module)
            # ``from getaway import games`` imports a package by its attribute.
            found |= {f"{module}.{alias.name}" for alias in node.names}
    return {name for name in found if name == "getaway" or name.startswith("getaway.")}


def _layer(module: str) -> str:
    """``core``, ``ai``, ``games.<game>``, a front end's name, or ``getaway`` itself."""
    parts = module.split(".")
    if len(parts) == 1:
        return "getaway"
    if parts[1] == "games" and len(parts) > 2:
        return f"games.{parts[2]}"
    return parts[1]


def _allowed(source: str, target: str) -> bool:
    if target in ("getaway", source) or target == "core":
        return True
    if source == "core":
        return False
    if source.startswith("games."):
        return target in ("games",)  # the (empty) games package itself
    if source == "ai":
        return False
    # A front end: the core, ai and other front ends; never a game.
    return target == "ai" or target in FRONT_ENDS


def _python_files() -> list[Path]:
    return sorted(SRC.rglob("*.py"))


def test_imports_follow_the_architecture_map():
    wrong = []
    for path in _python_files():
        source = _layer(_module_name(path))
        for imported in sorted(_imports(path)):
            target = _layer(imported)
            if not _allowed(source, target):
                wrong.append(f"{path.relative_to(SRC)} ({source}) imports {imported} ({target})")
    assert not wrong, "imports against docs/architecture.md:\n" + "\n".join(wrong)


def test_the_import_check_catches_a_wrong_import():
    # The checker itself: a front end importing a game, the core importing ai, a game
    # importing another game or ai are all refused.
    assert not _allowed("cli", "games.some_game")
    assert not _allowed("core", "ai")
    assert not _allowed("games.one", "games.other")
    assert not _allowed("games.one", "ai")
    assert _allowed("server", "ai") and _allowed("games.one", "core")


def game_names() -> set[str]:
    """Every way of naming an installed game: its name, title, package and seats."""
    names: set[str] = set()
    for game in games().values():
        # Its package: getaway.games.<package>, whichever module of it defines the class.
        package = type(game).__module__.split(".")[2]
        names |= {game.name, game.title, package}
        for players in range(game.min_players, game.max_players + 1):
            names |= set(game.seats({"players": players}))
    return names


def _naming_pattern() -> re.Pattern[str]:
    words = sorted(game_names(), key=len, reverse=True)
    return re.compile(
        r"(?<![\w-])(" + "|".join(re.escape(w) for w in words) + r")(?![\w-])", re.IGNORECASE
    )


def agnostic_files() -> list[Path]:
    """The source files that must not name a game: the core, ai and the front ends, with
    the shared web client's files."""
    files = []
    for name in GAME_AGNOSTIC:
        target = SRC / name
        if target.is_dir():
            files += [p for p in sorted(target.rglob("*")) if p.is_file() and _is_text(p)]
        else:
            files.append(target.with_suffix(".py"))
    return files


def _is_text(path: Path) -> bool:
    return path.suffix in (".py", ".js", ".css", ".html", ".json", ".mako", ".svg", ".md")


def test_no_game_is_named_outside_its_package():
    pattern = _naming_pattern()
    found = []
    for path in agnostic_files():
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
            match = pattern.search(line)
            if match:
                found.append(
                    f"{path.relative_to(SRC)}:{number}: {match.group(0)!r}: {line.strip()}"
                )
    assert not found, "game names outside the games' packages:\n" + "\n".join(found[:40])


def test_the_name_check_catches_every_name_of_every_game():
    pattern = _naming_pattern()
    for name in game_names():
        assert pattern.search(f"it uses {name} here"), name
    assert not pattern.search("a sentence about seats, sides, outcomes and public actions")
