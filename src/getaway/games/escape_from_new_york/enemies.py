"""The enemies: their stats with New York's bonuses, and the figures coming into play (spec
§8.1, §8.2, §8.8, §8.9).

An enemy is a prisoner on foot, a prisoner driving a car (the car figure *is* the prisoner,
§8.2), or a boss. Prisoners on foot are counted per space, so an enemy is named by its kind
and space (:class:`Enemy`); a boss also by his id. Every number is the content's:
``enemies.json`` for the stats, the New York special cards in play for the bonuses.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from getaway.games.escape_from_new_york import board
from getaway.games.escape_from_new_york.content import Content
from getaway.games.escape_from_new_york.noise import gain_noise
from getaway.games.escape_from_new_york.options import Rules
from getaway.games.escape_from_new_york.schema import Boss, PrisonerBonus
from getaway.games.escape_from_new_york.state import (
    ABANDONED,
    PRISONER,
    CarFigure,
    Enemy,
    EnemyKind,
    Table,
)
from getaway.games.escape_from_new_york.topology import Cell

#: A space looked at only, not copied if shared (``state.Spaces``): a C call, as the hot
#: loops read spaces hundreds of times a ply. Never change what it returns.
_read = dict.__getitem__
_read_all = dict.items

#: Order among enemies that tie on movement points (§8.5): cars, then bosses, then prisoners
#: on foot.
KIND_RANK: dict[EnemyKind, int] = {"car": 0, "boss": 1, "prisoner": 2}


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
    cards = board.lookup(rules).new_york
    for card_id in table.new_york_in_play:
        for effect in cards[card_id].effects:
            if isinstance(effect, PrisonerBonus) and effect.stat == stat:
                total += effect.amount
    return total


def boss_data(rules: Rules, boss: str) -> Boss:
    return board.lookup(rules).bosses[boss]


def stats(rules: Rules, table: Table, enemy: Enemy) -> Stats:
    """The enemy's HP, movement points, damage and range now: a boss's from his data, a
    prisoner's from the base stats, a car's +HP and +movement, and every bonus in play
    (which improve all prisoners, those in cars too, never bosses, §8.1)."""
    if enemy.kind == "boss":
        assert enemy.boss is not None
        data = boss_data(rules, enemy.boss)
        return Stats(data.hp, data.mp, data.damage, data.range, data.manholes)
    car = enemy.kind == "car"
    key = (id(rules.content), tuple(table.new_york_in_play), car)
    kept = _PRISONER_STATS.get(key)
    if kept is not None and kept[0] is rules.content:
        return kept[1]
    base = rules.content.enemies.prisoner
    found = Stats(
        hp=base.hp + (base.car_hp if car else 0) + bonus(rules, table, "hp"),
        mp=base.mp + (base.car_mp if car else 0) + bonus(rules, table, "mp"),
        damage=base.damage + bonus(rules, table, "damage"),
        range=min(1, base.range + bonus(rules, table, "range")),
        manholes=not car,
    )
    if len(_PRISONER_STATS) >= 64:
        _PRISONER_STATS.clear()
    _PRISONER_STATS[key] = (rules.content, found)
    return found


#: A prisoner's or car's stats by content (by identity: the entry keeps its content and
#: is checked against it), the special cards in play (the only part of the table they
#: read) and whether it drives a car. Asked for every enemy at every New York choice.
_PRISONER_STATS: dict[tuple[int, tuple[str, ...], bool], tuple[Content, Stats]] = {}


def enemies_on(table: Table, cell: Cell) -> list[Enemy]:
    """Each enemy figure on the space, marked ones as marked: cars, bosses, prisoners on
    foot."""
    space = _read(table.spaces, cell)
    marks = [mark for mark in table.marks if mark.cell == cell] if table.marks else []
    if not marks:  # most spaces: no figure marked, listed in rank order at once
        if not (space.prisoners or space.cars or space.bosses):
            return []
        cars = sum(1 for car in space.cars if car.owner == PRISONER) if space.cars else 0
        return [
            *[Enemy("car", cell)] * cars,
            *(Enemy("boss", cell, boss) for boss in space.bosses),
            *[Enemy("prisoner", cell)] * space.prisoners,
        ]
    found: list[Enemy] = []
    counts: tuple[tuple[EnemyKind, int], ...] = (
        ("car", sum(1 for car in space.cars if car.owner == PRISONER)),
        ("prisoner", space.prisoners),
    )
    for kind, count in counts:
        mine = [mark for mark in marks if mark.kind == kind]
        found += mine + [Enemy(kind, cell)] * (count - len(mine))
    for boss in space.bosses:
        mark = next((m for m in marks if m.boss == boss), None)
        found.append(mark or Enemy("boss", cell, boss))
    found.sort(key=lambda enemy: KIND_RANK[enemy.kind])
    return found


def all_enemies(table: Table) -> list[Enemy]:
    """Every enemy figure on the map, in board order (spaces with no figure and no mark
    skipped without asking :func:`enemies_on`, which would list none there)."""
    marked = {mark.cell for mark in table.marks}
    return [
        enemy
        for cell, space in _read_all(table.spaces)
        if space.prisoners or space.cars or space.bosses or cell in marked
        for enemy in enemies_on(table, cell)
    ]


def present(table: Table, enemy: Enemy) -> bool:
    """Whether a figure like ``enemy`` is on its space."""
    return enemy in enemies_on(table, enemy.cell)


def remove_figure(table: Table, enemy: Enemy) -> None:
    """Take one figure like ``enemy`` off its space (to be put elsewhere or given back by the
    caller), with its mark."""
    if not present(table, enemy):
        raise ValueError(f"no {enemy} on the map")
    space = table.spaces[enemy.cell]
    if enemy.kind == "prisoner":
        space.prisoners -= 1
    elif enemy.kind == "car":
        space.cars.remove(CarFigure(PRISONER))
    else:
        assert enemy.boss is not None
        space.bosses.remove(enemy.boss)
    if enemy.marked:
        table.marks.remove(enemy)


def add_figure(table: Table, enemy: Enemy) -> None:
    """Put a figure like ``enemy`` on its space, with its mark."""
    space = table.spaces[enemy.cell]
    if enemy.kind == "prisoner":
        space.prisoners += 1
    elif enemy.kind == "car":
        space.cars.append(CarFigure(PRISONER))
    else:
        assert enemy.boss is not None
        space.bosses.append(enemy.boss)
    if enemy.marked:
        table.marks.append(enemy)


def relocate(table: Table, enemy: Enemy, cell: Cell) -> Enemy:
    """Move one figure like ``enemy`` to ``cell``; the figure as it now is."""
    remove_figure(table, enemy)
    moved = replace(enemy, cell=cell)
    add_figure(table, moved)
    return moved


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
    prisoner). Checked whenever it may arise. A prisoner this turn has marked (wounded or
    deceived) hands its marks on to the car it takes. Returns how many cars were taken."""
    space = table.spaces[cell]
    if board.engaged(table, cell):
        return 0
    taken = 0
    for index, car in enumerate(space.cars):
        if space.prisoners == 0:
            break
        if car.owner == ABANDONED:
            # Prisoners on foot come last, unmarked ones after marked ones.
            driver = enemies_on(table, cell)[-1]
            remove_figure(table, driver)
            table.prisoner_supply += 1
            space.cars[index] = CarFigure(PRISONER, car.taxi)
            if driver.marked:
                table.marks.append(replace(driver, kind="car"))
            taken += 1
    return taken
