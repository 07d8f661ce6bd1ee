"""The turn's scratch (spec §6): where in the turn the game stands and what the step under
way has done so far. It lives beside the :class:`~.state.Table` in the protocol's state,
is saved with it and is public (everything in it lies open on the table), except which of
the two chosen cards the personal ability hid: ``views.py``-style, :func:`public_json`
leaves that out.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from getaway.core.errors import SaveFileError
from getaway.core.game import JSONDict
from getaway.games.escape_from_new_york.enemy_moves import EnemyMoves
from getaway.games.escape_from_new_york.movement import MoveInProgress
from getaway.games.escape_from_new_york.options import Rules
from getaway.games.escape_from_new_york.schema import Move
from getaway.games.escape_from_new_york.state import ENEMY_KINDS, Enemy

#: A piece of New York's work waiting its turn: ``["timer"]`` (reveal a timer card),
#: ``["event"]`` (reveal one event card), ``["fx", source, card, index]`` (apply effect
#: ``index`` of a New York, timer or event card).
Agenda = list[list[Any]]


@dataclass(slots=True)
class Turn:
    """The current turn. ``stage`` names the step under way (see ``turns.py``)."""

    stage: str = "recover"
    #: The chosen cards done with (revealed, cancelled or hidden by the ability).
    resolved: list[str] = field(default_factory=list)
    #: The chosen cards revealed: their noise counts at step 6.
    revealed: list[str] = field(default_factory=list)
    #: The card the personal ability hid this turn (its id is the owner's secret).
    hidden: str | None = None
    #: What is being resolved: ``["card", id]``, ``["ability", option]`` or ``["car", id]``.
    source: list[Any] | None = None
    effect: int = 0
    move: MoveInProgress | None = None
    #: Spaces still to explore, damage assigned per figure in range, enemies deceived,
    #: cards returned: the effect under way.
    count: int = 0
    split: list[int] = field(default_factory=list)
    #: Timer and event reveals the card under way has queued (resolved after it, §7.20),
    #: and the trap tiles it moved onto, ``[col, row]`` each (a trap card drawn after it).
    timers_owed: int = 0
    events_owed: int = 0
    traps_owed: list[list[int]] = field(default_factory=list)
    agenda: Agenda = field(default_factory=list)
    enemies: EnemyMoves | None = None
    chosen_enemy: Enemy | None = None
    #: The stage an item's use returns to, while its effects resolve.
    resume: str | None = None
    #: Damage still to be prevented this turn by items used (§7.11, reading chosen).
    shield: int = 0
    #: The seat asked to ride along as a passenger (§7.2), or to reveal cards for the team's
    #: escape (§9.1), while it decides.
    asked: str | None = None
    #: The team's escape attempt this turn (§9.1): the bridge called (once a turn), the
    #: seats still to be asked after ``asked``, and the cards turned face up for it
    #: (``[seat, card]``), turned down again if it fails or at the end of the turn.
    attempt: int | None = None
    asking: list[str] = field(default_factory=list)
    shown: list[list[str]] = field(default_factory=list)
    #: Why the game ended, if it has: ``"timer"`` (the fatal red card, §7.21).
    ended: str | None = None

    def clone(self) -> Turn:
        move = self.move
        if move is not None:
            move = MoveInProgress(
                move.seat, move.effect, move.passenger, move.taken, move.ended, move.events
            )
            move.timer_reveals = self.move.timer_reveals if self.move else 0
            move.traps = list(self.move.traps) if self.move else []
        run = self.enemies
        if run is not None:
            run = EnemyMoves(
                run.limit, [list(g) for g in run.groups], Counter(run.unmoved), run.moved
            )
        return Turn(
            self.stage,
            list(self.resolved),
            list(self.revealed),
            self.hidden,
            None if self.source is None else list(self.source),
            self.effect,
            move,
            self.count,
            list(self.split),
            self.timers_owed,
            self.events_owed,
            [list(cell) for cell in self.traps_owed],
            [list(item) for item in self.agenda],
            run,
            self.chosen_enemy,
            self.resume,
            self.shield,
            self.asked,
            self.attempt,
            list(self.asking),
            [list(item) for item in self.shown],
            self.ended,
        )

    def to_json(self) -> JSONDict:
        move = self.move
        run = self.enemies
        return {
            "stage": self.stage,
            "resolved": list(self.resolved),
            "revealed": list(self.revealed),
            "hidden": self.hidden,
            "source": self.source,
            "effect": self.effect,
            "move": None
            if move is None
            else {
                "seat": move.seat,
                "passenger": move.passenger,
                "effect": move.effect.model_dump(),
                "taken": move.taken,
                "ended": move.ended,
                "events": move.events,
                "timer_reveals": move.timer_reveals,
                "traps": [list(cell) for cell in move.traps],
            },
            "count": self.count,
            "split": list(self.split),
            "timers_owed": self.timers_owed,
            "events_owed": self.events_owed,
            "traps_owed": [list(cell) for cell in self.traps_owed],
            "agenda": [list(item) for item in self.agenda],
            "enemies": None
            if run is None
            else {
                "limit": run.limit,
                "groups": [[_enemy_json(e) for e in group] for group in run.groups],
                "unmoved": sorted([_enemy_json(e), n] for e, n in run.unmoved.items()),
                "moved": run.moved,
            },
            "chosen_enemy": None if self.chosen_enemy is None else _enemy_json(self.chosen_enemy),
            "resume": self.resume,
            "shield": self.shield,
            "asked": self.asked,
            "attempt": self.attempt,
            "asking": list(self.asking),
            "shown": [list(item) for item in self.shown],
            "ended": self.ended,
        }

    def public_json(self) -> JSONDict:
        """What everyone may see: all but which card the ability hid."""
        data = self.to_json()
        hidden = data.pop("hidden")
        data["resolved"] = len(self.resolved)
        data["ability_used"] = hidden is not None
        return data

    @classmethod
    def from_json(cls, rules: Rules, data: Any) -> Turn:
        """Read :meth:`to_json` back; the game's ``from_json`` checks the result against the
        table by asking for the legal actions."""
        try:
            move_data = data["move"]
            move = None
            if move_data is not None:
                move = MoveInProgress(
                    move_data["seat"],
                    Move.model_validate(move_data["effect"]),
                    move_data["passenger"],
                    int(move_data["taken"]),
                    bool(move_data["ended"]),
                    int(move_data["events"]),
                )
                move.timer_reveals = int(move_data["timer_reveals"])
                move.traps = [(int(c), int(r)) for c, r in move_data["traps"]]
            run_data = data["enemies"]
            run = None
            if run_data is not None:
                run = EnemyMoves(
                    run_data["limit"],
                    [[_enemy(e) for e in group] for group in run_data["groups"]],
                    Counter({_enemy(e): int(n) for e, n in run_data["unmoved"]}),
                    int(run_data["moved"]),
                )
            chosen = data["chosen_enemy"]
            return cls(
                stage=str(data["stage"]),
                resolved=[str(c) for c in data["resolved"]],
                revealed=[str(c) for c in data["revealed"]],
                hidden=data["hidden"],
                source=data["source"],
                effect=int(data["effect"]),
                move=move,
                count=int(data["count"]),
                split=[int(n) for n in data["split"]],
                timers_owed=int(data["timers_owed"]),
                events_owed=int(data["events_owed"]),
                traps_owed=[[int(c), int(r)] for c, r in data["traps_owed"]],
                agenda=[list(item) for item in data["agenda"]],
                enemies=run,
                chosen_enemy=None if chosen is None else _enemy(chosen),
                resume=data["resume"],
                shield=int(data["shield"]),
                asked=data["asked"],
                attempt=None if data["attempt"] is None else int(data["attempt"]),
                asking=[str(seat) for seat in data["asking"]],
                shown=[[str(seat), str(card)] for seat, card in data["shown"]],
                ended=data["ended"],
            )
        except (KeyError, TypeError, ValueError) as error:
            raise SaveFileError(f"save file: 'turn' is malformed: {error!r}") from None


def _enemy_json(enemy: Enemy) -> list[Any]:
    return [*enemy.cell, enemy.kind, enemy.boss, enemy.wound, enemy.deceived]


def _enemy(value: Any) -> Enemy:
    col, row, kind, boss, wound, deceived = value
    if kind not in ENEMY_KINDS:
        raise ValueError(f"not an enemy kind: {kind!r}")
    return Enemy(kind, (int(col), int(row)), boss, int(wound), bool(deceived))
