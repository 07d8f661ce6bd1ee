"""The Move action on the table (spec §7.3, §7.4, §11, §13): the MOVE and AVOID contexts of
``movement.py`` and ``avoid.py`` built from a player's board and the city, and the outcome of
``movement_decision.py`` applied to the table.

What a move spends or gains is applied here, once, at the end of the decision: cash for
cards, Asset slots and Costa's bribe; Gas Cans; the cards, tiles and gang members used;
notoriety from red stars (on the cubes, §7.2); Wounds and Handcuffs (§11); and an escape
with its cost, or the arrest (§13.2, §13.3).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from getaway.games.escape_plan import avoid, contacts, movement
from getaway.games.escape_plan.avoid import AvoidContext, AvoidTool, WoundTrack, avoid_context
from getaway.games.escape_plan.boards import arrest, gain_notoriety, take_handcuffs
from getaway.games.escape_plan.escape import pay_escape
from getaway.games.escape_plan.movement import MoveContext, MovePath, MoveTool
from getaway.games.escape_plan.movement_decision import MoveOutcome
from getaway.games.escape_plan.options import COSTA, GANG_MEMBERS_PER_GANG, SANDRA, Rules
from getaway.games.escape_plan.schema import ContactCard, Fixer
from getaway.games.escape_plan.state import Piece, Player, Table, Unlocked
from getaway.games.escape_plan.table_police import escape_exit
from getaway.games.escape_plan.visit import unvisitable

# --- what the mover holds ---------------------------------------------------------------------


def _counted(ids: Iterable[str]) -> list[tuple[str, int]]:
    """Each id with how many times it occurs, by id (a plain count: ``Counter`` costs more
    than the few pieces of a board)."""
    counts: dict[str, int] = {}
    for ident in ids:
        counts[ident] = counts.get(ident, 0) + 1
    return sorted(counts.items())


@dataclass(frozen=True, slots=True)
class _Holdings:
    """What a board holds that moves the pawn or avoids police, each kind by id: the
    face-up Contact cards not under Handcuffs (R-WND-5) with their counts, the face-up
    Equipment with theirs, the face-up Fixers (once each), the hired gang members by the
    Gang location they return to (§8.2)."""

    cards: list[tuple[ContactCard, int]]
    equipment: list[tuple[str, int]]
    fixers: list[Fixer]
    gang_members: list[tuple[str, int]]


_NOTHING = _Holdings([], [], [], [])


def _holdings(rules: Rules, player: Player) -> _Holdings:
    """The board's :class:`_Holdings`, read in one pass over each row: a Move asks them
    twice (its MOVE and its AVOID context), and most boards hold none of them."""
    cards: dict[str, int] = {}
    for piece, cuffed in zip(player.contacts, player.cuffed, strict=True):
        if piece is not None and piece.face_up and not cuffed and piece.kind == "contact":
            cards[piece.id] = cards.get(piece.id, 0) + 1
    equipment: dict[str, int] = {}
    fixers: dict[str, int] = {}
    for piece in player.items:
        if piece is not None and piece.face_up:
            if piece.kind == "equipment":
                equipment[piece.id] = equipment.get(piece.id, 0) + 1
            elif piece.kind == "fixer":
                fixers[piece.id] = 1
    if not (cards or equipment or fixers or player.gang_members):
        return _NOTHING
    content = rules.content
    return _Holdings(
        [(contacts.card(rules, ident), n) for ident, n in sorted(cards.items())],
        sorted(equipment.items()),
        [content.fixer(ident) for ident in sorted(fixers)],
        _counted(player.gang_members) if player.gang_members else [],
    )


def move_tools(rules: Rules, player: Player) -> tuple[MoveTool, ...]:
    """The movement tools on the board: Contact cards (the Gang card as G2), the Helicopter
    and Motorcycle fixers, hired gang members (G2)."""
    held = _holdings(rules, player)
    if held is _NOTHING:
        return ()
    found: list[MoveTool | None] = [
        movement.gang_card_tool(card, count)
        if card.effect == "gang_ability"
        else movement.card_tool(card, count)
        for card, count in held.cards
    ]
    found += [movement.fixer_tool(fixer) for fixer in held.fixers]
    found += [movement.gang_member_tool(gang, n) for gang, n in held.gang_members]
    return tuple(tool for tool in found if tool is not None)


def avoid_tools(rules: Rules, player: Player) -> tuple[AvoidTool, ...]:
    """The Avoid tools on the board: face-up Equipment, Contact cards, the Motorcycle fixer
    (G3), hired gang members (G3), and an unused Avoid All Asset at its slot's cost."""
    content = rules.content
    held = _holdings(rules, player)
    found: list[AvoidTool | None] = []
    if held is not _NOTHING:
        kinds = content.equipment.equipment
        found += [
            avoid.equipment_tool(next(e for e in kinds if e.id == ident), count)
            for ident, count in held.equipment
        ]
        found += [avoid.contact_tool(card, count) for card, count in held.cards]
        found += [avoid.fixer_tool(fixer) for fixer in held.fixers]
        found += [avoid.gang_member_tool(gang, n) for gang, n in held.gang_members]
    costs = content.assets.unlocked_slot_costs
    for slot, held_asset in enumerate(player.unlocked):
        if held_asset is not None and not held_asset.used:
            asset = content.asset(held_asset.asset)
            found.append(avoid.asset_tool(asset, costs[slot]))
    return tuple(tool for tool in found if tool is not None)


# --- the contexts ---------------------------------------------------------------------------------


def move_context(rules: Rules, table: Table, seat: str) -> MoveContext:
    """The MOVE step's context: a move may not end where the mover could not visit
    (R-VIS-3, ``visit.unvisitable``)."""
    player = table.players[seat]
    assert player.location is not None
    return MoveContext(
        start=player.location,
        gas_cans=player.gas_cans,
        cash=player.cash,
        tools=move_tools(rules, player),
        no_stop=frozenset(unvisitable(rules, table, seat)),
        escape_exit=escape_exit(rules, table),
    )


def _tile_of(table: Table, participant: str) -> str | None:
    automaton = table.automata.get(participant)
    if automaton is None or automaton.status != "city" or automaton.location is None:
        return None
    return table.city.tile_of(automaton.location)


def avoid_context_for(rules: Rules, table: Table, seat: str, path: MovePath) -> AvoidContext:
    """The AVOID step's context after ``path``: the police and automata where they stand,
    the tools and cash the move left, the wound track (§7.4, §11)."""
    player = table.players[seat]
    return avoid_context(
        path,
        # The table's police as they lie: ``avoid_context`` reads only the tiles left, each
        # in officer order, once each (what ``city_police`` would make of every tile).
        table.police,
        sandra=_tile_of(table, SANDRA),
        costa=_tile_of(table, COSTA),
        tools=avoid_tools(rules, player),
        cash=player.cash,
        wounds=WoundTrack(3 - player.wounds_red, player.wounds_red, 0),
    )


# --- applying the outcome ---------------------------------------------------------------------


def apply_move(rules: Rules, table: Table, seat: str, outcome: MoveOutcome) -> None:
    """Everything the MOVE and AVOID steps did, then the escape (§13.2 step 4, 5)."""
    player = table.players[seat]
    path, avoided = outcome.path, outcome.avoided
    player.location = path.node
    player.gas_cans -= path.gas_spent
    table.gas_cans += path.gas_spent
    player.cash -= path.cash_spent + avoided.cash
    for tool_id, uses in (*path.used, *avoided.used):
        _use_tool(rules, table, player, tool_id, uses)
    gain_notoriety(player, path.notoriety + avoided.notoriety)
    player.wounds_red = avoided.track.red
    for _ in range(avoided.track.handcuffs):
        take_handcuffs(table, player)
    if path.ended == "escape":
        payment = pay_escape(rules.content, player.cash, len(rules.seats), len(table.escaped))
        if payment.arrest is not None:
            arrest(table, seat)
            return
        player.cash = payment.cash
        player.status = "escaped"
        player.location = None
        table.escaped.append(seat)


def _use_tool(rules: Rules, table: Table, player: Player, tool_id: str, uses: int) -> None:
    """Spend ``uses`` of a tool (§8.2): a gang member goes back to its Gang location (the
    Control marker comes back with the second); a Contact card, Equipment or Fixer turns
    face down; an Asset is used for good."""
    if tool_id.startswith("gang@"):
        gang = tool_id.removeprefix("gang@")
        for _ in range(uses):
            player.gang_members.remove(gang)
            table.gangs[gang].members += 1
        if (
            table.gangs[gang].members >= GANG_MEMBERS_PER_GANG
            and table.gangs[gang].control == player.seat
        ):
            table.gangs[gang].control = None
            player.control_markers += 1
        return
    for slot, held in enumerate(player.unlocked):
        if held is not None and held.asset == tool_id and not held.used:
            player.unlocked[slot] = Unlocked(held.asset, True)
            return
    for row, kinds in ((player.contacts, ("contact",)), (player.items, ("equipment", "fixer"))):
        for index, piece in enumerate(row):
            if uses == 0:
                return
            if (
                piece is not None
                and piece.kind in kinds
                and piece.id == tool_id
                and piece.face_up
                and not (row is player.contacts and player.cuffed[index])
            ):
                row[index] = Piece(piece.kind, piece.id, False)
                uses -= 1
    if uses:
        raise AssertionError(f"{player.seat} used {tool_id!r} more often than it holds it")
