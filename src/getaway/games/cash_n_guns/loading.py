"""Phase 2, loading: every living player secretly places one bullet card per gun, face down
(spec section 4, Phase 2); and the revealed Sly's late load at the end of Phase 3 (#7).

The rulebook: "each player secretly chooses one of his still unused bullet cards and lays it
face down". A load is a secret commit; loaded cards are never shown as a group, only when
a gun fires. An unrevealed Crazy, Kid or Sly may also reveal his card in this step.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from getaway.games.cash_n_guns.actions import (
    LOAD_ONE,
    load_two,
    reveal_bit,
    with_reveals,
)
from getaway.games.cash_n_guns.cards import BANG, BBB, CARD_NAMES, CLICK, GUN_LOADED

if TYPE_CHECKING:
    from getaway.games.cash_n_guns.state import CashNGunsState


def load_legal(s: CashNGunsState, i: int, reveals: bool) -> tuple[str, ...]:
    """Player ``i``'s loads: one card per gun among the kinds left in that gun's hand; and,
    with ``reveals``, the reveal of his card if it may be shown now."""
    h = s.hand
    b = 6 * i
    mask = (h[b] > 0) | (h[b + 1] > 0) << 1 | (h[b + 2] > 0) << 2
    if s.guns[i] == 2:
        mask2 = (h[b + 3] > 0) | (h[b + 4] > 0) << 1 | (h[b + 5] > 0) << 2
        ids = load_two(mask, mask2)
    else:
        ids = LOAD_ONE[mask]
    if reveals and s.rules.revealable:
        a = s.ability[i]
        if a in s.rules.revealable and not s.shown >> a & 1:
            return with_reveals(ids, reveal_bit(a))
    return ids


def place_cards(s: CashNGunsState, i: int, cards: tuple[int, ...]) -> None:
    """Place the cards face down, one per gun (taken from that gun's hand)."""
    for g, kind in enumerate(cards):
        k = 2 * i + g
        s.card[k] = kind
        s.gstate[k] = GUN_LOADED
        s.hand[3 * k + kind] -= 1


def default_load(s: CashNGunsState, i: int) -> str:
    """What a timer loads (spec 10.2): a Click if the hand has one, else a Bang!, else the BBB
    (the spec's random fallback made deterministic, decision D2)."""
    cards = []
    for g in range(s.guns[i]):
        b = 3 * (2 * i + g)
        kind = next((kind for kind in (CLICK, BANG, BBB) if s.hand[b + kind]), None)
        if kind is None:
            raise AssertionError("a hand is empty while a card must be loaded")
        cards.append(CARD_NAMES[kind])
    return "load:" + "/".join(cards)
