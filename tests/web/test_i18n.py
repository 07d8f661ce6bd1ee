"""Every word the browser client shows goes through i18n, in English, Russian and Portuguese.

Static checks, no browser:

* the three tables hold the same keys and placeholders, and Russian and Portuguese hold real
  translations (no English left but names);
* every id the games send that the client puts into words (abilities, steps, reasons,
  options, ...) has a key, and every Cash 'n Guns event type is narrated;
* no text literal reaches the page without ``t()``: the JavaScript is scanned for string
  literals in text positions (children of ``h()``/``s()``, ``textContent`` and the like,
  ``aria-label``/``title``/``placeholder`` values), and index.html for text without
  ``data-i18n``.
"""

from __future__ import annotations

import json
import re
from html.parser import HTMLParser
from pathlib import Path

import pytest

from getaway.ai import bot_names
from getaway.core import get_game
from getaway.games.cash_n_guns import events as cng_events
from getaway.games.cash_n_guns.cards import (
    ABILITY_NAMES,
    CARD_NAMES,
    GUN_STATE_NAMES,
    ROLE_NAMES,
    STATUS_NAMES,
)
from getaway.games.cash_n_guns.state import STEP_NAMES
from getaway.games.cash_n_guns.views import GRENADE_NAMES
from getaway.games.scotland_yard import state as sy_state
from getaway.web import STATIC_DIR

JS_DIR = STATIC_DIR / "js"
I18N_DIR = STATIC_DIR / "i18n"
LANGUAGES = ("en", "ru", "pt")
TRANSLATED = ("ru", "pt")

#: Latin words allowed in Russian text: names, key caps, and option values typed as they are.
LATIN_NAMES = {
    "getaway", "Ctrl", "Home", "End", "JavaScript", "BBB",
    "classic", "entries", "rounds", "supply", "unlimited",
}  # fmt: skip
#: Portuguese values that may equal the English: names that are not translated.
SAME_IN_PORTUGUESE = {"app_name": "the project's name", "card_bang": "the card's name"}
#: English words that never occur in Portuguese text; one of them means a string was missed
#: ("link" is Portuguese too).
ENGLISH_ONLY = {
    "the", "and", "your", "you", "of", "to", "is", "with", "for", "this", "not", "seat",
    "move", "game", "player", "players", "left", "back", "step", "wins", "nobody",
}  # fmt: skip


def _tables() -> dict[str, dict[str, str]]:
    return {lang: json.loads((I18N_DIR / f"{lang}.json").read_text("utf-8")) for lang in LANGUAGES}


def _words(text: str) -> list[str]:
    """The words of a value, placeholders left out."""
    return re.findall(r"[^\W\d_]+", re.sub(r"\{\w+\}", " ", text))


def _latin(text: str) -> list[str]:
    """Latin words of two letters or more (single letters are names: Mr. X, deck D)."""
    return [w for w in _words(text) if re.fullmatch(r"[A-Za-z]{2,}", w)]


# The tables ---------------------------------------------------------------------------------


def test_every_language_has_every_key_with_the_same_placeholders() -> None:
    tables = _tables()
    keys = set(tables["en"])
    for lang, table in tables.items():
        assert set(table) == keys, f"{lang}.json: missing or extra {sorted(set(table) ^ keys)}"
        for key, value in table.items():
            assert isinstance(value, str) and value.strip(), f"{lang}.json: {key} is empty"
            want = set(re.findall(r"\{\w+\}", tables["en"][key]))
            assert set(re.findall(r"\{\w+\}", value)) == want, f"{lang}.json: {key}"


@pytest.mark.parametrize("lang", TRANSLATED)
def test_translations_are_not_english(lang: str) -> None:
    tables = _tables()
    en, table = tables["en"], tables[lang]
    problems = []
    for key, value in table.items():
        if not _latin(en[key]) or (key in SAME_IN_PORTUGUESE and lang == "pt"):
            continue  # nothing to translate ("{seat}: {seconds} s"), or a name
        if lang == "ru":
            stray = [w for w in _latin(value) if w not in LATIN_NAMES]
            if stray:
                problems.append(f"{key}: {value!r} has {stray}")
        else:
            if value == en[key]:
                problems.append(f"{key}: {value!r} is the English")
            english = [w for w in _words(value) if w.lower() in ENGLISH_ONLY]
            if english:
                problems.append(f"{key}: {value!r} has English {english}")
    assert not problems, f"{lang}.json:\n" + "\n".join(problems)


def test_a_missing_key_is_caught() -> None:
    """The key check itself: a table without one key, or with English, fails it."""
    tables = _tables()
    broken = dict(tables["ru"])
    broken.pop("game_over")
    assert set(broken) != set(tables["en"])
    assert [w for w in _latin("Game over") if w not in LATIN_NAMES] == ["Game", "over"]


# Ids the games send -------------------------------------------------------------------------


def _sy_end_reasons() -> set[str]:
    return {v for k, v in vars(sy_state).items() if k.startswith("END_") and isinstance(v, str)}


def _cng_event_types() -> set[str]:
    source = Path(cng_events.__file__).read_text("utf-8")
    body = source[source.index("def event_to_json") : source.index("class _Fields")]
    found = set(re.findall(r'kind == "([a-z0-9-]+)"', body))
    for group in re.findall(r"kind in \(([^)]*)\)", body):
        found |= set(re.findall(r'"([a-z0-9-]+)"', group))
    return found


def _ids_needing_words() -> dict[str, set[str]]:
    cng = get_game("cash-n-guns")
    cng_options = cng.normalize_options({})
    seats = set(cng.seats(cng.normalize_options({"players": 6})))
    sy = get_game("scotland-yard")
    sy_options = sy.normalize_options({})
    sides = (set(cng.sides(cng_options)) - seats) | set(sy.sides(sy_options))
    options = {
        f"opt_{game.name}_{name}{suffix}"
        for game in (cng, sy)
        for name in game.option_help()
        if name != "players"  # the lobby has its own field for it
        for suffix in ("", "_help")
    }
    return {
        "ability_": {a for a in ABILITY_NAMES if a},
        "card_": set(CARD_NAMES),
        "gun_": set(GUN_STATE_NAMES),
        "role_": set(ROLE_NAMES),
        "status_": set(STATUS_NAMES),
        "step_": set(STEP_NAMES),
        "grenade_": set(GRENADE_NAMES),
        "reason_": set(cng_events._REASONS),
        "end_": set(cng_events._END_REASONS) | _sy_end_reasons(),
        "side_": sides,
        "ticket_": {"taxi", "bus", "underground", "black", "ferry"},
        "botname_": set(bot_names(cng)) | set(bot_names(sy)),
        "": options,
    }


def test_every_id_the_client_puts_into_words_has_a_key() -> None:
    en = _tables()["en"]
    missing = [
        prefix + name
        for prefix, names in _ids_needing_words().items()
        for name in names
        if prefix + name not in en
    ]
    assert not missing, f"en.json lacks {sorted(missing)}"


def test_every_cash_n_guns_event_is_narrated() -> None:
    types = _cng_event_types()
    assert {"round", "fire", "split", "end", "card-returned"} <= types
    table = (JS_DIR / "table-cng.js").read_text("utf-8")
    narrated = set(re.findall(r'case "([a-z0-9-]+)": return t\(', table))
    assert types <= narrated, f"table-cng.js does not narrate {sorted(types - narrated)}"


def test_the_keys_the_code_uses_exist() -> None:
    en = _tables()["en"]
    used: set[str] = set()
    for path in JS_DIR.glob("*.js"):
        text = path.read_text("utf-8")
        used |= set(re.findall(r'\bt\("([a-z0-9_-]+)"', text))
        used |= set(re.findall(r'\?\s*"([a-z0-9_]+)"\s*:\s*"[a-z0-9_]+"\s*[,)]', text)) & set(en)
    html = (STATIC_DIR / "index.html").read_text("utf-8")
    used |= set(re.findall(r'data-i18n[a-z-]*="([a-z0-9_]+)"', html))
    assert used - set(en) == set()


# Text in the code ---------------------------------------------------------------------------

#: A word of two letters or more (a lone "X" is Mr. X's piece, "s" a unit).
_WORD = re.compile(r"[^\W\d_]{2,}")
#: Words that are names, never translated (the page title ends with the app's name).
_NAME_WORDS = {"getaway"}
_COMPARISON = re.compile(r"[=!]==?\s*$")
_COMPARED = re.compile(r"^\s*[=!]==?")
_REGEX_BEFORE = set("(,=:[!&|?{};+-*%<>~^") | {""}


def _end_of_literal(src: str, i: int) -> int:
    """Index just past the string, template or regex literal (or comment) starting at i."""
    quote = src[i]
    if src.startswith("//", i):
        end = src.find("\n", i)
        return len(src) if end < 0 else end
    if src.startswith("/*", i):
        return src.index("*/", i) + 2
    j = i + 1
    while j < len(src):
        c = src[j]
        if c == "\\":
            j += 2
            continue
        if quote == "`" and src.startswith("${", j):
            j = _end_of_code(src, j + 2, "}") + 1
            continue
        if quote == "/" and c == "[":  # a class may hold a slash
            j = src.index("]", j + 1) + 1
            continue
        if c == quote:
            return j + 1
        j += 1
    raise ValueError(f"unterminated literal at {i}")


def _starts_literal(src: str, i: int, previous: str) -> bool:
    c = src[i]
    if c in "\"'`" or src.startswith(("//", "/*"), i):
        return True
    return c == "/" and previous in _REGEX_BEFORE


def _end_of_code(src: str, i: int, closer: str) -> int:
    """Index of the `closer` that ends the code starting at i (nesting and literals skipped)."""
    depth = 0
    previous = ""
    while i < len(src):
        c = src[i]
        if _starts_literal(src, i, previous):
            i = _end_of_literal(src, i)
            previous = "a"
            continue
        if c in "([{":
            depth += 1
        elif c in ")]}":
            if depth == 0 and c == closer:
                return i
            depth -= 1
        if not c.isspace():
            previous = c if not (c.isalnum() or c in "_$") else "a"
        i += 1
    raise ValueError("unbalanced code")


def _top_level_literals(code: str) -> list[str]:
    """The string and template literals of an expression that are not inside a call or a
    bracket: the ones that become text as they are."""
    out = []
    depth, i, previous = 0, 0, ""
    while i < len(code):
        c = code[i]
        if _starts_literal(code, i, previous):
            end = _end_of_literal(code, i)
            # A literal compared with something is a value, not text (kind === "human").
            compared = _COMPARISON.search(code[:i]) or _COMPARED.match(code[end:])
            if depth == 0 and c in "\"'`" and not compared:
                out.append(code[i:end])
            i, previous = end, "a"
            continue
        depth += c in "([{"
        depth -= c in ")]}"
        if not c.isspace():
            previous = c if not (c.isalnum() or c in "_$") else "a"
        i += 1
    return out


def _split_arguments(src: str, open_paren: int) -> list[str]:
    close = _end_of_code(src, open_paren + 1, ")")
    inner, args, start = src[open_paren + 1 : close], [], 0
    i, depth, previous = 0, 0, ""
    while i < len(inner):
        c = inner[i]
        if _starts_literal(inner, i, previous):
            i, previous = _end_of_literal(inner, i), "a"
            continue
        depth += c in "([{"
        depth -= c in ")]}"
        if c == "," and depth == 0:
            args.append(inner[start:i])
            start = i + 1
        if not c.isspace():
            previous = c if not (c.isalnum() or c in "_$") else "a"
        i += 1
    args.append(inner[start:])
    return [a.strip() for a in args]


def _static_text(literal: str) -> str:
    """The text of a literal, without a template's ${...} parts."""
    body = literal[1:-1]
    if literal[0] == "`":
        out, i = [], 0
        while i < len(body):
            if body.startswith("${", i):
                i = _end_of_code(body, i + 2, "}") + 1
                continue
            out.append(body[i])
            i += 1
        body = "".join(out)
    return body


_TEXT_SINKS = [
    # Children of the element builders: h(tag, attrs, ...children), s(tag, attrs, ...).
    re.compile(r"(?<![\w.$])[hs]\("),
    # Calls whose argument is shown or read out.
    re.compile(r"(?<![\w.$])(?:announce|showError|onError)\("),
]
_ASSIGNED = re.compile(r"\.(?:textContent|innerText|title|placeholder)\s*=\s*")
_ATTRIBUTE = re.compile(
    r"""(?:["'](?:aria-label|title|placeholder|alt)["']|\b(?:title|placeholder|alt))\s*:\s*"""
)
_SET_ATTRIBUTE = re.compile(
    r"""setAttribute\(\s*["'](?:aria-label|title|placeholder|alt)["']\s*,"""
)


def _without_comments(src: str) -> str:
    """The source with its comments blanked out (same length, so positions still match)."""
    out, i, previous = [], 0, ""
    while i < len(src):
        if _starts_literal(src, i, previous):
            end = _end_of_literal(src, i)
            text = src[i:end]
            out.append(re.sub(r"[^\n]", " ", text) if text.startswith(("//", "/*")) else text)
            i, previous = end, "a"
            continue
        c = src[i]
        out.append(c)
        if not c.isspace():
            previous = c if not (c.isalnum() or c in "_$") else "a"
        i += 1
    return "".join(out)


def untranslated_text(src: str) -> list[str]:
    """Text literals of a JavaScript source that would reach the page without t(), in the
    order they appear."""
    src = _without_comments(src)
    found: list[tuple[int, str]] = []

    def check(expression: str, where: int) -> None:
        for literal in _top_level_literals(expression):
            words = _WORD.findall(_static_text(literal))
            if any(w not in _NAME_WORDS for w in words):
                found.append((where + src[where:].index(literal), literal))

    for sink in _TEXT_SINKS:
        for m in sink.finditer(src):
            args = _split_arguments(src, m.end() - 1)
            first_text_arg = 2 if m.group().rstrip("(") in ("h", "s") else 0
            for arg in args[first_text_arg:]:
                check(arg, m.end())
    for pattern in (_ASSIGNED, _ATTRIBUTE, _SET_ATTRIBUTE):
        for m in pattern.finditer(src):
            end = m.end()
            # The value runs to the end of the statement or the enclosing argument.
            stop = _end_of_value(src, end)
            check(src[end:stop], end)
    return [literal for _, literal in sorted(set(found))]


def _end_of_value(src: str, i: int) -> int:
    depth, previous = 0, ""
    while i < len(src):
        c = src[i]
        if _starts_literal(src, i, previous):
            i, previous = _end_of_literal(src, i), "a"
            continue
        if c in "([{":
            depth += 1
        elif c in ")]}":
            if depth == 0:
                return i
            depth -= 1
        elif c in ",;\n" and depth == 0:
            return i
        if not c.isspace():
            previous = c if not (c.isalnum() or c in "_$") else "a"
        i += 1
    return i


def test_the_text_check_finds_untranslated_literals() -> None:
    """The scanner itself, on code with and without mistakes."""
    bad = """
      h("p", { class: "x" }, "Game over");
      h("li", {}, ok ? t("yes") : `Not ${seat} yet`);
      el.textContent = "Waiting…";
      h("button", { "aria-label": "Zoom in" }, "+");
      s("title", {}, cond ? label : 'Station');
      announce("Your turn");
      x.setAttribute("title", "Close it");
    """
    assert untranslated_text(bad) == [
        '"Game over"',
        "`Not ${seat} yet`",
        '"Waiting…"',
        '"Zoom in"',
        "'Station'",
        '"Your turn"',
        '"Close it"',
    ]
    good = """
      h("p", { class: "muted small", dataset: { seat } }, t("game_over"), " · ", "X", "0");
      h("li", {}, `${seat}: ${t("to_act")}`, money(5), "✚".repeat(n) || "0");
      el.textContent = t("waiting", { seats: list.join(", ") });
      const re = /"not text"/g; h("a", { href: "/static/x", title: t("open") }, "→");
      if (a / b > "zz") h("span", {}, ticketName("taxi"), kind === "human" ? "·" : "");
      // h("p", {}, "a comment is not code")
      document.title = `${t("lobby")} · getaway`;
    """
    assert untranslated_text(good) == []


@pytest.mark.parametrize("path", sorted(JS_DIR.glob("*.js")), ids=lambda p: p.name)
def test_no_text_reaches_the_page_without_i18n(path: Path) -> None:
    found = untranslated_text(path.read_text("utf-8"))
    assert not found, f"{path.name} shows text without t(): {found}"


class _TextWithoutKey(HTMLParser):
    """Elements of index.html whose own text has no data-i18n."""

    def __init__(self) -> None:
        super().__init__()
        self.stack: list[tuple[str, dict[str, str | None]]] = []
        self.problems: list[str] = []
        self.noscript = ""

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag not in ("meta", "link", "br", "img", "input"):
            self.stack.append((tag, dict(attrs)))

    def handle_endtag(self, tag: str) -> None:
        while self.stack and self.stack.pop()[0] != tag:
            pass

    def handle_data(self, data: str) -> None:
        if not self.stack or not _WORD.search(data):
            return
        tags = [tag for tag, _ in self.stack]
        if "noscript" in tags:
            self.noscript += data  # no script, no translation: it says it in every language
        elif tags[-1] in ("title", "script", "style"):
            return  # the title is set per page by the scripts
        elif "data-i18n" not in self.stack[-1][1]:
            self.problems.append(f"<{tags[-1]}> {data.strip()!r}")


def test_index_html_text_is_translated() -> None:
    parser = _TextWithoutKey()
    parser.feed((STATIC_DIR / "index.html").read_text("utf-8"))
    assert not parser.problems, parser.problems
    # The one untranslatable text is written in the three languages.
    assert "needs JavaScript" in parser.noscript
    assert "нужен" in parser.noscript and "precisa" in parser.noscript
