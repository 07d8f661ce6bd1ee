"""Asset tiles (spec §9, §17.1, §18.2): which unlocked Assets can be used now, and Handcuffs
landing on a contact space (§9.3, §11 R-WND-2, §21.4 ``placeHandcuffs``).

Unlocking is ``boards.unlock_asset``; paying an Asset's slot cost and turning it face down is
``visit_board.spend_asset``. Of the 7 Assets, Extra Action, Heal and the three Move-officer
tiles are executive actions (``executive.py``); Avoid All is an AVOID tool (``avoid.py``)
and the Master Key is used in a VISIT (``visit.py``).
"""

from __future__ import annotations

from getaway.games.escape_plan.options import Rules
from getaway.games.escape_plan.state import Player, Table
from getaway.games.escape_plan.visit_board import asset_ready

#: Asset effects used as executive actions at any moment of the turn.
EXECUTIVE_EFFECTS = ("take_disc", "heal", "move_officer")


def ready_assets(rules: Rules, player: Player) -> list[str]:
    """Unlocked, unused Assets the player can pay for, in slot order."""
    return [
        held.asset
        for held in player.unlocked
        if held is not None and asset_ready(rules, player, held.asset)
    ]


def used_assets(player: Player) -> int:
    """Face-down Assets: each scores at the end (§14)."""
    return sum(1 for held in player.unlocked if held is not None and held.used)


# --- Handcuffs (§9.3, §11) ------------------------------------------------------------------


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
