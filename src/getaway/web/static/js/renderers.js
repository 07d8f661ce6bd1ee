// The game renderers, by the `game` of a state. Live play and the replay viewer draw with the
// same ones: create(container, ctx) gives {update(state), actionLabel?, actionGroups?}.

import { h } from "./dom.js";
import { createBoardSY } from "./board-sy.js";
import { createTableCNG } from "./table-cng.js";

const RENDERERS = { "scotland-yard": createBoardSY, "cash-n-guns": createTableCNG };

/** A fallback for games without a dedicated renderer: the raw view, pretty-printed. */
function createRawView(container) {
  const pre = h("pre", { class: "raw-view" });
  container.append(pre);
  return { update: (state) => (pre.textContent = JSON.stringify(state.view, null, 2)) };
}

export function createRenderer(game, container, ctx) {
  return (RENDERERS[game] || createRawView)(container, ctx);
}
