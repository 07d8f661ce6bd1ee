"""The bag of police officers: drawing them onto tiles at random, and the duplicate check
(spec §5.2 steps 6-8, §6.3 R-CITY-3). The bag is a count per officer type: it has no order
to hide."""

from __future__ import annotations

from getaway.core.rng import Rng
from getaway.games.escape_plan.options import OFFICERS


def draw_officer(bag: dict[str, int], rng: Rng) -> str | None:
    """One officer drawn at random from the bag, or ``None`` if it is empty."""
    total = sum(bag.values())
    if total == 0:
        return None
    pick = rng.below(total)
    for officer in OFFICERS:
        if pick < bag[officer]:
            bag[officer] -= 1
            return officer
        pick -= bag[officer]
    raise AssertionError("unreachable: the pick is below the bag's total")


def draw_police_onto(
    police: dict[str, list[str]], bag: dict[str, int], tiles: list[str], count: int, rng: Rng
) -> None:
    """Draw ``count`` officers onto each of ``tiles`` in turn (if the bag runs out, place
    what you can, §6.3 [INF]), then return one of every pair of the same type on those
    tiles to the bag, without a replacement (§5.2 step 8)."""
    for tile in tiles:
        drawn = police.setdefault(tile, [])
        for _ in range(count):
            officer = draw_officer(bag, rng)
            if officer is not None:
                drawn.append(officer)
    for tile in tiles:
        kept: list[str] = []
        for officer in police[tile]:
            if officer in kept:
                bag[officer] += 1
            else:
                kept.append(officer)
        police[tile] = [officer for officer in OFFICERS if officer in kept]
