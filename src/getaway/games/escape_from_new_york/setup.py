"""Setting up a game: the rulebook's 19 steps (spec §4.2) for 1-4 heroes and the variants of
§10 and §12, every draw from the seeded generator in step order (the same rules and seed
give the same table, draw for draw) and every count from the content files.
"""

from __future__ import annotations

from getaway.core.rng import Rng
from getaway.games.escape_from_new_york import in_play
from getaway.games.escape_from_new_york.catalogue import HURRY, LIBRARY, WTC
from getaway.games.escape_from_new_york.in_play import expand
from getaway.games.escape_from_new_york.options import HEROES, RANDOM, Rules
from getaway.games.escape_from_new_york.schema import Hero as HeroData
from getaway.games.escape_from_new_york.state import (
    COLOURS,
    CarFigure,
    DiplomatSlot,
    Hero,
    LevelToken,
    Space,
    SupplyCard,
    Table,
    boss_max_hp,
)
from getaway.games.escape_from_new_york.topology import Cell


def _shuffled(cards: list[str], rng: Rng) -> list[str]:
    rng.shuffle(cards)
    return cards


def new_table(rules: Rules, rng: Rng) -> Table:
    """The table at the start of the first player's first turn (§4.3)."""
    content = rules.content
    base = content.components.base
    variant = rules.variant
    box: dict[str, list[str]] = {}

    # Step 1: the board. Every space starts empty.
    spaces = {cell: _empty_space() for cell in rules.topology.cells()}
    cells_of = {
        kind: [(c.col, c.row) for c in content.board.cells if c.kind == kind]
        for kind in ("landmark", "library", "wtc")
    }
    # Step 2: the landmarks, shuffled, one face down on each red space.
    landmarks = _shuffled([landmark.id for landmark in content.landmarks.landmarks], rng)
    for cell, landmark in zip(cells_of["landmark"], landmarks, strict=True):
        spaces[cell].tile = landmark
    # Steps 3-5: the Library and the WTC face up, the glider on the WTC, the helicopter
    # helipad side up on Central Park's central space.
    for kind, tile in (("library", LIBRARY), ("wtc", WTC)):
        (cell,) = cells_of[kind]
        spaces[cell].tile, spaces[cell].face_up = tile, True
    spaces[cells_of["wtc"][0]].glider = True
    (park_centre,) = [(c.col, c.row) for c in content.board.cells if c.park_centre]
    spaces[park_centre].helicopter = True
    # Step 6: the outskirts tokens, shuffled, one face down on each ? space.
    tokens = _shuffled(expand(content.outskirts.tokens), rng)
    outskirts = [(c.col, c.row) for c in content.board.cells if c.outskirts]
    for cell, token in zip(outskirts, tokens, strict=True):
        spaces[cell].outskirts = token

    # Step 7: each diplomat token on its slot. Step 8: the event level on the first cell.
    slots = [DiplomatSlot(True, None, False, []) for _ in range(base.diplomat_tokens)]

    # Step 9: the timer deck, bottom up: the reds shuffled, "Hurry!", then the black cards.
    reds = _shuffled([card.id for card in content.timer.red], rng)
    blacks = _shuffled(in_play.black_timer_pool(rules), rng)
    box["timer"] = blacks[rules.black_timer_cards :]
    timer = [*blacks[: rules.black_timer_cards], *[HURRY] * content.timer.hurry, *reds]

    # Step 10: the President in its slot, or the shuffled President deck (§12).
    president_slot = _shuffled(in_play.president_cards(rules), rng)

    # Step 11: Bracelet and Tape aside; the others shuffled and enough removed unseen that
    # one card is left per slot; those and Bracelet and Tape shuffled, one on each slot.
    others = _shuffled(in_play.unnamed_diplomats(rules), rng)
    removed = len(others) + 2 - len(slots)
    box["diplomats"] = others[:removed]
    for slot, card in zip(
        slots,
        _shuffled([*others[removed:], in_play.bracelet(rules), in_play.tape(rules)], rng),
        strict=True,
    ):
        slot.card = card

    # Steps 12-13: the city deck (with the trap tiles, §12) and the park deck.
    city_deck = _shuffled(in_play.city_tiles(rules), rng)
    park_deck = _shuffled(in_play.park_tiles(rules), rng)

    # Step 14: the general supply: the item and event decks, the car cards, the markers
    # and figures (§10: fewer prisoners).
    item_deck = _shuffled(in_play.item_deck(rules), rng)
    event_deck = _shuffled(in_play.event_cards(rules), rng)
    car_cards = in_play.car_cards(rules)

    # Step 15: the special action cards face down beside the board, each hero's apart.
    hero_data: dict[str, HeroData] = {hero.id: hero for hero in content.heroes.heroes}
    new_york_specials = in_play.new_york_cards(rules, special=True)

    # Step 16: the New York board: noise 0, the mission markers left, the bosses on their
    # portraits at full health, the New York deck without the specials.
    new_york_deck = _shuffled(in_play.new_york_cards(rules, special=False), rng)
    max_hp = boss_max_hp(rules)

    # Step 17: each player's hero, starting hand and card, level tokens, on the Library.
    library = cells_of["library"][0]
    chosen = _choose_heroes(rules, rng)
    level_sets = [s.id for s in content.level_tokens.sets]
    ammo = base.ammo_markers
    heroes: dict[str, Hero] = {}
    for seat in rules.seats:
        data = hero_data[chosen[seat]]
        level_set = level_sets.pop(rng.below(len(level_sets)))
        hero = _new_hero(rules, seat, data, library, level_set, variant("extra_specials"))
        if hero.car is not None:  # the Taxi: Cabbie's own figure on the map
            spaces[library].cars.append(CarFigure(seat, taxi=True))
        ammo -= hero.ammo
        heroes[seat] = hero

    # Step 18: per colour, a random draw of objective cards, shuffled; one of each to every
    # player, the rest a face-down deck per colour; the cards not drawn back to the box.
    objective_decks: dict[str, list[str]] = {}
    box["objectives"] = []
    for colour in COLOURS:
        pool = in_play.objective_pool(rules, colour)
        drawn = rng.sample(pool, rules.objectives_per_colour)
        for card in drawn:
            pool.remove(card)
        box["objectives"] += pool
        for seat in rules.seats:
            heroes[seat].objectives.append(drawn.pop(0))
        objective_decks[colour] = drawn

    # Step 19: the first player at random; play goes clockwise, in seat order.
    first = rules.options["first_player"]
    if first == RANDOM:
        first = rng.choice(rules.seats)
    start = rules.seats.index(first)
    turn_order = [*rules.seats[start:], *rules.seats[:start]]

    return Table(
        turn_order=turn_order,
        current=0,
        phase="hero",
        step=1,
        spaces=spaces,
        barricades={},
        heroes=heroes,
        noise=0,
        missions_moved=0,
        boss_hp=dict(max_hp),
        boss_state=dict.fromkeys(max_hp, "off_board"),
        boss_diplomat=dict.fromkeys(max_hp),
        new_york_deck=new_york_deck,
        new_york_discard=[],
        new_york_in_play=[],
        new_york_specials=new_york_specials,
        timer_deck=timer,
        timer_revealed=[],
        timer_discarded=[],
        event_level=0,
        city_deck=city_deck,
        park_deck=park_deck,
        item_deck=item_deck,
        item_discard=[],
        event_deck=event_deck,
        event_discard=[],
        car_cards=car_cards,
        prisoner_supply=rules.prisoners,
        car_figures=base.car_figures,
        barricade_supply=base.barricades,
        item_markers=base.item_markers,
        ammo_markers=ammo,
        wanted_cards=content.components.sgb.wanted_cards if variant("wanted") else 0,
        diplomat_slots=slots,
        president_slot=president_slot,
        president_taken=False,
        helicopter_landed=False,
        glider_destroyed=False,
        hurry_revealed=False,
        objective_decks=objective_decks,
        box=box,
    )


def _empty_space() -> Space:
    return Space(None, False, None, False, 0, 0, [], [], [], False, False)


def _choose_heroes(rules: Rules, rng: Rng) -> dict[str, str]:
    """Step 17b: the heroes the options name, then, seat by seat, a random one of those
    left for each seat set to ``random``."""
    chosen = {
        seat: rules.options[f"hero_{seat}"]
        for seat in rules.seats
        if rules.options[f"hero_{seat}"] != RANDOM
    }
    left = [hero for hero in HEROES if hero not in chosen.values()]
    for seat in rules.seats:
        if seat not in chosen:
            chosen[seat] = left.pop(rng.below(len(left)))
    return chosen


def _new_hero(
    rules: Rules, seat: str, data: HeroData, cell: Cell, level_set: str, extra_specials: bool
) -> Hero:
    """Step 17b-e: the 8 action cards in hand, the starting card in its place (the Taxi in
    the car slot, a weapon in the weapon slot loaded to capacity, Bridge Diagram 3 face up in
    the supply, A-27), the level-1 token face up."""
    content = rules.content
    items = {item.id: item for item in content.items.items}
    cars = {car.id for car in content.cars.cars}
    weapon: str | None = None
    car: str | None = None
    ammo = 0
    supply: list[SupplyCard] = []
    start = data.starting_card
    if start in cars:
        car = start
    elif items[start].weapon:
        weapon, ammo = start, items[start].ammo or 0
    else:
        supply.append(SupplyCard("item", start, items[start].face_up))
    (token_set,) = [s for s in content.level_tokens.sets if s.id == level_set]
    tokens = [
        LevelToken("active" if token.level == 1 else "face_down", 0, 0)
        for token in token_set.tokens
    ]
    specials = [*data.special_cards, *(data.sgb_special_cards if extra_specials else [])]
    return Hero(
        seat=seat,
        hero=data.id,
        cell=cell,
        hand=list(data.action_cards),
        discard=[],
        played=[],
        weapon=weapon,
        ammo=ammo,
        car=car,
        supply=supply,
        objectives=[],
        level_set=level_set,
        level_tokens=tokens,
        wanted=0,
        specials=specials,
    )
