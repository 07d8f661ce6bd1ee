"""What every position the rules can reach keeps: the components add up. Each card, tile,
token and figure in play is somewhere (a deck, a pile, a space, a hero's board, a supply or
the box) exactly as often as the box holds it for these options, and the tracks stay on
their tracks. A save that breaks one is refused (``position.py``); the setup tests check
the starting table against them.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from getaway.games.escape_from_new_york import in_play, memory
from getaway.games.escape_from_new_york.catalogue import HURRY
from getaway.games.escape_from_new_york.options import RANDOM, Rules
from getaway.games.escape_from_new_york.schema import Hero as HeroData
from getaway.games.escape_from_new_york.state import COLOURS, PRISONER, Table, boss_max_hp


def problems(rules: Rules, table: Table) -> list[str]:
    """Every way ``table`` breaks the invariants, in words; empty if none."""
    found: list[str] = []
    for name, there, expected in _card_places(rules, table):
        _same(name, there, expected, found)
    _figures(rules, table, found)
    _tracks(rules, table, found)
    _heroes(rules, table, found)
    _marks(table, found)
    found += memory.problems(table)
    return found


def _same(name: str, there: Iterable[str], expected: Iterable[str], found: list[str]) -> None:
    have, want = Counter(there), Counter(expected)
    if have != want:
        extra = sorted((have - want).elements())
        missing = sorted((want - have).elements())
        found.append(f"{name}: {extra or 'nothing'} too many, {missing or 'nothing'} missing")


def _card_places(rules: Rules, table: Table) -> list[tuple[str, list[str], list[str]]]:
    """(what, where each one is now, what the game holds) for each kind of card and tile."""
    content = rules.content
    heroes = table.heroes.values()
    box = table.box
    supply = [card for hero in heroes for card in hero.supply]
    hero_data: dict[str, HeroData] = {hero.id: hero for hero in content.heroes.heroes}
    starting = [hero_data[hero.hero].starting_card for hero in heroes]
    cars = {car.id for car in content.cars.cars}
    places = []
    for hero in heroes:
        data = hero_data[hero.hero]
        own = [*data.action_cards, *data.special_cards]
        if rules.variant("extra_specials"):
            own += data.sgb_special_cards
        held = [*hero.hand, *hero.discard, *hero.played, *hero.specials]
        places.append((f"{hero.seat}'s action cards", held, own))
    timer = [*table.timer_deck, *table.timer_revealed, *table.timer_discarded, *box["timer"]]
    places.append(("the timer cards", timer, in_play.timer_cards(rules)))
    objectives = [card for hero in heroes for card in hero.objectives]
    objectives += [card for deck in table.objective_decks.values() for card in deck]
    pools = [*in_play.objective_pool(rules, "blue"), *in_play.objective_pool(rules, "purple")]
    places.append(("the objective cards", [*objectives, *box["objectives"]], pools))
    diplomats = [slot.card for slot in table.diplomat_slots if slot.card is not None]
    diplomats += [card.id for card in supply if card.kind == "diplomat"]
    places.append(
        ("the diplomat cards", [*diplomats, *box["diplomats"]], in_play.diplomat_cards(rules))
    )
    presidents = [*table.president_slot, *(c.id for c in supply if c.kind == "president")]
    presidents += box.get("president", [])
    places.append(("the President cards", presidents, in_play.president_cards(rules)))
    items = [*table.item_deck, *table.item_discard, *box.get("items", [])]
    items += [card.id for card in supply if card.kind == "item"]
    items += [hero.weapon for hero in heroes if hero.weapon is not None]
    all_items = [*in_play.item_deck(rules), *(card for card in starting if card not in cars)]
    places.append(("the item cards", items, all_items))
    car_cards = [*table.car_cards, *(h.car for h in heroes if h.car is not None)]
    all_cars = [*in_play.car_cards(rules), *(card for card in starting if card in cars)]
    places.append(("the car cards", [*car_cards, *box.get("cars", [])], all_cars))
    new_york = [
        *table.new_york_deck,
        *table.new_york_discard,
        *table.new_york_in_play,
        *table.new_york_specials,
    ]
    all_new_york = [
        *in_play.new_york_cards(rules, special=False),
        *in_play.new_york_cards(rules, special=True),
    ]
    places.append(("the New York cards", new_york, all_new_york))
    events = [*table.event_deck, *table.event_discard]
    places.append(("the event cards", events, in_play.event_cards(rules)))
    on_map = [s.tile for s in table.spaces.values() if s.tile is not None]
    tiles = [*in_play.city_tiles(rules), *in_play.park_tiles(rules)]
    placed = [tile for tile in on_map if tile in set(tiles)]
    places.append(("the city and park tiles", [*table.city_deck, *table.park_deck, *placed], tiles))
    landmarks = [landmark.id for landmark in content.landmarks.landmarks]
    places.append(("the landmark tiles", [t for t in on_map if t in set(landmarks)], landmarks))
    outskirts = [s.outskirts for s in table.spaces.values() if s.outskirts is not None]
    outskirts += box.get("outskirts", [])
    places.append(("the outskirts tokens", outskirts, in_play.expand(content.outskirts.tokens)))
    return places


def _figures(rules: Rules, table: Table, found: list[str]) -> None:
    """Prisoners, car figures, barricades and ammo: in the supply or in play, never more."""
    base = rules.content.components.base
    spaces = table.spaces.values()
    heroes = table.heroes.values()
    # A car a prisoner drives is a car figure, not a prisoner figure: a prisoner taking a
    # car goes back to the supply, and a driver killed leaves none (§8.2).
    prisoners = (
        table.prisoner_supply
        + sum(s.prisoners for s in spaces)
        + sum(token.prisoners for hero in heroes for token in hero.level_tokens)
    )
    cars = table.car_figures + sum(1 for s in spaces for car in s.cars if not car.taxi)
    taxis = sum(1 for s in spaces for car in s.cars if car.taxi)
    counts: list[tuple[str, int, int]] = [
        ("prisoner figures", prisoners, rules.prisoners),
        ("car figures", cars, base.car_figures),
        ("barricade tokens", table.barricade_supply + len(table.barricades), base.barricades),
        ("ammo markers", table.ammo_markers + sum(h.ammo for h in heroes), base.ammo_markers),
    ]
    if rules.variant("wanted"):
        wanted = table.wanted_cards + sum(hero.wanted for hero in heroes)
        counts.append(("Wanted cards", wanted, rules.content.components.sgb.wanted_cards))
    for name, count, total in counts:
        if count != total:
            found.append(f"{name}: {count} in the supply and in play, not {total}")
    if taxis > 1:
        found.append(f"{taxis} Taxi figures on the map, not at most 1")


def _tracks(rules: Rules, table: Table, found: list[str]) -> None:
    base = rules.content.components.base
    if table.noise > base.noise_track:
        found.append(f"noise {table.noise} is off the track (0 to {base.noise_track})")
    if table.missions_moved >= base.mission_markers:
        found.append(f"{table.missions_moved} mission markers moved, of {base.mission_markers}")
    for boss, hp in boss_max_hp(rules).items():
        if table.boss_hp[boss] > hp:
            found.append(f"{boss} has {table.boss_hp[boss]} HP, above his {hp}")
    if len(table.diplomat_slots) != base.diplomat_tokens:
        found.append(f"{len(table.diplomat_slots)} diplomat slots, not {base.diplomat_tokens}")
    # Each diplomat token is in one place: its slot, a space, or with the boss carrying it.
    tokens = [number for number, slot in enumerate(table.diplomat_slots, 1) if slot.token]
    tokens += [token for space in table.spaces.values() for token in space.diplomat_tokens]
    tokens += [token for token in table.boss_diplomat.values() if token is not None]
    twice = sorted(number for number, n in Counter(tokens).items() if n > 1)
    if twice:
        found.append(f"diplomat tokens {twice} are in two places at once")
    # The timer deck keeps its built order (§4.2 step 9): black cards, then "Hurry!", then
    # the reds; that order is what makes its colours public (§13.1).
    colours = _timer_colours(rules, table.timer_deck)
    if colours != sorted(colours, key=("black", HURRY, "red").index):
        found.append(f"the timer deck is out of order: {colours}")
    if table.hurry_revealed != (HURRY in table.timer_revealed):
        found.append("hurry_revealed does not say whether Hurry! is among the revealed cards")


def _timer_colours(rules: Rules, deck: list[str]) -> list[str]:
    reds = {card.id for card in rules.content.timer.red}
    return ["red" if card in reds else HURRY if card == HURRY else "black" for card in deck]


def _heroes(rules: Rules, table: Table, found: list[str]) -> None:
    """Each hero played once, as the options chose; its own level-token set; one objective
    of each colour; its tokens removed from level 1 up, the next one face up (§7.15)."""
    heroes = table.heroes.values()
    played = Counter(hero.hero for hero in heroes)
    twice = sorted(name for name, n in played.items() if n > 1)
    if twice:
        found.append(f"{twice} played by two seats")
    for hero in heroes:
        chosen = rules.options[f"hero_{hero.seat}"]
        if chosen not in (RANDOM, hero.hero):
            found.append(f"{hero.seat} plays {hero.hero}, not {chosen} as the options say")
    sets = Counter(hero.level_set for hero in heroes)
    if any(n > 1 for n in sets.values()):
        found.append(f"two heroes share a level-token set: {sorted(sets)}")
    colour = {o.id: o.colour for o in rules.content.objectives.objectives}
    token_sets = {s.id: len(s.tokens) for s in rules.content.level_tokens.sets}
    for hero in heroes:
        colours = [colour[card] for card in hero.objectives]
        if colours != list(COLOURS):
            found.append(f"{hero.seat}'s objectives are {colours}, not one blue and one purple")
        states = [token.state for token in hero.level_tokens]
        removed = states.count("removed")
        left = token_sets[hero.level_set] - removed
        expected = ["removed"] * removed + (["active"] + ["face_down"] * (left - 1))[:left]
        if states != expected:
            found.append(f"{hero.seat}'s level tokens are {states}, not {expected}")
    first = rules.options["first_player"]
    if first != RANDOM and table.turn_order[0] != first:
        found.append(f"the turn order starts with {table.turn_order[0]}, not {first}")


def _marks(table: Table, found: list[str]) -> None:
    """Each marked enemy is a figure on its space: no more marks of a kind on a space than
    figures of that kind there, a boss's mark where he stands."""
    marked = Counter((mark.cell, mark.kind) for mark in table.marks if mark.kind != "boss")
    for (cell, kind), count in marked.items():
        space = table.spaces[cell]
        there = (
            space.prisoners
            if kind == "prisoner"
            else sum(1 for car in space.cars if car.owner == PRISONER)
        )
        if count > there:
            found.append(f"{count} marked {kind}s on {list(cell)}, where {there} stand")
    bosses = Counter(mark.boss for mark in table.marks if mark.kind == "boss")
    for mark in table.marks:
        if mark.kind == "boss" and (
            mark.boss not in table.spaces[mark.cell].bosses or bosses[mark.boss] > 1
        ):
            found.append(f"{mark.boss} is marked on {list(mark.cell)}, where he is not once")
