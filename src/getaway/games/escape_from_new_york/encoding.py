"""A fixed-size numeric encoding of Escape from New York for learning code (``getaway.rl``).

**Actions.** Every action id the turn can offer (``turns.py``) is listed once, in this order;
the space depends only on the number of heroes (the variants change which ids occur, never
the list, so one policy can play every variant):

==================  ===============================================================
group               ids
==================  ===============================================================
words               ``recover``, ``keep``, ``stop``, ``done``, ``alone``, ``agree``,
                    ``refuse``, ``drive``, ``stay``, ``escape``, ``take-car``,
                    ``abandon-car``, ``pick-up``, ``take-president``, ``fire``,
                    ``library:return``, ``library:item``, ``shop:items``,
                    ``shop:reload:N``, ``swap:COLOUR``
hero cards          ``choose:``, ``play:``, ``ability:N:``, ``return:``, ``medical:``
                    then a card, over every hero card; ``special:`` over the specials
cards looked at     ``keep:ITEM``, ``objective:OBJECTIVE``
other heroes        ``passenger:SEAT``, ``steal:SEAT``: the others clockwise from the
                    seat (the first is the next hero to its left, whoever it is)
supply places       ``show:I``, ``drop:I``, ``drop:I:token``, ``use:I``, ``reveal:I``,
                    ``reveal:I:token``, ``token-item:I`` for I below the supply's limit
                    plus one (a 4th card is dropped at once, §7.8); ``token-item:weapon``
slots, bridges      ``take-diplomat:N``, ``slot:N``; ``attempt:K``, ``bridge:K``
spaces              ``step:C,R:HOW`` (every space, every way of stepping),
                    ``explore:C,R`` (city and park spaces), ``landmark:C,R`` and
                    ``peek:C,R`` (landmark spaces), ``helicopter:C,R`` (park spaces)
figures             ``hit:I``, ``deceive:I:C,R`` and ``enemy:I`` for I below the
                    enemy figures there are (prisoners, car figures, bosses); ``route:J``
                    for J below the most routes an enemy can have (:func:`max_routes`)
==================  ===============================================================

The figure and route indices name entries of lists the rules compute from the public
table (the figures in range, the enemies New York may move next, an enemy's shortest
routes), in the rules' order; their bounds are sound, so many of those ids never occur.

**Observations.** Built from the seat's view only (``state.view(seat)``), never the state,
all values in [0, 1], and **relative to the seat**: hero slot 0 is the seat itself, slot 1
the next hero clockwise, and so on, padded to 4 slots, so the layout is the same for every
seat and every number of heroes. :attr:`EscapeFromNewYorkEncoding.parts` names each part
with its offset and size; ``docs/rl.md`` describes them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cache
from typing import Any, get_args

from getaway.games.escape_from_new_york.catalogue import HURRY, LIBRARY, WTC
from getaway.games.escape_from_new_york.content import Content, load_content
from getaway.games.escape_from_new_york.movement import StepKind
from getaway.games.escape_from_new_york.options import HEROES, SEATS, VARIANTS, normalize
from getaway.games.escape_from_new_york.state import (
    BOSS_STATES,
    COLOURS,
    PHASES,
    SUPPLY_KINDS,
    TOKEN_STATES,
)
from getaway.games.escape_from_new_york.topology import DIRECTIONS, Cell
from getaway.games.escape_from_new_york.turn_common import SUPPLY_LIMIT

#: Hero slots in an observation: the seat, then the others clockwise, padded to 4.
SLOTS = len(SEATS)
#: Supply places an action may name: the limit, plus the card over it dropped at once (§7.8).
SUPPLY_PLACES = SUPPLY_LIMIT + 1
#: The Weapon Shop reloads 1 or 2 ammo (§7.16).
SHOP_RELOADS = (1, 2)
#: The ways a hero may step (``movement.StepKind``).
STEP_KINDS: tuple[str, ...] = get_args(StepKind)
#: Every stage ``Turn.stage`` may hold (``turns.py``): those asking, then the steps that
#: run by themselves.
STAGES = (
    "recover", "choose", "resolve", "passenger", "consent", "reveal-escape", "move",
    "explore", "attack", "deceive", "return", "car", "steal", "peek", "landmark-near",
    "medical", "shop", "keep", "slot", "rescue", "drop", "special", "swap", "objective",
    "landmark", "landmark-next", "helicopter", "helicopter-next", "library", "enemies",
    "building", "damage", "level", "noise", "end",
)  # fmt: skip
#: What a turn's ``source`` names: the thing whose effects are being applied.
SOURCE_KINDS = ("card", "ability", "car", "item", "reveal", "diplomat", "shop", "swap")
#: The kinds of New York's work waiting on the turn's agenda.
AGENDA_KINDS = ("timer", "event", "fx", "gain", "trap", "back")
#: The flags of a move effect under way (``schema.Move``).
MOVE_FLAGS = (
    "up_to", "requires_no_enemies", "destroys_barricades", "ignores_between", "via_manholes",
    "passenger",
)  # fmt: skip
#: The general supply's counts (view key) and the table's flags.
SUPPLY_COUNTS = ("prisoner_supply", "car_figures", "barricade_supply", "item_markers",
                 "ammo_markers", "wanted_cards")  # fmt: skip
TABLE_FLAGS = ("president_taken", "helicopter_landed", "glider_destroyed", "hurry_revealed",
               "president_dead")  # fmt: skip
#: Scales of counts: a typical maximum, not a rule (values are clipped to 1).
SMALL = 3.0
HAND_SCALE = 8.0
PILE_SCALE = 16.0
FIGURES_SCALE = 10.0


# --- the content, read once -----------------------------------------------------------------


def _cells(content: Content, *kinds: str) -> list[Cell]:
    return [(c.col, c.row) for c in content.board.cells if not kinds or c.kind in kinds]


def _cell_id(cell: Cell) -> str:
    return f"{cell[0]},{cell[1]}"


def max_figures(content: Content) -> int:
    """The most enemy figures on the map at once: every prisoner, car and boss figure (a
    prisoner driving a car counts as its car, §8.2)."""
    base = content.components.base
    return base.prisoners + base.car_figures + base.boss_figures


def max_routes(content: Content) -> int:
    """The most routes ``enemy_moves.enemy_routes`` can offer one enemy, a sound bound.

    A route is a walk of at most the enemy's movement points, each step one closer to the
    hero, so it never steps back: the first step has at most ``links`` choices, each later
    one ``links - 1``, where ``links`` is a space's 6 neighbours plus, for figures using
    manholes, the other manhole spaces (every manhole space links to all the others: at
    most the manhole tiles and outskirts tokens there are). A car uses no manholes, and
    may offer each walk once per space it can pick a prisoner up on (its walk's spaces but
    the last). Movement points: the data's, with the New York bonuses of the deck in use
    (the normal or the Hard one, never both)."""
    base = content.enemies.prisoner
    bonus = max(
        sum(
            getattr(effect, "amount", 0)
            for card in content.new_york.cards
            if card.hard == hard
            for effect in card.effects
            if effect.do == "prisoner_bonus" and getattr(effect, "stat", None) == "mp"
        )
        for hard in (False, True)
    )
    manholes = sum(1 for tile in content.tiles.tiles if tile.symbols.manhole)
    manholes += sum(1 for token in content.outskirts.tokens if token.symbols.manhole)
    manholes += sum(1 for cell in content.board.cells if cell.printed and cell.printed.manhole)
    neighbours = len(DIRECTIONS)

    def walks(steps: int, links: int) -> int:
        return links * (links - 1) ** (steps - 1) if steps > 0 else 0

    on_foot = [base.mp + bonus] + [boss.mp for boss in content.enemies.bosses]
    car = base.mp + base.car_mp + bonus
    return max(
        max(walks(mp, neighbours + manholes - 1) for mp in on_foot),
        walks(car, neighbours) * car,
    )


def action_ids(content: Content, seat: str, seats: Sequence[str]) -> tuple[str, ...]:
    """Every action id ``seat`` can be offered in a game seating ``seats``, in the order of
    the module docstring."""
    cards = [card.id for card in content.hero_cards.cards]
    specials = [card.id for card in content.hero_cards.cards if card.special]
    options = max(len(hero.ability) for hero in content.heroes.heroes)
    places = range(SUPPLY_PLACES)
    slots = range(1, content.components.base.diplomat_tokens + 1)
    bridges = [bridge.number for bridge in content.board.bridges]
    mine = seats.index(seat)
    others = [seats[(mine + k) % len(seats)] for k in range(1, len(seats))]
    every = [_cell_id(c) for c in _cells(content)]
    figures = range(max_figures(content))
    ids = ["recover", "keep", "stop", "done", "alone", "agree", "refuse", "drive", "stay"]
    ids += ["escape", "take-car", "abandon-car", "pick-up", "take-president", "fire"]
    ids += ["library:return", "library:item", "shop:items"]
    ids += [f"shop:reload:{n}" for n in SHOP_RELOADS] + [f"swap:{c}" for c in COLOURS]
    ids += [f"choose:{c}" for c in cards] + [f"play:{c}" for c in cards]
    ids += [f"ability:{n}:{c}" for n in range(options) for c in cards]
    ids += [f"return:{c}" for c in cards] + [f"medical:{c}" for c in cards]
    ids += [f"special:{c}" for c in specials]
    ids += [f"keep:{item.id}" for item in content.items.items]
    ids += [f"objective:{o.id}" for o in content.objectives.objectives]
    ids += [f"passenger:{s}" for s in others] + [f"steal:{s}" for s in others]
    for verb in ("show", "drop"):
        ids += [f"{verb}:{i}" for i in places]
    ids += [f"drop:{i}:token" for i in places] + [f"use:{i}" for i in places]
    ids += [f"reveal:{i}" for i in places] + [f"reveal:{i}:token" for i in places]
    ids += [f"token-item:{i}" for i in places] + ["token-item:weapon"]
    ids += [f"take-diplomat:{n}" for n in slots] + [f"slot:{n}" for n in slots]
    ids += [f"attempt:{k}" for k in bridges] + [f"bridge:{k}" for k in bridges]
    ids += [f"step:{cell}:{how}" for cell in every for how in STEP_KINDS]
    ids += [f"explore:{_cell_id(c)}" for c in _cells(content, "city", "park")]
    ids += [f"landmark:{_cell_id(c)}" for c in _cells(content, "landmark")]
    ids += [f"peek:{_cell_id(c)}" for c in _cells(content, "landmark")]
    ids += [f"helicopter:{_cell_id(c)}" for c in _cells(content, "park")]
    ids += [f"hit:{i}" for i in figures]
    ids += [f"deceive:{i}:{cell}" for i in figures for cell in every]
    ids += [f"enemy:{i}" for i in figures]
    ids += [f"route:{j}" for j in range(max_routes(content))]
    return tuple(dict.fromkeys(ids))


class _Layout:
    """Named parts of a flat vector, laid out one after another."""

    def __init__(self) -> None:
        self.parts: dict[str, tuple[int, int]] = {}
        self.size = 0

    def add(self, name: str, size: int) -> int:
        offset = self.size
        self.parts[name] = (offset, size)
        self.size += size
        return offset


class EscapeFromNewYorkEncoding:
    """The action enumeration and observation encoding of a game with ``players`` heroes."""

    def __init__(self, players: int) -> None:
        content = load_content()
        self.seats: tuple[str, ...] = SEATS[:players]
        self._ids = {seat: action_ids(content, seat, self.seats) for seat in self.seats}
        self._index = {
            seat: {action: i for i, action in enumerate(ids)} for seat, ids in self._ids.items()
        }
        self._read_content(content)
        self._lay_out()

    def _read_content(self, content: Content) -> None:
        def index(names: Sequence[str]) -> dict[str, int]:
            return {name: i for i, name in enumerate(dict.fromkeys(names))}

        self._cell_at = {cell: i for i, cell in enumerate(_cells(content))}
        self._tiles = index(
            [t.id for t in content.tiles.tiles]
            + [landmark.id for landmark in content.landmarks.landmarks]
            + [LIBRARY, WTC]
        )
        self._outskirts = index([token.id for token in content.outskirts.tokens])
        self._bosses = index([boss.id for boss in content.enemies.bosses])
        self._boss_hp: dict[str, int] = {boss.id: boss.hp for boss in content.enemies.bosses}
        self._diplomats = index([d.id for d in content.diplomats.diplomats])
        self._supply_ids = index(
            [i.id for i in content.items.items]
            + [d.id for d in content.diplomats.diplomats]
            + [p.id for p in content.diplomats.president]
        )
        self._items = index([i.id for i in content.items.items])
        self._weapons = index([i.id for i in content.items.items if i.weapon])
        self._cars = index([car.id for car in content.cars.cars])
        self._cards = index([card.id for card in content.hero_cards.cards])
        self._objectives = index([o.id for o in content.objectives.objectives])
        self._new_york = index([card.id for card in content.new_york.cards])
        timer = content.timer
        self._timer = index([HURRY, *(c.id for c in timer.black), *(c.id for c in timer.red)])
        self._events = index([event.id for event in content.events.events])
        self._event_copies = max(event.copies for event in content.events.events)
        self._level_sets = index([s.id for s in content.level_tokens.sets])
        self._bridges = index([str(b.number) for b in content.board.bridges])
        self._slots = content.components.base.diplomat_tokens
        self._timer_deck = max(count.timer_deck for count in content.player_counts.counts)
        self._ability_options = max(len(hero.ability) for hero in content.heroes.heroes)
        self._figures = max_figures(content)
        base = content.components.base
        self._noise_track = base.noise_track
        self._missions = base.mission_markers
        self._scales = {
            "prisoner_supply": base.prisoners,
            "car_figures": base.car_figures,
            "barricade_supply": base.barricades,
            "item_markers": base.item_markers,
            "ammo_markers": base.ammo_markers,
            "wanted_cards": content.components.sgb.wanted_cards,
            "city_deck_size": base.city_tiles,
            "park_deck_size": base.park_tiles,
            "item_deck_size": sum(i.copies for i in content.items.items),
            "event_deck_size": sum(e.copies for e in content.events.events),
        }
        self._event_levels = max(content.event_track.levels)

    def _lay_out(self) -> None:
        lay = _Layout()
        cards, cells = len(self._cards), len(self._cell_at)
        add = lay.add
        # The table's time: options, phase, step, stage.
        self._o_players = add("players", SLOTS)
        self._o_variants = add("variants", len(VARIANTS))
        self._o_phase = add("phase", len(PHASES))
        self._o_step = add("step", 12)
        self._o_stage = add("stage", len(STAGES))
        # The map, space by space.
        self._space_fields = _Layout()
        sf = self._space_fields.add
        self._s_tile = sf("tile", len(self._tiles))
        self._s_face_down = sf("face_down_landmark", 1)
        self._s_face_up = sf("face_up", 1)
        self._s_outskirts = sf("outskirts_face_down", 1)
        self._s_outskirts_up = sf("outskirts_face_up", len(self._outskirts))
        self._s_items = sf("item_markers", 1)
        self._s_prisoners = sf("prisoners", 1)
        self._s_prisoner_cars = sf("prisoner_cars", 1)
        self._s_abandoned = sf("abandoned_cars", 1)
        self._s_hero_cars = sf("hero_cars", SLOTS)
        self._s_taxi = sf("taxi", 1)
        self._s_bosses = sf("bosses", len(self._bosses))
        self._s_tokens = sf("diplomat_tokens", self._slots)
        self._s_glider = sf("glider", 1)
        self._s_helicopter = sf("helicopter", 1)
        self._s_heroes = sf("heroes", SLOTS)
        self._s_marks = sf("marks", 4 + len(self._bosses))
        self._o_spaces = add("spaces", cells * self._space_fields.size)
        self._o_barricades = add("barricades", cells * len(DIRECTIONS) * 2)
        # New York.
        self._o_noise = add("noise", 2)
        self._o_bosses = add("bosses", len(self._bosses) * (1 + len(BOSS_STATES) + self._slots))
        self._o_ny_deck = add("new_york_deck", 3 + 2 * len(DIRECTIONS))
        self._o_ny_discard = add("new_york_discard", len(self._new_york))
        self._o_ny_in_play = add("new_york_in_play", len(self._new_york))
        self._o_ny_seen = add("new_york_seen", 2 * len(self._new_york))
        # The timer and the events.
        self._o_timer_colours = add("timer_colours", self._timer_deck * 3)
        self._o_timer_revealed = add("timer_revealed", len(self._timer) + 1)
        self._o_events = add("events", 2 + len(self._events))
        # The decks, the general supply, the flags, the diplomat slots.
        self._o_decks = add("decks", 7)
        self._o_supply = add("general_supply", len(self._cars) + len(SUPPLY_COUNTS))
        self._o_flags = add("flags", len(TABLE_FLAGS))
        self._slot_fields = 4 + len(self._diplomats)
        self._o_slots = add("diplomat_slots", self._slots * self._slot_fields)
        # The heroes, the seat first.
        self._hero_fields = _Layout()
        hf = self._hero_fields.add
        self._h_present = hf("present", 1)
        self._h_current = hf("current", 1)
        self._h_to_act = hf("to_act", 1)
        self._h_hero = hf("hero", len(HEROES))
        self._h_weapon = hf("weapon", len(self._weapons))
        self._h_ammo = hf("ammo", 1)
        self._h_car = hf("car", len(self._cars))
        self._supply_fields = len(SUPPLY_KINDS) + 2 + len(self._supply_ids)
        self._h_supply = hf("supply", SUPPLY_PLACES * self._supply_fields)
        self._h_level_set = hf("level_set", len(self._level_sets))
        self._h_tokens = hf("level_tokens", 3 * (len(TOKEN_STATES) + 2))
        self._h_counts = hf("counts", 5)
        self._o_heroes = add("heroes", SLOTS * self._hero_fields.size)
        # The seat's own secrets.
        self._o_hand = add("my_hand", cards)
        self._o_discard = add("my_discard", cards)
        self._o_played = add("my_played", cards)
        self._o_specials = add("my_specials", cards)
        self._o_objectives = add("my_objectives", len(self._objectives))
        # The turn under way.
        self._o_turn = add("turn", 4)
        self._o_revealed = add("turn_revealed", cards)
        self._o_hidden = add("turn_hidden", cards)
        self._o_source = add(
            "turn_source",
            len(SOURCE_KINDS) + cards + self._ability_options + len(self._supply_ids) + 1,
        )
        self._o_move = add("turn_move", 6 + len(MOVE_FLAGS) + 2 * SLOTS)
        self._o_split = add("turn_split", self._figures)
        self._o_owed = add("turn_owed", 3 + len(AGENDA_KINDS))
        self._o_enemies = add("turn_enemies", 4 + cells + 3)
        self._o_escape = add("turn_escape", 3 + 2 * SLOTS + len(self._bridges))
        self._o_looking = add("looking_at", len(self._items) + len(self._objectives))
        self.parts: dict[str, tuple[int, int]] = dict(lay.parts)
        #: Length of every seat's observation.
        self.observation_size = lay.size

    # Actions ------------------------------------------------------------------------------

    def action_ids(self, seat: str) -> tuple[str, ...]:
        """Every action id that can ever occur for ``seat``; index ``i`` is action ``i``."""
        return self._ids[seat]

    def action_index(self, seat: str) -> Mapping[str, int]:
        """Action id -> its index in :meth:`action_ids` (read-only use)."""
        return self._index[seat]

    def acting_together(self, to_act: Sequence[str]) -> tuple[str, ...]:
        """One seat at a time: the game asks one player at once (the current one, or the
        one asked to ride along or to show cards)."""
        return tuple(to_act[:1])

    # Observations -------------------------------------------------------------------------

    def encode_view(self, view: Mapping[str, Any]) -> list[float]:
        obs = [0.0] * self.observation_size
        for i, x in self.encode_sparse(view).items():
            obs[i] = x
        return obs

    def encode_sparse(self, view: Mapping[str, Any]) -> dict[int, float]:
        """The observation of ``view`` (a seat's) as its nonzero entries, index -> value."""
        obs: dict[int, float] = {}
        seat = view["seat"]
        table = view["table"]
        # Slot k: the k-th seat clockwise from the viewer (seats are in clockwise order).
        mine = self.seats.index(seat)
        slot = {self.seats[(mine + k) % len(self.seats)]: k for k in range(len(self.seats))}
        options = view["options"]
        _one(obs, self._o_players, options["players"] - 1)
        for i, name in enumerate(VARIANTS):
            if options[name]:
                obs[self._o_variants + i] = 1.0
        _one(obs, self._o_phase, _find(PHASES, table["phase"]))
        _one(obs, self._o_step, table["step"] - 1)
        turn = view["turn"]
        _one(obs, self._o_stage, _find(STAGES, turn["stage"]))
        me = table["heroes"][seat]
        self._spaces_part(obs, table, slot, me)
        self._new_york_part(obs, table, me)
        self._timer_part(obs, table)
        self._supply_part(obs, table, seat)
        current = table["turn_order"][table["current"]] if table["phase"] != "over" else None
        for other, k in slot.items():
            self._hero_part(obs, table["heroes"][other], k, other == current, view["to_act"])
        self._own_part(obs, me)
        self._turn_part(obs, turn, slot)
        looking = view.get("looking_at")
        if looking is not None:
            names = self._items if looking["deck"] == "item" else self._objectives
            base = self._o_looking + (0 if looking["deck"] == "item" else len(self._items))
            for card in looking["cards"]:
                _one(obs, base, names.get(card, -1))
        return obs

    def _spaces_part(
        self,
        obs: dict[int, float],
        table: Mapping[str, Any],
        slot: Mapping[str, int],
        me: Mapping[str, Any],
    ) -> None:
        size = self._space_fields.size
        where = self._cell_at
        # What the seat knows lies face down: the landmarks it peeked at (its memory).
        seen = {(col, row): tile for col, row, tile in me.get("seen_landmarks", ())}
        # Most spaces hold little: each field is looked at only when it holds something.
        for space in table["spaces"]:
            col, row = space["cell"]
            base = self._o_spaces + where[col, row] * size
            tile = space["tile"]
            if tile == "?":
                obs[base + self._s_face_down] = 1.0
                tile = seen.get((col, row))
            if tile is not None:
                _one(obs, base + self._s_tile, self._tiles.get(tile, -1))
            if space["face_up"]:
                obs[base + self._s_face_up] = 1.0
            outskirts = space["outskirts"]
            if outskirts == "?":
                obs[base + self._s_outskirts] = 1.0
            elif outskirts is not None:
                _one(obs, base + self._s_outskirts_up, self._outskirts.get(outskirts, -1))
            if space["item_markers"]:
                _put(obs, base + self._s_items, space["item_markers"] / SMALL)
            if space["prisoners"]:
                _put(obs, base + self._s_prisoners, space["prisoners"] / FIGURES_SCALE)
            if space["cars"]:
                self._cars_on(obs, base, space["cars"], slot)
            for boss in space["bosses"]:
                _one(obs, base + self._s_bosses, self._bosses.get(boss, -1))
            for number in space["diplomat_tokens"]:
                _one(obs, base + self._s_tokens, int(number) - 1)
            if space["glider"]:
                obs[base + self._s_glider] = 1.0
            if space["helicopter"]:
                obs[base + self._s_helicopter] = 1.0
        for other, hero in table["heroes"].items():
            col, row = hero["cell"]
            base = self._o_spaces + where[col, row] * size
            obs[base + self._s_heroes + slot[other]] = 1.0
        # The turn's marks: prisoners' damage and deceived figures, per space.
        marks: dict[int, float] = {}
        for col, row, kind, boss, wound, deceived in table["marks"]:
            base = self._o_spaces + where[col, row] * size + self._s_marks
            if kind == "boss":
                if deceived:
                    marks[base + 4 + self._bosses.get(boss, 0)] = 1.0
                continue
            at = base if kind == "prisoner" else base + 2
            marks[at] = marks.get(at, 0.0) + wound / SMALL
            marks[at + 1] = marks.get(at + 1, 0.0) + (1.0 / SMALL if deceived else 0.0)
        for index, value in marks.items():
            _put(obs, index, value)
        for col, row, direction, state in table["barricades"]:
            cell = where.get((col, row))
            if cell is None:
                continue
            at = (cell * len(DIRECTIONS) + DIRECTIONS.index(direction)) * 2
            obs[self._o_barricades + at + (0 if state == "intact" else 1)] = 1.0

    def _cars_on(
        self,
        obs: dict[int, float],
        base: int,
        cars: Sequence[Sequence[Any]],
        slot: Mapping[str, int],
    ) -> None:
        """A space's car figures: driven by prisoners, abandoned, or a hero's (by slot)."""
        prisoner_cars = abandoned = 0
        for owner, taxi in cars:
            if owner == "prisoner":
                prisoner_cars += 1
            elif owner == "none":
                abandoned += 1
            elif owner in slot:
                obs[base + self._s_hero_cars + slot[owner]] = 1.0
            if taxi:
                obs[base + self._s_taxi] = 1.0
        _put(obs, base + self._s_prisoner_cars, prisoner_cars / SMALL)
        _put(obs, base + self._s_abandoned, abandoned / SMALL)

    def _new_york_part(
        self, obs: dict[int, float], table: Mapping[str, Any], me: Mapping[str, Any]
    ) -> None:
        _put(obs, self._o_noise, table["noise"] / self._noise_track)
        _put(obs, self._o_noise + 1, table["missions_moved"] / self._missions)
        fields = 1 + len(BOSS_STATES) + self._slots
        for boss, k in self._bosses.items():
            base = self._o_bosses + k * fields
            _put(obs, base, table["boss_hp"].get(boss, 0) / self._boss_hp[boss])
            _one(obs, base + 1, _find(BOSS_STATES, table["boss_state"].get(boss)))
            token = table["boss_diplomat"].get(boss)
            if token is not None:
                _one(obs, base + 1 + len(BOSS_STATES), int(token) - 1)
        deck = table["new_york_deck"]
        base = self._o_ny_deck
        _put(obs, base, deck["cards"] / len(self._new_york))
        back = deck["back"]
        if back is not None:
            obs[base + 1] = 1.0
            _put(obs, base + 2, back["cost"] / 4)
            for arrow in back["arrows"]:
                obs[base + 3 + DIRECTIONS.index(arrow)] = 1.0
            obs[base + 3 + len(DIRECTIONS) + DIRECTIONS.index(back["barricade"])] = 1.0
        for card in table["new_york_discard"]:
            _one(obs, self._o_ny_discard, self._new_york.get(card, -1))
        for card in table["new_york_in_play"]:
            _one(obs, self._o_ny_in_play, self._new_york.get(card, -1))
        # The seat's memory of New York cards in the deck: where each lies from the top.
        for card, place in me.get("seen_new_york", ()):
            seen = self._new_york.get(card)
            if seen is not None:
                obs[self._o_ny_seen + 2 * seen] = 1.0
                depth = deck["cards"] - 1 - int(place)
                _put(obs, self._o_ny_seen + 2 * seen + 1, depth / len(self._new_york))

    def _timer_part(self, obs: dict[int, float], table: Mapping[str, Any]) -> None:
        for position, colour in enumerate(table["timer_colours"][: self._timer_deck]):
            _one(
                obs, self._o_timer_colours + 3 * position, _find(("black", "hurry", "red"), colour)
            )
        counts: dict[int, float] = {}
        for card in table["timer_revealed"]:
            k = self._timer.get(card)
            if k is not None:
                counts[k] = counts.get(k, 0.0) + 1.0 / SMALL
        for k, value in counts.items():
            _put(obs, self._o_timer_revealed + k, value)
        _put(obs, self._o_timer_revealed + len(self._timer), table["timer_discarded_size"] / 8)
        base = self._o_events
        _put(obs, base, table["event_level"] / self._event_levels)
        _put(obs, base + 1, table["event_deck_size"] / self._scales["event_deck_size"])
        counts = {}
        for event in table["event_discard"]:
            k = self._events.get(event)
            if k is not None:
                counts[k] = counts.get(k, 0.0) + 1.0 / self._event_copies
        for k, value in counts.items():
            _put(obs, base + 2 + k, value)

    def _supply_part(self, obs: dict[int, float], table: Mapping[str, Any], seat: str) -> None:
        base = self._o_decks
        _put(obs, base, table["city_deck_size"] / self._scales["city_deck_size"])
        _put(obs, base + 1, table["park_deck_size"] / self._scales["park_deck_size"])
        _put(obs, base + 2, table["item_deck_size"] / self._scales["item_deck_size"])
        _put(obs, base + 3, table["item_discard_size"] / self._scales["item_deck_size"])
        _put(obs, base + 4, table["president_slot_size"] / SMALL)
        for i, colour in enumerate(COLOURS):
            _put(obs, base + 5 + i, table["objective_deck_sizes"].get(colour, 0) / SMALL)
        for car in table["car_cards"]:
            k = self._cars.get(car)
            if k is not None:
                obs[self._o_supply + k] = min(1.0, obs.get(self._o_supply + k, 0.0) + 0.25)
        for i, name in enumerate(SUPPLY_COUNTS):
            _put(obs, self._o_supply + len(self._cars) + i, table[name] / self._scales[name])
        for i, name in enumerate(TABLE_FLAGS):
            if table[name]:
                obs[self._o_flags + i] = 1.0
        for k, slot in enumerate(table["diplomat_slots"][: self._slots]):
            base = self._o_slots + k * self._slot_fields
            if slot["token"]:
                obs[base] = 1.0
            card = slot["card"]
            if card == "?":
                obs[base + 1] = 1.0
            elif card is not None:
                _one(obs, base + 4, self._diplomats.get(card, -1))
            if slot["face_up"]:
                obs[base + 2] = 1.0
            if seat in slot["known_by"]:
                obs[base + 3] = 1.0

    def _hero_part(
        self,
        obs: dict[int, float],
        hero: Mapping[str, Any],
        k: int,
        current: bool,
        to_act: Sequence[str],
    ) -> None:
        base = self._o_heroes + k * self._hero_fields.size
        obs[base + self._h_present] = 1.0
        if current:
            obs[base + self._h_current] = 1.0
        if hero["seat"] in to_act:
            obs[base + self._h_to_act] = 1.0
        _one(obs, base + self._h_hero, _find(HEROES, hero["hero"]))
        if hero["weapon"] is not None:
            _one(obs, base + self._h_weapon, self._weapons.get(hero["weapon"], -1))
        _put(obs, base + self._h_ammo, hero["ammo"] / 6)
        if hero["car"] is not None:
            _one(obs, base + self._h_car, self._cars.get(hero["car"], -1))
        for place, (kind, card, face_up) in enumerate(hero["supply"][:SUPPLY_PLACES]):
            at = base + self._h_supply + place * self._supply_fields
            if kind == "?":
                obs[at + len(SUPPLY_KINDS) + 1] = 1.0  # a face-down card of another hero
                continue
            _one(obs, at, _find(SUPPLY_KINDS, kind))
            if face_up:
                obs[at + len(SUPPLY_KINDS)] = 1.0
            _one(obs, at + len(SUPPLY_KINDS) + 2, self._supply_ids.get(card, -1))
        _one(obs, base + self._h_level_set, self._level_sets.get(hero["level_set"], -1))
        for i, (state, prisoners, items) in enumerate(hero["level_tokens"][:3]):
            at = base + self._h_tokens + i * (len(TOKEN_STATES) + 2)
            _one(obs, at, _find(TOKEN_STATES, state))
            _put(obs, at + len(TOKEN_STATES), prisoners / SMALL)
            _put(obs, at + len(TOKEN_STATES) + 1, items / SMALL)
        at = base + self._h_counts
        _put(obs, at, hero["wanted"] / SMALL)
        _put(obs, at + 1, hero["hand_size"] / HAND_SCALE)
        _put(obs, at + 2, hero["discard_size"] / PILE_SCALE)
        _put(obs, at + 3, hero["played_size"] / 2)
        _put(obs, at + 4, hero["specials_size"] / 5)

    def _own_part(self, obs: dict[int, float], me: Mapping[str, Any]) -> None:
        for key, base in (
            ("hand", self._o_hand),
            ("discard", self._o_discard),
            ("played", self._o_played),
            ("specials", self._o_specials),
        ):
            for card in me.get(key, ()):
                _one(obs, base, self._cards.get(card, -1))
        for objective in me.get("objectives", ()):
            _one(obs, self._o_objectives, self._objectives.get(objective, -1))

    def _turn_part(
        self, obs: dict[int, float], turn: Mapping[str, Any], slot: Mapping[str, int]
    ) -> None:
        resolved = turn["resolved"]
        count = len(resolved) if isinstance(resolved, list) else int(resolved)
        _put(obs, self._o_turn, count / 2)
        # Whether the ability replaced a card: the owner sees which card, the others that
        # it happened (``ability_used``).
        if turn.get("hidden") is not None or turn.get("ability_used"):
            obs[self._o_turn + 1] = 1.0
        if turn["ended"] is not None:
            obs[self._o_turn + 2] = 1.0
        _put(obs, self._o_turn + 3, turn["effect"] / 8)
        for card in turn["revealed"]:
            _one(obs, self._o_revealed, self._cards.get(card, -1))
        if turn.get("hidden") is not None:
            _one(obs, self._o_hidden, self._cards.get(turn["hidden"], -1))
        self._source_part(obs, turn["source"])
        self._move_part(obs, turn["move"], slot)
        for i, damage in enumerate(turn["split"][: self._figures]):
            _put(obs, self._o_split + i, damage / FIGURES_SCALE)
        base = self._o_owed
        _put(obs, base, turn["timers_owed"] / SMALL)
        _put(obs, base + 1, turn["events_owed"] / SMALL)
        _put(obs, base + 2, len(turn["traps_owed"]) / SMALL)
        kinds: dict[int, float] = {}
        for item in turn["agenda"]:
            k = _find(AGENDA_KINDS, item[0])
            if k >= 0:
                kinds[k] = kinds.get(k, 0.0) + 1.0 / 6
        for k, value in kinds.items():
            _put(obs, base + 3 + k, value)
        self._enemies_part(obs, turn)
        base = self._o_escape
        _put(obs, base, turn["shield"] / SMALL)
        _put(obs, base + 1, turn["count"] / 6)
        _put(obs, base + 2, len(turn["shown"]) / SMALL)
        if turn["asked"] in slot:
            obs[base + 3 + slot[turn["asked"]]] = 1.0
        for other in turn["asking"]:
            if other in slot:
                obs[base + 3 + SLOTS + slot[other]] = 1.0
        if turn["attempt"] is not None:
            _one(obs, base + 3 + 2 * SLOTS, self._bridges.get(str(turn["attempt"]), -1))

    def _source_part(self, obs: dict[int, float], source: Sequence[Any] | None) -> None:
        if not source:
            return
        kind, name = source[0], source[1]
        base = self._o_source
        _one(obs, base, _find(SOURCE_KINDS, kind))
        at = base + len(SOURCE_KINDS)
        cards = len(self._cards)
        if kind == "card":
            _one(obs, at, self._cards.get(name, -1))
        elif kind == "ability" and isinstance(name, int):
            _one(obs, at + cards, name if name < self._ability_options else -1)
        elif kind in ("item", "reveal"):
            _one(obs, at + cards + self._ability_options, self._supply_ids.get(name, -1))
        elif isinstance(name, int):  # a supply place, a number of cards
            _put(obs, at + cards + self._ability_options + len(self._supply_ids), name / SMALL)

    def _move_part(
        self, obs: dict[int, float], move: Mapping[str, Any] | None, slot: Mapping[str, int]
    ) -> None:
        if move is None:
            return
        base = self._o_move
        effect = move["effect"]
        obs[base] = 1.0
        _put(obs, base + 1, effect["steps"] / 6)
        _put(obs, base + 2, move["taken"] / 6)
        _put(obs, base + 3, move["events"] / SMALL)
        if move["ended"]:
            obs[base + 4] = 1.0
        _put(obs, base + 5, len(move["traps"]) / SMALL)
        for i, flag in enumerate(MOVE_FLAGS):
            if effect.get(flag):
                obs[base + 6 + i] = 1.0
        at = base + 6 + len(MOVE_FLAGS)
        if move["seat"] in slot:
            obs[at + slot[move["seat"]]] = 1.0
        if move["passenger"] in slot:
            obs[at + SLOTS + slot[move["passenger"]]] = 1.0

    def _enemies_part(self, obs: dict[int, float], turn: Mapping[str, Any]) -> None:
        base = self._o_enemies
        run = turn["enemies"]
        if run is not None:
            obs[base] = 1.0
            if run["limit"] is None:
                obs[base + 1] = 1.0
            else:
                _put(obs, base + 2, run["limit"] / 6)
            _put(obs, base + 3, run["moved"] / FIGURES_SCALE)
        chosen = turn["chosen_enemy"]
        if chosen is not None:
            col, row, kind = chosen[0], chosen[1], chosen[2]
            _one(obs, base + 4, self._cell_at.get((col, row), -1))
            _one(obs, base + 4 + len(self._cell_at), _find(("prisoner", "car", "boss"), kind))


def _find(options: Sequence[Any], value: Any) -> int:
    return options.index(value) if value in options else -1


def _one(obs: dict[int, float], base: int, index: int) -> None:
    """Set the one-hot bit ``index`` after ``base`` (nothing for ``-1``: unknown)."""
    if index >= 0:
        obs[base + index] = 1.0


def _put(obs: dict[int, float], index: int, value: float) -> None:
    """A count scaled into [0, 1] (clipped: a scale is a typical maximum, not a rule)."""
    if value > 0:
        obs[index] = min(1.0, float(value))


@cache
def _cached(players: int) -> EscapeFromNewYorkEncoding:
    return EscapeFromNewYorkEncoding(players)


def encoding(options: Mapping[str, Any] | None = None) -> EscapeFromNewYorkEncoding:
    """The encoding of a game with these options (shared: one per number of heroes, since
    the options change nothing else in it)."""
    return _cached(int(normalize(options)["players"]))
