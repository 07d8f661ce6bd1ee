"""What visits, cards and tiles do to a player board and the table (spec §4, §7.2, §7.5.0,
§11, §12): notoriety cubes, healing, discs, income cubes on buildings, item spaces, the
Contact cards that count, where a pawn stands and who stands with it.

Every function mutates the :class:`Table` or :class:`Player` it is given and checks nothing
the caller has not already checked: the step functions validate a step fully first, so a
refused step changes nothing.
"""

from __future__ import annotations

from dataclasses import dataclass

# The notoriety cubes and income are board rules shared with the Move: one copy, in boards.py.
from getaway.games.escape_plan.boards import gain_notoriety
from getaway.games.escape_plan.options import Rules
from getaway.games.escape_plan.schema import LocationKind
from getaway.games.escape_plan.scoring import FinalBoard
from getaway.games.escape_plan.state import Building, Piece, Player, Table, Unlocked


def heal(player: Player, wounds: int = 1) -> None:
    """R-WND-4: each heal moves a red cube to green; with none red it does nothing."""
    player.wounds_red = max(0, player.wounds_red - wounds)


def take_disc(table: Table, player: Player) -> None:
    """An Extra Action disc from the supply; an empty supply gives nothing (§2.3)."""
    if table.discs > 0:
        table.discs -= 1
        player.discs += 1


def refresh(player: Player) -> None:
    """Spy 2 and the Energy Drink: every Equipment tile and Contact card face up (those
    under Handcuffs cannot be used, R-WND-5, so they stay as they are)."""
    for index, piece in enumerate(player.contacts):
        if piece is not None and piece.kind == "contact" and not player.cuffed[index]:
            player.contacts[index] = Piece("contact", piece.id, True)
    for index, piece in enumerate(player.items):
        if piece is not None and piece.kind == "equipment":
            player.items[index] = Piece("equipment", piece.id, True)


def counted_contacts(player: Player) -> int:
    """Contact cards for Lockers and Exit tiles (L-2, §7.5.9): face up or down, not under
    Handcuffs (R-WND-5)."""
    return sum(
        1
        for index, piece in enumerate(player.contacts)
        if piece is not None and piece.kind == "contact" and not player.cuffed[index]
    )


# --- item spaces (§7.5.0) --------------------------------------------------------------------


def item_targets(player: Player) -> list[int]:
    """The item spaces a new tile may go on: every one without an Asset tile, empty or not
    (overwriting is a free choice, [INF] §7.5.0)."""
    return [i for i, piece in enumerate(player.items) if piece is None or piece.kind != "asset"]


def place_item(player: Player, space: int, piece: Piece) -> None:
    """Put ``piece`` on item space ``space``; a tile already there goes to the box and the
    player gains 1 notoriety (§7.5.0)."""
    if player.items[space] is not None:
        gain_notoriety(player)
    player.items[space] = piece


# --- where the pawn is ------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Place:
    """A location of the city: its node, kind and what names it among its kind (the
    Business id, the Safe House number, the Store letter, the Exit number, or the node)."""

    node: str
    kind: LocationKind
    label: str


def place_of(rules: Rules, table: Table, node: str) -> Place | None:
    """The location at ``node``, or ``None`` for a terrain area."""
    tile_id, local = node.split(".", 1)
    location = rules.content.tile(tile_id).locations.get(local)
    if location is None:
        return None
    label = node
    if location.kind == "BUSINESS_SPACE":
        label = next(b for b, building in table.businesses.items() if building.placed_on == node)
    elif location.kind == "SAFE_HOUSE_SPACE":
        label = next(n for n, building in table.safe_houses.items() if building.placed_on == node)
    elif location.kind == "STORE" and location.store is not None:
        label = location.store
    elif location.kind == "EXIT" and location.exit is not None:
        label = str(location.exit)
    return Place(node, location.kind, label)


def opponents_at(table: Table, participant: str, node: str) -> int:
    """R-VIS-4: the other pawns in the location, Sandra and Costa included."""
    pawns = [
        *(s for s, p in table.players.items() if p.status == "city" and p.location == node),
        *(n for n, a in table.automata.items() if a.status == "city" and a.location == node),
    ]
    return sum(1 for who in pawns if who != participant)


def plan_line(rules: Rules, player: Player, building: str) -> int | str:
    """This Business's or Safe House's line on the player's Escape Plan card (§17.6):
    a money value ($k) or ``"income"``. ``building`` is ``business:<id>`` or
    ``safe_house:<n>``."""
    card = next(c for c in rules.content.escape_plans.cards if c.id == player.escape_plan)
    return card.lines[building]


def slot_cost(rules: Rules, player: Player, asset: str) -> int | None:
    """The use cost of an unlocked, unused Asset (the price under its slot, §18.2), or
    ``None`` when the player has no such Asset ready."""
    for index, held in enumerate(player.unlocked):
        if held is not None and held.asset == asset and not held.used:
            return rules.content.assets.unlocked_slot_costs[index]
    return None


def spend_asset(rules: Rules, player: Player, asset: str) -> None:
    """Pay an unlocked Asset's slot cost and turn it face down (§8.2): used once a game."""
    cost = slot_cost(rules, player, asset)
    if cost is None:
        raise ValueError(f"{player.seat} has no unused unlocked Asset {asset!r}")
    index = next(
        i for i, held in enumerate(player.unlocked) if held is not None and held.asset == asset
    )
    player.cash -= cost
    player.unlocked[index] = Unlocked(asset, used=True)


def asset_ready(rules: Rules, player: Player, asset: str) -> bool:
    """Unlocked, unused and affordable."""
    cost = slot_cost(rules, player, asset)
    return cost is not None and cost <= player.cash


# --- what the board scores (§14, §17.6) ------------------------------------------------------


def visited_lines(table: Table, seat: str) -> tuple[str, ...]:
    """The Escape Plan lines ``seat`` has a cube on (``business:<id>``, ``safe_house:<n>``),
    whichever hex the cube is on: the scoring reads the money off the card (§17.6)."""
    return (
        *(f"business:{b}" for b, building in table.businesses.items() if _has_cube(building, seat)),
        *(f"safe_house:{n}" for n, house in table.safe_houses.items() if _has_cube(house, seat)),
    )


def _has_cube(building: Building, seat: str) -> bool:
    return any(owner == seat for owner, _ in building.cubes)


def final_board(table: Table, seat: str) -> FinalBoard:
    """The scoring inputs of ``seat``'s board: the plan and visited lines, cash, used Assets,
    every Contact card (covered ones too, §14 step 1), Handcuffs, the face values of the
    Locker and Exit tiles (``<stack>:<value>``), notoriety level and red wounds."""
    player = table.players[seat]
    bags = tuple(
        int(piece.id.rsplit(":", 1)[1])
        for piece in player.items
        if piece is not None and piece.kind in ("locker", "exit")
    )
    return FinalBoard(
        plan=player.escape_plan,
        visited=visited_lines(table, seat),
        cash=player.cash,
        used_assets=sum(1 for held in player.unlocked if held is not None and held.used),
        contact_cards=sum(1 for p in player.contacts if p is not None and p.kind == "contact"),
        handcuffs=player.handcuffs,
        bags=bags,
        notoriety=player.notoriety,
        red_wounds=player.wounds_red,
    )
