"""Final scoring (spec §14): the score sheet of each player who escaped, the winners with
every tie-breaker, and Lieutenant Costa's score in the solo game (§16.6).

The inputs are what the boards show at the end, as small explicit values, so the game
state can build them however it stores them. Money is in $k.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, fields

from getaway.core.errors import GetawayError
from getaway.games.escape_plan.content import Content
from getaway.games.escape_plan.escape import Fate
from getaway.games.escape_plan.notoriety import penalty
from getaway.games.escape_plan.schema import EscapePlanCard


class ScoringError(GetawayError, ValueError):
    """Final boards the rules cannot produce; the message says what is allowed."""


@dataclass(frozen=True, slots=True)
class FinalBoard:
    """One player's board at the end of the game."""

    #: The id of the player's Escape Plan card.
    plan: int
    #: The Businesses and Safe Houses with this player's cube: ``business:casino``,
    #: ``safe_house:1``... (Income-icon lines are listed too; they score 0.)
    visited: tuple[str, ...]
    cash: int
    #: Used (face-down) Asset tiles.
    used_assets: int
    #: Every Contact card on the board, face up or down, those under Handcuffs included.
    contact_cards: int
    #: Handcuffs cards taken, the "virtual" ones of §11 included.
    handcuffs: int
    #: The face values of the Locker and Exit tiles on the board ("$ Bags").
    bags: tuple[int, ...]
    notoriety: int
    #: Cubes in the red wound box.
    red_wounds: int


@dataclass(frozen=True, slots=True)
class ScoreSheet:
    """The score sheet's lines (§14), in $k; :attr:`total` adds them up."""

    safe_houses: int
    group_1: int
    group_2: int
    cash: int
    assets: int
    contacts: int
    bags: int
    notoriety: int
    wounds: int

    @property
    def total(self) -> int:
        return sum(getattr(self, line.name) for line in fields(self))


def plan_card(content: Content, plan: int) -> EscapePlanCard:
    for card in content.escape_plans.cards:
        if card.id == plan:
            return card
    known = ", ".join(str(card.id) for card in content.escape_plans.cards)
    raise ScoringError(f"no Escape Plan card {plan}; cards: {known}")


def plan_money(content: Content, plan: int, visited: Sequence[str]) -> dict[str, int]:
    """The money of the visited lines of Escape Plan card ``plan``, by score-sheet line
    (``safe_houses``, ``group_1``, ``group_2``); Income-icon lines score 0 (§14)."""
    card = plan_card(content, plan)
    unknown = [ref for ref in visited if ref not in card.lines]
    if unknown or len(set(visited)) != len(visited):
        raise ScoringError(
            f"visited must name each Business or Safe House once, from: "
            f"{', '.join(card.lines)}; got {list(visited)}"
        )
    group_of = {f"business:{b.id}": f"group_{b.group}" for b in content.buildings.businesses}
    money = {"safe_houses": 0, "group_1": 0, "group_2": 0}
    for ref in visited:
        value = card.lines[ref]
        if isinstance(value, int):
            money[group_of.get(ref, "safe_houses")] += value
    return money


def contacts_counted(board: FinalBoard) -> int:
    """Cards left after discarding 1 per Handcuffs card (§14 step 1): whichever are
    discarded, covered ones included, the count is the same ([INF])."""
    return max(0, board.contact_cards - board.handcuffs)


def contact_bonus(content: Content, cards: int, *, capped: bool = False) -> int:
    """The Contact-card set bonus for ``cards`` cards (§14); ``capped`` counts any number
    above the table's last as the last (Costa's cards, [INF] §16.6)."""
    table = content.scoring.contact_set_bonus
    if cards < 0 or (cards >= len(table) and not capped):
        raise ScoringError(f"a board holds 0 to {len(table) - 1} Contact cards; got {cards}")
    return table[min(cards, len(table) - 1)]


def score_sheet(content: Content, board: FinalBoard) -> ScoreSheet:
    """The score sheet of a player who escaped (§14 step 2)."""
    for name in ("cash", "used_assets", "contact_cards", "handcuffs", "red_wounds"):
        if getattr(board, name) < 0:
            raise ScoringError(f"{name} is 0 or more; got {getattr(board, name)}")
    if board.red_wounds > content.player_board.wound_cubes:
        raise ScoringError(
            f"red_wounds is 0 to {content.player_board.wound_cubes}; got {board.red_wounds}"
        )
    money = plan_money(content, board.plan, board.visited)
    return ScoreSheet(
        safe_houses=money["safe_houses"],
        group_1=money["group_1"],
        group_2=money["group_2"],
        cash=board.cash,
        assets=content.assets.used_asset_score * board.used_assets,
        contacts=contact_bonus(content, contacts_counted(board)),
        bags=sum(board.bags),
        notoriety=penalty(content.notoriety_track, board.notoriety),
        wounds=-content.scoring.red_wound_penalty * board.red_wounds,
    )


@dataclass(frozen=True, slots=True)
class Result:
    """The end of a multi-player game: the sheets of those who escaped (in the order given),
    and the winners (several when the tie-breakers leave a tie: they share the victory)."""

    sheets: Mapping[str, ScoreSheet]
    winners: tuple[str, ...]

    @property
    def shared(self) -> bool:
        return len(self.winners) > 1


def rank_key(sheet: ScoreSheet, board: FinalBoard) -> tuple[int, int, int, int]:
    # Highest total, then most cash, then lowest notoriety, then fewest red wounds (§14
    # step 3; Handcuffs do not count as wounds, [INF]).
    return (sheet.total, board.cash, -board.notoriety, -board.red_wounds)


def final_result(
    content: Content, boards: Mapping[str, FinalBoard], fates: Mapping[str, Fate]
) -> Result:
    """Score every player who escaped and find the winners (§14). Only escapees score and
    can win; a player still in the city counts as arrested (§6.7). With nobody escaped,
    nobody wins."""
    missing = sorted(set(fates) - set(boards))
    if missing:
        raise ScoringError(f"no final board for {', '.join(missing)}")
    escaped = [seat for seat in fates if fates[seat] is Fate.ESCAPED]
    sheets = {seat: score_sheet(content, boards[seat]) for seat in escaped}
    if not sheets:
        return Result({}, ())
    keys = {seat: rank_key(sheets[seat], boards[seat]) for seat in escaped}
    best = max(keys.values())
    return Result(sheets, tuple(seat for seat in escaped if keys[seat] == best))


# --- Costa (§16.6) ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class PileTile:
    """A tile in one of Costa's face-down piles: the stack it came from (``locker:green``,
    ``exit:X``...) and its face value."""

    stack: str
    value: int


def stack_values(content: Content) -> dict[str, tuple[int, ...]]:
    """Every tile value of each Locker colour and Exit-tile stack, by stack name."""
    lockers = {f"locker:{s.colour}": tuple(s.values) for s in content.lockers.stacks}
    exits = {f"exit:{s.id}": tuple(s.values) for s in content.exit_tiles.stacks}
    return {**lockers, **exits}


def pile_value(content: Content, pile: Sequence[PileTile]) -> int:
    """A pile scores only its highest tile, a $0 tile counting as the highest value its
    stack holds (§16.6 step 4; the $0 rule is [BOTH], the A/B/C piles [INF])."""
    values = stack_values(content)
    worth = []
    for tile in pile:
        if tile.stack not in values or tile.value not in values[tile.stack]:
            raise ScoringError(
                f"{tile.stack} holds no ${tile.value}k tile; stacks: "
                + "; ".join(f"{name} {list(v)}" for name, v in values.items())
            )
        worth.append(tile.value or max(values[tile.stack]))
    return max(worth, default=0)


@dataclass(frozen=True, slots=True)
class CostaSheet:
    """Costa's score (§16.6): his plan's money, his Contact cards, his piles, minus his
    notoriety penalty; he never has wounds or cash."""

    buildings: int
    contacts: int
    bags: int
    notoriety: int

    @property
    def total(self) -> int:
        return self.buildings + self.contacts + self.bags + self.notoriety


def costa_sheet(
    content: Content,
    plan: int,
    visited: Sequence[str],
    contact_cards: int,
    piles: Sequence[Sequence[PileTile]],
    notoriety: int,
) -> CostaSheet:
    """Score Costa (§16.6): the money values of the Businesses and Safe Houses he visited,
    the contact bonus for the cards he kept (capped at the table's last), the best tile of
    each pile, and his notoriety penalty."""
    return CostaSheet(
        buildings=sum(plan_money(content, plan, visited).values()),
        contacts=contact_bonus(content, contact_cards, capped=True),
        bags=sum(pile_value(content, pile) for pile in piles),
        notoriety=penalty(content.notoriety_track, notoriety),
    )


def solo_won(player: ScoreSheet | None, costa: CostaSheet) -> bool:
    """The solo player wins by escaping (``player`` is ``None`` otherwise) with a total
    greater than Costa's; a tie loses ([DESIGN] §16.5, §19 #33)."""
    return player is not None and player.total > costa.total
