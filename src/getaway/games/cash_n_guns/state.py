"""The round as a machine of decision steps: who must answer now, what they may answer, and
what happens when everyone has (spec sections 4, 7, 8 and the protocol of 10.2).

One round, step by step (windows are skipped in the Basic game; ``docs/games/cash-n-guns.md``
says when each runs):

1. Phase 1: the players stand up, 5 notes join the pot.
2. ``load`` (Phase 2): every living player except a revealed Sly secretly loads one card per
   gun. An unrevealed Crazy, Kid or Sly may also reveal his card here.
3. ``reveal-window`` (end of Phase 2): everyone passes, or reveals the Crazy, Kid or Sly. A Sly
   who reveals after loading takes his card back (AMB-16).
4. ``aim`` (Phase 3): every living player except a revealed Kid secretly aims; all aims are
   shown together. An unrevealed Crazy may reveal here.
5. ``kid-aim``: the revealed Kid aims, seeing every aim. 6. ``sly-load``: the revealed Sly
   loads, seeing every aim. 7. ``crazy-window``: last chance to reveal the Crazy.
8. ``courage`` (Phase 4): every living player secretly hides or stays; hiding is resolved.
9. ``specialist-window``: the Specialist may take back a BBB discarded unfired (AMB-18).
10. Phase 5 (BBB), then ``phase5-window`` when public facts call for it (a BBB fired and the
    Specialist is unused; the first death of the game). 11. Phase 6, then ``phase6-window``
    after the first death.
12. ``unhurt-window`` (start of Phase 7), then the split. 13. ``phone`` (Phase 8, Undercover
    Cop game, rounds 1-6).

Internal forms are flat int lists: per player (index 0..N-1), per gun slot ``k = 2*i + g``,
and hands as counts ``hand[3*k + kind]``. Action ids are checked against precomputed tuples.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, NoReturn

from getaway.core import (
    ALL,
    SPECTATOR,
    IllegalActionError,
    JSONDict,
    NotYourTurnError,
    Rng,
    SecretChoices,
    State,
    UnknownSeatError,
)
from getaway.games.cash_n_guns.actions import (
    AIM_PARSE,
    CLAIM_IDS,
    CLAIM_PARSE,
    FLIP,
    HIDE,
    LOAD_ONE,
    LOAD_PARSE,
    NOT_AIMED,
    PASS,
    REVEAL_IDS,
    REVEAL_PARSE,
    SPECIALIST_IDS,
    SPECIALIST_PARSE,
    STAY,
    UNHURT_ID,
    aim_ids,
    load_two,
    reveal_bit,
    with_reveals,
)
from getaway.games.cash_n_guns.cards import (
    ABILITY_NAMES,
    BACKUP_USES,
    BANG,
    BBB,
    BULLET_SET,
    CARD_NAMES,
    CLICK,
    CRAZY,
    GUN_DISCARDED,
    GUN_EMPTY,
    GUN_FIRED,
    GUN_LOADED,
    KID,
    LAST_PHONE_ROUND,
    NOTE_DECK,
    NOTES_PER_ROUND,
    ROUNDS,
    SLY,
    SPECIALIST,
    SPENT_FACE_DOWN,
    SPENT_FIRED,
    SPENT_TAKEN_BACK_FACE_DOWN,
    SPENT_TAKEN_BACK_FIRED,
    STANDING,
    UNHURT,
    WONT_NEED_IT,
)
from getaway.games.cash_n_guns.options import Rules, rules_for
from getaway.games.cash_n_guns.resolve import (
    GRENADE_NONE,
    discard_unresolved,
    phase5,
    phase6,
    resolve_hiding,
    reveal,
)
from getaway.games.cash_n_guns.scoring import finish
from getaway.games.cash_n_guns.split import split_pot

if TYPE_CHECKING:
    from getaway.core import Game

# Decision steps -----------------------------------------------------------------------------

(
    STEP_LOAD,
    STEP_REVEAL,
    STEP_AIM,
    STEP_KID,
    STEP_SLY,
    STEP_CRAZY,
    STEP_COURAGE,
    STEP_SPECIALIST,
    STEP_PHASE5,
    STEP_PHASE6,
    STEP_UNHURT,
    STEP_PHONE,
    STEP_OVER,
) = range(13)
STEP_NAMES = (
    "load",
    "reveal-window",
    "aim",
    "kid-aim",
    "sly-load",
    "crazy-window",
    "courage",
    "specialist-window",
    "phase5-window",
    "phase6-window",
    "unhurt-window",
    "phone",
    "over",
)
#: Steps whose answers are secret commits, hidden until everyone has answered.
SECRET_STEPS = frozenset({STEP_LOAD, STEP_AIM, STEP_SLY, STEP_COURAGE, STEP_PHONE})
#: Steps where every living player answers ``pass`` or uses an ability (spec 10.1: a window
#: an ability holder might use runs for everyone, so that it gives nobody away).
WINDOW_STEPS = frozenset(
    {STEP_REVEAL, STEP_CRAZY, STEP_SPECIALIST, STEP_PHASE5, STEP_PHASE6, STEP_UNHURT}
)

COURAGE_IDS = (HIDE, STAY)
PHONE_GANGSTER_IDS = (PASS,)
PHONE_COP_IDS = (PASS, FLIP)
PASS_IDS = (PASS,)

_STEP_HELP = {
    STEP_LOAD: "load one card per gun (load:KIND)",
    STEP_REVEAL: "pass, or reveal an ability",
    STEP_AIM: "aim at another living player or at nobody (aim:SEAT, aim:none)",
    STEP_KID: "the Kid aims (aim:SEAT, aim:none)",
    STEP_SLY: "the Sly loads (load:KIND)",
    STEP_CRAZY: "pass, or reveal the Crazy",
    STEP_COURAGE: "hide or stay",
    STEP_SPECIALIST: "pass, or use the Specialist",
    STEP_PHASE5: "pass, or use an ability",
    STEP_PHASE6: "pass, or use an ability",
    STEP_UNHURT: "pass, or use Doesn't Even Hurt!",
    STEP_PHONE: "pass the phone on (or flip it, if you are the cop)",
}


class CashNGunsState(State):
    """A Cash 'n Guns position (spec section 3)."""

    __slots__ = (
        "_rng",
        "_seed",
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
        "money",
        "participants",
        "phone_uses",
        "pot",
        "removed",
        "round",
        "rules",
        "scores",
        "shame",
        "shown",
        "spent",
        "status",
        "step",
        "step_seats",
        "target",
        "waiting",
        "winners",
        "wounds",
        "wounds_round",
    )

    rules: Rules
    _seed: int
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
    winners: tuple[int, ...]
    end_reason: str | None
    scores: dict[int, int]

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
        s.shown = 0
        s.grenade = GRENADE_NONE
        s.first_death_done = False
        s.first_death_now = False
        s.claim = None
        s.phone_uses = 0
        s.backup_round = 0
        s.log = []
        s.winners = ()
        s.end_reason = None
        s.scores = {}
        s.round = 0
        s._start_round()
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
        c.winners = self.winners
        c.end_reason = self.end_reason
        c.scores = dict(self.scores)
        return c

    # Protocol: identity ---------------------------------------------------------------------

    @property
    def game(self) -> Game:
        from getaway.games.cash_n_guns import GAME

        return GAME

    @property
    def options(self) -> Mapping[str, Any]:
        return self.rules.options

    @property
    def seed(self) -> int:
        return self._seed

    @property
    def seats(self) -> tuple[str, ...]:
        return self.rules.seats

    # Protocol: turn, legal actions, result ----------------------------------------------------

    def to_act(self) -> tuple[str, ...]:
        return self._to_act

    def public_to_act(self) -> tuple[str, ...]:
        """The phone is passed under the table (spec 8.2, 10.2): nobody may learn the order
        or timing of the answers, so every participant is shown as waiting until the last
        one has answered."""
        if self.step == STEP_PHONE:
            return tuple(s for i, s in enumerate(self.rules.seats) if self.step_seats >> i & 1)
        return self._to_act

    def is_over(self) -> bool:
        return self.step == STEP_OVER

    def winner(self) -> str | None:
        if self.step != STEP_OVER:
            return None
        if not self.winners:
            return "none"
        if len(self.winners) > 1:
            return "shared"
        return self.rules.seats[self.winners[0]]

    def winner_seats(self) -> tuple[str, ...]:
        """Every winning seat (several for a shared victory; none with no survivor)."""
        return tuple(self.rules.seats[i] for i in self.winners)

    def returns(self) -> dict[str, float]:
        seats = self.rules.seats
        if self.step != STEP_OVER:
            return dict.fromkeys(seats, 0.0)
        return {seat: (1.0 if i in self.winners else -1.0) for i, seat in enumerate(seats)}

    def legal_actions(self, seat: str) -> Sequence[str]:
        i = self.rules.index.get(seat)
        if i is None or not self.waiting >> i & 1:
            return ()
        return self._legal(i)

    def _legal(self, i: int) -> tuple[str, ...]:
        step = self.step
        if step == STEP_COURAGE:
            return COURAGE_IDS
        if step in (STEP_LOAD, STEP_SLY):
            return self._load_legal(i, step == STEP_LOAD)
        if step in (STEP_AIM, STEP_KID):
            ids = aim_ids(i, self.alive, self.guns[i])
            if step == STEP_AIM and self.ability[i] == CRAZY and not self.shown >> CRAZY & 1:
                return with_reveals(ids, reveal_bit(CRAZY))
            return ids
        if step == STEP_PHONE:
            return PHONE_COP_IDS if i == self.cop else PHONE_GANGSTER_IDS
        return self._window_legal(i)

    def _load_legal(self, i: int, reveals: bool) -> tuple[str, ...]:
        h = self.hand
        b = 6 * i
        mask = (h[b] > 0) | (h[b + 1] > 0) << 1 | (h[b + 2] > 0) << 2
        if self.guns[i] == 2:
            mask2 = (h[b + 3] > 0) | (h[b + 4] > 0) << 1 | (h[b + 5] > 0) << 2
            ids = load_two(mask, mask2)
        else:
            ids = LOAD_ONE[mask]
        if reveals and self.rules.revealable:
            a = self.ability[i]
            if a in self.rules.revealable and not self.shown >> a & 1:
                return with_reveals(ids, reveal_bit(a))
        return ids

    def _window_legal(self, i: int) -> tuple[str, ...]:
        step = self.step
        a = self.ability[i]
        if not a or self.shown >> a & 1:
            return PASS_IDS
        if step == STEP_REVEAL:
            if a in self.rules.revealable:
                return (PASS, REVEAL_IDS[a])
        elif step == STEP_CRAZY:
            if a == CRAZY:
                return (PASS, REVEAL_IDS[CRAZY])
        elif step == STEP_UNHURT:
            if a == UNHURT and self.status[i] != STANDING:
                return (PASS, UNHURT_ID)
        elif a == SPECIALIST:
            wanted = GUN_DISCARDED if step == STEP_SPECIALIST else GUN_FIRED
            if step != STEP_PHASE6 and self.card[2 * i] == BBB and self.gstate[2 * i] == wanted:
                # He discards one other unused card instead: impossible with an empty hand.
                b = 6 * i
                kinds = [SPECIALIST_IDS[kind] for kind in (BANG, CLICK) if self.hand[b + kind]]
                return (PASS, *kinds)
        elif a == WONT_NEED_IT and step != STEP_SPECIALIST and self.claimable:
            return (PASS, *(CLAIM_IDS[dead] for dead in sorted(self.claimable)))
        return PASS_IDS

    # Protocol: applying actions ---------------------------------------------------------------

    def apply(self, seat: str, action: str) -> None:
        i = self.rules.index.get(seat)
        if i is None or not self.waiting >> i & 1:
            self._reject_seat(seat)
        legal = self._legal(i)
        if action not in legal:
            raise IllegalActionError(seat, action, legal, self._why(action))
        step = self.step
        if step == STEP_COURAGE or (step == STEP_AIM and action not in REVEAL_PARSE):
            # The commonest answers, inlined: a secret commit, then the next seat or the
            # step's resolution.
            box = self.box
            assert box is not None
            box.commit(seat, action)
            waiting = self.waiting & ~(1 << i)
            self.waiting = waiting
            if waiting:
                self._to_act = self.rules.seats_of_mask[waiting]
            else:
                self._step_done()
        elif step in (STEP_LOAD, STEP_SLY):
            ability = REVEAL_PARSE.get(action)
            if ability is not None:
                self._reveal_in_load(i, ability)
            else:
                self._load(i, LOAD_PARSE[action])
                self._commit(i, seat, action)
        elif step == STEP_AIM:
            reveal(self, i, CRAZY)
        elif step == STEP_KID:
            self.target[2 * i] = AIM_PARSE[action][0]
            self.log.append(("kid-aim", self.round, i, self.target[2 * i]))
            self._answered(i)
        elif step == STEP_PHONE:
            self._commit(i, seat, action)
        else:
            self._window_answer(i, action)

    def _reject_seat(self, seat: str) -> NoReturn:
        if seat not in self.rules.seats:
            raise UnknownSeatError(seat, self.rules.seats)
        raise NotYourTurnError(seat, self._to_act, over=self.step == STEP_OVER)

    def _why(self, action: str) -> str:
        """Why an action is refused, in the game's terms (the error also lists the legal)."""
        step = self.step
        head = action.split(":", 1)[0]
        if step in (STEP_LOAD, STEP_SLY) and action in LOAD_PARSE:
            return "you have no such card left in that hand, or not that many guns"
        if step in (STEP_AIM, STEP_KID) and action in AIM_PARSE:
            return "you may aim only at another living player, once per gun you hold"
        if head in ("reveal", "specialist", "claim", "unhurt"):
            return "you cannot use that ability now"
        return f"the {STEP_NAMES[step]} step: {_STEP_HELP.get(step, 'nothing to do')}"

    def _commit(self, i: int, seat: str, action: str) -> None:
        """A secret commit: kept in the box, shown to others only as "has committed"."""
        assert self.box is not None
        self.box.commit(seat, action)
        self._answered(i)

    def _answered(self, i: int) -> None:
        waiting = self.waiting & ~(1 << i)
        self.waiting = waiting
        if waiting:
            self._to_act = self.rules.seats_of_mask[waiting]
        else:
            self._step_done()

    def _load(self, i: int, cards: tuple[int, ...]) -> None:
        """Place the cards face down, one per gun (taken from that gun's hand)."""
        for g, kind in enumerate(cards):
            k = 2 * i + g
            self.card[k] = kind
            self.gstate[k] = GUN_LOADED
            self.hand[3 * k + kind] -= 1

    def _reveal_in_load(self, i: int, ability: int) -> None:
        reveal(self, i, ability)
        if ability == SLY:
            # The revealed Sly loads at the end of Phase 3 instead (spec #7): he leaves this
            # step. He has not loaded yet (a loaded player no longer acts in it).
            self._leave_secret_step(i)

    def _leave_secret_step(self, i: int) -> None:
        """Player ``i`` no longer answers in this secret step: the box is rebuilt without him
        (its seats are fixed when made), keeping the others' commits."""
        old = self.box
        assert old is not None
        self.step_seats &= ~(1 << i)
        box = SecretChoices(self.rules.seats_of_mask[self.step_seats])
        for seat in box.seats:
            choice = old.choice_of(seat)
            if choice is not None:
                box.commit(seat, choice)
        self.box = box
        self._answered(i)

    def _window_answer(self, i: int, action: str) -> None:
        """An answer in a reaction window takes effect at once (abilities are public when
        used); ``pass`` does nothing."""
        if action != PASS:
            r = self.round
            ability = REVEAL_PARSE.get(action)
            if ability is not None:
                reveal(self, i, ability)
                if ability == SLY and self.gstate[2 * i] == GUN_LOADED:
                    # AMB-16: revealing after loading undoes the load; he loads again later.
                    self.hand[6 * i + self.card[2 * i]] += 1
                    self.card[2 * i] = -1
                    self.gstate[2 * i] = GUN_EMPTY
                    self.log.append(("card-returned", r, i))
            elif action == UNHURT_ID:
                reveal(self, i, UNHURT)
                self.status[i] = STANDING
                self.participants |= 1 << i
                self.log.append(("unhurt", r, i))
            elif action in SPECIALIST_PARSE:
                self._specialist(i, SPECIALIST_PARSE[action])
            else:
                self._claim(i, CLAIM_PARSE[action])
        self._answered(i)

    def _specialist(self, i: int, kind: int) -> None:
        """#9: the BBB goes back into his hand; one unused card of ``kind`` is discarded face
        down instead (the kind stays his secret)."""
        r = self.round
        reveal(self, i, SPECIALIST)
        b = 6 * i
        self.hand[b + BBB] += 1
        self.hand[b + kind] -= 1
        records = list(self.spent[i])
        for n in range(len(records) - 1, -1, -1):
            rnd, gun, card, mode = records[n]
            if rnd == r and gun == 0 and card == BBB and mode in (SPENT_FIRED, SPENT_FACE_DOWN):
                taken = (
                    SPENT_TAKEN_BACK_FIRED if mode == SPENT_FIRED else SPENT_TAKEN_BACK_FACE_DOWN
                )
                records[n] = (rnd, gun, card, taken)
                break
        records.append((r, 0, kind, SPENT_FACE_DOWN))
        self.spent[i] = tuple(records)
        self.log.append(("specialist", r, i))

    def _claim(self, i: int, dead: int) -> None:
        """#3: take the first dead player's gun and unused cards as a second gun and hand,
        used from the next round on."""
        cards = self.claimable[dead]
        reveal(self, i, WONT_NEED_IT)
        self.guns[i] = 2
        self.hand[6 * i + 3 : 6 * i + 6] = cards
        self.claim = (i, dead, self.round, cards)
        self.log.append(("claim", self.round, i, dead, sum(cards)))

    # Phase flow -------------------------------------------------------------------------------

    def _open(self, step: int, seats: int) -> None:
        """Start a decision step answered by the players in ``seats``."""
        self.step = step
        self.step_seats = seats
        self.waiting = seats
        order = self.rules.seats_of_mask[seats]
        self._to_act = order
        self.box = SecretChoices(order) if step in SECRET_STEPS else None

    def _step_done(self) -> None:
        """Everyone has answered: resolve the step and move on to the next decision."""
        step = self.step
        if step == STEP_LOAD:
            self._after_load()
        elif step == STEP_AIM:
            self._reveal_aims()
        elif step == STEP_COURAGE:
            assert self.box is not None
            hiders = 0
            for seat, choice in self.box.reveal().items():
                if choice == HIDE:
                    hiders |= 1 << self.rules.index[seat]
            resolve_hiding(self, hiders)
            self._after_hiding()
        elif step == STEP_REVEAL:
            self._enter_aim()
        elif step == STEP_KID:
            self._after_kid()
        elif step == STEP_SLY:
            self._after_sly()
        elif step == STEP_CRAZY:
            self._enter_courage()
        elif step == STEP_SPECIALIST:
            self._phase5()
        elif step == STEP_PHASE5:
            self.claimable = {}
            self._after_phase5()
        elif step == STEP_PHASE6:
            self.claimable = {}
            self._after_phase6()
        elif step == STEP_UNHURT:
            self._split()
        elif step == STEP_PHONE:
            self._resolve_phone()

    def _start_round(self) -> None:
        """Phase 1: everyone stands up, 5 notes are added to the pot (fewer only if a modded
        deck runs short, spec 1.4)."""
        n = self.rules.players
        self.round += 1
        self.status = [STANDING] * n
        self.hits_round = [0] * n
        self.wounds_round = [0] * n
        self.card = [-1] * (2 * n)
        self.target = [NOT_AIMED] * (2 * n)
        self.gstate = [GUN_EMPTY] * (2 * n)
        self.aims_revealed = False
        self.grenade_now = False
        self.claimable = {}
        self.participants = 0
        drawn = self.deck[-NOTES_PER_ROUND:]
        del self.deck[-NOTES_PER_ROUND:]
        self.pot += drawn
        self.pot.sort(reverse=True)
        self.log.append(("round", self.round, tuple(drawn)))
        seats = self.alive
        sly = self.holder[SLY]
        if sly >= 0 and self.shown >> SLY & 1:
            seats &= ~(1 << sly)
        self._open(STEP_LOAD, seats)

    def _after_load(self) -> None:
        """End of Phase 2: the last chance to reveal the Kid, the Sly (or the Crazy)."""
        if self.rules.has_reveal_window and self._any_hidden(self.rules.revealable):
            self._open(STEP_REVEAL, self.alive)
        else:
            self._enter_aim()

    def _any_hidden(self, abilities: frozenset[int]) -> bool:
        """Whether some of these cards of the pool have not been revealed (public)."""
        return any(not self.shown >> a & 1 for a in abilities)

    def _enter_aim(self) -> None:
        """Phase 3: everyone aims at once, except a revealed Kid."""
        seats = self.alive
        kid = self.holder[KID]
        if kid >= 0 and self.shown >> KID & 1:
            seats &= ~(1 << kid)
        self._open(STEP_AIM, seats)

    def _reveal_aims(self) -> None:
        """All aims are shown at once and locked for the round (AMB-1)."""
        assert self.box is not None
        index = self.rules.index
        aims = []
        for seat, action in self.box.reveal().items():
            i = index[seat]
            targets = AIM_PARSE[action]
            for g, t in enumerate(targets):
                self.target[2 * i + g] = t
            aims.append((i, targets))
        self.aims_revealed = True
        self.log.append(("aims", self.round, tuple(aims)))
        kid = self.holder[KID]
        if kid >= 0 and self.shown >> KID & 1 and self.alive >> kid & 1:
            self._open(STEP_KID, 1 << kid)
        else:
            self._after_kid()

    def _after_kid(self) -> None:
        """The revealed Sly loads last, seeing every aim (the Kid's too)."""
        sly = self.holder[SLY]
        if sly >= 0 and self.shown >> SLY & 1 and self.alive >> sly & 1:
            self._open(STEP_SLY, 1 << sly)
        else:
            self._after_sly()

    def _after_sly(self) -> None:
        """The last chance to reveal the Crazy (AMB-15), then Phase 4."""
        if self.rules.has_crazy_window and not self.shown >> CRAZY & 1:
            self._open(STEP_CRAZY, self.alive)
        else:
            self._enter_courage()

    def _enter_courage(self) -> None:
        """Phase 4: everyone hides or stays at once."""
        self._open(STEP_COURAGE, self.alive)

    def _after_hiding(self) -> None:
        """The Specialist's window for a BBB discarded unfired (AMB-18), then Phase 5."""
        if self.rules.specialist_unfired and not self.shown >> SPECIALIST & 1:
            self._open(STEP_SPECIALIST, self.alive)
        else:
            self._phase5()

    def _phase5(self) -> None:
        """Phase 5 and its end-of-phase window (Specialist, first death)."""
        fired = phase5(self)
        first_death = self._took_first_death()
        if self.alive.bit_count() >= 2 and (
            (first_death and self.rules.has_wont_need_it)
            or (fired and self.rules.has_specialist and not self.shown >> SPECIALIST & 1)
        ):
            self._open(STEP_PHASE5, self.alive)
        else:
            self.claimable = {}
            self._after_phase5()

    def _took_first_death(self) -> bool:
        """Whether the phase just resolved saw the first death of the game (a transient
        flag: it only decides whether the end-of-phase window opens)."""
        first = self.first_death_now
        self.first_death_now = False
        return first

    def _after_phase5(self) -> None:
        """Phase 6 (unless the grenade ended the round) and its first-death window."""
        if self.grenade_now:
            self._end_round()
            return
        phase6(self)
        if self._took_first_death() and self.alive.bit_count() >= 2 and self.rules.has_wont_need_it:
            self._open(STEP_PHASE6, self.alive)
        else:
            self.claimable = {}
            self._after_phase6()

    def _after_phase6(self) -> None:
        """Start of Phase 7: the Doesn't Even Hurt! window, then the split."""
        if self.grenade_now:
            self._end_round()
        elif self.rules.has_unhurt and not self.shown >> UNHURT & 1 and self.alive.bit_count() >= 2:
            self._open(STEP_UNHURT, self.alive)
        else:
            self._split()

    def _split(self) -> None:
        """Phase 7: the players still standing (and a #10 user) share the pot exactly,
        without change (spec 4.1); dealt in seat order from the Godfather."""
        n = self.rules.players
        status = self.status
        participants = self.participants
        for i in range(n):
            if self.alive >> i & 1 and status[i] == STANDING:
                participants |= 1 << i
        self.participants = participants
        order = [
            (self.godfather + j) % n
            for j in range(n)
            if participants >> ((self.godfather + j) % n) & 1
        ]
        result = split_pot(self.pot, len(order))
        shares = []
        if result.share:
            for i, notes in zip(order, result.groups, strict=True):
                self.money[i] += result.share
                shares.append((i, notes))
        self.pot = list(result.leftover)
        self.log.append(("split", self.round, result.share, tuple(shares), result.leftover))
        if (
            self.rules.cop_game
            and self.round <= LAST_PHONE_ROUND
            and not self.backup_round
            and participants
            and self.alive.bit_count() >= 2
        ):
            # AMB-23: run while the backup has not been called, even if the cop is dead.
            self._open(STEP_PHONE, participants)
        else:
            self._end_round()

    def _resolve_phone(self) -> None:
        """Phase 8: only the final side of the phone card is shown; the 3rd use is the
        backup call, and shame tokens taken from then on show the beacon (spec 8.2)."""
        assert self.box is not None
        used = FLIP in self.box.reveal().values()
        if used:
            self.phone_uses += 1
            if self.phone_uses == BACKUP_USES:
                self.backup_round = self.round
        order = self._phone_order()
        self.log.append(("phone", self.round, used, self.phone_uses, order))
        self._end_round()

    def _phone_order(self) -> tuple[int, ...]:
        """The participants in the order the phone is passed: from the Godfather clockwise
        (AMB-20); it changes nothing, since only the final side is seen."""
        n = self.rules.players
        return tuple(
            (self.godfather + j) % n
            for j in range(n)
            if self.step_seats >> ((self.godfather + j) % n) & 1
        )

    def _end_round(self) -> None:
        discard_unresolved(self)
        if self.alive.bit_count() <= 1 or self.round >= ROUNDS:
            self._finish()
        else:
            self._start_round()

    def _finish(self) -> None:
        finish(self)
        self.step = STEP_OVER
        self.step_seats = 0
        self.waiting = 0
        self._to_act = ()
        self.box = None

    # Protocol: undo safety, defaults, views, serialization ------------------------------------

    def would_reveal(self, seat: str, action: str) -> bool:
        """A load, a non-final secret commit and a non-final ``pass`` show nothing; reveals,
        the Kid's public aim and any answer that completes a step whose resolution shows
        something (aims, hiding, shots, the split, the phone) do."""
        i = self.rules.index.get(seat)
        if i is None or not self.waiting >> i & 1:
            return True
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
        the BBB (the spec's random fallback made deterministic); aim at nobody; stay; pass."""
        i = self.rules.index.get(seat)
        if i is None or not self.waiting >> i & 1:
            return None
        step = self.step
        if step in (STEP_LOAD, STEP_SLY):
            cards = [self._default_card(2 * i + g) for g in range(self.guns[i])]
            return "load:" + "/".join(CARD_NAMES[c] for c in cards)
        if step in (STEP_AIM, STEP_KID):
            return "aim:" + "/".join("none" for _ in range(self.guns[i]))
        if step == STEP_COURAGE:
            return STAY
        return PASS

    def _default_card(self, k: int) -> int:
        for kind in (CLICK, BANG, BBB):
            if self.hand[3 * k + kind]:
                return kind
        raise AssertionError("a hand is empty while a card must be loaded")

    def view(self, seat: str) -> JSONDict:
        from getaway.games.cash_n_guns.views import build_view

        if seat not in self.rules.index and seat not in (SPECTATOR, ALL):
            raise UnknownSeatError(seat, (*self.rules.seats, SPECTATOR, ALL))
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


__all__ = ["STEP_NAMES", "CashNGunsState"]
