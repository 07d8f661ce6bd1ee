"""Escape Plan as plain text for the terminal: :func:`render_view`, the extra pages
:data:`TOPICS` (:func:`render_topic`) and :func:`typing_examples`.

Everything is read through ``render_adapter.adapt``, the one place that knows the view's
keys, so switching from the ``all`` view to the seats' views changes that module only. The
text holds no markup and no square brackets (the terminal prints it through rich) and no
ANSI codes unless ``ansi=True`` is asked; no line is wider than :data:`MAX_WIDTH`.

The main page, top to bottom: the day, phase and who acts; the city map and who stands
where; the notoriety track; one line per player board (the viewer's board in full, or the
board of the seat to act in the ``all`` view); Sandra and Costa; the displays (Patrol, City
display and stacks, Contacts, Businesses, Safe Houses, Store, supplies); the menu.
"""

from __future__ import annotations

import re
import textwrap
from collections.abc import Mapping
from typing import Any

from getaway.core.game import ALL
from getaway.games.escape_plan import render_boards, render_city, render_menu
from getaway.games.escape_plan.render_adapter import BoardView, Scene, adapt
from getaway.games.escape_plan.topology import Cell

MAX_WIDTH = 100

TOPICS = {
    "boards": "every player board in full: Assets, items, contacts, keys, gang members",
    "display": "the face-up display tiles drawn as they would lie unturned, with their police",
    "legend": "what the map's glyphs, codes and marks mean",
    "tracks": "the time track, the notoriety track (penalties, threshold lines), escape costs",
}

#: ANSI colour for ``ansi=True``: water, the one terrain a walk cannot always enter.
_WATER = "\x1b[36m"
_RESET = "\x1b[0m"


def render_view(view: Mapping[str, Any], ansi: bool = False) -> str:
    """The main page for ``view``."""
    scene = adapt(view)
    lines = render_boards.header_lines(scene)
    lines.append("")
    lines += render_city.draw_city(scene, _candidate_cells(scene))
    lines.append(render_city.SHORT_LEGEND)
    lines += render_city.pawn_lines(scene)
    lines += _wrapped(render_boards.notoriety_track(scene))
    lines.append("Players (cash, notoriety +red -blue, income cubes, wounds, ...):")
    lines += _wrapped([render_boards.board_summary(scene, b) for b in scene.players])
    shown = _board_in_full(scene)
    if shown is not None:
        lines += _wrapped(render_boards.board_lines(scene, shown))
    if scene.automata:
        lines.append("Automata:")
        lines += _wrapped(render_boards.automaton_lines(scene))
    lines += _wrapped(render_boards.gang_lines(scene))
    lines += _wrapped(render_boards.display_lines(scene))
    lines.append("")
    lines += render_menu.menu_lines(scene)
    text = "\n".join(line.rstrip() for line in lines).rstrip("\n")
    return _colour(text) if ansi else text


def render_topic(view: Mapping[str, Any], topic: str) -> str:
    """The text of one of :data:`TOPICS`."""
    scene = adapt(view)
    if topic == "boards":
        lines: list[str] = []
        for board in scene.players:
            lines += _wrapped(render_boards.board_lines(scene, board))
        return "\n".join(lines)
    if topic == "display":
        return "\n".join(_display_tiles(scene))
    if topic == "legend":
        return "\n".join(render_city.LEGEND)
    if topic == "tracks":
        return "\n".join(_wrapped(render_boards.track_lines(scene)))
    raise KeyError(topic)


def typing_examples(view: Mapping[str, Any]) -> list[tuple[str, str]]:
    return render_menu.typing_examples(view)


def _board_in_full(scene: Scene) -> BoardView | None:
    """The viewer's own board; in the ``all`` view, the board of the player to act."""
    seat = scene.viewer if scene.viewer != ALL else next(iter(scene.to_act), None)
    return next((b for b in scene.players if b.seat == seat), None)


def _candidate_cells(scene: Scene) -> list[Cell]:
    """Cells offered to the tile being placed (the ``cell:x,y`` choices)."""
    found = []
    for choice in scene.choices:
        verb, _, argument = choice.id.partition(":")
        if verb == "cell":
            x, _, y = argument.partition(",")
            found.append((int(x), int(y)))
    return found


def _display_tiles(scene: Scene) -> list[str]:
    if not scene.display:
        return ["The City display is empty."]
    drawn = [render_city.draw_tile(scene, t) for t in scene.display]
    lines = ["City display (unturned; north up):"]
    for start in range(0, len(drawn), 5):
        row = drawn[start : start + 5]
        lines += [" ".join(parts) for parts in zip(*row, strict=True)]
    return lines


def _wrapped(lines: list[str]) -> list[str]:
    """Lines longer than the page, wrapped with a hanging indent."""
    out = []
    for line in lines:
        if len(line) <= MAX_WIDTH:
            out.append(line)
            continue
        indent = " " * (len(line) - len(line.lstrip()) + 4)
        out += textwrap.wrap(line, MAX_WIDTH, subsequent_indent=indent, break_on_hyphens=False)
    return out


def _colour(text: str) -> str:
    """Water glyphs coloured."""
    return re.sub(r"~+", lambda m: _WATER + m.group(0) + _RESET, text)
