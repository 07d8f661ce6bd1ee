"""Pinned digests of seeded random games: the speed work must leave every game identical.

Each game is played from ``EscapeFromNewYorkState.new(options, seed)`` by the bench's random
player (``legal[int(rnd() * len(legal))]``, ``rnd = random.Random(seed).random``). Its digest
hashes, after setup and after every action, the seat to act, its legal actions in order and
the whole save; so a change in any rule, any order of the legal actions or any draw of the
generator changes it. The digests were taken on the code before any shortcut (commit
``e884cd9``) and must never change for a speed-up.
"""

from __future__ import annotations

import hashlib
import json
import random
from typing import Any

import pytest

from getaway.games.escape_from_new_york.game import EscapeFromNewYorkState

#: (players, variants, seed) -> (plies, sha256 of the game's record), taken at e884cd9.
PINNED: dict[tuple[int, str, int], tuple[int, str]] = {
    (1, "none", 8): (146, "c55a92f7be4fc5732c1e6c84b4fab655a1e066e6a2645d5cb2ec17a8ef70ea5d"),
    (1, "none", 9): (90, "5d4cd483e433751d0dcc8cb27373bf4f7001cd4d20645f8b7a85f6b2ba58f654"),
    (1, "advanced", 8): (125, "fcbf0fff1b0ce92687696f25c87afdb570659c36f9aa68b36a2d57225d58713d"),
    (1, "advanced", 9): (89, "ae0a3cea671c04fbd3f627484608a56d55ab1a82266129a502c4d9ca9aed7c29"),
    (1, "traps", 8): (
        119,
        "3861b2fdc0f3d81a5e43bdfbb3e15aa0a435a017e6657f8de1452ddbd12844d2",
    ),
    (1, "traps", 9): (
        126,
        "6047ad2dc4753000e6c20fe23062bb6c844c314de957f4d54effeb4f1fdbfb6c",
    ),
    (1, "wanted", 8): (
        182,
        "08658c3d36fb0354a991f695c09458f5dd2605fb702a8c63564c6592bfcf1d74",
    ),
    (1, "wanted", 9): (
        133,
        "67cbcfccae77dcc2049508e335e226c2ae1e64fa1250c068b3b040a201ec0daf",
    ),
    (1, "all", 8): (106, "55803356cba929be69d6ea1e7997a5d836a70cc4fd4e3f622c6597a20e6d3379"),
    (1, "all", 9): (94, "ec9e105def33ea967415cbb7e1b13c9629e844c057e620a1c189bf55cd8b50d7"),
    (2, "none", 15): (120, "6c6f7abfbb299649c857f917eba1cfc334d6e394a003397716c7bf18724ef05e"),
    (2, "none", 16): (101, "5ad2b0f7483aa353a0c6e55141c29d8e917a3d763c424e8d3a6c070083e48f99"),
    (2, "advanced", 15): (120, "8b1dc316ebada3616e92ccadce0b170f3312d181bd5ff134e2ce97f3512312a8"),
    (2, "advanced", 16): (90, "3a0336f960ac2139434e47331077a69e7b3e79ec5ed6e4c790b3ea6d151ba8ff"),
    (2, "traps", 15): (
        140,
        "3d427f470a7542446c75614ce288365cb3df088bd518ca313348f577c0dc6be5",
    ),
    (2, "traps", 16): (
        149,
        "063016933516cb3c86c65e9b815a6c362a4b9e4f67744be5f136ffc15fb2f34c",
    ),
    (2, "wanted", 15): (
        189,
        "8bf0eced62a84317d35a055df958788d7b25a15f82040a74783c5d17835afe10",
    ),
    (2, "wanted", 16): (
        112,
        "ef7173a0538e1cc909b60d24af3a1c9cbec53aebac110f674dfd4ce604eec8d2",
    ),
    (2, "all", 15): (110, "c6a95ff46c0b08e4f7a2e051e86643bccdc9e46718ba7b6b987f32206a5fddff"),
    (2, "all", 16): (135, "a58a2fceea880c6c4ac6e8718b63b4c61a5725a033eea62beb6d1884fc11142f"),
    (3, "none", 22): (137, "27cec7077c46ea48274d7622f3be91355263efa5540f3588a5c93756f51f4972"),
    (3, "none", 23): (157, "443da5a448bf65edd0aba5c21571a0d59c29828a8398d6e0c23a35fce838c3db"),
    (3, "advanced", 22): (136, "fdb263c2337435c2c71bd2e24c7907d773634a3b542d49fae1f4b83eacc5269f"),
    (3, "advanced", 23): (137, "c16cb54aa6ed1c3b6d69e232dc1a1757fe123222c077f5c4361b07a002218a2b"),
    (3, "traps", 22): (
        96,
        "dfbae77c40a7604f4ed9c802f0452969c23c2ae5b6bc7dbc72818904f0e46c12",
    ),
    (3, "traps", 23): (
        178,
        "df0931867f29bb08c16f4de8e516059ff8541d4344489cf1d82d81c35836f66d",
    ),
    (3, "wanted", 22): (
        148,
        "40c944671e212dd46438b3f7ce6784e7a245f9bedb03ab05d6c4a70ce13aedb4",
    ),
    (3, "wanted", 23): (
        172,
        "e1e85782419ae9b38edd10824335b4ee5c5ca29e6359d6654e9acd179fcbad6d",
    ),
    (3, "all", 22): (128, "c030f7fe44b751330896d00c30b51723abb7e2df89d1f6cb4431418e62380747"),
    (3, "all", 23): (187, "dae3fe867671123e5c2a2db1cb9e33521069da087024c67b0f1196993a8c1f84"),
    (4, "none", 29): (172, "116bab84f5fef70eb0232c6c1cd841db8c099add6306d06d42aa7951bda23970"),
    (4, "none", 30): (164, "c1d7cb85219d243d279e9c27cbffa9d93ae27b1da194a045cd981dc54c9fc716"),
    (4, "advanced", 29): (171, "09a1cf6cd67ed9a1343e6ec0c20fd7f63c3447fc28d76dfd4c38d7c4a92073b6"),
    (4, "advanced", 30): (154, "4c429d72cb64862f79b967781b044259c759ae2147c54940d97ea540bf77bb73"),
    (4, "traps", 29): (
        185,
        "698dd96a68931c4324934215d74979566333c93c25ee5f78cf21ffd153544678",
    ),
    (4, "traps", 30): (
        212,
        "f9cbc72471a0ca0eb81edf8d3bebc9183f3e6120f730001bc118d69abbef5a6b",
    ),
    (4, "wanted", 29): (
        175,
        "9b740d0e3c2ff0db9fec292409e612c7861d17d5a51c90a1ad81033ad618f6f4",
    ),
    (4, "wanted", 30): (
        198,
        "84963ed0c54a40f57b5331a658fec0e1f5756e538f23fd9c5154a9d344667498",
    ),
    (4, "all", 29): (140, "b5e3dfbbdbb0eb073c7447ccc4610d41dfb34cbed1e1a2bf783da3799bcaf2b3"),
    (4, "all", 30): (210, "96f767b27f2893981ab9451c7bd595bfb70d70fcfed51ea90ea18f05973021c7"),
}

#: The sets of variants played: none, several alone, and all at once.
VARIANT_SETS: dict[str, dict[str, bool]] = {
    "none": {},
    "advanced": {"fewer_timer_cards": True, "fewer_prisoners": True},
    "traps": {"traps": True, "explosions": True, "crossbows": True},
    "wanted": {"wanted": True, "dead_or_alive": True, "extra_specials": True},
    "all": {
        "fewer_timer_cards": True,
        "fewer_prisoners": True,
        "extra_specials": True,
        "crossbows": True,
        "explosions": True,
        "extra_timer_cards": True,
        "traps": True,
        "hard_new_york": True,
        "wanted": True,
        "dead_or_alive": True,
    },
}

GAMES: list[tuple[int, str, int]] = [
    (players, variants, seed)
    for players in (1, 2, 3, 4)
    for variants in VARIANT_SETS
    for seed in (7 * players + 1, 7 * players + 2)
]


def record(players: int, variants: str, seed: int) -> tuple[int, str]:
    """The game's plies and the digest of what was legal and saved after every action."""
    options: dict[str, Any] = {"players": players, **VARIANT_SETS[variants]}
    state = EscapeFromNewYorkState.new(options, seed)
    rnd = random.Random(seed).random
    digest = hashlib.sha256()
    plies = 0
    while True:
        digest.update(json.dumps(state.to_json(), sort_keys=True).encode())
        if state.is_over():
            digest.update(json.dumps(list(state.winners())).encode())
            return plies, digest.hexdigest()
        seat = state.to_act()[0]
        legal = list(state.legal_actions(seat))
        digest.update(json.dumps([seat, legal]).encode())
        state.apply(seat, legal[int(rnd() * len(legal))])
        plies += 1


@pytest.mark.parametrize("game", GAMES, ids=lambda g: f"{g[0]}p-{g[1]}-{g[2]}")
def test_seeded_random_games_are_unchanged(game: tuple[int, str, int]) -> None:
    assert record(*game) == PINNED[game]


#: Many more games, lighter: per hero count, one digest of every game's actions and final
#: save (seeds 0-24 of the default options), taken at e884cd9.
#: Re-pinned for 3 heroes when the steal came to be offered whatever the kinds of the
#: victim's hidden cards (its legal list no longer leaks them) and two rules fixes found by
#: the bots (a diplomat dropped during a move, a car crashed at step 5): some random games
#: then choose differently. The other counts reach none of them in these games.
BULK_PINNED: dict[int, str] = {
    1: "4ea3ddab8a55f968916ea1399bff70c62f163a1e1ccb1075a9e66c1194e5a812",
    2: "989e82ca85b72978d044d3d061221bbbb60d5933073f155efbd784d8adcf6d49",
    3: "450281c30f68b0275f9a528452957d52273dfae47dd681bc24835708c66889b4",
    4: "9183767adb357de063c93b7a7b5d780c99b97e3688fa71b90f93acd735f1bb13",
}
BULK_GAMES = 25


def bulk_record(players: int) -> str:
    digest = hashlib.sha256()
    for seed in range(BULK_GAMES):
        state = EscapeFromNewYorkState.new({"players": players}, seed)
        rnd = random.Random(seed).random
        while not state.is_over():
            seat = state.to_act()[0]
            legal = state.legal_actions(seat)
            action = legal[int(rnd() * len(legal))]
            digest.update(f"{seat} {action};".encode())
            state.apply(seat, action)
        digest.update(json.dumps(state.to_json(), sort_keys=True).encode())
    return digest.hexdigest()


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_many_seeded_random_games_are_unchanged(players: int) -> None:
    assert bulk_record(players) == BULK_PINNED[players]
