"""``ModuleHooks``: a game's hooks found in the modules it names, imported on the first call;
a module left ``None`` keeps the ``Game`` default. This test module stands in for a game's
render, topics, typing and bots modules."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from getaway.core.hooks import ModuleHooks
from tests.core.toy_game import PenniesGame

TOPICS = {"coins": "the coins shown so far"}
BOTS = {"fixed": object}


def render_view(view: Mapping[str, Any]) -> str:
    return f"rendered {sorted(view)}"


def render_topic(view: Mapping[str, Any], topic: str) -> str:
    return f"{topic} of {sorted(view)}"


def typing_examples(view: Mapping[str, Any]) -> list[tuple[str, str]]:
    return [("heads", "commit heads")]


class Hooked(ModuleHooks, PenniesGame):
    render_module = topics_module = typing_module = bots_module = __name__


class RenderOnly(ModuleHooks, PenniesGame):
    render_module = __name__


def test_the_named_modules_answer_every_hook() -> None:
    game = Hooked()
    assert game.render({"b": 1, "a": 2}) == "rendered ['a', 'b']"
    assert game.render_topics() == TOPICS
    assert game.render_topics() is not TOPICS  # a copy: callers may not change the module's
    assert game.render_topic({"a": 1}, "coins") == "coins of ['a']"
    assert game.typing_examples({}) == [("heads", "commit heads")]
    assert game.bots() == {"fixed": object}


def test_a_module_left_out_keeps_the_game_defaults() -> None:
    game = RenderOnly()
    assert game.render({}) == "rendered []"
    assert game.render_topics() == {}
    assert game.typing_examples({}) == []
    assert game.bots() == {}
