"""How a Cash 'n Guns move is typed at the terminal, shown by ``help``: a move per phase,
with the names of the other gangsters in the view, and the advanced and Undercover Cop
games' own moves only when they are played."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any


def typing_examples(view: Mapping[str, Any]) -> list[tuple[str, str]]:
    """The examples for the seat whose view this is."""
    others = [p["seat"] for p in view.get("players", []) if p.get("seat") != view.get("seat")]
    target = others[0] if others else "lotus"
    options = view.get("options", {})
    examples = [
        ("load bang", "load your gun with a BANG! card (or bbb, click)"),
        (f"aim {target}", f"point your gun at {target} (aim none: at nobody)"),
        ("hide", "lie down: no shot hits you, but you take no share this round and 1 shame"),
        ("stay", "stay standing and face the guns aimed at you"),
    ]
    if options.get("advanced"):
        examples.append(("reveal kid", "reveal your character in its window (crazy, kid, sly)"))
    if options.get("undercover_cop"):
        examples.append(("flip", "the cop flips the phone card when it reaches him (others: pass)"))
    examples.append(("pass", "let a chance to react go by"))
    return examples
