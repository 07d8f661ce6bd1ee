"""New York's noise track and mission markers (spec §7.18, §8.3).

Noise comes from the heroes' revealed cards and ability (step 6), weapons, events, steps 10
and 11 and prisoners that cannot be placed; it all goes on the one track (A-47). The track's
length and the number of mission markers are read from ``components.json``.

A timer reveal these rules trigger is not made here: the functions return how many timer
cards the current player must now reveal, and the turn rules reveal them (a reveal may end
the game, §7.21). Reading chosen: on an overflow the track is reset and the rest of the noise
gained *before* the timer card is resolved, so noise the timer card itself makes lands on the
fresh track instead of being wiped by the reset (the text orders "reveal, then reset" but
never says what happens to noise made in between).
"""

from __future__ import annotations

from collections.abc import Iterable

from getaway.games.escape_from_new_york.options import Rules
from getaway.games.escape_from_new_york.schema import HeroCard
from getaway.games.escape_from_new_york.state import Table


def noise_track_top(rules: Rules) -> int:
    return rules.content.components.base.noise_track


def mission_markers(rules: Rules) -> int:
    return rules.content.components.base.mission_markers


def gain_noise(rules: Rules, table: Table, amount: int) -> int:
    """New York gains ``amount`` noise (§8.3): one box at a time; at the top, each point it
    cannot gain moves a mission marker to the right box, and when the left box empties the
    track resets to 0, the markers go back, and a timer card is owed. Returns the timer
    cards owed (usually 0)."""
    if amount < 0:
        raise ValueError(f"noise is only ever gained, not {amount}")
    top, markers = noise_track_top(rules), mission_markers(rules)
    owed = 0
    for _ in range(amount):
        if table.noise < top:
            table.noise += 1
            continue
        table.missions_moved += 1
        if table.missions_moved == markers:
            owed += 1
            table.noise = 0
            table.missions_moved = 0
    return owed


def move_missions(rules: Rules, table: Table, markers: int) -> int:
    """A New York card moves ``markers`` mission markers to the right box (§8.3). Moving the
    last one owes a timer card and brings every marker back, but the noise is **not**
    reset (only overflow resets it). Reading chosen: markers the card still has to move
    after that return go on moving from the left box, as the rest of an overflowing noise
    gain does. Returns the timer cards owed."""
    if markers < 0:
        raise ValueError(f"mission markers only move right, not {markers}")
    total = mission_markers(rules)
    owed = 0
    for _ in range(markers):
        table.missions_moved += 1
        if table.missions_moved == total:
            owed += 1
            table.missions_moved = 0
    return owed


def spend_noise(table: Table, cost: int) -> bool:
    """Step 11's payment: spend ``cost`` if the track holds that much. Whether it was
    paid."""
    if cost > table.noise:
        return False
    table.noise -= cost
    return True


def played_cards_noise(cards: Iterable[HeroCard], ability_used: bool, ability_noise: int) -> int:
    """Step 6's noise (§7.18): the noise symbols on the revealed played cards, whether or not
    their effect applied, plus the personal ability's noise if it was used; the card hidden
    by the ability adds nothing, so ``cards`` are only the revealed ones."""
    return sum(card.noise for card in cards) + (ability_noise if ability_used else 0)
