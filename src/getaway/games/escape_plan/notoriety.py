"""Notoriety: the cubes a turn moves (spec §7.2, §21.4), the track update of each part's
Notoriety half (§10.1) and what crossing a threshold line upward sets off (§10.2).

Everything here is a pure function of small values, so the game state can hold them as it
likes. The police half of a threshold (which officer goes where) is in ``police.py``;
the turn order (§6.4) belongs to the phases, not here.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass

from getaway.core.errors import GetawayError
from getaway.games.escape_plan.schema import NotorietyTrack, Threshold


class NotorietyError(GetawayError, ValueError):
    """A level or cube count the track or the board does not have."""


@dataclass(frozen=True, slots=True)
class NotorietyCubes:
    """A player's (or Costa's, §16.2) 4 notoriety cubes during a part of the day: in the
    red box (gains), the blue box (losses) or the neutral area (§4, §7.2)."""

    red: int = 0
    blue: int = 0
    neutral: int = 4

    @classmethod
    def fresh(cls, cubes: int = 4) -> NotorietyCubes:
        """All ``cubes`` in the neutral area: setup, and after every Notoriety half."""
        if cubes < 1:
            raise NotorietyError(f"a player has 1 or more notoriety cubes, not {cubes}")
        return cls(0, 0, cubes)

    def gain(self) -> NotorietyCubes:
        """Gain 1: neutral to red; with no neutral cube, blue back to neutral; with all
        cubes red the gain is lost (§7.2, §21.4 gainNoto)."""
        if self.neutral:
            return NotorietyCubes(self.red + 1, self.blue, self.neutral - 1)
        if self.blue:
            return NotorietyCubes(self.red, self.blue - 1, self.neutral + 1)
        return self

    def lose(self) -> NotorietyCubes:
        """Lose 1: neutral to blue; with no neutral cube, red back to neutral; with all
        cubes blue the loss is lost (§7.2, §21.4 loseNoto)."""
        if self.neutral:
            return NotorietyCubes(self.red, self.blue + 1, self.neutral - 1)
        if self.red:
            return NotorietyCubes(self.red - 1, self.blue, self.neutral + 1)
        return self

    def changed(self, steps: Sequence[int]) -> NotorietyCubes:
        """The cubes after each of ``steps`` (+1 a gain, -1 a loss), in order: saturation
        makes the order matter (+5 then -1 is +3, §7.2)."""
        cubes = self
        for step in steps:
            if step not in (1, -1):
                raise NotorietyError(f"a notoriety step is +1 or -1, not {step}")
            cubes = cubes.gain() if step == 1 else cubes.lose()
        return cubes

    @property
    def delta(self) -> int:
        """How far the marker moves in the Notoriety half: red - blue (§10.1 step 1)."""
        return self.red - self.blue

    def reset(self) -> NotorietyCubes:
        """Every cube back to neutral (§10.1 step 4)."""
        return NotorietyCubes.fresh(self.red + self.blue + self.neutral)


@dataclass(frozen=True, slots=True)
class InspectorCubes:
    """Sandra's cubes (§15.3): a gain puts one of her cubes above her marker, a loss one
    below; the two do not cancel until the Notoriety half. She has 4 cubes (§5.6 e), so
    with none left beside the board a change is lost, as a player's is when saturated."""

    above: int = 0
    below: int = 0
    spare: int = 4

    def gain(self) -> InspectorCubes:
        if not self.spare:
            return self
        return InspectorCubes(self.above + 1, self.below, self.spare - 1)

    def lose(self) -> InspectorCubes:
        if not self.spare:
            return self
        return InspectorCubes(self.above, self.below + 1, self.spare - 1)

    @property
    def delta(self) -> int:
        """Cubes above minus cubes below (§15.4)."""
        return self.above - self.below

    def reset(self) -> InspectorCubes:
        """Her cubes go back beside the board (§15.4)."""
        return InspectorCubes(0, 0, self.above + self.below + self.spare)


# --- the track (§10.1) -------------------------------------------------------------------------


def bottom(track: NotorietyTrack) -> int:
    return track.levels[0].level


def top(track: NotorietyTrack) -> int:
    return track.levels[-1].level


def check_level(track: NotorietyTrack, level: int) -> None:
    if not bottom(track) <= level <= top(track):
        raise NotorietyError(
            f"notoriety level {level} is not on the track; levels run {bottom(track)} to "
            f"{top(track)}"
        )


def penalty(track: NotorietyTrack, level: int) -> int:
    """The end-game penalty ($k, 0 or negative) printed beside ``level`` (§14)."""
    check_level(track, level)
    return track.levels[level - bottom(track)].penalty


def below_first_threshold(track: NotorietyTrack, level: int) -> bool:
    """Whether ``level`` is under the first line: such a player may pay $3k to unlock an
    Asset in the Income phase (§6.1 R-INC-2, §19 #36)."""
    check_level(track, level)
    return level <= track.thresholds[0].below


def crosses(threshold: Threshold, old: int, new: int) -> bool:
    """Crossing a line upward: from its level or lower to the level above it or higher
    (§18.1). Moving down over it does nothing, and the next climb crosses it again."""
    return old <= threshold.below < new


@dataclass(frozen=True, slots=True)
class MarkerMove:
    """One participant's marker in a Notoriety half (§10.1)."""

    old: int
    new: int
    #: The lines crossed upward, lowest first: resolve §10.2 for each, in this order.
    crossed: tuple[Threshold, ...]
    #: Wounds for the steps the cubes asked beyond the top (players only, §10.1 step 2).
    wounds: int


def move_marker(track: NotorietyTrack, level: int, delta: int, *, wounded: bool) -> MarkerMove:
    """Move a marker at ``level`` by ``delta``, the whole movement worked out before it
    moves (§10.1): it stops at the bottom or the top, and each step past the top is a
    Wound when ``wounded`` (a player; Sandra and Costa take none, [INF] §10.1)."""
    check_level(track, level)
    target = level + delta
    new = min(max(target, bottom(track)), top(track))
    crossed = tuple(line for line in track.thresholds if crosses(line, level, new))
    wounds = max(0, target - top(track)) if wounded else 0
    return MarkerMove(level, new, crossed, wounds)


# --- crossing a threshold (§10.2) --------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Reward:
    """What the crossing participant gets for one line (§10.2 step 2)."""

    unlocks: int
    discs: int


def reward(threshold: Threshold, *, player: bool, disc_supply: int) -> Reward:
    """The unlocks and Extra Action discs for crossing ``threshold``: none for Sandra and
    Costa ([CHOICE] §19 #30), and no more discs than the supply holds (§2.3)."""
    if not player:
        return Reward(0, 0)
    return Reward(threshold.unlocks, min(threshold.discs, max(disc_supply, 0)))


@dataclass(frozen=True, slots=True)
class ConvergeDuty:
    """One officer that must move toward the crossing participant: ``owed_by`` is the
    participant with lower notoriety, ``mover`` the player who chooses the move (the same
    player, or a player acting on a bot's behalf)."""

    owed_by: str
    mover: str


def converge_duties(
    crosser: str,
    order: Sequence[str],
    levels: Mapping[str, int],
    players: Collection[str],
) -> tuple[ConvergeDuty, ...]:
    """Who must move one officer toward ``crosser`` after it crossed a line (§10.2 step 1):
    in turn order ``order``, everyone whose marker is strictly lower than the crosser's new
    level, as the markers stand now ([CHOICE] §19 #24). Equal notoriety moves nothing.

    ``players`` are the human seats; the others are Sandra and Costa, who never choose: a
    player other than the crosser moves for them, and in solo, where the crosser is the only
    player, the crosser does ([CHOICE] §16.5, §19 #32). Pass in ``order`` only the
    participants still in the city (see docs: who has escaped or been arrested moves none).
    """
    if crosser not in levels:
        raise NotorietyError(f"no notoriety level for {crosser!r}; known: {sorted(levels)}")
    stand_ins = [seat for seat in order if seat in players and seat != crosser]
    stand_in = stand_ins[0] if stand_ins else crosser
    duties: list[ConvergeDuty] = []
    for seat in order:
        if seat == crosser or levels[seat] >= levels[crosser]:
            continue
        duties.append(ConvergeDuty(seat, seat if seat in players else stand_in))
    return tuple(duties)


@dataclass(frozen=True, slots=True)
class Crossing:
    """Everything one line crossed upward sets off, in the order it resolves (§10.2):
    first the converging officers, then the crosser's reward."""

    threshold: Threshold
    duties: tuple[ConvergeDuty, ...]
    reward: Reward


def crossings(
    move: MarkerMove,
    crosser: str,
    order: Sequence[str],
    levels: Mapping[str, int],
    players: Collection[str],
    disc_supply: int,
) -> tuple[Crossing, ...]:
    """The lines ``move`` crossed, lowest first, each with its duties and reward (§10.1
    step 3, §10.2; PT: "if you cross more than one line at once, resolve each one
    separately"). ``levels`` are the markers before this move; the crosser's is taken from
    ``move``. Discs given for one line leave the supply for the next."""
    after = {**levels, crosser: move.new}
    duties = converge_duties(crosser, order, after, players)
    found: list[Crossing] = []
    for line in move.crossed:
        given = reward(line, player=crosser in players, disc_supply=disc_supply)
        disc_supply -= given.discs
        found.append(Crossing(line, duties, given))
    return tuple(found)
