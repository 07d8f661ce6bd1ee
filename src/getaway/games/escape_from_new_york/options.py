"""Escape from New York's options, and :class:`Rules`: everything a set of options fixes for
the whole game (spec §4.1, §10, §12).

Every count comes from the content files (``player_counts.json``, ``components.json`` and
the ``sgb`` flags of each entry); the options only say which variants are in play. A
game's rules object is built once per distinct options and shared, read-only, by every
state of that game.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from typing import Any, get_args

from getaway.core.errors import OptionsError
from getaway.core.options import OptionSpec, check_known
from getaway.games.escape_from_new_york.catalogue import Catalogue, catalogue_of
from getaway.games.escape_from_new_york.content import Content, load_content
from getaway.games.escape_from_new_york.schema import HeroId
from getaway.games.escape_from_new_york.topology import HexTopology

GAME_NAME = "escape-from-new-york"

#: Seats in table order (clockwise, A-20); a game with n heroes uses the first n.
SEATS = ("p1", "p2", "p3", "p4")
#: The heroes, in the order of the schema's hero ids.
HEROES: tuple[HeroId, ...] = get_args(HeroId)
RANDOM = "random"

#: The variants: option name -> one line of help. §10's two advanced changes, then the
#: Appendix B (SGB) modules of §12 that change the components in play.
VARIANTS: dict[str, str] = {
    "fewer_timer_cards": "advanced (§10): one black timer card fewer",
    "fewer_prisoners": "advanced (§10): play with 10 prisoners fewer",
    "extra_specials": "SGB (§12): each hero's 2 extra special action cards join its pool",
    "crossbows": "SGB (§12): the 2 Crossbows are shuffled into the item deck",
    "explosions": "SGB (§12): the 2 Explosion events are shuffled into the event deck",
    "extra_timer_cards": "SGB (§12, A-05): 3 extra black timer cards join the pool step 9 "
    "draws from",
    "traps": "SGB (§12): the 2 trap tiles are shuffled into the city tiles",
    "hard_new_york": "SGB (§12, A-26): the 10 Hard New York cards replace the normal ones",
    "wanted": "SGB (§12, A-06): the Wanted variant (2 objectives, 3 Wanted cards)",
    "dead_or_alive": "SGB (§12): 'President: Dead or Alive?' (a President deck, the SGB026 "
    "Bracelet, the President's Finger)",
}

OPTION_SPECS: tuple[OptionSpec, ...] = (
    OptionSpec("players", "int", 2, "number of heroes, 1-4 (1: solo, §9.4)", min=1, max=4),
    *(
        OptionSpec(
            f"hero_{seat}",
            "choice",
            RANDOM,
            f"the hero seat {seat} plays (§4.2 step 17b): 'random' or one of {', '.join(HEROES)}",
            choices=(RANDOM, *HEROES),
        )
        for seat in SEATS
    ),
    OptionSpec(
        "first_player",
        "choice",
        RANDOM,
        "who plays first (§4.2 step 19): 'random' (default) or a seat of this game",
        choices=(RANDOM, *SEATS),
    ),
    *(OptionSpec(name, "bool", False, text) for name, text in VARIANTS.items()),
)
SPECS = {spec.name: spec for spec in OPTION_SPECS}


def normalize(options: Mapping[str, Any] | None) -> dict[str, Any]:
    """Validated options with every key present; a hero or first player named for a seat
    the game does not have, or one hero named twice, is refused."""
    given = dict(options or {})
    check_known(OPTION_SPECS, given, GAME_NAME)
    read = {spec.name: spec.read(given) for spec in OPTION_SPECS}
    players = read["players"]
    seats = SEATS[:players]
    chosen: dict[str, str] = {}
    for seat in SEATS:
        hero = read[f"hero_{seat}"]
        if hero == RANDOM:
            continue
        if seat not in seats:
            raise OptionsError(
                f"option 'hero_{seat}' names a hero for seat {seat}, which a {players}-hero "
                f"game does not have (seats {', '.join(seats)})"
            )
        if hero in chosen.values():
            other = next(s for s, h in chosen.items() if h == hero)
            raise OptionsError(
                f"options 'hero_{other}' and 'hero_{seat}' both choose {hero!r}; each hero "
                "is played by one seat"
            )
        chosen[seat] = hero
    first = read["first_player"]
    if first != RANDOM and first not in seats:
        raise OptionsError(
            f"option 'first_player' must be 'random' or one of {', '.join(seats)} in a "
            f"{players}-hero game; got {first!r}"
        )
    return read


@dataclass(frozen=True)
class Rules:
    """Everything fixed by the options, shared read-only by every state of one game."""

    options: dict[str, Any]
    content: Content
    topology: HexTopology
    #: Every identifier a state may hold, by kind (what saves are checked against).
    catalogue: Catalogue
    seats: tuple[str, ...]
    #: Black timer cards step 9 puts on "Hurry!" (§4.1, §10).
    black_timer_cards: int
    #: Objective cards drawn per colour at step 18 (§4.1).
    objectives_per_colour: int
    #: Prisoner figures in play (§2.1, §10): the hard limit of §8.9.
    prisoners: int

    def variant(self, name: str) -> bool:
        """Whether the variant ``name`` (a key of :data:`VARIANTS`) is in play."""
        return bool(self.options[name])


@cache
def _rules(frozen: tuple[tuple[str, Any], ...]) -> Rules:
    return rules_from(load_content(), dict(frozen))


def rules_from(content: Content, options: dict[str, Any]) -> Rules:
    """The rules of normalized ``options`` with ``content`` (a game's own, or edited data in
    tests: every number below is read from it)."""
    players = options["players"]
    count = content.for_players(players)
    advanced = content.player_counts.advanced
    black = count.black_timer_cards
    if options["fewer_timer_cards"]:
        black -= advanced.fewer_black_timer_cards
    prisoners = content.components.base.prisoners
    if options["fewer_prisoners"]:
        prisoners -= advanced.fewer_prisoners
    return Rules(
        options=options,
        content=content,
        topology=content.topology,
        catalogue=catalogue_of(content),
        seats=SEATS[:players],
        black_timer_cards=black,
        objectives_per_colour=count.objectives_per_colour,
        prisoners=prisoners,
    )


def rules_for(options: Mapping[str, Any] | None) -> Rules:
    """The shared rules of a game with these options (one object per distinct options)."""
    normalized = normalize(options)
    return _rules(tuple(normalized.items()))
