// The host's panel on a match page: every seat, whether its person is here (the server
// counts open WebSockets per seat), and the host's power over seats: hand an absent
// player's seat to a bot of a chosen level, give a bot's seat back to a person with a new
// link (which also revokes the old one), or open a seat whose link nobody has used yet to
// anyone (until then only its own link takes it). Shown only where the host token is known: the
// device that created the match, or the lobby's private host link.

import { postHandOver, postOpenSeat } from "./api.js";
import { botLabel, defaultLevel, orderedLevels } from "./bots.js";
import { copyButton } from "./copy.js";
import { h, replace } from "./dom.js";
import { t } from "./i18n.js";

const STORAGE_PREFIX = "getaway.host.";

/** The host token of match `id` on this device, remembering one given in the URL. */
export function hostToken(id, fromUrl = null) {
  try {
    if (fromUrl) localStorage.setItem(`${STORAGE_PREFIX}${id}`, fromUrl);
    return fromUrl || localStorage.getItem(`${STORAGE_PREFIX}${id}`);
  } catch {
    return fromUrl; // storage refused (private mode): only the URL's token
  }
}

export function rememberHostToken(id, token) {
  try {
    localStorage.setItem(`${STORAGE_PREFIX}${id}`, token);
  } catch {
    /* private mode: the host features are just unavailable on this page later */
  }
}

function presence(seat) {
  if (seat.kind === "bot") return t("host_bot_plays");
  if (seat.connected) return t("online");
  if (seat.claimed) return t("offline");
  return seat.open ? t("host_seat_open") : t("host_link_unused");
}

/**
 * createHostPanel(box, {id, token, levels, seatName, onError, onChanged}) -> {update(state)}.
 * `levels` are the game's bot names (GET /api/games), in the server's order; `seatName(id)`
 * names a seat in the page's language (the id itself by default).
 */
export function createHostPanel(box, { id, token, levels, seatName = (seat) => seat, onError, onChanged }) {
  const chosen = new Map(); // seat -> the level picked in its menu (kept across updates)
  const newLinks = new Map(); // seat -> the new link of a seat given back to a person
  let busy = false;
  let lastKey = "";
  let lastState = null;

  async function handOver(seat, level) {
    await hostAction(async () => {
      const answer = await postHandOver(id, token, seat, level);
      if (answer.url) newLinks.set(seat, answer.url);
      else newLinks.delete(seat);
    });
  }

  async function openSeat(seat) {
    await hostAction(() => postOpenSeat(id, token, seat));
  }

  async function hostAction(work) {
    if (busy) return;
    busy = true;
    onError("");
    box.classList.add("busy");
    try {
      await work();
      onChanged();
    } catch (err) {
      onError(err.detail);
    } finally {
      busy = false;
      box.classList.remove("busy");
      lastKey = "";
      if (lastState) update(lastState);
    }
  }

  function seatRow(seat) {
    const name = seat.seat;
    const shown = seatName(name);
    const what = seat.kind === "bot" ? botLabel(seat.bot_level) : t("human");
    const status = h("span", { class: `presence ${seat.kind === "human" && seat.connected ? "is-online" : ""}` }, presence(seat));
    const controls = [];
    if (seat.kind === "human") {
      const selectId = `host-level-${name}`;
      const select = h(
        "select",
        { id: selectId, dataset: { seat: name } },
        orderedLevels(levels).map((level) => h("option", { value: level }, botLabel(level))),
      );
      select.value = chosen.get(name) || defaultLevel(levels);
      select.addEventListener("change", () => chosen.set(name, select.value));
      controls.push(
        h("label", { for: selectId, class: "visually-hidden" }, t("host_level_for", { seat: shown })),
        select,
        h("button", {
          type: "button",
          class: "small host-to-bot",
          dataset: { seat: name },
          onclick: () => handOver(name, select.value),
        }, t("host_to_bot")),
      );
      if (!seat.claimed && !seat.open) {
        controls.push(h("button", {
          type: "button",
          class: "small host-open-seat",
          dataset: { seat: name },
          title: t("host_open_seat_hint"),
          onclick: () => openSeat(name),
        }, t("host_open_seat")));
      }
    } else {
      controls.push(
        h("button", {
          type: "button",
          class: "small host-to-person",
          dataset: { seat: name },
          onclick: () => handOver(name, null),
        }, t("host_to_person")),
      );
    }
    const link = newLinks.get(name);
    return h(
      "li",
      { class: "host-seat", dataset: { seat: name, kind: seat.kind } },
      h("div", { class: "host-seat-head" }, h("strong", {}, shown), " ", what, " · ", status),
      h("div", { class: "host-controls" }, controls),
      link && seat.kind === "human"
        ? h("div", { class: "host-new-link link-row" },
          h("span", { class: "link-label" }, t("host_new_link", { seat: shown })),
          h("input", { type: "text", readonly: true, value: link, class: "link-text", "aria-label": t("host_new_link", { seat: shown }) }),
          copyButton(link, t("copy_link_of", { who: shown })),
          h("p", { class: "muted small" }, t("host_old_link_revoked")))
        : null,
    );
  }

  function update(state) {
    lastState = state;
    box.hidden = state.over;
    if (state.over) return;
    // Rebuild only when something shown changed, so an open menu is not torn down by a
    // presence update from another seat.
    const key = JSON.stringify([state.seats, [...newLinks]]);
    if (key === lastKey) return;
    lastKey = key;
    // Where the keyboard was: a control of a seat's row (by id, else its row), or none.
    const active = document.activeElement && box.contains(document.activeElement) ? document.activeElement : null;
    const focusedId = active ? active.id : "";
    const focusedRow = active && active.closest("li.host-seat") ? active.closest("li.host-seat").dataset.seat : null;
    replace(
      box,
      h("h2", {}, t("host_title")),
      h("p", { class: "muted small" }, t("host_hint")),
      h("ul", { class: "host-seats" }, state.seats.map(seatRow)),
    );
    // The same control if it is still there, else the first of the same seat's row (a seat
    // handed to a bot now offers "give back"), so the focus never falls to the page's top.
    const again = (focusedId && box.querySelector(`#${CSS.escape(focusedId)}`))
      || (focusedRow && box.querySelector(`li.host-seat[data-seat="${CSS.escape(focusedRow)}"] :is(button, select, input)`));
    if (again) again.focus();
  }

  return { update };
}
