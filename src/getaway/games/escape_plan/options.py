"""Game options, and what a set of options fixes for the whole game (spec §5.8, §21.1): the
mode (who the automata are), the board side, the Business closing threshold, the number of
Days, the seats and the participants in turn order.

Component counts, the player board, the per-player-count values and the police numbers come
from the content files (``components.json``, ``player_board.json``, ``player_counts.json``,
``police.json``); only a few numbers of the rules' text that are not components are here.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from typing import Any, Literal

from getaway.core.errors import OptionsError
from getaway.core.options import OptionSpec, check_known
from getaway.games.escape_plan import notoriety
from getaway.games.escape_plan.content import Content, load_content
from getaway.games.escape_plan.topology import SquareTopology

GAME_NAME = "escape-plan"

Mode = Literal["MULTI", "TWO_PLAYER", "SOLO"]
BoardSide = Literal["1-3", "4-5"]

#: Seats in table (clockwise) order; a game with n players uses the first n.
SEATS = ("p1", "p2", "p3", "p4", "p5")
#: The Police Inspector (2-player and solo, §15) and Lieutenant Costa (solo, §16): game-run
#: participants, never seats.
SANDRA = "sandra"
COSTA = "costa"
AUTOMATA = (SANDRA, COSTA)

#: Rules the content files do not hold (they are not components): the numbers of the text.
GANG_MEMBERS_PER_GANG = 2  # §3.3: a Gang space gets 2 members
CONTACT_DISPLAY = 7  # §5.4 step 15
INCOME_UNLOCK_PRICE = 3  # §6.1 R-INC-2, $k

OPTION_SPECS = (
    OptionSpec("players", "int", 3, "number of players, 1-5 (1: solo against Costa)", min=1, max=5),
    OptionSpec(
        "first_player",
        "choice",
        "random",
        "who sits first in the turn order at setup: 'random' (default, §5.5 M) or a seat "
        "p1-p5 of this game",
        choices=("random", *SEATS),
    ),
)
SPECS = {spec.name: spec for spec in OPTION_SPECS}


def normalize(options: Mapping[str, Any] | None) -> dict[str, Any]:
    """Validated options with every key present."""
    given = dict(options or {})
    check_known(OPTION_SPECS, given, GAME_NAME)
    players = SPECS["players"].read(given)
    first = SPECS["first_player"].read(given)
    if first != "random" and first not in SEATS[:players]:
        raise OptionsError(
            f"option 'first_player' must be 'random' or one of "
            f"{', '.join(SEATS[:players])} in a {players}-player game; got {first!r}"
        )
    return {"players": players, "first_player": first}


def mode_for(players: int) -> Mode:
    """Who else plays (§5.6, §5.7): Sandra with 2 players, Sandra and Costa alone."""
    if players == 1:
        return "SOLO"
    if players == 2:
        return "TWO_PLAYER"
    return "MULTI"


@dataclass(frozen=True)
class Rules:
    """Everything fixed by the options, shared read-only by every state of one game."""

    options: dict[str, Any]
    content: Content
    topology: SquareTopology
    mode: Mode
    seats: tuple[str, ...]
    #: Every turn-taking participant: the seats, then Sandra, then Costa.
    participants: tuple[str, ...]
    automata: tuple[str, ...]
    board_side: BoardSide
    #: Cubes that close a Business (§7.5.2 R-BUS-CLOSE, §5.8).
    close_threshold: int
    #: The Days of the game: one per Patrol draw (§6.2, §6.7).
    days: int
    #: City tiles placed each Day: one per stack (§6.3).
    tiles_per_day: int
    #: The bottom (start) and top levels of the Notoriety track (§18.1, notoriety.py).
    level_bottom: int
    level_top: int

    def is_automaton(self, participant: str) -> bool:
        return participant in AUTOMATA


@cache
def _rules(players: int, first_player: str) -> Rules:
    content = load_content()
    mode = mode_for(players)
    seats = SEATS[:players]
    automata: tuple[str, ...] = {"MULTI": (), "TWO_PLAYER": (SANDRA,), "SOLO": (SANDRA, COSTA)}[
        mode
    ]
    count = content.for_players(players)
    return Rules(
        options={"players": players, "first_player": first_player},
        content=content,
        topology=SquareTopology(),
        mode=mode,
        seats=seats,
        participants=(*seats, *automata),
        automata=automata,
        board_side=count.board_side,
        close_threshold=count.business_closes_at,
        days=len(content.police.patrol_draws_per_day),
        tiles_per_day=content.components.city_stacks,
        level_bottom=notoriety.bottom(content.notoriety_track),
        level_top=notoriety.top(content.notoriety_track),
    )


def rules_for(options: Mapping[str, Any] | None) -> Rules:
    """The shared rules of a game with these options (one object per distinct options)."""
    normalized = normalize(options)
    return _rules(normalized["players"], normalized["first_player"])


def initial_order(rules: Rules, first: str) -> tuple[str, ...]:
    """Turn-order positions 1.. at setup (§5.5 M, §5.6 d, §5.7): the players clockwise from
    ``first``; with 2 players Sandra on position 3; solo, the player on 1, Costa on 2 and
    Sandra on 3."""
    start = rules.seats.index(first)
    humans = (*rules.seats[start:], *rules.seats[:start])
    if rules.mode == "SOLO":
        return (*humans, COSTA, SANDRA)
    return (*humans, *rules.automata)
