"""The player model's reading as it was written before its public part was shared
(``model_public.py``): every value computed from scratch for one reader. Kept only as the
yardstick of ``test_model_public.py``: the shared reading must give the same numbers, to
the last bit."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from getaway.games.cash_n_guns.cards import (
    BANG,
    BBB,
    BULLET_SET,
    CLICK,
    COWARD,
    CRAZY,
    DRAGON_SKIN,
    GRENADE_ARMED,
    GUN_LOADED,
    INVINCIBLE,
    LAST_PHONE_ROUND,
    ROUNDS,
    SHAME_COST,
    SPENT_FIRED,
)
from getaway.games.cash_n_guns.split import _split_counts
from getaway.games.cash_n_guns.worth import (
    CLICK_SCARE,
    COP_HIT_VALUE,
    COP_PHONE_VALUE,
    COP_WIN_STAKE,
    DEATH_STAKE,
    FUTURE_WEIGHT,
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


class ReferenceReader:
    """One player's reading of a state, every value computed from scratch."""

    __slots__ = (
        "_aimed",
        "_bullet",
        "_hides",
        "_margins",
        "_pot",
        "_shares",
        "_stay_total",
        "_stays",
        "living",
        "me",
        "n",
        "s",
        "shown",
    )

    def __init__(self, s: CashNGunsState, me: int, shown: bool | None = None) -> None:
        self.s = s
        self.me = me
        #: Whether this round's aims count as shown (``False`` reads the table as it stood
        #: when the aims were chosen: the model of an aim made before the reveal).
        self.shown = s.aims_revealed if shown is None else shown
        self.n = s.rules.players
        alive = s.alive
        self.living = [j for j in range(self.n) if alive >> j & 1]
        self._bullet: dict[tuple[int, int], tuple[float, float]] = {}
        self._hides: list[float] | None = None
        self._aimed: dict[int, list[tuple[int, int]]] | None = None
        self._stays: list[float] | None = None
        self._stay_total = 0.0
        self._shares: dict[int, float] = {}
        self._margins: list[int] | None = None
        self._pot: tuple[int, int, int] | None = None

    # Public facts -----------------------------------------------------------------------------

    def threshold(self, j: int) -> int:
        s = self.s
        a = s.ability[j]
        known = j == self.me or s.shown >> a & 1
        return 4 if a == INVINCIBLE and known else 3

    def margin(self, j: int) -> int:
        """Wounds ``j`` can still take and live."""
        margins = self._margins
        if margins is None:
            wounds = self.s.wounds
            margins = self._margins = [self.threshold(i) - 1 - wounds[i] for i in range(self.n)]
        return margins[j]

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
        key = (j, g)
        cached = self._bullet.get(key)
        if cached is not None:
            return cached
        s = self.s
        k = 2 * j + g
        if j == self.me:
            card = s.card[k]
            if s.gstate[k] == GUN_LOADED and card >= 0:
                result = (float(card == BBB), float(card == BANG))
            else:
                h = s.hand
                b = 3 * k
                total = max(1, h[b] + h[b + 1] + h[b + 2])
                result = (h[b] / total, h[b + 1] / total)
        else:
            left = unseen(s, j, g)
            unseen_total = sum(left)
            result = (
                (left[BBB] / unseen_total, left[BANG] / unseen_total)
                if unseen_total > 0
                else (0.0, 0.0)
            )
        self._bullet[key] = result
        return result

    def bullet(self, j: int, g: int) -> float:
        bbb, bang = self.odds(j, g)
        return bbb + bang

    def guns_at(self, t: int) -> list[tuple[int, int]]:
        """Loaded guns whose shown aim is ``t``: (owner, gun)."""
        aimed = self._aimed
        if aimed is None:
            aimed = self._aimed = self._read_aims()
        return aimed.get(t, [])

    def _read_aims(self) -> dict[int, list[tuple[int, int]]]:
        s = self.s
        aimed: dict[int, list[tuple[int, int]]] = {}
        if not self.shown:
            return aimed
        target, gstate = s.target, s.gstate
        for j in self.living:
            for g in range(s.guns[j]):
                k = 2 * j + g
                t = target[k]
                if t >= 0 and gstate[k] == GUN_LOADED:
                    aimed.setdefault(t, []).append((j, g))
        return aimed

    def hide_chance(self, j: int) -> float:
        """How likely ``j`` is to hide this round: his record (shame tokens are his hides),
        raised by the guns aimed at him and by being one wound from death."""
        hides = self._hides
        if hides is None:
            hides = self._hides = self._hide_chances()
        return hides[j]

    def _hide_chances(self) -> list[float]:
        s = self.s
        shame = s.shame
        base = s.round + 1.0
        hides = [0.0] * self.n
        for j in self.living:
            record = (shame[j] + 0.6) / base
            aimed = self.guns_at(j)
            if aimed:
                threat = sum(self.bullet(o, g) for o, g in aimed)
                chance = record + (1.0 - record) * min(0.5, 0.3 * threat)
            else:
                chance = record
            if self.margin(j) == 0:
                chance += 0.15
            hides[j] = min(0.95, max(0.03, chance))
        return hides

    def hit_odds(self, t: int) -> list[float]:
        """Per gun aimed at ``t``: the chance it hits him if he stays."""
        s = self.s
        odds = []
        my_bbb_at = -1
        if t == self.me:
            for g in range(s.guns[t]):
                k = 2 * t + g
                if s.card[k] == BBB and s.gstate[k] == GUN_LOADED:
                    my_bbb_at = s.target[k]
        for j, g in self.guns_at(t):
            bbb, bang = self.odds(j, g)
            if j == my_bbb_at:
                bang = 0.0  # my BBB lands first and his Bang! is discarded
            stays = 1.0 if j == self.me else 1.0 - self.hide_chance(j)
            odds.append((bbb + bang) * stays)
        return odds

    # Money -----------------------------------------------------------------------------------

    def pot_value(self) -> int:
        return sum(self.s.pot)

    def future(self) -> float:
        s = self.s
        return FUTURE_WEIGHT * (sum(s.deck) + sum(s.pot)) / max(1, len(self.living))

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
            stays = self._stays = self._stay_estimates()
        cached = self._shares.get(exclude)
        if cached is None:
            n = 1.0 + self._stay_total - (stays[exclude] if exclude >= 0 else 0.0)
            cached = self._shares[exclude] = self._share(n)
        return cached

    def _share(self, participants: float) -> float:
        """The heuristic's interpolated share (``bots.share``), from the pot's note counts
        counted once per reading (the split's cached core, without its input checks)."""
        counts = self._pot
        if counts is None:
            pot = self.s.pot
            counts = self._pot = (pot.count(20_000), pot.count(10_000), pot.count(5_000))
        low = max(1, int(participants))
        frac = max(0.0, participants - low)
        value = float(_split_counts(*counts, low).share)
        if frac:
            value += frac * (_split_counts(*counts, low + 1).share - value)
        return value

    def _stay_estimates(self) -> list[float]:
        """Per player: the chance he takes part in the split (stays and nothing hits him);
        0 for the reader himself and the dead."""
        stays = [0.0] * self.n
        for j in self.living:
            if j == self.me:
                continue
            p = 1.0 - self.hide_chance(j)
            if self.shown:
                for hit in self.hit_odds(j):
                    p *= 1.0 - hit
            else:
                p *= 0.75  # aims not shown yet: an average table lands about one hit in four
            stays[j] = p
        self._stay_total = sum(stays)
        return stays

    def cop_needs_phone(self) -> bool:
        s = self.s
        return s.cop == self.me and not s.backup_round and s.round <= LAST_PHONE_ROUND

    # Values ----------------------------------------------------------------------------------

    def hit_value(self, t: int, base_share: float) -> float:
        """What one bullet landing on ``t`` is worth to the reader."""
        s = self.s
        value = (self.expected_share(exclude=t) - base_share) * 0.6
        if s.cop != self.me:
            value += RIVAL_MONEY_WEIGHT * max(0.0, self.score(t))
        margin = self.margin(t)
        if margin == 0:
            value += KILL_VALUE + s.money[t]
        elif margin == 1 and not self.dragon(t):
            value += NEAR_KILL_VALUE
        if s.cop >= 0 and s.cop != self.me and not s.backup_round and s.phone_uses:
            # Gangsters suspect the players who took part when the phone was used.
            value += COP_HIT_VALUE * s.phone_uses / max(1, len(self.living) - 1)
        if s.grenade == GRENADE_ARMED and s.holder[CRAZY] == t:
            margin_me = self.margin(self.me)
            value -= self.death_cost() if margin_me == 0 else self.wound_cost(margin_me - 1)
        return value

    def aim_values(self, g: int) -> tuple[list[int], list[float]]:
        """The targets of gun ``g`` (others living; -1 none) and the value of each, for the
        card it holds (or would hold)."""
        base = self.expected_share()
        bbb, bang = self.odds(self.me, g)
        bullet = bbb + bang
        targets = [t for t in self.living if t != self.me]
        values = []
        for t in targets:
            stays = 1.0 - self.hide_chance(t)
            v = bullet * stays * self.hit_value(t, base) if bullet else 0.0
            if bullet < 1.0:
                fear = CLICK_SCARE * (2.0 if self.margin(t) == 0 else 1.0)
                gain = self.expected_share(exclude=t) - base + SHAME_COST * 0.5
                v += (1.0 - bullet) * fear * gain
            values.append(v)
        targets.append(-1)
        values.append(0.0)
        return targets, values

    def courage_margin(self) -> float:
        """Staying minus hiding, in dollars: positive means stay."""
        s = self.s
        me = self.me
        odds = self.hit_odds(me)
        crazy = s.holder[CRAZY] if s.grenade == GRENADE_ARMED else -1
        if crazy >= 0 and crazy != me and s.alive >> crazy & 1:
            unhit = 1.0
            for p in self.hit_odds(crazy):
                unhit *= 1.0 - p
            odds.append((1.0 - unhit) * (1.0 - self.hide_chance(crazy)))
        margin = self.margin(me)
        cap = 1 if self.dragon(me) else margin + 1
        dist = hit_distribution(odds, cap + 1)
        bonus = COP_PHONE_VALUE if self.cop_needs_phone() else 0.0
        stay = dist[0] * (self.expected_share() + bonus)
        death = self.death_cost()
        for hits in range(1, len(dist)):
            wounds = min(hits, cap)
            stay -= dist[hits] * (death if wounds > margin else self.wound_cost(margin - wounds))
        base = self.expected_share()
        for g in range(s.guns[me]):
            k = 2 * me + g
            t = s.target[k]
            if t >= 0 and s.gstate[k] == GUN_LOADED:
                bullet = self.bullet(me, g)
                if bullet:
                    stay += bullet * (1.0 - self.hide_chance(t)) * self.hit_value(t, base) * 0.5
        hide = float(SHAME_COST if s.ability[me] == COWARD else -SHAME_COST)
        if s.cop == me and s.backup_round:
            hide -= COP_WIN_STAKE if s.beacon[me] >= 1 else COP_WIN_STAKE * 0.25
        return stay - hide

    # Choice probabilities ----------------------------------------------------------------------

    def load_probs(self, g: int, hand: Sequence[int] | None = None) -> list[float]:
        """P(BBB), P(Bang!), P(Click) of the card the reader loads in gun ``g`` from ``hand``
        (his hand of that gun before loading; default: the state's): the heuristic's lottery,
        more bullets for a big pot or a kill on offer, fewer in peril, the BBB kept for late."""
        s = self.s
        if hand is None:
            b = 6 * self.me + 3 * g
            hand = s.hand[b : b + 3]
        bbb, bang, click = hand[BBB], hand[BANG], hand[CLICK]
        bullets = bbb + bang
        cards = bullets + click
        if cards == 0:
            return [0.0, 0.0, 0.0]
        if not bullets:
            return [0.0, 0.0, 1.0]
        kill = any(self.margin(t) == 0 for t in self.living if t != self.me)
        if bullets < cards:
            urge = 1.0 + POT_URGE * (min(2.0, self.pot_value() / MEAN_POT) - 1.0)
            if kill:
                urge *= KILL_URGE
            if self.margin(self.me) == 0 and s.ability[self.me] != COWARD:
                urge *= PERIL_DAMPING
            use = min(1.0, urge * bullets / cards)
        else:
            use = 1.0
        late = s.round >= 6 or len(self.living) <= 3 or kill
        if bbb and (late or not bang):
            return [use, 0.0, 1.0 - use]
        return [0.0, use, 1.0 - use]


def unseen(s: CashNGunsState, j: int, g: int) -> list[float]:
    """Player ``j``'s cards of gun ``g`` that nobody has seen, by kind: his set (or the
    claimed hand's expected make-up) minus the cards he fired."""
    if g == 0:
        left = [float(x) for x in BULLET_SET]
    else:
        left = _claimed_estimate(s)
    for _, gun, kind, mode in s.spent[j]:
        if gun == g and mode == SPENT_FIRED:
            left[kind] = max(0.0, left[kind] - 1.0)
    return left


def _claimed_estimate(s: CashNGunsState) -> list[float]:
    """A second hand (#3) as others see it: as many cards as were claimed (public), in the
    proportions of the dead donor's unseen cards."""
    if s.claim is None:
        return [0.0, 0.0, 0.0]
    _, donor, _, cards = s.claim
    count = float(sum(cards))
    left = unseen(s, donor, 0)
    total = sum(left)
    return [count * x / total for x in left] if total else [0.0, 0.0, count]
