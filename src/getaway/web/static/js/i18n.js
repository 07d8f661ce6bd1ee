// UI strings in English, Russian and Portuguese. Seat names and action ids stay as the
// server sends them; only the words around them are translated.
//
// Two kinds of tables: the shared client's (static/i18n/{lang}.json) and each game's own,
// from its client folder (the `client.i18n` URL pattern of GET /api/games). A game's
// translator looks in the game's table first, then in the shared one, so a game's renderer
// and the shared pages speaking of that game (its options, sides, end reasons) use one `t`.

export const LANGUAGES = { en: "English", ru: "Русский", pt: "Português" };
const STORAGE_KEY = "getaway.lang";
const I18N_URL = new URL("../i18n/", import.meta.url);

let strings = {};
let fallback = {};
let current = "en";
/** name -> {pattern, strings, fallback}: the games' own tables, loaded on demand. */
const gameTables = new Map();

/** The language to start with: the one chosen before, else the browser's, else English. */
export function preferredLanguage() {
  const saved = localStorage.getItem(STORAGE_KEY);
  if (saved && saved in LANGUAGES) return saved;
  for (const tag of navigator.languages || [navigator.language || "en"]) {
    const base = tag.toLowerCase().split("-")[0];
    if (base in LANGUAGES) return base;
  }
  return "en";
}

async function fetchTable(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return response.json();
}

const fetchStrings = (lang) => fetchTable(new URL(`${lang}.json`, I18N_URL));

async function fillGameTable(table, lang) {
  const url = (code) => table.pattern.replace("{lang}", code);
  if (!Object.keys(table.fallback).length) table.fallback = await fetchTable(url("en"));
  // A language the game has no table for falls back to its English.
  table.strings = lang === "en" ? table.fallback : await fetchTable(url(lang)).catch(() => ({}));
}

export async function setLanguage(lang) {
  if (!(lang in LANGUAGES)) lang = "en";
  if (!Object.keys(fallback).length) fallback = await fetchStrings("en");
  strings = lang === "en" ? fallback : await fetchStrings(lang);
  current = lang;
  localStorage.setItem(STORAGE_KEY, lang);
  document.documentElement.lang = lang;
  await Promise.all([...gameTables.values()].map((table) => fillGameTable(table, lang)));
}

/**
 * Load game `name`'s own strings from `pattern` (a URL with "{lang}" for the language code),
 * once; later language changes reload them. Without a pattern the game has no strings of
 * its own and its translator is the shared one.
 */
export async function loadGameStrings(name, pattern) {
  if (!pattern || gameTables.has(name)) return;
  const table = { pattern, strings: {}, fallback: {} };
  await fillGameTable(table, current);
  gameTables.set(name, table);
}

export const language = () => current;

function lookup(key, tables) {
  for (const table of tables) {
    if (key in table) return table[key];
  }
  return undefined;
}

function fill(template, params) {
  return template.replace(/\{(\w+)\}/g, (m, name) => (name in params ? String(params[name]) : m));
}

/** The language's plural category of `n` ("one", "few", "many", "other"...), cached per language. */
const pluralRules = new Map();
export function pluralCategory(lang, n) {
  if (!pluralRules.has(lang)) pluralRules.set(lang, new Intl.PluralRules(lang));
  return pluralRules.get(lang).select(n);
}

function makeTranslator(tablesNow) {
  const t = (key, params = {}) => fill(lookup(key, tablesNow()) ?? key, params);
  const has = (key) => lookup(key, tablesNow()) !== undefined;
  const word = (prefix, id) => (has(`${prefix}${id}`) ? t(`${prefix}${id}`) : id);
  // `key`_one, _few, _many, _other... as the language's plural rules file `n` (1 wound, 2
  // раны, 5 ран), else `key`_other, else `key`; {n} is filled with `n` unless params say
  // otherwise.
  const plural = (key, n, params = {}) => {
    const exact = `${key}_${pluralCategory(current, n)}`;
    const chosen = has(exact) ? exact : has(`${key}_other`) ? `${key}_other` : key;
    return t(chosen, { n, ...params });
  };
  return { t, has, word, plural, language };
}

const shared = makeTranslator(() => [strings, fallback]);

/** The string for key with {name} placeholders filled; a missing key shows itself. */
export const t = shared.t;

/** Whether a key exists (used to translate ids when we have a word for them). */
export const has = shared.has;

/** The word for an id the server sends (`prefix` + id), or the id itself if we have none. */
export const word = shared.word;

/** The string for a count `n` in the language's plural form (see makeTranslator). */
export const plural = shared.plural;

/**
 * {t, has, word, plural, language} for game `name`: its own strings first (see loadGameStrings),
 * then the shared ones. Tables are looked up at each call, so a language change applies.
 */
export function translator(name) {
  return makeTranslator(() => {
    const table = gameTables.get(name);
    return table ? [table.strings, table.fallback, strings, fallback] : [strings, fallback];
  });
}

/** Fill static markup: data-i18n sets the text, data-i18n-aria the aria-label. */
export function translatePage(root = document) {
  for (const el of root.querySelectorAll("[data-i18n]")) el.textContent = t(el.dataset.i18n);
  for (const el of root.querySelectorAll("[data-i18n-aria]")) {
    el.setAttribute("aria-label", t(el.dataset.i18nAria));
  }
  for (const el of root.querySelectorAll("[data-i18n-placeholder]")) {
    el.setAttribute("placeholder", t(el.dataset.i18nPlaceholder));
  }
}
