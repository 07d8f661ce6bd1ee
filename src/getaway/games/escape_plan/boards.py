"""What happens on a player board: receiving income, unlocking an Asset, the refresh of a
Rest, notoriety gained on the cubes, Wounds and Handcuffs, and the pawn leaving on an arrest
(spec §4, §7.1, §7.2, §9.2, §11, §12, §13.3)."""

from __future__ import annotations

from getaway.games.escape_plan.avoid import WoundTrack, take_wounds
from getaway.games.escape_plan.content import load_content
from getaway.games.escape_plan.notoriety import NotorietyCubes
from getaway.games.escape_plan.state import Piece, Player, Table, Unlocked


def receive_income(player: Player) -> None:
    """$1k per cube still on the income track (R-INC-1, §12)."""
    player.cash += player.income_cubes


def unlock_asset(player: Player, asset: str) -> None:
    """Unlock the locked Asset ``asset`` (R-AS-1, R-AS-2): it leaves its item or contact
    space, the locked tiles left of that space slide right to close the gap, and it goes on
    the most expensive empty unlocked slot, or out of the game when every slot is full."""
    for row in (player.items, player.contacts):
        for index, piece in enumerate(row):
            if piece is not None and piece.kind == "asset" and piece.id == asset:
                row[index] = None
                _slide_locked_right(row, index)
                _to_unlocked_slot(player, asset)
                return
    raise ValueError(
        f"{player.seat} has no locked Asset {asset!r}; locked: {player.locked_assets()}"
    )


def _slide_locked_right(row: list[Piece | None], gap: int) -> None:
    """Fill the freed space with the nearest locked Asset on its left, then that one's
    space likewise: free spaces gather on the left, where new cards go (§4, §19 #20)."""
    for index in range(gap - 1, -1, -1):
        piece = row[index]
        if piece is not None and piece.kind == "asset":
            row[gap], row[index] = piece, None
            gap = index


def _to_unlocked_slot(player: Player, asset: str) -> None:
    for slot, held in enumerate(player.unlocked):
        if held is None:
            player.unlocked[slot] = Unlocked(asset)
            return
    # R-AS-2: no empty slot, the tile leaves the game.


def refresh_for_rest(player: Player) -> None:
    """R-REST-0 step 2: used Contact cards (not those under Handcuffs, which cannot be used
    anyway, R-WND-5) and Equipment tiles turn face up, and the First Aid token; Fixers and
    Assets do not."""
    for index, piece in enumerate(player.contacts):
        if piece is not None and piece.kind == "contact" and not player.cuffed[index]:
            player.contacts[index] = Piece(piece.kind, piece.id, True)
    for index, piece in enumerate(player.items):
        if piece is not None and piece.kind == "equipment":
            player.items[index] = Piece(piece.kind, piece.id, True)
    player.first_aid_up = True


def notoriety_cubes(player: Player) -> NotorietyCubes:
    """The player's notoriety cubes: red, blue and the rest of the board's cubes neutral
    (§4; how many there are is in player_board.json)."""
    total = load_content().player_board.notoriety_cubes
    return NotorietyCubes(
        player.noto_red, player.noto_blue, total - player.noto_red - player.noto_blue
    )


def gain_notoriety(player: Player, gains: int = 1) -> None:
    """``gains`` times Gain 1 on the notoriety cubes (§7.2): on the cubes, not the track."""
    if not gains:
        return
    cubes = notoriety_cubes(player).changed([1] * gains)
    player.noto_red, player.noto_blue = cubes.red, cubes.blue


def lose_notoriety(player: Player) -> None:
    """One Lose 1 on the notoriety cubes (§7.2)."""
    cubes = notoriety_cubes(player).lose()
    player.noto_red, player.noto_blue = cubes.red, cubes.blue


def wound(table: Table, player: Player, wounds: int) -> None:
    """``wounds`` Wounds one by one (R-WND-1 to R-WND-3): green to red, and with no green
    cube a Handcuffs card and a red cube back to green."""
    total = load_content().player_board.wound_cubes
    track = take_wounds(WoundTrack(total - player.wounds_red, player.wounds_red, 0), wounds)
    player.wounds_red = track.red
    for _ in range(track.handcuffs):
        take_handcuffs(table, player)


def take_handcuffs(table: Table, player: Player) -> None:
    """R-WND-2 step 1: a Handcuffs card on the rightmost contact space without one; a locked
    Asset there goes to the box, a Contact card stays under it. With no card in the supply
    or no free space, a "virtual" Handcuffs is still counted ([DESIGN] §11). (The cube back
    to green, step 2, is in the wound track already.)"""
    player.handcuffs += 1
    free = [index for index, cuffed in enumerate(player.cuffed) if not cuffed]
    if not free or table.handcuffs == 0:
        return
    space = free[-1]
    table.handcuffs -= 1
    player.cuffed[space] = True
    piece = player.contacts[space]
    if piece is not None and piece.kind == "asset":
        player.contacts[space] = None


def arrest(table: Table, seat: str) -> None:
    """§13.3: the pawn leaves the board; no more turns, no score."""
    player = table.players[seat]
    player.status = "arrested"
    player.location = None
    table.arrested.append(seat)
