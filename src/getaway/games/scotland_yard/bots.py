"""Scotland Yard's own bots (placeholder registry; the heuristic bots are added here)."""

from __future__ import annotations

from getaway.core.game import BotFactory

BOTS: dict[str, BotFactory] = {}
