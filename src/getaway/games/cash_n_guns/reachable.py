"""What a loaded state must be for the rules to have reached it: checked after the save has
been read field by field (:mod:`getaway.games.cash_n_guns.saves`), each refusal a
:class:`~getaway.core.SaveFileError` naming the field and saying what the rules allow.

A save that is well-formed but unreachable would let a game go on from a position no table
could have: a living player with three wounds, a hider before the courage step, more shame
than hidings, beacon tokens with no backup call, a step that asks the wrong players. The
engine's own code assumes none of these, so they are refused here, once, at the edge.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from getaway.core import SaveReader
from getaway.games.cash_n_guns.actions import NOT_AIMED
from getaway.games.cash_n_guns.cards import (
    GUN_EMPTY,
    GUN_LOADED,
    KID,
    LAST_PHONE_ROUND,
    ROUNDS,
    SLY,
    STANDING,
    STATUS_NAMES,
    WOUNDED,
)
from getaway.games.cash_n_guns.options import Rules
from getaway.games.cash_n_guns.scoring import END_REVEALS, decide
from getaway.games.cash_n_guns.shots import death_threshold
from getaway.games.cash_n_guns.steps import (
    STEP_AIM,
    STEP_COURAGE,
    STEP_CRAZY,
    STEP_KID,
    STEP_LOAD,
    STEP_NAMES,
    STEP_OVER,
    STEP_PHASE5,
    STEP_PHASE6,
    STEP_PHONE,
    STEP_REVEAL,
    STEP_SLY,
    STEP_SPECIALIST,
    STEP_UNHURT,
)

if TYPE_CHECKING:
    from getaway.games.cash_n_guns.state import CashNGunsState

#: Steps that come before the round's hiding is resolved (Phase 4): everyone stands.
BEFORE_HIDING = frozenset(
    {STEP_LOAD, STEP_REVEAL, STEP_AIM, STEP_KID, STEP_SLY, STEP_CRAZY, STEP_COURAGE}
)

#: Whether a step can run at all under a game's options (docs: "When each step runs").
_STEP_RUNS: dict[int, Callable[[Rules], bool]] = {
    STEP_REVEAL: lambda rules: rules.has_reveal_window,
    STEP_KID: lambda rules: KID in rules.pool,
    STEP_SLY: lambda rules: SLY in rules.pool,
    STEP_CRAZY: lambda rules: rules.has_crazy_window,
    STEP_SPECIALIST: lambda rules: rules.specialist_unfired,
    STEP_PHASE5: lambda rules: rules.has_specialist or rules.has_wont_need_it,
    STEP_PHASE6: lambda rules: rules.has_wont_need_it,
    STEP_UNHURT: lambda rules: rules.has_unhurt,
    STEP_PHONE: lambda rules: rules.cop_game,
}


def hidings_so_far(s: CashNGunsState) -> int:
    """How many Phase-4 resolutions the game has had: one a round, this round's once the
    courage step is over. Nobody can hold more shame tokens than that."""
    return s.round - 1 if s.step in BEFORE_HIDING else s.round


def check_reachable(r: SaveReader, s: CashNGunsState) -> None:
    """Refuse a loaded state that the rules cannot reach (see the module docstring)."""
    _check_players(r, s)
    _check_phone(r, s)
    _check_step(r, s)
    _check_end(r, s)


def _check_players(r: SaveReader, s: CashNGunsState) -> None:
    hidings = hidings_so_far(s)
    before_hiding = s.step in BEFORE_HIDING
    before_shots = before_hiding or s.step == STEP_SPECIALIST
    for i in range(s.rules.players):
        field = f"players[{i}]."
        alive = s.alive >> i & 1
        threshold = death_threshold(s, i)
        if alive and s.wounds[i] >= threshold:
            raise r.fail(
                f"'{field}wounds' is {s.wounds[i]}, but {_dies_at(threshold)}; a living "
                "player has fewer"
            )
        if not alive and s.wounds[i] < threshold:
            raise r.fail(
                f"'{field}wounds' is {s.wounds[i]}, but {_dies_at(threshold)}; a dead player "
                "has at least that many"
            )
        if s.shame[i] > hidings:
            raise r.fail(
                f"'{field}shame' is {s.shame[i]}, more than the {hidings} hiding(s) of the game so "
                "far (one shame token a round at most)"
            )
        _check_beacons(r, s, i, hidings)
        if not alive:
            continue
        if before_hiding and s.status[i] != STANDING:
            raise r.fail(
                f"'{field}status' is {STATUS_NAMES[s.status[i]]!r} in the "
                f"{STEP_NAMES[s.step]} step: everyone stands until the hiding (Phase 4)"
            )
        if before_shots and (s.status[i] == WOUNDED or s.hits_round[i] or s.wounds_round[i]):
            raise r.fail(
                f"'{field}status', 'hits_round' and 'wounds_round' show a wound before "
                f"the shots, in the {STEP_NAMES[s.step]} step"
            )


def _dies_at(threshold: int) -> str:
    if threshold == 3:
        return "a player dies at 3 wounds (a revealed Invincible at 4)"
    return "a revealed Invincible dies at 4 wounds"


def _check_beacons(r: SaveReader, s: CashNGunsState, i: int, hidings: int) -> None:
    """Beacon-side shame tokens exist only in the Cop game, for hidings after the backup
    call (made in Phase 8 of ``backup_round``, so from the next round's hiding on)."""
    beacons = s.beacon[i]
    if not beacons:
        return
    field = f"'players[{i}].shame_beacon'"
    if not s.rules.cop_game:
        raise r.fail(f"{field} is {beacons}: beacon tokens exist only in the Undercover Cop game")
    if not s.backup_round:
        raise r.fail(f"{field} is {beacons}, but the backup has not been called")
    since = max(0, hidings - s.backup_round)
    if beacons > since:
        raise r.fail(
            f"{field} is {beacons}, more than the {since} hiding(s) since the backup call "
            f"in round {s.backup_round}"
        )


def _check_phone(r: SaveReader, s: CashNGunsState) -> None:
    """The phone is used at most once a phone phase (rounds 1-6, once a round is over), and
    the backup call closes the phone phase for good."""
    completed = min(s.round - 1, LAST_PHONE_ROUND)
    if s.phone_uses > completed:
        raise r.fail(
            f"'phone_uses' is {s.phone_uses}, more than the {completed} phone phase(s) before "
            f"round {s.round}"
        )
    if s.backup_round and s.backup_round >= s.round:
        raise r.fail(
            f"'backup_round' is {s.backup_round}: the backup is called in Phase 8, after the "
            f"round; this is round {s.round}"
        )
    if s.step == STEP_PHONE and (s.backup_round or s.round > LAST_PHONE_ROUND):
        raise r.fail("'step' is phone, but the phone rings only in rounds 1-6 before the call")


def _asked(s: CashNGunsState, rules: Rules) -> int:
    """The players the current step asks, by the rules (a bitmask)."""
    step = s.step
    if step == STEP_OVER:
        return 0
    if step == STEP_PHONE:
        return s.participants
    if step in (STEP_LOAD, STEP_SLY):
        sly = _revealed_living(s, SLY)
        return sly if step == STEP_SLY else s.alive & ~sly
    if step in (STEP_AIM, STEP_KID):
        kid = _revealed_living(s, KID)
        return kid if step == STEP_KID else s.alive & ~kid
    return s.alive


def _revealed_living(s: CashNGunsState, ability: int) -> int:
    holder = s.holder[ability]
    if holder >= 0 and s.shown >> ability & 1:
        return s.alive & 1 << holder
    return 0


def _check_step(r: SaveReader, s: CashNGunsState) -> None:
    rules = s.rules
    step = s.step
    runs = _STEP_RUNS.get(step)
    if runs is not None and not runs(rules):
        raise r.fail(f"'step' is {STEP_NAMES[step]!r}, a step these options never run")
    if step != STEP_OVER and s.alive.bit_count() < 2:
        # A round starts only with two players alive, nobody dies before Phase 5, and the
        # windows and the phone after it need two living players (D10).
        raise r.fail(f"'step' is {STEP_NAMES[step]!r} with fewer than two players alive")
    if s.claimable and step not in (STEP_PHASE5, STEP_PHASE6):
        raise r.fail(
            "'claimable' must be empty: a dead player's cards wait for a claim only in the "
            "window after the phase of the first death"
        )
    before_aims = step in (STEP_LOAD, STEP_REVEAL, STEP_AIM)
    if step != STEP_OVER and s.aims_revealed == before_aims:
        raise r.fail(
            f"'aims_revealed' must be {str(not before_aims).lower()} in the "
            f"{STEP_NAMES[step]} step: the aims are shown when the aim step ends"
        )
    if before_aims and any(t != NOT_AIMED for t in s.target):
        raise r.fail("'targets' must all be null until the aims are shown")
    asked = _asked(s, rules)
    if s.step_seats != asked:
        raise r.fail(
            f"'step_seats' must be the players the {STEP_NAMES[step]} step asks: "
            f"{', '.join(rules.seats_of_mask[asked]) or 'nobody'}"
        )
    if step == STEP_LOAD:
        # A gun holds a card this round exactly when its owner has loaded.
        done = s.step_seats & ~s.waiting
        for i in range(rules.players):
            if not s.alive >> i & 1:
                continue
            loaded = bool(done >> i & 1)
            for g in range(s.guns[i]):
                state = s.gstate[2 * i + g]
                if (state == GUN_LOADED) != loaded or (not loaded and state != GUN_EMPTY):
                    raise r.fail(
                        f"'players[{i}].gun_states': gun {g + 1} must be "
                        f"{'loaded' if loaded else 'empty'} in the load step"
                    )


def _check_end(r: SaveReader, s: CashNGunsState) -> None:
    """A game goes on with at least two players alive and until round 8; a finished game's
    winners, end reason and scores are those the rules decide, and #1 and #8 are shown."""
    if s.step != STEP_OVER:
        if s.winners or s.scores:
            raise r.fail("'winners' and 'scores' must be empty while the game goes on")
        return
    if s.alive.bit_count() >= 2 and s.round < ROUNDS:
        raise r.fail(
            f"'step' is over in round {s.round} with {s.alive.bit_count()} players alive: the "
            "game ends after round 8, or when at most one is alive"
        )
    winners, reason, scores = decide(s)
    if (s.winners, s.end_reason, s.scores) != (winners, reason, scores):
        seats = s.rules.seats
        raise r.fail(
            f"'winners', 'end_reason' and 'scores' must be what the rules decide: "
            f"{[seats[i] for i in winners]}, {reason!r}, "
            f"{ {seats[i]: v for i, v in scores.items()} }"
        )
    for ability in END_REVEALS:
        if s.holder[ability] >= 0 and not s.shown >> ability & 1:
            raise r.fail("'shown': Six Feet Under and Coward are shown at the end of the game")
