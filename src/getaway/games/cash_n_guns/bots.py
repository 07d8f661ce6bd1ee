"""Cash 'n Guns' own bot: a fast heuristic that reads only the seat's view.

``heuristic`` plays every seat and every decision step with one idea: weigh, in dollars, what
a choice is likely to bring against what it is likely to cost, from public facts and the
seat's own secrets alone.

* Card counting. Every hand starts with 1 "Bang! Bang! Bang!", 2 "Bang!" and 5 "Click"; the
  cards a player fired are public, the rest (face-down discards, the card placed, the hand) are
  not. So the chance that a placed card is a bullet is the player's unrevealed bullets over
  his unrevealed cards. A claimed second hand (#3) is estimated from the dead donor's record.
* Courage: the risk to its life (the guns aimed at it, each with its owner's bullet odds and
  the chance the owner hides, an armed grenade that may go off, its own wounds against a death
  at 3 or 4) against its expected share (the split of the pot among the players expected to
  stay unhurt, exactly as Phase 7 would split it). It hides when the risk outweighs the share.
* Aiming: a bullet goes where a hit pays (a player who will likely stay, the richest rival, a
  player one wound from death, the likely cop for a gangster: the rounds the phone came back
  used narrow who he can be), less at one likely to hide, and at an armed Crazy only when
  the hit is worth the grenade's wound; a Click goes where it scares most.
* Loading: the bullets are spread over the rounds left, more of them when the pot is big or a
  kill is on the table, fewer when it is likely to hide; the BBB is kept for a kill or the
  late rounds; Clicks are the early bluffs.
* Abilities: the Kid and the Sly are revealed at once; the Crazy when guns point at him (the
  grenade then punishes whoever stands); the Specialist takes his BBB back when he can, giving
  up a Click; #3 claims the dead player with the most bullets left; #10 stands up when the
  share is worth the card. Every other window is a ``pass``.
* The cop flips the phone when at least three players pass it (so the flip points at nobody),
  or when the rounds left would not reach three uses otherwise; after the backup call he hides
  only to escape a near-certain death.

Each decision is one pass over a handful of players and legal actions: a few dozen
microseconds, so simulations can play thousands of games. The generator breaks ties and draws
the loading lottery, so play is varied but reproducible.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from getaway.core import Rng
from getaway.core.bots import ViewBot
from getaway.core.game import BotFactory
from getaway.games.cash_n_guns.actions import (
    FLIP,
    HIDE,
    PASS,
    STAY,
    UNHURT_ID,
)
from getaway.games.cash_n_guns.cards import (
    BULLET_SET,
    LAST_PHONE_ROUND,
    ROUNDS,
    SHAME_COST,
)
from getaway.games.cash_n_guns.split import split_pot
from getaway.games.cash_n_guns.worth import (
    CLICK_SCARE,
    COP_HIT_AFTER_BACKUP,
    COP_HIT_VALUE,
    COP_PHONE_VALUE,
    COP_WIN_STAKE,
    DEATH_STAKE,
    FUTURE_WEIGHT,
    KILL_URGE,
    KILL_VALUE,
    MEAN_POT,
    NEAR_KILL_VALUE,
    PERIL_DAMPING,
    POT_URGE,
    RIVAL_MONEY_WEIGHT,
    SIX_FEET_BONUS,
    UNHURT_MIN_SHARE,
    UNHURT_MIN_SHARE_LATE,
    WOUND_COST,
    best,
    hit_distribution,
    share,
)

#: Card names as views give them, by card code.
_NAMES = ("bbb", "bang", "click")


class HeuristicBot(ViewBot):
    """Plays any seat of Cash 'n Guns from the seat's view alone."""

    name = "heuristic"

    def pick(self, seat: str, view: Mapping[str, Any], legal: Sequence[str], rng: Rng) -> str:
        table = Table(view)
        step = view["step"]
        if step == "courage":
            return table.courage()
        if step in ("load", "sly-load"):
            return table.load(legal, rng, step == "sly-load")
        if step in ("aim", "kid-aim"):
            return table.aim(legal, rng)
        if step == "phone":
            return FLIP if table.cop_should_flip() else PASS
        return table.window(legal, rng)


class Table:
    """One decision's reading of a view: who can shoot whom, with what odds, for what."""

    def __init__(self, view: Mapping[str, Any]) -> None:
        self.view = view
        self.players: list[Mapping[str, Any]] = view["players"]
        self.seats = [p["seat"] for p in self.players]
        self.index = {s: i for i, s in enumerate(self.seats)}
        mine: Mapping[str, Any] = view["me"]
        self.mine = mine
        self.me = self.index[mine["seat"]]
        self.round: int = view["round"]
        self.rounds_left: int = ROUNDS - self.round + 1
        self.pot: list[int] = view["pot"]
        self.pot_value: int = sum(self.pot)
        self.ability: str | None = mine["ability"]
        self.cop = mine["role"] == "cop"
        self.cop_game = bool(view["options"]["undercover_cop"])
        self.living = [i for i, p in enumerate(self.players) if p["alive"]]
        self.others = [i for i in self.living if i != self.me]
        self._odds: dict[tuple[int, int], tuple[float, float]] = {}
        self._hide: dict[int, float] = {}
        self._shares: dict[tuple[bool, int], float] = {}
        self._cop_odds: list[float] | None = None
        # The armed grenade's holder (the revealed Crazy), or -1.
        self.crazy = -1
        if view["grenade"] == "armed":
            self.crazy = next(
                (i for i, p in enumerate(self.players) if p["ability"] == "crazy"), -1
            )

    # Public facts per player ----------------------------------------------------------------

    def threshold(self, i: int) -> int:
        """Wounds that kill player ``i``: 4 for a revealed Invincible (and for itself when it
        holds the card, which reveals itself at the 3rd wound), else 3."""
        ability = self.ability if i == self.me else self.players[i]["ability"]
        return 4 if ability == "invincible" else 3

    def dragon(self, i: int) -> bool:
        """Whether ``i`` never takes more than one wound a round (Dragon Skin)."""
        ability = self.ability if i == self.me else self.players[i]["ability"]
        return ability == "dragon-skin"

    def margin(self, i: int) -> int:
        """Wounds ``i`` can still take and live."""
        return self.threshold(i) - 1 - int(self.players[i]["wounds"])

    def score(self, i: int) -> float:
        p = self.players[i]
        return float(p["money"]) - SHAME_COST * float(p["shame"])

    def odds(self, i: int, gun: int) -> tuple[float, float]:
        """(P(BBB), P(Bang!)) of the card in player ``i``'s gun ``gun`` (or of his next card),
        by public counting; the seat's own cards are known exactly."""
        key = (i, gun)
        cached = self._odds.get(key)
        if cached is not None:
            return cached
        if i == self.me:
            loaded = self.mine["loaded"]
            card = loaded[gun] if gun < len(loaded) else None
            if card is not None:
                result = (float(card == "bbb"), float(card == "bang"))
            else:
                hand = self.mine["hand"][gun]
                total = max(1, hand["bbb"] + hand["bang"] + hand["click"])
                result = (hand["bbb"] / total, hand["bang"] / total)
        else:
            left = self._unrevealed(i, gun)
            total = sum(left)
            result = (left[0] / total, left[1] / total) if total > 0 else (0.0, 0.0)
        self._odds[key] = result
        return result

    def _unrevealed(self, i: int, gun: int) -> list[float]:
        """Player ``i``'s cards of gun ``gun`` nobody has seen: his set (or, for a claimed
        hand, its expected make-up) minus the cards shown."""
        p = self.players[i]
        if gun == 0:
            left = [float(n) for n in BULLET_SET]
        else:
            left = self._claimed_estimate()
        for e in p["spent_revealed"]:
            if e["gun"] == gun + 1 and not e["taken_back"]:
                k = _NAMES.index(e["card"])
                left[k] = max(0.0, left[k] - 1.0)
        return left

    def _claimed_estimate(self) -> list[float]:
        """A claimed hand's expected make-up: the donor's unseen cards, scaled to how many
        were taken."""
        claim = self.view["claim"]
        if claim is None:
            return [0.0, 0.0, 0.0]
        donor = self._unrevealed(self.index[claim["from"]], 0)
        total = sum(donor)
        count = float(claim["cards"])
        return [count * n / total for n in donor] if total else [0.0, 0.0, count]

    def bullet(self, i: int, gun: int) -> float:
        bbb, bang = self.odds(i, gun)
        return bbb + bang

    def hide_chance(self, i: int) -> float:
        """How likely player ``i`` is to hide this round: his record (shame tokens are his
        hides), raised by the guns now aimed at him and by being one wound from death."""
        cached = self._hide.get(i)
        if cached is not None:
            return cached
        p = self.players[i]
        record = (float(p["shame"]) + 0.6) / (self.round + 1.0)
        threat = sum(self.bullet(j, g) for j, g in self.guns_at(i))
        chance = record + (1.0 - record) * min(0.5, 0.3 * threat)
        if self.margin(i) == 0:
            chance += 0.15
        chance = min(0.95, max(0.03, chance))
        self._hide[i] = chance
        return chance

    def guns_at(self, i: int) -> list[tuple[int, int]]:
        """The shown aims at player ``i`` of loaded guns: (owner, gun)."""
        seat = self.seats[i]
        found = []
        for j in self.living:
            if j == i:
                continue
            for g, gun in enumerate(self.players[j]["guns"]):
                if gun["target"] == seat and gun["state"] == "loaded":
                    found.append((j, g))
        return found

    def my_targets(self) -> list[str | None]:
        return [gun["target"] for gun in self.players[self.me]["guns"]]

    def hit_chance(self, i: int, guns: Sequence[tuple[int, int]]) -> list[float]:
        """Per gun aimed at ``i``: the chance it hits him if he stays (its owner must stay,
        with a bullet loaded; a Bang! is stopped when its owner takes the seat's BBB first)."""
        odds = []
        for j, g in guns:
            bbb, bang = self.odds(j, g)
            stays = 1.0 if j == self.me else 1.0 - self.hide_chance(j)
            if j != self.me and i == self.me and self._my_bbb_at(j):
                bang = 0.0
            odds.append((bbb + bang) * stays)
        return odds

    def _my_bbb_at(self, j: int) -> bool:
        seat = self.seats[j]
        loaded = self.mine["loaded"]
        return any(
            card == "bbb" and target == seat
            for card, target in zip(loaded, self.my_targets(), strict=False)
        )

    # Money -----------------------------------------------------------------------------------

    def future(self) -> float:
        """The loot a living player can still expect: the deck and pot, per living player."""
        deck = sum(int(v) * int(n) for v, n in self.view["deck_counts"].items())
        return FUTURE_WEIGHT * (deck + self.pot_value) / max(1, len(self.living))

    def death_cost(self) -> float:
        money = float(self.players[self.me]["money"])
        return money + self.future() + DEATH_STAKE

    def wound_cost(self, margin_after: int) -> float:
        """A wound that leaves ``margin_after`` wounds before death; it weighs less when few
        rounds remain for the next one to come."""
        return WOUND_COST.get(margin_after, 2_000.0) * (0.4 + 0.6 * self.rounds_left / ROUNDS)

    def stay_estimate(self, i: int, shown: bool) -> float:
        """The chance ``i`` takes part in the split: he stays and nothing hits him."""
        stays = 1.0 - self.hide_chance(i)
        if shown:
            for p in self.hit_chance(i, self.guns_at(i)):
                stays *= 1.0 - p
        else:
            # Aims not shown yet: an average table lands about one hit in four.
            stays *= 0.75
        return stays

    def expected_share(self, shown: bool, exclude: int = -1) -> float:
        """The seat's share if it takes part, among the others expected to stay unhurt
        (``exclude``: one more player counted out, e.g. the target of a shot)."""
        key = (shown, exclude)
        cached = self._shares.get(key)
        if cached is None:
            n = 1.0 + sum(self.stay_estimate(j, shown) for j in self.others if j != exclude)
            cached = self._shares[key] = share(self.pot, n)
        return cached

    # Cop -------------------------------------------------------------------------------------

    def cop_odds(self) -> list[float]:
        """For a gangster: the chance each player is the cop, uniform over the players who
        took part in every round the phone came back used (the seat knows it is not him)."""
        if self._cop_odds is None:
            n = len(self.players)
            odds = [0.0] * n
            if self.cop_game and not self.cop and self.mine["role"] is not None:
                candidates = {i for i in range(n) if i != self.me}
                for e in self.view["log"]:
                    if e["type"] == "phone" and e["used"]:
                        candidates &= {self.index[s] for s in e["order"]}
                for i in candidates:
                    odds[i] = 1.0 / len(candidates)
            self._cop_odds = odds
        return self._cop_odds

    def phone_uses(self) -> int:
        phone = self.view["phone"]
        return int(phone["uses"]) if phone else 0

    def backup_called(self) -> bool:
        phone = self.view["phone"]
        return bool(phone and phone["backup_called"])

    def cop_needs_phone(self) -> bool:
        return self.cop and not self.backup_called() and self.round <= LAST_PHONE_ROUND

    def cop_should_flip(self) -> bool:
        """Flip when three or more pass the phone (nobody is singled out), or when the phone
        rounds left, this one included, are only just enough for the three uses."""
        if not self.cop:
            return False
        needed = 3 - self.phone_uses()
        rounds = LAST_PHONE_ROUND - self.round + 1
        # The phone goes round this round's split participants (public), in secret.
        participants = len(self.view["participants"])
        return participants >= 3 or needed >= rounds

    # Shooting values ---------------------------------------------------------------------------

    def hit_value(self, t: int, shown: bool) -> float:
        """What one bullet landing on ``t`` is worth to the seat."""
        p = self.players[t]
        value = 0.0
        # One participant fewer: a bigger share, if the seat takes part.
        base = self.expected_share(shown)
        value += (self.expected_share(shown, exclude=t) - base) * 0.6
        if not self.cop:
            value += RIVAL_MONEY_WEIGHT * max(0.0, self.score(t))
        margin = self.margin(t)
        if margin == 0:
            value += KILL_VALUE + float(p["money"])
            if self.ability == "six-feet-under":
                value += SIX_FEET_BONUS
        elif margin == 1 and not self.dragon(t):
            value += NEAR_KILL_VALUE
        if self.cop_game and not self.cop:
            stake = COP_HIT_AFTER_BACKUP if self.backup_called() else COP_HIT_VALUE
            value += self.cop_odds()[t] * stake * (1 + self.phone_uses())
        if t == self.crazy:
            # Wounding the armed Crazy sets his grenade off: the seat, standing, is hit.
            value -= self.wound_loss(shown)
        return value

    def wound_loss(self, shown: bool) -> float:
        """What one wound this round costs the seat: its life, one wound from death; else
        the wound and its share."""
        margin = self.margin(self.me)
        if margin == 0:
            return self.death_cost()
        return self.wound_cost(margin - 1) + self.expected_share(shown)

    def scare_value(self, t: int, shown: bool) -> float:
        """What a Click aimed at ``t`` is worth: the extra chance he hides, giving up his
        share (and taking a shame token; for a likely cop, missing the phone)."""
        fear = CLICK_SCARE * (2.0 if self.margin(t) == 0 else 1.0)
        gain = self.expected_share(shown, exclude=t) - self.expected_share(shown)
        gain += SHAME_COST * (0.0 if self.cop else 0.5)
        if self.cop_game and not self.cop:
            gain += self.cop_odds()[t] * COP_PHONE_VALUE
        return fear * gain

    def gun_value(self, card_odds: tuple[float, float], t: int, shown: bool) -> float:
        """The value of aiming a gun holding a card with these (P(BBB), P(Bang!)) at ``t``."""
        bbb, bang = card_odds
        bullet = bbb + bang
        stays = 1.0 - self.hide_chance(t)
        value = bullet * stays * self.hit_value(t, shown)
        value += (1.0 - bullet) * self.scare_value(t, shown)
        if bbb and shown:
            # A BBB lands first: a Bang! the target aims at the seat is thrown away unfired.
            for j, g in self.guns_at(self.me):
                if j == t:
                    value += bbb * stays * self.odds(j, g)[1] * self.wound_loss(shown)
        return value

    # Decisions ---------------------------------------------------------------------------------

    def aim(self, legal: Sequence[str], rng: Rng) -> str:
        """Aim each gun where its card pays most; reveal the Crazy first when that deters."""
        if "reveal:crazy" in legal and self.reveal_crazy(shown=False):
            return "reveal:crazy"
        shown = bool(self.view["aims_revealed"])
        per_gun: list[dict[str, float]] = []
        for g in range(len(self.mine["hand"])):
            card_odds = self.odds(self.me, g)
            values = {"none": 0.0}
            for t in self.others:
                values[self.seats[t]] = self.gun_value(card_odds, t, shown)
            per_gun.append(values)
        scores = []
        actions = []
        for action in legal:
            if not action.startswith("aim:"):
                continue
            targets = action[4:].split("/")
            total = 0.0
            for g, target in enumerate(targets):
                value = per_gun[g][target]
                same = g and target != "none" and target == targets[0]
                if same and self.bullet(self.me, 0) > 0.5:
                    # A second bullet at the same player is worth less (unless it kills).
                    value *= 0.5
                total += value
            actions.append(action)
            scores.append(total)
        return best(actions, scores, rng)

    def load(self, legal: Sequence[str], rng: Rng, aims_known: bool) -> str:
        """Reveal the Kid or the Sly at once; otherwise load each gun by the lottery."""
        for ability in ("kid", "sly"):
            if f"reveal:{ability}" in legal:
                return f"reveal:{ability}"
        if "reveal:crazy" in legal and self.reveal_crazy(shown=False):
            return "reveal:crazy"
        cards = [self._pick_card(g, rng, aims_known) for g in range(len(self.mine["hand"]))]
        action = "load:" + "/".join(cards)
        if action in legal:
            return action
        # The lottery never picks an empty kind; this is a guard for an unforeseen hand.
        return next(a for a in legal if a.startswith("load:"))

    def _pick_card(self, g: int, rng: Rng, aims_known: bool) -> str:
        hand = self.mine["hand"][g]
        bbb, bang, click = hand["bbb"], hand["bang"], hand["click"]
        bullets = bbb + bang
        cards = bullets + click
        if not bullets:
            return "click"
        kill = any(self.margin(t) == 0 for t in self.others)
        if bullets < cards:
            urge = 1.0 + POT_URGE * (min(2.0, self.pot_value / MEAN_POT) - 1.0)
            if kill:
                urge *= KILL_URGE
            if self.margin(self.me) == 0 and self.ability != "coward":
                urge *= PERIL_DAMPING
            if aims_known:
                urge *= self._sly_urge(g)
            use = rng.random() < min(1.0, urge * bullets / cards)
            if not use:
                return "click"
        # The BBB when it is likely to land on a kill, late, at a small table, or last.
        late = self.round >= 6 or len(self.living) <= 3 or kill
        if bbb and (late or not bang):
            return "bbb"
        return "bang" if bang else "bbb"

    def _sly_urge(self, g: int) -> float:
        """The Sly loads seeing the aims: a bullet pays when his target will likely stay and
        he is not likely to hide himself."""
        target = self.my_targets()[g] if g < len(self.my_targets()) else None
        if target in (None, "none"):
            return 0.0
        t = self.index[target]
        stays = 1.0 - self.hide_chance(t)
        danger = sum(self.hit_chance(self.me, self.guns_at(self.me)))
        return 2.0 * stays * max(0.2, 1.0 - danger)

    def reveal_crazy(self, shown: bool) -> bool:
        """The Crazy shows his grenade when guns point at him (whoever shoots him then takes
        a wound with everyone standing), or at once when no later window exists."""
        if not self.view["options"]["crazy_after_aims"]:
            return True
        if not shown:
            return False
        return any(self.bullet(j, g) > 0 for j, g in self.guns_at(self.me))

    def courage(self) -> str:
        """Hide when the expected cost of standing (wounds, death, the grenade) outweighs the
        expected share (and the bullet the seat would fire)."""
        return HIDE if self.hide_value() > self.stay_value() else STAY

    def stay_value(self) -> float:
        me = self.me
        odds = self.hit_chance(me, self.guns_at(me))
        if self.crazy >= 0 and self.crazy != me:
            # The grenade goes off if the Crazy is hit: it wounds whoever still stands.
            crazy_hit = 1.0
            for p in self.hit_chance(self.crazy, self.guns_at(self.crazy)):
                crazy_hit *= 1.0 - p
            odds.append((1.0 - crazy_hit) * (1.0 - self.hide_chance(self.crazy)))
        margin = self.margin(me)
        cap = 1 if self.dragon(me) else margin + 1
        dist = hit_distribution(odds, cap + 1)
        unhurt = dist[0]
        value = unhurt * (self.expected_share(True) + self._cop_share_bonus())
        for hits in range(1, len(dist)):
            wounds = min(hits, cap)
            if wounds > margin:
                value -= dist[hits] * self.death_cost()
            else:
                value -= dist[hits] * self.wound_cost(margin - wounds)
        value += self._my_shot_value()
        return value

    def _cop_share_bonus(self) -> float:
        """The cop must take part in splits to reach the phone."""
        if not self.cop_needs_phone():
            return 0.0
        return COP_PHONE_VALUE

    def _my_shot_value(self) -> float:
        """A bullet the seat has aimed fires only if it stays."""
        total = 0.0
        for g, target in enumerate(self.my_targets()):
            if target in (None, "none"):
                continue
            t = self.index[target]
            bullet = self.bullet(self.me, g)
            if bullet:
                total += bullet * (1.0 - self.hide_chance(t)) * self.hit_value(t, True) * 0.5
        return total

    def hide_value(self) -> float:
        value = float(SHAME_COST if self.ability == "coward" else -SHAME_COST)
        if self.cop and self.backup_called():
            beacon = int(self.players[self.me]["shame_beacon"])
            # A second hide after the call throws the backup win away; the first is spent.
            value -= COP_WIN_STAKE if beacon >= 1 else COP_WIN_STAKE * 0.25
        return value

    def window(self, legal: Sequence[str], rng: Rng) -> str:
        """Reaction windows: abilities when they pay, else pass."""
        for ability in ("kid", "sly"):
            if f"reveal:{ability}" in legal:
                return f"reveal:{ability}"
        if "reveal:crazy" in legal:
            shown = bool(self.view["aims_revealed"])
            return "reveal:crazy" if self.reveal_crazy(shown) else PASS
        specialist = [a for a in legal if a.startswith("specialist:")]
        if specialist:
            # Give up a Click rather than a Bang!: the BBB comes back either way.
            return "specialist:click" if "specialist:click" in specialist else specialist[0]
        claims = [a for a in legal if a.startswith("claim:")]
        if claims:
            return best(claims, [self._claim_value(a[6:]) for a in claims], rng)
        if UNHURT_ID in legal:
            return UNHURT_ID if self._unhurt_pays() else PASS
        return PASS if PASS in legal else legal[0]

    def _claim_value(self, seat: str) -> float:
        """The dead player's expected bullets left (every dead player left as many cards)."""
        left = self._unrevealed(self.index[seat], 0)
        total = sum(left)
        return (left[0] * 1.5 + left[1]) / total if total else 0.0

    def _unhurt_pays(self) -> bool:
        standing = sum(
            1 for i in self.living if self.players[i]["status"] == "standing" and i != self.me
        )
        value = split_pot(self.pot, standing + 1).share
        if self.cop_needs_phone():
            value += int(COP_PHONE_VALUE)
        if self.round == ROUNDS:
            return value > 0
        floor = UNHURT_MIN_SHARE_LATE if self.rounds_left <= 3 else UNHURT_MIN_SHARE
        return value >= floor


BOTS: dict[str, BotFactory] = {"heuristic": HeuristicBot}

__all__ = ["BOTS", "HeuristicBot", "Table", "best", "hit_distribution", "share"]
