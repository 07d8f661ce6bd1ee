"""Damage both ways and deceiving (§7.4, §7.5, §7.19, §8.4): examples E2, E5, E11, E12 and
E21, and the edges of the text: damage adding up within a turn, drivers, bosses dying,
Shelters, empty hands."""

from __future__ import annotations

import pytest

from getaway.core.rng import Rng
from getaway.games.escape_from_new_york import board
from getaway.games.escape_from_new_york.combat import (
    DamagePool,
    attack_pool,
    attackers,
    damage_from_enemies,
    deal_damage,
    deceive,
    deceive_destinations,
    deceive_targets,
    end_of_turn,
    take_damage,
)
from getaway.games.escape_from_new_york.enemies import enemies_on, stats
from getaway.games.escape_from_new_york.enemy_moves import priority_groups, pull_adjacent
from getaway.games.escape_from_new_york.position import Position
from getaway.games.escape_from_new_york.schema import Attack, Deceive, Item, PrisonerBonus
from getaway.games.escape_from_new_york.state import ABANDONED, CarFigure, Enemy

from .rules_helpers import (
    LIBRARY,
    barricade,
    boss,
    landmark_on,
    lay,
    position,
    prisoner_car,
    prisoners,
    sound,
)

HERE = (5, 1)  # a ring space above the Library
PRISONER_HERE = Enemy("prisoner", HERE)


def card_attack(pos: Position, name: str) -> Attack:
    card = next(c for c in pos.rules.content.hero_cards.cards if c.name == name)
    (effect,) = card.effects
    assert isinstance(effect, Attack)
    return effect


def item(pos: Position, name: str) -> Item:
    return next(i for i in pos.rules.content.items.items if i.name == name)


def maggie_on(cell: tuple[int, int]) -> Position:
    pos = position(hero_p1="maggie", hero_p2="brain")
    pos.table.heroes["p1"].cell = cell
    pos.table.heroes["p2"].cell = LIBRARY
    return pos


def token_room(pos: Position, seat: str) -> int:
    hero = pos.table.heroes[seat]
    data = next(s for s in pos.rules.content.level_tokens.sets if s.id == hero.level_set)
    index = next(i for i, t in enumerate(hero.level_tokens) if t.state == "active")
    return data.tokens[index].prisoners - hero.level_tokens[index].prisoners


def test_e2_surplus_damage_is_lost_and_the_card_applied_in_full() -> None:
    """E2: "I'll Cut You" (2 damage, range 0) on 1 prisoner: it dies, 1 damage is lost."""
    pos = maggie_on(HERE)
    attack = card_attack(pos, "I'll Cut You")
    assert (attack.damage, attack.range) == (2, 0)
    prisoners(pos, HERE)
    supply = pos.table.prisoner_supply
    room = token_room(pos, "p1")
    dealt = deal_damage(pos.rules, pos.table, "p1", 0, attack_pool(attack), [(PRISONER_HERE, 2)])
    assert dealt.killed == [PRISONER_HERE] and enemies_on(pos.table, HERE) == []
    assert dealt.lost == 1  # beyond the prisoner's 1 HP
    assert dealt.on_level_token == min(room, 1)
    assert pos.table.prisoner_supply == supply + (0 if room else 1)
    sound(pos)
    pos = maggie_on(HERE)
    prisoners(pos, HERE)
    dealt = deal_damage(pos.rules, pos.table, "p1", 0, attack_pool(attack), [(PRISONER_HERE, 1)])
    assert dealt.killed == [PRISONER_HERE] and dealt.lost == 1


def test_e21_the_axe_adds_its_bonus_before_the_split() -> None:
    """E21: "I'll Cut You" with the Axe: 3 damage to split in the hero's space."""
    pos = maggie_on(HERE)
    pool = attack_pool(card_attack(pos, "I'll Cut You"), item(pos, "Axe").damage_bonus)
    assert pool == DamagePool(3)
    prisoners(pos, HERE, 3)
    dealt = deal_damage(pos.rules, pos.table, "p1", 0, pool, [(PRISONER_HERE, 1)] * 3)
    assert len(dealt.killed) == 3 and pos.table.spaces[HERE].prisoners == 0
    sound(pos)


def test_e11_damage_to_a_boss_persists() -> None:
    """E11: "I'll Cut You" (2) plus the Nail Bat (+4) against Slag: his health marker goes
    down by 6, and stays down."""
    pos = maggie_on(HERE)
    boss(pos, HERE, "slag")
    full = pos.table.boss_hp["slag"]
    pool = attack_pool(card_attack(pos, "I'll Cut You"), item(pos, "Nail Bat").damage_bonus)
    assert pool.total == 6
    slag = Enemy("boss", HERE, "slag")
    deal_damage(pos.rules, pos.table, "p1", 0, pool, [(slag, 6)])
    assert pos.table.boss_hp["slag"] == full - 6
    end_of_turn(pos.table)
    assert pos.table.boss_hp["slag"] == full - 6
    assert pos.table.spaces[HERE].bosses == ["slag"]
    sound(pos)


def test_boss_only_damage_cannot_go_to_prisoners() -> None:
    pos = maggie_on(HERE)
    boss(pos, HERE, "slag")
    prisoners(pos, HERE)
    pool = attack_pool(card_attack(pos, "I'll Cut You"), item(pos, "Nail Bat").damage_bonus)
    with pytest.raises(ValueError):
        deal_damage(pos.rules, pos.table, "p1", 0, pool, [(PRISONER_HERE, 3)])


def test_a_boss_killed_drops_his_diplomat_and_only_the_duke_may_come_back() -> None:
    pos = maggie_on(HERE)
    boss(pos, HERE, "romero")
    slot = pos.table.diplomat_slots[0]
    slot.token = False
    pos.table.boss_diplomat["romero"] = 1
    pos.table.boss_hp["romero"] = 2
    romero = Enemy("boss", HERE, "romero")
    dealt = deal_damage(pos.rules, pos.table, "p1", 0, DamagePool(2), [(romero, 2)])
    assert dealt.killed == [romero] and dealt.on_level_token == 0  # A-48, §7.4 [I]
    assert pos.table.boss_state["romero"] == "dead"
    assert pos.table.spaces[HERE].bosses == [] and pos.table.spaces[HERE].diplomat_tokens == [1]
    sound(pos)
    boss(pos, HERE, "duke")
    pos.table.boss_hp["duke"] = 1
    deal_damage(pos.rules, pos.table, "p1", 0, DamagePool(1), [(Enemy("boss", HERE, "duke"), 1)])
    assert pos.table.boss_state["duke"] == "off_board"


def test_prisoner_damage_adds_up_within_a_turn_and_is_wiped_after() -> None:
    """§7.4, E20: with a +1 HP card in play a prisoner needs 2 damage in one turn."""
    pos = maggie_on(HERE)
    bonus = next(
        c.id
        for c in pos.rules.content.new_york.cards
        if c.id in pos.table.new_york_specials
        and any(isinstance(e, PrisonerBonus) and e.stat == "hp" for e in c.effects)
    )
    pos.table.new_york_specials.remove(bonus)
    pos.table.new_york_in_play.append(bonus)
    assert stats(pos.rules, pos.table, PRISONER_HERE).hp == 2  # E20: 2 HP, 3 in a car
    assert stats(pos.rules, pos.table, Enemy("car", HERE)).hp == 3
    prisoners(pos, HERE)
    deal_damage(pos.rules, pos.table, "p1", 0, DamagePool(1), [(PRISONER_HERE, 1)])
    wounded = Enemy("prisoner", HERE, wound=1)
    assert enemies_on(pos.table, HERE) == [wounded]
    sound(pos)
    dealt = deal_damage(pos.rules, pos.table, "p1", 0, DamagePool(1), [(wounded, 1)])
    assert dealt.killed == [wounded]
    prisoners(pos, HERE)
    deal_damage(pos.rules, pos.table, "p1", 0, DamagePool(1), [(PRISONER_HERE, 1)])
    end_of_turn(pos.table)
    assert enemies_on(pos.table, HERE) == [PRISONER_HERE]


def test_killing_a_driver_abandons_the_car_and_takes_a_prisoner_from_the_supply() -> None:
    """§7.4, §8.2: the base turns white; a supply prisoner goes on the level token."""
    pos = maggie_on(HERE)
    prisoner_car(pos, HERE)
    supply = pos.table.prisoner_supply
    room = token_room(pos, "p1")
    car = Enemy("car", HERE)
    hp = stats(pos.rules, pos.table, car).hp
    dealt = deal_damage(pos.rules, pos.table, "p1", 0, DamagePool(hp), [(car, hp)])
    assert dealt.killed == [car]
    assert pos.table.spaces[HERE].cars == [CarFigure(ABANDONED)]
    assert pos.table.prisoner_supply == supply - min(room, 1)
    sound(pos)


def test_range_1_reaches_road_connected_spaces_but_not_across_a_barricade() -> None:
    pos = maggie_on(HERE)
    prisoners(pos, LIBRARY)
    prisoners(pos, (6, 2))
    barricade(pos, HERE, "DR")  # between HERE and (6, 2)
    with pytest.raises(ValueError):
        deal_damage(pos.rules, pos.table, "p1", 0, DamagePool(1), [(Enemy("prisoner", LIBRARY), 1)])
    with pytest.raises(ValueError):
        deal_damage(pos.rules, pos.table, "p1", 1, DamagePool(1), [(Enemy("prisoner", (6, 2)), 1)])
    dealt = deal_damage(
        pos.rules, pos.table, "p1", 1, DamagePool(1), [(Enemy("prisoner", LIBRARY), 1)]
    )
    assert len(dealt.killed) == 1


def test_e5_damage_to_a_hero_from_enemies_in_range() -> None:
    """E5: 2 prisoners in Brain's space (1 each), Romero road-connected (range 1, 2),
    another prisoner next door (range 0), the Duke next door behind an intact barricade:
    4 damage, 4 cards discarded at random."""
    pos = position()
    pos.table.heroes["p2"].cell = HERE
    pos.table.heroes["p1"].cell = (6, 3)
    prisoners(pos, HERE, 2)
    boss(pos, LIBRARY, "romero")
    prisoners(pos, (4, 2))
    boss(pos, (6, 2), "duke")
    barricade(pos, HERE, "DR")  # HERE to (6, 2)
    assert board.open_road(pos.rules, pos.table, HERE, LIBRARY)
    damage = damage_from_enemies(pos.rules, pos.table, "p2")
    assert damage == 4
    hand = pos.table.heroes["p2"].hand[:]
    discarded = take_damage(pos.rules, pos.table, "p2", damage, Rng(5))
    hero = pos.table.heroes["p2"]
    assert len(discarded) == 4 and sorted(discarded + hero.hand) == sorted(hand)
    assert hero.discard[-4:] == discarded
    sound(pos)


def test_damage_beyond_the_hand_is_ignored_and_discards_are_seeded() -> None:
    pos = position()
    hero = pos.table.heroes["p1"]
    size = len(hero.hand)
    again = pos.clone()
    first = take_damage(pos.rules, pos.table, "p1", size + 3, Rng(9))
    assert len(first) == size and hero.hand == []
    assert take_damage(pos.rules, pos.table, "p1", 2, Rng(9)) == []  # no death (§7.19)
    second = take_damage(again.rules, again.table, "p1", size + 3, Rng(9))
    assert first == second


def test_a_shelter_ignores_all_damage() -> None:
    """§7.16, A-36."""
    pos = position()
    lay(pos, (5, 0), lambda s: s.building == "shelter" and not s.event)
    pos.table.heroes["p1"].cell = (5, 0)
    prisoners(pos, (5, 0), 2)
    assert len(attackers(pos.rules, pos.table, "p1")) == 2
    assert damage_from_enemies(pos.rules, pos.table, "p1") == 0
    assert take_damage(pos.rules, pos.table, "p1", 3, Rng(1)) == []


def test_e12_deceived_enemies_go_to_different_spaces_and_lie_still() -> None:
    """E12: "Poker Face" in a space with 2 prisoners and Romero: the 3 go to different
    adjacent explored spaces, never across barricades, and lie on their side until the end
    of the turn (after the New York phase)."""
    pos = position()
    brain = pos.table.heroes["p2"]
    brain.cell = HERE
    pos.table.current = pos.table.turn_order.index("p2")
    card = next(c for c in pos.rules.content.hero_cards.cards if c.name == "Poker Face")
    (effect,) = card.effects
    assert isinstance(effect, Deceive)
    prisoners(pos, HERE, 2)
    boss(pos, HERE, "romero")
    lay(pos, (5, 0))
    barricade(pos, HERE, "DL")  # to the ring space (4, 2)
    romero = Enemy("boss", HERE, "romero")
    destinations = deceive_destinations(pos.rules, pos.table, PRISONER_HERE)
    # Explored and road-connected: not the barricaded ring space, not the empty ones.
    assert set(destinations) == {(5, 0), LIBRARY, (6, 2)}
    targets = deceive_targets(pos.rules, pos.table, "p2", effect.range)
    assert sorted(map(str, targets)) == sorted(map(str, [romero, PRISONER_HERE, PRISONER_HERE]))
    sends = [(PRISONER_HERE, LIBRARY), (PRISONER_HERE, (5, 0)), (romero, (6, 2))]
    deceive(pos.rules, pos.table, "p2", effect.range, effect.enemies, sends)
    assert enemies_on(pos.table, HERE) == []
    assert enemies_on(pos.table, (6, 2)) == [Enemy("boss", (6, 2), "romero", deceived=True)]
    assert attackers(pos.rules, pos.table, "p2") == []  # lying down, they do not attack
    pos.table.heroes["p1"].cell = (6, 3)
    assert priority_groups(pos.rules, pos.table) == []  # nor move
    assert pull_adjacent(pos.rules, pos.table, ["D", "DR", "U"]) == []
    sound(pos)
    end_of_turn(pos.table)
    assert pos.table.marks == []
    assert Enemy("boss", (6, 2), "romero") in enemies_on(pos.table, (6, 2))


def test_deceive_refuses_too_many_targets_and_face_down_landmarks() -> None:
    pos = position()
    landmark_on(pos, (6, 4), "nothing_here")
    pos.table.heroes["p1"].cell = (6, 3)
    prisoners(pos, (6, 3), 2)
    target = Enemy("prisoner", (6, 3))
    assert (6, 4) not in deceive_destinations(pos.rules, pos.table, target)
    with pytest.raises(ValueError):
        deceive(pos.rules, pos.table, "p1", 0, 1, [(target, LIBRARY), (target, LIBRARY)])
    with pytest.raises(ValueError):
        deceive(pos.rules, pos.table, "p1", 0, 3, [(target, (6, 4))])


def test_a_split_is_dealt_at_once_before_prisoners_take_the_emptied_car() -> None:
    """§8.2: prisoners take an abandoned car on a space with no hero, but only once the
    whole split has landed (the targets were chosen among the figures standing)."""
    pos = maggie_on(HERE)
    prisoner_car(pos, LIBRARY)
    prisoners(pos, LIBRARY, 2)
    car, foot = Enemy("car", LIBRARY), Enemy("prisoner", LIBRARY)
    pos.table.heroes["p2"].cell = (6, 3)  # no hero on the Library
    hp = stats(pos.rules, pos.table, car).hp
    dealt = deal_damage(pos.rules, pos.table, "p1", 1, DamagePool(hp + 1), [(car, hp), (foot, 1)])
    assert dealt.killed == [car, foot]
    space = pos.table.spaces[LIBRARY]
    assert space.cars == [CarFigure("prisoner")] and space.prisoners == 0
    sound(pos)
