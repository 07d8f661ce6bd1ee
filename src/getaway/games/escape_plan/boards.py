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
    if wounds <= 0:
        return  # the usual case (every Notoriety half asks): nothing changes
    total = load_content().player_board.wound_cubes
    track = take_wounds(WoundTrack(total - player.wounds_red, player.wounds_red, 0), wounds)
    player.wounds_red = track.red
    for _ in range(track.handcuffs):
        take_handcuffs(table, player)


def take_handcuffs(table: Table, player: Player) -> None:
    """R-WND-2 step 1 for one overflowing Wound (the cube back to green, step 2, is in the
    wound track already). When the card lands on a locked Asset the player chooses which
    locked Asset is lost (:func:`handcuff_choices`): he is then owed the choice
    (``Table.cuffs_due``), asked before anything else; so is every later card of his while
    one is owed, so they land in order."""
    choices = handcuff_choices(table, player)
    if player.seat in table.cuffs_due or len(choices) > 1:
        table.cuffs_due.append(player.seat)
        return
    place_handcuffs(table, player, choices[0])


def place_owed_handcuffs(table: Table, choice: str) -> None:
    """The first owed Handcuffs card lands with ``choice`` (one of :func:`handcuff_choices`
    for its owner); the owner's next owed cards with no choice to make land at once."""
    seat = table.cuffs_due.pop(0)
    player = table.players[seat]
    place_handcuffs(table, player, choice)
    while table.cuffs_due and table.cuffs_due[0] == seat:
        choices = handcuff_choices(table, player)
        if len(choices) > 1:
            return
        table.cuffs_due.pop(0)
        place_handcuffs(table, player, choices[0])


def handcuff_space(player: Player) -> int | None:
    """Where the next Handcuffs card goes: the rightmost contact space without one."""
    for index in range(len(player.contacts) - 1, -1, -1):
        if not player.cuffed[index]:
            return index
    return None


def handcuff_choices(table: Table, player: Player) -> list[str]:
    """What the player decides as a Handcuffs card lands: when it lands on a locked Asset,
    which locked Asset of the contact row is lost (they may be rearranged at any time,
    §9.3), ``cuff:<asset>``; otherwise nothing to decide, ``cuff``."""
    space = handcuff_space(player)
    if table.handcuffs == 0 or space is None:
        return ["cuff"]
    piece = player.contacts[space]
    if piece is None or piece.kind != "asset":
        return ["cuff"]
    row = [p.id for p in player.contacts if p is not None and p.kind == "asset"]
    return [f"cuff:{asset}" for asset in row]


def place_handcuffs(table: Table, player: Player, choice: str) -> None:
    """One Handcuffs card for one overflowing Wound (R-WND-2 step 1): on the rightmost free
    contact space, a Contact card there stays covered, a locked Asset there (the one chosen)
    goes to the box. With the supply empty or no space left it is only counted ([DESIGN]
    §11), so the end-game discard still sees it. The wound cubes are ``avoid.take_wounds``'
    business."""
    if choice not in handcuff_choices(table, player):
        raise ValueError(
            f"{choice!r} is not a Handcuffs choice; allowed: {handcuff_choices(table, player)}"
        )
    player.handcuffs += 1
    space = handcuff_space(player)
    if table.handcuffs == 0 or space is None:
        return
    if choice != "cuff":
        lost = choice.split(":", 1)[1]
        index = next(
            i
            for i, p in enumerate(player.contacts)
            if p is not None and p.kind == "asset" and p.id == lost
        )
        # Rearranging: the lost tile swaps places with whatever locked tile lies under the
        # card, then leaves.
        player.contacts[index] = player.contacts[space]
        player.contacts[space] = None
    table.handcuffs -= 1
    player.cuffed[space] = True


def arrest(table: Table, seat: str) -> None:
    """§13.3: the pawn leaves the board; no more turns, no score."""
    player = table.players[seat]
    player.status = "arrested"
    player.location = None
    table.arrested.append(seat)
