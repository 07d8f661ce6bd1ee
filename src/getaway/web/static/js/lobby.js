// The lobby: choose a game, players, options and bots; create the match; hand out links.

import { createMatch, getGames } from "./api.js";
import { h, replace } from "./dom.js";
import { loadGameStrings, t, translatePage, translator, word } from "./i18n.js";
import { botLabel, orderedLevels } from "./bots.js";
import { copyButton } from "./copy.js";
import { rememberHostToken } from "./host.js";

/** The seats of `game` (its GET /api/games entry) with `players` players, in table order. */
function seatsFor(game, players) {
  return (game.seats_by_players || {})[String(players)] || game.seats;
}

/** The side of `seat` with `players` players, from the game's declared sides, when it plays
 * in a team (a side of one seat says nothing the seat's name does not). */
function teamOf(game, players, seat) {
  const sides = ((game.sides || {})[String(players)] || {}).sides || [];
  const side = sides.find((sd) => sd.seats.includes(seat));
  return side && side.seats.length > 1 ? side.name : null;
}

/** One input per game option, typed after its default value. Labels and help come from the
 * game's translations when it has them (`opt_{name}`, `opt_{name}_help` in its own i18n
 * table), else from the server's English. */
function optionField(words, name, serverHelp, value) {
  const label = words.word("opt_", name);
  const help = words.has(`opt_${name}_help`) ? words.t(`opt_${name}_help`) : serverHelp;
  const id = `opt-${name}`;
  let input;
  if (typeof value === "boolean") {
    input = h("input", { id, type: "checkbox", name, checked: value });
  } else if (typeof value === "number") {
    input = h("input", { id, type: "number", name, value, inputmode: "numeric" });
  } else if (Array.isArray(value)) {
    input = h("input", { id, type: "text", name, value: value.join(", "), dataset: { kind: "list" } });
  } else {
    input = h("input", { id, type: "text", name, value: value ?? "" });
  }
  input.dataset.default = JSON.stringify(value);
  const helpId = `${id}-help`;
  input.setAttribute("aria-describedby", helpId);
  return h(
    "div",
    { class: `field option ${typeof value === "boolean" ? "field-check" : ""}` },
    h("label", { for: id }, label),
    input,
    h("small", { id: helpId, class: "help" }, help),
  );
}

function readOption(input) {
  const fallback = JSON.parse(input.dataset.default);
  if (input.type === "checkbox") return input.checked;
  if (input.type === "number") return input.value === "" ? fallback : Number(input.value);
  if (input.dataset.kind === "list") {
    return input.value.split(",").map((x) => x.trim()).filter(Boolean).map((x) => (isNaN(x) ? x : Number(x)));
  }
  return input.value;
}

function linkRow(label, url, kind) {
  return h(
    "li",
    { class: "link-row" },
    h("span", { class: "link-label" }, label),
    h("input", { type: "text", readonly: true, value: url, "aria-label": label, class: "link-text" }),
    copyButton(url, t("copy_link_of", { who: label })),
    h("a", { href: url, class: "button small", target: kind === "watch" ? "_blank" : null }, t(kind === "watch" ? "watch" : "open")),
  );
}

/** The host's own page: the spectators' page with the host token, which it remembers. */
function hostLink(created) {
  const url = new URL(created.spectator_url, location.href);
  url.searchParams.set("host", created.host_token);
  return url.href;
}

function showCreated(out, created) {
  replace(
    out,
    h("h2", { tabindex: "-1" }, t("match_created")),
    h("p", {}, t("invite_hint")),
    h(
      "ul",
      { class: "links" },
      created.seats.map((s) => linkRow(t("seat_link", { seat: s.seat }), s.url, "play")),
      linkRow(t("spectator_link"), created.spectator_url, "watch"),
      linkRow(t("host_link"), hostLink(created), "watch"),
    ),
    h("p", { class: "muted small" }, t("host_link_hint")),
    Object.keys(created.bots || {}).length
      ? h("p", { class: "muted" }, t("bots_playing", { list: Object.entries(created.bots).map(([s, l]) => `${s} (${word("botname_", l)})`).join(", ") }))
      : null,
  );
  // The host token allows handing seats to bots and rematches; kept on this device, and in
  // the private host link for another one.
  rememberHostToken(created.id, created.host_token);
  out.querySelector("h2").focus();
}

export async function showLobby(main) {
  document.title = `${t("lobby")} · getaway`;
  const error = h("p", { class: "error", role: "alert" });
  const out = h("section", { class: "created", "aria-live": "polite" });
  replace(main, h("h1", {}, t("new_match")), h("p", { class: "loading" }, t("loading")));
  let games;
  try {
    games = await getGames();
  } catch (err) {
    replace(main, h("h1", {}, t("new_match")), h("p", { class: "error", role: "alert" }, t("error_prefix", { detail: err.detail })));
    return {};
  }

  const gameSelect = h("select", { id: "game", name: "game" }, games.map((g) => h("option", { value: g.name }, g.title)));
  const playersInput = h("input", { id: "players", type: "number", inputmode: "numeric" });
  const timerInput = h("input", { id: "turn-seconds", type: "number", min: 1, inputmode: "numeric", placeholder: t("no_timer") });
  // A practice match: everyone is shown its seed (chosen here, or drawn by the server).
  const practiceInput = h("input", { id: "practice", type: "checkbox" });
  const seedInput = h("input", { id: "seed", type: "text", inputmode: "numeric", pattern: "[0-9]*", placeholder: t("practice_seed_random") });
  const optionsBox = h("fieldset", { class: "options" });
  const seatsBox = h("fieldset", { class: "seats" });
  const game = () => games.find((g) => g.name === gameSelect.value);

  const renderSeats = () => {
    const g = game();
    const words = translator(g.name);
    const n = Number(playersInput.value) || g.default_options.players;
    const seats = seatsFor(g, n);
    replace(
      seatsBox,
      h("legend", {}, t("seats")),
      seats.map((seat) =>
        h(
          "div",
          { class: "field seat-row" },
          h("label", { for: `seat-${seat}` }, seat, teamOf(g, n, seat)
            ? h("small", { class: "muted side-name" }, words.word("side_", teamOf(g, n, seat))) : null),
          h(
            "select",
            { id: `seat-${seat}`, dataset: { seat } },
            h("option", { value: "" }, t("human")),
            orderedLevels(g.bots).map((level) => h("option", { value: level }, botLabel(level))),
          ),
        ),
      ),
    );
  };

  const renderGame = async () => {
    const g = game();
    // The game's own words (option labels, side names) come from its client folder.
    if (g.client) await loadGameStrings(g.name, g.client.i18n).catch(() => null);
    if (g !== game()) return; // another game was chosen meanwhile
    const words = translator(g.name);
    playersInput.min = g.min_players;
    playersInput.max = g.max_players;
    playersInput.value = g.default_options.players ?? g.min_players;
    replace(
      optionsBox,
      h("legend", {}, t("options")),
      Object.entries(g.options)
        .filter(([name]) => name !== "players")
        .map(([name, help]) => optionField(words, name, help, g.default_options[name])),
    );
    renderSeats();
  };

  gameSelect.addEventListener("change", renderGame);
  playersInput.addEventListener("change", renderSeats);

  const form = h(
    "form",
    { class: "lobby", novalidate: true },
    h("div", { class: "field" }, h("label", { for: "game" }, t("game")), gameSelect),
    h("div", { class: "field" }, h("label", { for: "players" }, t("players")), playersInput),
    seatsBox,
    h("details", {}, h("summary", {}, t("options")), optionsBox),
    h("div", { class: "field" }, h("label", { for: "turn-seconds" }, t("turn_seconds")), timerInput),
    h(
      "details",
      { class: "practice" },
      h("summary", {}, t("practice_match")),
      h("p", { class: "muted small" }, t("practice_hint")),
      h("div", { class: "field field-check" }, practiceInput, h("label", { for: "practice" }, t("practice_match"))),
      h("div", { class: "field" }, h("label", { for: "seed" }, t("practice_seed")), seedInput),
    ),
    h("button", { type: "submit", class: "primary" }, t("create")),
    error,
  );

  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    error.textContent = "";
    const g = game();
    // Send only the options the user changed: some defaults depend on others (e.g. the
    // edition of a game may set its board), and the server knows those rules.
    const options = {};
    for (const input of optionsBox.querySelectorAll("input")) {
      const value = readOption(input);
      if (JSON.stringify(value) !== input.dataset.default) options[input.name] = value;
    }
    const bots = {};
    for (const select of seatsBox.querySelectorAll("select")) {
      if (select.value) bots[select.dataset.seat] = select.value;
    }
    const body = { game: g.name, players: Number(playersInput.value), options, bots };
    if (timerInput.value) body.turn_seconds = Number(timerInput.value);
    if (practiceInput.checked) body.practice = true;
    // Sent as digits: a 64-bit seed is not exact as a JavaScript number (the server reads a
    // string of digits as the integer). Without the practice box the server says why not.
    const seed = seedInput.value.trim();
    if (seed) body.seed = seed;
    const submit = form.querySelector("button[type=submit]");
    submit.disabled = true;
    try {
      showCreated(out, await createMatch(body));
    } catch (err) {
      error.textContent = t("error_prefix", { detail: err.detail });
    } finally {
      submit.disabled = false;
    }
  });

  replace(main, h("h1", {}, t("new_match")), form, out);
  await renderGame();
  translatePage(main);
  return {};
}
