"""The Notoriety half of each part of the day (spec §6.5 step 2, §10) on the table, with the
rules of ``notoriety.py`` and ``police.py``: in turn order each participant's marker moves by
its cubes (wounds past the top), the cubes reset, and each line crossed upward sends police
toward the crosser and rewards a player (§10.2), one line at a time, lowest first.

Two things in it are decisions of a seat: moving an officer toward the crosser (stage
``converge``, asked of whoever owes it, or of the player acting for Sandra or Costa) and
choosing the Asset to unlock (stage ``threshold_unlock``). The half is resumable: what is
left of it is kept in ``Table.noto_left`` and ``Table.noto_tasks``.
"""

from __future__ import annotations

from getaway.games.escape_plan.boards import wound
from getaway.games.escape_plan.notoriety import crossings, move_marker
from getaway.games.escape_plan.options import Rules
from getaway.games.escape_plan.police import (
    OfficerMove,
    converge,
    converge_move_texts,
    converge_problem,
)
from getaway.games.escape_plan.schema import OFFICERS
from getaway.games.escape_plan.state import Table
from getaway.games.escape_plan.table_police import city_police, escape_exit, store_police

CONVERGE = "converge"
UNLOCK = "unlock"


def begin_half(table: Table) -> None:
    """Every participant still scored updates (§10.1), in turn order. A player who escaped
    this part still updates (§13.2 step 5); one who escaped earlier has neutral cubes."""
    table.noto_left = [p for p in table.turn_order if table.status(p) != "arrested"]
    table.noto_tasks = []


def run_half(rules: Rules, table: Table) -> bool:
    """Go on with the half until a seat must decide (``True``: the queue and stage say who
    and what) or the half is over (``False``)."""
    while table.noto_tasks or table.noto_left:
        if table.cuffs_due:
            return True  # a Handcuffs card from the wounds past the top is asked first
        if table.noto_tasks:
            if _ask_task(rules, table, table.noto_tasks[0]):
                return True
            table.noto_tasks.pop(0)
            continue
        _update(rules, table, table.noto_left.pop(0))
    return bool(table.cuffs_due)


def task_done(table: Table) -> None:
    """The task the head of the queue was asked about is done."""
    table.noto_tasks.pop(0)


# --- one participant's marker (§10.1) ---------------------------------------------------------


def _update(rules: Rules, table: Table, participant: str) -> None:
    track = rules.content.notoriety_track
    player = table.players.get(participant)
    if player is not None:
        delta = player.noto_red - player.noto_blue
        player.noto_red = player.noto_blue = 0
    else:
        automaton = table.automata[participant]
        delta = automaton.noto_up - automaton.noto_down
        automaton.noto_up = automaton.noto_down = 0
    if delta == 0:
        return  # the marker stays where it is: no line crossed, no Wound (``move_marker``)
    levels = {p: table.notoriety(p) for p in table.turn_order}
    move = move_marker(track, levels[participant], delta, wounded=player is not None)
    if player is not None:
        player.notoriety = move.new
        wound(table, player, move.wounds)
    else:
        table.automata[participant].notoriety = move.new
    if not move.crossed:
        return
    in_city = [p for p in table.turn_order if table.in_city(p)]
    found = crossings(move, participant, in_city, levels, rules.seats, table.discs)
    target = _target_tile(rules, table, participant)
    for crossing in found:
        for duty in crossing.duties:
            # Who has left the city takes no more actions (§13.2 step 5): a duty falling to
            # such a player is not done; nor is one with no player left to choose for
            # Sandra or Costa (solo, the player out: notoriety.converge_duties falls back
            # on the crosser, a bot, who never chooses).
            if target is not None and duty.mover in rules.seats and table.in_city(duty.mover):
                table.noto_tasks.append([CONVERGE, duty.mover, duty.owed_by, target])
        if not table.in_city(participant):
            # An escapee takes no reward: choosing an unlock is an action he no longer
            # takes (§13.2 step 5), and neither an Asset nor a disc could be used again.
            continue
        table.noto_tasks.extend([UNLOCK, participant] for _ in range(crossing.reward.unlocks))
        if crossing.reward.discs:
            player_discs = table.players[participant]
            player_discs.discs += crossing.reward.discs
            table.discs -= crossing.reward.discs


def _target_tile(rules: Rules, table: Table, participant: str) -> str | None:
    """Where converging officers go (§10.2): the crosser's tile, or after an escape the tile
    of the Exit escaped through (the single open one, §13.1)."""
    location = table.location(participant)
    if location is None and table.status(participant) == "escaped":
        location = escape_exit(rules, table)
    return None if location is None else table.city.tile_of(location)


# --- the decisions ----------------------------------------------------------------------------


def _ask_task(rules: Rules, table: Table, task: list[str]) -> bool:
    """Ask the task's seat if it has a choice; ``False`` if it has none (no legal converging
    move, no locked Asset left), and the task is then simply over."""
    if not task_actions(rules, table, task):
        return False
    table.queue = [task[1]]
    table.stage = "converge" if task[0] == CONVERGE else "threshold_unlock"
    return True


def task_actions(rules: Rules, table: Table, task: list[str]) -> list[str]:
    """The legal actions of a task: ``converge:<OFFICER>:<from>><to>`` or ``unlock:<asset>``."""
    if task[0] == CONVERGE:
        moves = converge_move_texts(table.police, table.city, task[3])
        return [f"{CONVERGE}:{move}" for move in moves]
    return [f"{UNLOCK}:{asset}" for asset in table.players[task[1]].locked_assets()]


def converge_allowed(rules: Rules, table: Table, action: str) -> bool:
    """Whether ``action`` is among the head task's :func:`task_actions` (a converge task),
    asked of that one move (``police.converge_problem``, the oracle of ``converge_moves``)
    instead of listing them all."""
    task = table.noto_tasks[0]
    placed = {entry.tile.id for entry in table.city.placed}
    head, _, rest = action.partition(":")
    officer, _, route = rest.partition(":")
    source, _, target = route.partition(">")
    if task[3] not in placed:
        return action in task_actions(rules, table, task)  # the list refuses it in words
    move = OfficerMove(officer, source, target)  # type: ignore[arg-type]
    return (
        head == CONVERGE
        and officer in OFFICERS
        and source in placed
        and target in placed
        and f"{CONVERGE}:{move}" == action
        and converge_problem(city_police(table), table.city, task[3], move) is None
    )


def converge_officer(table: Table, action: str) -> None:
    """Make the converging move ``converge:<OFFICER>:<from>><to>`` (checked by police.py)."""
    _, officer_name, route = action.split(":", 2)
    source, target = route.split(">", 1)
    officer = next(o for o in OFFICERS if o == officer_name)
    move = OfficerMove(officer, source, target)
    store_police(table, converge(city_police(table), table.city, table.noto_tasks[0][3], move))
