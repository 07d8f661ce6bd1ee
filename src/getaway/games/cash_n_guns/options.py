"""Game options, and the fixed facts a set of options implies (seats, ability cards in play).

Defaults are the Basic game for 5 players. The Advanced game (ability cards) and the
Undercover Cop game can be combined (spec section 9). Where the spec leaves a reading open and
asks for a switch, it is a flag here (AMB-15, AMB-18).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from getaway.core import OptionsError
from getaway.core.options import OptionSpec, read_options
from getaway.games.cash_n_guns.cards import (
    ALL_ABILITIES,
    CRAZY,
    FIRST_GAME_ABILITIES,
    KID,
    SEATS,
    SLY,
    SPECIALIST,
    UNHURT,
    WONT_NEED_IT,
)

GAME_NAME = "cash-n-guns"
MIN_PLAYERS, MAX_PLAYERS = 4, 6
MIN_COP_PLAYERS = 5

OPTION_SPECS = (
    OptionSpec(
        "players",
        "int",
        5,
        "number of players, 4-6 (default 5); seats are tino, el-toro, lotus, mr-black, haggis, "
        "igor, in that order (tino is the Godfather)",
        min=MIN_PLAYERS,
        max=MAX_PLAYERS,
    ),
    OptionSpec(
        "advanced",
        "bool",
        False,
        "the Advanced game: each player gets a secret Special Ability card (default false)",
    ),
    OptionSpec(
        "first_game",
        "bool",
        False,
        "Advanced game only: deal only abilities #1-#6, as the rulebook advises for a first "
        "game with abilities (default false)",
    ),
    OptionSpec(
        "undercover_cop",
        "bool",
        False,
        "the Undercover Cop game, 5-6 players: secret roles and the phone phase (default "
        "false); combines with advanced",
    ),
    OptionSpec(
        "specialist_recover_unfired",
        "bool",
        True,
        "the Specialist (#9) may also take back a BBB discarded unfired in Phase 4 because he "
        "or his target hid (default true, spec AMB-18)",
    ),
    OptionSpec(
        "crazy_after_aims",
        "bool",
        True,
        "the Crazy (#5) may still be revealed after the aims are shown, in a window at the end "
        "of Phase 3 (default true, spec AMB-15)",
    ),
)


_NORMALIZED: dict[tuple[tuple[str, Any], ...], dict[str, Any]] = {}


def normalize(options: Mapping[str, Any] | None) -> dict[str, Any]:
    """Validated options with every key present (a fresh dict each call)."""
    try:
        key = tuple(sorted((options or {}).items()))
        cached = _NORMALIZED.get(key)
    except TypeError:  # unhashable values: validate without the cache (and fail there)
        key, cached = None, None
    if cached is None:
        cached = _normalize(options)
        if key is not None and len(_NORMALIZED) < 1024:
            _NORMALIZED[key] = cached
    return dict(cached)


def _normalize(options: Mapping[str, Any] | None) -> dict[str, Any]:
    # Every option is read as declared; the checks below are the ones between options.
    normalized = read_options(OPTION_SPECS, options, GAME_NAME)
    players = normalized["players"]
    first_game, cop = normalized["first_game"], normalized["undercover_cop"]
    if first_game and not normalized["advanced"]:
        raise OptionsError("option 'first_game' needs the Advanced game (advanced=true)")
    if cop and players < MIN_COP_PLAYERS:
        raise OptionsError(
            f"option 'undercover_cop' needs {MIN_COP_PLAYERS} or 6 players; got {players}"
        )
    return normalized


def seats_for(players: int) -> tuple[str, ...]:
    """The first ``players`` characters, clockwise from the Godfather."""
    return SEATS[:players]


@dataclass(frozen=True)
class Rules:
    """Everything fixed by the options: shared, read-only, by every state of a game."""

    options: dict[str, Any]
    players: int
    seats: tuple[str, ...]
    #: Seat name -> player index.
    index: dict[str, int]
    #: Bitmask of every player.
    everyone: int
    #: Bitmask of players -> those seats in seat order (the to_act tuples).
    seats_of_mask: tuple[tuple[str, ...], ...]
    advanced: bool
    cop_game: bool
    #: The ability cards the deal draws from (empty in the Basic game). Which were dealt is
    #: secret; which could have been is public.
    pool: tuple[int, ...]
    #: Public facts that decide whether a reaction window runs at all.
    has_reveal_window: bool
    has_crazy_window: bool
    has_specialist: bool
    specialist_unfired: bool
    has_wont_need_it: bool
    has_unhurt: bool
    #: Abilities of the pool that may be revealed at will in Phases 1-3.
    revealable: frozenset[int]

    @property
    def name(self) -> str:
        return GAME_NAME


_RULES_CACHE: dict[tuple[tuple[str, Any], ...], Rules] = {}


def rules_for(options: dict[str, Any]) -> Rules:
    """The shared :class:`Rules` of normalized options."""
    key = tuple(sorted(options.items()))
    rules = _RULES_CACHE.get(key)
    if rules is None:
        rules = _RULES_CACHE[key] = _build_rules(options)
    return rules


def _build_rules(options: dict[str, Any]) -> Rules:
    players = options["players"]
    seats = seats_for(players)
    advanced = options["advanced"]
    if not advanced:
        pool: tuple[int, ...] = ()
    elif options["first_game"]:
        pool = FIRST_GAME_ABILITIES
    else:
        pool = ALL_ABILITIES
    revealable = frozenset(a for a in (CRAZY, KID, SLY) if a in pool)
    return Rules(
        options=options,
        players=players,
        seats=seats,
        index={seat: i for i, seat in enumerate(seats)},
        everyone=(1 << players) - 1,
        seats_of_mask=tuple(
            tuple(seats[i] for i in range(players) if mask >> i & 1) for mask in range(1 << players)
        ),
        advanced=advanced,
        cop_game=options["undercover_cop"],
        pool=pool,
        has_reveal_window=bool(revealable),
        has_crazy_window=CRAZY in pool and options["crazy_after_aims"],
        has_specialist=SPECIALIST in pool,
        specialist_unfired=SPECIALIST in pool and options["specialist_recover_unfired"],
        has_wont_need_it=WONT_NEED_IT in pool,
        has_unhurt=UNHURT in pool,
        revealable=revealable,
    )
