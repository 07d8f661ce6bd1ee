"""A fixed-size numeric encoding of Cash 'n Guns for learning code (``getaway.rl``).

Two things a reinforcement-learning interface needs and the string protocol does not give:

* **A fixed action enumeration per seat.** Every action id that can ever occur for a seat
  under given options, in a stable order, so that an index names one id for the whole game.
* **A flat encoding of a seat's view.** Built from ``state.view(seat)`` only, never from the
  state, so an observation holds exactly what that seat may know.

Pure Python (``core`` and the standard library): the game keeps working without numpy.

Everything is **relative to the observing seat**: player slot 0 is the seat itself, slot 1
the next player clockwise, and so on; an aim or claim names a player by the same offset. A
policy therefore reads "the player on my left" the same way from every chair, and one
network can play all seats. Slots are padded to 6 players (``present`` is 0 for a slot
beyond the table), so the observation has the same length for 4, 5 and 6 players.

Action enumeration for seat ``i`` of ``n`` players (only the groups the options allow, so
that every id listed can occur):

* ``load:bbb``, ``load:bang``, ``load:click``; with "You Won't Need It" (#3) in the pool
  also the nine two-gun loads ``load:A/B``;
* ``aim:S`` for the players at offsets 1 .. n-1, then ``aim:none``; with #3 the two-gun
  aims ``aim:T1/T2`` over the same targets (none last);
* ``reveal:crazy`` / ``reveal:kid`` / ``reveal:sly`` for those of the pool;
* ``hide``, ``stay``;
* ``pass`` when any window or the phone can run (Advanced or Undercover Cop game);
* ``specialist:bang``, ``specialist:click`` with the Specialist (#9) in the pool;
* ``claim:S`` at offsets 1 .. n-1 with #3; ``unhurt`` with #10; ``flip`` in the Cop game.

Layout of an observation (all values in [0, 1]; ``P`` = 6 player slots, ``K`` = the
seat's number of action ids)::

    step one-hot                     13   load ... phone, over
    round / 8, over                   2
    pot notes 20k/10, 10k/15, 5k/15   3   counts by value
    deck 20k/10, 10k/15, 5k/15        3   the public make-up of the deck
    deck left / 40, removed / $425k   2
    aims revealed                     1
    grenade one-hot, exploded         4   none, armed, used
    first death done                  1
    ability pool                     10   cards #1-#10 the deal drew from
    advanced, undercover cop          2
    phone uses / 3, backup, round / 8 3
    claim: holder slot, from slot    2P   one-hot each (zeros: no claim)
    claim cards / 8                   1
    claimable slots, participants    2P
    per player slot:               P x    present, alive, money / $425k, wounds / 10,
                                          shame / 8, beacon shame / 8, status one-hot 3,
                                          hits / 10, wounds this round / 10, godfather,
                                          two guns; per gun (2): placed, state one-hot 4,
                                          fired card one-hot 3, target one-hot P + 1 (slot,
                                          then "none"; zeros while not shown); hand size per
                                          gun / 8 (2); cards shown: fired bbb, bang, click
                                          and taken back, each / 16; face-down discards / 16;
                                          revealed ability one-hot 10; role cop, gangster;
                                          committed; to act
    me: hand per gun                  6   bbb / 1, bang / 2, click / 5 per gun
    me: loaded card per gun           6   one-hot per gun
    me: my commit                     K   one-hot over the seat's action ids
    me: ability one-hot, role        12   card #1-#10; cop, gangster
    me: my face-down discards         3   by kind, / 16
    me: claimed cards                 3   bbb / 1, bang / 2, click / 5

The public event log is not encoded beyond these counters (the shots, wounds, deaths and
splits it narrates are all reflected in them); this round's aims are, under each gun.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cache
from typing import Any

from getaway.games.cash_n_guns.actions import (
    CLAIM_IDS,
    FLIP,
    HIDE,
    PASS,
    REVEAL_IDS,
    STAY,
    UNHURT_ID,
)
from getaway.games.cash_n_guns.cards import (
    ABILITY_CODES,
    ALL_ABILITIES,
    BANG,
    CARD_CODES,
    CARD_NAMES,
    CLICK,
    CRAZY,
    DECK_TOTAL,
    GUN_STATE_NAMES,
    KID,
    NOTE_DECK,
    ROUNDS,
    SEATS,
    SLY,
    SPECIALIST,
    STATUS_NAMES,
    UNHURT,
    WONT_NEED_IT,
)
from getaway.games.cash_n_guns.options import MAX_PLAYERS, normalize, rules_for
from getaway.games.cash_n_guns.steps import STEP_NAMES

P = MAX_PLAYERS
_NONE_SLOT = P
#: Cards per hand (one character's bullet set) and the most a player can spend.
_HAND = 8
_SPENT_MAX = 2 * _HAND
#: Most of one kind a hand can hold: bbb, bang, click.
_KIND_MAX = (1.0, 2.0, 5.0)
#: Wounds, hits and wounds in a round stay below this (at most 6 guns aim at one player,
#: plus the grenade, on top of at most 3 earlier wounds).
_WOUND_MAX = 10.0
_SHAME_MAX = float(ROUNDS)
_NOTE_COUNTS = tuple(float(count) for _, count in NOTE_DECK)
_NOTE_KEYS = tuple(str(value) for value, _ in NOTE_DECK)
_DECK_NOTES = sum(count for _, count in NOTE_DECK)
_GRENADE = ("none", "armed", "used")
_ROLES = ("cop", "gangster")
_PHONE_USES = 3.0

_GUN_FIELDS = 1 + 4 + 3 + P + 1
_PLAYER_FIELDS = 13 + 2 * _GUN_FIELDS + 2 + 4 + 1 + 10 + 2 + 2


def _aim_name(target: str | None) -> str:
    return target or "none"


class CashNGunsEncoding:
    """The action enumeration and observation encoding of one set of options."""

    def __init__(self, options: Mapping[str, Any] | None = None) -> None:
        self.options = normalize(options)
        rules = rules_for(self.options)
        self.seats: tuple[str, ...] = rules.seats
        self._n = rules.players
        self._seat_index = {seat: i for i, seat in enumerate(self.seats)}
        self._ids = {seat: self._enumerate(i, rules.pool) for i, seat in enumerate(self.seats)}
        self._index = {seat: {a: k for k, a in enumerate(ids)} for seat, ids in self._ids.items()}
        self._actions = len(self._ids[self.seats[0]])
        self._o_players = 13 + 2 + 3 + 3 + 2 + 1 + 4 + 1 + 10 + 2 + 3 + 2 * P + 1 + 2 * P
        self._o_me = self._o_players + P * _PLAYER_FIELDS
        #: Length of every seat's observation.
        self.observation_size = self._o_me + 6 + 6 + self._actions + 12 + 3 + 3

    def _enumerate(self, i: int, pool: Sequence[int]) -> tuple[str, ...]:
        two_guns = WONT_NEED_IT in pool
        others = [SEATS[(i + off) % self._n] for off in range(1, self._n)]
        targets = [*others, "none"]
        ids = [f"load:{name}" for name in CARD_NAMES]
        if two_guns:
            ids += [f"load:{a}/{b}" for a in CARD_NAMES for b in CARD_NAMES]
        ids += [f"aim:{t}" for t in targets]
        if two_guns:
            ids += [f"aim:{a}/{b}" for a in targets for b in targets]
        ids += [REVEAL_IDS[a] for a in (CRAZY, KID, SLY) if a in pool]
        ids += [HIDE, STAY]
        if pool or self.options["undercover_cop"]:
            ids.append(PASS)
        if SPECIALIST in pool:
            ids += [f"specialist:{CARD_NAMES[k]}" for k in (BANG, CLICK)]
        if two_guns:
            ids += [CLAIM_IDS[SEATS.index(s)] for s in others]
        if UNHURT in pool:
            ids.append(UNHURT_ID)
        if self.options["undercover_cop"]:
            ids.append(FLIP)
        return tuple(ids)

    # Actions ------------------------------------------------------------------------------

    def action_ids(self, seat: str) -> tuple[str, ...]:
        """Every action id that can ever occur for ``seat``; index ``i`` is action ``i``."""
        return self._ids[seat]

    def action_index(self, seat: str) -> Mapping[str, int]:
        """Action id -> its index in :meth:`action_ids` (read-only use)."""
        return self._index[seat]

    def acting_together(self, to_act: Sequence[str]) -> tuple[str, ...]:
        """The seats that act in one step of a parallel environment: all of ``to_act``.

        Secret steps are commits revealed together, so their order cannot matter; in a
        public window each seat's answer concerns only its own ability card."""
        return tuple(to_act)

    # Observations -------------------------------------------------------------------------

    def encode_view(self, view: Mapping[str, Any]) -> list[float]:
        """The flat observation of ``view`` (a seat's view; see the module docstring)."""
        me = self._seat_index[view["seat"]]
        n = self._n

        def slot(seat: str) -> int:
            return (self._seat_index[seat] - me) % n

        obs = [0.0] * self.observation_size
        obs[STEP_NAMES.index(view["step"])] = 1.0
        o = 13
        obs[o] = view["round"] / ROUNDS
        obs[o + 1] = 1.0 if view["over"] else 0.0
        o += 2
        pot = view["pot"]
        for k, (value, _) in enumerate(NOTE_DECK):
            obs[o + k] = pot.count(value) / _NOTE_COUNTS[k]
            obs[o + 3 + k] = view["deck_counts"][_NOTE_KEYS[k]] / _NOTE_COUNTS[k]
        o += 6
        obs[o] = view["deck_left"] / _DECK_NOTES
        obs[o + 1] = view["removed"] / DECK_TOTAL
        obs[o + 2] = 1.0 if view["aims_revealed"] else 0.0
        obs[o + 3 + _GRENADE.index(view["grenade"])] = 1.0
        obs[o + 6] = 1.0 if view["grenade_exploded"] else 0.0
        obs[o + 7] = 1.0 if view["first_death_done"] else 0.0
        o += 8
        for name in view["ability_pool"]:
            obs[o + ABILITY_CODES[name] - 1] = 1.0
        o += len(ALL_ABILITIES)
        options = view["options"]
        obs[o] = 1.0 if options["advanced"] else 0.0
        obs[o + 1] = 1.0 if options["undercover_cop"] else 0.0
        obs[o + 2] = view["phone_uses"] / _PHONE_USES
        obs[o + 3] = 1.0 if view["backup_called"] else 0.0
        obs[o + 4] = (view["backup_round"] or 0) / ROUNDS
        o += 5
        claim = view["claim"]
        if claim is not None:
            obs[o + slot(claim["seat"])] = 1.0
            obs[o + P + slot(claim["from"])] = 1.0
            obs[o + 2 * P] = claim["cards"] / _HAND
        o += 2 * P + 1
        for seat in view["claimable"]:
            obs[o + slot(seat)] = 1.0
        for seat in view["participants"]:
            obs[o + P + slot(seat)] = 1.0
        assert o + 2 * P == self._o_players
        committed = view["committed"]
        to_act = set(view["to_act"])
        for player in view["players"]:
            self._encode_player(obs, player, slot, committed, to_act)
        self._encode_me(obs, view["me"])
        return obs

    def encode_sparse(self, view: Mapping[str, Any]) -> dict[int, float]:
        """The same observation as its nonzero entries, index -> value."""
        return {i: x for i, x in enumerate(self.encode_view(view)) if x}

    def _encode_player(
        self,
        obs: list[float],
        player: Mapping[str, Any],
        slot: Any,
        committed: Mapping[str, bool],
        to_act: set[str],
    ) -> None:
        seat = player["seat"]
        o = self._o_players + slot(seat) * _PLAYER_FIELDS
        obs[o] = 1.0
        obs[o + 1] = 1.0 if player["alive"] else 0.0
        obs[o + 2] = player["money"] / DECK_TOTAL
        obs[o + 3] = player["wounds"] / _WOUND_MAX
        obs[o + 4] = player["shame"] / _SHAME_MAX
        obs[o + 5] = player["shame_beacon"] / _SHAME_MAX
        if player["status"] is not None:
            obs[o + 6 + STATUS_NAMES.index(player["status"])] = 1.0
        obs[o + 9] = player["hits_this_round"] / _WOUND_MAX
        obs[o + 10] = player["wounds_this_round"] / _WOUND_MAX
        obs[o + 11] = 1.0 if player["godfather"] else 0.0
        obs[o + 12] = 1.0 if len(player["guns"]) == 2 else 0.0
        o += 13
        for g, gun in enumerate(player["guns"]):
            base = o + g * _GUN_FIELDS
            obs[base] = 1.0 if gun["placed"] else 0.0
            obs[base + 1 + GUN_STATE_NAMES.index(gun["state"])] = 1.0
            if gun["card"] is not None:
                obs[base + 5 + CARD_CODES[gun["card"]]] = 1.0
            target = gun["target"]
            if target is not None:
                obs[base + 8 + (_NONE_SLOT if target == "none" else slot(target))] = 1.0
        o += 2 * _GUN_FIELDS
        for g, size in enumerate(player["hand_size"]):
            obs[o + g] = size / _HAND
        o += 2
        for card in player["spent_revealed"]:
            if card["fired"]:
                obs[o + CARD_CODES[card["card"]]] += 1.0 / _SPENT_MAX
            if card["taken_back"]:
                obs[o + 3] += 1.0 / _SPENT_MAX
        o += 4
        obs[o] = len(player["spent_face_down"]) / _SPENT_MAX
        o += 1
        if player["ability"] is not None:
            obs[o + ABILITY_CODES[player["ability"]] - 1] = 1.0
        o += 10
        if player["role"] is not None:
            obs[o + _ROLES.index(player["role"])] = 1.0
        o += 2
        obs[o] = 1.0 if committed.get(seat) else 0.0
        obs[o + 1] = 1.0 if seat in to_act else 0.0

    def _encode_me(self, obs: list[float], me: Mapping[str, Any]) -> None:
        o = self._o_me
        for g, hand in enumerate(me["hand"]):
            for k, name in enumerate(CARD_NAMES):
                obs[o + 3 * g + k] = hand[name] / _KIND_MAX[k]
        o += 6
        for g, card in enumerate(me["loaded"]):
            if card is not None:
                obs[o + 3 * g + CARD_CODES[card]] = 1.0
        o += 6
        choice = me["my_choice"]
        if choice is not None:
            obs[o + self._index[me["seat"]][choice]] = 1.0
        o += self._actions
        if me["ability"] is not None:
            obs[o + ABILITY_CODES[me["ability"]] - 1] = 1.0
        if me["role"] is not None:
            obs[o + 10 + _ROLES.index(me["role"])] = 1.0
        o += 12
        for card in me["spent"]:
            if card["mode"] == "face-down":
                obs[o + CARD_CODES[card["card"]]] += 1.0 / _SPENT_MAX
        o += 3
        claimed = me["claimed_cards"]
        if claimed is not None:
            for k, name in enumerate(CARD_NAMES):
                obs[o + k] = claimed[name] / _KIND_MAX[k]


@cache
def _cached(key: tuple[tuple[str, Any], ...]) -> CashNGunsEncoding:
    return CashNGunsEncoding(dict(key))


def encoding(options: Mapping[str, Any] | None = None) -> CashNGunsEncoding:
    """The encoding of a game with these options (shared: built once per set of options)."""
    return _cached(tuple(sorted(normalize(options).items())))
