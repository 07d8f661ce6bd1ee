"""Positions for the tests of views, public actions and the determinizer: reached by random
play, then given more secrets than random play deals (face-down Locker and Exit tiles,
cubes on the hexes their Escape Plan card gives, Contact cards, Costa's piles, tiles in the
box), each taken from where the rules take it, so the table stays one the rules allow."""

from __future__ import annotations

from collections.abc import Iterator

from getaway.core import Rng
from getaway.games.escape_plan.game import EscapePlanState
from getaway.games.escape_plan.options import COSTA
from getaway.games.escape_plan.state import Piece, Table
from tests.escape_plan.play import new_game, random_step


def random_positions(players: int, seed: int, every: int = 6) -> Iterator[EscapePlanState]:
    """A random game's positions, one every ``every`` plies (the first included), each with
    secrets added (on a copy: the game goes on from the true position)."""
    state = new_game(players, seed, first="random")
    rng = Rng(1000 + seed)
    plies = 0
    while not state.is_over():
        if plies % every == 0:
            yield with_secrets(state, Rng(seed * 7919 + plies))
        random_step(state, rng)
        plies += 1
    yield with_secrets(state, Rng(seed * 7919 + plies))


def with_secrets(state: EscapePlanState, rng: Rng) -> EscapePlanState:
    """A copy of ``state`` with secrets added for every player (and Costa). In the middle of
    a turn (an open Move, a visit, the end of a turn) the position is kept as played: an
    added cube or card could make the turn's steps so far illegal."""
    copy = state.clone()
    table = copy.table
    if copy.decision is not None or table.stage in ("visit", "after") or table.cuffs_due:
        return copy
    for seat, player in table.players.items():
        for _ in range(rng.below(3)):
            _take_tile(table, seat, rng)
        for _ in range(rng.below(3)):
            _visit(copy, seat, rng)
        if rng.below(2):
            _take_contact(table, seat, rng)
        player.cash += rng.below(12)
    if rng.below(2):  # a tile overwritten: in the box, its value seen by nobody else
        colour = sorted(table.lockers)[rng.below(len(table.lockers))]
        if table.lockers[colour]:
            table.lockers[colour].pop(0)
    costa = table.automata.get(COSTA)
    if costa is not None and rng.below(2):
        colour = sorted(table.lockers)[rng.below(len(table.lockers))]
        taken = [table.lockers[colour].pop(0) for _ in range(2) if table.lockers[colour]]
        pile = [f"locker:{colour}:{value}" for value in taken]
        stack = sorted(table.exit_stacks)[rng.below(len(table.exit_stacks))]
        if table.exit_stacks[stack]:
            pile.append(f"exit:{stack}:{table.exit_stacks[stack].pop(0)}")
        if pile:
            costa.piles.append(pile)
    return copy


def _take_tile(table: Table, seat: str, rng: Rng) -> None:
    """A Locker or Exit tile from the top of its stack, face down on an empty item space."""
    player = table.players[seat]
    free = [i for i, piece in enumerate(player.items) if piece is None]
    if not free:
        return
    if rng.below(2):
        kind, stacks = "locker", table.lockers
    else:
        kind, stacks = "exit", table.exit_stacks
    name = sorted(stacks)[rng.below(len(stacks))]
    if not stacks[name]:
        return
    value = stacks[name].pop(0)
    player.items[free[rng.below(len(free))]] = Piece(kind, f"{name}:{value}", face_up=False)


def _visit(state: EscapePlanState, seat: str, rng: Rng) -> None:
    """A cube from the income track onto a building not visited yet, on the hex the
    player's Escape Plan card gives it (§7.5.2 step 2, §7.5.3 step 2)."""
    table = state.table
    player = table.players[seat]
    card = next(c for c in state.rules.content.escape_plans.cards if c.id == player.escape_plan)
    choices = [
        (prefix, ident, building)
        for prefix, buildings in (("business", table.businesses), ("safe_house", table.safe_houses))
        for ident, building in buildings.items()
        if all(owner != seat for owner, _ in building.cubes)
    ]
    if not choices or player.income_cubes == 0:
        return
    prefix, ident, building = choices[rng.below(len(choices))]
    hex_kind = "income" if card.lines[f"{prefix}:{ident}"] == "income" else "money"
    building.cubes.append((seat, hex_kind))
    player.income_cubes -= 1


def _take_contact(table: Table, seat: str, rng: Rng) -> None:
    """Option B of §7.5.1: a display card onto the leftmost empty contact space (face up or,
    used, face down), the display refilled from the deck."""
    player = table.players[seat]
    free = [i for i, piece in enumerate(player.contacts) if piece is None]
    if not free or not table.contact_display:
        return
    card = table.contact_display.pop(rng.below(len(table.contact_display)))
    player.contacts[free[0]] = Piece("contact", card, face_up=bool(rng.below(2)))
    if table.contact_deck:
        table.contact_display.insert(0, table.contact_deck.pop(0))
