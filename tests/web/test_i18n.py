"""Every word the browser client shows goes through i18n, in English, Russian and Portuguese.

Static checks, no browser, on the shared client's tables (static/i18n/) and on each game's own
(``i18n/`` in its client folder, ``Game.client_dir()``), for every game in the registry and
the test game of tests/web/toy_client:

* each set of tables holds the same keys and placeholders in every language, and Russian and
  Portuguese hold real translations (no English left but names); a game's key never hides a
  shared one;
* the ids the shared pages put into words through a game's table have a key there: every
  option (``opt_``), every team side (``side_``), every end reason seen in random games
  (``outcome_``, whose placeholders are facts the game gives), every bot level (shared);
  some games' own ids too (abilities, cards, tickets...), and every Cash 'n Guns event is
  narrated;
* no text literal reaches the page without ``t()``: the JavaScript (shared and the games')
  is scanned for string literals in text positions (children of ``h()``/``s()``,
  ``textContent`` and the like, ``aria-label``/``title``/``placeholder`` values), and
  index.html for text without ``data-i18n``.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from functools import cache
from html.parser import HTMLParser
from pathlib import Path

import pytest

from getaway.ai import bot_names
from getaway.core import Game, Rng, games
from getaway.web import STATIC_DIR
from tests.web.toy_client import GAME as TEST_GAME

JS_DIR = STATIC_DIR / "js"
I18N_DIR = STATIC_DIR / "i18n"
LANGUAGES = ("en", "ru", "pt")
TRANSLATED = ("ru", "pt")
#: The name of the shared client's tables among the games' (no game may be called so).
SHARED = "(shared)"

#: Latin words allowed in Russian text: names, key caps, and option values typed as they are.
LATIN_NAMES = {
    "getaway", "Ctrl", "Home", "End", "JavaScript", "BBB",
    "classic", "entries", "rounds", "supply", "unlimited",
}  # fmt: skip
#: Portuguese values that may equal the English: names that are not translated.
SAME_IN_PORTUGUESE = {
    "app_name": "the project's name",
    "card_bang": "the card's name",
    # Cash 'n Guns' gangsters keep their names in the Portuguese box.
    **dict.fromkeys(
        ("seat_tino", "seat_el-toro", "seat_lotus", "seat_mr-black", "seat_haggis", "seat_igor"),
        "a character's name",
    ),
    # Escape from New York's heroes and bosses keep their names in Portuguese too.
    **dict.fromkeys(
        (
            "ny_hero_snake",
            "ny_hero_maggie",
            "ny_boss_romero",
            "ny_boss_slag",
            *(f"opt_hero_p{n}_{hero}" for n in range(1, 5) for hero in ("snake", "maggie")),
        ),
        "a character's name",
    ),
}
#: English words that never occur in Portuguese text; one of them means a string was missed
#: ("link" is Portuguese too).
ENGLISH_ONLY = {
    "the", "and", "your", "you", "of", "to", "is", "with", "for", "this", "not", "seat",
    "move", "game", "player", "players", "left", "back", "step", "wins", "nobody",
}  # fmt: skip


def client_games() -> dict[str, Game]:
    """Every registered game, and the test game with its own client (not registered here:
    a registration would outlive this module in the worker)."""
    return {**games(), TEST_GAME.name: TEST_GAME}


@cache
def client_dirs() -> dict[str, Path]:
    """Each game's client folder, for the games that have one."""
    return {name: folder for name, game in client_games().items() if (folder := game.client_dir())}


def _i18n_dir(name: str) -> Path:
    return I18N_DIR if name == SHARED else client_dirs()[name] / "i18n"


def table_sets() -> list[str]:
    """The shared tables and every game's that has its own."""
    return [SHARED, *(n for n in client_dirs() if (_i18n_dir(n) / "en.json").is_file())]


def _tables(name: str = SHARED) -> dict[str, dict[str, str]]:
    folder = _i18n_dir(name)
    return {lang: json.loads((folder / f"{lang}.json").read_text("utf-8")) for lang in LANGUAGES}


def _words(text: str) -> list[str]:
    """The words of a value, placeholders left out."""
    return re.findall(r"[^\W\d_]+", re.sub(r"\{\w+\}", " ", text))


def _latin(text: str) -> list[str]:
    """Latin words of two letters or more (single letters are names: Mr. X, deck D)."""
    return [w for w in _words(text) if re.fullmatch(r"[A-Za-z]{2,}", w)]


def _placeholders(text: str) -> set[str]:
    return set(re.findall(r"\{(\w+)\}", text))


#: The plural categories each language's rules (Intl.PluralRules, cardinal) use for whole
#: numbers; a counted string (``key_one``, ``key_other``... see i18n.js ``plural``) has one
#: form per category, and each language has its own set.
PLURAL_FORMS = {
    "en": {"one", "other"},
    "ru": {"one", "few", "many", "other"},
    "pt": {"one", "other"},
}
_PLURAL_KEY = re.compile(r"^(.+)_(zero|one|two|few|many|other)$")


def _plural_bases(table: dict[str, str]) -> set[str]:
    """The counted strings of a table: the keys with a ``_one`` and an ``_other`` form."""
    return {
        m[1]
        for key in table
        if (m := _PLURAL_KEY.match(key)) and f"{m[1]}_one" in table and f"{m[1]}_other" in table
    }


def _plain_keys(table: dict[str, str]) -> set[str]:
    """A table's keys, each counted string as its base key."""
    bases = _plural_bases(table)
    return {m[1] if (m := _PLURAL_KEY.match(key)) and m[1] in bases else key for key in table}


# The tables ---------------------------------------------------------------------------------


def test_every_game_with_a_client_is_checked() -> None:
    names = table_sets()
    assert names[0] == SHARED and TEST_GAME.name in names
    assert {name for name, game in games().items() if game.client_dir()} <= set(names)


@pytest.mark.parametrize("name", table_sets())
def test_every_language_has_every_key_with_the_same_placeholders(name: str) -> None:
    tables = _tables(name)
    keys = _plain_keys(tables["en"])
    bases = _plural_bases(tables["en"])
    for lang, table in tables.items():
        odd = sorted(_plain_keys(table) ^ keys)
        assert not odd, f"{name} {lang}.json: missing or extra {odd}"
        for base in bases:
            forms = {m[2] for key in table if (m := _PLURAL_KEY.match(key)) and m[1] == base}
            assert forms == PLURAL_FORMS[lang], f"{name} {lang}.json: {base} has forms {forms}"
        for key, value in table.items():
            assert isinstance(value, str) and value.strip(), f"{name} {lang}.json: {key} is empty"
            plural = _PLURAL_KEY.match(key)
            english = f"{plural[1]}_other" if plural and plural[1] in bases else key
            want = _placeholders(tables["en"][english])
            assert _placeholders(value) == want, f"{name} {lang}.json: {key}"


@pytest.mark.parametrize("lang", TRANSLATED)
@pytest.mark.parametrize("name", table_sets())
def test_translations_are_not_english(name: str, lang: str) -> None:
    tables = _tables(name)
    en, table = tables["en"], tables[lang]
    problems = []
    for key, value in table.items():
        # A counted form another language lacks (Russian "few") is checked against "other".
        source = en[key] if key in en else en[_PLURAL_KEY.sub(r"\1_other", key)]
        if not _latin(source) or (key in SAME_IN_PORTUGUESE and lang == "pt"):
            continue  # nothing to translate ("{seat}: {seconds} s"), or a name
        if lang == "ru":
            stray = [w for w in _latin(value) if w not in LATIN_NAMES]
            if stray:
                problems.append(f"{key}: {value!r} has {stray}")
        else:
            if value == source:
                problems.append(f"{key}: {value!r} is the English")
            english = [w for w in _words(value) if w.lower() in ENGLISH_ONLY]
            if english:
                problems.append(f"{key}: {value!r} has English {english}")
    assert not problems, f"{name} {lang}.json:\n" + "\n".join(problems)


def test_a_missing_key_is_caught() -> None:
    """The key check itself: a table without one key, or with English, fails it."""
    tables = _tables()
    broken = dict(tables["ru"])
    broken.pop("game_over")
    assert set(broken) != set(tables["en"])
    assert [w for w in _latin("Game over") if w not in LATIN_NAMES] == ["Game", "over"]


@pytest.mark.parametrize("name", table_sets()[1:])
def test_a_games_keys_hide_no_shared_key(name: str) -> None:
    """A game's translator looks in the game's table first: a key of the shared pages there
    would change them for that game alone."""
    assert not set(_tables(name)["en"]) & set(_tables()["en"])


# Ids the shared pages put into words through a game's table ---------------------------------


def _player_counts(game: Game) -> range:
    return range(game.min_players, game.max_players + 1)


@pytest.mark.parametrize("name", table_sets()[1:])
def test_every_option_and_team_side_has_words(name: str) -> None:
    game = client_games()[name]
    en = _tables(name)["en"]
    wanted = {
        f"opt_{option}{suffix}"
        for option in game.option_help()
        if option != "players"  # the lobby has its own field for it
        for suffix in ("", "_help")
    }
    # A side of one seat is that seat, named as it is; a team is named by the game.
    wanted |= {
        f"side_{side.name}"
        for players in _player_counts(game)
        for side in game.sides({"players": players})
        if side.is_team
    }
    assert not wanted - set(en), f"{name} en.json lacks {sorted(wanted - set(en))}"


def test_every_bot_level_has_a_word() -> None:
    en = _tables()["en"]
    levels = {level for game in client_games().values() for level in bot_names(game)}
    assert {"random", "easy"} <= levels
    assert not {f"botname_{level}" for level in levels} - set(en)


#: Random games played per game to see its end reasons, and their longest length.
RANDOM_GAMES = 12
MAX_ACTIONS = 5_000


@cache
def _end_reasons(name: str) -> dict[str, set[str]]:
    """reason -> the scalar facts it came with, over random games with every player count
    and random options where a game has boolean ones."""
    game = client_games()[name]
    flags = [o for o, v in game.normalize_options({}).items() if isinstance(v, bool)]
    seen: dict[str, set[str]] = {}
    for n in range(RANDOM_GAMES):
        rng = Rng(n)
        players = list(_player_counts(game))[n % len(list(_player_counts(game)))]
        options = {"players": players} | {flag: rng.below(2) == 1 for flag in flags}
        try:
            state = game.new_state(options, seed=n)
        except Exception:  # an impossible mix of options: the defaults then
            state = game.new_state({"players": players}, seed=n)
        for _ in range(MAX_ACTIONS):
            if state.is_over():
                break
            seat = state.to_act()[0]
            legal = state.legal_actions(seat)
            state.apply(seat, legal[rng.below(len(legal))])
        outcome = state.outcome()
        if outcome is not None:
            scalars = {k for k, v in outcome.facts.items() if isinstance(v, str | int | float)}
            seen[outcome.reason] = seen.get(outcome.reason, scalars) & scalars
    return seen


@pytest.mark.parametrize("name", table_sets()[1:])
def test_every_end_reason_seen_has_a_sentence_with_its_facts(name: str) -> None:
    en = _tables(name)["en"]
    reasons = _end_reasons(name)
    assert reasons, f"{name}: no random game ended"
    for reason, facts in reasons.items():
        key = f"outcome_{reason}"
        assert key in en, f"{name} en.json lacks {key} (the shared page would show the summary)"
        unknown = _placeholders(en[key]) - facts - {"winners"}
        assert not unknown, f"{name} {key}: {sorted(unknown)} are not among the facts {facts}"


def _cash_n_guns_words() -> dict[str, set[str]]:
    from getaway.games.cash_n_guns import events
    from getaway.games.cash_n_guns.cards import (
        ABILITY_NAMES,
        CARD_NAMES,
        GUN_STATE_NAMES,
        ROLE_NAMES,
        STATUS_NAMES,
    )
    from getaway.games.cash_n_guns.state import STEP_NAMES
    from getaway.games.cash_n_guns.views import GRENADE_NAMES

    return {
        "ability_": {a for a in ABILITY_NAMES if a},
        "card_": set(CARD_NAMES),
        "gun_": set(GUN_STATE_NAMES),
        "role_": set(ROLE_NAMES),
        "status_": set(STATUS_NAMES),
        "step_": set(STEP_NAMES),
        "grenade_": set(GRENADE_NAMES),
        "reason_": set(events._REASONS),
        "end_": set(events._END_REASONS),
        "outcome_": set(events._END_REASONS),
    }


def _scotland_yard_words() -> dict[str, set[str]]:
    from getaway.games.scotland_yard import state

    ends = {v for k, v in vars(state).items() if k.startswith("END_") and isinstance(v, str)}
    return {"ticket_": {"taxi", "bus", "underground", "black", "ferry"}, "outcome_": ends}


#: Ids of particular games that their renderers put into words (the games' own vocabulary,
#: beyond what the registry tells of every game).
GAME_WORDS: dict[str, Callable[[], dict[str, set[str]]]] = {
    "cash-n-guns": _cash_n_guns_words,
    "scotland-yard": _scotland_yard_words,
}


@pytest.mark.parametrize("name", sorted(GAME_WORDS))
def test_a_games_own_ids_have_words(name: str) -> None:
    en = _tables(name)["en"]
    missing = [
        prefix + item
        for prefix, items in GAME_WORDS[name]().items()
        for item in items
        if prefix + item not in en
    ]
    assert not missing, f"{name} en.json lacks {sorted(missing)}"


def _cng_event_types() -> set[str]:
    from getaway.games.cash_n_guns import events as cng_events

    source = Path(cng_events.__file__).read_text("utf-8")
    body = source[source.index("def event_to_json") : source.index("class _Fields")]
    found = set(re.findall(r'kind == "([a-z0-9-]+)"', body))
    for group in re.findall(r"kind in \(([^)]*)\)", body):
        found |= set(re.findall(r'"([a-z0-9-]+)"', group))
    return found


def test_every_cash_n_guns_event_is_narrated() -> None:
    types = _cng_event_types()
    assert {"round", "fire", "split", "end", "card-returned"} <= types
    table = (client_dirs()["cash-n-guns"] / "renderer.js").read_text("utf-8")
    narrated = set(
        re.findall(
            r'case "([a-z0-9-]+)": return (?:t\(|plural\(|\w+\(e\)|e\.\w+\.length \? t\()', table
        )
    )
    assert types <= narrated, f"its renderer.js does not narrate {sorted(types - narrated)}"


def _keys_used(paths: list[Path], known: set[str]) -> set[str]:
    used: set[str] = set()
    for path in paths:
        text = path.read_text("utf-8")
        used |= set(re.findall(r'\bt\("([a-z0-9_-]+)"', text))
        # A counted string is used through its _other form (the one every language has).
        used |= {f"{key}_other" for key in re.findall(r'\bplural\("([a-z0-9_-]+)"', text)}
        used |= set(re.findall(r'\?\s*"([a-z0-9_]+)"\s*:\s*"[a-z0-9_]+"\s*[,)]', text)) & known
    return used


def test_the_keys_the_shared_code_uses_exist() -> None:
    en = _tables()["en"]
    used = _keys_used(sorted(JS_DIR.glob("*.js")), set(en))
    html = (STATIC_DIR / "index.html").read_text("utf-8")
    used |= set(re.findall(r'data-i18n[a-z-]*="([a-z0-9_]+)"', html))
    assert len(used) > 50
    assert used - set(en) == set()


@pytest.mark.parametrize("name", table_sets()[1:])
def test_the_keys_a_games_code_uses_exist(name: str) -> None:
    known = set(_tables(name)["en"]) | set(_tables()["en"])
    used = _keys_used(sorted(client_dirs()[name].rglob("*.js")), known)
    assert used, f"{name}'s client uses no translation"
    assert used - known == set()


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


def _all_js() -> list[Path]:
    return sorted(JS_DIR.glob("*.js")) + [
        p for folder in client_dirs().values() for p in sorted(folder.rglob("*.js"))
    ]


@pytest.mark.parametrize(
    "path", _all_js(), ids=lambda p: f"{p.parent.parent.name}/{p.parent.name}/{p.name}"
)
def test_no_text_reaches_the_page_without_i18n(path: Path) -> None:
    found = untranslated_text(path.read_text("utf-8"))
    assert not found, f"{path} shows text without t(): {found}"


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
