"""The enemies: their stats with New York's bonuses, and the figures coming into play (spec
§8.1, §8.2, §8.8, §8.9).

An enemy is a prisoner on foot, a prisoner driving a car (the car figure *is* the prisoner,
§8.2), or a boss. Prisoners on foot are counted per space, so an enemy is named by its kind
and space (:class:`Enemy`); a boss also by his id. Every number is the content's:
``enemies.json`` for the stats, the New York special cards in play for the bonuses.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from getaway.games.escape_from_new_york import board
from getaway.games.escape_from_new_york.noise import gain_noise
from getaway.games.escape_from_new_york.options import Rules
from getaway.games.escape_from_new_york.schema import Boss, PrisonerBonus
from getaway.games.escape_from_new_york.state import ABANDONED, PRISONER, CarFigure, Table
from getaway.games.escape_from_new_york.topology import Cell

EnemyKind = Literal["car", "boss", "prisoner"]
#: Order among enemies that tie on movement points (§8.5): cars, then bosses, then prisoners
#: on foot.
KIND_RANK: dict[EnemyKind, int] = {"car": 0, "boss": 1, "prisoner": 2}


@dataclass(frozen=True, slots=True)
class Enemy:
    """One enemy: a prisoner on foot or in a car on ``cell``, or the boss ``boss``."""

    kind: EnemyKind
    cell: Cell
    boss: str | None = None


@dataclass(frozen=True, slots=True)
class Stats:
    hp: int
    mp: int
    damage: int
    range: int
    #: Whether it may move along manhole links (§3.2): not a car.
    manholes: bool


def bonus(rules: Rules, table: Table, stat: str) -> int:
    """The New York special cards in play add to every prisoner's ``stat``, stacking
    (§8.8)."""
    total = 0
    cards = {card.id: card for card in rules.content.new_york.cards}
    for card_id in table.new_york_in_play:
        for effect in cards[card_id].effects:
            if isinstance(effect, PrisonerBonus) and effect.stat == stat:
                total += effect.amount
    return total


def boss_data(rules: Rules, boss: str) -> Boss:
    return next(b for b in rules.content.enemies.bosses if b.id == boss)


def stats(rules: Rules, table: Table, enemy: Enemy) -> Stats:
    """The enemy's HP, movement points, damage and range now: a boss's from his data, a
    prisoner's from the base stats, a car's +HP and +movement, and every bonus in play
    (which improve all prisoners, those in cars too, never bosses, §8.1)."""
    if enemy.kind == "boss":
        assert enemy.boss is not None
        data = boss_data(rules, enemy.boss)
        return Stats(data.hp, data.mp, data.damage, data.range, data.manholes)
    base = rules.content.enemies.prisoner
    car = enemy.kind == "car"
    return Stats(
        hp=base.hp + (base.car_hp if car else 0) + bonus(rules, table, "hp"),
        mp=base.mp + (base.car_mp if car else 0) + bonus(rules, table, "mp"),
        damage=base.damage + bonus(rules, table, "damage"),
        range=min(1, base.range + bonus(rules, table, "range")),
        manholes=not car,
    )


def enemies_on(table: Table, cell: Cell) -> list[Enemy]:
    """Each enemy on the space, one entry per figure: cars, bosses, prisoners on foot."""
    space = table.spaces[cell]
    found = [Enemy("car", cell) for car in space.cars if car.owner == PRISONER]
    found += [Enemy("boss", cell, boss) for boss in space.bosses]
    found += [Enemy("prisoner", cell)] * space.prisoners
    return found


def all_enemies(table: Table) -> list[Enemy]:
    """Every enemy on the map, in board order."""
    return [enemy for cell in table.spaces for enemy in enemies_on(table, cell)]


# --- figures coming into play -------------------------------------------------------------------


def place_prisoners(rules: Rules, table: Table, cell: Cell, count: int) -> int:
    """Put ``count`` prisoners from the supply on the space. Each one the supply lacks makes
    New York gain 1 noise instead (§8.9). A prisoner put where an abandoned car stands and no
    hero is takes it (§8.2). Returns the timer cards the noise owes (§8.3)."""
    placed = min(count, table.prisoner_supply)
    table.prisoner_supply -= placed
    table.spaces[cell].prisoners += placed
    take_abandoned_cars(table, cell)
    return gain_noise(rules, table, count - placed)


def place_prisoner_car(table: Table, cell: Cell) -> bool:
    """A revealed car symbol: a car figure with a red base, a prisoner driving it (§7.16).
    Ignored when no car figure is left [P]. Whether one was placed."""
    if table.car_figures == 0:
        return False
    table.car_figures -= 1
    table.spaces[cell].cars.append(CarFigure(PRISONER))
    return True


def take_abandoned_cars(table: Table, cell: Cell) -> int:
    """Prisoners on foot take the abandoned cars on a space with no hero (§8.2, E18): each
    car's base turns red and its prisoner goes back to the supply (the car figure is now the
    prisoner). Checked whenever it may arise. Returns how many cars were taken."""
    space = table.spaces[cell]
    if board.engaged(table, cell):
        return 0
    taken = 0
    for index, car in enumerate(space.cars):
        if space.prisoners == 0:
            break
        if car.owner == ABANDONED:
            space.cars[index] = CarFigure(PRISONER, car.taxi)
            space.prisoners -= 1
            table.prisoner_supply += 1
            taken += 1
    return taken
