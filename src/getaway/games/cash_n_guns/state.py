"""A Cash 'n Guns position (spec section 3) and the game protocol on it: who acts, what is
legal, what an answer does, the result, views and saves.

The round's steps live in their own modules, each something a player names: loading
(:mod:`.loading`), aiming (:mod:`.aiming`), courage (:mod:`.courage`), the shots
(:mod:`.shots`), the windows and the abilities (:mod:`.windows`, :mod:`.abilities`), the split
(:mod:`.split`) and the phone (:mod:`.phone`); :mod:`.round` leads from one step to the next.
The state dispatches each answer to its step.

Internal forms are flat int lists: per player (index 0..N-1), per gun slot ``k = 2*i + g``,
and hands as counts ``hand[3*k + kind]``. Action ids are checked against precomputed tuples.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from getaway.core import IllegalActionError, JSONDict, Outcome, Rng, RulesState, SecretChoices
from getaway.games.cash_n_guns.abilities import reveal
from getaway.games.cash_n_guns.actions import (
    AIM_PARSE,
    FLIP,
    HIDE,
    LOAD_PARSE,
    PASS,
    REVEAL_PARSE,
    STAY,
    aim_ids,
)
from getaway.games.cash_n_guns.aiming import DEFAULT_AIMS, aim_legal, kid_aims
from getaway.games.cash_n_guns.cards import (
    ABILITY_NAMES,
    BULLET_SET,
    CRAZY,
    GRENADE_NONE,
    NOTE_DECK,
    SLY,
    SPENT_FACE_DOWN,
    SPENT_FIRED,
)
from getaway.games.cash_n_guns.courage import COURAGE_IDS
from getaway.games.cash_n_guns.loading import default_load, load_legal, place_cards
from getaway.games.cash_n_guns.options import GAME_NAME, Rules, rules_for
from getaway.games.cash_n_guns.phone import phone_legal
from getaway.games.cash_n_guns.round import answered, leave_secret_step, start_round
from getaway.games.cash_n_guns.scoring import outcome_of
from getaway.games.cash_n_guns.steps import (
    SECRET_STEPS,
    STEP_AIM,
    STEP_COURAGE,
    STEP_CRAZY,
    STEP_HELP,
    STEP_KID,
    STEP_LOAD,
    STEP_NAMES,
    STEP_OVER,
    STEP_PHONE,
    STEP_REVEAL,
    STEP_SLY,
    WINDOW_STEPS,
)
from getaway.games.cash_n_guns.windows import window_answer, window_legal

if TYPE_CHECKING:
    from getaway.games.cash_n_guns.model_public import PublicReading


class CashNGunsState(RulesState[Rules]):
    """A Cash 'n Guns position (spec section 3)."""

    game_name = GAME_NAME
    __slots__ = (
        "_rng",
        "_to_act",
        "ability",
        "aims_revealed",
        "alive",
        "backup_round",
        "beacon",
        "box",
        "card",
        "claim",
        "claimable",
        "cop",
        "deck",
        "end_reason",
        "first_death_done",
        "first_death_now",
        "godfather",
        "grenade",
        "grenade_now",
        "gstate",
        "guns",
        "hand",
        "hits_round",
        "holder",
        "log",
        "log_json",
        "model_cache",
        "money",
        "participants",
        "phone_uses",
        "pot",
        "removed",
        "round",
        "scores",
        "shame",
        "shown",
        "spent",
        "spent_json",
        "status",
        "step",
        "step_seats",
        "target",
        "waiting",
        "winners",
        "wounds",
        "wounds_round",
    )

    _rng: Rng
    _to_act: tuple[str, ...]
    round: int
    step: int
    #: Bitmask of the players answering in this step, and of those who have not yet.
    step_seats: int
    waiting: int
    #: The secret commits of the current step (secret steps only).
    box: SecretChoices | None
    #: Face-down notes; the last one is drawn first.
    deck: list[int]
    #: Face-up notes on the table, largest first.
    pot: list[int]
    #: Dollars that went back to the box with the dead.
    removed: int
    godfather: int
    alive: int
    wounds: list[int]
    shame: list[int]
    #: Shame tokens taken after the backup call (beacon side up).
    beacon: list[int]
    money: list[int]
    status: list[int]
    hits_round: list[int]
    wounds_round: list[int]
    guns: list[int]
    hand: list[int]
    card: list[int]
    target: list[int]
    gstate: list[int]
    #: Per player, every spent card: (round, gun, kind, SPENT_* mode).
    spent: list[tuple[tuple[int, int, int, int], ...]]
    #: Per player, the public parts of ``spent`` as the views show them, with the tuple they
    #: were derived from (:func:`.views.spent_public`): recomputed only when it changes.
    spent_json: list[tuple[Any, list[JSONDict], list[JSONDict]] | None]
    ability: list[int]
    #: Ability card -> its holder, or -1 when nobody was dealt it.
    holder: list[int]
    #: Bitmask of revealed ability cards (by card number).
    shown: int
    cop: int
    aims_revealed: bool
    grenade: int
    grenade_now: bool
    first_death_done: bool
    first_death_now: bool
    #: During the first-death window: dead player -> his unused cards (bbb, bang, click).
    claimable: dict[int, tuple[int, ...]]
    #: #3 used: (holder, dead player, round, cards taken (bbb, bang, click)).
    claim: tuple[int, int, int, tuple[int, ...]] | None
    #: Bitmask of this round's split participants.
    participants: int
    phone_uses: int
    #: The round of the backup call, 0 while it has not been called.
    backup_round: int
    #: Public events, oldest first: tuples whose first item names the event, second the round.
    log: list[tuple[Any, ...]]
    #: The log's first events as the views show them (:func:`.views.log_json` extends it
    #: when a view is asked for). A tuple, so that clones share it safely: the log only
    #: grows, so a clone's converted prefix stays right for it whatever either side plays.
    log_json: tuple[JSONDict, ...]
    winners: tuple[int, ...]
    end_reason: str | None
    scores: dict[int, int]
    #: The player model's public readings of the current moment (:mod:`.model_public`),
    #: never copied: a clone builds its own when first read.
    model_cache: tuple[tuple[int, int, int], list[PublicReading | None]] | None

    # Construction ---------------------------------------------------------------------------

    @classmethod
    def new(cls, options: dict[str, Any], seed: int) -> CashNGunsState:
        """Set up a game (spec section 2): shuffle the notes, deal abilities and roles."""
        rules = rules_for(options)
        n = rules.players
        rng = Rng(seed)
        deck = [value for value, count in NOTE_DECK for _ in range(count)]
        rng.shuffle(deck)
        s = cls.__new__(cls)
        s.rules = rules
        s._seed = seed
        s._rng = rng
        s.deck = deck
        s.ability = rng.sample(rules.pool, n) if rules.pool else [0] * n
        s.cop = rng.below(n) if rules.cop_game else -1
        s.holder = [-1] * 11
        for i, a in enumerate(s.ability):
            if a:
                s.holder[a] = i
        s.pot = []
        s.removed = 0
        s.godfather = 0
        s.alive = rules.everyone
        s.wounds = [0] * n
        s.shame = [0] * n
        s.beacon = [0] * n
        s.money = [0] * n
        s.guns = [1] * n
        s.hand = [0] * (6 * n)
        for i in range(n):
            s.hand[6 * i : 6 * i + 3] = BULLET_SET
        s.spent = [()] * n
        s.spent_json = [None] * n
        s.shown = 0
        s.grenade = GRENADE_NONE
        s.first_death_done = False
        s.first_death_now = False
        s.claim = None
        s.phone_uses = 0
        s.backup_round = 0
        s.log = []
        s.log_json = ()
        s.winners = ()
        s.end_reason = None
        s.scores = {}
        s.model_cache = None
        s.round = 0
        start_round(s)
        return s

    def clone(self) -> CashNGunsState:
        c = CashNGunsState.__new__(CashNGunsState)
        c.rules = self.rules
        c._seed = self._seed
        c._rng = self._rng.clone()
        c._to_act = self._to_act
        c.round = self.round
        c.step = self.step
        c.step_seats = self.step_seats
        c.waiting = self.waiting
        c.box = self.box.clone() if self.box is not None else None
        c.deck = self.deck[:]
        c.pot = self.pot[:]
        c.removed = self.removed
        c.godfather = self.godfather
        c.alive = self.alive
        c.wounds = self.wounds[:]
        c.shame = self.shame[:]
        c.beacon = self.beacon[:]
        c.money = self.money[:]
        c.status = self.status[:]
        c.hits_round = self.hits_round[:]
        c.wounds_round = self.wounds_round[:]
        c.guns = self.guns[:]
        c.hand = self.hand[:]
        c.card = self.card[:]
        c.target = self.target[:]
        c.gstate = self.gstate[:]
        c.spent = self.spent[:]
        c.spent_json = self.spent_json[:]
        c.ability = self.ability  # never changes after the deal
        c.holder = self.holder
        c.shown = self.shown
        c.cop = self.cop
        c.aims_revealed = self.aims_revealed
        c.grenade = self.grenade
        c.grenade_now = self.grenade_now
        c.first_death_done = self.first_death_done
        c.first_death_now = self.first_death_now
        c.claimable = dict(self.claimable)
        c.claim = self.claim
        c.participants = self.participants
        c.phone_uses = self.phone_uses
        c.backup_round = self.backup_round
        c.log = self.log[:]
        c.log_json = self.log_json
        c.winners = self.winners
        c.end_reason = self.end_reason
        c.scores = dict(self.scores)
        c.model_cache = None
        return c

    # Protocol: turn, legal actions, result ----------------------------------------------------

    def to_act(self) -> tuple[str, ...]:
        return self._to_act

    def public_to_act(self) -> tuple[str, ...]:
        """The phone is passed under the table (spec 8.2, 10.2): nobody may learn the order
        or timing of the answers, so every participant is shown as waiting until the last
        one has answered."""
        if self.step == STEP_PHONE:
            return self.rules.seats_of_mask[self.step_seats]
        return self._to_act

    def is_over(self) -> bool:
        return self.step == STEP_OVER

    def winner_seats(self) -> tuple[str, ...]:
        """Every winning seat (several for a shared victory; none with no survivor)."""
        return tuple(self.rules.seats[i] for i in self.winners)

    def returns(self) -> dict[str, float]:
        """+1 for every winner (each co-winner of a shared victory), -1 for everyone else;
        0 for all while the game goes on."""
        seats = self.rules.seats
        if self.step != STEP_OVER:
            return dict.fromkeys(seats, 0.0)
        return {seat: (1.0 if i in self.winners else -1.0) for i, seat in enumerate(seats)}

    def outcome(self) -> Outcome | None:
        """Who won and why (:func:`getaway.games.cash_n_guns.scoring.outcome_of`)."""
        if self.step != STEP_OVER:
            return None
        return outcome_of(self)

    def legal_actions(self, seat: str) -> Sequence[str]:
        i = self.rules.index.get(seat)
        if i is None or not self.waiting >> i & 1:
            return ()
        return self.legal_for(i)

    def legal_for(self, i: int) -> tuple[str, ...]:
        """Player ``i``'s answers in the current step, whether or not he has answered yet
        (the search asks it of seats whose commits it redraws)."""
        step = self.step
        if step == STEP_COURAGE:
            return COURAGE_IDS
        if step in (STEP_LOAD, STEP_SLY):
            return load_legal(self, i, step == STEP_LOAD)
        if step in (STEP_AIM, STEP_KID):
            if self.ability[i] != CRAZY:
                # Everyone but the Crazy just aims (inlined: asked at every aim of a playout).
                return aim_ids(i, self.alive, self.guns[i])
            return aim_legal(self, i)
        if step == STEP_PHONE:
            return phone_legal(self, i)
        return window_legal(self, i)

    # Protocol: applying actions ---------------------------------------------------------------

    def apply(self, seat: str, action: str) -> None:
        i = self.rules.index.get(seat)
        if i is None or not self.waiting >> i & 1:
            self.reject_seat(seat)
        legal = self.legal_for(i)
        if action not in legal:
            raise IllegalActionError(seat, action, legal, self._why(action))
        self.play(i, seat, action)

    def play(self, i: int, seat: str, action: str) -> None:
        """Carry out player ``i``'s (``seat``'s) answer, known to be legal: :meth:`apply`
        without its checks, for a search's playout, which picks among ``legal_for(i)``."""
        step = self.step
        if step == STEP_COURAGE or (step == STEP_AIM and action not in REVEAL_PARSE):
            # The commonest answers, inlined (a playout makes thousands): a secret commit,
            # then the next seat, or the step's resolution by ``answered``.
            box = self.box
            assert box is not None
            box.commit(seat, action)
            waiting = self.waiting & ~(1 << i)
            if waiting:
                self.waiting = waiting
                self._to_act = self.rules.seats_of_mask[waiting]
            else:
                answered(self, i)
        elif step in (STEP_LOAD, STEP_SLY):
            ability = REVEAL_PARSE.get(action)
            if ability is None:
                place_cards(self, i, LOAD_PARSE[action])
                box = self.box
                assert box is not None
                box.commit(seat, action)
                answered(self, i)
            else:
                reveal(self, i, ability)
                if ability == SLY:
                    # The revealed Sly loads at the end of Phase 3 instead (spec #7): he
                    # leaves this step. He has not loaded yet (a loaded player no longer
                    # acts in it).
                    leave_secret_step(self, i)
        elif step == STEP_AIM:
            reveal(self, i, CRAZY)  # he still aims
        elif step == STEP_KID:
            kid_aims(self, i, action)
            answered(self, i)
        elif step == STEP_PHONE:
            box = self.box
            assert box is not None
            box.commit(seat, action)
            answered(self, i)
        else:
            window_answer(self, i, action)
            answered(self, i)

    def _why(self, action: object) -> str:
        """Why an action is refused, in the game's terms (the error also lists the legal)."""
        if not isinstance(action, str):
            return f"an action id is text, not {type(action).__name__}"
        step = self.step
        head = action.split(":", 1)[0]
        if step in (STEP_LOAD, STEP_SLY) and action in LOAD_PARSE:
            return "you have no such card left in that hand, or not that many guns"
        if step in (STEP_AIM, STEP_KID) and action in AIM_PARSE:
            return "you may aim only at another living player, once per gun you hold"
        if head in ("reveal", "specialist", "claim", "unhurt"):
            return "you cannot use that ability now"
        return f"the {STEP_NAMES[step]} step: {STEP_HELP[step]}"

    # Protocol: undo safety, defaults, views, serialization ------------------------------------

    def would_reveal(self, seat: str, action: str) -> bool:
        """A load, a non-final secret commit and a non-final ``pass`` show nothing; reveals,
        the Kid's public aim and any answer that completes a step whose resolution shows
        something (aims, hiding, shots, the split, the phone) do."""
        i = self.rules.index.get(seat)
        if i is None or not self.waiting >> i & 1 or not isinstance(action, str):
            return True  # apply will refuse it
        step = self.step
        if step in (STEP_LOAD, STEP_SLY):
            # Loaded cards are never shown as a group; only a reveal shows anything.
            return action in REVEAL_PARSE
        if action in (PASS, HIDE, STAY, FLIP) or (step == STEP_AIM and action in AIM_PARSE):
            # A plain answer shows something only when it is the last one and the step then
            # resolves into something public (the windows before Phase 4 resolve into none).
            return self.waiting == 1 << i and step not in (STEP_REVEAL, STEP_CRAZY)
        # Reveals, abilities used, the Kid's public aim.
        return True

    def default_action(self, seat: str) -> str | None:
        """What a timer plays (spec 10.2): load a Click if there is one, else a Bang!, else
        the BBB (decision D2); aim at nobody; stay; pass."""
        i = self.rules.index.get(seat)
        if i is None or not self.waiting >> i & 1:
            return None
        step = self.step
        if step in (STEP_LOAD, STEP_SLY):
            return default_load(self, i)
        if step in (STEP_AIM, STEP_KID):
            return DEFAULT_AIMS[self.guns[i]]
        if step == STEP_COURAGE:
            return STAY
        return PASS

    def view(self, seat: str) -> JSONDict:
        from getaway.games.cash_n_guns.views import build_view

        self.check_viewer(seat)
        return build_view(self, seat)

    def to_json(self) -> JSONDict:
        from getaway.games.cash_n_guns.saves import state_to_json

        return state_to_json(self)

    # Helpers for views, saves and tests ---------------------------------------------------------

    def ability_name(self, i: int) -> str | None:
        """Player ``i``'s ability card name (secret unless revealed), or None."""
        return ABILITY_NAMES[self.ability[i]] or None

    def money_total(self) -> int:
        """Dollars held by living players, on the table, in the deck and removed with the
        dead: always the deck's $425,000."""
        return sum(self.money) + sum(self.pot) + sum(self.deck) + self.removed

    def is_revealed(self, i: int) -> bool:
        """Whether player ``i``'s ability card has been shown."""
        return bool(self.ability[i]) and bool(self.shown >> self.ability[i] & 1)

    def step_name(self) -> str:
        """The decision step the game waits for (``load``, ``aim``, ... or ``over``)."""
        return STEP_NAMES[self.step]

    def spent_counts(self, i: int, gun: int) -> list[int]:
        """Cards of player ``i``'s gun spent for good (a BBB taken back is not spent)."""
        counts = [0, 0, 0]
        for _, g, kind, mode in self.spent[i]:
            if g == gun and mode in (SPENT_FACE_DOWN, SPENT_FIRED):
                counts[kind] += 1
        return counts


#: Kept importable from here: front ends and tests name the steps through the state module.
__all__ = ["SECRET_STEPS", "STEP_NAMES", "WINDOW_STEPS", "CashNGunsState"]
