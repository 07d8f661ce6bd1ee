"""A game's front-end hooks kept in its own modules and imported on the first call.

Rendering, topics, typing examples and a game's own bots pull in large modules that neither
the rules nor listing the games need, so games import them lazily. :class:`ModuleHooks`
does that once for every game: the game names the modules, and the functions in them keep
fixed names (``render_view``, ``TOPICS`` / ``render_topic``, ``typing_examples``, ``BOTS``).
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from typing import Any, ClassVar, cast

from getaway.core.game import BotFactory, Game


class ModuleHooks(Game):
    """A :class:`Game` whose hooks live in the modules its class attributes name (dotted
    module names). A module left ``None`` keeps :class:`Game`'s default for its hooks."""

    #: Has ``render_view(view) -> str``.
    render_module: ClassVar[str]
    #: Has ``TOPICS`` (topic -> one-line description) and ``render_topic(view, topic)``.
    topics_module: ClassVar[str | None] = None
    #: Has ``typing_examples(view) -> list[tuple[str, str]]``.
    typing_module: ClassVar[str | None] = None
    #: Has ``BOTS`` (name -> factory).
    bots_module: ClassVar[str | None] = None

    def render(self, view: Mapping[str, Any]) -> str:
        return cast(str, _attribute(self.render_module, "render_view")(view))

    def render_topics(self) -> dict[str, str]:
        if self.topics_module is None:
            return super().render_topics()
        return dict(_attribute(self.topics_module, "TOPICS"))

    def render_topic(self, view: Mapping[str, Any], topic: str) -> str:
        if self.topics_module is None:
            return super().render_topic(view, topic)
        return cast(str, _attribute(self.topics_module, "render_topic")(view, topic))

    def typing_examples(self, view: Mapping[str, Any]) -> list[tuple[str, str]]:
        if self.typing_module is None:
            return super().typing_examples(view)
        return cast(list[tuple[str, str]], _attribute(self.typing_module, "typing_examples")(view))

    def bots(self) -> dict[str, BotFactory]:
        if self.bots_module is None:
            return super().bots()
        return dict(_attribute(self.bots_module, "BOTS"))


def _attribute(module: str, name: str) -> Any:
    # importlib caches modules, so only the first call of a hook pays for the import.
    return getattr(importlib.import_module(module), name)
