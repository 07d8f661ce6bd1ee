"""Sampling full states consistent with what one seat knows (``Game.determinize``, spec §13).

Bots search from these samples, never from the true state. A seat's view (``views.py`` and
the game's ``view``) holds the public table and the seat's own secrets; everything it hides is
drawn here with the generator given, each from the cards no place in the view accounts for
(the game's cards for these options, ``in_play.py``, minus those the view shows):

* the other heroes' cards: the special cards still waiting beside each board (only special
  cards, as many as shown), then the hand, action discard and face-down played cards from
  the rest; the cards revealed this turn stay where the turn has them (played until step 6,
  then on the discard), the card the personal ability hid among the unrevealed ones;
* the other heroes' objectives (one of each colour), the objective decks and the box;
* the face-down supply cards: which are diplomats (those the slots showing ``?`` and the
  one removed at setup leave), items (those the item deck and discard leave) or President
  cards (the rest), then which cards; the item deck and the face-down item discard; the
  diplomat cards on the slots showing ``?``; starting items out of sight left the game;
* the face-down landmarks and outskirts tokens, the city and park decks, the event deck;
* the New York deck, its top card among those with the back it shows (§8.6); the special
  cards waiting beside the board: those whose landmark is still face down (§8.8);
* the timer deck by the colours it shows: black cards, "Hurry!", the reds (which one is
  fatal is hidden, but the fatal one is never among those discarded unseen at the first
  rescue unless that ended the game, §7.10); the black cards left over go to the box;
* the generator (the seed is secret: it fixes every draw to come).

What a seat has seen that the table does not show narrows the sample (:class:`Known`,
read by :func:`known_facts`): the cards it is looking through (the view's ``looking_at``:
the Weapon Shop's items, an objective deck in a swap) and the landmarks and New York cards
it peeked at (its memory, where the views carry it) are where it saw them. The other heroes'
memories, which the view does not show at all, are empty in the sample.

``state.view(seat)`` of every sample equals the view it was drawn from; a view no position
could give raises :class:`InconsistentViewError` saying what does not add up.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from getaway.core import ALL, GetawayError, Rng
from getaway.games.escape_from_new_york import in_play
from getaway.games.escape_from_new_york.catalogue import HURRY
from getaway.games.escape_from_new_york.game import EscapeFromNewYorkState
from getaway.games.escape_from_new_york.options import GAME_NAME, Rules, rules_for
from getaway.games.escape_from_new_york.position import SAVE_FORMAT
from getaway.games.escape_from_new_york.schema import AddNewYorkSpecial
from getaway.games.escape_from_new_york.state import COLOURS, HERO_FIELDS, TABLE_JSON
from getaway.games.escape_from_new_york.views import HIDDEN, PUBLIC_TABLE_FIELDS

JSONDict = dict[str, Any]


class InconsistentViewError(GetawayError):
    """The view cannot come from any position of the game (edited, or from another game)."""


@dataclass(slots=True)
class Known:
    """What the viewer knows beyond the table it is shown: where each is, it is put there.

    ``landmarks``: face-down landmark tiles it has looked at, by cell;
    ``new_york``: New York cards it has looked at in the deck, by their place counted from
    the deck's bottom (cards leave from the top, so the place holds while the deck shrinks);
    ``item_top``: the item deck's top cards it is looking at (the Weapon Shop);
    ``objective_decks``: an objective deck it is looking through (a swap), by colour."""

    landmarks: dict[tuple[int, int], str] = field(default_factory=dict)
    new_york: dict[int, str] = field(default_factory=dict)
    item_top: list[str] = field(default_factory=list)
    objective_decks: dict[str, list[str]] = field(default_factory=dict)


#: A hero's memory of what its seat alone looked at (face-down landmarks, New York cards in
#: the deck): shown to that seat only, and not even counted for the others. A sample gives
#: the other heroes none: a memory is only ever a record of what the table holds, so an
#: empty one is always true.
MEMORY_FIELDS = ("seen_landmarks", "seen_new_york")


def known_facts(view: Mapping[str, Any]) -> Known:
    """What ``view``'s seat knows beyond the table shown to it: the cards it is looking
    through (``looking_at``), and its memory (``seen_landmarks``: ``[column, row,
    landmark]``; ``seen_new_york``: ``[card, place from the deck's bottom]``) where the views
    carry it."""
    known = Known()
    looking = view.get("looking_at")
    if looking is not None:
        if looking["deck"] == "item":
            known.item_top = list(looking["cards"])
        else:
            known.objective_decks[looking["deck"]] = list(looking["cards"])
    own = view["table"]["heroes"].get(view["seat"], {})
    for col, row, tile in own.get("seen_landmarks", []):
        known.landmarks[(col, row)] = tile
    for card, place in own.get("seen_new_york", []):
        known.new_york[place] = card
    return known


def determinize(view: Mapping[str, Any], rng: Rng) -> EscapeFromNewYorkState:
    """A full state consistent with ``view``, everything it hides drawn with ``rng``."""
    if not isinstance(view, Mapping) or view.get("game") != GAME_NAME:
        raise InconsistentViewError(f"not an {GAME_NAME} view (its 'game' must be {GAME_NAME!r})")
    try:
        return sample(view, rng, known_facts(view))
    except (KeyError, TypeError, ValueError, AttributeError, IndexError) as error:
        raise InconsistentViewError(
            f"malformed {GAME_NAME} view ({type(error).__name__}: {error}); determinize takes "
            "what state.view(seat) returns"
        ) from None


def sample(view: Mapping[str, Any], rng: Rng, known: Known) -> EscapeFromNewYorkState:
    """:func:`determinize` with what the viewer knows given (tests pass their own)."""
    if view["seat"] == ALL:
        keys = ("options", "seed", "rng", "table")
        data = {"game": GAME_NAME, "format": SAVE_FORMAT, **{k: view[k] for k in keys}}
        return EscapeFromNewYorkState.from_json({**data, "turn": view["turn"]})
    rules = rules_for(view["options"])
    shown: JSONDict = view["table"]
    table: JSONDict = {key: shown[key] for key in TABLE_JSON if key in PUBLIC_TABLE_FIELDS}
    turn = _turn(view)
    box: dict[str, list[str]] = {}
    table["spaces"] = [dict(space) for space in shown["spaces"]]
    _map_tiles(rules, shown, table, known, rng)
    _outskirts(rules, table, box, rng)
    table["heroes"] = {seat: dict(hero) for seat, hero in shown["heroes"].items()}
    for hero in table["heroes"].values():
        if "hand" in hero:  # the viewer's own: the counts beside its cards are not saved
            for key in ("hand", "discard", "played", "specials"):
                del hero[f"{key}_size"]
    _hero_cards(rules, table, turn, rng)
    _objectives(rules, view, table, box, known, rng)
    _supplies(rules, shown, table, box, known, rng)
    _new_york(rules, shown, table, known, rng)
    _timer(rules, shown, table, box, turn, rng)
    _events(rules, shown, table, rng)
    _cars(rules, table, box)
    table["box"] = {kind: box.get(kind, []) for kind in sorted({*box, "timer", "diplomats"})}
    data = {
        "game": GAME_NAME,
        "format": SAVE_FORMAT,
        "options": view["options"],
        "seed": 0,
        "rng": rng.next64(),
        "table": {key: table[key] for key in TABLE_JSON},
        "turn": turn,
    }
    return EscapeFromNewYorkState.from_json(data)


# --- helpers ---------------------------------------------------------------------------------


def _unseen(name: str, pool: Iterable[str], seen: Iterable[str]) -> list[str]:
    """The cards of ``pool`` that ``seen`` does not account for (copies counted)."""
    left = Counter(pool)
    for card in seen:
        if left[card] <= 0:
            raise InconsistentViewError(f"the view shows more {name} {card!r} than the game has")
        left[card] -= 1
    return [card for card, copies in left.items() for _ in range(copies)]


def _deal(name: str, pool: list[str], size: int, rng: Rng) -> list[str]:
    """``size`` cards of ``pool`` at random, taken out of it."""
    if size < 0:
        raise InconsistentViewError(f"the view shows fewer {name} than it must hold")
    if size > len(pool):
        raise InconsistentViewError(
            f"the view shows {size} hidden {name}, but only {len(pool)} are unaccounted for"
        )
    rng.shuffle(pool)
    dealt = pool[:size]
    del pool[:size]
    return dealt


# --- the turn --------------------------------------------------------------------------------


def _turn(view: Mapping[str, Any]) -> JSONDict:
    """The turn as saved. The current player's view has all of it; another's has the number
    of cards resolved and whether the ability hid one, not which: the card is drawn with the
    heroes' cards (``hidden`` is filled in there)."""
    shown = dict(view["turn"])
    if "hidden" in shown:
        return shown
    ability_used = shown.pop("ability_used")
    if shown["resolved"] != len(shown["revealed"]) + ability_used:
        raise InconsistentViewError(
            f"the turn shows {shown['resolved']} cards resolved, but {len(shown['revealed'])} "
            f"revealed and the ability {'used' if ability_used else 'not used'}"
        )
    shown["resolved"] = list(shown["revealed"])
    shown["hidden"] = HIDDEN if ability_used else None
    return shown


# --- the map ---------------------------------------------------------------------------------


def _map_tiles(rules: Rules, shown: JSONDict, table: JSONDict, known: Known, rng: Rng) -> None:
    """The city and park decks, and the face-down landmarks (those peeked at where seen)."""
    spaces: list[JSONDict] = table["spaces"]
    face_up = [s["tile"] for s in spaces if s["tile"] not in (None, HIDDEN)]
    table["city_deck"] = _stack(rules, "city", face_up, shown["city_deck_size"], rng)
    table["park_deck"] = _stack(rules, "park", face_up, shown["park_deck_size"], rng)
    landmarks = [landmark.id for landmark in rules.content.landmarks.landmarks]
    pool = _unseen("landmark tiles", landmarks, [t for t in face_up if t in set(landmarks)])
    hidden = [s for s in spaces if s["tile"] == HIDDEN]
    for space in hidden:
        seen = known.landmarks.get((space["cell"][0], space["cell"][1]))
        if seen is not None:
            if seen not in pool:
                raise InconsistentViewError(f"landmark {seen!r} is seen in two places")
            pool.remove(seen)
            space["tile"] = seen
    unknown = [s for s in hidden if s["tile"] == HIDDEN]
    for space, tile in zip(unknown, _deal("landmarks", pool, len(unknown), rng), strict=True):
        space["tile"] = tile
    if pool:
        raise InconsistentViewError(f"landmark tiles {sorted(pool)} are nowhere on the map")


def _stack(rules: Rules, deck: str, face_up: list[str], size: int, rng: Rng) -> list[str]:
    tiles = in_play.city_tiles(rules) if deck == "city" else in_play.park_tiles(rules)
    pool = _unseen(f"{deck} tiles", tiles, [t for t in face_up if t in set(tiles)])
    if len(pool) != size:
        raise InconsistentViewError(
            f"the {deck} deck shows {size} tiles, but {len(pool)} are not on the map"
        )
    rng.shuffle(pool)
    return pool


def _outskirts(rules: Rules, table: JSONDict, box: dict[str, list[str]], rng: Rng) -> None:
    spaces: list[JSONDict] = table["spaces"]
    seen = [s["outskirts"] for s in spaces if s["outskirts"] not in (None, HIDDEN)]
    pool = _unseen("outskirts tokens", in_play.expand(rules.content.outskirts.tokens), seen)
    hidden = [s for s in spaces if s["outskirts"] == HIDDEN]
    for space, token in zip(hidden, _deal("outskirts tokens", pool, len(hidden), rng), strict=True):
        space["outskirts"] = token
    if pool:
        box["outskirts"] = pool


# --- the heroes ------------------------------------------------------------------------------


def _hero_cards(rules: Rules, table: JSONDict, turn: JSONDict, rng: Rng) -> None:
    """Each other hero's waiting specials, hand, discard and played cards (see the module
    docstring); the card the ability hid, when the view does not say which."""
    heroes: dict[str, JSONDict] = table["heroes"]
    data = {hero.id: hero for hero in rules.content.heroes.heroes}
    current = table["turn_order"][table["current"]]
    extra = rules.variant("extra_specials")
    for seat, hero in heroes.items():
        if "hand" in hero:
            continue  # the viewer's own
        for key in MEMORY_FIELDS:
            if key in HERO_FIELDS:
                hero[key] = []
        own = data[hero["hero"]]
        specials = [*own.special_cards, *(own.sgb_special_cards if extra else [])]
        revealed = list(turn["revealed"]) if seat == current else []
        sizes = {key: hero.pop(f"{key}_size") for key in ("hand", "discard", "played", "specials")}
        waiting_pool = _unseen("special cards", specials, [c for c in revealed if c in specials])
        hero["specials"] = _deal(
            f"{seat}'s waiting special cards", waiting_pool, sizes["specials"], rng
        )
        pool = _unseen(
            f"{seat}'s cards",
            [*own.action_cards, *specials],
            [*hero["specials"], *revealed],
        )
        rng.shuffle(pool)
        hid = seat == current and turn["hidden"] == HIDDEN
        # The cards played this turn (revealed, or hidden by the ability) lie on the board
        # until step 6, then on the discard (unless a building gave some back since).
        ability_card = pool.pop() if hid and not sizes["played"] and pool else None
        in_played = revealed if sizes["played"] else []
        hidden_played = _deal(f"{seat}'s played cards", pool, sizes["played"] - len(in_played), rng)
        if hid and hidden_played:
            ability_card = hidden_played[rng.below(len(hidden_played))]
        if hid and ability_card is None:
            raise InconsistentViewError("the ability hid a card, but none is unrevealed")
        played_before = [
            c for c in [*revealed, ability_card] if c and c not in {*in_played, *hidden_played}
        ]
        on_discard = played_before[: sizes["discard"]]
        to_hand = played_before[sizes["discard"] :]
        hero["played"] = [*in_played, *hidden_played]
        hero["discard"] = [
            *on_discard,
            *_deal(f"{seat}'s discarded cards", pool, sizes["discard"] - len(on_discard), rng),
        ]
        hero["hand"] = [*to_hand, *_deal(f"{seat}'s hand", pool, sizes["hand"] - len(to_hand), rng)]
        if pool:
            raise InconsistentViewError(f"{seat}'s cards {sorted(pool)} are nowhere")
        if hid:
            turn["hidden"] = ability_card
            turn["resolved"] = [*turn["resolved"], ability_card]


def _objectives(
    rules: Rules,
    view: Mapping[str, Any],
    table: JSONDict,
    box: dict[str, list[str]],
    known: Known,
    rng: Rng,
) -> None:
    """One objective of each colour to every other hero, the decks, the rest in the box."""
    heroes: dict[str, JSONDict] = table["heroes"]
    sizes: dict[str, int] = view["table"]["objective_deck_sizes"]
    others = [seat for seat, hero in heroes.items() if "objectives" not in hero]
    mine = [list(hero["objectives"]) for hero in heroes.values() if "objectives" in hero]
    for seat in others:
        heroes[seat]["objectives"] = []
    decks: dict[str, list[str]] = {}
    box["objectives"] = []
    for slot, colour in enumerate(COLOURS):
        seen = [objectives[slot] for objectives in mine]
        looked = known.objective_decks.get(colour, [])
        pool = _unseen("objective cards", in_play.objective_pool(rules, colour), [*seen, *looked])
        for seat in others:
            heroes[seat]["objectives"] += _deal(f"{colour} objectives", pool, 1, rng)
        if colour in known.objective_decks:
            decks[colour] = list(looked)
        else:
            decks[colour] = _deal(f"{colour} objectives", pool, sizes[colour], rng)
        box["objectives"] += pool
    table["objective_decks"] = decks


def _supplies(
    rules: Rules,
    shown: JSONDict,
    table: JSONDict,
    box: dict[str, list[str]],
    known: Known,
    rng: Rng,
) -> None:
    """The face-down supply cards, the President's slot, the diplomat slots, the item deck
    and the item discard (see the module docstring)."""
    heroes: dict[str, JSONDict] = table["heroes"]
    supplies = {seat: [list(card) for card in hero["supply"]] for seat, hero in heroes.items()}
    in_sight = [card for cards in supplies.values() for card in cards if card[0] != HIDDEN]
    hidden = [card for cards in supplies.values() for card in cards if card[0] == HIDDEN]
    diplomats = _diplomats(rules, shown, table, box, in_sight, rng)
    items = _items(rules, heroes, box, in_sight, known)
    # The face-down supply cards hold the diplomats and items the rest of the table does
    # not account for, and President cards for the rest.
    deck_size = shown["item_deck_size"] - len(known.item_top)
    items_held = len(items) - deck_size - shown["item_discard_size"]
    presidents_held = len(hidden) - len(diplomats) - items_held
    if items_held < 0 or presidents_held < 0:
        raise InconsistentViewError(
            f"{len(hidden)} face-down supply cards cannot hold the {len(diplomats)} diplomat "
            f"and {max(items_held, 0)} item cards the rest of the table does not show"
        )
    presidents = _presidents(rules, shown, table, box, in_sight, presidents_held, rng)
    kinds = ["president"] * presidents_held + ["diplomat"] * len(diplomats)
    kinds += ["item"] * items_held
    for cards in (kinds, presidents, diplomats, items):
        rng.shuffle(cards)
    by_kind = {"president": presidents, "diplomat": diplomats, "item": items}
    for entry, kind in zip(hidden, kinds, strict=True):
        entry[0], entry[1] = kind, by_kind[kind].pop()
    table["item_deck"] = [*known.item_top, *items[:deck_size]]
    table["item_discard"] = items[deck_size:]
    for seat, hero in heroes.items():
        hero["supply"] = supplies[seat]


def _presidents(
    rules: Rules,
    shown: JSONDict,
    table: JSONDict,
    box: dict[str, list[str]],
    in_sight: list[list[Any]],
    held: int,
    rng: Rng,
) -> list[str]:
    """The President's slot (the President, or the "Dead or Alive?" deck, §12), and the
    ``held`` President cards in face-down supplies, returned; the rest left the game. A
    "President Dead" card is drawn only to be shown and leave the game: while the table
    does not show one drawn, it is still in the slot."""
    alive = {card.id: card.alive for card in rules.content.diplomats.president}
    unseen = _unseen(
        "President cards",
        in_play.president_cards(rules),
        [c[1] for c in in_sight if c[0] == "president"],
    )
    dead = [card for card in unseen if not alive[card]]
    living = [card for card in unseen if alive[card]]
    slot_dead = [] if shown.get("president_dead", False) else dead
    gone = [card for card in dead if card not in slot_dead]
    slot = [
        *slot_dead,
        *_deal("President cards", living, shown["president_slot_size"] - len(slot_dead), rng),
    ]
    rng.shuffle(slot)
    table["president_slot"] = slot
    held_cards = _deal("President cards held", living, held, rng)
    gone += living
    if gone:
        box["president"] = gone
    return held_cards


def _diplomats(
    rules: Rules,
    shown: JSONDict,
    table: JSONDict,
    box: dict[str, list[str]],
    in_sight: list[list[Any]],
    rng: Rng,
) -> list[str]:
    """The diplomat cards on the slots showing ``?`` and those removed at setup; the ones
    left over, returned, are in face-down supplies."""
    slots = [dict(slot) for slot in shown["diplomat_slots"]]
    diplomats = _unseen(
        "diplomat cards",
        in_play.diplomat_cards(rules),
        [
            *(c[1] for c in in_sight if c[0] == "diplomat"),
            *(s["card"] for s in slots if s["card"] not in (None, HIDDEN)),
        ],
    )
    unknown = [slot for slot in slots if slot["card"] == HIDDEN]
    dealt = _deal("diplomat cards on slots", diplomats, len(unknown), rng)
    for slot, card in zip(unknown, dealt, strict=True):
        slot["card"] = card
    # Setup removes unseen as many unnamed diplomats as leave one card per slot (§4.2 11).
    removed = len(in_play.unnamed_diplomats(rules)) + 2 - len(slots)
    box["diplomats"] = _deal("diplomat cards removed at setup", diplomats, removed, rng)
    table["diplomat_slots"] = slots
    return diplomats


def _items(
    rules: Rules,
    heroes: Mapping[str, JSONDict],
    box: dict[str, list[str]],
    in_sight: list[list[Any]],
    known: Known,
) -> list[str]:
    """The item cards out of sight (for the deck, the discard and face-down supplies), but
    those the player is looking at on top of the deck, and the starting items, which leave
    the game when they leave sight (§7.11: they are never face down)."""
    starting = _starting_items(rules, heroes)
    weapons = [hero["weapon"] for hero in heroes.values() if hero["weapon"] is not None]
    seen = [*weapons, *(c[1] for c in in_sight if c[0] == "item"), *known.item_top]
    items = _unseen("item cards", [*in_play.item_deck(rules), *starting], seen)
    gone = [card for card in items if card in set(starting)]
    if gone:
        box["items"] = gone
    return [card for card in items if card not in set(starting)]


def _starting_items(rules: Rules, heroes: Mapping[str, JSONDict]) -> list[str]:
    """The starting cards of the heroes in play that are item cards (not the Taxi)."""
    cars = {car.id for car in rules.content.cars.cars}
    data = {hero.id: hero for hero in rules.content.heroes.heroes}
    starting = [data[hero["hero"]].starting_card for hero in heroes.values()]
    return [card for card in starting if card not in cars]


# --- New York, the timer, events ---------------------------------------------------------------


def _new_york(rules: Rules, shown: JSONDict, table: JSONDict, known: Known, rng: Rng) -> None:
    """The specials still waiting (their landmark not yet explored), then the deck: its top
    card one with the back the view shows."""
    cards = {card.id: card for card in rules.content.new_york.cards}
    pool = _unseen(
        "New York cards",
        [*in_play.new_york_cards(rules, False), *in_play.new_york_cards(rules, True)],
        [*shown["new_york_discard"], *shown["new_york_in_play"]],
    )
    waiting_size = shown["new_york_specials_size"]
    added = _specials_added(rules, table["spaces"])
    waiting = [c for c in pool if cards[c].special and c not in added]
    if len(waiting) != waiting_size:
        waiting = _deal(
            "New York special cards", [c for c in pool if cards[c].special], waiting_size, rng
        )
    for card in waiting:
        pool.remove(card)
    table["new_york_specials"] = waiting
    deck_shown = shown["new_york_deck"]
    if len(pool) != deck_shown["cards"]:
        raise InconsistentViewError(
            f"the New York deck shows {deck_shown['cards']} cards, but {len(pool)} are "
            "unaccounted for"
        )
    size = len(pool)
    deck: list[str | None] = [None] * size
    for place, card in known.new_york.items():
        if not 0 <= place < size or card not in pool:
            raise InconsistentViewError(
                f"New York card {card!r} is remembered at place {place} from the bottom, "
                f"which the deck of {size} cards cannot hold"
            )
        pool.remove(card)
        deck[size - 1 - place] = card
    rng.shuffle(pool)
    back = deck_shown["back"]
    if deck and deck[0] is None and back is not None:
        fits = [i for i, card in enumerate(pool) if cards[card].back.model_dump() == back]
        if not fits:
            raise InconsistentViewError(f"no New York card out of sight has the back {back}")
        deck[0] = pool.pop(fits[rng.below(len(fits))])
    table["new_york_deck"] = [card if card is not None else pool.pop() for card in deck]


def _specials_added(rules: Rules, spaces: list[JSONDict]) -> set[str]:
    """The New York special cards the face-up landmarks have added to the deck (with the
    Hard deck, the cards replacing them, A-26)."""
    replacing = {c.replaces: c.id for c in rules.content.new_york.cards if c.replaces}
    face_up = {s["tile"] for s in spaces if s["face_up"]}
    added: set[str] = set()
    for landmark in rules.content.landmarks.landmarks:
        if landmark.id not in face_up:
            continue
        for effect in landmark.effects:
            if isinstance(effect, AddNewYorkSpecial):
                added.add(effect.card)
                if effect.card in replacing:
                    added.add(replacing[effect.card])
    return added


def _timer(
    rules: Rules,
    shown: JSONDict,
    table: JSONDict,
    box: dict[str, list[str]],
    turn: JSONDict,
    rng: Rng,
) -> None:
    """The timer deck by its colours; the cards discarded unseen at the first rescue; the
    black cards left over in the box."""
    reds = {card.id: card.fatal for card in rules.content.timer.red}
    revealed = shown["timer_revealed"]
    colours: list[str] = shown["timer_colours"]
    blacks = _unseen(
        "black timer cards",
        in_play.black_timer_pool(rules),
        [c for c in revealed if c != HURRY and c not in reds],
    )
    unseen_reds = [red for red in reds if red not in revealed]
    discarded = shown["timer_discarded_size"]
    red_discarded = len(unseen_reds) - colours.count("red")
    if not 0 <= red_discarded <= discarded:
        raise InconsistentViewError(
            f"the timer deck shows {colours.count('red')} red cards and {discarded} discarded "
            f"unseen, but {len(unseen_reds)} red cards are out of sight"
        )
    # The fatal card discarded unseen ends the game at once (§7.10, A-45).
    fatal_discarded = turn["ended"] == "timer" and not any(reds[c] for c in revealed if c in reds)
    fatal = [red for red in unseen_reds if reds[red]]
    safe = [red for red in unseen_reds if not reds[red]]
    if fatal_discarded:
        out = fatal + _deal("red timer cards discarded", safe, red_discarded - len(fatal), rng)
    else:
        out = _deal("red timer cards discarded", safe, red_discarded, rng)
    deck_reds = [red for red in unseen_reds if red not in out]
    rng.shuffle(deck_reds)
    out += _deal("black timer cards discarded", blacks, discarded - len(out), rng)
    deck_blacks = _deal("black timer cards", blacks, colours.count("black"), rng)
    order = {"black": deck_blacks, "red": deck_reds, "hurry": [HURRY] * colours.count("hurry")}
    table["timer_deck"] = [order[colour].pop() for colour in colours]
    table["timer_discarded"] = out
    box["timer"] = blacks


def _cars(rules: Rules, table: JSONDict, box: dict[str, list[str]]) -> None:
    """A car card out of sight has left the game (the Taxi crashed, A-10)."""
    cars = {car.id for car in rules.content.cars.cars}
    data = {hero.id: hero for hero in rules.content.heroes.heroes}
    heroes: Mapping[str, JSONDict] = table["heroes"]
    starting = [data[h["hero"]].starting_card for h in heroes.values()]
    seen = [*table["car_cards"], *(h["car"] for h in heroes.values() if h["car"] is not None)]
    all_cars = [*in_play.car_cards(rules), *(c for c in starting if c in cars)]
    gone = _unseen("car cards", all_cars, seen)
    if gone:
        box["cars"] = gone


def _events(rules: Rules, shown: JSONDict, table: JSONDict, rng: Rng) -> None:
    pool = _unseen("event cards", in_play.event_cards(rules), shown["event_discard"])
    if len(pool) != shown["event_deck_size"]:
        raise InconsistentViewError(
            f"the event deck shows {shown['event_deck_size']} cards, but {len(pool)} are out "
            "of sight"
        )
    rng.shuffle(pool)
    table["event_deck"] = pool
