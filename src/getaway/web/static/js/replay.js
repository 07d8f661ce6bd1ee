// The replay viewer of a finished match: every step of the game, as one seat saw it, as a
// spectator, or as everything (the `all` view, with every secret). The server opens the
// steps only once the match is over (GET /api/matches/{id}/steps, 403 before), so no
// replay can give a running game away; the board or table is the live page's renderer.

import { getState, getSteps, replayFileUrl } from "./api.js";
import { h, replace } from "./dom.js";
import { t } from "./i18n.js";
import { outcomeNodes } from "./outcome.js";
import { createRenderer, loadClient } from "./renderers.js";
import { matchUrl, replayUrl } from "./routes.js";

const ALL = "all";
const SPECTATOR = "spectator";
const AUTOPLAY_MS = 1200;

function viewerName(viewer, client) {
  if (viewer === ALL) return t("replay_as_all");
  if (viewer === SPECTATOR) return t("replay_as_spectator");
  return t("replay_as_seat", { seat: client.word("seat_", viewer) });
}

/** Keys that step through the replay, unless the focus is somewhere that uses them. */
function isStepKeyTarget(target) {
  return !(target instanceof Element && target.closest("input, select, textarea, svg, summary"));
}

export async function showReplay(main, route) {
  const { id } = route;
  const title = h("h1", { class: "match-title" }, t("loading"));
  const error = h("p", { class: "error", role: "alert" });
  replace(main, h("div", { class: "match-head" }, title), error);
  document.title = `${t("replay")} · getaway`;

  let match;
  try {
    match = await getState(id, null);
  } catch (err) {
    title.textContent = t("replay");
    error.textContent = t("error_prefix", { detail: err.detail });
    return {};
  }
  const client = await loadClient(match.game);
  const gameTitle = client.info ? client.info.title : match.game;
  title.textContent = t("replay_of", { game: gameTitle });
  document.title = `${t("replay_of", { game: gameTitle })} · getaway`;
  const back = h("a", { class: "button small", href: matchUrl("watch", id) }, t("replay_back"));
  if (!match.over) {
    // The steps hold every secret of the game: the server keeps them until the end.
    replace(main, h("div", { class: "match-head" }, title), h("p", { class: "replay-closed" }, t("replay_not_yet")), back);
    return {};
  }

  const seats = match.seats.map((s) => s.seat);
  const viewers = [ALL, ...seats, SPECTATOR];
  let viewer = viewers.includes(route.as) ? route.as : ALL;
  let steps = [];
  let position = 0;
  let playing = null;
  const cache = new Map();

  const asSelect = h(
    "select",
    { id: "replay-as" },
    viewers.map((v) => h("option", { value: v }, viewerName(v, client))),
  );
  asSelect.value = viewer;
  // Arrow glyphs that every system font has; the names are in aria-label and title.
  // Disabled until the steps are in (show() then enables those that go somewhere): a step
  // button that silently does nothing while the replay loads would lose a click.
  const button = (label, glyph, onclick, cls = "") =>
    h("button", { type: "button", class: `replay-step ${cls}`, "aria-label": label, title: label, onclick, disabled: true }, glyph);
  const first = button(t("replay_first"), "|◀", () => go(0), "replay-first");
  const prev = button(t("replay_prev"), "◀", () => go(position - 1), "replay-prev");
  const next = button(t("replay_next"), "▶", () => go(position + 1), "replay-next");
  const last = button(t("replay_last"), "▶|", () => go(steps.length - 1), "replay-last");
  const play = h("button", { type: "button", class: "replay-play", "aria-pressed": "false", onclick: () => toggleAutoplay() }, t("replay_play"));
  const slider = h("input", { id: "replay-slider", type: "range", min: 0, max: 0, value: 0, step: 1 });
  const counter = h("output", { class: "replay-counter", for: "replay-slider", "aria-live": "polite" });
  const caption = h("p", { class: "replay-caption" });
  const gameArea = h("section", { class: "game-area", "aria-label": t("game_view") });
  const resultBox = h("section", { class: "result", hidden: true });
  const renderer = createRenderer(client, gameArea, { act() {}, isPending: () => true, live: false });

  const controls = h(
    "section",
    { class: "replay-controls", "aria-label": t("replay_controls") },
    h("div", { class: "field replay-as" }, h("label", { for: "replay-as" }, t("replay_view_as")), asSelect),
    h("div", { class: "replay-buttons", role: "toolbar", "aria-label": t("replay_controls") }, first, prev, next, last, play),
    h("label", { for: "replay-slider", class: "visually-hidden" }, t("replay_slider")),
    h("div", { class: "replay-track" }, slider, counter),
    caption,
    h("p", { class: "muted small replay-keys" }, t("replay_keys")),
  );
  replace(
    main,
    h("div", { class: "match-head" }, title, h("div", { class: "replay-links" },
      back,
      h("a", { class: "button small", href: replayFileUrl(id), download: `getaway-${id}.json` }, t("replay_download")))),
    error,
    h("div", { class: "match-body replay-body" }, gameArea, h("div", { class: "side" }, controls, resultBox)),
  );

  function stepText(step) {
    if (step.step === 0) return t("replay_start");
    // What this viewer was shown: the action, its public part (secrets as "?"), or the
    // whole decision a step completed (its steps joined by "/"); the server decides, per
    // viewer. `action` alone would name only the decision's last step.
    const shown = step.public ?? step.action;
    // A step this viewer was shown nothing of (a step of another seat's unfinished
    // decision, an answer in a blind step): not even who acted.
    if (shown === null || shown === undefined) {
      return step.seat === null ? t("replay_step_hidden") : t("replay_step_unnamed", { seat: step.seat });
    }
    const label = renderer.actionLabel ? renderer.actionLabel(shown, stepState(step)) : shown;
    // The last answer of a blind step is public, but not whose it was.
    if (step.seat === null) return t("replay_step_anonymous", { action: label });
    return t("replay_step_text", { seat: step.seat, action: label });
  }

  function stepState(step) {
    const view = step.view;
    const isLast = step === steps[steps.length - 1];
    return {
      game: match.game,
      seat: viewer,
      view,
      legal_actions: [],
      to_act: view.to_act || [],
      over: isLast && match.over,
      can_undo: false,
      deadlines: {},
      outcome: isLast ? match.outcome : null,
    };
  }

  function show() {
    const step = steps[position];
    if (!step) return;
    renderer.update(stepState(step));
    slider.max = String(steps.length - 1);
    slider.value = String(position);
    const where = t("replay_counter", { step: position, last: steps.length - 1 });
    counter.textContent = where;
    slider.setAttribute("aria-valuetext", `${where}: ${stepText(step)}`);
    caption.textContent = stepText(step);
    const focused = document.activeElement;
    first.disabled = prev.disabled = position === 0;
    next.disabled = last.disabled = position === steps.length - 1;
    // A button that just went dead (Last at the end, First at the start) would drop the
    // keyboard to the page's top: hand it to the button that still goes somewhere.
    if (focused && focused.disabled) (focused === first || focused === prev ? next : prev).focus();
    const isLast = position === steps.length - 1;
    resultBox.hidden = !isLast;
    if (isLast) {
      replace(resultBox, h("h2", {}, t("game_over")), outcomeNodes(match.outcome, client, renderer));
    }
    history.replaceState(null, "", replayUrl(id, viewer, position));
  }

  function go(n) {
    if (!steps.length) return;
    position = Math.max(0, Math.min(steps.length - 1, n));
    if (position === steps.length - 1) stopAutoplay();
    show();
  }

  function stopAutoplay() {
    clearInterval(playing);
    playing = null;
    play.textContent = t("replay_play");
    play.setAttribute("aria-pressed", "false");
  }

  function toggleAutoplay() {
    if (playing) {
      stopAutoplay();
      return;
    }
    if (position === steps.length - 1) go(0);
    playing = setInterval(() => go(position + 1), AUTOPLAY_MS);
    play.textContent = t("replay_pause");
    play.setAttribute("aria-pressed", "true");
  }

  async function load(wanted) {
    error.textContent = "";
    try {
      if (!cache.has(wanted)) cache.set(wanted, await getSteps(id, wanted));
    } catch (err) {
      error.textContent = t("error_prefix", { detail: err.detail });
      return;
    }
    viewer = wanted;
    steps = cache.get(wanted);
    go(position);
  }

  slider.addEventListener("input", () => go(Number(slider.value)));
  asSelect.addEventListener("change", () => load(asSelect.value));
  const onKey = (event) => {
    if (!isStepKeyTarget(event.target) || event.altKey || event.ctrlKey || event.metaKey) return;
    const moves = { ArrowLeft: -1, ArrowRight: 1 };
    if (event.key in moves) go(position + moves[event.key]);
    else if (event.key === "Home") go(0);
    else if (event.key === "End") go(steps.length - 1);
    else return;
    event.preventDefault();
  };
  document.addEventListener("keydown", onKey);

  position = Number.isInteger(route.step) && route.step >= 0 ? route.step : 0;
  await load(viewer);
  return {
    stop() {
      stopAutoplay();
      document.removeEventListener("keydown", onKey);
    },
  };
}
