"""How a Scotland Yard move is typed at the terminal, shown by ``help``: Mr. X's tickets and
double move, or a detective's piece, ticket and station, with real pieces from the view."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

MRX_EXAMPLES = [
    ("taxi 46", "ride a taxi to station 46 (taxi:46 is the same)"),
    ("46", "go to 46 when only one ticket takes you there"),
    ("black 46", "a black ticket to 46: the detectives do not learn the transport"),
    ("double", "start a double move, then type its two legs one at a time"),
]


def typing_examples(view: Mapping[str, Any]) -> list[tuple[str, str]]:
    """The examples for the seat whose view this is (Mr. X's or the detectives')."""
    if view["seat"] in ("mrx", "all"):
        return list(MRX_EXAMPLES)
    mine = [h for h in view["hunters"] if h["seat"] == view["seat"]]
    detectives = [h["id"] for h in mine if h["kind"] == "detective"] or ["d1"]
    police = [h["id"] for h in view["hunters"] if h["kind"] == "police"]
    piece = detectives[-1]
    examples = [
        (f"{piece} bus 58", f"move {piece} to station 58 by bus ({piece}:bus:58 is the same)"),
        ("bus 58", "the same when only one of your pieces can take a bus to 58"),
        ("58", "go to 58 when only one of your moves leads there"),
    ]
    if police:
        examples.append(
            (f"{police[0]} 29", f"move the police piece {police[0]} to 29 (it rides free)")
        )
    return examples
