// A game's client: found through GET /api/games, loaded from the game's own folder (served
// under /games/{name}/), never named here. Live play and the replay viewer draw with the
// same renderer.
//
// The renderer contract (docs/server.md, "A game's client"). The game's `renderer.js` is an
// ES module that exports
//
//   createRenderer(container, ctx) -> renderer
//
// `container` is an empty element the renderer owns (the board or table goes in it). `ctx`:
//   game         the game's entry of GET /api/games (name, title, options, seats, sides...)
//   act(id)      play an action id for this seat (through the shared page: versions, errors)
//   undo()       take this seat's last step back, where the state allows it (can_undo)
//   isPending()  true while an action is on its way, and always in the replay: ignore clicks
//   live         true on a play or watch page, false in the replay viewer
//   t(key, params), has(key), word(prefix, id), plural(key, n, params), language()
//                translations: the game's own strings (its i18n/{lang}.json) first, then
//                the shared ones; plural picks `key`_one/_few/_many/_other by the
//                language's plural rules (Intl.PluralRules)
// `renderer`:
//   update(state)            required; draw a state (it may return a promise). `state` has
//                            game, seat, view, legal_actions, to_act, over, can_undo,
//                            deadlines and outcome (null until the end); in the replay,
//                            legal_actions is empty and can_undo false
//   actionLabel(id, state)   optional; words for an action id, and for what a viewer was
//                            shown of one (its public part with "?", a decision's steps
//                            joined by "/"); used by the action buttons and the replay
//   actionGroups(legal, state)  optional; [{title, open, actions}] to group the buttons
//   formatScore(value, seat) optional; a final score in words (money, points)
//   formatFact(name, value, seat)  optional; a per-seat fact of the outcome in words, for
//                            the result's columns (money); else the value as it is
// A renderer may import the shared helpers of /static/js/dom.js (h, s, replace).

import { gameInfo } from "./api.js";
import { h } from "./dom.js";
import { loadGameStrings, t, translator } from "./i18n.js";

const loaded = new Map(); // game name -> promise of its client

function addStyleSheet(href) {
  if (document.querySelector(`link[rel="stylesheet"][href="${CSS.escape(href)}"]`)) return;
  document.head.append(h("link", { rel: "stylesheet", href }));
}

async function load(name) {
  const info = await gameInfo(name).catch(() => null);
  const client = info && info.client;
  let module = null;
  let problem = null;
  if (client) {
    if (client.css) addStyleSheet(client.css);
    const [strings, imported] = await Promise.allSettled([
      loadGameStrings(name, client.i18n),
      client.renderer ? import(client.renderer) : Promise.resolve(null),
    ]);
    if (imported.status === "fulfilled") module = imported.value;
    else problem = String(imported.reason && imported.reason.message ? imported.reason.message : imported.reason);
    if (strings.status === "rejected" && !problem) problem = String(strings.reason.message || strings.reason);
    if (module && typeof module.createRenderer !== "function") {
      problem = `${client.renderer} does not export createRenderer`;
      module = null;
    }
  }
  return { name, info, module, problem, ...translator(name) };
}

/**
 * The client of game `name`: {name, info (its GET /api/games entry, or null), module (the
 * renderer module, or null), problem (why it could not be loaded, or null), t, has, word,
 * language}. Loaded once per page; a later call waits for the same load.
 */
export function loadClient(name) {
  if (!loaded.has(name)) loaded.set(name, load(name));
  return loaded.get(name);
}

/** A fallback for games without a renderer: the raw view, pretty-printed. */
function createRawView(container) {
  const pre = h("pre", { class: "raw-view" });
  container.append(pre);
  return { update: (state) => (pre.textContent = JSON.stringify(state.view, null, 2)) };
}

/**
 * The renderer of `client` (from loadClient) in `container`, with the page's {act,
 * isPending, live}. A game without a renderer module, or whose module failed, shows its
 * views as they are, with a note saying why.
 */
export function createRenderer(client, container, page) {
  const ctx = {
    game: client.info,
    act: page.act,
    undo: page.undo || (() => null),
    isPending: page.isPending,
    live: page.live,
    t: client.t,
    has: client.has,
    word: client.word,
    plural: client.plural,
    language: client.language,
  };
  if (client.module) {
    try {
      return client.module.createRenderer(container, ctx);
    } catch (err) {
      client.problem = String(err && err.message ? err.message : err);
    }
  }
  if (client.problem) {
    container.append(h("p", { class: "error", role: "alert" }, t("client_failed", { detail: client.problem })));
  }
  return createRawView(container);
}
