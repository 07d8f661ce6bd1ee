// UI strings in English, Russian and Portuguese. Game names, seat names and action ids stay
// as the server sends them; only the words around them are translated.

export const LANGUAGES = { en: "English", ru: "Русский", pt: "Português" };
const STORAGE_KEY = "getaway.lang";
const I18N_URL = new URL("../i18n/", import.meta.url);

let strings = {};
let fallback = {};
let current = "en";

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

async function fetchStrings(lang) {
  const response = await fetch(new URL(`${lang}.json`, I18N_URL));
  return response.json();
}

export async function setLanguage(lang) {
  if (!(lang in LANGUAGES)) lang = "en";
  if (!Object.keys(fallback).length) fallback = await fetchStrings("en");
  strings = lang === "en" ? fallback : await fetchStrings(lang);
  current = lang;
  localStorage.setItem(STORAGE_KEY, lang);
  document.documentElement.lang = lang;
}

export const language = () => current;

/** The string for key with {name} placeholders filled; a missing key shows itself. */
export function t(key, params = {}) {
  const template = strings[key] ?? fallback[key] ?? key;
  return template.replace(/\{(\w+)\}/g, (m, name) => (name in params ? String(params[name]) : m));
}

/** Whether a key exists (used to translate ids when we have a word for them). */
export const has = (key) => key in strings || key in fallback;

/** The word for an id the server sends (`prefix` + id), or the id itself if we have none. */
export const word = (prefix, id) => (has(`${prefix}${id}`) ? t(`${prefix}${id}`) : id);

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
