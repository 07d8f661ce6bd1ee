"""What the Special Ability cards do when shown (spec section 7): the reveal itself, and the
effects a holder chooses in a window (the Sly taking his card back, the Specialist's swap,
"You Won't Need It Anymore"'s claim, "Doesn't Even Hurt!"). The abilities that act by
themselves (Invincible, Dragon Skin, the Crazy's grenade) are part of the shots
(:mod:`getaway.games.cash_n_guns.shots`); Coward and Six Feet Under, of the scoring.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from getaway.games.cash_n_guns.cards import (
    BBB,
    CRAZY,
    GRENADE_ARMED,
    GUN_DISCARDED,
    GUN_EMPTY,
    GUN_FIRED,
    GUN_LOADED,
    HIDDEN,
    SPECIALIST,
    SPENT_FACE_DOWN,
    SPENT_FIRED,
    SPENT_TAKEN_BACK_FACE_DOWN,
    SPENT_TAKEN_BACK_FIRED,
    STANDING,
    UNHURT,
    WONT_NEED_IT,
)
from getaway.games.cash_n_guns.steps import STEP_PHASE5, STEP_SPECIALIST

if TYPE_CHECKING:
    from getaway.games.cash_n_guns.state import CashNGunsState


def reveal(s: CashNGunsState, i: int, ability: int) -> None:
    """Player ``i`` shows his ability card: public from now on."""
    s.shown |= 1 << ability
    s.log.append(("reveal", s.round, i, ability))
    if ability == CRAZY:
        s.grenade = GRENADE_ARMED


def sly_takes_his_card_back(s: CashNGunsState, i: int) -> None:
    """A Sly revealed after loading takes his loaded card back into his hand; he loads again
    at the end of Phase 3 (AMB-16)."""
    k = 2 * i
    if s.gstate[k] == GUN_LOADED:
        s.hand[6 * i + s.card[k]] += 1
        s.card[k] = -1
        s.gstate[k] = GUN_EMPTY
        s.log.append(("card-returned", s.round, i))


def specialist_may_take_back(s: CashNGunsState, i: int, step: int) -> bool:
    """Whether the Specialist ``i`` has a BBB of this round to take back in ``step``.

    The card says "at the end of the phase in which you played the BBB" (decision D6 in
    ``docs/games/cash-n-guns.md``). After Phase 5: his BBB fired. After Phase 4
    (``specialist-window``, AMB-18): his BBB was discarded unfired because *he* hid or *his
    target* hid. Not when he aimed at nobody: that costs him nothing, and would let him
    keep his BBB at will, every round, for a card he never risked."""
    k = 2 * i
    if s.card[k] != BBB:
        return False
    if step == STEP_PHASE5:
        return s.gstate[k] == GUN_FIRED
    if step != STEP_SPECIALIST or s.gstate[k] != GUN_DISCARDED:
        return False
    target = s.target[k]
    return s.status[i] == HIDDEN or (target >= 0 and s.status[target] == HIDDEN)


def specialist_swap(s: CashNGunsState, i: int, kind: int) -> None:
    """#9: the BBB goes back into his hand; one unused card of ``kind`` is discarded face
    down instead (the kind stays his secret)."""
    r = s.round
    reveal(s, i, SPECIALIST)
    b = 6 * i
    s.hand[b + BBB] += 1
    s.hand[b + kind] -= 1
    records = list(s.spent[i])
    for n in range(len(records) - 1, -1, -1):
        rnd, gun, card, mode = records[n]
        if rnd == r and gun == 0 and card == BBB and mode in (SPENT_FIRED, SPENT_FACE_DOWN):
            taken = SPENT_TAKEN_BACK_FIRED if mode == SPENT_FIRED else SPENT_TAKEN_BACK_FACE_DOWN
            records[n] = (rnd, gun, card, taken)
            break
    records.append((r, 0, kind, SPENT_FACE_DOWN))
    s.spent[i] = tuple(records)
    s.log.append(("specialist", r, i))


def claim_gun(s: CashNGunsState, i: int, dead: int) -> None:
    """#3: take the first dead player's gun and unused cards as a second gun and hand, used
    from the next round on."""
    cards = s.claimable[dead]
    reveal(s, i, WONT_NEED_IT)
    s.guns[i] = 2
    s.hand[6 * i + 3 : 6 * i + 6] = cards
    s.claim = (i, dead, s.round, cards)
    s.log.append(("claim", s.round, i, dead, sum(cards)))


def stand_up_unhurt(s: CashNGunsState, i: int) -> None:
    """#10: he stands up and takes part in the split (and so in the phone, AMB-22)."""
    reveal(s, i, UNHURT)
    s.status[i] = STANDING
    s.participants |= 1 << i
    s.log.append(("unhurt", s.round, i))
