"""The components of Cash 'n Guns (1st edition) as small integer codes, and their names.

Spec: ``shared/rules/cash-n-guns.md`` section 1. Everything inside the engine is an int; the
names here are the ones used in action ids, views and saves.
"""

from __future__ import annotations

#: The characters, clockwise around the table; the first is the Godfather. A game of N
#: players uses the first N (the rulebook's phone example passes Tino -> El Toro -> Lotus ->
#: Mr. Black, spec 8.4).
SEATS = ("tino", "el-toro", "lotus", "mr-black", "haggis", "igor")

ROUNDS = 8
NOTES_PER_ROUND = 5

# Bullet cards ------------------------------------------------------------------------------

BBB, BANG, CLICK = 0, 1, 2
#: Card names as they appear in action ids (``load:bbb``) and views.
CARD_NAMES = ("bbb", "bang", "click")
CARD_CODES = {name: code for code, name in enumerate(CARD_NAMES)}
#: One character's bullet set: 1 "Bang! Bang! Bang!", 2 "Bang!", 5 "Click Click Click".
BULLET_SET = (1, 2, 5)
HAND_SIZE = sum(BULLET_SET)

# Banknotes ---------------------------------------------------------------------------------

#: The loot deck: (value in dollars, how many notes), 40 notes worth $425,000 in all.
NOTE_DECK = ((20_000, 10), (10_000, 15), (5_000, 15))
NOTE_VALUES = tuple(value for value, _ in NOTE_DECK)
DECK_TOTAL = sum(value * count for value, count in NOTE_DECK)
SHAME_COST = 5_000

# Special abilities (advanced game, spec section 7) -----------------------------------------

NO_ABILITY = 0
SIX_FEET_UNDER = 1
INVINCIBLE = 2
WONT_NEED_IT = 3
DRAGON_SKIN = 4
CRAZY = 5
KID = 6
SLY = 7
COWARD = 8
SPECIALIST = 9
UNHURT = 10

#: Ability names by card number (index 0: no ability).
ABILITY_NAMES = (
    "",
    "six-feet-under",
    "invincible",
    "you-wont-need-it",
    "dragon-skin",
    "crazy",
    "kid",
    "sly",
    "coward",
    "specialist",
    "doesnt-even-hurt",
)
ABILITY_CODES = {name: code for code, name in enumerate(ABILITY_NAMES) if name}
ABILITY_TITLES = (
    "",
    "Six Feet Under",
    "Invincible",
    "You Won't Need It Anymore",
    "Dragon Skin",
    "Crazy",
    "The Kid",
    "Sly",
    "Coward",
    "Specialist",
    "Doesn't Even Hurt!",
)
ALL_ABILITIES = tuple(range(1, 11))
#: A first game with abilities deals only cards #1-#6 (spec 2.2).
FIRST_GAME_ABILITIES = tuple(range(1, 7))
SIX_FEET_BONUS = 10_000

# Roles (Undercover Cop game, spec section 8) -----------------------------------------------

GANGSTER, COP = 0, 1
ROLE_NAMES = ("gangster", "cop")
#: The phone is used at most once a round; the 3rd use reveals the Backup Call card.
SWITCHBOARD = ("busy", "busy", "backup-call")
BACKUP_USES = len(SWITCHBOARD)
#: The phone phase runs only at the end of rounds 1-6.
LAST_PHONE_ROUND = 6

# Per-round player status and gun states ----------------------------------------------------

STANDING, HIDDEN, WOUNDED = 0, 1, 2
STATUS_NAMES = ("standing", "hidden", "wounded")

#: A gun in a round: no card placed yet, a card placed face down, the card discarded face
#: down without effect, or the card revealed because it fired.
GUN_EMPTY, GUN_LOADED, GUN_DISCARDED, GUN_FIRED = 0, 1, 2, 3
GUN_STATE_NAMES = ("empty", "loaded", "discarded", "fired")

#: How a spent card left play: discarded face down (its owner alone knows it), fired
#: (revealed), or a BBB the Specialist took back into his hand after it fired or after it
#: was discarded face down in Phase 4.
SPENT_FACE_DOWN, SPENT_FIRED, SPENT_TAKEN_BACK_FIRED, SPENT_TAKEN_BACK_FACE_DOWN = 0, 1, 2, 3
SPENT_MODE_NAMES = ("face-down", "fired", "taken-back-fired", "taken-back-face-down")

# The Crazy's grenade (ability #5) ------------------------------------------------------------

#: Not shown yet, shown and waiting for his next wound, gone off (it is used only once).
GRENADE_NONE, GRENADE_ARMED, GRENADE_USED = 0, 1, 2
GRENADE_NAMES = ("none", "armed", "used")
