"""How a move is typed at the terminal (``Game.typing_examples``): for the stage the viewing
seat's turn is at, the forms it may type with what each does, then the moves of any moment.

Moves are typed by their id or by enough of it (``play sneak`` for
``play:maggie_sneak``); spaces are ``column,row`` as the map shows them.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

#: Per stage of the turn: (what to type, what it does).
STAGE_EXAMPLES: dict[str, list[tuple[str, str]]] = {
    "recover": [
        ("recover", "take back your discarded cards (a timer card is revealed)"),
        ("keep", "keep your hand as it is"),
    ],
    "choose": [("choose <card>", "lay one of your two cards face down, e.g. 'choose sneak'")],
    "resolve": [
        ("play <card>", "reveal one of your two face-down cards and play it"),
        ("ability 0 <card>", "your personal ability's option 0 instead of that card"),
    ],
    "move": [
        ("step 5,3", "one step onto space 5,3 (column,row), by the road shown"),
        ("stop", "end a move of 'up to' steps here"),
    ],
    "explore": [("explore 6,2", "lay a tile on the empty space 6,2")],
    "attack": [
        ("hit 0", "one point of damage to figure 0 ('Your choices' names each)"),
        ("done", "stop"),
    ],
    "deceive": [("deceive 0 4,2", "send figure 0 to space 4,2, laid down")],
    "car": [("drive", "step 5: your car's move"), ("stay", "no car move")],
    "enemies": [
        ("enemy 0", "New York moves enemy 0 next"),
        ("route 0", "by route 0 ('Your choices')"),
    ],
    "reveal-escape": [("show 0", "turn this card face up for the escape"), ("done", "no more")],
    "special": [("special <card>", "the special card your level gives you")],
    "drop": [("drop 0", "discard the card at place 0 of your supply (a diplomat into a slot)")],
}
#: Moves of any moment of the turn, shown after the stage's.
ANY_MOMENT = [
    ("pick-up", "take the item markers on your space"),
    ("take-diplomat 2", "take the card of diplomat token 2 lying on your space"),
    ("use 0", "use the item at place 0 of your supply"),
    ("escape", "escape alone, when both your objectives are met (§9.2)"),
]


def typing_examples(view: Mapping[str, Any]) -> list[tuple[str, str]]:
    """The forms for the stage the view's turn is at (the seat to act's), then the moves of
    any moment; for a seat not asked to act, the moves of any moment only."""
    turn = view.get("turn") or {}
    seat = view.get("seat")
    asked = seat in view.get("to_act", [])
    stage = str(turn.get("stage", "")) if asked else ""
    return [*STAGE_EXAMPLES.get(stage, []), *ANY_MOMENT]
