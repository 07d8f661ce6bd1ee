"""The reaction windows of the Advanced game (spec 10.1, 10.2): public steps where every
living player answers ``pass``, and the holder of a card that may act now may use it instead.

A window runs whenever public facts call for it and asks everyone, so that neither the
prompt nor the seats asked give a holder away; those without a usable card may only pass.
An answer takes effect at once: an ability used is shown anyway.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from getaway.games.cash_n_guns.abilities import (
    claim_gun,
    reveal,
    sly_takes_his_card_back,
    specialist_may_take_back,
    specialist_swap,
    stand_up_unhurt,
)
from getaway.games.cash_n_guns.actions import (
    CLAIM_IDS,
    CLAIM_PARSE,
    PASS,
    REVEAL_IDS,
    REVEAL_PARSE,
    SPECIALIST_IDS,
    SPECIALIST_PARSE,
    UNHURT_ID,
)
from getaway.games.cash_n_guns.cards import (
    BANG,
    CLICK,
    CRAZY,
    SLY,
    SPECIALIST,
    STANDING,
    UNHURT,
    WONT_NEED_IT,
)
from getaway.games.cash_n_guns.steps import STEP_CRAZY, STEP_REVEAL, STEP_SPECIALIST, STEP_UNHURT

if TYPE_CHECKING:
    from getaway.games.cash_n_guns.state import CashNGunsState

PASS_IDS = (PASS,)


def window_legal(s: CashNGunsState, i: int) -> tuple[str, ...]:
    """``pass``, and the uses of player ``i``'s card that this window allows."""
    step = s.step
    a = s.ability[i]
    if not a or s.shown >> a & 1:
        return PASS_IDS
    if step == STEP_REVEAL:
        if a in s.rules.revealable:
            return (PASS, REVEAL_IDS[a])
    elif step == STEP_CRAZY:
        if a == CRAZY:
            return (PASS, REVEAL_IDS[CRAZY])
    elif step == STEP_UNHURT:
        if a == UNHURT and s.status[i] != STANDING:
            return (PASS, UNHURT_ID)
    elif a == SPECIALIST:
        if specialist_may_take_back(s, i, step):
            # He discards one other unused card instead: impossible with an empty hand.
            b = 6 * i
            return (PASS, *(SPECIALIST_IDS[kind] for kind in (BANG, CLICK) if s.hand[b + kind]))
    elif a == WONT_NEED_IT and step != STEP_SPECIALIST and s.claimable:
        return (PASS, *(CLAIM_IDS[dead] for dead in sorted(s.claimable)))
    return PASS_IDS


def window_answer(s: CashNGunsState, i: int, action: str) -> None:
    """Carry out a legal answer (``pass`` does nothing)."""
    if action == PASS:
        return
    ability = REVEAL_PARSE.get(action)
    if ability is not None:
        reveal(s, i, ability)
        if ability == SLY:
            sly_takes_his_card_back(s, i)
    elif action == UNHURT_ID:
        stand_up_unhurt(s, i)
    elif action in SPECIALIST_PARSE:
        specialist_swap(s, i, SPECIALIST_PARSE[action])
    else:
        claim_gun(s, i, CLAIM_PARSE[action])
