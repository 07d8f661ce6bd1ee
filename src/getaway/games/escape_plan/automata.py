"""The one place the engine calls for Sandra and Lieutenant Costa (spec §15, §16):

* :func:`automaton_turn` when an automaton heads the queue in the Player Actions phase;
* :func:`automaton_notoriety` for its marker in the Notoriety half of each part (§15.4);
* :func:`converge_steps` / :func:`apply_converge_step`: the step ids a player answers when
  a threshold makes him move an officer, for himself or on a bot's behalf (§15.4, §16.5);
* ``automata_cards.tile_of`` gives AVOID the tiles they stand on (``avoid.py`` asks the
  avoider Sandra's type, ``sandra:<type>``, and takes Costa's bribe, §16.4);
* ``costa.costa_score`` scores Costa (§16.6).
"""

from __future__ import annotations

from dataclasses import dataclass

from getaway.core.rng import Rng
from getaway.games.escape_plan.automata_cards import AutomatonError, AutomatonTurn, automaton
from getaway.games.escape_plan.costa import costa_turn
from getaway.games.escape_plan.notoriety import Crossing, MarkerMove, crossings, move_marker
from getaway.games.escape_plan.options import SANDRA, Rules
from getaway.games.escape_plan.police import OfficerMove, converge, converge_move_texts
from getaway.games.escape_plan.sandra import sandra_turn
from getaway.games.escape_plan.schema import OFFICERS
from getaway.games.escape_plan.state import OPTIONAL_PARTS, Table
from getaway.games.escape_plan.table_police import city_police, store_police

#: A converging officer move, ``converge:<TYPE>:<from tile>><to tile>``.
CONVERGE = "converge"


def automaton_turn(rules: Rules, table: Table, rng: Rng, name: str) -> AutomatonTurn | None:
    """Sandra's or Costa's turn in the current part, or ``None`` if it takes none. At Night
    and Dawn an automaton acts only by spending 1 Extra Action disc it owned when the part
    began (R-PA-2/3; Sandra "uses the discs she has", one per part, §19 #41); the disc goes
    back to the supply. Nobody is asked anything: call it when ``name`` heads the queue,
    then go on to the next participant. Turn fees do not apply: they never pay (§15.1,
    §16.3)."""
    bot = automaton(table, name)
    if bot.status != "city":
        return None
    if table.part in OPTIONAL_PARTS:
        if name not in table.disc_owners or bot.discs <= 0:
            return None
        bot.discs -= 1
        table.discs += 1
    if name == SANDRA:
        return sandra_turn(rules, table, rng)
    return costa_turn(rules, table, rng)


@dataclass(frozen=True, slots=True)
class AutomatonNotoriety:
    """An automaton's marker in a Notoriety half: how it moved, and for each line crossed
    upward who must move an officer toward it (no unlocks or discs, §19 #30)."""

    move: MarkerMove
    crossings: tuple[Crossing, ...]
    #: The tile the converging officers move toward: where the automaton stands.
    target_tile: str | None


def automaton_notoriety(rules: Rules, table: Table, name: str) -> AutomatonNotoriety:
    """§15.4: the marker moves by (cubes above - cubes below) (Costa: red - blue, §16.2),
    stopping at the ends of the track and taking no Wounds; the cubes go back. Each line
    crossed upward makes every participant with lower notoriety, in turn order, owe one
    officer move toward it, chosen by that player or, for the other bot, by a player on
    its behalf (``notoriety.converge_duties``). Call it at the automaton's place in the turn
    order of the Notoriety half; the engine asks each duty's ``mover`` with
    :func:`converge_steps`."""
    bot = automaton(table, name)
    order = [p for p in table.turn_order if table.in_city(p) or p == name]
    levels = {p: table.notoriety(p) for p in order}
    levels[name] = bot.notoriety
    move = move_marker(
        rules.content.notoriety_track, bot.notoriety, bot.noto_up - bot.noto_down, wounded=False
    )
    found = crossings(move, name, order, levels, rules.seats, table.discs)
    bot.notoriety = move.new
    bot.noto_up = bot.noto_down = 0
    target = None if bot.location is None else table.city.tile_of(bot.location)
    return AutomatonNotoriety(move, found, target)


# --- moving an officer toward a crosser (§10.2, §21.5), for oneself or a bot ----------------


def converge_steps(table: Table, target_tile: str) -> list[str]:
    """The step ids of every legal converging move toward ``target_tile``, in police.py's
    order; empty when none exists (then nothing moves and nobody is asked)."""
    moves = converge_move_texts(table.police, table.city, target_tile)
    return [f"{CONVERGE}:{move}" for move in moves]


def apply_converge_step(table: Table, target_tile: str, step: str) -> None:
    """Make the converging move ``step`` (one of :func:`converge_steps`); anything else is
    refused with the legal steps."""
    legal = converge_steps(table, target_tile)
    if step not in legal:
        raise AutomatonError(
            f"{step!r} is not a legal officer move toward {target_tile}; legal: "
            f"{', '.join(legal) or 'none (nothing moves)'}"
        )
    officer, tiles = step.split(":", 2)[1:]
    source, target = tiles.split(">")
    kind = next(o for o in OFFICERS if o == officer)
    moved = converge(city_police(table), table.city, target_tile, OfficerMove(kind, source, target))
    store_police(table, moved)


__all__ = [
    "AutomatonError",
    "AutomatonNotoriety",
    "AutomatonTurn",
    "apply_converge_step",
    "automaton_notoriety",
    "automaton_turn",
    "converge_steps",
]
