// Entry point: pick the language, then route to the lobby or a match page.
//
// Routes come from the path (the server serves index.html at /, /play/{id} and /watch/{id};
// a replay is /watch/{id}?replay, see parseRoute)
// or, when the files are opened from a plain static server, from the hash
// (#/play/{id}?token=T). The token stays in the URL so a reload resumes the seat.

import { LANGUAGES, preferredLanguage, setLanguage, translatePage } from "./i18n.js";
import { h } from "./dom.js";
import { showLobby } from "./lobby.js";
import { showMatch } from "./play.js";
import { showNotFound } from "./problem.js";
import { showReplay } from "./replay.js";

/**
 * The lobby's paths: "/", or the page itself as a plain static server serves it
 * (/index.html, or a folder holding it). Any other path has no page.
 */
function isLobbyPath(path) {
  return path === "" || path === "/" || /\/index\.html$/.test(path)
    || (path.endsWith("/") && !/^\/(play|watch|replay)\//.test(path));
}

/**
 * {page: "notfound"}, {page: "lobby"}, {page: "play"|"watch", id, token, host} or {page: "replay", id, as, step}.
 *
 * The replay of a finished match is /watch/{id}?replay (the server serves the page there),
 * optionally with &as=SEAT|spectator|all and &step=N; /replay/{id} is understood too.
 * `host` is the host's token (the lobby's private host link), remembered on this device.
 */
export function parseRoute(loc = location) {
  let path = loc.pathname;
  let query = loc.search;
  if (loc.hash.startsWith("#/")) {
    const [hashPath, hashQuery = ""] = loc.hash.slice(1).split("?");
    path = hashPath;
    query = `?${hashQuery}`;
  }
  const match = path.match(/^\/(play|watch|replay)\/([^/?#]+)\/?$/);
  if (!match) return { page: isLobbyPath(path) ? "lobby" : "notfound" };
  const params = new URLSearchParams(query);
  const id = decodeURIComponent(match[2]);
  if (match[1] === "replay" || (match[1] === "watch" && params.has("replay"))) {
    const step = params.get("step");
    return { page: "replay", id, as: params.get("as"), step: step === null ? null : Number(step) };
  }
  const token = match[1] === "play" ? params.get("token") : null;
  return { page: match[1], id, token, host: params.get("host") };
}

let current = null;

async function render() {
  if (current && current.stop) current.stop();
  const main = document.getElementById("main");
  const route = parseRoute();
  const pages = { lobby: showLobby, replay: showReplay, play: showMatch, watch: showMatch, notfound: showNotFound };
  current = await pages[route.page](main, route);
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
