"""Escape from New York's own bot, ``heuristic``: a co-operative hero who plays for the
team's escape and takes the escape alone only when it is certain.

It reads only its seat's view (:class:`~.bots_view.SeatView`) and scores each legal action:

* **the ends first**: ``escape`` (legal only when all of §9.2's conditions hold: certain),
  the bridge move of a team escape, and calling the escape once the team is gathered;
* **the plan** (``SeatView.goal``): explore landmarks until the Duke's Camp shows, take the
  President there, pick up diplomat tokens (one of them the Tape) and items (the Diagrams),
  then every hero gathers at the bridgehead of a Diagram the team is known to hold;
* **cards** by what they do where the hero stands: moves while the goal is away, attacks
  while enemies are in range, returns while the discard is full, items; noise costs;
* **safety and time**: steps and stops away from enemies; recovering only when forced (a
  timer card each time); levelling up with items that are no use otherwise.

Where the view gives it nothing to go on (New York's choices of enemies and routes, which
landmark a rescue flips) it picks at random from its own generator.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from getaway.core.bots import Bot, ViewBot, best_scored
from getaway.core.rng import Rng
from getaway.games.escape_from_new_york.bots_view import FAR, SeatView
from getaway.games.escape_from_new_york.schema import (
    Attack,
    CardTarget,
    Deceive,
    Explore,
    ExploreLandmark,
    GainItem,
    HeroCard,
    Move,
    ReturnDiscard,
    Steal,
)
from getaway.games.escape_from_new_york.topology import Cell

#: Scores of the actions that end the game or must not be missed.
CERTAIN_WIN = 1000.0
#: The score of an action the bot plays only when nothing else is legal (a step far from
#: the goal scores some -10, so "not now" must be far below it).
NEVER = -100.0
#: A noise point's cost: noise brings timer cards (§7.18), the team's clock.
NOISE = 0.4
#: An enemy that can reach the space a hero ends on: damage costs cards (§7.19).
THREAT = 0.8
#: Recover (a timer card) when the hand holds this many cards or fewer: only when the rules
#: force it. Each recovery costs a timer card, the team's clock, and damage discards no more
#: than the hand holds (no hero dies), so a short hand is cheap; measured on 60 two-hero
#: games (seed 1), recovering at 3 cards won 1 and at 1 card won 3.
RECOVER_AT = 1
#: Call the team's escape without the whole team once this few timer cards are left.
LATE = 2


def parse_cell(text: str) -> Cell:
    col, _, row = text.partition(",")
    return (int(col), int(row))


class HeuristicBot(ViewBot):
    name = "heuristic"

    def pick(self, seat: str, view: Mapping[str, Any], legal: Sequence[str], rng: Rng) -> str:
        reader = SeatView(view, seat)
        scores = [score(reader, action) for action in legal]
        return best_scored(legal, scores, rng)


def score(reader: SeatView, action: str) -> float:
    """How good ``action`` looks to the seat of ``reader``."""
    kind, _, rest = action.partition(":")
    rule = _RULES.get(kind)
    return rule(reader, rest) if rule is not None else 0.0


# --- the ends ------------------------------------------------------------------------------


def _attempt(reader: SeatView, rest: str) -> float:
    """Call the team's escape when the President is on the space and the whole team is
    there, or time is running out (a hero left behind loses, §9.1)."""
    holder = reader.president_holder
    if holder is None or reader.hero_cell(holder) != reader.cell:
        return NEVER
    together = all(reader.hero_cell(seat) == reader.cell for seat in reader.seats)
    return 50.0 if together or reader.timer_left <= LATE else NEVER


def _show(reader: SeatView, rest: str) -> float:
    return 10.0  # co-operate: every card the escape needs is shown


def _done(reader: SeatView, rest: str) -> float:
    return 0.0


# --- cards ----------------------------------------------------------------------------------


def card_value(reader: SeatView, card: HeroCard) -> float:
    """What playing ``card`` now is worth to the hero, noise included."""
    value = 0.0
    distance = reader.goal_distance()
    for effect in card.effects:
        if isinstance(effect, Move):
            if reader.ready_to_cross:
                value += 6.0  # the move onto the bridge, once the escape is called
            else:
                value += 2.0 * min(effect.steps, distance) if distance < FAR else 0.3
        elif isinstance(effect, Explore):
            value += 0.8
        elif isinstance(effect, Attack):
            if reader.enemies_within(reader.cell, effect.range):
                value += 1.5 * effect.damage
        elif isinstance(effect, Deceive):
            if reader.enemies_within(reader.cell, effect.range):
                value += 1.0 * effect.enemies
        elif isinstance(effect, ReturnDiscard):
            value += 1.0 * min(effect.cards, int(reader.me["discard_size"]))
        elif isinstance(effect, GainItem):
            value += 1.2 * effect.items
        elif isinstance(effect, ExploreLandmark):
            value += 2.0
        elif isinstance(effect, Steal):
            value -= 1.0  # from a team-mate: no gain to the team
        else:
            value += 0.2
    if card.item_symbol:
        value += 1.2
    return value - NOISE * card.noise


def base_value(card: HeroCard) -> float:
    """A card's worth in general, for choosing a special card at a level-up."""
    value = 0.0
    for effect in card.effects:
        if isinstance(effect, Move):
            value += effect.steps
        elif isinstance(effect, Attack):
            value += 0.8 * effect.damage * (1 + effect.range)
        elif isinstance(effect, ReturnDiscard):
            value += effect.cards
        elif isinstance(effect, Steal):
            value -= 1.0
        else:
            value += 0.5
    return value - 0.3 * card.noise


def _choose(reader: SeatView, rest: str) -> float:
    return card_value(reader, reader.cards[rest])


def _play(reader: SeatView, rest: str) -> float:
    """Attacks before moves when enemies are in range (they hurt at step 7); otherwise
    moves first, so the other card is played where the hero arrives."""
    card = reader.cards[rest]
    first = card.effects[0] if card.effects else None
    if isinstance(first, Attack) and reader.enemies_within(reader.cell, first.range):
        return 5.0
    if isinstance(first, Move):
        return 4.0
    return 3.0


def _ability(reader: SeatView, rest: str) -> float:
    """The personal ability in place of a card: worth it only when the card would do
    nothing (it is then not revealed, and its noise is not made)."""
    option, _, card = rest.partition(":")
    replaced = card_value(reader, reader.cards[card])
    if replaced > 0.5:
        return -1.0
    effects = reader.rules.content.heroes.heroes
    hero = next(h for h in effects if h.id == reader.me["hero"])
    worth = 0.0
    for effect in hero.ability[int(option)]:
        if isinstance(effect, Attack):
            worth += 1.5 * effect.damage if reader.enemies_on(reader.cell) else 0.0
        elif isinstance(effect, Move):
            worth += 2.0 if 0 < reader.goal_distance() < FAR else 0.0
    return 3.5 + worth - replaced if worth > 0 else -1.0


def _return(reader: SeatView, rest: str) -> float:
    """The discarded card taken back: the one worth most where the hero stands."""
    return card_value(reader, reader.cards[rest])


def _recover(reader: SeatView, rest: str) -> float:
    return 1.0 if int(reader.me["hand_size"]) <= RECOVER_AT else -1.0


def _keep_hand(reader: SeatView, rest: str) -> float:
    return 0.0


# --- moving ----------------------------------------------------------------------------------


def _at(reader: SeatView, cell: Cell) -> float:
    """Standing on ``cell``: nearer the goal, away from enemies."""
    return -1.0 * reader.goal_distance(cell) - THREAT * reader.threat(cell)


def _step(reader: SeatView, rest: str) -> float:
    """A step scored by where the move can end from it: an exact move may have to walk
    past the goal, so the steps still owed after this one count."""
    where, _, _how = rest.rpartition(":")
    cell = parse_cell(where)
    move = reader.view.get("turn", {}).get("move")
    if move is None:
        return _at(reader, cell)
    effect = move["effect"]
    left = max(int(effect["steps"]) - int(move["taken"]) - 1, 0)
    up_to = bool(effect.get("up_to"))
    if left == 0 or up_to:
        threat = reader.threat(cell)
    else:
        threat = 0
    return -1.0 * reader.end_distance(cell, left, up_to) - THREAT * threat


def _stop(reader: SeatView, rest: str) -> float:
    return _at(reader, reader.cell) - 0.1


def _explore(reader: SeatView, rest: str) -> float:
    return -float(reader.goal_distance(parse_cell(rest)))


def _drive(reader: SeatView, rest: str) -> float:
    return 1.0 if 0 < reader.goal_distance() < FAR else -1.0


def _passenger(reader: SeatView, rest: str) -> float:
    return 1.0  # carrying a team-mate along keeps the team together


def _agree(reader: SeatView, rest: str) -> float:
    return 1.0


# --- fighting ---------------------------------------------------------------------------------


def _hit(reader: SeatView, rest: str) -> float:
    # All damage to the first figure offered: concentrated damage kills (§7.4).
    return 5.0 - int(rest)


def _deceive(reader: SeatView, rest: str) -> float:
    _, _, where = rest.partition(":")
    return float(reader.rules.topology.distance(reader.cell, parse_cell(where)))


def _fire(reader: SeatView, rest: str) -> float:
    weapon = reader.me["weapon"]
    item = reader.items.get(weapon) if weapon else None
    attacks = [e for e in (item.use if item else []) if isinstance(e, Attack)]
    if attacks and reader.enemies_within(reader.cell, attacks[0].range):
        return 4.0
    return NEVER


# --- holdings -------------------------------------------------------------------------------


def _key_card(reader: SeatView, card: str) -> bool:
    """A card the team's escape or the seat's own objectives need."""
    return card in reader.diagrams or card == "tape" or card in _objective_cards(reader)


def _objective_cards(reader: SeatView) -> set[str]:
    found = set()
    for objective in reader.rules.content.objectives.objectives:
        target = objective.target
        mine = objective.id in reader.me.get("objectives", [])
        if mine and isinstance(target, CardTarget) and target.card is not None:
            found.add(target.card)
    return found


def _supply_card(reader: SeatView, index: str) -> tuple[str, str]:
    kind, card, _ = reader.me["supply"][int(index)]
    return str(kind), str(card)


def _drop(reader: SeatView, rest: str) -> float:
    """Drop the least useful card; onto the level token when it asks for one."""
    index, _, token = rest.partition(":")
    kind, card = _supply_card(reader, index)
    if _key_card(reader, card):
        return -10.0
    value = 2.0 if kind == "diplomat" else 0.0
    return -value + (1.0 if token else 0.0)


def _token_item(reader: SeatView, rest: str) -> float:
    """An item onto the level token (levelling up, §7.15), unless the team needs it."""
    if rest == "weapon":
        return NEVER
    _, card = _supply_card(reader, rest)
    return NEVER if _key_card(reader, card) else 6.0


def _reveal(reader: SeatView, rest: str) -> float:
    index, _, token = rest.partition(":")
    kind, _ = _supply_card(reader, index)
    if kind != "item":
        return NEVER  # a Bracelet: its peek is worth little to this bot
    return 2.0 if reader.me["weapon"] is None and not token else -1.0


def _use(reader: SeatView, rest: str) -> float:
    _, card = _supply_card(reader, rest)
    item = reader.items.get(card)
    if item is None or _key_card(reader, card):
        return NEVER
    for effect in item.use:
        if isinstance(effect, ReturnDiscard) and int(reader.me["discard_size"]) >= effect.cards:
            return 2.0
        if isinstance(effect, Attack) and reader.enemies_within(reader.cell, effect.range):
            return 3.0
    return NEVER


def _library(reader: SeatView, rest: str) -> float:
    wants_cards = int(reader.me["discard_size"]) >= 2
    return 1.0 if (rest == "return") == wants_cards else 0.0


def _medical(reader: SeatView, rest: str) -> float:
    return 1.0


def _shop(reader: SeatView, rest: str) -> float:
    return 1.0 if rest == "items" else 0.0


def _keep(reader: SeatView, rest: str) -> float:
    if rest in reader.diagrams:
        return 3.0
    item = reader.items.get(rest)
    return 1.0 if item is not None and item.use else 0.0


def _special(reader: SeatView, rest: str) -> float:
    return base_value(reader.cards[rest])


def _landmark(reader: SeatView, rest: str) -> float:
    return -float(reader.rules.topology.distance(reader.cell, parse_cell(rest)))


def _take(reader: SeatView, rest: str) -> float:
    return 20.0


def _take_diplomat(reader: SeatView, rest: str) -> float:
    """A diplomat token's card, unless the seat knows that slot holds a card of no use to it
    (one it put back itself), or its supply is full of cards it keeps: an item the team
    does not need may make room, but a diplomat dropped puts a token back on the space,
    to be taken again."""
    slot = reader.table["diplomat_slots"][int(rest) - 1]
    card = slot["card"]
    if card not in (None, "?") and not _key_card(reader, str(card)):
        return NEVER
    return 20.0 if reader.room_for_a_diplomat else NEVER


def _take_car(reader: SeatView, rest: str) -> float:
    return 1.5


def _never(reader: SeatView, rest: str) -> float:
    return NEVER


def _end(reader: SeatView, rest: str) -> float:
    return CERTAIN_WIN


_RULES: dict[str, Callable[[SeatView, str], float]] = {
    "escape": _end,
    "bridge": _end,
    "attempt": _attempt,
    "show": _show,
    "done": _done,
    "choose": _choose,
    "play": _play,
    "ability": _ability,
    "recover": _recover,
    "return": _return,
    "keep": lambda reader, rest: _keep(reader, rest) if rest else _keep_hand(reader, rest),
    "step": _step,
    "stop": _stop,
    "explore": _explore,
    "drive": _drive,
    "stay": lambda reader, rest: 0.0,
    "passenger": _passenger,
    "alone": lambda reader, rest: 0.0,
    "agree": _agree,
    "refuse": lambda reader, rest: 0.0,
    "hit": _hit,
    "deceive": _deceive,
    "fire": _fire,
    "drop": _drop,
    "token-item": _token_item,
    "reveal": _reveal,
    "use": _use,
    "library": _library,
    "medical": _medical,
    "shop": _shop,
    "special": _special,
    "landmark": _landmark,
    "pick-up": _take,
    "take-diplomat": _take_diplomat,
    "take-president": lambda reader, rest: 40.0,
    "take-car": _take_car,
    "abandon-car": _never,
}


BOTS: dict[str, Callable[[], Bot]] = {"heuristic": HeuristicBot}
