"""Two tiny games whose right moves are known, for testing the search bot.

* ``test-nim``: a pile of stones, each seat in turn takes 1 to 3, whoever takes the last one
  wins. From a pile that is not a multiple of 4 exactly one move wins (leave a multiple of 4);
  a random player finds it a third of the time, a search always.
* ``test-odds``: one simultaneous, blind step. Both seats secretly pick ``x`` or ``y``; the
  payoffs to ``a`` (``b`` gets the opposite) are (x, x) 1, (x, y) and (y, x) -1/3, (y, y) 1/9.
  Its only equilibrium has each seat play ``x`` a quarter of the time. The step is blind:
  nobody's view shows who has answered, so ``public_to_act`` lists both until the end.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from getaway.core import (
    ALL,
    SPECTATOR,
    Game,
    IllegalActionError,
    JSONDict,
    Outcome,
    Rng,
    SecretChoices,
    Sides,
    State,
)
from getaway.core.options import OptionSpec
from getaway.core.search import SearchPolicy

SEATS = ("a", "b")


class _TinyGame(Game):
    min_players = 2
    max_players = 2

    def normalize_options(self, options: Mapping[str, Any] | None = None) -> JSONDict:
        return {"players": 2}

    def option_specs(self) -> tuple[OptionSpec, ...]:
        return (OptionSpec("players", "int", 2, "number of players: 2", min=2, max=2),)

    def seats(self, options: Mapping[str, Any] | None = None) -> tuple[str, ...]:
        return SEATS

    def sides(self, options: Mapping[str, Any] | None = None) -> Sides:
        return Sides.solo(SEATS)

    def render(self, view: Mapping[str, Any]) -> str:
        return repr(dict(view))


class _TinyState(State):
    @property
    def options(self) -> Mapping[str, Any]:
        return {"players": 2}

    @property
    def seed(self) -> int:
        return 0

    @property
    def seats(self) -> tuple[str, ...]:
        return SEATS

    def to_json(self) -> JSONDict:
        raise NotImplementedError

    def winner(self) -> str | None:
        raise NotImplementedError

    def outcome(self) -> Outcome | None:
        w = self.winner()
        if w is None:
            return None
        return Outcome((w,), self.returns(), "won", f"{w} won", side=w)


# Nim --------------------------------------------------------------------------------------


class NimPolicy(SearchPolicy):
    """Has one technique, so that ``on=``/``off=`` can be checked against a real list."""

    techniques: ClassVar[dict[str, str]] = {"take-one": "playouts always take one stone"}

    def playout_action(self, state: State, seat: str, legal: Sequence[str], rng: Rng) -> str:
        if self.uses("take-one"):
            return legal[0]
        return super().playout_action(state, seat, legal, rng)


class NimGame(_TinyGame):
    name = "test-nim"
    title = "Nim (test game)"

    def new_state(self, options: Mapping[str, Any] | None = None, seed: int = 0) -> NimState:
        return NimState(10, 0)

    def state_from_json(self, data: Mapping[str, Any]) -> NimState:
        return NimState(data["pile"], data["turn"])

    def determinize(self, view: Mapping[str, Any], rng: Rng) -> NimState:
        return NimState(view["pile"], view["turn"])

    def search_policy(
        self, seat: str, view: Mapping[str, Any], enabled: frozenset[str] | None = None
    ) -> SearchPolicy:
        return NimPolicy(self, seat, view, frozenset() if enabled is None else enabled)


class NimState(_TinyState):
    def __init__(self, pile: int, turn: int) -> None:
        self.pile = pile
        self.turn = turn
        self.last = -1

    @property
    def game(self) -> Game:
        return NIM

    def to_act(self) -> tuple[str, ...]:
        return () if self.pile == 0 else (SEATS[self.turn],)

    def legal_actions(self, seat: str) -> Sequence[str]:
        if seat not in self.to_act():
            return ()
        return tuple(f"take:{n}" for n in range(1, min(3, self.pile) + 1))

    def apply(self, seat: str, action: str) -> None:
        legal = self.legal_actions(seat)
        if action not in legal:
            raise IllegalActionError(seat, action, legal)
        self.pile -= int(action.split(":")[1])
        self.last = self.turn
        self.turn = 1 - self.turn

    def is_over(self) -> bool:
        return self.pile == 0

    def winner(self) -> str | None:
        return SEATS[self.last] if self.pile == 0 else None

    def returns(self) -> dict[str, float]:
        w = self.winner()
        return {s: 0.0 if w is None else 1.0 if s == w else -1.0 for s in SEATS}

    def view(self, seat: str) -> JSONDict:
        return {"seat": seat, "pile": self.pile, "turn": self.turn}

    def clone(self) -> NimState:
        c = NimState(self.pile, self.turn)
        c.last = self.last
        return c


NIM = NimGame()


# Odds -------------------------------------------------------------------------------------

PAYOFF_TO_A = {("x", "x"): 1.0, ("x", "y"): -1 / 3, ("y", "x"): -1 / 3, ("y", "y"): 1 / 9}


class OddsGame(_TinyGame):
    name = "test-odds"
    title = "Odds (test game)"

    def new_state(self, options: Mapping[str, Any] | None = None, seed: int = 0) -> OddsState:
        return OddsState()

    def state_from_json(self, data: Mapping[str, Any]) -> OddsState:
        raise NotImplementedError

    def determinize(self, view: Mapping[str, Any], rng: Rng) -> OddsState:
        # A blind step: the view cannot tell whether the other seat has answered, so the
        # sample has it still to answer; the seat's own answer is its own to know.
        state = OddsState()
        mine = view.get("my_choice")
        if mine is not None:
            state.box.commit(view["seat"], mine)
        return state


class OddsState(_TinyState):
    def __init__(self) -> None:
        self.box = SecretChoices(SEATS)
        self.result: dict[str, str] | None = None

    @property
    def game(self) -> Game:
        return ODDS

    def to_act(self) -> tuple[str, ...]:
        return () if self.result else self.box.waiting()

    def public_to_act(self) -> tuple[str, ...]:
        return () if self.result else SEATS

    def legal_actions(self, seat: str) -> Sequence[str]:
        return ("x", "y") if seat in self.to_act() else ()

    def apply(self, seat: str, action: str) -> None:
        legal = self.legal_actions(seat)
        if action not in legal:
            raise IllegalActionError(seat, action, legal)
        self.box.commit(seat, action)
        if self.box.complete():
            self.result = self.box.reveal()

    def is_over(self) -> bool:
        return self.result is not None

    def winner(self) -> str | None:
        if self.result is None:
            return None
        return "a" if self.returns()["a"] > 0 else "b"

    def returns(self) -> dict[str, float]:
        if self.result is None:
            return {"a": 0.0, "b": 0.0}
        value = PAYOFF_TO_A[self.result["a"], self.result["b"]]
        return {"a": value, "b": -value}

    def view(self, seat: str) -> JSONDict:
        view: JSONDict = {"seat": seat, "result": self.result}
        if seat in SEATS:
            view["my_choice"] = self.box.choice_of(seat)
        if seat == ALL:
            view["choices"] = {s: self.box.choice_of(s) for s in SEATS}
        assert seat in (*SEATS, SPECTATOR, ALL)
        return view

    def clone(self) -> OddsState:
        c = OddsState()
        c.box = self.box.clone()
        c.result = self.result
        return c


ODDS = OddsGame()
