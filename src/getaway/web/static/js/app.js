// Entry point: pick the language, then route to the lobby or a match page.
//
// Routes come from the path (the server serves index.html at /, /play/{id} and /watch/{id})
// or, when the files are opened from a plain static server, from the hash
// (#/play/{id}?token=T). The token stays in the URL so a reload resumes the seat.

import { LANGUAGES, preferredLanguage, setLanguage, translatePage } from "./i18n.js";
import { h } from "./dom.js";
import { showLobby } from "./lobby.js";
import { showMatch } from "./play.js";

/** {page: "lobby"} or {page: "play"|"watch", id, token}. */
export function parseRoute(loc = location) {
  let path = loc.pathname;
  let query = loc.search;
  if (loc.hash.startsWith("#/")) {
    const [hashPath, hashQuery = ""] = loc.hash.slice(1).split("?");
    path = hashPath;
    query = `?${hashQuery}`;
  }
  const match = path.match(/^\/(play|watch)\/([^/?#]+)\/?$/);
  if (!match) return { page: "lobby" };
  const token = new URLSearchParams(query).get("token");
  return { page: match[1], id: decodeURIComponent(match[2]), token: match[1] === "play" ? token : null };
}

let current = null;

async function render() {
  if (current && current.stop) current.stop();
  const main = document.getElementById("main");
  const route = parseRoute();
  current = route.page === "lobby" ? await showLobby(main) : await showMatch(main, route);
}

function setupLanguagePicker() {
  const select = document.getElementById("lang-select");
  select.replaceChildren(
    ...Object.entries(LANGUAGES).map(([code, name]) => h("option", { value: code }, name)),
  );
  select.value = document.documentElement.lang;
  select.addEventListener("change", async () => {
    await setLanguage(select.value);
    translatePage();
    // Pages build their text when they render, so re-render in the new language.
    render();
  });
}

async function start() {
  await setLanguage(preferredLanguage());
  translatePage();
  setupLanguagePicker();
  window.addEventListener("hashchange", render);
  window.addEventListener("popstate", render);
  await render();
}

start();
