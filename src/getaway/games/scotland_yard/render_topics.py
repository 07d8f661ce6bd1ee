"""The extra pages of the terminal rendering, :data:`TOPICS`: Mr. X's possible locations, his
travel log entry by entry, and every piece's neighbouring stations. Like ``render.py`` they
read only the view they are given and the public board."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from rich.markup import escape

from getaway.games.scotland_yard.render import (
    _KIND,
    ORDINARY,
    STYLE,
    _board,
    _bold,
    _cell,
    _dim,
    _entry_rounds,
    _last_revealed,
    _log_capacity,
    _neighbour_lines,
    _next_surfacing,
    _occupants,
    _sees_mrx,
    _sentence,
    _styled,
    _surfacing_entries,
    _wrap,
)

TOPICS = {
    "possible": "every station where Mr. X can be, deduced from public information",
    "log": "Mr. X's full travel log: entry, round, ticket, station when known, double moves",
    "board": "each piece's station and its neighbouring stations by transport",
}


def render_topic(view: Mapping[str, Any], topic: str) -> str:
    """The text of one of :data:`TOPICS` for this view."""
    if topic == "possible":
        return _topic_possible(view)
    if topic == "log":
        return _topic_log(view)
    if topic == "board":
        return _topic_board(view)
    raise KeyError(topic)


def _groups(stations: Iterable[int], size: int = 50) -> list[str]:
    """Stations grouped by number range, one line per non-empty range."""
    by_group: dict[int, list[int]] = {}
    for s in stations:
        by_group.setdefault(s // size, []).append(s)
    lines = []
    for g in sorted(by_group):
        low, high = max(1, g * size), g * size + size - 1
        label = f"  {low:>3}-{high:<3}  "
        words = [str(s) for s in sorted(by_group[g])]
        lines.append(_dim(label) + _wrap(words, words, len(label)))
    return lines


def _topic_possible(view: Mapping[str, Any]) -> str:
    possible = view["possible_locations"]
    log = view["mrx_log"]
    n = len(possible)
    who = "The detectives can place you" if view["seat"] == "mrx" else "Mr. X can be"
    lines = [_bold(f"{who} at {n} station{'s' if n != 1 else ''}")]
    lines += _groups(possible)
    last = _last_revealed(log)
    if last is None:
        since = log
        start = view["public_record"]["start_candidates"]
        basis = f"Deduced from his {len(start)} possible start stations"
    else:
        since = log[int(last["entry"]) :]
        basis = f"Deduced from his surfacing at {last['station']} (entry {last['entry']})"
    if since:
        basis += " and the tickets since (" + ", ".join(e["ticket"] for e in since) + ")"
    basis += ", leaving out the stations hunters blocked when he moved or have searched since."
    lines.append("")
    words = basis.split()
    lines.append(_dim(_wrap([escape(w) for w in words], words, 0)))
    if view["over"]:
        lines.append(_dim("The game is over: the travel log is open (topic 'log')."))
    return "\n".join(lines)


def _topic_log(view: Mapping[str, Any]) -> str:
    log = view["mrx_log"]
    surfacing = _surfacing_entries(view)
    lines = [_bold(f"Mr. X's travel log: {len(log)} of {_log_capacity(view)} fields written")]
    if surfacing:
        fields = ", ".join(str(k) for k in sorted(surfacing))
        lines.append(_dim(f"He surfaces after entries {fields}."))
    else:
        rounds = ", ".join(str(r) for r in view["options"]["reveal_at"])
        lines.append(_dim(f"He surfaces at the end of his turn in rounds {rounds}."))
    if view.get("mrx_start") is not None:
        lines.append(f"  start      at {view['mrx_start']}")
    rounds_of = _entry_rounds(log)
    leg = 0
    for e, r in zip(log, rounds_of, strict=True):
        k = int(e["entry"])
        label = f"({k})" if k in surfacing else str(k)
        row = "  " + _cell(label, 5) + _cell(f"round {r}", 10)
        row += _cell(e["ticket"], 13, STYLE[e["ticket"]])
        row += _cell("at ?" if e["station"] is None else f"at {e['station']}", 8)
        notes = []
        if e["double"]:
            leg = leg % 2 + 1
            notes.append(f"double move, leg {leg}")
        else:
            leg = 0
        if e["revealed"]:
            notes.append("surfaced")
        row += _dim("; ".join(notes))
        lines.append(row.rstrip())
    if not log:
        lines.append("  (no entry yet)")
    nxt = _next_surfacing(view)
    if nxt and not view["over"]:
        lines.append(_dim(_sentence(nxt)))
    return "\n".join(lines)


def _topic_board(view: Mapping[str, Any]) -> str:
    board = _board(view)
    occupied = _occupants(view)
    sees = _sees_mrx(view) or view["over"]
    hunter_labels = {t: t for t in ORDINARY}
    lines = [_bold("Pieces and their neighbouring stations") + _dim("  (hunters in parentheses)")]
    location = view["mrx_location"]
    if location is not None and (sees or view["mrx_visible"]):
        lines.append(_styled(f"  Mr. X at {location}", "bold"))
        labels = {**hunter_labels, "ferry": "ferry"}
        lines += _neighbour_lines(board, location, labels, occupied, indent=6)
    else:
        lines.append(_dim("  Mr. X is hidden (" + _whereabouts_short(view) + ")."))
    for h in view["hunters"]:
        lines.append(_styled(f"  {h['id']} at {h['station']}: {_KIND[h['kind']]}", "bold"))
        lines += _neighbour_lines(board, h["station"], hunter_labels, occupied, indent=6)
    return "\n".join(lines)


def _whereabouts_short(view: Mapping[str, Any]) -> str:
    last = _last_revealed(view["mrx_log"])
    if last is None or view["mrx_location"] is None:
        return "not surfaced yet"
    return f"last seen at {view['mrx_location']}, entry {last['entry']}"
