"""The structure of a Day (spec §6): Income, Patrol, City, Turn Order, Player Actions in five
parts, Day Change, and the end of the game (§6.7).

:func:`settle` runs everything automatic until a seat must decide (the head of
``Table.queue``, asked what ``Table.stage`` says) or the game is over. The decisions
themselves are taken in ``game.py`` (simple ones), ``city_phase.py`` (placing a tile) and
``turns.py`` (a turn); each ends by calling :func:`finish_head`.

Each part is its action half (``ACTIONS``: Sandra and Costa take their turns at their place
in the queue through ``automata.py``, asking nobody) then its Notoriety half
(``NOTORIETY``, ``notoriety_half.py``, their markers included).
"""

from __future__ import annotations

from getaway.core.rng import Rng
from getaway.games.escape_plan.automata import automaton_turn
from getaway.games.escape_plan.boards import arrest, receive_income
from getaway.games.escape_plan.escape import turn_fee
from getaway.games.escape_plan.notoriety import below_first_threshold
from getaway.games.escape_plan.notoriety_half import begin_half, run_half, task_done
from getaway.games.escape_plan.options import SANDRA, Rules
from getaway.games.escape_plan.state import OPTIONAL_PARTS, PARTS, Table
from getaway.games.escape_plan.table_police import draw_onto, patrol_of, run_patrol_phase


def begin_game(rules: Rules, table: Table, rng: Rng) -> None:
    """Start Day 1 on a table fresh from setup."""
    _begin_day(rules, table)
    settle(rules, table, rng)


def finish_head(rules: Rules, table: Table, rng: Rng) -> None:
    """The participant at the head of the queue is done with this stage: go on."""
    table.queue.pop(0)
    if table.phase == "NOTORIETY":
        task_done(table)
    if table.phase in ("ACTIONS", "NOTORIETY"):
        table.stage = "start"
    settle(rules, table, rng)


def settle(rules: Rules, table: Table, rng: Rng) -> None:
    """Run the automatic parts of the day until a seat must decide or the game ends."""
    while table.phase != "END":
        if table.phase == "INCOME":
            if table.queue:
                return
            _begin_patrol(rules, table, rng)
        elif table.phase == "CITY":
            if table.queue:
                return
            if table.placers:
                table.queue = [table.placers[0]]
                table.stage = "place"
                return
            _reveal_display(rules, table, rng)
            _turn_order(table)
            _begin_part(table, PARTS[0])
        elif table.phase == "ACTIONS":
            if _ask_head(rules, table, rng):
                return
            table.phase = "NOTORIETY"
            begin_half(table)
        elif table.phase == "NOTORIETY":
            if table.queue or run_half(rules, table):
                return
            _end_part(rules, table)
        else:  # pragma: no cover - every other phase is passed through at once
            raise AssertionError(f"settle: phase {table.phase} is never left waiting")
    table.stage = "none"
    table.queue = []


# --- Phase 1: Income (§6.1) ------------------------------------------------------------


def _begin_day(rules: Rules, table: Table) -> None:
    table.phase = "INCOME"
    table.part = PARTS[0]
    if table.day == 1:
        # Day 1 has no Income phase.
        table.queue = []
        return
    for seat in table.turn_order:
        player = table.players.get(seat)
        if player is not None and player.status == "city":
            receive_income(player)
    table.queue = [seat for seat in table.turn_order if may_buy_unlock(rules, table, seat)]
    table.stage = "income_unlock"


def may_buy_unlock(rules: Rules, table: Table, seat: str) -> bool:
    """R-INC-2: a player below the first threshold line with a locked Asset is asked; he
    may buy only with $3k (``game.py``), but who has them is not told by who is asked."""
    player = table.players.get(seat)
    if player is None or player.status != "city":
        return False
    return below_first_threshold(rules.content.notoriety_track, player.notoriety) and bool(
        player.locked_assets()
    )


# --- Phase 2: Patrol (§6.2) ------------------------------------------------------------


def _begin_patrol(rules: Rules, table: Table, rng: Rng) -> None:
    """R-PAT-1/2 (``police.patrol_phase``): the Day's Patrol cards; the second card on a
    space closes that Exit, which gets an Exit-tile stack drawn at random ("it does not
    matter which")."""
    table.phase = "PATROL"
    run_patrol_phase(rules, table, rng)
    _begin_city(rules, table)


def exit_stack_place(rules: Rules, table: Table, number: int) -> str | None:
    """Where Exit ``number``'s Exit-tile stack lies: ``"exit"`` (on the Exit location, its
    tile being face up), ``"patrol_space"`` (waiting, R-PAT-2), or ``None`` (the Exit is
    open and has none)."""
    patrol = patrol_of(rules, table)
    if number in patrol.stack_at_exit:
        return "exit"
    return "patrol_space" if number in patrol.stack_waiting else None


# --- Phase 3: City (§6.3) --------------------------------------------------------------


def _begin_city(rules: Rules, table: Table) -> None:
    table.phase = "CITY"
    table.placers = city_placers(rules, table.turn_order, len(table.display))
    table.queue = []


def city_placers(rules: Rules, turn_order: list[str], tiles: int) -> list[str]:
    """R-CITY-1: the players in turn order (Sandra and Costa are not players here), round
    and round until every display tile has its placer."""
    humans = [p for p in turn_order if p in rules.seats]
    return [humans[index % len(humans)] for index in range(tiles)]


def _reveal_display(rules: Rules, table: Table, rng: Rng) -> None:
    """R-CITY-3: the new top tile of each stack turns face up and gets 2 police from the bag
    (then the duplicate check). On Day 3 the stacks are empty. A waiting Exit-tile stack
    follows its Exit's tile by itself (R-CITY-4, :func:`exit_stack_place`)."""
    revealed = [
        table.stacks[letter].pop(0) for letter in sorted(table.stacks) if table.stacks[letter]
    ]
    table.display = revealed
    per_tile = rules.content.police.per_revealed_tile
    draw_onto(table, rng, [(tile, per_tile) for tile in revealed])


def tiles_placed_by_end_of_city(rules: Rules, day: int) -> int:
    """City tiles in the city once Day ``day``'s City phase is over (§21.7)."""
    return len(rules.content.start_tiles) + rules.tiles_per_day * day


# --- Phase 4: Turn order (§6.4) ----------------------------------------------------------


def _turn_order(table: Table) -> None:
    table.phase = "TURN_ORDER"
    table.turn_order = new_turn_order(table)


def new_turn_order(table: Table) -> list[str]:
    """R-TO-1/2: highest notoriety first; ties reversed from the previous order; escaped
    and arrested participants dropped."""
    previous = table.turn_order
    staying = [p for p in previous if table.in_city(p)]
    return sorted(staying, key=lambda p: (-table.notoriety(p), -previous.index(p)))


# --- Phase 5: Player Actions (§6.5) --------------------------------------------------------


def _begin_part(table: Table, part: str) -> None:
    table.phase = "ACTIONS"
    table.part = part
    table.queue = [p for p in table.turn_order if table.in_city(p)]
    table.stage = "start"
    # R-PA-3: only a disc owned before the part began may be spent in it.
    table.disc_owners = (
        [p for p in table.queue if table.discs_of(p) > 0] if part in OPTIONAL_PARTS else []
    )


def _ask_head(rules: Rules, table: Table, rng: Rng) -> bool:
    """Walk the queue to the next participant who must decide; ``True`` if there is one."""
    while table.queue:
        if table.stage != "start":
            return True
        head = table.queue[0]
        if rules.is_automaton(head):
            # Sandra's and Costa's turns (§15.3, §16): nobody is asked anything.
            automaton_turn(rules, table, rng, head)
            table.queue.pop(0)
            continue
        if not table.in_city(head):
            table.queue.pop(0)
            continue
        if table.part in OPTIONAL_PARTS:
            if head in table.disc_owners and table.players[head].discs > 0:
                table.stage = "disc"
                return True
            table.queue.pop(0)
            continue
        if begin_turn(rules, table, head):
            return True
        table.queue.pop(0)
    return False


def begin_turn(rules: Rules, table: Table, seat: str) -> bool:
    """§7.0: once someone has escaped, a turn starts with a $1k fee; who cannot pay is
    arrested (R-PA-6, ``escape.turn_fee``). ``True`` if the turn goes on (the stage becomes
    ``turn``)."""
    player = table.players[seat]
    payment = turn_fee(rules.content, player.cash, bool(table.escaped))
    if payment.arrest is not None:
        arrest(table, seat)
        return False
    player.cash = payment.cash
    table.stage = "turn"
    return True


def use_disc(rules: Rules, table: Table, seat: str) -> bool:
    """R-PA-2: the disc goes back to the supply and the turn begins (see
    :func:`begin_turn`)."""
    player = table.players[seat]
    player.discs -= 1
    table.discs += 1
    return begin_turn(rules, table, seat)


def _end_part(rules: Rules, table: Table) -> None:
    """After the Notoriety half (§6.5 step 2, ``notoriety_half.py``): the end once everyone
    is out (§6.7), else the next part, the Day Change, or the end after Day 3's Dawn."""
    if _everyone_out(rules, table):
        _end_game(rules, table)
        return
    index = PARTS.index(table.part)
    if index + 1 < len(PARTS):
        _begin_part(table, PARTS[index + 1])
    elif table.day < rules.days:
        _day_change(table)
        table.day += 1
        _begin_day(rules, table)
    else:
        _end_game(rules, table)


# --- Phase 6: Day change (§6.6) and the end (§6.7) ----------------------------------------


def _day_change(table: Table) -> None:
    """Rest tokens back to the sun; the Time marker to the start. Nothing else resets."""
    table.phase = "DAY_CHANGE"
    for player in table.players.values():
        player.rest_sun = True
    table.part = PARTS[0]


def _everyone_out(rules: Rules, table: Table) -> bool:
    """§6.7: every player (and Costa, solo) has escaped or been arrested; Sandra never
    leaves and does not keep the game going."""
    staying = [p for p in rules.participants if p != SANDRA and table.in_city(p)]
    return not staying


def _end_game(rules: Rules, table: Table) -> None:
    """§6.7: a player still in the city at the end did not escape: treated as arrested."""
    for seat in rules.seats:
        if table.players[seat].status == "city":
            arrest(table, seat)
    table.phase = "END"
    table.stage = "none"
    table.queue = []
