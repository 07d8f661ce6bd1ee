"""The game-agnostic half of the content loader (``getaway.core.content``): provenance texts,
field paths and error messages."""

from __future__ import annotations

from typing import Annotated

import pytest
from pydantic import AfterValidator, ValidationError

from getaway.core.content import (
    ContentError,
    Provenance,
    ProvenanceKind,
    ProvenanceScheme,
    Sourced,
    field_path,
)

#: A scheme like a spec's "stated / inferred / placeholder" tags, a placeholder naming its
#: missing-data id.
_SCHEME = ProvenanceScheme(
    ProvenanceKind("stated", ("[T]",)),
    ProvenanceKind("inferred", ("[I]",)),
    ProvenanceKind("placeholder", ("[P]",), must_hold=r"\bM-\d\d\b", held="its M-id"),
)
_Text = Annotated[str, AfterValidator(_SCHEME.check)]


class _Card(Sourced):
    scheme = _SCHEME
    source: dict[str, _Text]

    noise: int


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


def test_a_game_declares_its_own_kinds_and_tags():
    card = _Card.model_validate({"source": {"*": "placeholder: §14.5 [P] M-03"}, "noise": 2})
    assert card.provenance("noise") == Provenance("placeholder", "§14.5 [P] M-03")
    assert _SCHEME.parse("inferred: §2.1 [I] derived count").kind == "inferred"


@pytest.mark.parametrize(
    ("text", "why"),
    [
        ("stated: §2.1 [BOTH]", "must cite one of [T]"),  # another game's tag
        ("reconstructed: §14 [P] M-01", "must read 'stated: §<section> [T] ...'"),
        ("placeholder: §14.5 [P]", "must name its M-id"),
    ],
)
def test_a_declared_scheme_refuses_other_texts_at_their_key(text, why):
    with pytest.raises(ValidationError) as caught:
        _Card.model_validate({"source": {"noise": text}, "noise": 2})
    [error] = caught.value.errors()
    assert error["loc"] == ("source", "noise")
    assert why in error["msg"]


def test_the_default_scheme_is_unchanged_for_entries_that_declare_none():
    with pytest.raises(ValueError, match="must cite one of"):
        Provenance.parse("stated: §2.1 [T]")


def test_a_scheme_set_without_typing_source_with_it_is_refused_at_class_definition():
    with pytest.raises(TypeError, match="source must be typed"):

        class _Wrong(Sourced):
            scheme = _SCHEME
            noise: int
