"""The game-agnostic half of the content loader (``getaway.core.content``): provenance texts,
field paths and error messages."""

from __future__ import annotations

import pytest

from getaway.core.content import ContentError, Provenance, field_path


def test_provenance_reads_both_kinds():
    assert Provenance.parse("stated: §2.1 [BOTH]") == Provenance("stated", "§2.1 [BOTH]")
    reconstructed = Provenance.parse("reconstructed: §18.1 [DESIGN] 10 levels")
    assert reconstructed.kind == "reconstructed"
    assert str(reconstructed) == "reconstructed: §18.1 [DESIGN] 10 levels"


@pytest.mark.parametrize(
    "text",
    [
        "stated §2.1 [BOTH]",  # no colon
        "guessed: §2.1 [DESIGN]",  # unknown kind
        "stated: 2.1 [BOTH]",  # no section sign
        "stated: §2.1 [DESIGN]",  # a design value is not stated
        "reconstructed: §18.1 [INF]",  # a reconstructed value cites its [DESIGN] section
    ],
)
def test_provenance_refuses_texts_that_do_not_say_where(text):
    with pytest.raises(ValueError, match="provenance"):
        Provenance.parse(text)


def test_field_paths_name_list_entries_by_id():
    data = {"tiles": [{"id": "START_H"}, {"id": "A1", "areas": {"com": {}}}]}
    assert field_path(("tiles", 1, "areas", "com", "terrain"), data) == (
        "tiles[1] (id 'A1').areas.com.terrain"
    )
    assert field_path(("cells", 0, 2)) == "cells[0][2]"
    assert field_path(()) == "(top level)"


def test_a_content_error_lists_problems_one_a_line_and_summarises_the_rest():
    problems = [(f"cards[{n}]", "bad") for n in range(12)]
    error = ContentError("deck.json", problems)
    lines = str(error).splitlines()
    assert lines[0] == "deck.json: cards[0]: bad"
    assert lines[-1] == "deck.json: ... (2 more problems)"
    assert len(lines) == 11
    assert error.fields == [field for field, _ in problems]
