"""Game content kept as data files: a schema per file, provenance per value, clear errors.

A game whose rulebook does not print every value (tile layouts, card mixes, prices) keeps its
content in JSON files beside its code. Each file is validated at start-up by a pydantic model
(strict types, unknown fields refused), and every value says where it comes from:

* ``"stated: §2.1 [BOTH]"``: the rulebook gives it (the section is in the game's rules spec,
  the tag says which book states it: ``[BOTH]``, ``[RU]``, ``[PT]``, or ``[INF]``/``[CHOICE]``
  when it follows from, or picks between, what the books state);
* ``"reconstructed: §18.4 [DESIGN]"``: no rulebook gives it; the spec's ``[DESIGN]`` section
  named proposes it, and printed values can replace it without touching code.

Provenance is a ``source`` map on each :class:`Sourced` entry: keys are the entry's field
names (or ``field.key`` for one entry of a map field), ``"*"`` covers every field not named,
and nested values inherit their field's source.

Every problem is raised as :class:`ContentError`, whose text names the file, the field path
(``tiles[3] (id 'B1').cells[0][2]``) and what is allowed there.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any, ClassVar, Literal, Self, TypeVar

from pydantic import (
    AfterValidator,
    BaseModel,
    ConfigDict,
    ValidationError,
    field_validator,
    model_validator,
)
from pydantic_core import ErrorDetails

from getaway.core.errors import GetawayError

#: How many problems one error message lists before it summarises the rest.
_SHOWN = 10

STATED = "stated"
RECONSTRUCTED = "reconstructed"
#: The tags of the rules specs: what each kind of provenance may cite.
STATED_TAGS = ("[BOTH]", "[RU]", "[PT]", "[INF]", "[CHOICE]")
RECONSTRUCTED_TAGS = ("[DESIGN]",)
_PROVENANCE = re.compile(r"^(stated|reconstructed): §\d+(\.\d+)*\b.*$")
#: The key of a ``source`` map that covers every field it does not name.
EVERY_FIELD = "*"


class ContentError(GetawayError):
    """A content file that is missing, malformed, or contradicts another file."""

    def __init__(self, file: str, problems: Sequence[tuple[str, str]]) -> None:
        self.file = file
        self.problems = list(problems)
        lines = [f"{file}: {field}: {message}" for field, message in self.problems[:_SHOWN]]
        if len(self.problems) > _SHOWN:
            lines.append(f"{file}: ... ({len(self.problems) - _SHOWN} more problems)")
        super().__init__("\n".join(lines))

    @property
    def fields(self) -> list[str]:
        """The field paths named, in order."""
        return [field for field, _ in self.problems]


@dataclass(frozen=True, slots=True)
class Provenance:
    """Where one value comes from: ``kind`` is ``stated`` or ``reconstructed``, ``reference``
    the rest of the text (spec section, tag, note)."""

    kind: Literal["stated", "reconstructed"]
    reference: str

    @classmethod
    def parse(cls, text: str) -> Provenance:
        if not _PROVENANCE.match(text):
            raise ValueError(
                f"provenance {text!r} must read 'stated: §<section> <tag> ...' or "
                f"'reconstructed: §<section> [DESIGN] ...'"
            )
        kind, reference = text.split(": ", 1)
        tags = STATED_TAGS if kind == STATED else RECONSTRUCTED_TAGS
        if not any(tag in reference for tag in tags):
            raise ValueError(f"{kind} provenance {text!r} must cite one of {', '.join(tags)}")
        return cls("stated" if kind == STATED else "reconstructed", reference)

    def __str__(self) -> str:
        return f"{self.kind}: {self.reference}"


def _check_provenance(text: str) -> str:
    Provenance.parse(text)
    return text


#: A provenance string, checked when the file loads.
ProvenanceText = Annotated[str, AfterValidator(_check_provenance)]


class ContentModel(BaseModel):
    """Base of every content schema: strict types, unknown fields refused, immutable."""

    model_config = ConfigDict(strict=True, extra="forbid", frozen=True)


class Sourced(ContentModel):
    """A content entry whose every value carries its provenance (see the module docstring)."""

    source: dict[str, ProvenanceText]

    #: Fields that need no provenance (identifiers the project chose for itself).
    unsourced: ClassVar[frozenset[str]] = frozenset()

    @field_validator("source")
    @classmethod
    def _covers_every_field(cls, source: dict[str, str]) -> dict[str, str]:
        fields = set(cls.model_fields) - {"source"} - cls.unsourced
        named = {key.split(".", 1)[0] for key in source}
        unknown = sorted(named - fields - {EVERY_FIELD})
        if unknown:
            raise ValueError(
                f"names no field of this entry: {', '.join(unknown)}; allowed keys: "
                f"{', '.join([EVERY_FIELD, *sorted(fields)])}"
            )
        if EVERY_FIELD not in source:
            missing = sorted(fields - set(source))
            if missing:
                raise ValueError(
                    f"no provenance for {', '.join(missing)}; name them or add '{EVERY_FIELD}'"
                )
        return source

    @model_validator(mode="after")
    def _entries_named_exist(self) -> Self:
        for key in self.source:
            if "." not in key:
                continue
            field, entry = key.split(".", 1)
            value = getattr(self, field)
            if not isinstance(value, Mapping) or entry not in value:
                raise ValueError(f"source key {key!r} names no entry of {field}")
        return self

    def provenance(self, field: str, entry: str | None = None) -> Provenance:
        """Where the value of ``field`` (or of its map entry ``entry``) comes from."""
        if field not in type(self).model_fields or field == "source":
            raise KeyError(field)
        keys = ([f"{field}.{entry}"] if entry is not None else []) + [field, EVERY_FIELD]
        text = next(self.source[key] for key in keys if key in self.source)
        return Provenance.parse(text)


M = TypeVar("M", bound=BaseModel)


def field_path(loc: Iterable[int | str], data: Any = None) -> str:
    """``("tiles", 3, "cells")`` as ``tiles[3].cells``; an entry of a list or map that has an
    ``id`` in ``data`` (the raw file) is named with it: ``tiles[3] (id 'B1').cells``."""
    text = ""
    node = data
    for part in loc:
        if isinstance(part, int):
            text += f"[{part}]"
        else:
            text += f".{part}" if text else part
        node = _child(node, part)
        if isinstance(part, int) and isinstance(node, Mapping) and "id" in node:
            text += f" (id {node['id']!r})"
    return text or "(top level)"


def _child(node: Any, part: int | str) -> Any:
    if isinstance(node, Mapping):
        return node.get(part)
    if isinstance(node, list) and isinstance(part, int) and 0 <= part < len(node):
        return node[part]
    return None


_SCALARS = (str, int, float, bool, type(None))


def _message(error: ErrorDetails, model: type[BaseModel]) -> str:
    if error["type"] == "extra_forbidden":
        return "unknown field; " + _allowed_here(error, model)
    if error["type"] == "missing":
        return "field required"
    message = error["msg"].removeprefix("Value error, ")
    if error["type"] != "value_error" and isinstance(error["input"], _SCALARS):
        message += f" (got {error['input']!r})"
    return message


def _allowed_here(error: ErrorDetails, model: type[BaseModel]) -> str:
    """The fields allowed where an unknown one was found, when the schema says it simply."""
    current: Any = model
    for part in error["loc"][:-1]:
        if isinstance(current, type) and issubclass(current, BaseModel):
            info = current.model_fields.get(str(part))
            current = info.annotation if info else None
        elif isinstance(part, int | str):
            args = getattr(current, "__args__", ())
            current = args[-1] if args else None
    if isinstance(current, type) and issubclass(current, BaseModel):
        return "allowed fields: " + ", ".join(current.model_fields)
    return "see the schema"


def load_data_file(path: Path, model: type[M], *, name: str | None = None) -> M:
    """Read the JSON file ``path`` and validate it with ``model``; ``name`` is how errors name
    the file (its path by default)."""
    label = name or str(path)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as error:
        raise ContentError(label, [("(file)", f"cannot be read: {error.strerror}")]) from error
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        where = f"line {error.lineno} column {error.colno}"
        raise ContentError(label, [(where, f"not valid JSON: {error.msg}")]) from error
    try:
        return model.model_validate(data, strict=True)
    except ValidationError as error:
        problems = [
            (field_path(detail["loc"], data), _message(detail, model))
            for detail in error.errors(include_url=False)
        ]
        raise ContentError(label, problems) from None
