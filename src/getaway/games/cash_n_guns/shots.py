"""The shots: "Bang! Bang! Bang!" (Phase 5), the other cards (Phase 6), and what happens at
the end of a phase (wounds, Dragon Skin and Invincible, the grenade, deaths). Spec sections
4, 4.2, 4.3, 7 and 10.4-10.5.

Within a phase everything is simultaneous (10.4 item 9): every shot is worked out from the
table as it stood when the phase began, then all hits land together. These functions change
the state in place; :mod:`getaway.games.cash_n_guns.round` decides which one runs when.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from getaway.games.cash_n_guns.abilities import reveal
from getaway.games.cash_n_guns.cards import (
    BANG,
    BBB,
    CRAZY,
    DRAGON_SKIN,
    GRENADE_ARMED,
    GRENADE_USED,
    GUN_DISCARDED,
    GUN_FIRED,
    GUN_LOADED,
    INVINCIBLE,
    SPENT_FACE_DOWN,
    SPENT_FIRED,
    STANDING,
    WOUNDED,
)

if TYPE_CHECKING:
    from getaway.games.cash_n_guns.state import CashNGunsState

#: Why a loaded card was discarded face down without effect (shown in events).
LOWERED_HID = "hid"
LOWERED_TARGET_HID = "target-hid"
LOWERED_NO_TARGET = "no-target"
LOWERED_HIT = "hit"
LOWERED_ROUND_OVER = "round-over"


def discard_face_down(s: CashNGunsState, k: int, reason: str) -> None:
    """Gun slot ``k`` (player ``k // 2``, gun ``k % 2``) discards its card unrevealed."""
    s.gstate[k] = GUN_DISCARDED
    i = k >> 1
    s.spent[i] += ((s.round, k & 1, s.card[k], SPENT_FACE_DOWN),)
    s.log.append(("lowered", s.round, i, k & 1, reason))


def phase5(s: CashNGunsState) -> int:
    """Every active BBB fires at once (spec Phase 5). Returns the bitmask of players whose
    BBB fired (the Specialist's window depends on it)."""
    card, gstate, target = s.card, s.gstate, s.target
    players = s.rules.players
    hits = [0] * players
    fired = 0
    r = s.round
    log = s.log
    for k in range(2 * players):
        if gstate[k] == GUN_LOADED and card[k] == BBB:
            # After Phase 4 every loaded gun has a standing owner and a standing target.
            i = k >> 1
            t = target[k]
            gstate[k] = GUN_FIRED
            s.spent[i] += ((r, k & 1, BBB, SPENT_FIRED),)
            log.append(("fire", r, 5, i, k & 1, BBB, t))
            hits[t] += 1
            fired |= 1 << i
    if fired:
        wounds_before = s.wounds[:]
        for t in range(players):
            if hits[t]:
                add_hits(s, t, hits[t])
                s.status[t] = WOUNDED
                # Caught off guard: his other loaded cards are discarded unrevealed (his own
                # BBB, if any, has already fired with the others).
                for k in (2 * t, 2 * t + 1):
                    if gstate[k] == GUN_LOADED:
                        discard_face_down(s, k, LOWERED_HIT)
        end_of_phase(s, wounds_before)
    return fired


def phase6(s: CashNGunsState) -> None:
    """Every remaining loaded gun (owner still standing, target did not hide) is revealed at
    once, Clicks included; each Bang! hits (spec Phase 6). A shot at a player who died in
    Phase 5 is revealed but has no effect (AMB-7)."""
    card, gstate, target = s.card, s.gstate, s.target
    players = s.rules.players
    hits = [0] * players
    any_fired = False
    alive = s.alive
    r = s.round
    log = s.log
    for k in range(2 * players):
        if gstate[k] == GUN_LOADED:
            i = k >> 1
            t = target[k]
            kind = card[k]
            gstate[k] = GUN_FIRED
            s.spent[i] += ((r, k & 1, kind, SPENT_FIRED),)
            log.append(("fire", r, 6, i, k & 1, kind, t))
            any_fired = True
            if kind == BANG and alive >> t & 1:
                hits[t] += 1
    if any_fired:
        wounds_before = s.wounds[:]
        for t in range(players):
            if hits[t]:
                add_hits(s, t, hits[t])
                s.status[t] = WOUNDED
        end_of_phase(s, wounds_before)


def add_hits(s: CashNGunsState, i: int, bullets: int) -> None:
    """``bullets`` hits on player ``i``: one wound each, except that Dragon Skin (#4) caps his
    wounds at one a round from the round he is hit by a second bullet (revealed then,
    automatically: AMB-19)."""
    s.hits_round[i] += bullets
    wounds = bullets
    if s.ability[i] == DRAGON_SKIN:
        if not s.shown >> DRAGON_SKIN & 1 and s.hits_round[i] >= 2:
            reveal(s, i, DRAGON_SKIN)
        if s.shown >> DRAGON_SKIN & 1:
            wounds = min(wounds, max(0, 1 - s.wounds_round[i]))
    add_wounds(s, i, wounds, "shot")


def add_wounds(s: CashNGunsState, i: int, n: int, cause: str) -> None:
    """Player ``i`` takes ``n`` wound tokens. Invincible (#2) reveals itself on the 3rd wound
    (automatically: AMB-19)."""
    if n <= 0:
        return
    s.wounds[i] += n
    s.wounds_round[i] += n
    s.log.append(("wound", s.round, i, n, s.wounds[i], cause))
    if s.ability[i] == INVINCIBLE and s.wounds[i] >= 3 and not s.shown >> INVINCIBLE & 1:
        reveal(s, i, INVINCIBLE)


def end_of_phase(s: CashNGunsState, wounds_before: list[int]) -> None:
    """Spec 4.2 steps 2-3 at the end of Phase 5 or 6, after the hits: the grenade, then
    deaths. The reaction windows (steps 4-5) are the state machine's business."""
    crazy = s.holder[CRAZY]
    if s.grenade == GRENADE_ARMED and s.wounds[crazy] > wounds_before[crazy]:
        explode_grenade(s, crazy)
    kill_the_dead(s)


def explode_grenade(s: CashNGunsState, crazy: int) -> None:
    """The Crazy was wounded this phase: every living player still standing takes one wound
    and lies down; the round ends after this phase (spec #5, AMB-25, AMB-26)."""
    victims = []
    for i in range(s.rules.players):
        if s.alive >> i & 1 and s.status[i] == STANDING:
            victims.append(i)
            add_wounds(s, i, 1, "grenade")
            s.status[i] = WOUNDED
    s.grenade = GRENADE_USED
    s.grenade_now = True
    s.log.append(("grenade", s.round, crazy, tuple(victims)))


def death_threshold(s: CashNGunsState, i: int) -> int:
    return 4 if s.ability[i] == INVINCIBLE and s.shown >> INVINCIBLE & 1 else 3


def kill_the_dead(s: CashNGunsState) -> None:
    """Every player at the death threshold dies now, all together: his money goes back to
    the box, his unused cards leave the game (unless claimed with #3 after the first death),
    and the Godfather's job passes clockwise if he was the Godfather (AMB-24)."""
    players = s.rules.players
    alive, wounds = s.alive, s.wounds
    dead = []
    for i in range(players):
        # At the end of every phase: ``death_threshold`` asked only of the wounded.
        if alive >> i & 1 and wounds[i] >= 3 and wounds[i] >= death_threshold(s, i):
            dead.append(i)
    if not dead:
        return
    first = not s.first_death_done
    s.first_death_done = True
    for i in dead:
        s.alive &= ~(1 << i)
        s.log.append(("death", s.round, i, s.money[i]))
        s.removed += s.money[i]
        s.money[i] = 0
        base = 6 * i
        if first and s.rules.has_wont_need_it:
            # Kept aside until the end-of-phase window: the holder of #3 may take them.
            s.claimable[i] = tuple(s.hand[base : base + 3])
        s.hand[base : base + 6] = [0] * 6
    s.first_death_now = first
    if not s.alive >> s.godfather & 1 and s.alive:
        g = s.godfather
        while not s.alive >> g & 1:
            g = (g + 1) % players
        s.godfather = g


def discard_unresolved(s: CashNGunsState) -> None:
    """End of a round cut short by the grenade: every card still loaded is discarded face
    down, unrevealed (spec 4.2 step 6)."""
    for k in range(2 * s.rules.players):
        if s.gstate[k] == GUN_LOADED:
            discard_face_down(s, k, LOWERED_ROUND_OVER)
