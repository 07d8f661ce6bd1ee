"""Typed input resolves to exactly one legal action id, or says why not."""

import pytest

from getaway.core import AmbiguousActionError, IllegalActionError, match_action

LEGAL = ["taxi:46", "bus:46", "taxi:47", "black:46", "double:taxi:46/bus:58"]


def test_an_exact_id_is_taken_as_is():
    assert match_action("taxi:46", LEGAL) == "taxi:46"


def test_a_unique_shorthand_is_resolved():
    assert match_action("47", LEGAL) == "taxi:47"
    assert match_action("bus 46", LEGAL) == "bus:46"
    assert match_action("double taxi 46 bus 58", LEGAL) == "double:taxi:46/bus:58"


def test_an_ambiguous_shorthand_lists_only_the_closest_candidates():
    with pytest.raises(AmbiguousActionError) as err:
        match_action("46", LEGAL)
    assert err.value.matches == ["taxi:46", "bus:46", "black:46"]


def test_a_short_id_wins_over_a_longer_one_containing_it():
    legal = ["taxi:105", "double:taxi:105/taxi:89", "double:black:105/taxi:89"]
    assert match_action("105", legal) == "taxi:105"
    with pytest.raises(AmbiguousActionError) as err:
        match_action("89", legal)
    assert err.value.matches == legal[1:]


def test_no_match_names_the_legal_actions():
    with pytest.raises(IllegalActionError) as err:
        match_action("underground:1", LEGAL, seat="mrx")
    assert err.value.legal == LEGAL
    assert "taxi:47" in str(err.value)


def test_empty_input_is_refused():
    with pytest.raises(IllegalActionError, match="nothing typed"):
        match_action("   ", LEGAL)
