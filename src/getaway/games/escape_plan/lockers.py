"""Keys, Lockers and Exit tiles (spec §7.5.5, §7.5.9, §17.5).

A stack is kept shuffled, so "secretly draw n tiles" is its top ``n``: the candidates are
read off the stack without storing a draw, the one chosen leaves it, and the stack is
shuffled again ("return the rest and reshuffle"). A taken tile is a face-down
:class:`Piece` named ``<colour>:<value>`` (Locker) or ``<stack>:<value>`` (Exit tile).
"""

from __future__ import annotations

from getaway.core.rng import Rng
from getaway.games.escape_plan.options import Rules
from getaway.games.escape_plan.schema import LockerStack
from getaway.games.escape_plan.state import Key, Player, Table
from getaway.games.escape_plan.visit_board import counted_contacts

MASTER_KEY = "master_key"


def key_colours(rules: Rules, player: Player) -> list[str]:
    """The colours of the player's face-up keys, in content order."""
    held = {key.colour for key in player.keys if key is not None and key.face_up}
    return [stack.colour for stack in rules.content.lockers.stacks if stack.colour in held]


def flip_key(player: Player, colour: str) -> None:
    """Use a key: the leftmost face-up key of ``colour`` turns face down for good (keys
    never flip back, §7.5.2)."""
    for slot, key in enumerate(player.keys):
        if key is not None and key.face_up and key.colour == colour:
            player.keys[slot] = Key(colour, False)
            return
    raise ValueError(f"{player.seat} has no face-up {colour} key")


def locker_stack(rules: Rules, colour: str) -> LockerStack:
    for stack in rules.content.lockers.stacks:
        if stack.colour == colour:
            return stack
    raise KeyError(colour)


def locker_draw(rules: Rules, player: Player, colour: str) -> int:
    """Tiles drawn: the counted Contact cards plus the colour's printed offset (green +1,
    black 0, brown -1, §7.5.5)."""
    return counted_contacts(player) + locker_stack(rules, colour).draw


def locker_problem(rules: Rules, table: Table, player: Player, colour: str) -> str | None:
    """Why the player may not open a ``colour`` Locker now (the key aside), or ``None``:
    L-2 (notoriety level + counted contacts reach the requirement), something to draw
    ([DESIGN] n <= 0 is refused, §7.5.5) and a space to put it on (§7.5.0, §19 #18)."""
    stack = locker_stack(rules, colour)
    total = player.notoriety + counted_contacts(player)
    if total < stack.requirement:
        return (
            f"notoriety {player.notoriety} + contacts {counted_contacts(player)} = {total} is "
            f"below the {colour} requirement {stack.requirement} (L-2)"
        )
    if locker_draw(rules, player, colour) <= 0 or not table.lockers[colour]:
        return f"no {colour} Locker tile would be drawn"
    if all(piece is not None and piece.kind == "asset" for piece in player.items):
        return "every item space holds an Asset tile (§7.5.0)"
    return None


def locker_candidates(rules: Rules, table: Table, player: Player, colour: str) -> list[int]:
    return table.lockers[colour][: max(0, locker_draw(rules, player, colour))]


def exit_candidates(table: Table, player: Player, number: int) -> list[int]:
    """§7.5.9: n = counted Contact cards, from this Exit's Exit-tile stack."""
    stack = table.exit_stack_of.get(number)
    if stack is None:
        return []
    return table.exit_stacks[stack][: counted_contacts(player)]


def pick_options(candidates: list[int], spaces: list[int]) -> list[str]:
    """``<value>:<space>`` for each distinct value drawn (equal tiles are the same choice)
    and each item space it may go on."""
    return [f"{value}:{space}" for value in sorted(set(candidates)) for space in spaces]


def take_from(stack: list[int], drawn: int, value: int, rng: Rng) -> None:
    """The chosen tile leaves the ``drawn`` top tiles; the rest go back and the stack is
    shuffled."""
    index = stack.index(value, 0, drawn)
    del stack[index]
    rng.shuffle(stack)
