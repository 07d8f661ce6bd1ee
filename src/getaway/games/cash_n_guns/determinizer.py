"""Sampling full states consistent with what one seat knows.

Bots call this instead of reading the true state. A view holds the whole public table and the
seat's own secrets; the rest is drawn here:

* the deck order (its make-up is public: every note drawn was shown);
* every other player's cards: per gun, the cards not revealed by firing are shared out at
  random between his face-down discards, the card he has placed (if still hidden) and his
  hand, with the hand sizes shown. A Specialist's face-down cards up to the round he took his
  BBB back cannot be that BBB (he still held it). A claimed second hand (#3) comes from the
  dead player's unrevealed cards;
* the unrevealed abilities, from the pool minus the revealed ones and the seat's own, never
  giving Invincible to a player who reached 3 wounds, Dragon Skin to one hit by two bullets
  in a round (both reveal themselves), nor Six Feet Under or Coward once the game is over;
* the cop, among the players who took part in every round the phone came back used;
* the other seats' secret answers in the current step.

Each part is drawn uniformly among the assignments the public record allows. The ``all`` view
holds everything, so its sample is the state itself.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from itertools import permutations
from typing import Any

from getaway.core import ALL, JSONDict, Rng
from getaway.games.cash_n_guns.cards import (
    ABILITY_CODES,
    ABILITY_NAMES,
    BBB,
    BULLET_SET,
    CARD_CODES,
    CARD_NAMES,
    COWARD,
    DRAGON_SKIN,
    INVINCIBLE,
    NOTE_VALUES,
    ROLE_NAMES,
    SIX_FEET_UNDER,
)
from getaway.games.cash_n_guns.events import Event, event_from_json
from getaway.games.cash_n_guns.options import GAME_NAME, normalize, rules_for
from getaway.games.cash_n_guns.saves import FORMAT, state_from_json
from getaway.games.cash_n_guns.state import CashNGunsState

#: Rejection-sampling attempts for the abilities before enumerating every assignment.
_TRIES = 200


def determinize(
    view: Mapping[str, Any], rng: Rng, log: Sequence[Event] | None = None
) -> CashNGunsState:
    """A full state consistent with ``view``, its hidden parts drawn by ``rng``.

    ``log``: the view's event log already parsed (:func:`parse_log`), for a caller drawing
    many samples from one view; the log is public and the same in every sample, so parsing
    it once spares reading the whole history again for each one. The sample is the same."""
    if log is None:
        return state_from_json(sample_json(view, rng))
    s = state_from_json(sample_json(view, rng, with_log=False))
    s.log = list(log)
    return s


def parse_log(view: Mapping[str, Any]) -> list[Event]:
    """The view's event log in the state's internal form (malformed: SaveFileError)."""
    seats = rules_for(normalize(view["options"])).seats
    return [event_from_json(e, k, seats) for k, e in enumerate(view["log"], start=1)]


def sample_json(view: Mapping[str, Any], rng: Rng, with_log: bool = True) -> JSONDict:
    """The save form of a sampled state (see :func:`determinize`); ``with_log=False`` leaves
    its log empty (the caller fills it in)."""
    rules = rules_for(normalize(view["options"]))
    seats = rules.seats
    players: list[Mapping[str, Any]] = view["players"]
    if view["seat"] == ALL:
        secrets = view["secrets"]
        mine = {rules.index[s]: m for s, m in secrets["players"].items()}
        deck = list(secrets["deck"])
        commits = dict(secrets["commits"])
    else:
        me = view.get("me")
        mine = {rules.index[me["seat"]]: me} if me else {}
        deck = [v for v in NOTE_VALUES for _ in range(view["deck_counts"][str(v)])]
        rng.shuffle(deck)
        commits = {}
    abilities = _abilities(view, rules.pool, mine, rng)
    cop = _cop(view, seats, mine, rng)
    cards = _Cards(view, mine, rng)
    rows = []
    for i, p in enumerate(players):
        hands, loaded, spent = cards.player(i)
        guns = p["guns"]
        card_names: list[str | None] = [None, None]
        targets: list[str | None] = [None, None]
        states = ["empty", "empty"]
        for g, gun in enumerate(guns):
            states[g] = gun["state"]
            targets[g] = gun["target"]
            card_names[g] = gun["card"] if gun["card"] else loaded[g]
        rows.append(
            {
                "seat": p["seat"],
                "alive": p["alive"],
                "money": p["money"],
                "wounds": p["wounds"],
                "shame": p["shame"],
                "shame_beacon": p["shame_beacon"],
                # The dead have no status in views: any value is the same to them.
                "status": p["status"] or "standing",
                "hits_round": p["hits_this_round"],
                "wounds_round": p["wounds_this_round"],
                "hands": hands,
                "cards": card_names,
                "targets": targets,
                "gun_states": states,
                "spent": spent,
                "ability": abilities[i],
                "role": (ROLE_NAMES[i == cop] if cop >= 0 else None),
            }
        )
    step_seats = [s for s in seats if s in view["committed"]]
    if view["seat"] != ALL and view["step"] in ("load", "sly-load", "aim", "courage", "phone"):
        commits = _commits(view, rows, seats, mine, cop, rng)
    claim = view["claim"]
    return {
        "game": GAME_NAME,
        "format": FORMAT,
        "options": dict(view["options"]),
        # The seed and the generator are secret (they fixed the deck); draw fresh ones.
        "seed": 0,
        "rng": rng.next64(),
        "round": view["round"],
        "step": view["step"],
        "step_seats": step_seats,
        "waiting": [s for s in view["to_act"] if s not in commits],
        "commits": commits,
        "deck": deck,
        "pot": list(view["pot"]),
        "removed": view["removed"],
        "godfather": view["godfather"],
        "players": rows,
        "shown": sorted(
            (p["ability"] for p in players if p["ability"]), key=lambda a: ABILITY_CODES[a]
        ),
        "aims_revealed": view["aims_revealed"],
        "grenade": view["grenade"],
        "grenade_now": view["grenade_exploded"],
        "first_death_done": view["first_death_done"],
        "claimable": {s: cards.remainder[seats.index(s)] for s in view["claimable"]},
        "claim": (
            None
            if claim is None
            else {
                "seat": claim["seat"],
                "from": claim["from"],
                "round": claim["round"],
                "cards": cards.remainder[seats.index(claim["from"])],
            }
        ),
        "participants": list(view["participants"]),
        "phone_uses": view["phone_uses"],
        "backup_round": view["backup_round"] or 0,
        "log": [dict(e) for e in view["log"]] if with_log else [],
        "winners": list(view["winners"]),
        "end_reason": view["end_reason"],
        "scores": dict(view["scores"] or {}),
    }


class _Cards:
    """Every player's cards, per gun: known for the seats whose secrets the view holds,
    sampled for the others. ``remainder[i]``: a dead player's unused cards when he died."""

    def __init__(self, view: Mapping[str, Any], mine: Mapping[int, Any], rng: Rng) -> None:
        self.view = view
        self.mine = mine
        self.rng = rng
        self.players: list[Mapping[str, Any]] = view["players"]
        self.remainder: dict[int, list[int]] = {}
        self.done: dict[int, tuple[list[list[int]], list[str | None], list[list[Any]]]] = {}
        seats = [p["seat"] for p in self.players]
        claim = view["claim"]
        self.claimer = seats.index(claim["seat"]) if claim else -1
        self.donor = seats.index(claim["from"]) if claim else -1
        if self.claimer in mine and mine[self.claimer].get("claimed_cards"):
            # The claimer knows the cards he took: the dead player left exactly those.
            taken = mine[self.claimer]["claimed_cards"]
            self.remainder[self.donor] = [taken[name] for name in CARD_NAMES]
        # The donor first: the claimer's second hand is what he left.
        if self.donor >= 0:
            self.player(self.donor)

    def player(self, i: int) -> tuple[list[list[int]], list[str | None], list[list[Any]]]:
        if i not in self.done:
            self.done[i] = self._known(i) if i in self.mine else self._sample(i)
        return self.done[i]

    def _known(self, i: int) -> tuple[list[list[int]], list[str | None], list[list[Any]]]:
        me = self.mine[i]
        hands = [[h[name] for name in CARD_NAMES] for h in me["hand"]]
        spent = [[e["round"], e["gun"] - 1, e["card"], e["mode"]] for e in me["spent"]]
        loaded = list(me["loaded"]) + [None] * (2 - len(me["loaded"]))
        if not self.players[i]["alive"]:
            counts = list(BULLET_SET)
            for _, gun, card, mode in spent:
                if gun == 0 and mode in ("face-down", "fired"):
                    counts[CARD_CODES[card]] -= 1
            self.remainder[i] = counts
        return hands, loaded, spent

    def _sample(self, i: int) -> tuple[list[list[int]], list[str | None], list[list[Any]]]:
        p = self.players[i]
        guns = p["guns"]
        hands: list[list[int]] = []
        loaded: list[str | None] = [None, None]
        # Each spent record by the id of its view entry: the view lists the revealed and the
        # face-down records each in the game's order, guns interleaved; the sample keeps it.
        records: dict[int, list[Any]] = {}
        for g in range(len(guns)):
            origin = list(BULLET_SET) if g == 0 else list(self._claimed_cards())
            revealed = [e for e in p["spent_revealed"] if e["gun"] == g + 1]
            face_down = [e for e in p["spent_face_down"] if e["gun"] == g + 1]
            pool = origin[:]
            for e in revealed:
                if not e["taken_back"]:
                    pool[CARD_CODES[e["card"]]] -= 1
            gun = guns[g]
            loaded_slot = gun["state"] == "loaded"
            hand_size = p["hand_size"][g]
            # Slots: the face-down discards, then the hidden loaded card, then the hand.
            slots = len(face_down) + loaded_slot + hand_size
            extra = sum(pool) - slots
            if extra < 0 or (extra and p["alive"] and hand_size >= 0):
                raise ValueError(f"the view is inconsistent: {p['seat']}'s cards do not add up")
            known_left = self.remainder.get(i) if g == 0 and not p["alive"] else None
            if known_left is not None:
                # What he left is known (claimed by the viewing seat): deal only the rest.
                pool = [pool[kind] - known_left[kind] for kind in range(3)]
                if min(pool) < 0 or sum(pool) != slots:
                    raise ValueError("the view is inconsistent: the claimed cards do not fit")
            reserved = [0, 0, 0]
            if g == 0 and i == self.donor and known_left is None:
                # The claimer has since fired some of the cards this player left: they were
                # among them, whatever the rest was.
                reserved = self._fired_from_claim()
                pool = [pool[kind] - reserved[kind] for kind in range(3)]
                if min(pool) < 0:
                    raise ValueError("the view is inconsistent: the claimed cards do not fit")
            cards = [kind for kind in range(3) for _ in range(pool[kind])]
            forbidden = set()
            taken_back = [e["round"] for e in revealed if e["taken_back"]]
            if taken_back:
                forbidden = {n for n, e in enumerate(face_down) if e["round"] <= taken_back[0]}
            kinds = self._deal(cards, len(cards), forbidden)
            fd_kinds = kinds[: len(face_down)]
            rest = kinds[len(face_down) :]
            if loaded_slot:
                loaded[g] = CARD_NAMES[rest[0]]
                rest = rest[1:]
            hand = rest[:hand_size]
            left = rest[hand_size:]
            if not p["alive"] and g == 0 and known_left is None:
                self.remainder[i] = [left.count(k) + reserved[k] for k in range(3)]
            hands.append([hand.count(k) for k in range(3)])
            if gun["state"] == "discarded":
                # This round's card was discarded face down: it is one of the face-down
                # records of this round (or the BBB the Specialist took back).
                this_round = [
                    n for n, e in enumerate(face_down) if e["round"] == self.view["round"]
                ]
                took = [e for e in revealed if e["round"] == self.view["round"]]
                loaded[g] = "bbb" if took else CARD_NAMES[fd_kinds[this_round[0]]]
            for e in revealed:
                mode = (
                    ("taken-back-fired" if e["fired"] else "taken-back-face-down")
                    if e["taken_back"]
                    else "fired"
                )
                records[id(e)] = [e["round"], g, e["card"], mode]
            for e, kind in zip(face_down, fd_kinds, strict=True):
                records[id(e)] = [e["round"], g, CARD_NAMES[kind], "face-down"]
        by_round: dict[int, list[list[Any]]] = {}
        for e in (*p["spent_revealed"], *p["spent_face_down"]):
            by_round.setdefault(e["round"], []).append(records[id(e)])
        spent = [rec for rnd in sorted(by_round) for rec in by_round[rnd]]
        if not p["alive"]:
            hands = [[0, 0, 0] for _ in guns]
        return hands, loaded, spent

    def _fired_from_claim(self) -> list[int]:
        """The cards the claimer fired from his second gun (public), by kind."""
        counts = [0, 0, 0]
        for e in self.players[self.claimer]["spent_revealed"]:
            if e["gun"] == 2:
                counts[CARD_CODES[e["card"]]] += 1
        return counts

    def _claimed_cards(self) -> list[int]:
        return self.remainder[self.donor]

    def _deal(self, cards: list[int], n: int, forbidden: set[int]) -> list[int]:
        """``cards`` in a random order, with no BBB in a ``forbidden`` position."""
        order = cards[:]
        if BBB in order and forbidden:
            order.remove(BBB)
            allowed = [pos for pos in range(n) if pos not in forbidden]
            place = allowed[self.rng.below(len(allowed))]
            self.rng.shuffle(order)
            order.insert(place, BBB)
            return order
        self.rng.shuffle(order)
        return order


def _bullets_twice(view: Mapping[str, Any]) -> set[str]:
    """Players hit by two bullets in one round (Dragon Skin would have revealed itself)."""
    hits: dict[tuple[int, str], int] = {}
    dead: set[str] = set()
    for e in view["log"]:
        if e["type"] == "death":
            dead.add(e["seat"])
        elif e["type"] == "fire" and e["card"] != "click" and e["target"] not in dead:
            key = (e["round"], e["target"])
            hits[key] = hits.get(key, 0) + 1
    return {seat for (_, seat), n in hits.items() if n >= 2}


def _abilities(
    view: Mapping[str, Any], pool: Sequence[int], mine: Mapping[int, Any], rng: Rng
) -> list[str | None]:
    players = view["players"]
    n = len(players)
    result: list[str | None] = [None] * n
    if not pool:
        return result
    unknown = []
    taken = set()
    for i, p in enumerate(players):
        if i in mine:
            result[i] = mine[i]["ability"]
        elif p["ability"]:
            result[i] = p["ability"]
        else:
            unknown.append(i)
            continue
        taken.add(ABILITY_CODES[str(result[i])])
    left = [a for a in pool if a not in taken]
    twice = _bullets_twice(view)
    banned: dict[int, set[int]] = {}
    for i in unknown:
        p = players[i]
        ban = set()
        if not p["alive"] or p["wounds"] >= 3:
            ban.add(INVINCIBLE)
        if p["seat"] in twice:
            ban.add(DRAGON_SKIN)
        if view["over"]:
            ban |= {SIX_FEET_UNDER, COWARD}
        banned[i] = ban

    def fits(cards: Sequence[int]) -> bool:
        return all(c not in banned[i] for i, c in zip(unknown, cards, strict=True))

    for _ in range(_TRIES):
        cards = rng.sample(left, len(unknown))
        if fits(cards):
            break
    else:
        every = [c for c in permutations(left, len(unknown)) if fits(c)]
        if not every:
            raise ValueError("the view is inconsistent: no deal of abilities fits it")
        cards = list(rng.choice(every))
    for i, c in zip(unknown, cards, strict=True):
        result[i] = ABILITY_NAMES[c]
    return result


def _cop(view: Mapping[str, Any], seats: Sequence[str], mine: Mapping[int, Any], rng: Rng) -> int:
    if not view["options"]["undercover_cop"]:
        return -1
    for i, p in enumerate(view["players"]):
        if p["role"] == "cop" or (i in mine and mine[i]["role"] == "cop"):
            return i
    candidates = [i for i in range(len(seats)) if i not in mine]
    for e in view["log"]:
        if e["type"] == "phone" and e["used"]:
            candidates = [i for i in candidates if seats[i] in e["order"]]
    if not candidates:
        raise ValueError("the view is inconsistent: nobody can be the cop")
    return candidates[rng.below(len(candidates))]


def _commits(
    view: Mapping[str, Any],
    rows: list[JSONDict],
    seats: Sequence[str],
    mine: Mapping[int, Any],
    cop: int,
    rng: Rng,
) -> dict[str, str]:
    """The secret answers already given in the current step."""
    step = view["step"]
    alive = [s for s, p in zip(seats, view["players"], strict=True) if p["alive"]]
    commits = {}
    for seat, done in view["committed"].items():
        i = seats.index(seat)
        # In the blind phone step a seat sees no one as answered, itself included; its own
        # answer is in its ``my_choice``.
        if not done and not (i in mine and mine[i].get("my_choice") is not None):
            continue
        if i in mine:
            commits[seat] = mine[i]["my_choice"]
        elif step in ("load", "sly-load"):
            commits[seat] = "load:" + "/".join(
                str(c) for c in rows[i]["cards"][: len(rows[i]["hands"])]
            )
        elif step == "aim":
            options = [s for s in alive if s != seat] + ["none"]
            commits[seat] = "aim:" + "/".join(
                rng.choice(options) for _ in range(len(rows[i]["hands"]))
            )
        elif step == "courage":
            commits[seat] = rng.choice(("hide", "stay"))
        else:
            commits[seat] = rng.choice(("pass", "flip")) if i == cop else "pass"
    return commits
