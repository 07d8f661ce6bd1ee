"""The one place where the terminal rendering reads a view: :func:`adapt` turns a view dict
into a :class:`Scene`, the plain values the ``render_*`` modules draw.

Two shapes are read, so the switch to the seats' views (§21.2) needs nothing more:

* the ``all`` view on main today (``EscapePlanState.view("all")``, the same dict as
  ``to_json``: ``{"table": ..., "decision": {"seat", "steps"}, "seed": ..., "rng": ...}``),
  with every deck in order and no legal actions: these are worked out from the state the
  view describes (:func:`_legal_from_all_view`);
* the seats' views as ep-views builds them: ``seat``, ``to_act``, ``over``,
  ``legal_actions`` (seat -> ids), ``decision`` as the viewing seat's steps (a list) or
  ``None``; in the table, ``cash`` and ``escape_plan`` ``None`` for others, a face-down
  Locker or Exit tile as ``black:?``, and the hidden decks as their sizes under other
  names (``stack_sizes``, ``patrol_deck_size``, ``exit_stack_sizes``, ``locker_sizes``,
  ``contact_deck_size``; the automata's ``deck_cards``).

Every field a seat may not see is read as optional (:func:`_first`) and becomes ``None``,
which the renderers print as ``?``; a deck may be a list (its order) or a number (its
size). Nothing here changes the view, and nothing but this module knows its keys.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from getaway.core.errors import GetawayError
from getaway.core.game import ALL
from getaway.games.escape_plan.city import CityMap
from getaway.games.escape_plan.content import Content, load_content
from getaway.games.escape_plan.topology import SquareTopology

#: What an action id costs, in words, when the view cannot tell: empty.
NO_COST = ""


@dataclass(frozen=True, slots=True)
class PieceView:
    """A tile or card on a board space; ``id`` is ``None`` when the viewer may not see it."""

    kind: str
    id: str | None
    face_up: bool


@dataclass(frozen=True, slots=True)
class BoardView:
    """A player's board and pawn. ``cash`` and ``escape_plan`` are ``None`` when hidden."""

    seat: str
    status: str
    location: str | None
    cash: int | None
    escape_plan: int | None
    income_cubes: int
    notoriety: int
    noto_red: int
    noto_blue: int
    wounds_red: int
    handcuffs: int
    rest_sun: bool
    first_aid_up: bool
    gas_cans: int
    discs: int
    unlocked: tuple[tuple[str, bool] | None, ...]
    items: tuple[PieceView | None, ...]
    contacts: tuple[PieceView | None, ...]
    cuffed: tuple[bool, ...]
    keys: tuple[tuple[str, bool] | None, ...]
    gang_members: tuple[str, ...]
    control_markers: int
    bonuses: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class AutomatonView:
    """Sandra or Lieutenant Costa: what the table shows of them."""

    name: str
    status: str
    location: str | None
    notoriety: int
    noto_up: int
    noto_down: int
    discs: int
    deck_size: int | None
    contacts: tuple[str, ...]
    piles: int
    bonuses: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class BuildingView:
    """A Business or Safe House: where it stands (a node) and its cubes (owner, hex kind)."""

    id: str
    placed_on: str | None
    closed: bool
    cubes: tuple[tuple[str, str], ...]


@dataclass(frozen=True, slots=True)
class Choice:
    """One legal action of a seat to act, with what it costs in words (``""``: nothing
    worth saying)."""

    seat: str
    id: str
    cost: str


@dataclass(frozen=True, slots=True)
class Scene:
    """Everything the renderers draw, read once from a view."""

    viewer: str
    day: int
    phase: str
    part: str
    stage: str
    turn_order: tuple[str, ...]
    to_act: tuple[str, ...]
    city: CityMap
    police: Mapping[str, tuple[str, ...]]
    display: tuple[str, ...]
    stack_sizes: Mapping[str, int | None]
    bag: Mapping[str, int]
    patrol_deck: int | None
    patrol_spaces: Mapping[int, int]
    exit_stack_of: Mapping[int, str]
    exit_stack_sizes: Mapping[str, int | None]
    businesses: tuple[BuildingView, ...]
    safe_houses: tuple[BuildingView, ...]
    safe_house_keys: Mapping[str, tuple[str, ...]]
    fixers: tuple[str, ...]
    locker_sizes: Mapping[str, int | None]
    equipment: Mapping[str, int]
    gas_cans: int
    gang_area: int
    gangs: Mapping[str, tuple[int, str | None]]
    contact_deck: int | None
    contact_display: tuple[str, ...]
    discs: int
    handcuffs: int
    escaped: tuple[str, ...]
    arrested: tuple[str, ...]
    players: tuple[BoardView, ...]
    automata: tuple[AutomatonView, ...]
    #: The open decision: whose, and the steps taken so far (only the deciding seat's view
    #: and ``all`` show it).
    decision_seat: str | None
    decision_steps: tuple[str, ...]
    choices: tuple[Choice, ...]
    #: Why the choices could not be worked out from the view, if they could not.
    choices_problem: str | None
    over: bool
    content: Content


def adapt(view: Mapping[str, Any]) -> Scene:
    """The :class:`Scene` of a view (see the module docstring for which views)."""
    content = load_content()
    table: Mapping[str, Any] = view["table"]
    viewer = str(view.get("seat", ALL))
    city = _city(content, table["city"])
    decision_seat, decision_steps = _decision(view.get("decision"), viewer)
    queue = [str(s) for s in table["queue"]]
    stage = str(table["stage"])
    to_act = tuple(queue[:1]) if stage != "none" and queue else ()
    if "to_act" in view:
        to_act = tuple(str(s) for s in view["to_act"])
    scene = Scene(
        viewer=viewer,
        day=int(table["day"]),
        phase=str(table["phase"]),
        part=str(table["part"]),
        stage=stage,
        turn_order=tuple(str(s) for s in table["turn_order"]),
        to_act=to_act,
        city=city,
        police={str(k): tuple(v) for k, v in table["police"].items()},
        display=tuple(table["display"]),
        stack_sizes=_sizes(_first(table, "stacks", "stack_sizes")),
        bag={str(k): int(v) for k, v in (_first(table, "bag") or {}).items()},
        patrol_deck=_size(_first(table, "patrol_deck", "patrol_deck_size")),
        patrol_spaces={int(k): int(v) for k, v in table["patrol_spaces"].items()},
        exit_stack_of={int(k): str(v) for k, v in table["exit_stack_of"].items()},
        exit_stack_sizes=_sizes(_first(table, "exit_stacks", "exit_stack_sizes")),
        businesses=_buildings(table["businesses"]),
        safe_houses=_buildings(table["safe_houses"]),
        safe_house_keys={str(k): tuple(v) for k, v in table["safe_house_keys"].items()},
        fixers=tuple(table["fixers"]),
        locker_sizes=_sizes(_first(table, "lockers", "locker_sizes")),
        equipment={str(k): int(v) for k, v in table["equipment"].items()},
        gas_cans=int(table["gas_cans"]),
        gang_area=int(table["gang_area"]),
        gangs={str(k): (int(v[0]), v[1]) for k, v in table["gangs"].items()},
        contact_deck=_size(_first(table, "contact_deck", "contact_deck_size")),
        contact_display=tuple(table["contact_display"]),
        discs=int(table["discs"]),
        handcuffs=int(table["handcuffs"]),
        escaped=tuple(table["escaped"]),
        arrested=tuple(table["arrested"]),
        players=tuple(_board(p) for p in table["players"].values()),
        automata=tuple(_automaton(a) for a in table["automata"].values()),
        decision_seat=decision_seat,
        decision_steps=decision_steps,
        choices=(),
        choices_problem=None,
        over=bool(view.get("over", str(table["phase"]) == "END")),
        content=content,
    )
    return _with_choices(scene, view)


# --- reading values that a seat's view may hide --------------------------------------------


def _first(data: Mapping[str, Any], *keys: str) -> Any:
    """The value of the first of ``keys`` the view has: a hidden field's name in the
    ``all`` view, then what a seat's view shows of it; ``None`` when it has neither."""
    for key in keys:
        if key in data:
            return data[key]
    return None


def _sizes(value: Any) -> dict[str, int | None]:
    """Stacks by name as their sizes (``value`` maps names to lists or sizes)."""
    return {str(k): _size(v) for k, v in (value or {}).items()}


def _decision(data: Any, viewer: str) -> tuple[str | None, tuple[str, ...]]:
    """(seat, steps) of the open decision: ``{"seat", "steps"}`` in the ``all`` view, the
    viewing seat's own steps (a list) in a seat's view."""
    if not data:
        return None, ()
    if isinstance(data, Mapping):
        return str(data["seat"]), tuple(str(s) for s in data["steps"])
    return viewer, tuple(str(s) for s in data)


def _size(value: Any) -> int | None:
    """How many cards or tiles a deck or stack holds: its length when the view gives the
    order, the number itself when it gives only the size, ``None`` when it gives neither."""
    if value is None:
        return None
    if isinstance(value, int):
        return value
    return len(value)


def _optional_int(value: Any) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def _city(content: Content, placed: Sequence[Sequence[Any]]) -> CityMap:
    city = CityMap(SquareTopology())
    for tile_id, x, y, rotation in placed:
        city = city.with_tile(content.tile(str(tile_id)), (int(x), int(y)), int(rotation))
    return city


def _piece(data: Any) -> PieceView | None:
    if data is None:
        return None
    if isinstance(data, Mapping):
        kind, ident, face_up = data.get("kind", "?"), data.get("id"), data.get("face_up", False)
    else:
        kind, ident, face_up = data[0], data[1] if len(data) > 1 else None, data[-1]
    return PieceView(str(kind), None if ident is None else str(ident), bool(face_up))


def _pairs(values: Sequence[Any]) -> tuple[tuple[str, bool] | None, ...]:
    return tuple(None if v is None else (str(v[0]), bool(v[1])) for v in values)


def _board(data: Mapping[str, Any]) -> BoardView:
    return BoardView(
        seat=str(data["seat"]),
        status=str(data["status"]),
        location=data["location"],
        cash=_optional_int(data.get("cash")),
        escape_plan=_optional_int(data.get("escape_plan")),
        income_cubes=int(data["income_cubes"]),
        notoriety=int(data["notoriety"]),
        noto_red=int(data["noto_red"]),
        noto_blue=int(data["noto_blue"]),
        wounds_red=int(data["wounds_red"]),
        handcuffs=int(data["handcuffs"]),
        rest_sun=bool(data["rest_sun"]),
        first_aid_up=bool(data["first_aid_up"]),
        gas_cans=int(data["gas_cans"]),
        discs=int(data["discs"]),
        unlocked=_pairs(data["unlocked"]),
        items=tuple(_piece(p) for p in data["items"]),
        contacts=tuple(_piece(p) for p in data["contacts"]),
        cuffed=tuple(bool(c) for c in data["cuffed"]),
        keys=_pairs(data["keys"]),
        gang_members=tuple(data["gang_members"]),
        control_markers=int(data["control_markers"]),
        bonuses=tuple(data["bonuses"]),
    )


def _automaton(data: Mapping[str, Any]) -> AutomatonView:
    return AutomatonView(
        name=str(data["name"]),
        status=str(data["status"]),
        location=data["location"],
        notoriety=int(data["notoriety"]),
        noto_up=int(data["noto_up"]),
        noto_down=int(data["noto_down"]),
        discs=int(data["discs"]),
        deck_size=_size(_first(data, "deck", "deck_cards")),
        contacts=tuple(data["contacts"]),
        piles=len(data.get("piles") or ()),
        bonuses=tuple(data["bonuses"]),
    )


def _buildings(data: Mapping[str, Any]) -> tuple[BuildingView, ...]:
    return tuple(
        BuildingView(
            str(key),
            value["placed_on"],
            bool(value["closed"]),
            tuple((str(c[0]), str(c[1])) for c in value["cubes"]),
        )
        for key, value in data.items()
    )


# --- the legal choices --------------------------------------------------------------------


def _with_choices(scene: Scene, view: Mapping[str, Any]) -> Scene:
    legal = _first(view, "legal_actions", "legal")
    problem = None
    if legal is None:
        try:
            legal = _legal_from_all_view(view, scene)
        except GetawayError as error:
            # A page that cannot list the choices still shows the table, and says why.
            legal, problem = {}, str(error)
    if not isinstance(legal, Mapping):
        seat = scene.viewer if scene.viewer in scene.to_act else next(iter(scene.to_act), "")
        legal = {seat: legal}
    choices = tuple(
        Choice(seat, str(action), step_cost(scene, seat, str(action)))
        for seat, actions in legal.items()
        for action in actions
    )
    return replace(scene, choices=choices, choices_problem=problem)


def _legal_from_all_view(view: Mapping[str, Any], scene: Scene) -> dict[str, list[str]]:
    """The ``all`` view is a whole state: rebuild it and ask it. A view that is not one
    (a seat's, without ``legal``) shows no choices rather than guessing them."""
    if scene.viewer != ALL or "rng" not in view or not scene.to_act:
        return {}
    # Imported here: game.py will import this package's render module for Game.render.
    from getaway.games.escape_plan.game import EscapePlanState

    state = EscapePlanState.from_json(view)
    return {seat: list(state.legal_actions(seat)) for seat in state.to_act()}


def step_cost(scene: Scene, seat: str, action: str) -> str:
    """What taking ``action`` now costs, in words, as far as the view tells: the MP of a
    movement step (``movement_map``'s numbers, a walk's from the map's links), the price
    of an unlock, a disc, a Wound, the escape cost. Tool prices are not in the id: none."""
    from getaway.games.escape_plan.movement_map import FLIGHT_COST, METRO_BONUS
    from getaway.games.escape_plan.options import INCOME_UNLOCK_PRICE

    verb, _, argument = action.partition(":")
    if verb == "unlock":
        return f"${INCOME_UNLOCK_PRICE}k" if scene.stage == "income_unlock" else "free (Rest)"
    if verb == "disc":
        return "1 Extra Action disc"
    if verb in ("walk", "jetski"):
        here = _path_end(scene, seat)
        if here is not None and argument in scene.city.links.get(here, {}):
            return f"{scene.city.links[here][argument]} MP"
    if verb in ("fly", "heli"):
        return f"{FLIGHT_COST} MP"
    if verb == "metro":
        ridden = scene.decision_seat == seat and any(
            step.startswith("metro:") for step in scene.decision_steps
        )
        return "0 MP" if ridden else f"{METRO_BONUS} MP (first ride this turn)"
    if verb == "gas":
        return "+1 MP for a Gas Can"
    if verb == "medevac":
        return "0 MP, ends the move"
    if verb == "escape":
        costs = scene.content.for_players(max(1, len(scene.players))).exit_costs
        order = len(scene.escaped)
        return f"escape cost ${costs[order]}k" if order < len(costs) else NO_COST
    if verb == "wound":
        return "1 Wound"
    return NO_COST


def _path_end(scene: Scene, seat: str) -> str | None:
    """Where the seat's pawn is on its open Move: its location, then each node walked to."""
    board = next((b for b in scene.players if b.seat == seat), None)
    if board is None:
        return None
    here = board.location
    if scene.decision_seat == seat:
        for step in scene.decision_steps:
            verb, _, argument = step.partition(":")
            node = argument.rsplit(":", 1)[-1]  # heli:<tool>:<node> names the node last
            if "." in node and verb not in ("tile", "cell", "turn"):
                here = node
    return here
