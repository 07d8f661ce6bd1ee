"""How players choose, read off a full state: a cheap model for search.

A search bot needs two things the view-based ``heuristic`` bot (``bots.py``) is too slow for
(it builds a view per decision, ~0.1 ms): a *playout policy* that plays thousands of decisions
a second, and an *opponent model* that says how likely each secret choice was, so that the
determinizer can sample the other seats' loaded cards and commits as players really make them
rather than uniformly.

:class:`Reader` answers both from a :class:`CashNGunsState`, for one acting player, with the
same ideas as the heuristic bot (card counting, courage as risk against share, bullets where a
hit pays, Clicks where they scare) but on the state's int lists. It reads only what that player
may know: the public table and *his own* cards. It never looks at another player's hand or
loaded card, so a playout opponent is not a mind reader, and a model of seat ``j`` inside a
determinization uses only ``j``'s sampled secrets.

The weights are the heuristic's (``worth.py``), in dollars, so the two stay comparable. The
model's moves, in playouts and as samples, are in ``model_moves.py``.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import lru_cache
from typing import TYPE_CHECKING

from getaway.games.cash_n_guns.actions import REVEAL_IDS
from getaway.games.cash_n_guns.cards import (
    BANG,
    BBB,
    CLICK,
    COWARD,
    CRAZY,
    DRAGON_SKIN,
    GRENADE_ARMED,
    GUN_LOADED,
    INVINCIBLE,
    KID,
    LAST_PHONE_ROUND,
    ROUNDS,
    SHAME_COST,
    SLY,
)
from getaway.games.cash_n_guns.model_public import (
    PublicReading,
    hide_chance_of,
    public_reading,
    unseen,
)
from getaway.games.cash_n_guns.steps import (
    STEP_COURAGE,
)
from getaway.games.cash_n_guns.worth import (
    CLICK_SCARE,
    COP_HIT_VALUE,
    COP_PHONE_VALUE,
    COP_WIN_STAKE,
    DEATH_STAKE,
    KILL_URGE,
    KILL_VALUE,
    MEAN_POT,
    NEAR_KILL_VALUE,
    PERIL_DAMPING,
    POT_URGE,
    RIVAL_MONEY_WEIGHT,
    WOUND_COST,
    hit_distribution,
)

if TYPE_CHECKING:
    from getaway.games.cash_n_guns.state import CashNGunsState

REVEAL_CRAZY = REVEAL_IDS[CRAZY]
REVEAL_KID = REVEAL_IDS[KID]
REVEAL_SLY = REVEAL_IDS[SLY]

#: The model's spread: how many dollars of value difference make one choice e times likelier.
AIM_TEMPERATURE = 3_000.0
COURAGE_TEMPERATURE = 4_000.0
#: How often the model's players hide in a round (the heuristic bot: 0.8-0.9 times a game),
#: and how many rounds of that rate a player's own record is blended with.
MODEL_HIDE_RATE = 0.11
HIDE_PRIOR_ROUNDS = 2.0
_MODEL_HIDE_LOGIT = math.log(MODEL_HIDE_RATE / (1.0 - MODEL_HIDE_RATE))
HIDE_SHIFT = True


class Reader:
    """One player's reading of a state: public facts plus his own cards only.

    The public part is the moment's :class:`~.model_public.PublicReading`, shared by every
    reader of it; a reader recomputes only what his own cards change: his own guns' odds,
    his own margin (he knows his Invincible), the hide chances of the players his shown aims
    threaten, and the split chances of the players those changes touch."""

    __slots__ = (
        "_hides",
        "_my_margin",
        "_my_odds",
        "_stays",
        "_with_me",
        "living",
        "me",
        "n",
        "s",
        "shown",
        "table",
    )

    def __init__(self, s: CashNGunsState, me: int, shown: bool | None = None) -> None:
        self.s = s
        self.me = me
        #: Whether this round's aims count as shown (``False`` reads the table as it stood
        #: when the aims were chosen: the model of an aim made before the reveal).
        shown = s.aims_revealed if shown is None else shown
        self.shown = shown
        table = self.table = public_reading(s, shown)
        self.n = table.n
        self.living = table.living
        a = s.ability[me]
        self._my_margin = (4 if a == INVINCIBLE else 3) - 1 - s.wounds[me]
        self._my_odds: list[tuple[float, float] | None] = [None, None]
        self._hides: list[float] | None = None
        self._stays: list[float] | None = None
        self._with_me = 0.0

    # Public facts -----------------------------------------------------------------------------

    def margin(self, j: int) -> int:
        """Wounds ``j`` can still take and live."""
        return self._my_margin if j == self.me else self.table.margins[j]

    def dragon(self, j: int) -> bool:
        s = self.s
        a = s.ability[j]
        return a == DRAGON_SKIN and (j == self.me or bool(s.shown >> a & 1))

    def score(self, j: int) -> float:
        s = self.s
        return float(s.money[j] - SHAME_COST * s.shame[j])

    def odds(self, j: int, g: int) -> tuple[float, float]:
        """(P(BBB), P(Bang!)) of player ``j``'s card in gun ``g``: exact for the reader's own
        loaded card, else his next card from his hand, else public card counting."""
        if j != self.me:
            return self.table.odds(j, g)
        result = self._my_odds[g]
        if result is None:
            s = self.s
            k = 2 * j + g
            card = s.card[k]
            if s.gstate[k] == GUN_LOADED and card >= 0:
                result = (float(card == BBB), float(card == BANG))
            else:
                h = s.hand
                b = 3 * k
                total = max(1, h[b] + h[b + 1] + h[b + 2])
                result = (h[b] / total, h[b + 1] / total)
            self._my_odds[g] = result
        return result

    def bullet(self, j: int, g: int) -> float:
        bbb, bang = self.odds(j, g)
        return bbb + bang

    def guns_at(self, t: int) -> list[tuple[int, int]]:
        """Loaded guns whose shown aim is ``t``: (owner, gun)."""
        return [(o, g) for o, g, _, _ in self.table.volleys.get(t, ())]

    def hide_chance(self, j: int) -> float:
        """How likely ``j`` is to hide this round: his record (shame tokens are his hides),
        raised by the guns aimed at him and by being one wound from death."""
        hides = self._hides
        if hides is None:
            self._prepare()
            hides = self._hides
            assert hides is not None
        return hides[j]

    def _prepare(self) -> None:
        """Hide and split chances as this reader reads them (:func:`_own_reading`)."""
        self._hides, self._stays, self._with_me = _own_reading(
            self.s, self.table, self.me, self._my_margin
        )

    def _hits(
        self, guns: Sequence[tuple[int, int, float, float]], hides: list[float], bbb_from: int
    ) -> list[float]:
        """Per gun of ``guns`` (a table's volley at one player): the chance it hits him if he
        stays, by the reader's odds and ``hides``; a Bang! from ``bbb_from`` counts for
        nothing (the reader's BBB lands on its owner first)."""
        me = self.me
        hits = []
        for o, g, bbb, bang in guns:
            if o == me:
                bbb, bang = self.odds(o, g)
                stays = 1.0
            else:
                stays = 1.0 - hides[o]
            if o == bbb_from:
                bang = 0.0
            hits.append((bbb + bang) * stays)
        return hits

    def hit_odds(self, t: int) -> list[float]:
        """Per gun aimed at ``t``: the chance it hits him if he stays."""
        guns = self.table.volleys.get(t, ())
        if not guns:
            return []
        s = self.s
        my_bbb_at = -1
        if t == self.me:
            for g in range(s.guns[t]):
                k = 2 * t + g
                if s.card[k] == BBB and s.gstate[k] == GUN_LOADED:
                    my_bbb_at = s.target[k]
        hides = self._hides
        if hides is None:
            self._prepare()
            hides = self._hides
            assert hides is not None
        return self._hits(guns, hides, my_bbb_at)

    # Money -----------------------------------------------------------------------------------

    def pot_value(self) -> int:
        return sum(self.s.pot)

    def future(self) -> float:
        return self.table.future()

    def rounds_left(self) -> int:
        return ROUNDS - self.s.round + 1

    def death_cost(self) -> float:
        return float(self.s.money[self.me]) + self.future() + DEATH_STAKE

    def wound_cost(self, margin_after: int) -> float:
        return WOUND_COST.get(margin_after, 2_000.0) * (0.4 + 0.6 * self.rounds_left() / ROUNDS)

    def expected_share(self, exclude: int = -1) -> float:
        """The reader's share if he takes part, among the others expected to stay unhurt
        (``exclude``: one more player counted out, e.g. the target of a shot)."""
        stays = self._stays
        if stays is None:
            self._prepare()
            stays = self._stays
            assert stays is not None
        n = self._with_me - (stays[exclude] if exclude >= 0 else 0.0)
        table = self.table
        value = table.shares.get(n)
        return table.share(n) if value is None else value

    def cop_needs_phone(self) -> bool:
        s = self.s
        return s.cop == self.me and not s.backup_round and s.round <= LAST_PHONE_ROUND

    # Values ----------------------------------------------------------------------------------

    def hit_value(self, t: int, base_share: float) -> float:
        """What one bullet landing on ``t`` is worth to the reader."""
        return self._hit_value(t, base_share, self.expected_share(exclude=t))

    def _hit_value(self, t: int, base_share: float, share_without: float) -> float:
        """:meth:`hit_value`, given the reader's share with ``t`` counted out."""
        s, table, me = self.s, self.table, self.me
        return _hit_value(s, table, me, self._my_margin, t, base_share, share_without)

    def aim_values(self, g: int) -> tuple[list[int], list[float]]:
        """The targets of gun ``g`` (others living; -1 none) and the value of each, for the
        card it holds (or would hold)."""
        if self._hides is None:
            self._prepare()
        hides, stays = self._hides, self._stays
        assert hides is not None and stays is not None
        s, table, me = self.s, self.table, self.me
        return _aim_values(s, table, me, self._my_margin, hides, stays, self._with_me, g)

    def courage_margin(self) -> float:
        """Staying minus hiding, in dollars: positive means stay (:func:`courage_margin`)."""
        if self._hides is None:
            self._prepare()
        hides, stays = self._hides, self._stays
        assert hides is not None and stays is not None
        return _courage(self.s, self.table, self.me, self._my_margin, hides, stays, self._with_me)

    # Choice probabilities ----------------------------------------------------------------------

    def load_probs(self, g: int, hand: Sequence[int] | None = None) -> list[float]:
        """P(BBB), P(Bang!), P(Click) of the card the reader loads in gun ``g`` from ``hand``
        (:func:`load_probs`)."""
        return load_probs(self.s, self.me, g, hand)


def courage_margin(s: CashNGunsState, me: int) -> float:
    """``Reader(s, me).courage_margin()`` without a reader (a playout asks it of every seat
    at every courage step): the same values, computed in the same order."""
    table = public_reading(s, s.aims_revealed)
    a = s.ability[me]
    my_margin = (4 if a == INVINCIBLE else 3) - 1 - s.wounds[me]
    if (
        s.guns[me] == 1
        and table.shown
        and s.alive >> me & 1
        and my_margin == table.margins[me]
        and s.grenade != GRENADE_ARMED
    ):
        return _courage_one_gun(s, table, me, my_margin)
    hides, stays, with_me = _own_reading(s, table, me, my_margin)
    return _courage(s, table, me, my_margin, hides, stays, with_me)


def _courage_one_gun(s: CashNGunsState, table: PublicReading, me: int, my_margin: int) -> float:
    """:func:`_own_reading` and :func:`_courage` in one, for the common courage step: a
    living reader with one gun whose margin the table reads right, the aims shown, no armed
    grenade. The same operations in the same order, without the general case's lists."""
    hides = table.hidden
    stays = table.staying[:]
    stays[me] = 0.0
    alive = s.alive
    volleys = table.volleys
    card = s.card[2 * me]
    loaded = s.gstate[2 * me] == GUN_LOADED
    if loaded and card >= 0:
        my_bbb, my_bang = float(card == BBB), float(card == BANG)
    else:
        my_bbb, my_bang = _own_odds(s, me, 0)
    mine = my_bbb + my_bang
    aims = table.targets[me]
    t = aims[0] if aims else -1
    if t >= 0 and not alive >> t & 1:
        # Never in play (aims go to the living); the general reading knows what to do.
        hides, stays, with_me = _own_reading(s, table, me, my_margin)
        return _courage(s, table, me, my_margin, hides, stays, with_me)
    if t >= 0:
        # His shown aim changes his target's hide chance (the threat with his own card),
        # and the split chances of that target and of the players the target aims at.
        hides = hides[:]
        # The threat: the volley's bullet odds summed, his own gun's by his own card.
        threat_odds = table.bullets[t][:]
        threat_odds[table.slots[2 * me]] = mine
        threat = sum(threat_odds)
        record = (s.shame[t] + 0.6) / (s.round + 1.0)
        chance = record + (1.0 - record) * min(0.5, 0.3 * threat)
        if table.margins[t] == 0:
            chance += 0.15
        chance = chance if chance > 0.03 else 0.03
        hides[t] = chance if chance < 0.95 else 0.95
        for j in (t, *table.targets[t]):
            if j == me or not alive >> j & 1:
                continue
            p = 1.0 - hides[j]
            for o, _, bbb, bang in volleys.get(j, ()):
                if o == me:
                    p *= 1.0 - mine * 1.0
                else:
                    p *= 1.0 - (bbb + bang) * (1.0 - hides[o])
            stays[j] = p
    with_me = 1.0 + sum(stays)
    # Each share here is asked once: :meth:`PublicReading.share`'s formula, inlined.
    whole = table.whole
    low = int(with_me)
    if low < 1:
        low = 1
    frac = with_me - low
    base = whole[low]
    if frac > 0.0:
        base += frac * (whole[low + 1] - base)
    cop_phone = s.cop == me and not s.backup_round and s.round <= LAST_PHONE_ROUND
    bonus = COP_PHONE_VALUE if cop_phone else 0.0
    guns = volleys.get(me)
    if guns:
        # Per gun aimed at him, the chance it hits him if he stays; a Bang! from the player
        # his own BBB aims at counts for nothing (the BBB lands first).
        my_bbb_at = s.target[2 * me] if card == BBB and loaded else -1
        odds = []
        for o, _, bbb, bang in guns:
            if o == me:
                bbb, bang = my_bbb, my_bang
                chance = 1.0
            else:
                chance = 1.0 - hides[o]
            if o == my_bbb_at:
                bang = 0.0
            odds.append((bbb + bang) * chance)
        margin = my_margin
        # :meth:`Reader.wound_cost`'s scale, computed as it computes it.
        scale = 0.4 + 0.6 * (ROUNDS - s.round + 1) / ROUNDS
        if len(odds) == 1:
            # One gun at him: the distribution is exactly [1 - p, p, 0.0, ...], and taking
            # 0.0 times a cost off changes nothing, so only the first hit's cost counts.
            p = odds[0]
            if margin < 1:
                cost = float(s.money[me]) + table.future() + DEATH_STAKE
            else:
                cost = WOUND_COST.get(margin - 1, 2_000.0) * scale
            stay = (1.0 - p) * (base + bonus) - p * cost
        else:
            cap = 1 if s.ability[me] == DRAGON_SKIN else margin + 1
            dist = hit_distribution(odds, cap + 1)
            stay = dist[0] * (base + bonus)
            death = float(s.money[me]) + table.future() + DEATH_STAKE
            for hits in range(1, len(dist)):
                wounds = hits if hits < cap else cap
                cost = (
                    death if wounds > margin else WOUND_COST.get(margin - wounds, 2_000.0) * scale
                )
                stay -= dist[hits] * cost
    else:
        # Nothing can hit him: his share, to the bit (see :func:`_courage`).
        stay = base + bonus
    if t >= 0 and mine:
        n = with_me - stays[t]
        low = int(n)
        if low < 1:
            low = 1
        frac = n - low
        without = whole[low]
        if frac > 0.0:
            without += frac * (whole[low + 1] - without)
        value = _hit_value(s, table, me, my_margin, t, base, without)
        stay += mine * (1.0 - hides[t]) * value * 0.5
    return stay - _hide_value(s, me)


def aim_values(
    s: CashNGunsState, me: int, g: int, shown: bool | None = None
) -> tuple[list[int], list[float]]:
    """``Reader(s, me, shown).aim_values(g)`` without a reader (a playout asks it of every
    seat at every aiming step): the same values, computed in the same order."""
    table = public_reading(s, s.aims_revealed if shown is None else shown)
    a = s.ability[me]
    my_margin = (4 if a == INVINCIBLE else 3) - 1 - s.wounds[me]
    if not table.shown and my_margin == table.margins[me]:
        # Aims not shown and his margin read right: his own cards change nothing but his
        # own split chance (:func:`_own_reading`'s lists, without the recomputations).
        stays = table.staying[:]
        stays[me] = 0.0
        return _aim_values(s, table, me, my_margin, table.hidden, stays, 1.0 + sum(stays), g)
    hides, stays, with_me = _own_reading(s, table, me, my_margin)
    return _aim_values(s, table, me, my_margin, hides, stays, with_me, g)


def _aim_values(
    s: CashNGunsState,
    table: PublicReading,
    me: int,
    my_margin: int,
    hides: list[float],
    stays_of: list[float],
    with_me: float,
    g: int,
) -> tuple[list[int], list[float]]:
    """:meth:`Reader.aim_values` from the reader's own reading (:func:`_own_reading`)."""
    margins = table.margins
    shares = table.shares
    base = shares.get(with_me)
    if base is None:
        base = table.share(with_me)
    # Each share below is asked once: :meth:`PublicReading.share`'s formula, inlined.
    whole = table.whole
    # :func:`_own_odds`, inlined.
    k = 2 * me + g
    card = s.card[k]
    if s.gstate[k] == GUN_LOADED and card >= 0:
        bullet = float(card == BBB) + float(card == BANG)
    else:
        h = s.hand
        total = max(1, h[3 * k] + h[3 * k + 1] + h[3 * k + 2])
        bullet = h[3 * k] / total + h[3 * k + 1] / total
    # What :func:`_hit_value` reads that does not depend on the target, read once (a
    # playout asks every aim of every round): the same terms, added in the same order.
    money = s.money
    rival = s.cop != me
    living = table.living
    cop_value = (
        COP_HIT_VALUE * s.phone_uses / max(1, len(living) - 1)
        if s.cop >= 0 and s.cop != me and not s.backup_round and s.phone_uses
        else None
    )
    crazy = s.holder[CRAZY] if s.grenade == GRENADE_ARMED else -1
    # A Click's threat, (1 - bullet) * fear, by the target's margin (0: fear doubled).
    clicks = bullet < 1.0
    scare = (1.0 - bullet) * (CLICK_SCARE * 1.0)
    scare_dying = (1.0 - bullet) * (CLICK_SCARE * 2.0)
    half_shame = SHAME_COST * 0.5
    if bullet:
        terms = table.hit_terms
        rivals, kills = table.read_hit_terms() if terms is None else terms
    targets = []
    values = []
    for t in living:
        if t == me:
            continue
        targets.append(t)
        n = with_me - stays_of[t]
        low = int(n)
        if low < 1:
            low = 1
        frac = n - low
        without = whole[low]
        if frac > 0.0:
            without += frac * (whole[low + 1] - without)
        stays = 1.0 - hides[t]
        if bullet:
            value = (without - base) * 0.6
            if rival:
                value += rivals[t]
            kill = kills[t]
            if kill is not None:
                value += kill
            if cop_value is not None:
                value += cop_value
            if t == crazy:
                if my_margin == 0:
                    value -= float(money[me]) + table.future() + DEATH_STAKE
                else:
                    scale = 0.4 + 0.6 * (ROUNDS - s.round + 1) / ROUNDS
                    value -= WOUND_COST.get(my_margin - 1, 2_000.0) * scale
            v = bullet * stays * value
        else:
            v = 0.0
        if clicks:
            v += (scare_dying if margins[t] == 0 else scare) * (without - base + half_shame)
        values.append(v)
    targets.append(-1)
    values.append(0.0)
    return targets, values


def _own_odds(s: CashNGunsState, me: int, g: int) -> tuple[float, float]:
    """(P(BBB), P(Bang!)) of the reader's own gun ``g``: exact for his loaded card, else his
    next card from his hand (:meth:`Reader.odds` of himself)."""
    k = 2 * me + g
    card = s.card[k]
    if s.gstate[k] == GUN_LOADED and card >= 0:
        return (float(card == BBB), float(card == BANG))
    h = s.hand
    b = 3 * k
    total = max(1, h[b] + h[b + 1] + h[b + 2])
    return (h[b] / total, h[b + 1] / total)


def _own_reading(
    s: CashNGunsState, table: PublicReading, me: int, my_margin: int
) -> tuple[list[float], list[float], float]:
    """Hide and split chances as reader ``me`` reads them, and his expected participants:
    the table's, with the entries his own cards change recomputed. His own cards change the
    hide chance of the living players his shown aims threaten (and his own, if the table
    misjudges his margin), and the split chance of those and of the players they or he aim
    at."""
    hides = table.hidden
    alive = s.alive
    shown = table.shown
    changed = []
    if alive >> me & 1:
        if my_margin != table.margins[me]:
            changed.append(me)
        if shown:
            for t in table.targets[me]:
                if alive >> t & 1 and t != me:
                    changed.append(t)
    volleys = table.volleys
    own = [_own_odds(s, me, g) for g in range(s.guns[me])]
    if changed:
        hides = hides[:]
        base = s.round + 1.0
        margins = table.margins
        shame = s.shame
        for j in changed:
            guns = volleys.get(j)
            threat = (
                sum([own[g][0] + own[g][1] if o == me else bbb + bang for o, g, bbb, bang in guns])
                if guns
                else None
            )
            margin = my_margin if j == me else margins[j]
            hides[j] = hide_chance_of(shame[j], base, threat, margin)
    stays = table.staying[:]
    stays[me] = 0.0
    if shown:
        targets = table.targets
        moved = set(changed)
        moved.update(targets[me])
        for o in changed:
            moved.update(targets[o])
        moved.discard(me)
        for j in moved:
            if not alive >> j & 1:
                continue
            # The chance each gun at him misses, by the reader's odds.
            p = 1.0 - hides[j]
            for o, g, bbb, bang in volleys.get(j, ()):
                if o == me:
                    bbb, bang = own[g]
                    p *= 1.0 - (bbb + bang) * 1.0
                else:
                    p *= 1.0 - (bbb + bang) * (1.0 - hides[o])
            stays[j] = p
    return hides, stays, 1.0 + sum(stays)


def _courage(
    s: CashNGunsState,
    table: PublicReading,
    me: int,
    my_margin: int,
    hides: list[float],
    stays: list[float],
    with_me: float,
) -> float:
    """:meth:`Reader.courage_margin` from the reader's own reading (:func:`_own_reading`),
    with the reader's methods inlined (a playout asks it of every seat every round)."""
    card, gstate, target, alive = s.card, s.gstate, s.target, s.alive
    volleys = table.volleys
    # ``hit_odds(me)``: per gun aimed at him, the chance it hits him if he stays; a Bang!
    # from the player his own BBB aims at counts for nothing (the BBB lands first).
    odds = []
    guns = volleys.get(me)
    if guns:
        my_bbb_at = -1
        for g in range(s.guns[me]):
            k = 2 * me + g
            if card[k] == BBB and gstate[k] == GUN_LOADED:
                my_bbb_at = target[k]
        for o, g, bbb, bang in guns:
            if o == me:
                bbb, bang = _own_odds(s, me, g)
                chance = 1.0
            else:
                chance = 1.0 - hides[o]
            if o == my_bbb_at:
                bang = 0.0
            odds.append((bbb + bang) * chance)
    crazy = s.holder[CRAZY] if s.grenade == GRENADE_ARMED else -1
    if crazy >= 0 and crazy != me and alive >> crazy & 1:
        unhit = 1.0
        for o, g, bbb, bang in volleys.get(crazy, ()):
            if o == me:
                bbb, bang = _own_odds(s, me, g)
                unhit *= 1.0 - (bbb + bang) * 1.0
            else:
                unhit *= 1.0 - (bbb + bang) * (1.0 - hides[o])
        odds.append((1.0 - unhit) * (1.0 - hides[crazy]))
    margin = my_margin
    cap = 1 if s.ability[me] == DRAGON_SKIN else margin + 1
    cop_phone = s.cop == me and not s.backup_round and s.round <= LAST_PHONE_ROUND
    bonus = COP_PHONE_VALUE if cop_phone else 0.0
    shares = table.shares
    base = shares.get(with_me)
    if base is None:
        base = table.share(with_me)
    if odds:
        dist = hit_distribution(odds, cap + 1)
        stay = dist[0] * (base + bonus)
        death = float(s.money[me]) + table.future() + DEATH_STAKE
        # :meth:`Reader.wound_cost`'s scale, computed as it computes it.
        scale = 0.4 + 0.6 * (ROUNDS - s.round + 1) / ROUNDS
        for hits in range(1, len(dist)):
            wounds = hits if hits < cap else cap
            cost = death if wounds > margin else WOUND_COST.get(margin - wounds, 2_000.0) * scale
            stay -= dist[hits] * cost
    else:
        # Nothing can hit him: the chance of no hit is exactly 1 and every other is 0,
        # so the sum above is his share, to the bit.
        stay = base + bonus
    for g in range(s.guns[me]):
        k = 2 * me + g
        t = target[k]
        if t >= 0 and gstate[k] == GUN_LOADED:
            bbb, bang = _own_odds(s, me, g)
            bullet = bbb + bang
            if bullet:
                n = with_me - stays[t]
                without = shares.get(n)
                if without is None:
                    without = table.share(n)
                value = _hit_value(s, table, me, my_margin, t, base, without)
                stay += bullet * (1.0 - hides[t]) * value * 0.5
    return stay - _hide_value(s, me)


def _hide_value(s: CashNGunsState, me: int) -> float:
    """What hiding is worth to ``me``, in dollars: the shame token's cost (a gain for the
    Coward), less the cop's stake in staying for the backup."""
    hide = float(SHAME_COST if s.ability[me] == COWARD else -SHAME_COST)
    if s.cop == me and s.backup_round:
        hide -= COP_WIN_STAKE if s.beacon[me] >= 1 else COP_WIN_STAKE * 0.25
    return hide


def _hit_value(
    s: CashNGunsState,
    table: PublicReading,
    me: int,
    my_margin: int,
    t: int,
    base_share: float,
    share_without: float,
) -> float:
    """What one bullet landing on ``t`` is worth to reader ``me`` (:meth:`Reader.hit_value`),
    given his share with ``t`` counted out."""
    value = (share_without - base_share) * 0.6
    if s.cop != me:
        value += RIVAL_MONEY_WEIGHT * max(0.0, float(s.money[t] - SHAME_COST * s.shame[t]))
    margin = my_margin if t == me else table.margins[t]
    if margin == 0:
        value += KILL_VALUE + s.money[t]
    elif margin == 1:
        a = s.ability[t]
        if not (a == DRAGON_SKIN and (t == me or bool(s.shown >> a & 1))):
            value += NEAR_KILL_VALUE
    if s.cop >= 0 and s.cop != me and not s.backup_round and s.phone_uses:
        # Gangsters suspect the players who took part when the phone was used.
        value += COP_HIT_VALUE * s.phone_uses / max(1, len(table.living) - 1)
    if s.grenade == GRENADE_ARMED and s.holder[CRAZY] == t:
        if my_margin == 0:
            value -= float(s.money[me]) + table.future() + DEATH_STAKE
        else:
            scale = 0.4 + 0.6 * (ROUNDS - s.round + 1) / ROUNDS
            value -= WOUND_COST.get(my_margin - 1, 2_000.0) * scale
    return value


def load_probs(
    s: CashNGunsState, me: int, g: int, hand: Sequence[int] | None = None
) -> list[float]:
    """P(BBB), P(Bang!), P(Click) of the card player ``me`` loads in gun ``g`` from ``hand``
    (his hand of that gun before loading; default: the state's): the heuristic's lottery,
    more bullets for a big pot or a kill on offer, fewer in peril, the BBB kept for late.

    It reads a few public facts straight off the state, without a :class:`Reader`: a
    playout loads five times a round, and a reading's table would be built for nothing."""
    if hand is None:
        # The state's hand read in place (a playout loads five times a round).
        h = s.hand
        b = 6 * me + 3 * g
        bbb, bang, click = h[b + BBB], h[b + BANG], h[b + CLICK]
    else:
        bbb, bang, click = hand[BBB], hand[BANG], hand[CLICK]
    bullets = bbb + bang
    cards = bullets + click
    if cards == 0:
        return [0.0, 0.0, 0.0]
    if not bullets:
        return [0.0, 0.0, 1.0]
    kill = _kill_on_offer(s, me)
    if bullets < cards:
        urge = 1.0 + POT_URGE * (min(2.0, sum(s.pot) / MEAN_POT) - 1.0)
        if kill:
            urge *= KILL_URGE
        a = s.ability[me]
        if (4 if a == INVINCIBLE else 3) - 1 - s.wounds[me] == 0 and a != COWARD:
            urge *= PERIL_DAMPING
        use = min(1.0, urge * bullets / cards)
    else:
        use = 1.0
    late = s.round >= 6 or s.alive.bit_count() <= 3 or kill
    if bbb and (late or not bang):
        return [use, 0.0, 1.0 - use]
    return [0.0, use, 1.0 - use]


def _kill_on_offer(s: CashNGunsState, me: int) -> bool:
    """Whether a living player other than ``me`` is one wound from death as everyone knows
    it (the public margins of :class:`~.model_public.PublicReading`)."""
    alive, ability, shown, wounds = s.alive, s.ability, s.shown, s.wounds
    if max(wounds) < 2:
        # A margin of 0 takes two wounds at least (three for a shown Invincible).
        return False
    for j in range(s.rules.players):
        if j != me and alive >> j & 1:
            a = ability[j]
            if (4 if a == INVINCIBLE and shown >> a & 1 else 3) - 1 - wounds[j] == 0:
                return True
    return False


def softmax(values: Sequence[float], temperature: float) -> list[float]:
    """Choice probabilities from values: better ones likelier, none impossible."""
    top = max(values)
    weights = [math.exp(max(-30.0, (v - top) / temperature)) for v in values]
    total = sum(weights)
    return [w / total for w in weights]


def hide_probability(margin: float, shift: float = 0.0) -> float:
    """P(hide) from the courage margin (stay minus hide, in dollars), with a player's own
    leaning (:func:`hide_shift`, in log-odds) added."""
    x = max(-30.0, min(30.0, margin / COURAGE_TEMPERATURE - shift))
    return 1.0 / (1.0 + math.exp(x))


def hide_shift(s: CashNGunsState, j: int) -> float:
    """How much more (or less) player ``j`` hides than the model's players, in log-odds,
    from his record: his shame tokens over the rounds he has faced, pulled towards the
    model's own rate while the record is short. A player who hides half the time (a random
    one) is modelled as hiding more wherever he stands."""
    if not HIDE_SHIFT:
        return 0.0
    return _record_shift(s.shame[j], s.round - 1 + (s.step > STEP_COURAGE))


@lru_cache(maxsize=256)
def _record_shift(shame: int, faced: int) -> float:
    """:func:`hide_shift` of ``shame`` tokens over ``faced`` rounds (a handful of pairs
    recur at every courage step of a search)."""
    rate = (shame + HIDE_PRIOR_ROUNDS * MODEL_HIDE_RATE) / (faced + HIDE_PRIOR_ROUNDS)
    return math.log(rate / (1.0 - rate)) - _MODEL_HIDE_LOGIT


__all__ = [
    "Reader",
    "aim_values",
    "courage_margin",
    "hide_probability",
    "hide_shift",
    "load_probs",
    "softmax",
    "unseen",
]
