// The lobby: choose a game, players, options and bots; create the match; hand out links.
// It names no game: the form is built from each game's GET /api/games entry (its option
// schema, seats and sides per player count, bot levels) and worded from the game's own table.

import { createMatch, getGames } from "./api.js";
import { h, replace } from "./dom.js";
import { loadGameStrings, t, translatePage, translator, word } from "./i18n.js";
import { botLabel, defaultLevel, orderedLevels } from "./bots.js";
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

/** The seat a person usually takes: the one alone on its side when another side is a team
 * (one against many, the lone side being the one the rest hunt), else the first seat. Every
 * other seat starts as a bot, so a new player gets a game from the defaults alone. */
function yourDefaultSeat(game, players, seats) {
  const sides = ((game.sides || {})[String(players)] || {}).sides || [];
  const lone = sides.some((sd) => sd.seats.length > 1) ? sides.find((sd) => sd.seats.length === 1) : null;
  return lone ? lone.seats[0] : seats[0];
}

/** The value of a seat's select for the person creating the match ("you"). */
const YOU = "@you";

/** An option's declaration (GET /api/games option_schema); from its default value for a
 * server that sends none. */
function optionSpec(game, name) {
  const declared = (game.option_schema || {})[name];
  if (declared) return declared;
  const value = game.default_options[name];
  const type = typeof value === "boolean" ? "bool" : typeof value === "number" ? "int" : Array.isArray(value) ? "list" : "text";
  return { type, default: value, help: (game.options || {})[name] || "" };
}

/** The input of one option, after its declared type: a switch for true/false, a number
 * input with its range, a select of the translated choices (`opt_{name}_{choice}` in the
 * game's table, else the choice as it is), a text of comma-separated numbers for a list. */
function optionInput(words, name, spec, id) {
  const value = spec.default;
  if (spec.type === "bool") return h("input", { id, type: "checkbox", role: "switch", name, checked: value });
  if (spec.type === "int") {
    return h("input", { id, type: "number", name, value, min: spec.min, max: spec.max, step: 1, inputmode: "numeric" });
  }
  if (spec.type === "choice") {
    return h(
      "select",
      { id, name },
      spec.choices.map((choice) => h("option", { value: choice, selected: choice === value }, words.word(`opt_${name}_`, choice))),
    );
  }
  if (spec.type === "list") {
    return h("input", { id, type: "text", name, value: value.join(", "), inputmode: "numeric", dataset: { kind: "list" } });
  }
  return h("input", { id, type: "text", name, value: value ?? "" });
}

/** One field per game option. Labels and help come from the game's translations when it
 * has them (`opt_{name}`, `opt_{name}_help` in its own i18n table), else from the server's
 * English. */
function optionField(words, name, spec) {
  const label = words.word("opt_", name);
  const help = words.has(`opt_${name}_help`) ? words.t(`opt_${name}_help`) : spec.help;
  const id = `opt-${name}`;
  const input = optionInput(words, name, spec, id);
  input.dataset.default = JSON.stringify(spec.default);
  const helpId = `${id}-help`;
  input.setAttribute("aria-describedby", helpId);
  const labelEl = h("label", { for: id }, label);
  // A switch reads as "[x] label", the others as "label [input]".
  return h(
    "div",
    { class: `field option ${spec.type === "bool" ? "field-check" : ""}` },
    spec.type === "bool" ? [input, labelEl] : [labelEl, input],
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

/** The defaults of every option given the choices now made: the game's defaults, changed by
 * each choice or switch that sets others' (its `sets` in the schema), in the game's order. */
function followedDefaults(game, inputs) {
  const defaults = { ...game.default_options };
  for (const input of inputs) {
    const sets = (optionSpec(game, input.name).sets || {})[String(readOption(input))];
    if (sets) Object.assign(defaults, sets);
  }
  return defaults;
}

/** Show an option's value. */
function writeOption(input, value) {
  if (input.type === "checkbox") input.checked = value;
  else input.value = Array.isArray(value) ? value.join(", ") : value;
}

/** After a choice that sets other options' defaults (an edition its board), the options the
 * player has not changed follow the new one; those changed by hand stay. An option is sent
 * only when it differs from its default, so the server applies the same rules. */
function followDefaults(game, optionsBox) {
  const inputs = [...optionsBox.querySelectorAll("input, select")];
  const defaults = followedDefaults(game, inputs);
  for (const input of inputs) {
    const before = input.dataset.default;
    const now = JSON.stringify(defaults[input.name]);
    if (before === now) continue;
    if (!input.dataset.byHand) writeOption(input, defaults[input.name]);
    input.dataset.default = now;
  }
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

function showCreated(out, created, words, yours) {
  const seatName = (seat) => words.word("seat_", seat);
  // Your own seat first, to open at once; the others to send on.
  const seats = [...created.seats].sort((a, b) => (b.seat === yours) - (a.seat === yours));
  replace(
    out,
    h("h2", { tabindex: "-1" }, t("match_created")),
    h("p", {}, t("invite_hint")),
    h(
      "ul",
      { class: "links" },
      seats.map((s) =>
        linkRow(t(s.seat === yours ? "your_seat_link" : "seat_link", { seat: seatName(s.seat) }), s.url, "play"),
      ),
      linkRow(t("spectator_link"), created.spectator_url, "watch"),
      linkRow(t("host_link"), hostLink(created), "watch"),
    ),
    h("p", { class: "muted small" }, t("host_link_hint")),
    Object.keys(created.bots || {}).length
      ? h("p", { class: "muted" }, t("bots_playing", { list: Object.entries(created.bots).map(([s, l]) => `${seatName(s)} (${word("botname_", l)})`).join(", ") }))
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
    const yours = yourDefaultSeat(g, n, seats);
    const level = defaultLevel(orderedLevels(g.bots));
    const selects = seats.map((seat) => {
      const team = teamOf(g, n, seat);
      const select = h(
        "select",
        { id: `seat-${seat}`, dataset: { seat } },
        h("option", { value: YOU, selected: seat === yours }, t("lobby_you")),
        h("option", { value: "" }, t("lobby_person")),
        orderedLevels(g.bots).map((l) => h("option", { value: l, selected: seat !== yours && l === level }, botLabel(l))),
      );
      const label = h("label", { for: select.id }, words.word("seat_", seat),
        team ? h("small", { class: "muted side-name" }, words.word("side_", team)) : null);
      return h("div", { class: "field seat-row" }, label, select);
    });
    replace(seatsBox, h("legend", {}, t("seats")), selects);
  };

  // One seat at most is "you": choosing it for a seat makes the one that was a person's.
  seatsBox.addEventListener("change", (event) => {
    if (event.target.value !== YOU) return;
    for (const select of seatsBox.querySelectorAll("select")) {
      if (select !== event.target && select.value === YOU) select.value = "";
    }
  });

  const renderGame = async () => {
    const g = game();
    // The game's own words (option labels, side names) come from its client folder.
    if (g.client) await loadGameStrings(g.name, g.client.i18n).catch(() => null);
    if (g !== game()) return; // another game was chosen meanwhile
    const words = translator(g.name);
    playersInput.min = g.min_players;
    playersInput.max = g.max_players;
    playersInput.value = g.default_options.players ?? g.min_players;
    // One player count only: nothing to choose.
    playersInput.disabled = g.min_players === g.max_players;
    replace(
      optionsBox,
      h("legend", {}, t("options")),
      Object.keys(g.option_schema || g.options)
        .filter((name) => name !== "players")
        .map((name) => optionField(words, name, optionSpec(g, name))),
    );
    renderSeats();
  };

  // The form is drawn again for the chosen game once its words have loaded; a submit in the
  // meantime waits for that, so it never sends one game's seats with another game's name.
  let rendered = Promise.resolve();
  gameSelect.addEventListener("change", () => {
    rendered = renderGame();
  });
  optionsBox.addEventListener("change", (event) => {
    event.target.dataset.byHand = "1";
    followDefaults(game(), optionsBox);
  });
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
    await rendered;
    const g = game();
    // Send only the options the user changed: some defaults depend on others (e.g. the
    // edition of a game may set its board), and the server knows those rules.
    const options = {};
    for (const input of optionsBox.querySelectorAll("input, select")) {
      const value = readOption(input);
      if (JSON.stringify(value) !== input.dataset.default) options[input.name] = value;
    }
    const bots = {};
    let yours = null;
    for (const select of seatsBox.querySelectorAll("select")) {
      if (select.value === YOU) yours = select.dataset.seat;
      else if (select.value) bots[select.dataset.seat] = select.value;
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
      showCreated(out, await createMatch(body), translator(g.name), yours);
    } catch (err) {
      error.textContent = t("error_prefix", { detail: err.detail });
    } finally {
      submit.disabled = false;
    }
  });

  replace(main, h("h1", {}, t("new_match")), form, out);
  rendered = renderGame();
  await rendered;
  translatePage(main);
  return {};
}
