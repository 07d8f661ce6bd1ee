"""Executive actions (spec §8) that may be taken at any moment of the player's own turn, as a
decision in steps: the component first, then its target when the effect has one.

Only components without a step symbol are here (R-EX-2, the ``ANY`` timing of the content):
the MOVE ones (Medevac, Chopper, Jet Ski, Sewer, the Helicopter fixer, a gang member's G2)
are movement tools (``movement.py``) and the AVOID ones (Equipment, Fighter, Boxer, Ninja,
Stunt, Fast Car, the Avoid All Asset, G3) avoid tools (``avoid.py``). Used here, the Gang
card, the Motorcycle fixer and a gang member give the G1 ability (lose 1 notoriety), the
one of the three that is not tied to a step.

=============================== ==============================================================
first step                      component
=============================== ==============================================================
``exec:contact:<space>``        the face-up Contact card on that contact space (its cost paid)
``exec:fixer:<space>``          the face-up Fixer tile on that item space
``exec:asset:<asset>``          that unlocked Asset (its slot cost paid)
``exec:gang:<node>``            return a gang member to that Gang location: G1
``exec:first_aid``              the First Aid token: heal 1 Wound
=============================== ==============================================================

Targets: ``exec:remove:<tile>`` (Snitch), ``exec:move:<OFFICER>:<from>><to>`` (Bribe, Rally,
the Move-officer Assets), ``exec:take:<take>`` (Spy 1, Phone; ``contacts.py``'s take),
``exec:unlock:<asset>`` (Spy 3). A component is offered only when its effect would do
something (a heal with a Wound to heal, a disc with one in the supply, an officer to move).

Nothing changes until the action is complete: :func:`apply_executive_step` returns ``False``
for a first step that still needs its target, and carries the whole action out with the
target.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, cast

from getaway.core.errors import IllegalActionError
from getaway.games.escape_plan import contacts
from getaway.games.escape_plan.assets import EXECUTIVE_EFFECTS, ready_assets
from getaway.games.escape_plan.boards import lose_notoriety, receive_income, unlock_asset
from getaway.games.escape_plan.police import (
    OfficerMove,
    effect_move_texts,
    move_officer,
    placed_ids,
    police_free_tiles,
    remove_officer,
)
from getaway.games.escape_plan.schema import Officer
from getaway.games.escape_plan.state import Gang, Piece, Player, Unlocked
from getaway.games.escape_plan.table_police import city_police, store_police
from getaway.games.escape_plan.visit_board import (
    heal,
    refresh,
    spend_asset,
    take_disc,
)

if TYPE_CHECKING:
    from getaway.games.escape_plan.game import EscapePlanState

#: Effects that need a target step.
_TARGETED = ("remove_officer", "move_officer", "take_contact", "unlock_asset")
#: Effects carried out at once, and the gang ability G1.
_AT_ONCE = ("heal", "take_disc", "lose_notoriety", "receive_income", "refresh", "gang_ability")


def _component(state: EscapePlanState, player: Player, first: str) -> tuple[str, str | None]:
    """The effect of the component a first step names, and its indicated officer type."""
    parts = first.split(":")
    content = state.rules.content
    if parts[1] == "contact":
        piece = player.contacts[int(parts[2])]
        assert piece is not None
        card = contacts.card(state.rules, piece.id)
        return card.effect, card.officer
    if parts[1] == "fixer":
        piece = player.items[int(parts[2])]
        assert piece is not None
        return content.fixer(piece.id).effect, None
    if parts[1] == "asset":
        asset = content.asset(parts[2])
        return asset.effect, asset.officer
    return ("heal", None) if parts[1] == "first_aid" else ("gang_ability", None)


def _keep(first: str) -> int | None:
    """The contact space of a card being used, which a take may not replace."""
    parts = first.split(":")
    return int(parts[2]) if parts[1] == "contact" else None


def _targets(state: EscapePlanState, player: Player, first: str) -> list[str]:
    effect, officer = _component(state, player, first)
    return _targets_of(state, player, first, effect, officer)


def _targets_of(
    state: EscapePlanState, player: Player, first: str, effect: str, officer: str | None
) -> list[str]:
    """The targets of the component ``first`` names, whose effect is ``effect``."""
    table = state.table
    if effect == "remove_officer":
        police = table.police
        return [f"exec:remove:{t}" for t in placed_ids(table.city) if officer in police.get(t, ())]
    if effect == "move_officer":
        moves = effect_move_texts(table.police, table.city, cast(Officer, officer))
        return [f"exec:move:{move}" for move in moves]
    if effect == "take_contact":
        return [f"exec:take:{o}" for o in contacts.take_options(table, player, _keep(first))]
    if effect == "unlock_asset":
        return [f"exec:unlock:{a}" for a in player.locked_assets()]
    return []


def _useful(
    state: EscapePlanState, player: Player, first: str, effect: str, officer: str | None
) -> bool:
    """Whether the component ``first`` names (its effect ``effect``) would do something."""
    if effect == "move_officer":
        # Some move exists when some placed tile holds such an officer and another may take
        # one (``effect_moves``): asked without listing the moves.
        # Plain loops over the placed ids kept on the map: every executive list asks this.
        table = state.table
        police, placed = table.police, placed_ids(table.city)
        for tile in placed:
            if officer in police.get(tile, ()):
                break
        else:
            return False
        free = police_free_tiles(table.city)
        for tile in placed:  # noqa: SIM110 (a generator under ``any`` costs more)
            if tile not in free and officer not in police.get(tile, ()):
                return True
        return False
    if effect in _TARGETED:
        return bool(_targets_of(state, player, first, effect, officer))
    if effect == "heal":
        return player.wounds_red > 0
    if effect == "take_disc":
        return state.table.discs > 0
    return effect in _AT_ONCE


def _first_steps(state: EscapePlanState, seat: str) -> list[str]:
    """The components usable now, each with the effect and officer type it was found with
    (``_component`` would find the same), kept when useful."""
    rules = state.rules
    content = rules.content
    player = state.table.players[seat]
    found: list[tuple[str, str, str | None]] = []
    cuffed = player.cuffed
    for space, piece in enumerate(player.contacts):
        # ``contacts.usable_contact``, read in place: every turn and visit asks this list.
        if piece is not None and piece.kind == "contact" and piece.face_up and not cuffed[space]:
            card = contacts.card(rules, piece.id)
            if card.timing == "ANY" and card.cost <= player.cash:
                found.append((f"exec:contact:{space}", card.effect, card.officer))
    for space, piece in enumerate(player.items):
        if piece is not None and piece.kind == "fixer" and piece.face_up:
            fixer = content.fixer(piece.id)
            if fixer.timing == "ANY":
                found.append((f"exec:fixer:{space}", fixer.effect, None))
    for ready in ready_assets(rules, player):
        asset = content.asset(ready)
        if asset.effect in EXECUTIVE_EFFECTS:
            found.append((f"exec:asset:{ready}", asset.effect, asset.officer))
    if player.gang_members:
        found += [
            (f"exec:gang:{node}", "gang_ability", None) for node in sorted(set(player.gang_members))
        ]
    if player.first_aid_up:
        found.append(("exec:first_aid", "heal", None))
    if not found:
        return []
    return [
        step for step, effect, officer in found if _useful(state, player, step, effect, officer)
    ]


def executive_steps(
    state: EscapePlanState, seat: str, steps_so_far: Sequence[str] = ()
) -> list[str]:
    """What may come next in an executive action: the components usable now, or the first
    step's targets; empty once the action is complete."""
    player = state.table.players[seat]
    if player.status != "city":
        return []
    if not steps_so_far:
        return _first_steps(state, seat)
    if len(steps_so_far) == 1:
        return _targets(state, player, steps_so_far[0])
    return []


def apply_executive_step(
    state: EscapePlanState,
    seat: str,
    steps_so_far: Sequence[str],
    step: str,
    *,
    checked: bool = False,
) -> bool:
    """Take ``step``; ``True`` when the action is complete (and carried out), ``False`` when
    a target must follow (nothing changed yet). Anything else is refused unchanged, unless
    the caller has ``checked`` it against :func:`executive_steps` already."""
    if not checked:
        legal = executive_steps(state, seat, steps_so_far)
        if step not in legal:
            why = "choose a component first" if not steps_so_far else "choose the effect's target"
            raise IllegalActionError(seat, str(step), legal, why)
    steps = [*steps_so_far, step]
    player = state.table.players[seat]
    if len(steps) == 1 and _component(state, player, step)[0] in _TARGETED:
        return False
    _carry_out(state, player, steps)
    return True


def _carry_out(state: EscapePlanState, player: Player, steps: list[str]) -> None:
    rules, table = state.rules, state.table
    first = steps[0].split(":")
    effect, officer = _component(state, player, steps[0])
    if first[1] == "contact":
        contacts.spend_contact(rules, player, int(first[2]))  # cost, star, face down
    elif first[1] == "fixer":
        piece = player.items[int(first[2])]
        assert piece is not None
        player.items[int(first[2])] = Piece("fixer", piece.id, False)  # never refreshed
    elif first[1] == "asset":
        spend_asset(rules, player, first[2])
    elif first[1] == "first_aid":
        player.first_aid_up = False
    else:
        _return_gang_member(table.gangs, player, first[2])
    target = steps[1].split(":", 2)[2] if len(steps) > 1 else ""
    if effect == "heal":
        heal(player)
    elif effect == "take_disc":
        take_disc(table, player)
    elif effect in ("lose_notoriety", "gang_ability"):
        lose_notoriety(player)
    elif effect == "receive_income":
        receive_income(player)
    elif effect == "refresh":
        refresh(player)
        if first[1] == "contact":  # Spy 2 itself stays used (§17.2, PT note)
            space = int(first[2])
            player.contacts[space] = Piece("contact", cast(Piece, player.contacts[space]).id, False)
    elif effect == "unlock_asset":
        unlock_asset(player, target)
    elif effect == "take_contact":
        contacts.take_contact(rules, table, player, target)
    elif effect == "remove_officer":
        kind = cast(Officer, officer)
        store_police(table, remove_officer(city_police(table), table.city, kind, target))
        table.box[kind] += 1  # R-POL-4: never back to the bag
    elif effect == "move_officer":
        kind_text, route = target.split(":", 1)
        source, destination = route.split(">")
        move = OfficerMove(cast(Officer, kind_text), source, destination)
        store_police(table, move_officer(city_police(table), table.city, move))


def _return_gang_member(gangs: dict[str, Gang], player: Player, node: str) -> None:
    """§8.2: the member goes back to its Gang location; with none of that gang left on the
    board, the Control marker comes back and anyone may hire the gang."""
    if node not in player.gang_members:
        raise ValueError(f"{player.seat} has no gang member of {node}")
    player.gang_members.remove(node)
    gang = gangs[node]
    gang.members += 1
    if node not in player.gang_members:
        gang.control = None
        player.control_markers += 1


# --- components used as MOVE or AVOID tools ----------------------------------------------------


def turn_down_tools(state: EscapePlanState, seat: str, used: Sequence[tuple[str, int]]) -> None:
    """Turn face down (or send back) the components a MOVE or AVOID step used, as their
    results list them (``MovePath.used``, ``AvoidResult.used``: tool id and uses): a Contact
    card, Equipment or Fixer by its id (the leftmost face-up one first), the Avoid All Asset,
    a gang member ``gang@<node>`` (back to its Gang location). What they cost and the red
    stars' notoriety are in those results (``cash_spent``, ``cash``, ``notoriety``) and are
    not charged here. An id the player cannot turn down is refused before anything
    changes."""
    # A dry run on copies first, so an impossible id changes nothing.
    table = state.table
    real = table.players[seat]
    trial = (real.clone(), {node: gang.clone() for node, gang in table.gangs.items()})
    for player, gangs in (trial, (real, table.gangs)):
        for tool_id, uses in used:
            for _ in range(uses):
                _turn_down(player, gangs, tool_id)


def _turn_down(player: Player, gangs: dict[str, Gang], tool: str) -> None:
    if tool.startswith("gang@"):
        _return_gang_member(gangs, player, tool.split("@", 1)[1])
        return
    for slot, held in enumerate(player.unlocked):
        if held is not None and held.asset == tool and not held.used:
            player.unlocked[slot] = Unlocked(tool, True)
            return
    for row, kinds in ((player.contacts, ("contact",)), (player.items, ("equipment", "fixer"))):
        for index, piece in enumerate(row):
            covered = row is player.contacts and player.cuffed[index]
            if piece is None or covered or not piece.face_up:
                continue
            if piece.kind in kinds and piece.id == tool:
                row[index] = Piece(piece.kind, piece.id, False)
                return
    raise ValueError(f"{player.seat} has no face-up component {tool!r} to turn down")
