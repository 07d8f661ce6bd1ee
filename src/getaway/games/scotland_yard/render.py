"""Text rendering of a view for the terminal (rich markup)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any


def render_view(view: Mapping[str, Any]) -> str:
    lines = [f"Round {view['round']}/{view['max_rounds']}  phase: {view['phase']}"]
    for h in view["hunters"]:
        lines.append(f"  {h['id']:>3} at {h['station']:>3}  tickets: {h['tickets']}")
    lines.append(f"  Mr. X: {view['mrx_location']}  log: {len(view['mrx_log'])} entries")
    return "\n".join(lines)


TOPICS = {"possible": "the stations where Mr. X can be, from public information"}


def render_topic(view: Mapping[str, Any], topic: str) -> str:
    if topic == "possible":
        return " ".join(map(str, view["possible_locations"]))
    raise KeyError(topic)
