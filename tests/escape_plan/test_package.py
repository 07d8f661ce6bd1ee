"""The Escape Plan package keeps to the architecture: it imports only the core (and
itself), and it is not a registered game yet (issue 13 item 1 is content only)."""

from __future__ import annotations

from getaway.core import games
from getaway.games.escape_plan.game import GAME
from tests.test_architecture import SRC, _imports, _layer, _module_name

PACKAGE = SRC / "games" / "escape_plan"


def test_escape_plan_imports_only_the_core_and_itself():
    files = sorted(PACKAGE.rglob("*.py"))
    assert files
    wrong = [
        f"{path.name} imports {name}"
        for path in files
        for name in sorted(_imports(path))
        if _layer(name) not in ("core", "games.escape_plan", "getaway")
    ]
    assert wrong == []
    assert _layer(_module_name(PACKAGE / "content.py")) == "games.escape_plan"


def test_escape_plan_is_registered_as_a_game():
    """Declared as an entry point; the registry finds it once the package metadata is
    installed from this pyproject (a stale editable install may not list it yet)."""
    text = (SRC.parent.parent / "pyproject.toml").read_text(encoding="utf-8")
    assert 'escape-plan = "getaway.games.escape_plan.game:GAME"' in text
    if "escape-plan" in games():
        assert games()["escape-plan"] is GAME


def test_the_core_content_loader_names_no_game():
    text = (SRC / "core" / "content.py").read_text(encoding="utf-8").lower()
    assert "escape" not in text
