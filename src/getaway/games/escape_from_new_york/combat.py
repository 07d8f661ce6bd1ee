"""Damage both ways and deceiving (spec §7.4, §7.5, §7.19, §8.4).

Heroes deal damage split freely among the enemies in range (the split is the player's, an
argument here); prisoners keep this turn's damage as a mark and die at their HP, bosses lose
health for good. Enemies deal damage to the current hero at step 7, which the hero pays with
cards discarded at random from hand. Deceiving moves enemies to neighbouring explored spaces
and lays them down until the end of the turn.

Readings chosen where the text is open:

- A weapon's bonus that only bosses may take (the Nail Bat, A-34) is a separate pool in the
  split: it may go to bosses only; the rest of the damage to anyone.
- The Duke killed leaves the map but not the game: he goes back off the board, his health
  at 0, for his comeback ability (M-06) to bring him in again; Romero and Slag are dead.
- There is no hero death (§7.19 [I]): an empty hand takes no more damage.
- A deceived enemy cannot be deceived again this turn (it already lies still).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field, replace

from getaway.core.rng import Rng
from getaway.games.escape_from_new_york import board
from getaway.games.escape_from_new_york.enemies import (
    add_figure,
    enemies_on,
    remove_figure,
    stats,
    take_abandoned_cars,
)
from getaway.games.escape_from_new_york.options import Rules
from getaway.games.escape_from_new_york.schema import Attack, DamageBonus
from getaway.games.escape_from_new_york.state import ABANDONED, CarFigure, Enemy, Table
from getaway.games.escape_from_new_york.topology import Cell

#: A split of damage, or a deceive: one entry per figure (the same value twice is two
#: figures alike).
Allocation = Sequence[tuple[Enemy, int]]


def enemies_in_range(rules: Rules, table: Table, cell: Cell, reach: int) -> list[Enemy]:
    """Every enemy figure within ``reach`` of ``cell`` (§7.4: own space, and at range 1 the
    road-connected ones; never across an intact barricade, never through manholes)."""
    return [
        enemy
        for there in board.cells_in_range(rules, table, cell, reach)
        for enemy in enemies_on(table, there)
    ]


# --- heroes dealing damage (§7.4) -------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class DamagePool:
    """Damage to split: ``any`` to any enemy in range, ``bosses`` to bosses only."""

    any: int
    bosses: int = 0

    @property
    def total(self) -> int:
        return self.any + self.bosses


def attack_pool(attack: Attack, weapon_bonus: DamageBonus | None = None) -> DamagePool:
    """An attack's damage with the weapon's bonus added before the split (§7.4, E21): a
    bonus for another range adds nothing; one for bosses only makes its own pool."""
    if weapon_bonus is None or (
        weapon_bonus.range is not None and weapon_bonus.range != attack.range
    ):
        return DamagePool(attack.damage)
    if weapon_bonus.bosses_only:
        return DamagePool(attack.damage, weapon_bonus.amount)
    return DamagePool(attack.damage + weapon_bonus.amount)


@dataclass(slots=True)
class Dealt:
    """What a split did."""

    killed: list[Enemy] = field(default_factory=list)
    #: Damage beyond what the targets could take, or left out of the split (E2's surplus):
    #: lost.
    lost: int = 0
    #: Prisoner figures the kills put on the hero's level token (§7.4).
    on_level_token: int = 0


def check_split(
    rules: Rules, table: Table, cell: Cell, reach: int, pool: DamagePool, split: Allocation
) -> None:
    """Refuse a split that is not the player's to make: a target out of range or not on the
    map, more damage than the pool, or boss-only damage on anyone else."""
    in_range = Counter(enemies_in_range(rules, table, cell, reach))
    wanted = Counter(enemy for enemy, _ in split)
    missing = wanted - in_range
    if missing:
        raise ValueError(f"not in range: {sorted(map(str, missing.elements()))}")
    if any(amount < 1 for _, amount in split):
        raise ValueError("each target takes at least 1 damage")
    if sum(amount for _, amount in split) > pool.total:
        raise ValueError(f"the split deals more than {pool.total} damage")
    if sum(amount for enemy, amount in split if enemy.kind != "boss") > pool.any:
        raise ValueError(f"only {pool.any} damage may go to enemies other than bosses")


def deal_damage(
    rules: Rules,
    table: Table,
    seat: str,
    reach: int,
    pool: DamagePool,
    split: Allocation,
) -> Dealt:
    """The hero of ``seat`` deals ``pool`` as split (§7.4): a prisoner dies once this turn's
    damage reaches its HP, a boss loses health for good. Damage the split leaves out is
    lost; the effect still counts as applied in full (E2)."""
    hero = table.heroes[seat]
    check_split(rules, table, hero.cell, reach, pool, split)
    result = Dealt(lost=pool.total - sum(amount for _, amount in split))
    for enemy, amount in split:
        if enemy.kind == "boss":
            _hurt_boss(rules, table, enemy, amount, result)
        else:
            _hurt_prisoner(rules, table, seat, enemy, amount, result)
    # The split is dealt at once: only then may prisoners left standing by a car whose
    # driver died take it (§8.2).
    for cell in dict.fromkeys(enemy.cell for enemy in result.killed if enemy.kind == "car"):
        take_abandoned_cars(table, cell)
    return result


def _hurt_prisoner(
    rules: Rules, table: Table, seat: str, enemy: Enemy, amount: int, result: Dealt
) -> None:
    remove_figure(table, enemy)
    wound = enemy.wound + amount
    hp = stats(rules, table, enemy).hp
    if wound < hp:
        add_figure(table, replace(enemy, wound=wound))
        return
    result.lost += wound - hp
    result.killed.append(enemy)
    if enemy.kind == "prisoner":
        # The figure itself goes on the level token if it has room, else to the supply.
        if _level_token_room(rules, table, seat):
            _onto_level_token(table, seat)
            result.on_level_token += 1
        else:
            table.prisoner_supply += 1
        return
    # A driver killed: the car stays, abandoned; the killer takes a prisoner from the
    # supply onto the token, if it has room and the supply has one [P] (§7.4, §8.2).
    table.spaces[enemy.cell].cars.append(CarFigure(ABANDONED))
    if _level_token_room(rules, table, seat) and table.prisoner_supply > 0:
        table.prisoner_supply -= 1
        _onto_level_token(table, seat)
        result.on_level_token += 1


def _level_token_room(rules: Rules, table: Table, seat: str) -> bool:
    """Whether the hero's face-up level token shows an unfilled prisoner symbol."""
    hero = table.heroes[seat]
    data = next(s for s in rules.content.level_tokens.sets if s.id == hero.level_set)
    for index, token in enumerate(hero.level_tokens):
        if token.state == "active":
            return token.prisoners < data.tokens[index].prisoners
    return False


def _onto_level_token(table: Table, seat: str) -> None:
    token = next(t for t in table.heroes[seat].level_tokens if t.state == "active")
    token.prisoners += 1


def _hurt_boss(rules: Rules, table: Table, enemy: Enemy, amount: int, result: Dealt) -> None:
    """A boss's damage persists on his health track (§7.4, E11); at 0 he leaves the map,
    dropping the diplomat token he carries where he died."""
    assert enemy.boss is not None
    boss = enemy.boss
    result.lost += max(0, amount - table.boss_hp[boss])
    table.boss_hp[boss] = max(0, table.boss_hp[boss] - amount)
    if table.boss_hp[boss] > 0:
        return
    result.killed.append(enemy)
    remove_figure(table, enemy)
    comeback = next(b for b in rules.content.enemies.bosses if b.id == boss).comeback
    table.boss_state[boss] = "off_board" if comeback else "dead"
    token = table.boss_diplomat[boss]
    if token is not None:
        table.spaces[enemy.cell].diplomat_tokens.append(token)
        table.boss_diplomat[boss] = None


# --- enemies dealing damage (§7.19, §8.4, step 7) ---------------------------------------------


def attackers(rules: Rules, table: Table, seat: str) -> list[Enemy]:
    """The enemies whose range reaches the hero (§8.4): on its space, or road-connected at
    range 1; deceived ones do not attack (§7.5)."""
    cell = table.heroes[seat].cell
    found = []
    for enemy in enemies_in_range(rules, table, cell, 1):
        if enemy.deceived:
            continue
        if board.in_range(rules, table, enemy.cell, cell, stats(rules, table, enemy).range):
            found.append(enemy)
    return found


def sheltered(rules: Rules, table: Table, seat: str) -> bool:
    """A hero on a Shelter ignores all damage (§7.16, A-36)."""
    cell = table.heroes[seat].cell
    return any(shown.building == "shelter" for shown in board.symbols(rules, table, cell))


def damage_from_enemies(rules: Rules, table: Table, seat: str) -> int:
    """Step 7's total (§8.4): every attacker's damage; none on a Shelter. Items that
    prevent damage are the player's to use before :func:`take_damage`."""
    if sheltered(rules, table, seat):
        return 0
    return sum(stats(rules, table, enemy).damage for enemy in attackers(rules, table, seat))


def take_damage(rules: Rules, table: Table, seat: str, damage: int, rng: Rng) -> list[str]:
    """The hero discards ``damage`` action cards at random from hand, unseen by the others,
    as far as the hand goes (§7.19, E5); none on a Shelter (A-36, events and New York too).
    Returns the cards discarded (for the owner's eyes)."""
    if damage <= 0 or sheltered(rules, table, seat):
        return []
    hand = table.heroes[seat].hand
    discarded = [hand.pop(rng.below(len(hand))) for _ in range(min(damage, len(hand)))]
    table.heroes[seat].discard.extend(discarded)
    return discarded


# --- deceiving (§7.5) -------------------------------------------------------------------------


def deceive_destinations(rules: Rules, table: Table, enemy: Enemy) -> list[Cell]:
    """Where a deceived enemy may be sent: a road-connected explored space (no intact
    barricade, no manhole, no face-down landmark, §7.5)."""
    return [
        there
        for there in board.road_neighbours(rules, table, enemy.cell)
        if board.explored(rules, table, there)
    ]


def deceive_targets(rules: Rules, table: Table, seat: str, reach: int) -> list[Enemy]:
    """The enemies the hero may deceive: in range, standing, with somewhere to go."""
    cell = table.heroes[seat].cell
    return [
        enemy
        for enemy in enemies_in_range(rules, table, cell, reach)
        if not enemy.deceived and deceive_destinations(rules, table, enemy)
    ]


def deceive(
    rules: Rules,
    table: Table,
    seat: str,
    reach: int,
    most: int,
    sends: Sequence[tuple[Enemy, Cell]],
) -> None:
    """Deceive the enemies of ``sends``, each to the space chosen for it (several may go to
    different spaces, E12): moved at once and laid down until the end of the turn, when
    they neither move nor attack (§7.5). At most ``most`` of them (the card's number)."""
    if len(sends) > most:
        raise ValueError(f"the card deceives at most {most} enemies")
    targets = Counter(deceive_targets(rules, table, seat, reach))
    missing = Counter(enemy for enemy, _ in sends) - targets
    if missing:
        raise ValueError(f"cannot deceive {sorted(map(str, missing.elements()))}")
    for enemy, cell in sends:
        if cell not in deceive_destinations(rules, table, enemy):
            raise ValueError(f"{enemy} cannot be sent to {cell}")
    for enemy, cell in sends:
        remove_figure(table, enemy)
        add_figure(table, replace(enemy, cell=cell, deceived=True))
        take_abandoned_cars(table, cell)


def end_of_turn(table: Table) -> None:
    """Stand the deceived enemies up and wipe the prisoners' damage (§6 end of turn)."""
    table.marks.clear()
