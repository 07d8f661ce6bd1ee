"""The menu of legal choices: the action ids of each seat to act, grouped by their verb
(the part before the first ``:``), each with its cost where the view tells it, and the
steps of the open decision so far. Also :func:`typing_examples`, built from the same ids."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from getaway.games.escape_plan.render_adapter import Choice, Scene, adapt

WIDTH = 98
#: What each verb does, for the menu's group titles; an unknown verb is shown as it is.
VERB_TITLES = {
    "unlock": "unlock an Asset",
    "pass": "pass",
    "disc": "spend an Extra Action disc to act now",
    "tile": "place this display tile",
    "cell": "on this cell",
    "turn": "turned this far clockwise",
    "business": "put this Business on the new Business space",
    "safe_house": "put this Safe House on the new Safe House space",
    "rest": "Rest (Rest token to the moon, refresh, unlock an Asset)",
    "move": "Move (3 MP)",
    "walk": "walk to",
    "jetski": "walk into water with the Jet Ski",
    "metro": "ride the Metro to",
    "fly": "fly from the Heliport to",
    "heli": "helicopter ability to",
    "sewer": "Sewer to",
    "gas": "return a Gas Can",
    "medevac": "Medevac to the Hospital",
    "escape": "escape through the open Exit",
    "stop": "stop here",
    "done": "end here",
    "wound": "take a Wound for",
    "sandra": "Sandra counts as",
    "converge": "move an officer toward the crossing",
}


def group_choices(choices: tuple[Choice, ...]) -> dict[str, dict[str, list[Choice]]]:
    """seat -> verb -> choices, in the order the game listed them."""
    grouped: dict[str, dict[str, list[Choice]]] = {}
    for choice in choices:
        verb = choice.id.partition(":")[0]
        grouped.setdefault(choice.seat, {}).setdefault(verb, []).append(choice)
    return grouped


def _wrap(head: str, words: list[str], separator: str = ", ") -> list[str]:
    """``words`` after ``head``, joined by ``separator``, wrapped under the head."""
    lines, line = [], head
    indent = " " * len(head)
    for word in words:
        if len(line) + len(word) + len(separator) > WIDTH and line.strip() != head.strip():
            lines.append(line[: len(line) - len(separator)].rstrip())
            line = indent
        line += word + separator
    lines.append(line[: len(line) - len(separator)].rstrip())
    return lines


def menu_lines(scene: Scene) -> list[str]:
    """The decision so far and the choices now, or who is awaited."""
    lines: list[str] = []
    if scene.decision_seat is not None and scene.decision_steps:
        steps = [*scene.decision_steps[:1], *(f"> {step}" for step in scene.decision_steps[1:])]
        lines += _wrap(f"{scene.decision_seat} so far: ", steps, separator=" ")
        spent = walked_mp(scene)
        if spent is not None:
            lines.append(f"  MP spent walking: {spent}")
    if scene.over:
        return lines
    grouped = group_choices(scene.choices)
    if scene.choices_problem is not None:
        lines += _wrap("The choices cannot be listed: ", scene.choices_problem.split(), " ")
    if not grouped:
        waiting = ", ".join(scene.to_act) or "nobody"
        lines.append(f"Waiting for {waiting}.")
        return lines
    for seat, verbs in grouped.items():
        lines.append(f"Choices for {seat} (type the id):")
        for verb, choices in verbs.items():
            title = VERB_TITLES.get(verb, verb)
            if len(choices) == 1 and choices[0].id == verb:
                cost = f"  ({choices[0].cost})" if choices[0].cost else ""
                lines.append(f"  {verb:<12} {title}{cost}")
                continue
            words = [c.id + (f" ({c.cost})" if c.cost else "") for c in choices]
            lines.append(f"  {verb:<12} {title}:")
            lines += _wrap("    ", words)
    return lines


def walked_mp(scene: Scene) -> int | None:
    """MP spent by the ``walk:`` steps of the open Move, from the map's link costs."""
    seat = scene.decision_seat
    board = next((b for b in scene.players if b.seat == seat), None)
    if board is None or board.location is None or not scene.decision_steps:
        return None
    if scene.decision_steps[0] != "move":
        return None
    here, total = board.location, 0
    for step in scene.decision_steps[1:]:
        verb, _, node = step.partition(":")
        if verb != "walk":
            continue
        total += scene.city.links.get(here, {}).get(node, 0)
        here = node
    return total


def typing_examples(view: Mapping[str, Any]) -> list[tuple[str, str]]:
    """How a move is typed, from the choices this view offers now, plus the general forms."""
    scene = adapt(view)
    examples: list[tuple[str, str]] = []
    seen: set[str] = set()
    for choice in scene.choices:
        verb, _, argument = choice.id.partition(":")
        if verb in seen:
            continue
        seen.add(verb)
        typed = f"{verb} {argument}" if argument else verb
        meaning = VERB_TITLES.get(verb, verb) + (f" {argument}" if argument else "")
        examples.append((typed, meaning + (f" ({choice.cost})" if choice.cost else "")))
    general = [
        ("tile A1", "City phase: take display tile A1, then 'cell 1,-1', 'turn 90'"),
        ("move", "start a Move, then 'walk START_H.com' step by step and 'done'"),
        ("rest", "Rest, then 'unlock <asset>'"),
    ]
    examples += [(typed, meaning) for typed, meaning in general if typed.split()[0] not in seen]
    return examples
