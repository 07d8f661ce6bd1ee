"""The player boards, the automata, the tracks and the displays as text lines.

Money is in $k. A value the view hides (another seat's cash or Escape Plan card, a
face-down tile's face, a deck's size) prints as ``?``.
"""

from __future__ import annotations

from collections.abc import Sequence

from getaway.games.escape_plan.render_adapter import BoardView, PieceView, Scene

HIDDEN = "?"
_OFFICER_NAMES = {"FEDERAL": "Federal", "LOCAL": "Local", "SWAT": "SWAT"}
PHASE_NAMES = {
    "INCOME": "Income",
    "PATROL": "Patrol",
    "CITY": "City",
    "TURN_ORDER": "Turn Order",
    "ACTIONS": "Player Actions",
    "DAY_CHANGE": "Day change",
    "END": "the end",
}
STAGE_NAMES = {
    "income_unlock": "may pay $3k to unlock an Asset",
    "place": "places a display tile",
    "disc": "may spend an Extra Action disc",
    "turn": "takes a turn: Rest or Move",
    "start": "is about to take a turn",
    "none": "",
}


def money(amount: int | None) -> str:
    if amount is None:
        return HIDDEN
    return f"-${-amount}k" if amount < 0 else f"${amount}k"


def count(value: int | None) -> str:
    return HIDDEN if value is None else str(value)


def _name_of(scene: Scene, kind: str, ident: str) -> str:
    """A component's printed name from the content, or its id."""
    content = scene.content
    names: dict[str, dict[str, str]] = {
        "asset": {a.id: a.name for a in content.assets.assets},
        "contact": {c.id: c.name for c in content.contacts.cards},
        "fixer": {f.id: f.name for f in content.fixers.fixers},
        "equipment": {e.id: e.name for e in content.equipment.equipment},
    }
    return names.get(kind, {}).get(ident, ident)


def piece_text(scene: Scene, piece: PieceView | None, cuffed: bool = False) -> str:
    """A board space: ``-`` empty, the piece's name, ``(down)`` when face down, ``?`` when
    the viewer may not see its face, ``cuffed`` under a Handcuffs card."""
    if piece is None:
        text = "-"
    elif piece.id is None:
        text = f"{piece.kind} {HIDDEN}"
    else:
        label = (
            piece.id if piece.kind in ("locker", "exit") else _name_of(scene, piece.kind, piece.id)
        )
        text = f"{piece.kind} {label}" if piece.kind in ("locker", "exit") else label
        if piece.kind == "asset":
            text += " (locked)"
        elif not piece.face_up:
            text += " (down)"
    return text + (" cuffed" if cuffed else "")


def board_summary(scene: Scene, board: BoardView) -> str:
    """One line per player for the main page."""
    gone = "" if board.status == "city" else f"  {board.status}"
    return (
        f"  {board.seat:<4} {money(board.cash):>5}  noto {board.notoriety:>2}"
        f" (+{board.noto_red} -{board.noto_blue})  income {board.income_cubes}"
        f"  wounds {board.wounds_red}/3 cuffs {board.handcuffs}"
        f"  discs {board.discs}  gas {board.gas_cans}  rest {'sun' if board.rest_sun else 'moon'}"
        + gone
    )


def board_lines(scene: Scene, board: BoardView) -> list[str]:
    """A player's whole board."""
    plan = HIDDEN if board.escape_plan is None else f"#{board.escape_plan}"
    costs = scene.content.assets.unlocked_slot_costs
    unlocked = []
    for slot, held in enumerate(board.unlocked):
        price = f"${costs[slot]}k" if slot < len(costs) else ""
        if held is None:
            unlocked.append(f"{price} -")
        else:
            name = _name_of(scene, "asset", held[0])
            unlocked.append(f"{price} {name}" + (" (used)" if held[1] else ""))
    items = [piece_text(scene, p) for p in board.items]
    contacts = [
        piece_text(scene, p, board.cuffed[i] if i < len(board.cuffed) else False)
        for i, p in enumerate(board.contacts)
    ]
    keys = ["-" if k is None else k[0] + ("" if k[1] else " (down)") for k in board.keys]
    gang = ", ".join(board.gang_members) or "none"
    return [
        f"{board.seat}: "
        + (f"in the city at {board.location}" if board.location else board.status)
        + f"; cash {money(board.cash)}; Escape Plan card {plan}",
        f"  notoriety {board.notoriety} (red cubes {board.noto_red}, blue {board.noto_blue});"
        f" income cubes {board.income_cubes}; red wounds {board.wounds_red}/3,"
        f" Handcuffs {board.handcuffs}",
        f"  Rest token {'sun' if board.rest_sun else 'moon'}; First Aid"
        f" {'up' if board.first_aid_up else 'down'}; Gas Cans {board.gas_cans}/2;"
        f" Extra Action discs {board.discs}; Gang Control markers {board.control_markers}",
        "  unlocked Assets: " + "; ".join(unlocked),
        "  items: " + "; ".join(items),
        "  contacts: " + "; ".join(contacts),
        "  keys (Safe Houses 1-3): " + "; ".join(keys) + f"; gang members: {gang}",
        "  bonuses taken: " + (", ".join(board.bonuses) or "none"),
    ]


def automaton_lines(scene: Scene) -> list[str]:
    lines = []
    for bot in scene.automata:
        where = bot.location if bot.status == "city" else bot.status
        up, down = ("above", "below") if bot.name == "sandra" else ("red", "blue")
        lines.append(
            f"  {bot.name:<7} at {where}; notoriety {bot.notoriety} (cubes {up} {bot.noto_up},"
            f" {down} {bot.noto_down}); discs {bot.discs}; deck {count(bot.deck_size)} cards"
            + (f"; contacts {len(bot.contacts)}, piles {bot.piles}" if bot.name != "sandra" else "")
        )
    return lines


def header_lines(scene: Scene) -> list[str]:
    phase = PHASE_NAMES.get(scene.phase, scene.phase)
    head = f"Escape Plan - Day {scene.day} of 3, {phase}"
    if scene.phase == "ACTIONS":
        head += f", {scene.part.capitalize()}"
    lines = [head]
    if scene.over:
        lines.append("The game is over.")
    elif scene.to_act:
        who = ", ".join(scene.to_act)
        lines.append(f"To act: {who} ({STAGE_NAMES.get(scene.stage, scene.stage)})")
    lines.append("Turn order: " + ", ".join(scene.turn_order))
    if scene.escaped or scene.arrested:
        lines.append(
            f"Escaped: {', '.join(scene.escaped) or 'nobody'}; "
            f"arrested: {', '.join(scene.arrested) or 'nobody'}"
        )
    return lines


def _markers(scene: Scene) -> dict[int, list[str]]:
    """Who stands on each notoriety level: players, then Sandra and Costa."""
    markers: dict[int, list[str]] = {}
    for board in scene.players:
        markers.setdefault(board.notoriety, []).append(board.seat)
    for bot in scene.automata:
        markers.setdefault(bot.notoriety, []).append(bot.name)
    return markers


def notoriety_track(scene: Scene) -> list[str]:
    """The track bottom up, every marker on its level, ``||`` for a threshold line."""
    track = scene.content.notoriety_track
    lines_above = {t.below for t in track.thresholds}
    markers = _markers(scene)
    parts = []
    for level in track.levels:
        who = ",".join(markers.get(level.level, [])) or "-"
        parts.append(f"{level.level}:{who}")
        if level.level in lines_above:
            parts.append("||")
    return ["Notoriety (|| threshold line): " + " ".join(parts)]


def track_lines(scene: Scene) -> list[str]:
    """The time track, the notoriety track top down with its penalties, threshold lines and
    markers, and what this player count fixes: escape costs and the Business closing."""
    now = scene.part if scene.phase == "ACTIONS" else None
    parts = [
        (p.capitalize() + (" (disc)" if p in ("NIGHT", "DAWN") else ""))
        + (" <- now" if p == now else "")
        for p in ("MORNING", "AFTERNOON", "EVENING", "NIGHT", "DAWN")
    ]
    phase = PHASE_NAMES.get(scene.phase, scene.phase)
    lines = [f"Day {scene.day} of 3, {phase}", "  Player Actions: " + " > ".join(parts)]
    track = scene.content.notoriety_track
    thresholds = {t.below: t for t in track.thresholds}
    markers = _markers(scene)
    lines.append("Notoriety track, top down (level, end-game penalty, markers):")
    for level in reversed(track.levels):
        line = thresholds.get(level.level)
        if line is not None:
            gives = [f"{line.unlocks} unlock{'s' if line.unlocks != 1 else ''}"]
            if line.discs:
                gives.append(f"{line.discs} disc{'s' if line.discs != 1 else ''}")
            lines.append(f"  ---- threshold line: crossing it upward gives {' and '.join(gives)}")
        who = ", ".join(markers.get(level.level, []))
        lines.append(f"  {level.level:>3} {money(level.penalty):>7}  {who}".rstrip())
    counts = scene.content.for_players(max(1, len(scene.players)))
    costs = ", ".join(money(c) for c in counts.exit_costs)
    lines.append(
        f"Escape costs in the order of escaping: {costs}; a Business closes at"
        f" {counts.business_closes_at} cubes (board side {counts.board_side})"
    )
    return lines


def gang_lines(scene: Scene) -> list[str]:
    """Each Gang location in the city: its members and who controls it."""
    parts = [
        f"{node} {members} member{'s' if members != 1 else ''}"
        + (f" (controlled by {control})" if control else "")
        for node, (members, control) in scene.gangs.items()
    ]
    return ["Gangs: " + ("; ".join(parts) or "none in the city")]


def display_lines(scene: Scene) -> list[str]:
    """The shared boards: Patrol, City stacks and display, Contact display, Businesses, Safe
    Houses, Store and supplies."""
    lines = []
    exits = []
    for number in sorted(scene.patrol_spaces):
        cards = scene.patrol_spaces[number]
        text = f"Exit {number}: {cards} card{'s' if cards != 1 else ''}"
        text += ", closed" if cards >= 2 else ", open"
        stack = scene.exit_stack_of.get(number)
        if stack is not None:
            text += f", Exit-tile stack {stack} ({count(scene.exit_stack_sizes.get(stack))} tiles)"
        exits.append(text)
    lines.append(f"Patrol: deck {count(scene.patrol_deck)}; " + "; ".join(exits))
    stacks = ", ".join(f"{k} {count(v)}" for k, v in sorted(scene.stack_sizes.items()))
    display = ", ".join(
        t + (" " + "".join(o[0] for o in scene.police.get(t, ())) if scene.police.get(t) else "")
        for t in scene.display
    )
    lines.append(f"City display: {display or 'empty'}; stacks face down: {stacks}")
    contacts = [_contact_text(scene, c) for c in scene.contact_display]
    lines.append(
        f"Contacts (deck {count(scene.contact_deck)}; * a red star), left to right: "
        + (", ".join(contacts) or "none")
    )
    closes = scene.content.for_players(max(1, len(scene.players))).business_closes_at
    lines.append(
        f"Businesses and Safe Houses (cubes: owner and hex; a Business closes at {closes}):"
    )
    for building in scene.businesses:
        lines.append(
            "  "
            + _building_text(
                scene, building.id, building.placed_on, building.closed, building.cubes, True
            )
        )
    for building in scene.safe_houses:
        keys = ",".join(scene.safe_house_keys.get(building.id, ())) or "none"
        text = _building_text(
            scene, building.id, building.placed_on, building.closed, building.cubes, False
        )
        lines.append(f"  {text}; keys {keys}")
    lockers = ", ".join(f"{k} {count(v)}" for k, v in scene.locker_sizes.items())
    equipment = ", ".join(
        f"{_name_of(scene, 'equipment', k)} {v}" for k, v in scene.equipment.items()
    )
    fixer = _name_of(scene, "fixer", scene.fixers[0]) if scene.fixers else "none"
    lines.append(f"Store: Lockers {lockers}; Equipment {equipment}; Gas Cans {scene.gas_cans}")
    lines.append(
        f"Fixers: {fixer} on top ({len(scene.fixers)} left); gang area {scene.gang_area};"
        f" discs {scene.discs}; Handcuffs {scene.handcuffs}; police bag "
        + ", ".join(f"{_OFFICER_NAMES.get(k, k)} {v}" for k, v in scene.bag.items())
    )
    return lines


def _contact_text(scene: Scene, card: str) -> str:
    for entry in scene.content.contacts.cards:
        if entry.id == card:
            # Snitch and Bribe come in one card per officer type: the type tells them apart.
            kind = f" {_OFFICER_NAMES[entry.officer]}" if entry.officer else ""
            return f"{entry.name}{kind} ${entry.cost}k" + ("*" if entry.star else "")
    return card


def _building_text(
    scene: Scene,
    ident: str,
    placed_on: str | None,
    closed: bool,
    cubes: Sequence[tuple[str, str]],
    business: bool,
) -> str:
    name = _business_name(scene, ident) if business else f"Safe House {ident}"
    where = placed_on or "not in the city"
    state = " CLOSED" if closed else ""
    held = ", ".join(f"{owner} {kind} hex" for owner, kind in cubes) or "no cubes"
    return f"{name}: {where}{state}; {held}"


def _business_name(scene: Scene, ident: str) -> str:
    for entry in scene.content.buildings.businesses:
        if entry.id == ident:
            return f"{entry.name} (group {entry.group})"
    return ident
