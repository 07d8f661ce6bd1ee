"""The public part of the player model's reading (``model.py``): what every player reads
alike off one moment of a state, computed once and shared by every :class:`~.model.Reader`
of that moment.

A search asks the model of each seat in turn at every secret step of every playout (five
courage margins on one table, five aims), and most of what each reading needs is public:
who is alive, how many wounds each can take, each gun's bullet odds from card counting, the
shown aims, how likely each player is to hide and to take part in the split, the pot's
shares. Only the reader's own cards (and whether he knows his own Invincible) make readings
differ, so a reader starts from this table and recomputes only the few entries his own
cards change (see :class:`~.model.Reader`), in the same order of operations, so that every
value is the one a reading from scratch gives, to the last bit.

The table of a state is kept on it (``model_cache``) under the key (round, step, length of
the log): everything the table reads changes only when a step begins or an event is logged,
except a load, which changes a gun from empty to loaded without a log entry. The table reads
a gun's state only once the aims are shown, and then only the revealed Sly loads, alone in
his step, which ends with his load. Answers committed in a step (``box``) and the cards a
search draws into a sampled state are never read here.
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

from getaway.games.cash_n_guns.cards import (
    BANG,
    BBB,
    BULLET_SET,
    DRAGON_SKIN,
    GUN_LOADED,
    INVINCIBLE,
    SHAME_COST,
    SPENT_FIRED,
)
from getaway.games.cash_n_guns.split import _split_counts
from getaway.games.cash_n_guns.worth import (
    FUTURE_WEIGHT,
    KILL_VALUE,
    NEAR_KILL_VALUE,
    RIVAL_MONEY_WEIGHT,
)

if TYPE_CHECKING:
    from getaway.games.cash_n_guns.state import CashNGunsState


class PublicReading:
    """One moment of a state as everyone reads it, with aims counted as shown or not."""

    __slots__ = (
        "_future",
        "_odds",
        "bullets",
        "hidden",
        "hit_terms",
        "living",
        "margins",
        "n",
        "s",
        "shares",
        "shown",
        "slots",
        "staying",
        "targets",
        "volleys",
        "whole",
    )

    def __init__(self, s: CashNGunsState, shown: bool) -> None:
        self.s = s
        self.shown = shown
        n = self.n = s.rules.players
        alive = s.alive
        ability, shown_cards, wounds = s.ability, s.shown, s.wounds
        living: list[int] = []
        margins: list[int] = []
        # One pass (a table is built at every secret step of every playout).
        for j in range(n):
            a = ability[j]
            margins.append((4 if a == INVINCIBLE and shown_cards >> a & 1 else 3) - 1 - wounds[j])
            if alive >> j & 1:
                living.append(j)
        self.living = living
        #: Wounds each player can still take and live, as the others know it (his own
        #: Invincible, unshown, is his reader's business).
        self.margins = margins
        #: Shown aims: target -> the loaded guns aimed at him with their public odds,
        #: [(owner, gun, P(BBB), P(Bang!))] in table order; and per player, the players his
        #: loaded guns are aimed at.
        self.targets: list[tuple[int, ...]] = [()] * n
        self.volleys: dict[int, list[tuple[int, int, float, float]]] = {}
        #: Their bullet odds alone, P(BBB) + P(Bang!), by target: the threat is their sum.
        self.bullets: dict[int, list[float]] = {}
        #: Per gun slot, the position of its entry in its target's volley (-1: none).
        self.slots = [-1] * (2 * n)
        self._odds: list[tuple[float, float] | None] = [None] * (2 * n)
        if shown:
            self._read_aims()
        #: The pot's share for each whole number of participants (:func:`_whole_shares`):
        #: every reader interpolates his shares from it.
        pot = s.pot
        self.whole = _whole_shares(pot.count(20_000), pot.count(10_000), pot.count(5_000))
        #: Shares computed so far, by the number of participants (a real number).
        self.shares: dict[float, float] = {}
        self._future = -1.0
        #: :meth:`read_hit_terms` once asked.
        self.hit_terms: tuple[list[float], list[float | None]] | None = None
        #: :meth:`hides` and :meth:`stays`, computed at once: every reader of a moment in a
        #: search asks both.
        self.hidden, self.staying = self._read_chances(s)

    def _read_chances(self, s: CashNGunsState) -> tuple[list[float], list[float]]:
        """:meth:`hides` and :meth:`stays` (the same operations, inlined: one table per
        secret step of every playout)."""
        n = self.n
        living = self.living
        shame, volleys, margins, bullets = s.shame, self.volleys, self.margins, self.bullets
        base = s.round + 1.0
        hides = [0.0] * n
        for j in living:
            # :func:`hide_chance_of`, inlined.
            record = (shame[j] + 0.6) / base
            guns = bullets.get(j)
            if guns:
                chance = record + (1.0 - record) * min(0.5, 0.3 * sum(guns))
            else:
                chance = record
            if margins[j] == 0:
                chance += 0.15
            chance = chance if chance > 0.03 else 0.03
            hides[j] = chance if chance < 0.95 else 0.95
        stays = [0.0] * n
        if self.shown:
            for j in living:
                p = 1.0 - hides[j]
                for o, _, bbb, bang in volleys.get(j, ()):
                    p *= 1.0 - (bbb + bang) * (1.0 - hides[o])
                stays[j] = p
        else:
            for j in living:
                # Aims not shown yet: an average table lands about one hit in four.
                stays[j] = (1.0 - hides[j]) * 0.75
        return hides, stays

    def _read_aims(self) -> None:
        s = self.s
        volleys = self.volleys
        targets = self.targets
        bullets = self.bullets
        slots = self.slots
        cached = self._odds
        target, gstate, guns, spent = s.target, s.gstate, s.guns, s.spent
        for j in self.living:
            for g in range(guns[j]):
                k = 2 * j + g
                t = target[k]
                if t >= 0 and gstate[k] == GUN_LOADED:
                    # :meth:`odds`, its first-gun case inlined.
                    if g == 0:
                        bbb, bang = cached[k] = first_gun_odds(spent[j])
                    else:
                        bbb, bang = self.odds(j, g)
                    at = volleys.get(t)
                    if at is None:
                        volleys[t] = [(j, g, bbb, bang)]
                        bullets[t] = [bbb + bang]
                        slots[k] = 0
                    else:
                        slots[k] = len(at)
                        at.append((j, g, bbb, bang))
                        bullets[t].append(bbb + bang)
                    mine = targets[j]
                    if not mine:
                        targets[j] = (t,)
                    elif t not in mine:
                        targets[j] = (*mine, t)

    def odds(self, j: int, g: int) -> tuple[float, float]:
        """(P(BBB), P(Bang!)) of player ``j``'s card in gun ``g`` by public card counting."""
        k = 2 * j + g
        cached = self._odds[k]
        if cached is None:
            if g == 0:
                cached = first_gun_odds(self.s.spent[j])
            else:
                cached = _odds_of(unseen(self.s, j, g))
            self._odds[k] = cached
        return cached

    def bullet(self, j: int, g: int) -> float:
        bbb, bang = self.odds(j, g)
        return bbb + bang

    def hides(self) -> list[float]:
        """Per player, how likely he is to hide (0 for the dead), by :func:`hide_chance_of`
        with public odds and margins."""
        return self.hidden

    def stays(self) -> list[float]:
        """Per living player, the chance he takes part in the split (stays and nothing hits
        him), with public odds and hide chances; 0 for the dead."""
        return self.staying

    def share(self, participants: float) -> float:
        """The heuristic's interpolated share (``worth.share``) of the pot among
        ``participants`` (a real number), from the pot's note counts (the split's cached
        core, without its input checks)."""
        value = self.shares.get(participants)
        if value is not None:
            return value
        whole = self.whole
        # max(1, int(participants)) and max(0.0, participants - low), without two calls.
        low = int(participants)
        if low < 1:
            low = 1
        frac = participants - low
        if frac < 0.0:
            frac = 0.0
        value = whole[low]
        if frac:
            value += frac * (whole[low + 1] - value)
        self.shares[participants] = value
        return value

    def read_hit_terms(self) -> tuple[list[float], list[float | None]]:
        """Per player, the public terms of what a bullet landing on him is worth to any
        other reader (``model._hit_value``): his money as a rival's, and the kill (or near
        kill) he offers (``None``: neither). Every reader's aims add them, target by target."""
        s = self.s
        money, shame, ability, shown, margins = s.money, s.shame, s.ability, s.shown, self.margins
        rivals: list[float] = []
        kills: list[float | None] = []
        for t in range(self.n):
            rich = float(money[t] - SHAME_COST * shame[t])
            rivals.append(RIVAL_MONEY_WEIGHT * (rich if rich > 0.0 else 0.0))
            margin = margins[t]
            a = ability[t]
            if margin == 0:
                kills.append(KILL_VALUE + money[t])
            elif margin == 1 and not (a == DRAGON_SKIN and shown >> a & 1):
                kills.append(NEAR_KILL_VALUE)
            else:
                kills.append(None)
        terms = self.hit_terms = (rivals, kills)
        return terms

    def future(self) -> float:
        """A living player's share of the loot still to come (deck and pot), weighed."""
        future = self._future
        if future < 0.0:
            s = self.s
            future = self._future = (
                FUTURE_WEIGHT * (sum(s.deck) + sum(s.pot)) / max(1, len(self.living))
            )
        return future


def hide_chance_of(shame: int, base: float, threat: float | None, margin: int) -> float:
    """How likely a player is to hide this round: his record (``shame`` tokens, his hides,
    over ``base`` = round + 1), raised by the ``threat`` of the loaded guns shown aimed at him
    (their summed bullet odds; ``None``: none) and by being one wound from death."""
    record = (shame + 0.6) / base
    if threat is not None:
        chance = record + (1.0 - record) * min(0.5, 0.3 * threat)
    else:
        chance = record
    if margin == 0:
        chance += 0.15
    # min(0.95, max(0.03, chance)), without two calls.
    chance = chance if chance > 0.03 else 0.03
    return chance if chance < 0.95 else 0.95


def public_reading(s: CashNGunsState, shown: bool) -> PublicReading:
    """The state's table for this moment (built at the first reading of it)."""
    key = (s.round, s.step, len(s.log))
    cache = s.model_cache
    if cache is None or cache[0] != key:
        cache = s.model_cache = (key, [None, None])
    tables = cache[1]
    table = tables[shown]
    if table is None:
        table = tables[shown] = PublicReading(s, shown)
    return table


#: The most participants a split can have: six players (the #10 user is one of them).
_MOST_PARTICIPANTS = 6


@lru_cache(maxsize=1 << 10)
def _whole_shares(a20: int, b10: int, c5: int) -> tuple[float, ...]:
    """A pot's share (by its note counts) for 0 to :data:`_MOST_PARTICIPANTS` + 1
    participants, as floats: every table of a search reads the same few pots, and an
    interpolated share needs two whole ones."""
    return tuple(float(_split_counts(a20, b10, c5, n).share) for n in range(_MOST_PARTICIPANTS + 2))


def _odds_of(left: list[float]) -> tuple[float, float]:
    """(P(BBB), P(Bang!)) of a card drawn from the unseen cards ``left``."""
    total = sum(left)
    return (left[BBB] / total, left[BANG] / total) if total > 0 else (0.0, 0.0)


#: :func:`first_gun_odds` by the records (a plain dict: an ``lru_cache``'s bookkeeping cost
#: more than the lookup, and a playout's records change every round), emptied when full.
_FIRST_GUN_ODDS: dict[tuple[tuple[int, int, int, int], ...], tuple[float, float]] = {}
_FIRST_GUN_ODDS_SIZE = 1 << 14


def first_gun_odds(records: tuple[tuple[int, int, int, int], ...]) -> tuple[float, float]:
    """:func:`_odds_of` a player's first gun, from his spent records alone (the same few
    records recur in every determinization and playout of a search)."""
    odds = _FIRST_GUN_ODDS.get(records)
    if odds is None:
        if len(_FIRST_GUN_ODDS) >= _FIRST_GUN_ODDS_SIZE:
            _FIRST_GUN_ODDS.clear()
        odds = _FIRST_GUN_ODDS[records] = _odds_of(
            _minus_fired([float(x) for x in BULLET_SET], records, 0)
        )
    return odds


def unseen(s: CashNGunsState, j: int, g: int) -> list[float]:
    """Player ``j``'s cards of gun ``g`` that nobody has seen, by kind: his set (or the
    claimed hand's expected make-up) minus the cards he fired."""
    left = [float(x) for x in BULLET_SET] if g == 0 else _claimed_estimate(s)
    return _minus_fired(left, s.spent[j], g)


def _minus_fired(
    left: list[float], records: tuple[tuple[int, int, int, int], ...], g: int
) -> list[float]:
    """``left`` less the cards fired from gun ``g`` among the spent ``records``."""
    for _, gun, kind, mode in records:
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


__all__ = ["PublicReading", "hide_chance_of", "public_reading", "unseen"]
