"""The canonical JSON form of a full state, and loading it back with validation.

A save holds every secret: the deck order, the hands, the loaded cards, the commits of the
current step, the abilities and the roles. It names everything explicitly (nothing is
re-derived from the seed), so a determinizer can build a full state from a seat's view plus
sampled hidden parts and load it here.

Loading checks shapes and ranges and the rules' invariants: the money adds up to the deck's
$425,000; each living player's cards add up to his bullet set (the hand, the card placed this
round and the spent cards); each hand holds one card per round left; the answers of the
current step fit the step. A corrupt file is refused with a message saying what is wrong.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from getaway.core import JSONDict, Rng, SaveFileError, SaveReader, SecretChoices
from getaway.core.options import whole_number
from getaway.core.saves import reading
from getaway.games.cash_n_guns.actions import AIM_PARSE, FLIP, HIDE, LOAD_PARSE, PASS, STAY
from getaway.games.cash_n_guns.cards import (
    ABILITY_CODES,
    ABILITY_NAMES,
    BULLET_SET,
    CARD_CODES,
    CARD_NAMES,
    COP,
    CRAZY,
    DECK_TOTAL,
    GRENADE_NAMES,
    GRENADE_NONE,
    GRENADE_USED,
    GUN_EMPTY,
    GUN_LOADED,
    GUN_STATE_NAMES,
    NOTE_DECK,
    NOTE_VALUES,
    NOTES_PER_ROUND,
    ROLE_NAMES,
    ROUNDS,
    SPENT_MODE_NAMES,
    STATUS_NAMES,
    WONT_NEED_IT,
)
from getaway.games.cash_n_guns.events import event_from_json, event_to_json
from getaway.games.cash_n_guns.options import GAME_NAME, normalize, rules_for
from getaway.games.cash_n_guns.reachable import check_reachable
from getaway.games.cash_n_guns.scoring import END_REASONS
from getaway.games.cash_n_guns.state import CashNGunsState
from getaway.games.cash_n_guns.steps import (
    SECRET_STEPS,
    STEP_AIM,
    STEP_COURAGE,
    STEP_LOAD,
    STEP_NAMES,
    STEP_OVER,
    STEP_PHONE,
    STEP_SLY,
)

FORMAT = 1


def _target_name(t: int, seats: tuple[str, ...]) -> str | None:
    if t == -2:
        return None
    return "none" if t < 0 else seats[t]


def state_to_json(s: CashNGunsState) -> JSONDict:
    rules = s.rules
    seats = rules.seats
    players = []
    for i, seat in enumerate(seats):
        players.append(
            {
                "seat": seat,
                "alive": bool(s.alive >> i & 1),
                "money": s.money[i],
                "wounds": s.wounds[i],
                "shame": s.shame[i],
                "shame_beacon": s.beacon[i],
                "status": STATUS_NAMES[s.status[i]],
                "hits_round": s.hits_round[i],
                "wounds_round": s.wounds_round[i],
                "hands": [s.hand[6 * i + 3 * g : 6 * i + 3 * g + 3] for g in range(s.guns[i])],
                "cards": [CARD_NAMES[c] if c >= 0 else None for c in s.card[2 * i : 2 * i + 2]],
                "targets": [_target_name(t, seats) for t in s.target[2 * i : 2 * i + 2]],
                "gun_states": [GUN_STATE_NAMES[g] for g in s.gstate[2 * i : 2 * i + 2]],
                "spent": [
                    [rnd, gun, CARD_NAMES[kind], SPENT_MODE_NAMES[mode]]
                    for rnd, gun, kind, mode in s.spent[i]
                ],
                "ability": ABILITY_NAMES[s.ability[i]] or None,
                "role": ROLE_NAMES[i == s.cop] if s.cop >= 0 else None,
            }
        )
    claim = None
    if s.claim is not None:
        holder, dead, rnd, cards = s.claim
        claim = {"seat": seats[holder], "from": seats[dead], "round": rnd, "cards": list(cards)}
    return {
        "game": GAME_NAME,
        "format": FORMAT,
        "options": dict(rules.options),
        "seed": s.seed,
        "rng": s._rng.state,
        "round": s.round,
        "step": STEP_NAMES[s.step],
        "step_seats": list(rules.seats_of_mask[s.step_seats]),
        "waiting": list(rules.seats_of_mask[s.waiting]),
        "commits": _commits(s.box),
        "deck": list(s.deck),
        "pot": list(s.pot),
        "removed": s.removed,
        "godfather": seats[s.godfather],
        "players": players,
        "shown": [ABILITY_NAMES[a] for a in range(1, 11) if s.shown >> a & 1],
        "aims_revealed": s.aims_revealed,
        "grenade": GRENADE_NAMES[s.grenade],
        "grenade_now": s.grenade_now,
        "first_death_done": s.first_death_done,
        "claimable": {seats[i]: list(cards) for i, cards in sorted(s.claimable.items())},
        "claim": claim,
        "participants": list(rules.seats_of_mask[s.participants]),
        "phone_uses": s.phone_uses,
        "backup_round": s.backup_round,
        "log": [event_to_json(e, seats) for e in s.log],
        "winners": [seats[i] for i in s.winners],
        "end_reason": s.end_reason,
        "scores": {seats[i]: v for i, v in sorted(s.scores.items())},
    }


def _commits(box: SecretChoices | None) -> dict[str, str]:
    if box is None:
        return {}
    return {seat: box.choice_of(seat) or "" for seat in box.committed()}


def _seat_mask(r: SaveReader, key: str, seats: tuple[str, ...]) -> int:
    """A list of seats, each once and in seat order, as a bitmask."""
    value = r.get(key)
    if not isinstance(value, list) or any(not isinstance(v, str) or v not in seats for v in value):
        raise r.fail(f"{r.name(key)!r} must be a list of seats among {', '.join(seats)}")
    mask = 0
    for v in value:
        mask |= 1 << seats.index(v)
    if [seats[i] for i in range(len(seats)) if mask >> i & 1] != value:
        raise r.fail(f"{r.name(key)!r} must list each seat once, in seat order")
    return mask


def _notes(r: SaveReader, key: str) -> list[int]:
    value = r.get(key)
    if not isinstance(value, list) or any(
        isinstance(v, bool) or not isinstance(v, int) or v not in NOTE_VALUES for v in value
    ):
        raise r.fail(f"{r.name(key)!r} must be a list of note values ({NOTE_VALUES})")
    return list(value)


def state_from_json(data: Mapping[str, Any]) -> CashNGunsState:
    """A state read back from :func:`state_to_json`; anything malformed, or any state the
    rules cannot reach, raises :class:`~getaway.core.SaveFileError` naming the field."""
    return reading(_load, data)


def _load(r: SaveReader) -> CashNGunsState:
    rules = rules_for(normalize(r.header(GAME_NAME, FORMAT)))
    seats = rules.seats
    n = rules.players
    s = CashNGunsState.__new__(CashNGunsState)
    s.rules = rules
    s.model_cache = None
    s._seed = r.integer("seed", -(2**63), 2**64)
    s._rng = Rng.from_state(r.integer("rng", 0, 2**64 - 1))
    s.round = r.integer("round", 1, ROUNDS)
    s.step = STEP_NAMES.index(r.choice("step", STEP_NAMES))
    s.deck = _notes(r, "deck")
    s.pot = _notes(r, "pot")
    if s.pot != sorted(s.pot, reverse=True):
        raise r.fail("'pot' must list its notes largest first")
    s.removed = r.integer("removed", 0, DECK_TOTAL)
    s.godfather = seats.index(r.choice("godfather", seats))
    _load_players(r, s)
    shown = r.get("shown")
    if not isinstance(shown, list) or any(a not in ABILITY_NAMES[1:] for a in shown):
        raise r.fail("'shown' must list ability names")
    s.shown = 0
    for name in shown:
        code = ABILITY_CODES[name]
        if s.holder[code] < 0:
            raise r.fail(f"ability {name!r} is shown but nobody holds it")
        s.shown |= 1 << code
    s.aims_revealed = r.boolean("aims_revealed")
    s.grenade = GRENADE_NAMES.index(r.choice("grenade", GRENADE_NAMES))
    if (s.grenade != GRENADE_NONE) != bool(s.shown >> CRAZY & 1):
        raise r.fail("the grenade is armed or used exactly when the Crazy has been revealed")
    s.grenade_now = r.boolean("grenade_now")
    if s.grenade_now and s.grenade != GRENADE_USED:
        raise r.fail("a grenade exploded this round but is not used")
    s.first_death_done = r.boolean("first_death_done")
    s.first_death_now = False
    if s.first_death_done != (s.alive != rules.everyone):
        raise r.fail("'first_death_done' must say whether anybody has died")
    claimable = r.get("claimable")
    if not isinstance(claimable, dict):
        raise r.fail("'claimable' must map dead seats to their cards")
    s.claimable = {}
    for seat, cards in sorted(claimable.items(), key=lambda kv: str(kv[0])):
        if seat not in seats or s.alive >> seats.index(seat) & 1:
            raise r.fail("'claimable' may name only dead seats")
        s.claimable[seats.index(seat)] = _cards(cards, f"claimable.{seat}")
    _load_claim(r, s)
    s.participants = _seat_mask(r, "participants", seats)
    s.phone_uses = r.integer("phone_uses", 0, 3)
    s.backup_round = r.integer("backup_round", 0, 6)
    if (s.phone_uses == 3) != bool(s.backup_round) or (s.phone_uses and not rules.cop_game):
        raise r.fail("the phone's uses and the backup round do not fit together")
    log = r.get("log")
    if not isinstance(log, list):
        raise r.fail("'log' must be a list of events")
    s.log = [event_from_json(e, k, seats) for k, e in enumerate(log, start=1)]
    s.log_json = ()  # converted again by the first view (a save's objects are not ours)
    s.spent_json = [None] * n
    winners = _seat_mask(r, "winners", seats)
    s.winners = tuple(i for i in range(n) if winners >> i & 1)
    s.end_reason = r.choice("end_reason", (None, *END_REASONS))
    scores = r.get("scores")
    if not isinstance(scores, dict) or any(k not in seats for k in scores):
        raise r.fail("'scores' must map seats to scores")
    s.scores = {
        seats.index(k): whole_number(v, f"scores.{k}", -(10**7), 10**7)
        for k, v in sorted(scores.items(), key=lambda kv: seats.index(kv[0]))
    }
    _check_money(r, s)
    _load_step(r, s)
    check_reachable(r, s)
    return s


def _cards(value: Any, key: str) -> tuple[int, ...]:
    if not (isinstance(value, list) and len(value) == 3):
        raise SaveFileError(f"save file: {key!r} must be [bbb, bang, click] counts")
    return tuple(whole_number(v, key, 0, BULLET_SET[kind]) for kind, v in enumerate(value))


def _load_players(r: SaveReader, s: CashNGunsState) -> None:
    rules = s.rules
    seats = rules.seats
    n = rules.players
    rows = r.items("players", lambda row, where: SaveReader(row, f"{where}."))
    if len(rows) != n:
        raise r.fail(f"'players' must hold {n} players, one per seat")
    s.alive = 0
    s.money, s.wounds, s.shame, s.beacon, s.status = [], [], [], [], []
    s.hits_round, s.wounds_round, s.guns = [], [], []
    s.hand = [0] * (6 * n)
    s.card, s.target, s.gstate = [], [], []
    s.spent = []
    s.ability = []
    s.holder = [-1] * 11
    s.cop = -1
    for i, p in enumerate(rows):
        if p.get("seat") != seats[i]:
            raise p.fail(f"{p.name('seat')!r} must be {seats[i]!r} (seats are in table order)")
        if p.boolean("alive"):
            s.alive |= 1 << i
        money = p.integer("money", 0, DECK_TOTAL)
        if money % 5_000:
            raise p.fail(f"{p.name('money')!r} must be a multiple of $5,000")
        s.money.append(money)
        s.wounds.append(p.integer("wounds", 0, 12))
        s.shame.append(p.integer("shame", 0, ROUNDS))
        s.beacon.append(p.integer("shame_beacon", 0, s.shame[i]))
        s.status.append(STATUS_NAMES.index(p.choice("status", STATUS_NAMES)))
        s.hits_round.append(p.integer("hits_round", 0, 12))
        s.wounds_round.append(p.integer("wounds_round", 0, s.wounds[i]))
        hands = p.get("hands")
        if not (isinstance(hands, list) and len(hands) in (1, 2)):
            raise p.fail(f"{p.name('hands')!r} must hold one hand per gun (one or two)")
        s.guns.append(len(hands))
        for g, hand in enumerate(hands):
            s.hand[6 * i + 3 * g : 6 * i + 3 * g + 3] = _cards(hand, f"{p.name('hands')}[{g}]")
        for key, names, target in (("cards", CARD_NAMES, False), ("targets", seats, True)):
            values = p.get(key)
            if not (isinstance(values, list) and len(values) == 2):
                raise p.fail(f"{p.name(key)!r} must hold two entries (one per gun slot)")
            for v in values:
                if v is not None and not isinstance(v, str):
                    raise p.fail(f"{p.name(key)!r} must hold names or null, not {v!r}")
                if target:
                    if v is not None and v != "none" and v not in seats:
                        raise p.fail(f"{p.name(key)!r}: a target is a seat, 'none' or null")
                    s.target.append(-2 if v is None else -1 if v == "none" else seats.index(v))
                else:
                    if v is not None and v not in names:
                        raise p.fail(f"{p.name(key)!r}: a card is bbb, bang, click or null")
                    s.card.append(-1 if v is None else CARD_CODES[v])
        states = p.get("gun_states")
        if not (isinstance(states, list) and len(states) == 2) or any(
            v not in GUN_STATE_NAMES for v in states
        ):
            raise p.fail(f"{p.name('gun_states')!r} must hold two of {', '.join(GUN_STATE_NAMES)}")
        s.gstate += [GUN_STATE_NAMES.index(v) for v in states]
        s.spent.append(_spent(p, s.round))
        ability = p.get("ability")
        if rules.pool:
            pool = [ABILITY_NAMES[a] for a in rules.pool]
            if ability not in pool:
                raise p.fail(f"{p.name('ability')!r} must be one of {', '.join(pool)}")
            code = ABILITY_CODES[ability]
            if s.holder[code] >= 0:
                raise p.fail(f"{p.name('ability')!r}: {ability!r} is dealt twice")
            s.holder[code] = i
            s.ability.append(code)
        else:
            if ability is not None:
                raise p.fail(f"{p.name('ability')!r} must be null: the Basic game deals none")
            s.ability.append(0)
        role = p.get("role")
        if rules.cop_game:
            if role not in ROLE_NAMES:
                raise p.fail(f"{p.name('role')!r} must be gangster or cop")
            if ROLE_NAMES.index(role) == COP:
                if s.cop >= 0:
                    raise p.fail(f"{p.name('role')!r}: there is only one cop")
                s.cop = i
        elif role is not None:
            raise p.fail(f"{p.name('role')!r} must be null: only the Cop game deals roles")
    if rules.cop_game and s.cop < 0:
        raise r.fail("the Undercover Cop game needs one cop")


def _spent(p: SaveReader, round_: int) -> tuple[tuple[int, int, int, int], ...]:
    value = p.get("spent")
    if not isinstance(value, list):
        raise p.fail(f"{p.name('spent')!r} must be a list of [round, gun, card, mode]")
    records = []
    for v in value:
        if not (
            isinstance(v, list)
            and len(v) == 4
            and v[2] in CARD_NAMES
            and v[3] in SPENT_MODE_NAMES
            and v[1] in (0, 1)
            and not isinstance(v[1], bool)
        ):
            raise p.fail(f"{p.name('spent')!r}: each card is [round, gun (0 or 1), card, mode]")
        records.append(
            (
                whole_number(v[0], f"{p.name('spent')} round", 1, round_),
                v[1],
                CARD_CODES[v[2]],
                SPENT_MODE_NAMES.index(v[3]),
            )
        )
    return tuple(records)


def _load_claim(r: SaveReader, s: CashNGunsState) -> None:
    seats = s.rules.seats
    claim = r.get("claim")
    if claim is None:
        s.claim = None
        if any(g == 2 for g in s.guns):
            raise r.fail("a player holds two guns but nobody claimed one")
        return
    if not isinstance(claim, dict):
        raise r.fail("'claim' must be null or {seat, from, round, cards}")
    c = r.object("claim")
    holder = seats.index(c.choice("seat", seats))
    dead = seats.index(c.choice("from", seats))
    s.claim = (holder, dead, c.integer("round", 1, s.round), _cards(c.get("cards"), "claim.cards"))
    if s.ability[holder] != WONT_NEED_IT or not s.shown >> WONT_NEED_IT & 1:
        raise r.fail("only a revealed 'you-wont-need-it' holder claims a gun")
    if s.alive >> dead & 1 or holder == dead:
        raise r.fail("a gun is claimed from a dead player")
    if s.guns[holder] != 2 and s.alive >> holder & 1:
        raise r.fail("the claimer holds two guns")
    if any(g == 2 for i, g in enumerate(s.guns) if i != holder):
        raise r.fail("only the claimer holds two guns")


def _check_money(r: SaveReader, s: CashNGunsState) -> None:
    rules = s.rules
    for value, count in NOTE_DECK:
        if s.deck.count(value) + s.pot.count(value) > count:
            raise r.fail(f"more ${value:,} notes in the deck and pot than the game has")
    if s.money_total() != DECK_TOTAL:
        raise r.fail(
            f"money does not add up: held {sum(s.money)} + pot {sum(s.pot)} + deck "
            f"{sum(s.deck)} + removed {s.removed} != {DECK_TOTAL}"
        )
    if len(s.deck) != max(0, (ROUNDS - s.round) * NOTES_PER_ROUND):
        raise r.fail(f"the deck must hold {NOTES_PER_ROUND} notes per round still to play")
    for i in range(rules.players):
        if not s.alive >> i & 1:
            if s.money[i] or any(s.hand[6 * i : 6 * i + 6]):
                raise r.fail(f"dead {rules.seats[i]} still holds money or cards")
            continue
        _check_cards(r, s, i)


def _check_cards(r: SaveReader, s: CashNGunsState, i: int) -> None:
    """A living player's cards add up (hand + card placed + spent = the set), and each hand
    holds one card per round still to play."""
    seat = s.rules.seats[i]
    for g in range(s.guns[i]):
        k = 2 * i + g
        placed = s.gstate[k] != GUN_EMPTY
        if placed != (s.card[k] >= 0):
            raise r.fail(f"{seat}'s gun {g + 1} has a card exactly when it is not empty")
        hand = s.hand[3 * k : 3 * k + 3]
        claim = s.claim
        if g == 0:
            origin: tuple[int, ...] = BULLET_SET
            expected = ROUNDS + 1 - s.round - placed
        else:
            assert claim is not None
            origin = claim[3]
            expected = ROUNDS - s.round if claim[2] == s.round else ROUNDS + 1 - s.round - placed
        if sum(hand) != expected:
            raise r.fail(f"{seat}'s hand {g + 1} must hold {expected} cards in round {s.round}")
        counts = s.spent_counts(i, g)
        if s.gstate[k] == GUN_LOADED:
            counts[s.card[k]] += 1
        total = [hand[kind] + counts[kind] for kind in range(3)]
        if tuple(total) != tuple(origin):
            raise r.fail(
                f"{seat}'s cards of gun {g + 1} do not add up to its set {list(origin)} "
                f"(hand {hand}, spent and loaded {counts})"
            )


def _load_step(r: SaveReader, s: CashNGunsState) -> None:
    rules = s.rules
    seats = rules.seats
    s.step_seats = _seat_mask(r, "step_seats", seats)
    s.waiting = _seat_mask(r, "waiting", seats)
    commits = r.get("commits")
    if not isinstance(commits, dict):
        raise r.fail("'commits' must map seats to their secret answers")
    over = s.step == STEP_OVER
    if over != bool(s.end_reason) or (over and (s.step_seats or s.waiting)):
        raise r.fail("a finished game has an end reason and nobody left to act")
    if not over and (not s.waiting or s.waiting & ~s.step_seats or s.step_seats & ~s.alive):
        raise r.fail("the players to act must be living players of the current step")
    s._to_act = rules.seats_of_mask[s.waiting]
    if s.step not in SECRET_STEPS:
        if commits:
            raise r.fail(f"the {STEP_NAMES[s.step]} step has no secret commits")
        s.box = None
        return
    s.box = SecretChoices(rules.seats_of_mask[s.step_seats])
    done = s.step_seats & ~s.waiting
    if sorted(commits) != sorted(rules.seats_of_mask[done]):
        raise r.fail("'commits' must hold exactly the answers of those who have answered")
    for seat, action in sorted(commits.items()):
        i = seats.index(seat)
        if not _fits(s, i, action):
            raise r.fail(f"{seat}'s answer {action!r} does not fit the {STEP_NAMES[s.step]} step")
        s.box.commit(seat, action)


def _fits(s: CashNGunsState, i: int, action: Any) -> bool:
    """Whether a committed answer could have been played in the current step."""
    if not isinstance(action, str):
        return False
    step = s.step
    if step in (STEP_LOAD, STEP_SLY):
        cards = LOAD_PARSE.get(action)
        return (
            cards is not None
            and len(cards) == s.guns[i]
            and all(
                s.card[2 * i + g] == c and s.gstate[2 * i + g] == GUN_LOADED
                for g, c in enumerate(cards)
            )
        )
    if step == STEP_AIM:
        targets = AIM_PARSE.get(action)
        return (
            targets is not None
            and len(targets) == s.guns[i]
            and all(t == -1 or (t != i and s.alive >> t & 1) for t in targets)
        )
    if step == STEP_COURAGE:
        return action in (HIDE, STAY)
    assert step == STEP_PHONE
    return action == PASS or (action == FLIP and i == s.cop)
