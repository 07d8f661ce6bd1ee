"""Per-seat views: the one place where secrets are stripped (spec §21.2).

Every seat and spectators see the public table: the city, the display, the police, the
Patrol spaces, the buildings and their cubes (hexes included), keys, Fixers, the supplies,
the Contact display, every board's pieces, notoriety, wounds and gang members, and the
automata's pawns, cubes and Contact cards. What is hidden is replaced in the same place of
the table by what may be known of it:

* a player's ``cash`` and ``escape_plan``: ``None`` except in that player's own view (§12);
* a face-down Locker or Exit tile on a board: its stack shown, its value ``?``
  (``["locker", "black:?", false]``) except to its owner;
* the deck orders, as their sizes only: the City stacks (``stack_sizes``), the Patrol deck
  (``patrol_deck_size``; the card removed at setup is not shown at all), the Exit-tile
  stacks (``exit_stack_sizes``), the Locker stacks (``locker_sizes``) and the Contact deck
  (``contact_deck_size``);
* Sandra's and Costa's decks as their cards in name order (``deck_cards``): every card that
  left them was seen, so what is left is public, its order is not;
* Costa's Escape Plan card (``None``) and the values of the tiles in his piles (taken unseen,
  §16.2: ``locker:black:?``);
* the value of a Locker or Exit tile picked in the visit under way (``visit_steps``:
  ``visit:pick:?:2``) except to the visitor. The tiles drawn to pick from are in the
  visitor's legal actions only (``visit:pick:<value>:<space>``).

When the game is over the final scoring (§14) opens every board and Costa's card: cash,
Escape Plan cards and tile values are then shown to everyone. Deck orders stay hidden.

Besides the table a view holds who is to act, the open decision in steps of the viewing
seat only (nobody else learns that one is open, :meth:`Decision.seen_by`) and that seat's
legal actions. ``all`` sees the whole table, every open decision, every seat's legal
actions, the seed and the generator (replays and debugging; never sent to a player).

The table's fields are classified below, every one of them: a field added to the state
later is left out of the seats' views until it is classified here (a test names it).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from typing import TYPE_CHECKING, Any

from getaway.core import ALL, JSONDict
from getaway.games.escape_plan.options import GAME_NAME
from getaway.games.escape_plan.public import hide_secret_value
from getaway.games.escape_plan.state import TABLE_JSON
from getaway.games.escape_plan.visit import drawn_tiles

if TYPE_CHECKING:
    from getaway.games.escape_plan.game import EscapePlanState

#: Stands for a secret value in a view (as in the public actions, ``getaway.core.HIDDEN``).
HIDDEN = "?"

#: Table fields every viewer sees as they are.
PUBLIC_TABLE_FIELDS = frozenset(
    {
        "day",
        "phase",
        "part",
        "turn_order",
        "stage",
        "queue",
        "placers",
        "disc_owners",
        "city",
        "display",
        "police",
        "bag",
        "box",
        "patrol_spaces",
        "exit_stack_of",
        "businesses",
        "safe_houses",
        "safe_house_keys",
        "fixers",
        "equipment",
        "gas_cans",
        "gang_area",
        "gangs",
        "contact_display",
        "discs",
        "handcuffs",
        "escaped",
        "arrested",
        # The Notoriety half under way (§10: markers still to move, police moves and unlocks
        # owed), added by the engine's Notoriety wiring: public like the markers.
        "noto_left",
        "noto_tasks",
        # The turn after its Rest or Move (turns.py): an executive action's component waiting
        # for its target, and the Handcuffs choices owed, are done in the open.
        "exec_open",
        "cuffs_due",
    }
)


def _sizes(value: Mapping[str, list[Any]]) -> dict[str, int]:
    return {key: len(cards) for key, cards in value.items()}


#: Table fields hidden from every seat: field -> (the name it is shown under, what is shown
#: of it). ``None`` for the name: not shown at all.
HIDDEN_TABLE_FIELDS: dict[str, tuple[str | None, Callable[[Any], Any]]] = {
    "stacks": ("stack_sizes", _sizes),
    "patrol_deck": ("patrol_deck_size", len),
    "patrol_removed": (None, lambda _: None),
    "exit_stacks": ("exit_stack_sizes", _sizes),
    "lockers": ("locker_sizes", _sizes),
    "contact_deck": ("contact_deck_size", len),
}

#: Table fields shown to every seat with the secret values inside them hidden (see
#: ``build_view``): the steps of the visit under way.
MASKED_TABLE_FIELDS = frozenset({"visit_steps"})

#: Fields of a board (``Player.to_json``) that are the owner's secret (§12, §21.2), and the
#: ones that hold tiles which may lie face down.
SECRET_PLAYER_FIELDS = frozenset({"cash", "escape_plan"})
PIECE_FIELDS = frozenset({"items", "contacts"})
PUBLIC_PLAYER_FIELDS = frozenset(
    {
        "seat",
        "status",
        "location",
        "income_cubes",
        "notoriety",
        "noto_red",
        "noto_blue",
        "wounds_red",
        "handcuffs",
        "rest_sun",
        "first_aid_up",
        "gas_cans",
        "discs",
        "unlocked",
        "cuffed",
        "keys",
        "gang_members",
        "control_markers",
        "bonuses",
    }
)
#: Tiles whose face-down side hides a value (§7.5.5, §7.5.9). Face-down Contact cards,
#: Equipment and Assets are only used, and public.
SECRET_PIECE_KINDS = frozenset({"locker", "exit"})

#: Fields of Sandra and Costa (``Automaton.to_json``): the deck is shown as its cards in
#: name order, Costa's card and his piles' values are hidden from all.
PUBLIC_AUTOMATON_FIELDS = frozenset(
    {
        "name",
        "status",
        "location",
        "notoriety",
        "noto_up",
        "noto_down",
        "discs",
        "contacts",
        "bonuses",
    }
)
HIDDEN_AUTOMATON_FIELDS = frozenset({"deck", "escape_plan", "piles"})


def _seat_fields() -> tuple[tuple[str, str], ...]:
    """(name in a seat's view, table field) for every classified table field, in the table's
    order: a field that is not classified is left out (safe), and a test names it."""
    fields = []
    for key in TABLE_JSON:
        if key in PUBLIC_TABLE_FIELDS or key in SEAT_DEPENDENT_FIELDS:
            fields.append((key, key))
        elif key in HIDDEN_TABLE_FIELDS:
            name = HIDDEN_TABLE_FIELDS[key][0]
            if name is not None:
                fields.append((name, key))
    return tuple(fields)


#: Table fields whose view depends on the viewer (boards, visit steps) or on the game's end.
SEAT_DEPENDENT_FIELDS = frozenset({"players", "automata"}) | MASKED_TABLE_FIELDS
SEAT_FIELDS = _seat_fields()


def seat_field(state: EscapePlanState, seat: str, key: str) -> Any:
    """Table field ``key`` as ``seat`` sees it (``key`` one of :data:`SEAT_FIELDS`' fields)."""
    value = TABLE_JSON[key](state.table)
    if key in PUBLIC_TABLE_FIELDS:
        return value
    hidden = HIDDEN_TABLE_FIELDS.get(key)
    if hidden is not None:
        return hidden[1](value)
    over = state.is_over()
    if key == "players":
        return {
            owner: player_view(board, sees_secrets=over or owner == seat)
            for owner, board in value.items()
        }
    if key == "automata":
        return {name: automaton_view(bot, over) for name, bot in value.items()}
    # ``visit_steps``: the visit's steps are done in the open but for the value of a tile
    # picked among those drawn unseen (``visit:pick:?:2``), known to the visitor only.
    mover = state.table.queue[0] if state.table.queue else None
    return value if mover == seat else [hide_secret_value(step) for step in value]


def _drawn(state: EscapePlanState, seat: str) -> JSONDict | None:
    """The tiles the visitor drew to pick from (§7.5.5, §7.5.9): his alone."""
    drawn = drawn_tiles(state, seat)
    if drawn is None:
        return None
    kind, stack, values = drawn
    return {"kind": kind, "stack": stack, "values": values}


def build_view(state: EscapePlanState, seat: str) -> JSONDict:
    """``state.view(seat)``: see the module docstring."""
    if seat == ALL:
        return _all_view(state)
    shown: JSONDict = {name: seat_field(state, seat, key) for name, key in SEAT_FIELDS}
    drawn = _drawn(state, seat)
    if drawn is not None:
        shown["drawn"] = drawn
    decision = state.decision
    legal = {seat: list(state.legal_actions(seat))} if seat in state.to_act() else {}
    return {
        "game": GAME_NAME,
        "seat": seat,
        "options": dict(state.rules.options),
        "over": state.is_over(),
        "to_act": list(state.to_act()),
        "table": shown,
        "decision": None if decision is None else decision.seen_by(seat),
        "legal_actions": legal,
    }


class _Lazy(Mapping[str, Any]):
    """A mapping whose values are computed on first reading, in a fixed order of keys."""

    __slots__ = ("_keys", "_made", "_make")

    def __init__(self, keys: dict[str, Any], make: Callable[[str], Any]) -> None:
        #: key -> what ``make`` is given for it.
        self._keys = keys
        self._make = make
        self._made: dict[str, Any] = {}

    def __getitem__(self, key: str) -> Any:
        made = self._made
        if key in made:
            return made[key]
        if key not in self._keys:
            raise KeyError(key)
        value = made[key] = self._make(self._keys[key])
        return value

    def __iter__(self) -> Iterator[str]:
        return iter(self._keys)

    def __len__(self) -> int:
        return len(self._keys)


def lazy_view(state: EscapePlanState, seat: str) -> Mapping[str, Any]:
    """:func:`build_view` of a seat, each field built when first read: the same keys in the
    same order and the same values (``dict`` of it, recursively, equals the view), for a
    reader that looks at a few fields (the heuristic in a search's playouts reads a tenth of
    the table). It reads the state when a field is first read: valid until the state
    changes."""
    if seat == ALL:
        return _all_view(state)
    table_keys: dict[str, Any] = dict(SEAT_FIELDS)
    drawn = _drawn(state, seat)
    if drawn is not None:
        table_keys["drawn"] = None

    def table_field(key: str | None) -> Any:
        return drawn if key is None else seat_field(state, seat, key)

    def top(key: str) -> Any:
        if key == "game":
            return GAME_NAME
        if key == "seat":
            return seat
        if key == "options":
            return dict(state.rules.options)
        if key == "over":
            return state.is_over()
        if key == "to_act":
            return list(state.to_act())
        if key == "table":
            return _Lazy(table_keys, table_field)
        if key == "decision":
            decision = state.decision
            return None if decision is None else decision.seen_by(seat)
        return {seat: list(state.legal_actions(seat))} if seat in state.to_act() else {}

    return _Lazy({key: key for key in VIEW_KEYS}, top)


#: The keys of a seat's view, in order.
VIEW_KEYS = ("game", "seat", "options", "over", "to_act", "table", "decision", "legal_actions")


def _all_view(state: EscapePlanState) -> JSONDict:
    decision = state.decision
    return {
        "game": GAME_NAME,
        "seat": ALL,
        "options": dict(state.rules.options),
        "over": state.is_over(),
        "to_act": list(state.to_act()),
        "table": state.table.to_json(),
        "decision": None if decision is None else decision.to_json(),
        "legal_actions": {s: list(state.legal_actions(s)) for s in state.to_act()},
        "seed": state.seed,
        "rng": state.rng.state,
    }


def player_view(board: JSONDict, sees_secrets: bool) -> JSONDict:
    """A board (``Player.to_json``) as a viewer sees it: all of it for its owner (and
    everyone once the game is over), else without cash, Escape Plan card and the values of
    face-down Locker and Exit tiles."""
    if sees_secrets:
        return board
    shown: JSONDict = {}
    for key, value in board.items():
        if key in PUBLIC_PLAYER_FIELDS:
            shown[key] = value
        elif key in SECRET_PLAYER_FIELDS:
            shown[key] = None
        elif key in PIECE_FIELDS:
            shown[key] = [piece_view(piece) for piece in value]
    return shown


def piece_view(piece: list[Any] | None) -> list[Any] | None:
    """A piece (``Piece.to_json``) as others see it: a face-down Locker or Exit tile shows
    its stack (``black:?``), nothing of its value."""
    if piece is None:
        return None
    kind, ident, face_up = piece
    if kind in SECRET_PIECE_KINDS and not face_up:
        return [kind, hide_value(ident), face_up]
    return piece


def hide_value(ident: str) -> str:
    """``"black:70"`` -> ``"black:?"``; ``"locker:black:70"`` -> ``"locker:black:?"``."""
    return f"{ident.rpartition(':')[0]}:{HIDDEN}"


def automaton_view(bot: JSONDict, over: bool) -> JSONDict:
    """Sandra or Costa (``Automaton.to_json``) as every seat sees them."""
    shown: JSONDict = {}
    for key, value in bot.items():
        if key in PUBLIC_AUTOMATON_FIELDS:
            shown[key] = value
        elif key == "deck":
            shown["deck_cards"] = sorted(value)
        elif key == "escape_plan":
            shown[key] = value if over else None
        elif key == "piles":
            shown[key] = value if over else [[hide_value(t) for t in pile] for pile in value]
    return shown
