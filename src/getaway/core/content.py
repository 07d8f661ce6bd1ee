"""Game content kept as data files: a schema per file, provenance per value, clear errors.

A game whose rulebook does not print every value (tile layouts, card mixes, prices) keeps its
content in JSON files beside its code. Each file is validated at start-up by a pydantic model
(strict types, unknown fields refused), and every value says where it comes from, as
``"<kind>: §<section> <tag> ..."``: the kind of provenance, the section of the game's rules
spec, and a tag of that spec saying how the spec knows it.

Each game declares its kinds and the tags each kind may cite in a :class:`ProvenanceScheme`
(a spec may say "stated / inferred / placeholder", another "stated / reconstructed"). The
default, :data:`DEFAULT_PROVENANCE`, has two kinds:

* ``"stated: §2.1 [BOTH]"``: a rulebook gives it (the tag says which book states it:
  ``[BOTH]``, ``[RU]``, ``[PT]``, or ``[INF]``/``[CHOICE]`` when it follows from, or picks
  between, what the books state);
* ``"reconstructed: §18.4 [DESIGN]"``: no rulebook gives it; the spec's ``[DESIGN]`` section
  named proposes it, and printed values can replace it without touching code.

A game with its own scheme subclasses :class:`Sourced` once, setting ``scheme`` and typing
``source`` with :meth:`ProvenanceScheme.check` (see that class).

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
from typing import Annotated, Any, ClassVar, Self, TypeVar, get_args

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

#: The key of a ``source`` map that covers every field it does not name.
EVERY_FIELD = "*"
_PROVENANCE = re.compile(r"^(?P<kind>[a-z]+): (?P<reference>§\d+(\.\d+)*\b.*)$")


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
class ProvenanceKind:
    """One kind of provenance a game's spec uses: its name (the text before the colon), the
    tags a reference of this kind may cite (one is required), and optionally a pattern the
    reference must also hold (``must_hold``, described by ``held``, e.g. a missing-data id)."""

    name: str
    tags: tuple[str, ...]
    must_hold: str | None = None
    held: str = ""

    def problem(self, reference: str) -> str | None:
        """Why ``reference`` is not a valid reference of this kind, or ``None``."""
        if not any(tag in reference for tag in self.tags):
            return f"must cite one of {', '.join(self.tags)}"
        if self.must_hold is not None and not re.search(self.must_hold, reference):
            return f"must name {self.held or self.must_hold}"
        return None


class ProvenanceScheme:
    """The kinds of provenance one game's content may carry, and the tags of each.

    A game using its own scheme declares it once, in its schema module::

        PROVENANCE = ProvenanceScheme(ProvenanceKind("stated", ("[T]",)), ...)
        ProvenanceText = Annotated[str, AfterValidator(PROVENANCE.check)]

        class GameSourced(Sourced):
            scheme = PROVENANCE
            source: dict[str, ProvenanceText]

    so each bad text is reported at its own key (``cards[2].source.noise``).
    """

    def __init__(self, *kinds: ProvenanceKind) -> None:
        if not kinds:
            raise ValueError("a provenance scheme needs at least one kind")
        self.kinds: dict[str, ProvenanceKind] = {kind.name: kind for kind in kinds}

    def _form(self) -> str:
        return " or ".join(
            f"'{name}: §<section> {kind.tags[0]} ...'" for name, kind in self.kinds.items()
        )

    def parse(self, text: str) -> Provenance:
        """``text`` read as a provenance of this scheme; :class:`ValueError` if it is not one."""
        match = _PROVENANCE.match(text)
        kind = self.kinds.get(match["kind"]) if match else None
        if match is None or kind is None:
            raise ValueError(f"provenance {text!r} must read {self._form()}")
        reference = match["reference"]
        problem = kind.problem(reference)
        if problem is not None:
            raise ValueError(f"{kind.name} provenance {text!r} {problem}")
        return Provenance(kind.name, reference)

    def check(self, text: str) -> str:
        """``text`` unchanged if it is a provenance of this scheme (a pydantic validator)."""
        self.parse(text)
        return text


#: The scheme a :class:`Sourced` entry uses unless its game declares another: values stated
#: by a rulebook, or reconstructed by a ``[DESIGN]`` section of the spec.
DEFAULT_PROVENANCE = ProvenanceScheme(
    ProvenanceKind("stated", ("[BOTH]", "[RU]", "[PT]", "[INF]", "[CHOICE]")),
    ProvenanceKind("reconstructed", ("[DESIGN]",)),
)


@dataclass(frozen=True, slots=True)
class Provenance:
    """Where one value comes from: ``kind`` is one of its scheme's kinds (``stated``,
    ``reconstructed``, ...), ``reference`` the rest of the text (spec section, tag, note)."""

    kind: str
    reference: str

    @classmethod
    def parse(cls, text: str, scheme: ProvenanceScheme = DEFAULT_PROVENANCE) -> Provenance:
        """``text`` read with ``scheme`` (the default one unless given)."""
        return scheme.parse(text)

    def __str__(self) -> str:
        return f"{self.kind}: {self.reference}"


#: A provenance string of the default scheme, checked when the file loads.
ProvenanceText = Annotated[str, AfterValidator(DEFAULT_PROVENANCE.check)]


class ContentModel(BaseModel):
    """Base of every content schema: strict types, unknown fields refused, immutable."""

    model_config = ConfigDict(strict=True, extra="forbid", frozen=True)


class Sourced(ContentModel):
    """A content entry whose every value carries its provenance (see the module docstring)."""

    source: dict[str, ProvenanceText]

    #: Fields that need no provenance (identifiers the project chose for itself).
    unsourced: ClassVar[frozenset[str]] = frozenset()
    #: The kinds and tags this entry's provenance may use (its game's; see the module
    #: docstring). A subclass that sets another scheme types ``source`` with its ``check``.
    scheme: ClassVar[ProvenanceScheme] = DEFAULT_PROVENANCE

    @classmethod
    def __pydantic_init_subclass__(cls, **kwargs: Any) -> None:
        super().__pydantic_init_subclass__(**kwargs)
        # A scheme set without typing ``source`` with it would check texts against another
        # game's tags: refuse it when the class is defined, not when a file loads.
        _, text_type = get_args(cls.model_fields["source"].annotation)
        checks = [
            item.func
            for item in getattr(text_type, "__metadata__", ())
            if isinstance(item, AfterValidator)
        ]
        if checks != [cls.scheme.check]:
            raise TypeError(
                f"{cls.__name__}.source must be typed dict[str, Annotated[str, "
                f"AfterValidator(scheme.check)]] for its scheme"
            )

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
        return type(self).scheme.parse(text)


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


class Problems:
    """Problems a game's cross-file checks found so far, by file, in the order found."""

    def __init__(self) -> None:
        self.by_file: dict[str, list[tuple[str, str]]] = {}

    def add(self, file: str, field: str, message: str) -> None:
        self.by_file.setdefault(file, []).append((field, message))

    def raise_first(self) -> None:
        """Raise a :class:`ContentError` for the first file with problems, if any."""
        for file, problems in self.by_file.items():
            raise ContentError(file, problems)


def entry(listing: str, index: int, ident: object = None) -> str:
    """A field path to one entry of a list: ``tiles[3] (id 'B1')``."""
    return f"{listing}[{index}]" + (f" (id {ident!r})" if ident is not None else "")


def check_count(
    problems: Problems, file: str, field: str, found: int, wanted: int, what: str
) -> None:
    """Note a count that differs from the one ``components.json`` gives."""
    if found != wanted:
        problems.add(file, field, f"{found} {what}; components.json says {wanted}")


def load_data_files(
    directory: Path, files: Mapping[str, tuple[str, type[BaseModel]]]
) -> tuple[dict[str, BaseModel], dict[str, str]]:
    """Every file of ``files`` (kind -> file name in ``directory``, schema) loaded and
    validated: the models by kind, and each kind's file path for the cross-file checks'
    errors."""
    names = {kind: str(directory / filename) for kind, (filename, _) in files.items()}
    loaded = {
        kind: load_data_file(directory / filename, model, name=names[kind])
        for kind, (filename, model) in files.items()
    }
    return loaded, names
