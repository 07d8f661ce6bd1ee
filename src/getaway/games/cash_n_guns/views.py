"""Per-seat views: the one place where secrets are stripped (spec 10.3).

Every seat sees the public table: the pot, the deck's size and make-up (every note drawn was
shown face up), money, wounds, shame (and its side), who is alive, who is standing, hidden or
wounded, how many cards each hand holds, which cards were revealed by firing, revealed
abilities, the aims once shown, who has answered in the current step, the phone's uses, and
the public event log. A seat's own secrets (its hands, its loaded cards, its commit in the
current step, its ability card, its role, its face-down discards) are added under ``me`` in
its own view only, alive or dead. Nobody else ever sees them: not the cards discarded face
down, not another seat's commit, not an unrevealed ability, and roles only once the game is
over. A dead seat sees the public table plus its own past secrets, nothing more.

``spectator`` gets the public view; ``all`` adds every secret under ``secrets`` (replays and
debugging only).
"""

from __future__ import annotations

from bisect import bisect_left
from typing import TYPE_CHECKING, Any

from getaway.core import ALL, SPECTATOR, JSONDict
from getaway.games.cash_n_guns.cards import (
    ABILITY_NAMES,
    CARD_NAMES,
    GRENADE_NAMES,
    GUN_EMPTY,
    GUN_FIRED,
    GUN_STATE_NAMES,
    NOTE_VALUES,
    ROLE_NAMES,
    ROUNDS,
    SPENT_FACE_DOWN,
    SPENT_FIRED,
    SPENT_MODE_NAMES,
    SPENT_TAKEN_BACK_FIRED,
    STATUS_NAMES,
    SWITCHBOARD,
)
from getaway.games.cash_n_guns.events import event_to_json

if TYPE_CHECKING:
    from getaway.games.cash_n_guns.state import CashNGunsState


def _counts(hand: list[int], base: int) -> dict[str, int]:
    return {name: hand[base + kind] for kind, name in enumerate(CARD_NAMES)}


def _target(s: CashNGunsState, k: int) -> str | None:
    t = s.target[k]
    if t == -2:
        return None
    return "none" if t < 0 else s.rules.seats[t]


def spent_public(s: CashNGunsState, i: int) -> tuple[list[JSONDict], list[JSONDict]]:
    """Player ``i``'s spent cards as everybody sees them: those shown (fired, or a BBB the
    Specialist showed when he took it back) and those discarded face down.

    They pile up over the game, so the state keeps them with the ``spent`` tuple they come
    from and derives them again only when that tuple is replaced (it is immutable: the same
    tuple means the same cards). Shared by views, so read-only, like the event log."""
    spent = s.spent[i]
    kept = s.spent_json[i]
    if kept is not None and kept[0] is spent:
        return kept[1], kept[2]
    revealed, face_down = full_spent_public(s, i)
    s.spent_json[i] = (spent, revealed, face_down)
    return revealed, face_down


def full_spent_public(s: CashNGunsState, i: int) -> tuple[list[JSONDict], list[JSONDict]]:
    """:func:`spent_public` derived from scratch (also the tests' oracle)."""
    revealed = []
    face_down = []
    for rnd, gun, kind, mode in s.spent[i]:
        if mode == SPENT_FACE_DOWN:
            face_down.append({"round": rnd, "gun": gun + 1})
        else:
            revealed.append(
                {
                    "round": rnd,
                    "gun": gun + 1,
                    "card": CARD_NAMES[kind],
                    "fired": mode in (SPENT_FIRED, SPENT_TAKEN_BACK_FIRED),
                    "taken_back": mode not in (SPENT_FIRED, SPENT_FACE_DOWN),
                }
            )
    return revealed, face_down


def _public_player(s: CashNGunsState, i: int, over: bool) -> JSONDict:
    seat = s.rules.seats[i]
    guns = []
    hand_size = []
    for g in range(s.guns[i]):
        k = 2 * i + g
        state = s.gstate[k]
        guns.append(
            {
                "gun": g + 1,
                # Others see that a card lies face down, never which one (10.3).
                "placed": state != GUN_EMPTY,
                "state": GUN_STATE_NAMES[state],
                "card": CARD_NAMES[s.card[k]] if state == GUN_FIRED else None,
                "target": _target(s, k),
            }
        )
        hand_size.append(sum(s.hand[3 * k : 3 * k + 3]))
    revealed, face_down = spent_public(s, i)
    return {
        "seat": seat,
        "money": s.money[i],
        "wounds": s.wounds[i],
        "shame": s.shame[i],
        "shame_beacon": s.beacon[i],
        "alive": bool(s.alive >> i & 1),
        # standing / hidden / wounded this round; null for the dead.
        "status": STATUS_NAMES[s.status[i]] if s.alive >> i & 1 else None,
        "hits_this_round": s.hits_round[i],
        "wounds_this_round": s.wounds_round[i],
        "godfather": i == s.godfather,
        "guns": guns,
        "hand_size": hand_size,
        "spent_revealed": revealed,
        "spent_face_down": face_down,
        "ability": ABILITY_NAMES[s.ability[i]] if s.is_revealed(i) else None,
        "role": ROLE_NAMES[i == s.cop] if over and s.cop >= 0 else None,
    }


def secrets_of(s: CashNGunsState, i: int) -> JSONDict:
    """Everything player ``i`` knows that others do not (shown under ``me``)."""
    seat = s.rules.seats[i]
    hands = [_counts(s.hand, 6 * i + 3 * g) for g in range(s.guns[i])]
    loaded = [
        CARD_NAMES[s.card[2 * i + g]] if s.card[2 * i + g] >= 0 else None for g in range(s.guns[i])
    ]
    choice = s.box.choice_of(seat) if s.box is not None else None
    return {
        "seat": seat,
        "hand": hands,
        "loaded": loaded,
        "my_choice": choice,
        "ability": ABILITY_NAMES[s.ability[i]] or None,
        "role": ROLE_NAMES[i == s.cop] if s.cop >= 0 else None,
        "spent": [
            {"round": rnd, "gun": gun + 1, "card": CARD_NAMES[kind], "mode": SPENT_MODE_NAMES[mode]}
            for rnd, gun, kind, mode in s.spent[i]
        ],
        "claimed_cards": (
            _counts(list(s.claim[3]), 0) if s.claim is not None and s.claim[0] == i else None
        ),
    }


def _aims(s: CashNGunsState) -> dict[str, list[str | None]]:
    """Every aim shown this round: seat -> a target per gun (``"none"`` for no target). Empty
    until the aims are revealed; the Kid's appears once he has aimed."""
    if not s.aims_revealed:
        return {}
    return {
        seat: [_target(s, 2 * i + g) for g in range(s.guns[i])]
        for i, seat in enumerate(s.rules.seats)
        if s.target[2 * i] != -2
    }


def _committed(s: CashNGunsState, seat: str) -> dict[str, bool]:
    if s.box is not None:
        committed = s.box.public_view()
        if s.step_name() == "phone" and seat != ALL:
            # A blind step: who has already passed the phone on is nobody else's business
            # (a seat knows its own answer from ``my_choice``).
            return dict.fromkeys(committed, False)
        return committed
    seats = s.rules.seats
    return {
        seats[i]: not s.waiting >> i & 1 for i in range(s.rules.players) if s.step_seats >> i & 1
    }


def log_json(s: CashNGunsState) -> tuple[JSONDict, ...]:
    """The public event log as JSON objects, converting only the events added since the
    state last converted it (the log only grows): a view late in a game then costs about
    what it costs early, where converting the whole log made it grow with the game.

    The objects are shared by every view of this state and its clones, so views are
    read-only (as their consumers treat them; ``events`` and ``log`` already shared them).
    """
    done = s.log_json
    if len(done) < len(s.log):
        seats = s.rules.seats
        done += tuple(event_to_json(e, seats) for e in s.log[len(done) :])
        s.log_json = done
    return done


def full_log_json(s: CashNGunsState) -> list[JSONDict]:
    """The whole log converted from scratch: the oracle the incremental one is tested on."""
    return [event_to_json(e, s.rules.seats) for e in s.log]


def build_view(s: CashNGunsState, seat: str) -> JSONDict:
    rules = s.rules
    seats = rules.seats
    over = s.is_over()
    outcome = s.outcome()
    converted = log_json(s)
    log = list(converted)
    # The narration: the events of the previous round and of this one (the log's rounds
    # never decrease, so a binary search finds where they start).
    first = bisect_left(converted, s.round - 1, key=lambda e: e["round"])
    deck_counts = {str(v): s.deck.count(v) for v in NOTE_VALUES}
    claim: JSONDict | None = None
    if s.claim is not None:
        holder, dead, rnd, cards = s.claim
        claim = {"seat": seats[holder], "from": seats[dead], "round": rnd, "cards": sum(cards)}
    view: JSONDict = {
        "game": "cash-n-guns",
        "seat": seat,
        "options": dict(rules.options),
        "round": s.round,
        "rounds": ROUNDS,
        "step": s.step_name(),
        "to_act": list(s.to_act() if seat == ALL else s.public_to_act()),
        "committed": _committed(s, seat),
        "over": over,
        "winners": list(s.winner_seats()),
        "end_reason": s.end_reason,
        "scores": {seats[i]: v for i, v in s.scores.items()} if over else None,
        # Everything public once the game is over (the roles included).
        "outcome": outcome.to_json() if outcome is not None else None,
        "pot": list(s.pot),
        "deck_left": len(s.deck),
        "deck_counts": deck_counts,
        "removed": s.removed,
        "godfather": seats[s.godfather],
        "aims_revealed": s.aims_revealed,
        "ability_pool": [ABILITY_NAMES[a] for a in rules.pool],
        "grenade": GRENADE_NAMES[s.grenade],
        "grenade_exploded": s.grenade_now,
        "first_death_done": s.first_death_done,
        "claimable": [seats[i] for i in sorted(s.claimable)],
        "claim": claim,
        "participants": [seats[i] for i in range(rules.players) if s.participants >> i & 1],
        # The phone (Undercover Cop game; 0 / false / null / [] otherwise).
        "phone_uses": s.phone_uses,
        "backup_called": bool(s.backup_round),
        "backup_round": s.backup_round or None,
        "switchboard": list(SWITCHBOARD[: s.phone_uses]),
        # The same as one object, null outside the Undercover Cop game.
        "phone": (
            {
                "uses": s.phone_uses,
                "backup_called": bool(s.backup_round),
                "backup_round": s.backup_round or None,
                "switchboard": list(SWITCHBOARD[: s.phone_uses]),
            }
            if rules.cop_game
            else None
        ),
        "aims": _aims(s),
        "players": [_public_player(s, i, over) for i in range(rules.players)],
        "events": log[first:],
        "log": log,
    }
    index = rules.index.get(seat)
    if index is not None:
        view["me"] = secrets_of(s, index)
    elif seat == ALL:
        view["secrets"] = _all_secrets(s)
    else:
        assert seat == SPECTATOR
    return view


def _all_secrets(s: CashNGunsState) -> dict[str, Any]:
    return {
        "deck": list(s.deck),
        "commits": s.box.to_json()["choices"] if s.box is not None else {},
        "players": {seat: secrets_of(s, i) for i, seat in enumerate(s.rules.seats)},
        "seed": s.seed,
    }


#: ``GRENADE_NAMES`` stays importable from here (the web client's tests name the words).
__all__ = [
    "GRENADE_NAMES",
    "build_view",
    "full_log_json",
    "full_spent_public",
    "log_json",
    "secrets_of",
    "spent_public",
]
