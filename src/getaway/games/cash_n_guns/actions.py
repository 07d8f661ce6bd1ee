"""Action ids and the precomputed tables that make legal-action lists cheap.

Action ids (stable; the same in logs, replays, the CLI and the web API):

* Loading (Phase 2, and the Sly's late load): ``load:bbb``, ``load:bang``, ``load:click``;
  with two guns (#3) one id names both cards, gun 1 then gun 2: ``load:bang/click``.
* Aiming (Phase 3, and the Kid's late aim): ``aim:SEAT`` or ``aim:none``; with two guns
  ``aim:lotus/igor``, ``aim:none/lotus``.
* Revealing an ability in its window: ``reveal:crazy``, ``reveal:kid``, ``reveal:sly``.
* Courage (Phase 4): ``hide`` or ``stay``.
* Reaction windows: ``pass``; ``specialist:bang`` / ``specialist:click`` (take the BBB back,
  discard one unused card of that kind face down); ``claim:SEAT`` (#3: take that dead
  player's gun and cards); ``unhurt`` (#10: take part in the split).
* The phone (Undercover Cop game, Phase 8): ``pass``, or ``flip`` for the cop.
"""

from __future__ import annotations

from functools import cache

from getaway.games.cash_n_guns.cards import (
    BBB,
    CARD_NAMES,
    CRAZY,
    KID,
    SEATS,
    SLY,
)

PASS = "pass"
HIDE = "hide"
STAY = "stay"
FLIP = "flip"
UNHURT_ID = "unhurt"
NO_TARGET = -1
#: A gun whose aim has not been shown (or made) yet this round.
NOT_AIMED = -2
NO_CARD = -1

#: Abilities that can be revealed at will in Phases 1-3, by the id that reveals them.
REVEAL_IDS = {CRAZY: "reveal:crazy", KID: "reveal:kid", SLY: "reveal:sly"}
REVEAL_PARSE = {action: ability for ability, action in REVEAL_IDS.items()}
#: Bit of each revealable ability in an "extras" mask, in the order the ids are listed.
REVEAL_BITS = ((1, CRAZY), (2, KID), (4, SLY))

SPECIALIST_IDS = tuple(f"specialist:{name}" for name in CARD_NAMES)
SPECIALIST_PARSE = {action: kind for kind, action in enumerate(SPECIALIST_IDS) if kind != BBB}
CLAIM_IDS = tuple(f"claim:{seat}" for seat in SEATS)
CLAIM_PARSE = {action: i for i, action in enumerate(CLAIM_IDS)}


def _kinds(mask: int) -> tuple[int, ...]:
    """The card kinds present in a hand, from a bitmask (bit k set: at least one of kind k)."""
    return tuple(k for k in range(3) if mask >> k & 1)


#: LOAD_ONE[mask]: the load ids of a one-gun hand holding the kinds in ``mask``.
LOAD_ONE: tuple[tuple[str, ...], ...] = tuple(
    tuple(f"load:{CARD_NAMES[k]}" for k in _kinds(mask)) for mask in range(8)
)
#: Load id -> the card per gun (one entry for one gun, two for two guns).
LOAD_PARSE: dict[str, tuple[int, ...]] = {f"load:{name}": (k,) for k, name in enumerate(CARD_NAMES)}
for _a, _an in enumerate(CARD_NAMES):
    for _b, _bn in enumerate(CARD_NAMES):
        LOAD_PARSE[f"load:{_an}/{_bn}"] = (_a, _b)


@cache
def load_two(mask1: int, mask2: int) -> tuple[str, ...]:
    """The load ids of a two-gun player whose hands hold the kinds in ``mask1``/``mask2``."""
    return tuple(
        f"load:{CARD_NAMES[a]}/{CARD_NAMES[b]}" for a in _kinds(mask1) for b in _kinds(mask2)
    )


def _target_name(t: int) -> str:
    return "none" if t == NO_TARGET else SEATS[t]


#: Aim id -> the target per gun (NO_TARGET for none).
AIM_PARSE: dict[str, tuple[int, ...]] = {"aim:none": (NO_TARGET,)}
for _t in range(len(SEATS)):
    AIM_PARSE[f"aim:{SEATS[_t]}"] = (_t,)
for _t1 in range(NO_TARGET, len(SEATS)):
    for _t2 in range(NO_TARGET, len(SEATS)):
        AIM_PARSE[f"aim:{_target_name(_t1)}/{_target_name(_t2)}"] = (_t1, _t2)


@cache
def aim_ids(seat: int, alive: int, guns: int) -> tuple[str, ...]:
    """The aim ids of ``seat`` when the players in bitmask ``alive`` are alive: every other
    living player (in seat order), then no target; every pair of those with two guns."""
    targets = [t for t in range(len(SEATS)) if alive >> t & 1 and t != seat] + [NO_TARGET]
    if guns == 1:
        return tuple(f"aim:{_target_name(t)}" for t in targets)
    return tuple(f"aim:{_target_name(a)}/{_target_name(b)}" for a in targets for b in targets)


@cache
def with_reveals(actions: tuple[str, ...], extras: int) -> tuple[str, ...]:
    """``actions`` followed by the reveal ids in the ``extras`` mask (see REVEAL_BITS)."""
    return actions + tuple(REVEAL_IDS[ability] for bit, ability in REVEAL_BITS if extras & bit)


def reveal_bit(ability: int) -> int:
    """The extras-mask bit of a revealable ability (0 for the others)."""
    for bit, code in REVEAL_BITS:
        if code == ability:
            return bit
    return 0
