"""The player model's moves (``model.py``): a playout's single best choice (:func:`choose`)
and a choice drawn from the model's distribution (:func:`sample_move`), for the seat to act,
reading only what that seat may know."""

from __future__ import annotations

from collections.abc import Sequence
from operator import methodcaller
from typing import TYPE_CHECKING

from getaway.core import Rng
from getaway.games.cash_n_guns.actions import FLIP, HIDE, PASS, STAY, UNHURT_ID
from getaway.games.cash_n_guns.cards import (
    BACKUP_USES,
    CARD_NAMES,
    LAST_PHONE_ROUND,
    ROUNDS,
    SEATS,
    STANDING,
)
from getaway.games.cash_n_guns.model import (
    AIM_TEMPERATURE,
    COURAGE_TEMPERATURE,
    REVEAL_CRAZY,
    REVEAL_KID,
    REVEAL_SLY,
    Reader,
    aim_values,
    courage_margin,
    hide_probability,
    hide_shift,
    load_probs,
    softmax,
)
from getaway.games.cash_n_guns.split import split_pot
from getaway.games.cash_n_guns.steps import (
    STEP_AIM,
    STEP_COURAGE,
    STEP_KID,
    STEP_LOAD,
    STEP_PHONE,
    STEP_SLY,
)
from getaway.games.cash_n_guns.worth import UNHURT_MIN_SHARE, UNHURT_MIN_SHARE_LATE

if TYPE_CHECKING:
    from getaway.games.cash_n_guns.state import CashNGunsState

#: Whether an action id is an ability's reveal (mapped over the legal ids in C: a sample is
#: drawn for another seat at every visit of the search tree).
_is_reveal = methodcaller("startswith", "reveal:")


#: One gun's aim at seat ``t`` (``-1``, the last entry: nobody), and its load of a kind.
_AIM_ONE = (*(f"aim:{seat}" for seat in SEATS), "aim:none")
_LOAD_ONE = tuple(f"load:{name}" for name in CARD_NAMES)


def choose(s: CashNGunsState, i: int, legal: Sequence[str], rng: Rng) -> str:
    """Player ``i``'s move in a playout: the model's most likely choice (loads drawn by the
    lottery), reading only what ``i`` may know. ``legal`` must be ``s.legal_actions``."""
    if len(legal) == 1:
        return legal[0]
    step = s.step
    if step == STEP_COURAGE:
        shift = hide_shift(s, i) * COURAGE_TEMPERATURE
        return HIDE if courage_margin(s, i) < shift else STAY
    # Reveals exist only where some ability may be revealed (the Basic game has none), so
    # ``legal`` is scanned for them only there (a playout asks at every ply).
    reveals = s.rules.revealable
    if step in (STEP_AIM, STEP_KID):
        if reveals and REVEAL_CRAZY in legal and _crazy_pays(s, i):
            return REVEAL_CRAZY
        if s.guns[i] == 1:
            # One gun (the Basic game): the id read off a table, not joined.
            targets, values = aim_values(s, i, 0)
            action = _AIM_ONE[targets[values.index(max(values))]]
            return action if action in legal else _pick(action, legal)
        names = []
        for g in range(s.guns[i]):
            targets, values = aim_values(s, i, g)
            best = targets[values.index(max(values))]
            names.append(SEATS[best] if best >= 0 else "none")
        return _pick("aim:" + "/".join(names), legal)
    if step in (STEP_LOAD, STEP_SLY):
        if reveals:
            for reveal in (REVEAL_KID, REVEAL_SLY):
                if reveal in legal:
                    return reveal
            if REVEAL_CRAZY in legal and _crazy_pays(s, i):
                return REVEAL_CRAZY
        if s.guns[i] == 1:
            action = _LOAD_ONE[rng.weighted_index(load_probs(s, i, 0))]
            return action if action in legal else _pick(action, legal)
        names = [CARD_NAMES[rng.weighted_index(load_probs(s, i, g))] for g in range(s.guns[i])]
        return _pick("load:" + "/".join(names), legal)
    if step == STEP_PHONE:
        return FLIP if FLIP in legal and cop_flips(s) else PASS
    return _window(s, i, legal)


def sample_move(s: CashNGunsState, i: int, legal: Sequence[str], rng: Rng, noise: float) -> str:
    """Player ``i``'s move drawn from the model's distribution rather than its single best
    choice: loads by the lottery, aims by a softmax of their values, hiding by a logistic
    of the courage margin, each mixed with ``noise`` of a uniform choice. Abilities and
    reaction windows follow :func:`choose`."""
    if len(legal) == 1:
        return legal[0]
    step = s.step
    if step == STEP_COURAGE:
        margin = courage_margin(s, i)
        hide = (1.0 - noise) * hide_probability(margin, hide_shift(s, i)) + noise * 0.5
        return HIDE if rng.random() < hide else STAY
    reveals = s.rules.revealable
    if step == STEP_AIM and not (reveals and any(map(_is_reveal, legal))):
        names = []
        for g in range(s.guns[i]):
            targets, values = aim_values(s, i, g)
            probs = softmax(values, AIM_TEMPERATURE)
            weights = [(1.0 - noise) * p + noise / len(targets) for p in probs]
            t = targets[rng.weighted_index(weights)]
            if s.guns[i] == 1:
                return _pick(_AIM_ONE[t], legal)
            names.append(SEATS[t] if t >= 0 else "none")
        return _pick("aim:" + "/".join(names), legal)
    if step == STEP_LOAD and not (reveals and any(map(_is_reveal, legal))):
        names = []
        for g in range(s.guns[i]):
            b = 6 * i + 3 * g
            hand = s.hand[b : b + 3]
            size = hand[0] + hand[1] + hand[2]
            probs = load_probs(s, i, g, hand)
            weights = [(1.0 - noise) * probs[k] + noise * hand[k] / size for k in range(3)]
            kind = rng.weighted_index(weights)
            if s.guns[i] == 1:
                return _pick(_LOAD_ONE[kind], legal)
            names.append(CARD_NAMES[kind])
        return _pick("load:" + "/".join(names), legal)
    if step == STEP_PHONE and FLIP in legal:
        flip = (1.0 - noise) * float(cop_flips(s)) + noise * 0.5
        return FLIP if rng.random() < flip else PASS
    return choose(s, i, legal, rng)


def _pick(action: str, legal: Sequence[str]) -> str:
    """``action`` when legal (it always is for the model's own choices), else the first id
    of its kind: a guard, never a silent change of meaning in normal play."""
    if action in legal:
        return action
    head = action.split(":", 1)[0]
    return next((a for a in legal if a.startswith(head)), legal[0])


def _crazy_pays(s: CashNGunsState, i: int) -> bool:
    """The Crazy shows his grenade when loaded guns point at him, or at once when the
    options give him no window after the aims."""
    if not s.rules.options["crazy_after_aims"]:
        return True
    return bool(Reader(s, i).guns_at(i))


def cop_flips(s: CashNGunsState) -> bool:
    """The heuristic's rule: flip when three or more pass the phone, or when the phone
    rounds left are only just enough for the three uses."""
    needed = BACKUP_USES - s.phone_uses
    rounds = LAST_PHONE_ROUND - s.round + 1
    return s.participants.bit_count() >= 3 or needed >= rounds


def _window(s: CashNGunsState, i: int, legal: Sequence[str]) -> str:
    """Reaction windows: the abilities the heuristic uses, the way it uses them."""
    for reveal in (REVEAL_KID, REVEAL_SLY):
        if reveal in legal:
            return reveal
    if REVEAL_CRAZY in legal:
        return REVEAL_CRAZY if _crazy_pays(s, i) else PASS
    if "specialist:click" in legal:
        return "specialist:click"
    for action in legal:
        if action.startswith(("specialist:", "claim:")):
            return action
    if UNHURT_ID in legal:
        standing = sum(
            1
            for j in range(s.rules.players)
            if s.alive >> j & 1 and s.status[j] == STANDING and j != i
        )
        value = split_pot(s.pot, standing + 1).share
        floor = UNHURT_MIN_SHARE_LATE if ROUNDS - s.round < 3 else UNHURT_MIN_SHARE
        return UNHURT_ID if value >= floor or (s.round == ROUNDS and value) else PASS
    return PASS if PASS in legal else legal[0]


__all__ = ["choose", "cop_flips", "sample_move"]
