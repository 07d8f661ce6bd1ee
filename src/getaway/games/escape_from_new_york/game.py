"""Escape from New York on the core protocol (``getaway.core.game``): the
:class:`EscapeFromNewYorkState` a game is played on, a :class:`Position` (``position.py``)
with the turn under way (``turn_state.py``), played by the rules of ``turns.py``; and the
:class:`EscapeFromNewYork` game, registered as ``escape-from-new-york`` (the
``getaway.games`` entry point).

``apply`` checks the action against the legal ones before it changes anything: an illegal
action raises the core's ``IllegalActionError`` naming them and leaves the state as it was.
A legal one is then played in place, with no snapshot to roll back to: every effect the
content names is one the rules apply (checked as the content loads, ``vocabulary.py``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from getaway.core.base import RulesState
from getaway.core.encoding import Encoding
from getaway.core.errors import IllegalActionError, SaveFileError
from getaway.core.game import ALL, BotFactory, Game, JSONDict, State
from getaway.core.options import OptionSpec
from getaway.core.outcome import Outcome
from getaway.core.public import PublicAction
from getaway.core.replay import Move
from getaway.core.rng import Rng
from getaway.core.search import SearchPolicy
from getaway.core.sides import HiddenRole, Side, Sides
from getaway.games.escape_from_new_york import turns
from getaway.games.escape_from_new_york.choices import named_choices
from getaway.games.escape_from_new_york.options import (
    GAME_NAME,
    OPTION_SPECS,
    Rules,
    normalize,
    rules_for,
)
from getaway.games.escape_from_new_york.position import Position
from getaway.games.escape_from_new_york.state import Table
from getaway.games.escape_from_new_york.turn_common import current_seat
from getaway.games.escape_from_new_york.turn_state import Turn

#: The heroes' side: they win or lose together, unless one escapes alone (§9.2).
TEAM = "heroes"
#: The hidden role of a hero who escapes alone, betraying the others (§1, §9.2, §13.4).
TRAITOR = "traitor"
#: When the others learn who the traitor is: there is no traitor until one escapes.
TRAITOR_KNOWN_WHEN = (
    "when a hero escapes alone (§9.2), which ends the game; until then any hero may, "
    "and none has to"
)


class EscapeFromNewYorkState(RulesState[Rules]):
    game_name = GAME_NAME
    __slots__ = ("_legal", "numbered", "rng", "table", "turn")

    table: Table
    rng: Rng
    turn: Turn
    #: The legal actions of the state as it is, once listed: ``apply`` accepts an action
    #: among them without listing them again, and forgets them as it changes the state.
    #: Only ``apply`` changes a state in play; a test that sets a scene by editing the
    #: table lists the legal actions after its edits (an action refused by the list kept
    #: is checked again afresh; ``clone`` and ``from_json`` keep no list).
    _legal: tuple[str, ...] | None
    #: What the last legal list numbered at stage ``enemies`` (the enemies that may move
    #: next, or the chosen one's routes: ``enemy:I``, ``route:J``), for the action checked
    #: against that list to take its pick by number without searching again
    #: (``turns.legal`` sets it, the action playing it forgets it).
    numbered: list[Any] | None

    @classmethod
    def new(cls, options: Mapping[str, Any] | None, seed: int) -> EscapeFromNewYorkState:
        """Set up (§4.2) and run on to the first player's first choice."""
        position = Position.new(options, seed)
        state = cls._of(position.rules, seed, position.table, position.rng, Turn())
        turns.run(state)
        return state

    @classmethod
    def _of(
        cls, rules: Rules, seed: int, table: Table, rng: Rng, turn: Turn
    ) -> EscapeFromNewYorkState:
        state = cls.__new__(cls)
        state.rules, state._seed = rules, seed
        state.table, state.rng, state.turn = table, rng, turn
        state._legal = state.numbered = None
        return state

    @property
    def game(self) -> Game:
        return GAME

    @property
    def position(self) -> Position:
        """The position without the turn (shares the table and the generator)."""
        return Position(self.rules, self._seed, self.rng, self.table)

    def clone(self) -> EscapeFromNewYorkState:
        return self._of(
            self.rules, self._seed, self.table.clone(), self.rng.clone(), self.turn.clone()
        )

    # --- whose turn, what is legal ---------------------------------------------------------

    def to_act(self) -> tuple[str, ...]:
        if self.is_over():
            return ()
        if self.turn.asked is not None:
            return (self.turn.asked,)  # asked to ride along (§7.2) or to reveal (§9.1)
        return (current_seat(self.table),)

    def legal_actions(self, seat: str) -> Sequence[str]:
        if seat not in self.to_act():
            return ()
        legal = turns.legal(self)
        self._legal = tuple(legal)  # a copy: the caller may change the list it is handed
        return legal

    def apply(self, seat: str, action: str) -> None:
        if seat not in self.to_act():
            self.reject_seat(seat)
        legal = self._legal
        if legal is None or action not in legal:
            # Listed afresh before refusing: the error names what is legal now, and a
            # scene edited by hand after the listing is judged as it is.
            legal = tuple(turns.legal(self))
        if not isinstance(action, str) or action not in legal:
            raise IllegalActionError(seat, str(action), legal, f"at {self.turn.stage!r}")
        self._legal = None
        turns.act(self, action)

    # --- the end ---------------------------------------------------------------------------

    def is_over(self) -> bool:
        return self.turn.ended is not None

    def winners(self) -> tuple[str, ...]:
        """Who won: the heroes on the bridge's space (§9.1), the traitor alone (§9.2), or
        nobody (New York's fatal red card, §9.3)."""
        ended = self.turn.ended or ""
        kind, _, seats = ended.partition(":")
        return tuple(seats.split(",")) if kind in ("team", "solo") else ()

    def returns(self) -> dict[str, float]:
        """0 each while the game goes on; at the end +1 for each winner, -1 for the rest."""
        if not self.is_over():
            return dict.fromkeys(self.rules.seats, 0.0)
        won = self.winners()
        return {seat: 1.0 if seat in won else -1.0 for seat in self.rules.seats}

    def outcome(self) -> Outcome | None:
        if not self.is_over():
            return None
        won = self.winners()
        kind = (self.turn.ended or "").partition(":")[0]
        if kind == "team":
            summary = f"{', '.join(won)} crossed the bridge with the President: they win."
            side = TEAM if set(won) == set(self.rules.seats) else None
        elif kind == "solo":
            summary = f"{won[0]} escaped alone, meeting both personal objectives."
            side = TEAM if len(self.rules.seats) == 1 else None  # solo play: a win (§9.4)
        else:
            summary = "The fatal red timer card came up: New York wins, every hero loses."
            side = None
        return Outcome(
            winners=won,
            returns=self.returns(),
            reason=kind,
            summary=summary,
            side=side,
            roles={won[0]: TRAITOR} if kind == "solo" and side is None else {},
        )

    # --- views and saves ---------------------------------------------------------------------

    def view(self, seat: str) -> JSONDict:
        """What ``seat`` may know (§13): the position's view (``views.py``) and the turn,
        without the card the personal ability hid but for its owner; for the seat to act,
        what its choices' numbers name (``choices``, where the stage numbers figures or
        routes)."""
        from getaway.games.escape_from_new_york.views import build_view

        self.check_viewer(seat)
        view = build_view(self.position, seat)
        owner = seat in (ALL, current_seat(self.table))
        view["turn"] = self.turn.to_json() if owner else self.turn.public_json()
        view["to_act"] = list(self.to_act())
        if owner:
            looking = self.looking_at()
            if looking is not None:
                view["looking_at"] = looking
        if seat == ALL or seat in view["to_act"]:
            # What the numbers of ``hit:I``, ``enemy:I``... name (``choices.py``): public,
            # but listed only for the seat that chooses.
            named = named_choices(self)
            if named:
                view["choices"] = named
        return view

    def looking_at(self) -> JSONDict | None:
        """The cards the current player is looking through to choose one, which the table
        keeps from everyone else: the Weapon Shop's items on top of the item deck (stage
        ``keep``), the objective deck of a swap (stage ``objective``, §13.2). Its own view
        shows them, as its legal actions do (and the determinizer keeps them)."""
        table, turn = self.table, self.turn
        if turn.stage == "keep" and turn.source is not None:
            return {"deck": "item", "cards": table.item_deck[: int(turn.source[1])]}
        if turn.stage == "objective" and turn.source is not None:
            colour = str(turn.source[1])
            return {"deck": colour, "cards": list(table.objective_decks[colour])}
        return None

    def to_json(self) -> JSONDict:
        return {**self.position.to_json(), "turn": self.turn.to_json()}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> EscapeFromNewYorkState:
        """Read :meth:`to_json` back; a turn the table cannot be in is refused."""
        if not isinstance(data, Mapping) or "turn" not in data:
            raise SaveFileError("save file: no 'turn'")
        position = Position.from_json({k: v for k, v in data.items() if k != "turn"})
        turn = Turn.from_json(position.rules, data["turn"])
        state = cls._of(position.rules, position.seed, position.table, position.rng, turn)
        try:
            stuck = not state.is_over() and not turns.legal(state)
        except (KeyError, IndexError, ValueError, AssertionError, TypeError) as error:
            raise SaveFileError(f"save file: the turn does not fit the table: {error!r}") from None
        if stuck:
            raise SaveFileError(f"save file: nothing may be done at {turn.stage!r}")
        return state


class EscapeFromNewYork(Game):
    name = GAME_NAME
    title = "Escape from New York"
    min_players = 1
    max_players = 4

    def normalize_options(self, options: Mapping[str, Any] | None = None) -> JSONDict:
        return normalize(options)

    def option_specs(self) -> Sequence[OptionSpec]:
        return OPTION_SPECS

    def seats(self, options: Mapping[str, Any] | None = None) -> tuple[str, ...]:
        return rules_for(options).seats

    def sides(self, options: Mapping[str, Any] | None = None) -> Sides:
        """One team, the heroes; with 2 heroes or more, any of them may secretly become the
        traitor by escaping alone (§9.2): at most one, since that ends the game, and maybe
        none. Nothing deals the role, so it is declared ``at_most``. Alone at the table a
        hero betrays nobody: either escape is the team's win (§9.4)."""
        seats = self.seats(options)
        if len(seats) == 1:
            return Sides((Side(TEAM, seats),))
        traitor = HiddenRole(TRAITOR, seats, TRAITOR_KNOWN_WHEN, count=1, at_most=True)
        return Sides((Side(TEAM, seats),), (traitor,))

    def public_action(self, before: State, move: Move, viewer: str) -> PublicAction | None:
        """What ``viewer`` is shown of ``move``: decided in ``public.py`` alone."""
        from getaway.games.escape_from_new_york.public import public_action

        assert isinstance(before, EscapeFromNewYorkState)
        return public_action(before, move, viewer)

    def new_state(
        self, options: Mapping[str, Any] | None = None, seed: int = 0
    ) -> EscapeFromNewYorkState:
        return EscapeFromNewYorkState.new(options, seed)

    def state_from_json(self, data: Mapping[str, Any]) -> EscapeFromNewYorkState:
        return EscapeFromNewYorkState.from_json(data)

    def determinize(self, view: Mapping[str, Any], rng: Rng) -> EscapeFromNewYorkState:
        """A full state drawn to agree with ``view``: see ``determinizer.py``."""
        from getaway.games.escape_from_new_york.determinizer import determinize

        return determinize(view, rng)

    def bots(self) -> dict[str, BotFactory]:
        """The game's own bot, ``heuristic`` (``bots.py``)."""
        from getaway.games.escape_from_new_york.bots import BOTS

        return dict(BOTS)

    def encoding(self, options: Mapping[str, Any]) -> Encoding:
        """The fixed action ids and flat observations for learning code (``encoding.py``)."""
        from getaway.games.escape_from_new_york.encoding import encoding

        return encoding(options)

    def search_budgets(self) -> dict[str, int]:
        from getaway.games.escape_from_new_york.search import SEARCH_BUDGETS

        return dict(SEARCH_BUDGETS)

    def search_policy(
        self, seat: str, view: Mapping[str, Any], enabled: frozenset[str] | None = None
    ) -> SearchPolicy:
        """The heuristic as anchor and move filter, playouts cut at the end of the turn and
        scored by the team's progress (see ``search.py``)."""
        from getaway.games.escape_from_new_york.search import EscapeFromNewYorkSearchPolicy

        return EscapeFromNewYorkSearchPolicy(self, seat, view, enabled)

    def typing_examples(self, view: Mapping[str, Any]) -> list[tuple[str, str]]:
        """How moves are typed at the stage the view shows: see ``typing_help.py``."""
        from getaway.games.escape_from_new_york.typing_help import typing_examples

        return typing_examples(view)

    def render(self, view: Mapping[str, Any]) -> str:
        """The view as text for the terminal: see ``render.py``."""
        from getaway.games.escape_from_new_york.render import render_view

        return render_view(view)

    def client_dir(self) -> Path | None:
        """The browser client beside this module (``web/``): the class lives in ``game.py``,
        not in the package's ``__init__``, so the default lookup would miss it."""
        folder = Path(__file__).resolve().parent / "web"
        return folder if folder.is_dir() else None


GAME = EscapeFromNewYork()
