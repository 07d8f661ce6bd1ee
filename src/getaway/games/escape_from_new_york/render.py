"""Escape from New York as plain text for the terminal (``Game.render``): what one view
shows, never more.

Top to bottom: who plays and whose turn it is; the hex map as explored (two lines per space:
its tile, then who and what stands there; odd columns half a space lower, as on the board)
with a legend; every space with something on it, in words; the barricades; New York's board
(noise, missions, its deck's top back, its cards in play, the bosses); the timer deck by its
colours, the events, the diplomat slots and the President; each hero's board (the viewer's
own in full: hand, discard, played cards, supply numbered by place, objectives); the cards
the player is looking through; what the numbers of its choices name (the figure ``hit 0``
damages, the route ``route 1`` takes, from the view's ``choices``); and, once over, why it
ended.

The text holds no markup and no square brackets (the terminal prints it through rich), and
no line is wider than :data:`MAX_WIDTH`. A secret shows as ``?``.
"""

from __future__ import annotations

import textwrap
from collections.abc import Iterable, Mapping
from typing import Any

from getaway.core import ALL, SPECTATOR, JSONDict
from getaway.games.escape_from_new_york.catalogue import HURRY
from getaway.games.escape_from_new_york.content import Content
from getaway.games.escape_from_new_york.options import GAME_NAME, Rules, rules_for
from getaway.games.escape_from_new_york.position import SAVE_FORMAT
from getaway.games.escape_from_new_york.views import HIDDEN, hero_view

MAX_WIDTH = 100
#: Characters per space on the map.
CELL_WIDTH = 7

LEGEND = (
    "Map: each space shows its tile (C.. city, P.. park, LIB Library, WTC, ++ printed, "
    "*XX a landmark, *? face down, .. unexplored; a trailing ? an outskirts token face "
    "down, ~ a raft, + another outskirts symbol, g the glider, H the helicopter landed, "
    "h its pad), then who stands there: heroes by initial, Ne N enemies, Ni N item markers, "
    "c a hero's or abandoned car, d a diplomat token."
)


def render_view(view: Mapping[str, Any]) -> str:
    """The page for ``view`` (a seat's, a spectator's or ``all``'s)."""
    if view["seat"] == ALL:
        view = _as_seen_by_all(view)
    rules = rules_for(view["options"])
    table: Mapping[str, Any] = view["table"]
    names = _names(rules.content)
    lines = [*_header(view, names), ""]
    lines += _map(rules, table)
    lines += _wrap(LEGEND)
    lines += _wrap("Spaces: " + ("; ".join(_space_lines(rules, table, names)) or "nothing"))
    lines += _wrap(_barricades(table))
    lines.append("")
    lines += _wrap(_new_york(rules, table, names))
    lines += _wrap(_bosses(rules, table, names))
    lines += _wrap(_timer(table, names))
    lines += _wrap(_events(rules, table, names))
    lines += _wrap(_diplomats(table, names))
    lines += _wrap(_general_supply(table, names))
    lines.append("")
    for seat, hero in table["heroes"].items():
        lines += _hero(rules, view, seat, hero, names)
    lines += _turn(view, names)
    return "\n".join(line.rstrip() for line in lines) + "\n"


def _as_seen_by_all(view: Mapping[str, Any]) -> JSONDict:
    """``all``'s view (the whole table, as saved) in the seats' shape: the public table with
    every hero's board in full. Decks stay face down on the page; ``all`` is for replays and
    debugging, and its data holds the rest."""
    from getaway.games.escape_from_new_york.game import EscapeFromNewYorkState

    keys = ("options", "seed", "rng", "table", "turn")
    saved = {"game": GAME_NAME, "format": SAVE_FORMAT, **{key: view[key] for key in keys}}
    state = EscapeFromNewYorkState.from_json(saved)
    shown = state.view(SPECTATOR)
    shown["table"]["heroes"] = {
        seat: hero_view(hero, owner=True) for seat, hero in view["table"]["heroes"].items()
    }
    shown.update(seat=ALL, turn=view["turn"])
    for key in ("looking_at", "choices"):
        if key in view:
            shown[key] = view[key]
    return shown


# --- names ---------------------------------------------------------------------------------


#: A name by content id, per kind of thing (ids of different kinds may be alike: a timer
#: card and an objective are both ``helicopter``).
Names = Mapping[str, Mapping[str, str]]
#: Names by kind, built once per content (keyed by identity, kept alive with it).
_NAMES: dict[int, tuple[Content, dict[str, dict[str, str]]]] = {}


def _names(content: Content) -> Names:
    """Every card's, tile's and figure's name by kind and id; an objective as what it asks."""
    cached = _NAMES.get(id(content))
    if cached is None or cached[0] is not content:
        cached = _NAMES[id(content)] = (content, _names_of(content))
    return cached[1]


def _names_of(content: Content) -> dict[str, dict[str, str]]:
    groups: dict[str, Iterable[Any]] = {
        "hero": content.heroes.heroes,
        "card": content.hero_cards.cards,
        "item": content.items.items,
        "diplomat": content.diplomats.diplomats,
        "president": content.diplomats.president,
        "new_york": content.new_york.cards,
        "event": content.events.events,
        "timer": content.timer.black,
        "landmark": content.landmarks.landmarks,
        "boss": content.enemies.bosses,
        "car": content.cars.cars,
    }
    found = {kind: {entry.id: entry.name for entry in group} for kind, group in groups.items()}
    found["timer"] |= {red.id: "red timer card" for red in content.timer.red}
    found["timer"][HURRY] = "Hurry!"
    found["objective"] = {}
    for objective in content.objectives.objectives:
        target = objective.target
        if target.kind == "vehicle":
            shown = f"escape by {target.vehicle}"
        elif target.kind == "wanted":
            shown = "hold a Wanted card"
        elif target.card is not None:
            item = found["item"].get(target.card) or found["diplomat"].get(target.card)
            shown = f"reveal {item or target.card}"
        else:
            shown = "reveal a Bridge Diagram"
        found["objective"][objective.id] = f"{shown} ({objective.colour})"
    return found


def _name(names: Mapping[str, str], ident: Any) -> str:
    if ident in (None, HIDDEN):
        return HIDDEN
    return names.get(str(ident), str(ident))


def _listed(names: Mapping[str, str], cards: Iterable[Any]) -> str:
    return ", ".join(_name(names, card) for card in cards) or "none"


def _wrap(text: str) -> list[str]:
    return textwrap.wrap(text, MAX_WIDTH, subsequent_indent="  ", break_on_hyphens=False)


def _cell(cell: Iterable[int]) -> str:
    col, row = cell
    return f"{col},{row}"


def _hero_name(names: Names, hero: Mapping[str, Any]) -> str:
    return _name(names["hero"], hero["hero"])


# --- header and the end ----------------------------------------------------------------------


def _header(view: Mapping[str, Any], names: Names) -> list[str]:
    table = view["table"]
    heroes = table["heroes"]
    seat = view["seat"]
    current = table["turn_order"][table["current"]]
    who = "the whole table" if seat == ALL else "a spectator"
    if seat in heroes:
        who = f"{seat}, playing {_hero_name(names, heroes[seat])}"
    phase = {"hero": "hero phase", "new_york": "New York phase", "over": "game over"}
    stage = view["turn"]["stage"]
    turn = (
        f"Turn of {current} ({_hero_name(names, heroes[current])}): "
        f"{phase[table['phase']]}, step {table['step']} ({stage})"
    )
    if table["phase"] == "over":
        turn = f"Game over, in the turn of {current} ({_hero_name(names, heroes[current])})"
    to_act = ", ".join(view.get("to_act", [])) or "nobody"
    order = " ".join(table["turn_order"])
    return _wrap(f"Escape from New York - seen by {who}. {turn}. To act: {to_act}.") + _wrap(
        f"Turn order: {order}."
    )


def _ending(ended: str, heroes: Mapping[str, Any], names: Names) -> str:
    kind, _, seats = ended.partition(":")
    winners = ", ".join(f"{s} ({_hero_name(names, heroes[s])})" for s in seats.split(",") if s)
    if kind == "team":
        return f"Game over: {winners} crossed the bridge with the President and win."
    if kind == "solo":
        return f"Game over: {winners} escaped alone and wins; everyone else loses."
    return "Game over: the fatal red timer card came up. New York wins, every hero loses."


# --- the map ---------------------------------------------------------------------------------


def _map(rules: Rules, table: Mapping[str, Any]) -> list[str]:
    """The board in offset columns: two text lines per space, the lower columns one text
    line down (half a space)."""
    board = rules.content.board
    spaces = {(s["cell"][0], s["cell"][1]): s for s in table["spaces"]}
    kinds = {(c.col, c.row): c.kind for c in board.cells}
    heroes = table["heroes"]
    down = 1 if board.offset == "odd_columns_down" else 0
    height = 2 * board.rows + 1
    grid = [[" " * CELL_WIDTH for _ in range(board.columns)] for _ in range(height)]
    for (col, row), space in spaces.items():
        top = 2 * row + (1 if col % 2 == down else 0)
        grid[top][col] = _fit(_tile_code(kinds[(col, row)], space, table))
        grid[top + 1][col] = _fit(_figures_code(space, heroes, (col, row)))
    header = "    " + "".join(f"{col:<{CELL_WIDTH}}" for col in range(board.columns))
    lines = [header]
    for number, cells in enumerate(grid):
        label = f"r{number // 2}" if number % 2 == 0 and number // 2 < board.rows else ""
        lines.append(f"{label:<4}" + "".join(cells))
    return lines


def _fit(text: str) -> str:
    return f"{text[: CELL_WIDTH - 1]:<{CELL_WIDTH}}"


def _tile_code(kind: str, space: Mapping[str, Any], table: Mapping[str, Any]) -> str:
    tile = space["tile"]
    if kind == "library":
        code = "LIB"
    elif kind == "wtc":
        code = "WTC"
    elif kind == "library_ring":
        code = "++"
    elif tile is None:
        code = ".."
    elif kind == "landmark":
        code = "*" + ("?" if tile == HIDDEN else "".join(w[0] for w in tile.split("_")).upper())
    else:
        code = str(tile)
    outskirts = space["outskirts"]
    if outskirts is not None:
        code += "?" if not space["outskirts_face_up"] else "~" if "raft" in outskirts else "+"
    if space["glider"]:
        code += "g"
    if space["helicopter"]:
        code += "H" if table["helicopter_landed"] else "h"
    return code


def _figures_code(
    space: Mapping[str, Any], heroes: Mapping[str, Any], cell: tuple[int, int]
) -> str:
    here = [h for h in heroes.values() if (h["cell"][0], h["cell"][1]) == cell]
    code = "".join(str(h["hero"])[0].upper() for h in here)
    prisoners_cars = sum(1 for owner, _taxi in space["cars"] if owner == "prisoner")
    enemies = space["prisoners"] + prisoners_cars + len(space["bosses"])
    if enemies:
        code += f"{enemies}e"
    if space["item_markers"]:
        code += f"{space['item_markers']}i"
    if any(owner != "prisoner" for owner, _taxi in space["cars"]):
        code += "c"
    if space["diplomat_tokens"]:
        code += "d"
    return code


def _space_lines(rules: Rules, table: Mapping[str, Any], names: Names) -> list[str]:
    """Every space with someone or something on it, in words."""
    heroes = table["heroes"]
    found = []
    for space in table["spaces"]:
        cell = (space["cell"][0], space["cell"][1])
        parts = [
            f"{seat} ({_hero_name(names, hero)})"
            for seat, hero in heroes.items()
            if (hero["cell"][0], hero["cell"][1]) == cell
        ]
        if space["prisoners"]:
            parts.append(f"{space['prisoners']} prisoner{'s' * (space['prisoners'] > 1)}")
        parts += [_name(names["boss"], boss) for boss in space["bosses"]]
        for owner, taxi in space["cars"]:
            car = "the Taxi" if taxi else "a car"
            if owner == "none":
                parts.append(f"{car}, abandoned")
            else:
                driver = "a prisoner" if owner == "prisoner" else owner
                parts.append(f"{car} driven by {driver}")
        if space["item_markers"]:
            parts.append(f"{space['item_markers']} item marker(s)")
        parts += [f"diplomat token {n}" for n in space["diplomat_tokens"]]
        if space["glider"]:
            parts.append("the glider")
        if space["helicopter"]:
            parts.append("the helicopter" if table["helicopter_landed"] else "the helipad")
        if space["outskirts"] not in (None, HIDDEN) and space["outskirts_face_up"]:
            parts.append(f"outskirts {space['outskirts']}")
        tile = space["tile"]
        if tile is not None and tile != HIDDEN and space["face_up"]:
            landmark = names["landmark"].get(tile)
            if landmark is not None:
                parts.append(landmark)
        if parts:
            found.append(f"{_cell(cell)}: {', '.join(parts)}")
    return found


def _barricades(table: Mapping[str, Any]) -> str:
    roads = [f"{col},{row} {way} {state}" for col, row, way, state in table["barricades"]]
    return "Barricades: " + (", ".join(roads) or "none")


# --- the boards and decks ------------------------------------------------------------------


def _new_york(rules: Rules, table: Mapping[str, Any], names: Names) -> str:
    base = rules.content.components.base
    deck = table["new_york_deck"]
    discard = _listed(names["new_york"], table["new_york_discard"])
    back = deck["back"]
    top = "empty"
    if back is not None:
        arrows = " ".join(back["arrows"])
        top = f"top back: cost {back['cost']}, arrows {arrows}, barricade {back['barricade']}"
    return (
        f"New York: noise {table['noise']}/{base.noise_track}, mission markers moved "
        f"{table['missions_moved']}/{base.mission_markers}; deck {deck['cards']} cards, {top}; "
        f"in play: {_listed(names['new_york'], table['new_york_in_play'])}; specials waiting "
        f"{table['new_york_specials_size']}; discard: {discard}."
    )


def _bosses(rules: Rules, table: Mapping[str, Any], names: Names) -> str:
    where = {"off_board": "not yet in play", "on_map": "on the map", "dead": "dead"}
    parts = []
    for boss in rules.content.enemies.bosses:
        state = table["boss_state"][boss.id]
        token = table["boss_diplomat"][boss.id]
        carries = f", carrying diplomat token {token}" if token is not None else ""
        hp = f", {table['boss_hp'][boss.id]}/{boss.hp} HP" if state != "dead" else ""
        parts.append(f"{_name(names['boss'], boss.id)} {where[state]}{hp}{carries}")
    return "Bosses: " + "; ".join(parts) + "."


def _timer(table: Mapping[str, Any], names: Names) -> str:
    colours = table["timer_colours"]
    shown = "".join({"black": "B", "hurry": "H", "red": "R"}[c] for c in colours) or "empty"
    revealed = _listed(names["timer"], table["timer_revealed"])
    warning = " The top card is red." if colours and colours[0] == "red" else ""
    return (
        f"Timer deck: {len(colours)} cards, top first {shown} (B black, H Hurry!, R red)."
        f"{warning} Revealed: {revealed}; discarded unseen: "
        f"{table['timer_discarded_size']}."
    )


def _events(rules: Rules, table: Mapping[str, Any], names: Names) -> str:
    level = rules.content.event_track.levels[table["event_level"]]
    return (
        f"Events: level {level} (cards per event space); deck {table['event_deck_size']}; "
        f"discard: {_listed(names['event'], table['event_discard'])}."
    )


def _diplomats(table: Mapping[str, Any], names: Names) -> str:
    parts = []
    for number, slot in enumerate(table["diplomat_slots"], 1):
        token = "token" if slot["token"] else "no token"
        card = "no card" if slot["card"] is None else _name(names["diplomat"], slot["card"])
        parts.append(f"{number}: {token}, {card}")
    president = "taken" if table["president_taken"] else "not yet rescued"
    if table.get("president_dead", False):
        president = "dead (the team cannot escape)"
    in_slot = table["president_slot_size"]
    return (
        f"Diplomat slots: {'; '.join(parts)}. President: {president}, "
        f"{in_slot} card(s) in its slot."
    )


def _general_supply(table: Mapping[str, Any], names: Names) -> str:
    return (
        f"Supply: {table['prisoner_supply']} prisoners, {table['car_figures']} car figures, "
        f"{table['barricade_supply']} barricades, {table['item_markers']} item markers, "
        f"{table['ammo_markers']} ammo; car cards: {_listed(names['car'], table['car_cards'])}; "
        f"decks: city {table['city_deck_size']}, park {table['park_deck_size']}, item "
        f"{table['item_deck_size']} (discard {table['item_discard_size']} face down)."
    )


def _hero(
    rules: Rules,
    view: Mapping[str, Any],
    seat: str,
    hero: Mapping[str, Any],
    names: Names,
) -> list[str]:
    level = sum(1 for token in hero["level_tokens"] if token[0] == "removed")
    active = next((t for t in hero["level_tokens"] if t[0] == "active"), None)
    sets = {s.id: s for s in rules.content.level_tokens.sets}
    token = ""
    if active is not None:
        need = sets[hero["level_set"]].tokens[level]
        token = (
            f", level-{level + 1} token {active[1]}/{need.prisoners} prisoners "
            f"{active[2]}/{need.items} items"
        )
    you = " (you)" if seat == view["seat"] else ""
    weapon = "none"
    if hero["weapon"] is not None:
        weapon = f"{_name(names['item'], hero['weapon'])} ({hero['ammo']} ammo)"
    car = _name(names["car"], hero["car"]) if hero["car"] is not None else "none"
    # Numbered by place: ``use 0``, ``drop 1``, ``show 0``... name a card by its place.
    supply = ", ".join(
        f"{place} "
        + _name(names.get(card[0], {}), card[1])
        + ("" if card[2] or card[1] == HIDDEN else " (face down)")
        for place, card in enumerate(hero["supply"])
    )
    lines = _wrap(
        f"{seat}{you}: {_hero_name(names, hero)} on {_cell(hero['cell'])}, level {level}"
        f"{token}; weapon {weapon}; car {car}; supply: {supply or 'empty'}"
        + (f"; Wanted cards {hero['wanted']}" if hero["wanted"] else "")
        + "."
    )
    if "hand" in hero:
        lines += _wrap(f"  personal ability (typed 'ability N <card>'): {_ability(rules, hero)}.")
        lines += _wrap(
            f"  hand: {_listed(names['card'], hero['hand'])}; "
            f"discard: {_listed(names['card'], hero['discard'])}; "
            f"played: {_listed(names['card'], hero['played'])}; special cards waiting: "
            f"{_listed(names['card'], hero['specials'])}; objectives: "
            f"{_listed(names['objective'], hero['objectives'])}."
        )
        lines += _wrap(_memory(hero, names))
    else:
        lines += _wrap(
            f"  hand {hero['hand_size']} cards, discard {hero['discard_size']}, played "
            f"{hero['played_size']} face down, special cards waiting {hero['specials_size']}; "
            "objectives secret."
        )
    return lines


def _ability(rules: Rules, hero: Mapping[str, Any]) -> str:
    """The personal ability's options by the number ``ability:N:CARD`` gives them, each as
    its effects with their parameters (``0: attack damage 2 range 0``)."""
    data = next(h for h in rules.content.heroes.heroes if h.id == hero["hero"])
    options = []
    for number, effects in enumerate(data.ability):
        said = []
        for effect in effects:
            fields = effect.model_dump(exclude_defaults=True)
            what = str(fields.pop("do")).replace("_", " ")
            said.append(
                " ".join([what, *(f"{k.replace('_', ' ')} {v}" for k, v in fields.items())])
            )
        options.append(f"{number}: {', '.join(said)}")
    return "; ".join(options)


def _memory(hero: Mapping[str, Any], names: Names) -> str:
    """What the hero's player looked at that the table does not show (its memory, where
    the view carries it): face-down landmarks by space, New York cards by their place."""
    landmarks = [
        f"{_name(names['landmark'], tile)} on {col},{row}"
        for col, row, tile in hero.get("seen_landmarks", [])
    ]
    new_york = [
        f"{_name(names['new_york'], card)} {place + 1} from the bottom of the deck"
        for card, place in hero.get("seen_new_york", [])
    ]
    if not landmarks and not new_york:
        return ""
    return "  you saw, face down: " + "; ".join([*landmarks, *new_york]) + "."


def _turn(view: Mapping[str, Any], names: Names) -> list[str]:
    turn = view["turn"]
    table = view["table"]
    lines = [""]
    revealed = _listed(names["card"], turn["revealed"])
    hid = turn.get("hidden")
    ability = "not used"
    if hid is not None or turn.get("ability_used"):
        ability = "used, in place of " + (_name(names["card"], hid) if hid else "a hidden card")
    lines += _wrap(f"This turn: cards revealed: {revealed}; personal ability {ability}.")
    looking = view.get("looking_at")
    if looking is not None:
        kind = "item" if looking["deck"] == "item" else "objective"
        cards = _listed(names[kind], looking["cards"])
        lines += _wrap(f"You are looking at the {looking['deck']} cards: {cards}.")
    lines += _wrap(_choices(view, names))
    if turn["ended"]:
        lines += _wrap(_ending(turn["ended"], table["heroes"], names))
    return lines


def _choices(view: Mapping[str, Any], names: Names) -> str:
    """What the numbers of the seat's choices name (the view's ``choices``): ``hit 0``,
    ``deceive 0 C,R``, ``enemy 0``, ``route 0`` as the moves are typed."""
    choices = view.get("choices")
    if not choices:
        return ""
    parts = []
    for kind in ("hit", "deceive", "enemy"):
        for index, figure in enumerate(choices.get(kind, [])):
            parts.append(f"{kind} {index}: {_figure(figure, names)}")
    if "route" in choices:
        moving = _figure(choices["moving"], names)
        for index, route in enumerate(choices["route"]):
            path = " > ".join(_cell(cell) for cell in route["cells"])
            extra = ""
            if route["carry"] is not None:
                extra += f", picking up the prisoner on {_cell(route['carry'])}"
            if route["ram"]:
                extra += ", ramming a barricade"
            parts.append(f"route {index}: {moving} by {path}{extra}")
    return "Your choices: " + "; ".join(parts) + "."


def _figure(figure: Mapping[str, Any], names: Names) -> str:
    """An enemy figure of the view's ``choices`` in words."""
    where = _cell(figure["cell"])
    what = {"prisoner": "prisoner", "car": "prisoners' car"}.get(figure["kind"], "")
    if figure["kind"] == "boss":
        text = f"{_name(names['boss'], figure['boss'])} on {where}"
    elif figure["alike"] > 1:
        text = f"{what} {figure['number']} of {figure['alike']} on {where}"
    else:
        text = f"the {what} on {where}"
    marks = []
    if figure["wound"]:
        marks.append(f"{figure['wound']} damage taken")
    if figure["deceived"]:
        marks.append("deceived")
    if figure.get("assigned"):
        marks.append(f"{figure['assigned']} damage assigned")
    return f"{text} ({', '.join(marks)})" if marks else text
