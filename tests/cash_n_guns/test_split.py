"""Phase 7, the split (spec ``shared/rules/cash-n-guns.md`` section 4.1, AMB-4, AMB-5).

The worked examples come from the spec's table, two of them from the rulebook itself. The
exhaustive references below are written independently of ``split_pot``: they never deal notes
greedily, they search every way of forming the groups.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from functools import cache

import pytest

from getaway.games.cash_n_guns.split import NOTE_VALUES, Split, split_pot

K5, K10, K20 = 5_000, 10_000, 20_000

RULEBOOK_POT = (K20, K10, K10, K5, K5)


def _sorted_groups(split: Split) -> list[tuple[int, ...]]:
    return sorted(split.groups)


# --- worked examples (spec 4.1 table) -------------------------------------------------------


def test_rulebook_three_players_get_10k_each_and_the_20k_stays() -> None:
    result = split_pot(RULEBOOK_POT, 3)
    assert result.share == 10_000
    assert _sorted_groups(result) == sorted([(K10,), (K10,), (K5, K5)])
    assert result.leftover == (K20,)


def test_rulebook_five_players_get_nothing_and_all_notes_stay() -> None:
    result = split_pot(RULEBOOK_POT, 5)
    assert result == Split(0, (), (K20, K10, K10, K5, K5))


def test_rulebook_pot_four_players_get_nothing() -> None:
    result = split_pot(RULEBOOK_POT, 4)
    assert result == Split(0, (), (K20, K10, K10, K5, K5))


def test_rulebook_pot_two_players_get_25k_each_and_nothing_stays() -> None:
    result = split_pot(RULEBOOK_POT, 2)
    assert result.share == 25_000
    assert _sorted_groups(result) == sorted([(K20, K5), (K10, K10, K5)])
    assert result.leftover == ()


def test_rulebook_pot_single_player_takes_all_50k() -> None:
    result = split_pot(RULEBOOK_POT, 1)
    assert result == Split(50_000, ((K20, K10, K10, K5, K5),), ())


def test_two_twenties_cannot_be_broken_so_three_players_get_5k_and_both_20k_stay() -> None:
    result = split_pot([K20, K20, K5, K5, K5], 3)
    assert result.share == 5_000
    assert _sorted_groups(result) == [(K5,), (K5,), (K5,)]
    assert result.leftover == (K20, K20)


def test_larger_notes_go_first_so_the_two_5k_stay_rather_than_a_10k() -> None:
    result = split_pot([K20, K10, K10, K10, K10, K5, K5], 3)
    assert result.share == 20_000
    assert _sorted_groups(result) == sorted([(K20,), (K10, K10), (K10, K10)])
    assert result.leftover == (K5, K5)


def test_twenty_and_three_tens_for_two_players_leaves_one_10k() -> None:
    result = split_pot([K20, K10, K10, K10], 2)
    assert result.share == 20_000
    assert _sorted_groups(result) == sorted([(K20,), (K10, K10)])
    assert result.leftover == (K10,)


# --- edge cases and validation --------------------------------------------------------------


def test_no_participants_hands_out_nothing_and_the_whole_pot_stays() -> None:
    assert split_pot([K5, K20, K10], 0) == Split(0, (), (K20, K10, K5))
    assert split_pot([], 0) == Split(0, (), ())


def test_empty_pot_gives_nothing_to_anyone() -> None:
    for participants in range(1, 7):
        assert split_pot([], participants) == Split(0, (), ())


def test_single_participant_takes_the_whole_pot_in_any_order() -> None:
    result = split_pot([K5, K10, K20, K5, K20], 1)
    assert result == Split(60_000, ((K20, K20, K10, K5, K5),), ())


def test_note_order_in_the_pot_does_not_change_the_split() -> None:
    pot = [K20] * 3 + [K10] * 5 + [K5] * 4
    expected = split_pot(pot, 4)
    rng = random.Random(7)
    for _ in range(20):
        shuffled = list(pot)
        rng.shuffle(shuffled)
        assert split_pot(shuffled, 4) == expected
        assert split_pot(tuple(shuffled), 4) == expected


def test_groups_and_leftover_are_listed_largest_note_first() -> None:
    result = split_pot([K5, K5, K10, K20, K5, K10, K20], 2)
    for group in result.groups:
        assert list(group) == sorted(group, reverse=True)
    assert list(result.leftover) == sorted(result.leftover, reverse=True)


@pytest.mark.parametrize("bad", [0, 1_000, 15_000, 50_000, 100_000, -5_000, 5])
def test_a_note_that_is_not_a_game_banknote_is_rejected(bad: int) -> None:
    with pytest.raises(ValueError, match="banknotes"):
        split_pot([K20, bad, K5], 2)


def test_the_rejection_names_the_offending_value() -> None:
    with pytest.raises(ValueError, match="15000"):
        split_pot([K10, 15_000], 1)


def test_a_negative_number_of_participants_is_rejected() -> None:
    with pytest.raises(ValueError, match="participants"):
        split_pot([K20], -1)


def test_note_values_are_the_three_denominations_largest_first() -> None:
    assert NOTE_VALUES == (20_000, 10_000, 5_000)


def test_split_is_immutable() -> None:
    result = split_pot(RULEBOOK_POT, 3)
    with pytest.raises(AttributeError):
        result.share = 0  # type: ignore[misc]


# --- exhaustive references ------------------------------------------------------------------
# Amounts in the count-based reference are in units of $5,000 (a 20k note = 4, 10k = 2, 5k = 1).

Outcome = tuple[int, Counter[int], Counter[int]]
"""(share in dollars, multiset of notes handed out, multiset of notes left in the pot)."""


@cache
def _most_large_notes(
    share: int, players: int, a20: int, b10: int, c5: int
) -> tuple[int, int] | None:
    """Among all ways for ``players`` players to each take exactly ``share`` units from a pot of
    ``a20``/``b10``/``c5`` notes, the lexicographically largest (20k handed out, 10k handed out),
    or None if no way exists. Tries every composition (i, j, k) with 4i + 2j + k == share for
    every player, so nothing depends on dealing order."""
    if players == 0:
        return (0, 0)
    best: tuple[int, int] | None = None
    for i in range(min(a20, share // 4) + 1):
        for j in range(min(b10, (share - 4 * i) // 2) + 1):
            k = share - 4 * i - 2 * j
            if k > c5:
                continue
            rest = _most_large_notes(share, players - 1, a20 - i, b10 - j, c5 - k)
            if rest is None:
                continue
            candidate = (rest[0] + i, rest[1] + j)
            if best is None or candidate > best:
                best = candidate
    return best


def _reference_by_counts(a20: int, b10: int, c5: int, players: int) -> Outcome:
    pot = Counter({K20: a20, K10: b10, K5: c5})
    total = 4 * a20 + 2 * b10 + c5
    for share in range(total // players, 0, -1):
        best = _most_large_notes(share, players, a20, b10, c5)
        if best is not None:
            u20, u10 = best
            u5 = players * share - 4 * u20 - 2 * u10
            handed = Counter({K20: u20, K10: u10, K5: u5})
            return share * 5_000, +handed, +(pot - handed)
    return 0, Counter(), +pot


def _reference_by_assignment(pot: tuple[int, ...], players: int) -> Outcome:
    """Try every assignment of every note to one of the players or to the pot (index
    ``players``); keep those where all players hold the same positive amount; pick the largest
    amount, then the most 20k handed out, then the most 10k."""
    best_key: tuple[int, int, int] | None = None
    best: Outcome = (0, Counter(), +Counter(pot))
    for owners in itertools.product(range(players + 1), repeat=len(pot)):
        sums = [0] * (players + 1)
        for note, owner in zip(pot, owners, strict=True):
            sums[owner] += note
        if sums[0] == 0 or any(s != sums[0] for s in sums[:players]):
            continue
        handed = Counter(n for n, o in zip(pot, owners, strict=True) if o < players)
        key = (sums[0], handed[K20], handed[K10])
        if best_key is None or key > best_key:
            kept = Counter(n for n, o in zip(pot, owners, strict=True) if o == players)
            best_key, best = key, (sums[0], +handed, +kept)
    return best


def _outcome_of(result: Split) -> Outcome:
    handed = Counter(note for group in result.groups for note in group)
    return result.share, +handed, +Counter(result.leftover)


def _check_shape(result: Split, pot: list[int] | tuple[int, ...], players: int) -> str | None:
    """A reason why ``result`` is not a well-formed split of ``pot``, or None."""
    if result.share == 0:
        if result.groups:
            return "groups handed out with a zero share"
    elif len(result.groups) != players:
        return f"{len(result.groups)} groups for {players} players"
    if any(sum(group) != result.share for group in result.groups):
        return "a group does not sum to the share"
    handed = [note for group in result.groups for note in group]
    if Counter(handed) + Counter(result.leftover) != Counter(pot):
        return "groups + leftover are not the pot"
    return None


def test_count_reference_matches_brute_force_note_assignment_on_small_pots() -> None:
    """The count-based reference and split_pot both agree with a literal search over every
    assignment of notes to players or to the pot: every pot of up to 5 notes (56 pots, one
    round's draw or less) for 1 to 5 players, 280 cases."""
    cases = 0
    for size in range(6):
        for pot in itertools.combinations_with_replacement(NOTE_VALUES, size):
            for players in range(1, 6):
                expected = _reference_by_assignment(pot, players)
                counts = (pot.count(K20), pot.count(K10), pot.count(K5))
                assert _reference_by_counts(*counts, players) == expected, (pot, players)
                assert _outcome_of(split_pot(pot, players)) == expected, (pot, players)
                cases += 1
    assert cases == 280


@pytest.mark.slow
def test_split_matches_exhaustive_search_for_every_pot_the_deck_can_produce() -> None:
    """Every pot of 0..10 x 20k, 0..15 x 10k and 0..15 x 5k (2,816 pots, the empty one included)
    for every number of participants from 1 to 6: 16,896 cases. split_pot must agree with the
    exhaustive count-based search on the share, the multiset of notes handed out and the notes
    that stay, and its groups must each sum to the share and together with the leftover make up
    the pot. The pot is passed shuffled, so note order is exercised too."""
    rng = random.Random(2005)
    failures: list[str] = []
    cases = 0
    for a20 in range(11):
        for b10 in range(16):
            for c5 in range(16):
                pot = [K20] * a20 + [K10] * b10 + [K5] * c5
                rng.shuffle(pot)
                for players in range(1, 7):
                    cases += 1
                    result = split_pot(pot, players)
                    problem = _check_shape(result, pot, players)
                    if problem is None and _outcome_of(result) != _reference_by_counts(
                        a20, b10, c5, players
                    ):
                        problem = "differs from the exhaustive search"
                    if problem is not None:
                        failures.append(
                            f"{a20}x20k {b10}x10k {c5}x5k, {players} players: {problem}"
                        )
    assert cases == 16_896
    assert not failures, f"{len(failures)} failures, first: {failures[:5]}"
