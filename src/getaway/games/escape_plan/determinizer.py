"""Sampling full states consistent with what one seat knows (``Game.determinize``).

Bots call this instead of reading the true state. A view (``views.py``) holds the public
table and the viewer's own secrets; everything it leaves open is drawn here from the
generator given:

* the order of every deck: the City stacks (the tiles of each stack not yet face up), the
  Patrol deck and the card removed at setup (the 6 cards but those on the Patrol spaces), the
  Contact deck (every card not in sight; the cards put back in the box, option A of §7.5.1,
  are not recorded by the state, so the box gets the ones left over), Sandra's and Costa's
  decks (their cards are shown, not their order);
* the values of the hidden Locker and Exit tiles: the tiles of each stack the viewer has not
  seen, shared out at random between the stack, the other boards' face-down tiles of that
  stack and Costa's piles, the rest being in the box (tiles overwritten, §7.5.0);
* the Escape Plan cards the viewer has not seen (the other players', Costa's): uniformly
  among the deals in which every player's cubes sit on the hexes their card gives them
  (a cube on an Income hex where the card shows the Income icon, §7.5.2, §7.5.3);
* the other players' cash: the state keeps no public account of what they received and
  paid, so it is drawn uniformly from $0 to twice the starting cash ([DESIGN], see
  ``docs/games/escape-plan.md``), at least $3k for a player the Income phase asks about
  the unlock (it asks only those who can pay);
* the generator (the seed is secret: it fixes every draw to come).

An open decision of the viewer is kept; another seat's (which the viewer cannot see) is
left unopened: that seat starts its decision again in the sample.

``state.view(seat)`` of every sample equals the view it was drawn from.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping
from typing import Any

from getaway.core import ALL, GetawayError, Rng
from getaway.games.escape_plan.content import Content
from getaway.games.escape_plan.game import EscapePlanState
from getaway.games.escape_plan.options import COSTA, GAME_NAME, INCOME_UNLOCK_PRICE, rules_for
from getaway.games.escape_plan.views import HIDDEN, HIDDEN_TABLE_FIELDS

JSONDict = dict[str, Any]


class InconsistentViewError(GetawayError):
    """The view cannot come from any position of the game (edited, or from another game)."""


def determinize(view: Mapping[str, Any], rng: Rng) -> EscapePlanState:
    """A full state consistent with ``view``, everything it hides drawn with ``rng``. A view
    no position could give raises :class:`InconsistentViewError` saying what is wrong."""
    if not isinstance(view, Mapping) or view.get("game") != GAME_NAME:
        raise InconsistentViewError(f"not an {GAME_NAME} view (its 'game' must be {GAME_NAME!r})")
    try:
        return _sample(view, rng)
    except (KeyError, TypeError, ValueError, AttributeError, IndexError) as error:
        raise InconsistentViewError(
            f"malformed {GAME_NAME} view ({type(error).__name__}: {error}); determinize takes "
            "what state.view(seat) returns"
        ) from None


def _sample(view: Mapping[str, Any], rng: Rng) -> EscapePlanState:
    if view["seat"] == ALL:
        data = {key: view[key] for key in ("options", "seed", "rng", "table", "decision")}
        return EscapePlanState.from_json({"game": GAME_NAME, **data})
    rules = rules_for(view["options"])
    content = rules.content
    shown = view["table"]
    table: JSONDict = {
        key: value
        for key, value in shown.items()
        if key not in ("players", "automata") and key not in _SHOWN_NAMES
    }
    table["stacks"] = _city_stacks(content, shown, rng)
    table["patrol_deck"], table["patrol_removed"] = _patrol(content, shown, rng)
    table["contact_deck"] = _contact_deck(content, shown, rng)
    players = {seat: dict(board) for seat, board in shown["players"].items()}
    automata = {name: dict(bot) for name, bot in shown["automata"].items()}
    for bot in automata.values():
        deck = list(bot.pop("deck_cards"))
        rng.shuffle(deck)
        bot["deck"] = deck
    drawn = shown.get("drawn")
    table.pop("drawn", None)
    table["lockers"] = _tiles(
        {s.colour: s.values for s in content.lockers.stacks},
        "locker",
        shown["locker_sizes"],
        players,
        automata,
        rng,
        drawn if drawn is not None and drawn["kind"] == "locker" else None,
    )
    table["exit_stacks"] = _tiles(
        {s.id: s.values for s in content.exit_tiles.stacks},
        "exit",
        shown["exit_stack_sizes"],
        players,
        automata,
        rng,
        drawn if drawn is not None and drawn["kind"] == "exit" else None,
    )
    _deal_escape_plans(content, shown, players, automata, rng)
    for seat, board in players.items():
        if board["cash"] is None:
            board["cash"] = _cash(content, shown, seat, rng)
    table["players"] = players
    table["automata"] = automata
    steps = view["decision"]
    decision = None if not steps else {"seat": view["seat"], "steps": list(steps)}
    data = {
        "game": GAME_NAME,
        "options": view["options"],
        "seed": 0,
        "rng": rng.next64(),
        "table": table,
        "decision": decision,
    }
    return EscapePlanState.from_json(data)


def _cash(content: Content, shown: JSONDict, seat: str, rng: Rng) -> int:
    """Another player's cash: uniform from the least the table shows they hold to twice the
    starting cash (or that least, if more). The Income phase asks only players who can pay
    the $3k unlock (R-INC-2), so being asked there shows at least $3k."""
    least = 0
    if shown["stage"] == "income_unlock" and seat in shown["queue"]:
        least = INCOME_UNLOCK_PRICE
    most = max(least, 2 * content.player_board.starting_cash)
    return least + rng.below(most - least + 1)


#: The names the views show hidden table fields under (``stack_sizes``, ...).
_SHOWN_NAMES = frozenset(name for name, _ in HIDDEN_TABLE_FIELDS.values() if name is not None)


def _deal(pool: list[Any], sizes: Mapping[str, int], what: str, rng: Rng) -> list[Any]:
    """Shuffle ``pool`` and check it can fill ``sizes``; the caller slices it."""
    if len(pool) < sum(sizes.values()):
        raise InconsistentViewError(
            f"the view shows {sum(sizes.values())} hidden {what}, but only {len(pool)} are unseen"
        )
    rng.shuffle(pool)
    return pool


def _city_stacks(content: Content, shown: JSONDict, rng: Rng) -> dict[str, list[str]]:
    """Each stack's tiles that are neither placed nor in the display, in a random order."""
    seen = {entry[0] for entry in shown["city"]} | set(shown["display"])
    stacks = {}
    for letter, size in shown["stack_sizes"].items():
        pool = [tile.id for tile in content.stack(letter) if tile.id not in seen]
        if len(pool) != size:
            raise InconsistentViewError(
                f"City stack {letter} shows {size} tiles but {len(pool)} of its tiles are unseen"
            )
        rng.shuffle(pool)
        stacks[letter] = pool
    return stacks


def _patrol(content: Content, shown: JSONDict, rng: Rng) -> tuple[list[int], int]:
    """The Patrol cards not on a Patrol space: the deck, then the one removed at setup."""
    spaces = {int(number): cards for number, cards in shown["patrol_spaces"].items()}
    pool: list[int] = [
        card.exit
        for card in content.patrol_cards.cards
        for _ in range(card.copies - spaces.get(card.exit, 0))
    ]
    size = shown["patrol_deck_size"]
    if len(pool) != size + 1:
        raise InconsistentViewError(
            f"the view shows {size} Patrol cards in the deck, but {len(pool)} are off the "
            "Patrol spaces (the deck and the one removed at setup)"
        )
    rng.shuffle(pool)
    return pool[:size], pool[size]


def _contact_deck(content: Content, shown: JSONDict, rng: Rng) -> list[str]:
    """The Contact deck: every card not in sight (display, boards, Costa's), shuffled."""
    unseen = {card.id: card.copies for card in content.contacts.cards}
    in_sight = list(shown["contact_display"])
    for board in shown["players"].values():
        in_sight += [p[1] for p in (*board["contacts"], *board["items"]) if _is(p, "contact")]
    for bot in shown["automata"].values():
        in_sight += bot["contacts"]
    for card in in_sight:
        unseen[card] = unseen.get(card, 0) - 1
        if unseen[card] < 0:
            raise InconsistentViewError(f"the view shows more Contact cards {card!r} than exist")
    pool = [card for card, copies in unseen.items() for _ in range(copies)]
    size = shown["contact_deck_size"]
    return _deal(pool, {"deck": size}, "Contact cards", rng)[:size]


def _is(piece: list[Any] | None, kind: str) -> bool:
    return piece is not None and piece[0] == kind


def _tiles(
    stacks: Mapping[str, Iterable[int]],
    kind: str,
    sizes: Mapping[str, int],
    players: dict[str, JSONDict],
    automata: dict[str, JSONDict],
    rng: Rng,
    drawn: Mapping[str, Any] | None = None,
) -> dict[str, list[int]]:
    """Locker (``kind`` ``locker``) or Exit tiles: for each stack, the values the view does
    not show are shared out between the stack and the hidden tiles of that stack on boards
    and in Costa's piles (filled in place); the rest are in the box. The tiles the viewer
    drew to pick from (``drawn``, the top of one stack) stay on top, in their order."""
    unseen = {stack: sorted(values) for stack, values in stacks.items()}
    hidden: dict[str, list[Callable[[str], None]]] = {stack: [] for stack in stacks}

    def note(ident: str, fill: Callable[[str], None]) -> None:
        # A tile <stack>:<value> in sight leaves the unseen values of its stack; one whose
        # value is hidden (<stack>:?) is a place to fill.
        stack, _, value = ident.partition(":")
        if stack not in unseen:
            raise InconsistentViewError(f"the view shows a tile {ident!r} of no known stack")
        if value == HIDDEN:
            hidden[stack].append(fill)
        elif int(value) in unseen[stack]:
            unseen[stack].remove(int(value))
        else:
            raise InconsistentViewError(f"the view shows more tiles {ident!r} than exist")

    for board in players.values():
        for field in ("items", "contacts"):
            row = board[field] = list(board[field])
            for index, piece in enumerate(row):
                if piece is not None and piece[0] == kind:
                    note(piece[1], _piece_filler(row, index))
    for bot in automata.values():
        piles = bot["piles"] = [list(pile) for pile in bot["piles"]]
        for pile in piles:
            for index, tile in enumerate(pile):
                pile_kind, _, ident = tile.partition(":")
                if pile_kind == kind:
                    note(ident, _pile_filler(pile, index, kind))
    on_top: dict[str, list[int]] = {stack: [] for stack in stacks}
    if drawn is not None:
        for value in drawn["values"]:
            note(f"{drawn['stack']}:{value}", lambda _: None)
        on_top[drawn["stack"]] = list(drawn["values"])
    result = {}
    for stack, pool in unseen.items():
        size, fills = sizes[stack] - len(on_top[stack]), hidden[stack]
        _deal(pool, {"stack": size, "tiles": len(fills)}, f"{kind} tiles of {stack}", rng)
        for fill, value in zip(fills, pool[size:], strict=False):
            fill(f"{stack}:{value}")
        result[stack] = on_top[stack] + pool[:size]
    return result


def _piece_filler(row: list[Any], index: int) -> Callable[[str], None]:
    def fill(ident: str) -> None:
        kind, _, face_up = row[index]
        row[index] = [kind, ident, face_up]

    return fill


def _pile_filler(pile: list[str], index: int, kind: str) -> Callable[[str], None]:
    def fill(ident: str) -> None:
        pile[index] = f"{kind}:{ident}"

    return fill


def _deal_escape_plans(
    content: Content,
    shown: JSONDict,
    players: dict[str, JSONDict],
    automata: dict[str, JSONDict],
    rng: Rng,
) -> None:
    """Give the hidden Escape Plan cards (in place), uniformly among the deals that agree
    with where every player's cubes sit."""
    cards = {card.id: card.lines for card in content.escape_plans.cards}
    holders = [seat for seat, board in players.items() if board["escape_plan"] is None]
    costa = automata.get(COSTA)
    if costa is not None and costa["escape_plan"] is None:
        holders.append(COSTA)
    if not holders:
        return
    known = {board["escape_plan"] for board in players.values()}
    if costa is not None:
        known.add(costa["escape_plan"])
    pool = [card for card in cards if card not in known]
    hexes = _hexes(shown)
    # Costa's cubes always go on a money hex whatever his card (automata_cards.put_cube):
    # they tell nothing of it.
    allowed = [
        [card for card in pool if holder == COSTA or _agrees(cards[card], hexes.get(holder, {}))]
        for holder in holders
    ]
    deals = list(_distinct_choices(allowed, ()))
    if not deals:
        raise InconsistentViewError(
            "no deal of the unseen Escape Plan cards agrees with the cubes on the hexes"
        )
    deal = deals[rng.below(len(deals))]
    for holder, card in zip(holders, deal, strict=True):
        if holder == COSTA:
            automata[COSTA]["escape_plan"] = card
        else:
            players[holder]["escape_plan"] = card


def _hexes(shown: JSONDict) -> dict[str, dict[str, str]]:
    """Each owner's cubes: Escape Plan line (``business:bar``) -> hex (``money``/``income``)."""
    hexes: dict[str, dict[str, str]] = {}
    for field, prefix in (("businesses", "business"), ("safe_houses", "safe_house")):
        for ident, building in shown[field].items():
            for owner, hex_kind in building["cubes"]:
                hexes.setdefault(owner, {})[f"{prefix}:{ident}"] = hex_kind
    return hexes


def _agrees(lines: Mapping[str, int | str], hexes: Mapping[str, str]) -> bool:
    return all((lines[line] == "income") == (kind == "income") for line, kind in hexes.items())


def _distinct_choices(
    allowed: list[list[int]], chosen: tuple[int, ...]
) -> Iterator[tuple[int, ...]]:
    """Every way to pick one card per holder from its allowed cards, no card twice."""
    if len(chosen) == len(allowed):
        yield chosen
        return
    for card in allowed[len(chosen)]:
        if card not in chosen:
            yield from _distinct_choices(allowed, (*chosen, card))
