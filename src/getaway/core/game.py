"""The protocol every game speaks: a :class:`Game` (the rules and options) and its
:class:`State` (one position in one match).

The shape follows OpenSpiel's small API and python-chess's canonical text forms:

* ``state.to_act()``: the seats that may act now. Usually one; several when the rules let
  them act in any order or at once (secret simultaneous choices are committed one by one and
  revealed together by the game, see :mod:`getaway.core.simultaneous`).
* ``state.legal_actions(seat)``: that seat's legal actions as stable, human-readable string
  ids (``"ride:46"``, ``"aim:north"``), the same in logs, replays, the CLI and the
  web API.
* ``state.apply(seat, action)``: plays it, or raises a :class:`~getaway.core.errors.GetawayError`
  naming what is legal and changes nothing.
* ``state.view(seat)``: what that seat may know, as JSON-ready data. ``"spectator"`` gets the
  public view and ``"all"`` everything (for replays and debugging, never sent to a player).
* ``state.is_over()``, ``state.returns()`` (payoffs, cheap, for search) and
  ``state.outcome()``: the typed result (:class:`~getaway.core.outcome.Outcome`).
* ``state.clone()`` is explicit and cheap; ``state.to_json()`` / ``game.state_from_json()`` are
  the canonical serialization.

What a game declares about itself: ``game.sides(options)`` (who plays with whom, and hidden
roles: :mod:`getaway.core.sides`) and ``game.public_action(before, move, viewer)`` (what a
viewer is shown of an action: :mod:`getaway.core.public`). Decisions made over several
actions use :mod:`getaway.core.steps`.

Chance is drawn inside ``apply`` from the state's own seeded :class:`~getaway.core.rng.Rng`,
so a game is fully determined by its game name, options, seed and actions (a
:class:`~getaway.core.replay.Replay`).
"""

from __future__ import annotations

import importlib.util
import json
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

from getaway.core.errors import GetawayError, NotYourTurnError, UnknownSeatError
from getaway.core.options import OptionSpec, option_help

if TYPE_CHECKING:
    from getaway.core.bots import Bot
    from getaway.core.encoding import Encoding
    from getaway.core.outcome import Outcome
    from getaway.core.public import PublicAction
    from getaway.core.replay import Move
    from getaway.core.rng import Rng
    from getaway.core.search import SearchPolicy
    from getaway.core.sides import Sides

#: The view of someone who sits at no seat: public information only.
SPECTATOR = "spectator"
#: The omniscient view: everything, for replays, debugging and tests. Never sent to a player.
ALL = "all"

JSONDict = dict[str, Any]
BotFactory = Callable[[], "Bot"]


class Game(ABC):
    """A game's rules: its name, options, seats, and how to start, load and determinize."""

    #: Registry name, also used in replays and URLs, e.g. ``"toy-walk"``.
    name: ClassVar[str]
    #: Human title, e.g. ``"Walk race"``.
    title: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]

    @abstractmethod
    def normalize_options(self, options: Mapping[str, Any] | None = None) -> JSONDict:
        """Validate options and fill in defaults; the result is canonical (every key present).

        Raises :class:`~getaway.core.errors.OptionsError` saying which key is wrong and what
        it may be. ``players`` is always one of the keys.
        """

    @abstractmethod
    def option_specs(self) -> Sequence[OptionSpec]:
        """Every option :meth:`normalize_options` fills in, ``players`` included, declared
        with its kind, default (its value in ``normalize_options({})``), allowed values and
        help (see :mod:`getaway.core.options`). Front ends build their forms from it."""

    def option_help(self) -> dict[str, str]:
        """One line per option: what it means and what values it takes."""
        return option_help(self.option_specs())

    @abstractmethod
    def seats(self, options: Mapping[str, Any] | None = None) -> tuple[str, ...]:
        """The seats of a game with these options, in table order."""

    @abstractmethod
    def sides(self, options: Mapping[str, Any] | None = None) -> Sides:
        """Who plays with whom in a game with these options: every seat on exactly one side
        (a team, or itself alone), and any hidden roles (see :mod:`getaway.core.sides`)."""

    def public_action(self, before: State, move: Move, viewer: str) -> PublicAction | None:
        """What ``viewer`` (a seat, :data:`SPECTATOR` or :data:`ALL`) is shown of ``move``,
        played in state ``before``: all of it, a public part, or nothing (``None``). See
        :mod:`getaway.core.public`. This is the only place that decides it.

        The default shows the action to its own seat and to ``all``, and nothing to anyone
        else: safe, but a game whose views show other seats' moves must say so here."""
        from getaway.core.public import PublicAction

        if viewer in (ALL, move.seat):
            return PublicAction.whole(move.seat, move.action)
        return None

    @abstractmethod
    def new_state(self, options: Mapping[str, Any] | None = None, seed: int = 0) -> State:
        """A new game, set up (cards dealt, pieces placed) from the seed."""

    @abstractmethod
    def state_from_json(self, data: Mapping[str, Any]) -> State:
        """Rebuild a state from :meth:`State.to_json`; a malformed or impossible one raises
        :class:`~getaway.core.errors.SaveFileError`."""

    @abstractmethod
    def determinize(self, view: Mapping[str, Any], rng: Rng) -> State:
        """Sample a full state consistent with everything ``view`` shows.

        This is how bots search without seeing secrets: they get a seat's view and this
        function, never the true state.
        """

    @abstractmethod
    def render(self, view: Mapping[str, Any]) -> str:
        """A readable text rendering of a view, for the terminal (may use rich markup)."""

    def render_topics(self) -> dict[str, str]:
        """Extra things a player can ask to see (topic -> one-line description), e.g.
        the possible locations of a hidden piece. Front ends offer them as commands."""
        return {}

    def render_topic(self, view: Mapping[str, Any], topic: str) -> str:
        """The text of one of :meth:`render_topics` for this view."""
        raise KeyError(topic)

    def typing_examples(self, view: Mapping[str, Any]) -> list[tuple[str, str]]:
        """Moves as a person types them at the terminal, for the help of the seat whose view
        this is: (what to type, what it does). Front ends show them; none (the default) and
        they make up an example from the legal actions."""
        return []

    def bots(self) -> dict[str, BotFactory]:
        """The game's own bots by name (game-agnostic ones live in :mod:`getaway.ai`)."""
        return {}

    def search_budgets(self) -> dict[str, int]:
        """Iterations per move for the search levels (``easy``, ``medium``, ``hard``) where
        this game departs from the generic budgets, because its search stops gaining
        strength sooner or its iterations cost more than the levels' time caps allow (level
        name -> iterations; the caps stay). Empty, the default: the generic budgets."""
        return {}

    def search_policy(
        self, seat: str, view: Mapping[str, Any], enabled: frozenset[str] | None = None
    ) -> SearchPolicy:
        """What this game tells a search bot deciding for ``seat`` from ``view`` (see
        :mod:`getaway.core.search`); the default knows nothing game-specific."""
        from getaway.core.search import SearchPolicy

        return SearchPolicy(self, seat, view, enabled)

    def encoding(self, options: Mapping[str, Any]) -> Encoding | None:
        """The game's encoding for learning code with these options (fixed action ids, flat
        observations: :mod:`getaway.core.encoding`), or ``None`` when it has none."""
        return None

    def client_dir(self) -> Path | None:
        """The folder of the game's browser client (its renderer module, styles,
        translations and static data), or ``None`` when it has none. By convention the
        ``web`` folder of the game's package; the server serves it under the game's name."""
        package = type(self).__module__
        spec = importlib.util.find_spec(package)
        if spec is None or not spec.submodule_search_locations:
            return None
        folder = Path(next(iter(spec.submodule_search_locations))) / "web"
        return folder if folder.is_dir() else None

    def option_schema(self) -> dict[str, JSONDict]:
        """Each option's declaration (:meth:`OptionSpec.to_json`); a choice or switch whose
        value changes the defaults of others (an edition its board) also says, per value,
        which and to what (``sets``), so that a form can follow the rules' defaults."""
        defaults = self.normalize_options({})
        schema = {}
        for spec in self.option_specs():
            described = spec.to_json()
            values: tuple[Any, ...] = spec.choices if spec.kind == "choice" else ()
            if spec.kind == "bool":
                values = (True, False)
            sets = {}
            for value in values:
                try:
                    chosen = self.normalize_options({spec.name: value})
                except GetawayError:  # needs another option too (first_game: advanced)
                    continue
                changed = {k: v for k, v in chosen.items() if k != spec.name and v != defaults[k]}
                if changed:
                    sets[json.dumps(value).strip('"')] = changed
            if sets:
                described["sets"] = sets
            schema[spec.name] = described
        return schema

    def describe(self) -> JSONDict:
        return {
            "name": self.name,
            "title": self.title,
            "min_players": self.min_players,
            "max_players": self.max_players,
            "options": self.option_help(),
            "option_schema": self.option_schema(),
            "sides": {
                str(players): self.sides({"players": players}).to_json()
                for players in range(self.min_players, self.max_players + 1)
            },
            "bots": sorted(self.bots()),
        }


class State(ABC):
    """One position of one game. Subclasses keep cheap internal forms and speak strings at
    the edges."""

    __slots__ = ()

    @property
    @abstractmethod
    def game(self) -> Game: ...

    @property
    @abstractmethod
    def options(self) -> Mapping[str, Any]:
        """The normalized options this game was created with (do not mutate)."""

    @property
    @abstractmethod
    def seed(self) -> int: ...

    @property
    @abstractmethod
    def seats(self) -> tuple[str, ...]: ...

    @abstractmethod
    def to_act(self) -> tuple[str, ...]:
        """Seats that may act now (empty when the game is over)."""

    def public_to_act(self) -> tuple[str, ...]:
        """The seats shown to everyone as still to act. Usually ``to_act()``; in a *blind*
        step, where even the order of the answers must stay secret (a phone passed under the
        table), every seat asked stays listed until the step resolves.
        Views and front ends show this, never ``to_act()``, to other seats."""
        return self.to_act()

    @abstractmethod
    def legal_actions(self, seat: str) -> Sequence[str]:
        """The seat's legal actions now, in a stable order; empty if it may not act."""

    @abstractmethod
    def apply(self, seat: str, action: str) -> None:
        """Play ``action`` for ``seat``. On any error nothing changes."""

    @abstractmethod
    def is_over(self) -> bool: ...

    @abstractmethod
    def returns(self) -> dict[str, float]:
        """Each seat's payoff: +1 win, -1 loss, 0 while not over (games may refine). Cheap:
        search calls it at the end of every playout."""

    @abstractmethod
    def outcome(self) -> Outcome | None:
        """The result of the finished game (winners, returns, the reason in words and as a
        code, scores), or ``None`` while it goes on."""

    @abstractmethod
    def view(self, seat: str) -> JSONDict:
        """What ``seat`` may know now, as JSON-ready data; ``seat`` may also be
        :data:`SPECTATOR` or :data:`ALL`."""

    @abstractmethod
    def clone(self) -> State: ...

    @abstractmethod
    def to_json(self) -> JSONDict:
        """The canonical serialization of the full state (secrets included)."""

    def would_reveal(self, seat: str, action: str) -> bool:
        """Whether playing ``action`` would expose information some seat lacked (a reveal, a
        card draw, a search of a hidden position). Such actions cannot be undone.

        The default is the safe answer, ``True``; games say ``False`` where they can.
        """
        return True

    def default_action(self, seat: str) -> str | None:
        """The action taken for ``seat`` when its decision's deadline passes, or ``None`` when
        the rules give none and the decision must wait."""
        return None

    def random_step(self, uniform: Callable[[], float]) -> None:
        """Play one uniformly random legal ply (a search's random playout): the first seat
        to act plays its legal action number ``int(uniform() * n)`` of ``n``, in
        ``legal_actions`` order, drawing ``uniform`` exactly once. A game may override this
        with a leaner path (no action ids), which must draw the same numbers and reach the
        same state as this definition does. The game must not be over."""
        seats = self.to_act()
        if not seats:
            raise ValueError("random_step: the game is over, nobody is to act")
        seat = seats[0]
        legal = self.legal_actions(seat)
        self.apply(seat, legal[int(uniform() * len(legal))])

    def random_playout(self, uniform: Callable[[], float], max_plies: int) -> int:
        """Play ``random_step`` until the game is over or ``max_plies`` plies have been
        played; the number played. A game may override it to save the calls per ply."""
        plies = 0
        is_over, random_step = self.is_over, self.random_step
        while plies < max_plies and not is_over():
            random_step(uniform)
            plies += 1
        return plies

    # Helpers for subclasses --------------------------------------------------------------

    def check_seat(self, seat: str) -> None:
        """Raise unless ``seat`` is a seat of this game that may act now."""
        if seat not in self.to_act():
            if seat not in self.seats:
                raise UnknownSeatError(seat, self.seats)
            raise NotYourTurnError(seat, self.to_act(), over=self.is_over())
