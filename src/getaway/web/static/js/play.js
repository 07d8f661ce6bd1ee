// The play/watch page: follows one match for one token (or as a spectator) and renders the
// generic parts (turn, errors, actions, timer, seats, result). The board or table comes from
// the game's renderer module, chosen by the state's `game`.

import { follow, getState, joinMatch, postAction, postRematch, postUndo } from "./api.js";
import { h, replace } from "./dom.js";
import { t } from "./i18n.js";
import { createBoardSY } from "./board-sy.js";
import { createTableCNG } from "./table-cng.js";

const RENDERERS = { "scotland-yard": createBoardSY, "cash-n-guns": createTableCNG };

/** A fallback renderer for games without a dedicated one: the raw view, pretty-printed. */
function createRawView(container) {
  const pre = h("pre", { class: "raw-view" });
  container.append(pre);
  return { update: (state) => (pre.textContent = JSON.stringify(state.view, null, 2)) };
}

function announce(text) {
  const region = document.getElementById("announcer");
  // Clearing first makes screen readers repeat an identical message.
  region.textContent = "";
  setTimeout(() => (region.textContent = text), 50);
}

function matchUrl(page, id, token) {
  // Keep the style of routing the page was opened with (path or hash).
  const path = `/${page}/${encodeURIComponent(id)}${token ? `?token=${encodeURIComponent(token)}` : ""}`;
  return location.hash.startsWith("#/") ? `${location.pathname}#${path}` : path;
}

export async function showMatch(main, route) {
  const { id, token } = route;
  let state = null;
  let renderer = null;
  let pending = false;
  let lastTurnKey = "";
  let follower = null;
  let tick = null;

  const title = h("h1", { class: "match-title" });
  const connection = h("span", { class: "connection", role: "status" });
  const turn = h("p", { class: "turn" });
  const countdown = h("p", { class: "countdown", hidden: true });
  const error = h("p", { class: "error", role: "alert" });
  const gameArea = h("section", { class: "game-area", "aria-label": t("game_view") });
  const actionsBox = h("section", { class: "actions", "aria-label": t("your_actions") });
  const typed = h("form", { class: "typed-action" });
  const seatsBox = h("section", { class: "seats-box" });
  const resultBox = h("section", { class: "result", hidden: true });
  const joinBox = h("section", { class: "join", hidden: true });

  replace(
    main,
    h("div", { class: "match-head" }, title, connection),
    turn,
    countdown,
    error,
    resultBox,
    h("div", { class: "match-body" }, gameArea, h("div", { class: "side" }, actionsBox, typed, joinBox, seatsBox)),
  );

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
    try {
      apply(await postAction(id, token, action, state.version));
    } catch (err) {
      showError(err.detail);
      // 409: the match moved on while we chose; show the current position.
      if (err.status === 409 || err.status === 422) refresh();
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

  const ctx = { act, isPending: () => pending };

  // Frames may arrive out of order (a POST answer and a WebSocket push); never go back.
  function apply(next) {
    if (state && next.version < state.version) return;
    state = next;
    render();
  }

  function render() {
    if (!state) return;
    if (!renderer) {
      const create = RENDERERS[state.game] || createRawView;
      renderer = create(gameArea, ctx);
    }
    const who = state.seat === "spectator" ? t("spectator") : t("seat_named", { seat: state.seat });
    title.textContent = `${state.game} · ${who}`;
    document.title = `${state.game} · ${who} · getaway`;
    renderTurn();
    renderer.update(state);
    renderActions();
    renderSeats();
    renderResult();
    renderJoin();
    renderCountdown();
  }

  function renderTurn() {
    let text;
    if (state.over) text = t("game_over");
    else if (myTurn()) text = t("your_turn");
    else if (state.to_act.length) text = t("waiting_for", { seats: state.to_act.join(", ") });
    else text = t("waiting");
    turn.textContent = text;
    turn.classList.toggle("mine", myTurn());
    // Announce only when the situation changes, not on every presence update.
    const key = `${state.over}|${myTurn()}|${state.to_act.join(",")}`;
    if (key !== lastTurnKey) {
      lastTurnKey = key;
      announce(text);
    }
  }

  function renderActions() {
    const legal = state.legal_actions;
    if (!legal.length) {
      replace(actionsBox, state.seat === "spectator" ? null : h("p", { class: "muted" }, t("no_actions")));
      typed.hidden = true;
    } else {
      const groups = renderer.actionGroups ? renderer.actionGroups(legal, state) : [{ title: null, actions: legal }];
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
          return h("details", { class: "action-group", open: group.open || null }, h("summary", {}, group.title), buttons);
        }),
      );
      typed.hidden = false;
    }
    if (state.can_undo) actionsBox.append(h("button", { type: "button", class: "undo", onclick: undo }, t("undo")));
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
            h("strong", {}, s.seat),
            " ",
            s.kind === "bot" ? t("bot_level", { level: s.bot_level }) : t("human"),
            s.kind === "human" ? ` · ${s.connected ? t("online") : s.claimed ? t("offline") : t("open_seat")}` : "",
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
    const returns = state.returns
      ? Object.entries(state.returns).map(([seat, r]) => h("li", {}, `${seat}: ${r}`))
      : [];
    const hostToken = localStorage.getItem(`getaway.host.${id}`);
    let rematch = null;
    if (state.rematch) {
      const page = token ? "play" : "watch";
      rematch = h("a", { class: "button primary", href: matchUrl(page, state.rematch, token) }, t("go_to_rematch"));
    } else if (hostToken) {
      rematch = h("button", {
        type: "button",
        class: "primary",
        onclick: async () => {
          try {
            await postRematch(id, hostToken);
            refresh();
          } catch (err) {
            showError(err.detail);
          }
        },
      }, t("start_rematch"));
    }
    replace(
      resultBox,
      h("h2", {}, t("game_over")),
      h("p", {}, t("winner_is", { winner: state.winner ?? "—" })),
      returns.length ? h("ul", { class: "returns" }, returns) : null,
      rematch,
    );
  }

  function renderJoin() {
    const open = state.seat === "spectator" && !state.over
      ? state.seats.filter((s) => s.kind === "human" && !s.claimed)
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
        }, t("join_as", { seat: s.seat })),
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
    // The server's clock is Unix seconds; ours may be off a little, which is fine for a
    // display (the server decides when time is up).
    const update = () => {
      const now = Date.now() / 1000;
      const left = (at) => Math.max(0, Math.ceil(at - now));
      countdown.hidden = false;
      if (mine !== undefined) {
        const s = left(mine);
        countdown.textContent = t("time_left_you", { seconds: s });
        countdown.classList.toggle("urgent", s <= 10);
      } else {
        countdown.textContent = entries.map(([seat, at]) => t("time_left_seat", { seat, seconds: left(at) })).join(" · ");
        countdown.classList.remove("urgent");
      }
    };
    update();
    tick = setInterval(update, 1000);
  }

  const onStatus = (kind, detail) => {
    connection.textContent = t(`conn_${kind}`);
    connection.className = `connection conn-${kind}`;
    if (kind === "closed" && detail) showError(detail);
  };

  title.textContent = t("loading");
  try {
    apply(await getState(id, token));
  } catch (err) {
    showError(err.detail);
  }
  follower = follow(id, token, apply, onStatus);

  return {
    stop() {
      follower.stop();
      clearInterval(tick);
    },
    mySeat,
  };
}
