"""The decision steps of a round, in the order they come (spec sections 4, 7, 8 and the
protocol of 10.2): their codes, the names views and saves show, and which kind each is.

``docs/games/cash-n-guns.md`` says when each one runs; :mod:`getaway.games.cash_n_guns.round`
moves from one to the next.
"""

from __future__ import annotations

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

#: What each step asks, for the error that refuses an answer.
STEP_HELP = {
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
    STEP_OVER: "the game is over",
}
