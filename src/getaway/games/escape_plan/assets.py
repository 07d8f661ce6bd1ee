"""Asset tiles (spec §9, §17.1, §18.2): which unlocked Assets can be used now, and Handcuffs
landing on a contact space (§9.3, §11 R-WND-2, §21.4 ``placeHandcuffs``).

Unlocking is ``boards.unlock_asset``; paying an Asset's slot cost and turning it face down is
``visit_board.spend_asset``. Of the 7 Assets, Extra Action, Heal and the three Move-officer
tiles are executive actions (``executive.py``); Avoid All is an AVOID tool (``avoid.py``)
and the Master Key is used in a VISIT (``visit.py``).
"""

from __future__ import annotations

from getaway.games.escape_plan.options import Rules
from getaway.games.escape_plan.state import Player

#: Asset effects used as executive actions at any moment of the turn.
EXECUTIVE_EFFECTS = ("take_disc", "heal", "move_officer")


def ready_assets(rules: Rules, player: Player) -> list[str]:
    """Unlocked, unused Assets the player can pay for, in slot order: each held Asset for
    which ``asset_ready`` holds, with each Asset's use cost (its first unused slot's,
    ``visit_board.slot_cost``) read in one pass over the slots."""
    costs = rules.content.assets.unlocked_slot_costs
    first_cost: dict[str, int] = {}
    for index, held in enumerate(player.unlocked):
        if held is not None and not held.used and held.asset not in first_cost:
            first_cost[held.asset] = costs[index]
    return [
        held.asset
        for held in player.unlocked
        if held is not None and held.asset in first_cost and first_cost[held.asset] <= player.cash
    ]


def used_assets(player: Player) -> int:
    """Face-down Assets: each scores at the end (§14)."""
    return sum(1 for held in player.unlocked if held is not None and held.used)
