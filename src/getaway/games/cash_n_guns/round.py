"""The round as a sequence of decision steps: which step comes next, who answers it, and what
happens between the steps (spec sections 4, 7, 8 and the protocol of 10.2).

One round, step by step (windows are skipped in the Basic game; ``docs/games/cash-n-guns.md``
says when each runs):

1. Phase 1: the players stand up, 5 notes join the pot.
2. ``load`` (Phase 2, :mod:`.loading`): every living player except a revealed Sly secretly
   loads one card per gun. An unrevealed Crazy, Kid or Sly may also reveal his card here.
3. ``reveal-window`` (end of Phase 2, :mod:`.windows`): everyone passes, or reveals the
   Crazy, Kid or Sly. A Sly who reveals after loading takes his card back (AMB-16).
4. ``aim`` (Phase 3, :mod:`.aiming`): every living player except a revealed Kid secretly
   aims; all aims are shown together. An unrevealed Crazy may reveal here.
5. ``kid-aim``: the revealed Kid aims, seeing every aim. 6. ``sly-load``: the revealed Sly
   loads, seeing every aim. 7. ``crazy-window``: last chance to reveal the Crazy.
8. ``courage`` (Phase 4, :mod:`.courage`): every living player secretly hides or stays;
   hiding is resolved.
9. ``specialist-window``: the Specialist may take back a BBB discarded unfired because he or
   his target hid (AMB-18).
10. Phase 5 (BBB, :mod:`.shots`), then ``phase5-window`` when public facts call for it (a BBB
    fired and the Specialist is unused; the first death of the game). 11. Phase 6, then
    ``phase6-window`` after the first death.
12. ``unhurt-window`` (start of Phase 7), then the split (:mod:`.split`). 13. ``phone``
    (Phase 8, :mod:`.phone`, Undercover Cop game, rounds 1-6).

Each function here moves the state on from one step to the next; the state's ``apply``
records an answer and calls :func:`answered`, which resolves the step once nobody is left.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from getaway.core import SecretChoices
from getaway.games.cash_n_guns.actions import NOT_AIMED
from getaway.games.cash_n_guns.aiming import show_the_aims
from getaway.games.cash_n_guns.cards import (
    CRAZY,
    GUN_EMPTY,
    KID,
    NOTES_PER_ROUND,
    ROUNDS,
    SLY,
    SPECIALIST,
    STANDING,
    UNHURT,
)
from getaway.games.cash_n_guns.courage import resolve_courage
from getaway.games.cash_n_guns.phone import phone_rings, resolve_phone
from getaway.games.cash_n_guns.scoring import finish
from getaway.games.cash_n_guns.shots import discard_unresolved, phase5, phase6
from getaway.games.cash_n_guns.split import share_the_pot
from getaway.games.cash_n_guns.steps import (
    SECRET_STEPS,
    STEP_AIM,
    STEP_COURAGE,
    STEP_CRAZY,
    STEP_KID,
    STEP_LOAD,
    STEP_OVER,
    STEP_PHASE5,
    STEP_PHASE6,
    STEP_PHONE,
    STEP_REVEAL,
    STEP_SLY,
    STEP_SPECIALIST,
    STEP_UNHURT,
)

if TYPE_CHECKING:
    from getaway.games.cash_n_guns.state import CashNGunsState

# Answers ---------------------------------------------------------------------------------


def open_step(s: CashNGunsState, step: int, seats: int) -> None:
    """Start a decision step answered by the players in bitmask ``seats``."""
    s.step = step
    s.step_seats = seats
    s.waiting = seats
    order = s.rules.seats_of_mask[seats]
    s._to_act = order
    s.box = SecretChoices(order) if step in SECRET_STEPS else None


def answered(s: CashNGunsState, i: int) -> None:
    """Player ``i`` has answered: the next ones are asked, or the step resolves."""
    waiting = s.waiting & ~(1 << i)
    s.waiting = waiting
    if waiting:
        s._to_act = s.rules.seats_of_mask[waiting]
    else:
        _STEP_DONE[s.step](s)


def leave_secret_step(s: CashNGunsState, i: int) -> None:
    """Player ``i`` no longer answers in this secret step (a Sly revealed while loading: he
    loads at the end of Phase 3 instead). The box is rebuilt without him (its seats are fixed
    when made), keeping the others' commits."""
    old = s.box
    assert old is not None
    s.step_seats &= ~(1 << i)
    box = SecretChoices(s.rules.seats_of_mask[s.step_seats])
    for seat in box.seats:
        choice = old.choice_of(seat)
        if choice is not None:
            box.commit(seat, choice)
    s.box = box
    answered(s, i)


# From one step to the next --------------------------------------------------------------


def start_round(s: CashNGunsState) -> None:
    """Phase 1: everyone stands up, 5 notes are added to the pot (fewer only if a modded
    deck runs short, spec 1.4); then the loading step."""
    n = s.rules.players
    s.round += 1
    s.status = [STANDING] * n
    s.hits_round = [0] * n
    s.wounds_round = [0] * n
    s.card = [-1] * (2 * n)
    s.target = [NOT_AIMED] * (2 * n)
    s.gstate = [GUN_EMPTY] * (2 * n)
    s.aims_revealed = False
    s.grenade_now = False
    s.claimable = {}
    s.participants = 0
    drawn = s.deck[-NOTES_PER_ROUND:]
    del s.deck[-NOTES_PER_ROUND:]
    s.pot += drawn
    s.pot.sort(reverse=True)
    s.log.append(("round", s.round, tuple(drawn)))
    open_step(s, STEP_LOAD, s.alive & ~_revealed(s, SLY))


def _revealed(s: CashNGunsState, ability: int) -> int:
    """The bitmask of the living player who has shown ``ability``, or 0."""
    holder = s.holder[ability]
    if holder >= 0 and s.shown >> ability & 1:
        return s.alive & 1 << holder
    return 0


def _after_load(s: CashNGunsState) -> None:
    """End of Phase 2: the last chance to reveal the Kid, the Sly (or the Crazy)."""
    rules = s.rules
    if rules.has_reveal_window and any(not s.shown >> a & 1 for a in rules.revealable):
        open_step(s, STEP_REVEAL, s.alive)
    else:
        _enter_aim(s)


def _enter_aim(s: CashNGunsState) -> None:
    """Phase 3: everyone aims at once, except a revealed Kid."""
    open_step(s, STEP_AIM, s.alive & ~_revealed(s, KID))


def _after_aims(s: CashNGunsState) -> None:
    """The aims are shown; then the revealed Kid aims, seeing them."""
    show_the_aims(s)
    kid = _revealed(s, KID)
    if kid:
        open_step(s, STEP_KID, kid)
    else:
        _after_kid(s)


def _after_kid(s: CashNGunsState) -> None:
    """The revealed Sly loads last, seeing every aim (the Kid's too)."""
    sly = _revealed(s, SLY)
    if sly:
        open_step(s, STEP_SLY, sly)
    else:
        _after_sly(s)


def _after_sly(s: CashNGunsState) -> None:
    """The last chance to reveal the Crazy (AMB-15), then Phase 4."""
    if s.rules.has_crazy_window and not s.shown >> CRAZY & 1:
        open_step(s, STEP_CRAZY, s.alive)
    else:
        _enter_courage(s)


def _enter_courage(s: CashNGunsState) -> None:
    """Phase 4: everyone hides or stays at once."""
    open_step(s, STEP_COURAGE, s.alive)


def _after_courage(s: CashNGunsState) -> None:
    """Hiding is resolved; the Specialist's window for a BBB discarded unfired (AMB-18),
    then Phase 5."""
    resolve_courage(s)
    if s.rules.specialist_unfired and not s.shown >> SPECIALIST & 1:
        open_step(s, STEP_SPECIALIST, s.alive)
    else:
        _phase5(s)


def _phase5(s: CashNGunsState) -> None:
    """Phase 5 and its end-of-phase window (Specialist, first death)."""
    fired = phase5(s)
    first_death = _took_first_death(s)
    rules = s.rules
    if s.alive.bit_count() >= 2 and (
        (first_death and rules.has_wont_need_it)
        or (fired and rules.has_specialist and not s.shown >> SPECIALIST & 1)
    ):
        open_step(s, STEP_PHASE5, s.alive)
    else:
        _after_phase5_window(s)


def _took_first_death(s: CashNGunsState) -> bool:
    """Whether the phase just resolved saw the first death of the game (a transient flag: it
    only decides whether the end-of-phase window opens)."""
    first = s.first_death_now
    s.first_death_now = False
    return first


def _after_phase5_window(s: CashNGunsState) -> None:
    """Phase 6 (unless the grenade ended the round) and its first-death window."""
    if s.claimable:
        s.claimable = {}
    if s.grenade_now:
        _end_round(s)
        return
    phase6(s)
    if _took_first_death(s) and s.alive.bit_count() >= 2 and s.rules.has_wont_need_it:
        open_step(s, STEP_PHASE6, s.alive)
    else:
        _after_phase6_window(s)


def _after_phase6_window(s: CashNGunsState) -> None:
    """Start of Phase 7: the Doesn't Even Hurt! window, then the split."""
    if s.claimable:
        s.claimable = {}
    if s.grenade_now:
        _end_round(s)
    elif s.rules.has_unhurt and not s.shown >> UNHURT & 1 and s.alive.bit_count() >= 2:
        open_step(s, STEP_UNHURT, s.alive)
    else:
        _split(s)


def _split(s: CashNGunsState) -> None:
    """Phase 7, then the phone (Phase 8) if it rings this round."""
    share_the_pot(s)
    if phone_rings(s):
        open_step(s, STEP_PHONE, s.participants)
    else:
        _end_round(s)


def _after_phone(s: CashNGunsState) -> None:
    resolve_phone(s)
    _end_round(s)


def _end_round(s: CashNGunsState) -> None:
    """The round is over: the game ends with at most one player alive or after round 8
    (spec 5.1, AMB-8); otherwise the next round begins."""
    discard_unresolved(s)
    if s.alive.bit_count() <= 1 or s.round >= ROUNDS:
        finish(s)
        s.step = STEP_OVER
        s.step_seats = 0
        s.waiting = 0
        s._to_act = ()
        s.box = None
    else:
        start_round(s)


#: What follows each step once everyone has answered, by step.
_STEP_DONE: dict[int, Callable[[CashNGunsState], None]] = {
    STEP_LOAD: _after_load,
    STEP_REVEAL: _enter_aim,
    STEP_AIM: _after_aims,
    STEP_KID: _after_kid,
    STEP_SLY: _after_sly,
    STEP_CRAZY: _enter_courage,
    STEP_COURAGE: _after_courage,
    STEP_SPECIALIST: _phase5,
    STEP_PHASE5: _after_phase5_window,
    STEP_PHASE6: _after_phase6_window,
    STEP_UNHURT: _split,
    STEP_PHONE: _after_phone,
}
