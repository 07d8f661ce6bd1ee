// The play/watch page: follows one match for one token (or as a spectator) and renders the
// generic parts (turn, errors, actions, timer, seats, result). The board or table comes from
// the game's own renderer module (see renderers.js), found through the state's `game`.

import { follow, getState, joinMatch, postAction, postRematch, postUndo } from "./api.js";
import { botLabel } from "./bots.js";
import { observeState, secondsLeft } from "./clock.js";
import { h, replace } from "./dom.js";
import { t } from "./i18n.js";
import { createHostPanel, hostToken, rememberHostToken } from "./host.js";
import { outcomeNodes } from "./outcome.js";
import { replacedBanner, showLinkProblem } from "./problem.js";
import { createRenderer, loadClient } from "./renderers.js";
import { matchUrl, replayUrl } from "./routes.js";

/** Seconds left at which the countdown turns urgent and is read out once. */
const URGENT_SECONDS = 10;

function announce(text) {
  const region = document.getElementById("announcer");
  // Clearing first makes screen readers repeat an identical message.
  region.textContent = "";
  setTimeout(() => (region.textContent = text), 50);
}

export async function showMatch(main, route) {
  const { id, token } = route;
  let state = null;
  let renderer = null;
  let pending = false;
  let lastTurnKey = "";
  let follower = null;
  let tick = null;
  let client = null; // the game's client (renderers.js): its GET /api/games entry, renderer, words
  let host = null; // the host's seat panel, where this device knows the host token
  let urgentSaid = "";
  let overSaid = false;
  let revoked = false; // the host replaced this page's seat link: no more moves from here
  const closedGroups = new Set(); // titles of the move groups the player closed
  const hostSecret = hostToken(id, route.host);

  const title = h("h1", { class: "match-title" });
  const connection = h("span", { class: "connection", role: "status" });
  // A practice match's seed is known, and with it every hidden card: every seat is told.
  const practice = h("p", { class: "practice-banner", role: "note", hidden: true });
  const turn = h("p", { class: "turn", tabindex: "-1" });
  const countdown = h("p", { class: "countdown", hidden: true });
  const error = h("p", { class: "error", role: "alert" });
  const gameArea = h("section", { class: "game-area", "aria-label": t("game_view") });
  const actionsBox = h("section", { class: "actions", "aria-label": t("your_actions"), tabindex: "-1" });
  const typed = h("form", { class: "typed-action" });
  const seatsBox = h("section", { class: "seats-box" });
  const hostBox = h("section", { class: "host-box", "aria-label": t("host_title"), hidden: true });
  const resultBox = h("section", { class: "result", hidden: true });
  const revokedBox = h("div", { class: "revoked-box" });
  const joinBox = h("section", { class: "join", hidden: true });

  replace(
    main,
    h("div", { class: "match-head" }, title, connection),
    practice,
    turn,
    countdown,
    error,
    revokedBox,
    resultBox,
    h("div", { class: "match-body" }, gameArea, h("div", { class: "side" }, actionsBox, typed, joinBox, hostBox, seatsBox)),
  );
  // On a phone the moves are drawn above the game (app.css): put them there in the document
  // too, so that the Tab order and screen readers meet them in the order they are drawn.
  const side = actionsBox.parentElement;
  const phone = window.matchMedia("(max-width: 899px)");
  const placeActions = () => (phone.matches ? gameArea.before(actionsBox) : side.prepend(actionsBox));
  placeActions();
  phone.addEventListener("change", placeActions);

  const showError = (message) => {
    error.textContent = message ? t("error_prefix", { detail: message }) : "";
    if (message) announce(error.textContent);
  };

  const myTurn = () => state && state.legal_actions.length > 0;
  const mySeat = () => (state ? state.seat : token ? "?" : "spectator");

  async function act(action) {
    if (pending || !state) return;
    pending = true;
    showError("");
    actionsBox.classList.add("busy");
    const sent = state.version;
    try {
      apply(await postAction(id, token, action, sent));
    } catch (err) {
      if (err.status === 403) {
        revoke();
        return;
      }
      showError(err.detail);
      // 409: the match moved on while we chose; show the current position.
      if (err.status === 409 || err.status === 422) await refresh();
      // Another seat's move reached the server first (in a simultaneous step, say): nothing
      // was played, and the player is told so in words, not with version numbers.
      if (err.status === 409 && state.version > sent && myTurn()) showError(t("stale_move"));
    } finally {
      pending = false;
      actionsBox.classList.remove("busy");
    }
  }

  async function undo() {
    try {
      apply(await postUndo(id, token, state.version));
      showError("");
    } catch (err) {
      showError(err.detail);
    }
  }

  async function refresh() {
    try {
      apply(await getState(id, token));
    } catch (err) {
      showError(err.detail);
    }
  }

  // undo: a renderer may take a step back too (Escape in a decision made in steps).
  const ctx = { act, undo: () => (state && state.can_undo && !pending ? undo() : null), isPending: () => pending, live: true };

  /** The seat's link was replaced: drop the moves at once and say what happened. */
  function revoke() {
    if (revoked) return;
    revoked = true;
    if (follower) follower.stop();
    replace(revokedBox, replacedBanner(id));
    const wasInside = actionsBox.contains(document.activeElement);
    if (state) apply({ ...state, version: state.version });
    const banner = revokedBox.querySelector("a");
    if (wasInside && banner) banner.focus();
  }

  // Frames may arrive out of order (a POST answer and a WebSocket push); never go back.
  function apply(next) {
    observeState(next);
    if (state && next.version < state.version) return;
    // A page whose link was replaced offers nothing more, whatever comes in late.
    // (Nor does it count down: it follows the match no more.)
    state = revoked ? { ...next, legal_actions: [], can_undo: false, deadlines: {} } : next;
    if (!client) {
      // The first state came from a push (the first GET failed): find its game's client.
      loadClient(next.game).then((loadedClient) => {
        client = client || loadedClient;
        render();
      });
      return;
    }
    render();
  }

  /** A seat as the game names it in the page's language (`seat_{id}`), else its id. */
  function seatName(seat) {
    return client ? client.word("seat_", seat) : seat;
  }

  function render() {
    if (!state) return;
    if (!renderer) renderer = createRenderer(client, gameArea, ctx);
    const who = state.seat === "spectator" ? t("spectator") : t("seat_named", { seat: seatName(state.seat) });
    const game = client.info ? client.info.title : state.game;
    title.textContent = `${game} · ${who}`;
    document.title = `${game} · ${who} · getaway`;
    renderPractice();
    renderTurn();
    renderer.update(state);
    renderActions();
    renderSeats();
    renderResult();
    renderJoin();
    renderCountdown();
    if (host) host.update(state);
  }

  function renderPractice() {
    practice.hidden = !state.practice;
    // The seed is a decimal string: 64 bits are not exact as a JavaScript number.
    practice.textContent = state.practice ? t("practice_banner", { seed: state.seed }) : "";
  }

  function renderTurn() {
    let text;
    if (state.over) text = t("game_over");
    else if (myTurn()) text = t("your_turn");
    else if (state.to_act.length) text = t("waiting_for", { seats: state.to_act.join(", ") });
    else text = t("waiting");
    turn.textContent = text;
    // Once over, the result panel says so under its own heading (and is read out).
    // A replaced link's page has its banner instead: it follows the turns no more.
    turn.hidden = state.over || revoked;
    turn.classList.toggle("mine", myTurn());
    // Announce only when the situation changes, not on every presence update.
    const key = `${state.over}|${myTurn()}|${state.to_act.join(",")}`;
    if (key !== lastTurnKey) {
      lastTurnKey = key;
      if (!state.over) announce(text);
    }
  }

  /** Where the keyboard was in the moves panel, to put it back after a rebuild. */
  function focusedAction() {
    const el = document.activeElement;
    if (!el || !actionsBox.contains(el)) return null;
    const buttons = [...actionsBox.querySelectorAll("button, summary")];
    return { action: el.dataset.action, index: buttons.indexOf(el), summary: el.tagName === "SUMMARY" ? el.textContent : null };
  }

  /** After a rebuild: the same move if it is still offered, else the next choice, else the panel. */
  function restoreFocus(was) {
    if (!was) return;
    const buttons = [...actionsBox.querySelectorAll("button, summary")].filter((b) => b.getClientRects().length);
    const same = (was.action && buttons.find((b) => b.dataset.action === was.action))
      || (was.summary && buttons.find((b) => b.tagName === "SUMMARY" && b.textContent === was.summary));
    const target = same || buttons[Math.min(Math.max(was.index, 0), buttons.length - 1)];
    if (target) target.focus();
    else if (!actionsBox.hidden) actionsBox.focus();
    else turn.focus();
  }

  function renderActions() {
    const was = focusedAction();
    renderMoves();
    restoreFocus(was);
  }

  /** Reads which groups are open from the page itself before a rebuild: the "toggle" event comes
   * a task after a click or Escape closes a group, so a state arriving in between would reopen it. */
  function rememberGroupsAsShown() {
    for (const details of actionsBox.querySelectorAll("details.action-group")) {
      const title = details.dataset.title;
      if (details.open) closedGroups.delete(title);
      else closedGroups.add(title);
    }
  }

  function renderMoves() {
    const legal = state.legal_actions;
    if (!legal.length) {
      replace(actionsBox, state.seat === "spectator" ? null : h("p", { class: "muted" }, t("no_actions")));
      typed.hidden = true;
    } else {
      const groups = renderer.actionGroups ? renderer.actionGroups(legal, state) : [{ title: null, actions: legal }];
      rememberGroupsAsShown();
      replace(
        actionsBox,
        h("h2", {}, t("your_actions")),
        groups.map((group) => {
          const buttons = h(
            "div",
            { class: "action-buttons" },
            group.actions.map((a) =>
              h("button", { type: "button", class: "action", dataset: { action: a }, onclick: () => act(a) },
                renderer.actionLabel ? renderer.actionLabel(a, state) : a),
            ),
          );
          if (!group.title) return buttons;
          const open = group.open && !closedGroups.has(group.title);
          const details = h("details", { class: "action-group", open: open || null, dataset: { title: group.title } }, h("summary", {}, group.title), buttons);
          // A group the player closed (a click, or Escape) stays closed at the next state.
          details.addEventListener("toggle", () => {
            if (details.open) closedGroups.delete(group.title);
            else closedGroups.add(group.title);
          });
          return details;
        }),
      );
      typed.hidden = false;
    }
    if (state.can_undo) actionsBox.append(h("button", { type: "button", class: "undo", onclick: undo }, t("undo")));
    // A spectator has no moves: no empty panel either.
    actionsBox.hidden = !actionsBox.childElementCount;
  }

  // The typed box accepts any action id, for keyboard users and for long lists.
  const input = h("input", { id: "typed-input", name: "action", list: "legal-list", autocomplete: "off", spellcheck: "false" });
  const datalist = h("datalist", { id: "legal-list" });
  replace(
    typed,
    h("label", { for: "typed-input" }, t("type_action")),
    h("div", { class: "typed-row" }, input, h("button", { type: "submit" }, t("send"))),
    datalist,
  );
  typed.addEventListener("submit", (event) => {
    event.preventDefault();
    const value = input.value.trim();
    if (!value) return;
    input.value = "";
    act(value);
  });
  const refreshDatalist = () =>
    replace(datalist, (state ? state.legal_actions : []).map((a) => h("option", { value: a })));

  function renderSeats() {
    // The host's panel lists the seats already, with more to do.
    seatsBox.hidden = Boolean(host) && !state.over;
    replace(
      seatsBox,
      h("h2", {}, t("seats")),
      h(
        "ul",
        { class: "seat-list" },
        state.seats.map((s) =>
          h(
            "li",
            { class: `seat-item${state.to_act.includes(s.seat) ? " to-act" : ""}` },
            h("strong", {}, seatName(s.seat)),
            " ",
            s.kind === "bot" ? botLabel(s.bot_level) : t("human"),
            s.kind === "human" ? ` · ${s.connected ? t("online") : s.claimed ? t("offline") : s.open ? t("open_seat") : t("host_link_unused")}` : "",
            state.to_act.includes(s.seat) ? ` · ${t("to_act")}` : "",
          ),
        ),
      ),
    );
    refreshDatalist();
  }

  function renderResult() {
    resultBox.hidden = !state.over;
    if (!state.over) return;
    let rematch = null;
    if (state.rematch) {
      // The host token opens the rematch too: its page keeps the host's panel.
      if (hostSecret) rememberHostToken(state.rematch, hostSecret);
      const page = token ? "play" : "watch";
      rematch = h("a", { class: "button primary", href: matchUrl(page, state.rematch, token) }, t("go_to_rematch"));
    } else if (hostSecret) {
      rematch = h("button", {
        type: "button",
        class: "primary",
        onclick: async () => {
          try {
            await postRematch(id, hostSecret);
            refresh();
          } catch (err) {
            showError(err.detail);
          }
        },
      }, t("start_rematch"));
    }
    // A rebuilt panel keeps the keyboard: on the rematch (its link once it has started).
    const hadFocus = resultBox.contains(document.activeElement);
    replace(
      resultBox,
      h("h2", {}, t("game_over")),
      outcomeNodes(state.outcome, client, renderer),
      h("div", { class: "result-links" },
        h("a", {
          class: "button replay-link",
          href: replayUrl(id, state.seat === "spectator" ? "all" : state.seat),
        }, t("watch_replay")),
        rematch),
    );
    if (hadFocus) (rematch || resultBox.querySelector("a")).focus();
    if (!overSaid) {
      // Read out the end once: that it is over, who won and why.
      overSaid = true;
      const parts = [t("game_over"), ...[".winners", ".reason"].map((q) => resultBox.querySelector(q)?.textContent)];
      announce(`${parts.filter(Boolean).map((part) => part.replace(/\.$/, "")).join(". ")}.`);
    }
  }

  function renderJoin() {
    const open = state.seat === "spectator" && !state.over
      ? state.seats.filter((s) => s.kind === "human" && !s.claimed && s.open)
      : [];
    joinBox.hidden = !open.length;
    if (!open.length) return;
    replace(
      joinBox,
      h("h2", {}, t("join")),
      open.map((s) =>
        h("button", {
          type: "button",
          onclick: async () => {
            try {
              const joined = await joinMatch(id, s.seat);
              // A full navigation: the page restarts as the seat, with its own socket.
              location.assign(matchUrl("play", id, joined.token));
            } catch (err) {
              showError(err.detail);
            }
          },
        }, t("join_as", { seat: seatName(s.seat) })),
      ),
    );
  }

  function renderCountdown() {
    clearInterval(tick);
    const deadlines = state.deadlines || {};
    const mine = deadlines[state.seat];
    const entries = Object.entries(deadlines);
    if (state.over || !entries.length) {
      countdown.hidden = true;
      return;
    }
    // Counted on the server's clock as estimated in clock.js, never on this device's: a
    // phone whose clock is a minute off still shows the right number of seconds.
    const update = () => {
      const left = (at) => secondsLeft(at, state.turn_seconds);
      countdown.hidden = false;
      if (mine !== undefined) {
        const s = left(mine);
        countdown.textContent = t("time_left_you", { seconds: s });
        const urgent = s <= URGENT_SECONDS;
        countdown.classList.toggle("urgent", urgent);
        // Read out once per decision, not every second.
        const key = `${state.version}|${mine}`;
        if (urgent && s > 0 && urgentSaid !== key) {
          urgentSaid = key;
          announce(countdown.textContent);
        }
      } else {
        countdown.textContent = entries.map(([seat, at]) => t("time_left_seat", { seat, seconds: left(at) })).join(" · ");
        countdown.classList.remove("urgent");
      }
    };
    update();
    tick = setInterval(update, 250);
  }

  const onStatus = (kind, detail, status) => {
    connection.textContent = t(`conn_${kind}`);
    connection.className = `connection conn-${kind}`;
    // 403 once the page had its state: the host gave this seat a new link.
    if (kind === "closed" && status === 403 && state) revoke();
    else if (kind === "closed" && detail) showError(detail);
  };

  // Escape closes the chooser the keyboard is in (a group of moves), back on its summary.
  const onKey = (event) => {
    if (event.key !== "Escape") return;
    const open = document.activeElement && document.activeElement.closest("details[open]");
    if (!open || !main.contains(open)) return;
    open.open = false;
    open.querySelector("summary").focus();
    event.preventDefault();
  };
  document.addEventListener("keydown", onKey);

  title.textContent = t("loading");
  try {
    const first = await getState(id, token);
    client = await loadClient(first.game);
    if (hostSecret && !first.over) {
      host = createHostPanel(hostBox, {
        id,
        token: hostSecret,
        levels: client.info ? client.info.bots : [],
        seatName,
        onError: showError,
        onChanged: refresh,
      });
    }
    apply(first);
  } catch (err) {
    // A link that opens no seat (403) or no match (404): a page that says so, not a dead one.
    if (err.status === 403 || err.status === 404) {
      document.removeEventListener("keydown", onKey);
      return showLinkProblem(main, id, err.status);
    }
    showError(err.detail);
  }
  follower = follow(id, token, apply, onStatus);

  return {
    stop() {
      follower.stop();
      clearInterval(tick);
      document.removeEventListener("keydown", onKey);
    },
    mySeat,
  };
}
