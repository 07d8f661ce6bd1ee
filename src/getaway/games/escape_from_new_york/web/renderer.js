// Escape from New York: the hex map as it is explored (tiles, landmarks, outskirts tokens,
// enemies, heroes, cars, markers, barricades, bridges), New York's board and the timer, the
// events and diplomats, each hero's board (the viewer's own hand and objectives in full,
// the others' hidden cards as backs), the turn, a log of what the table showed, and every
// legal choice by click: on the map (a space an action names, a bridge) or as a button of
// the shared page. A renderer module as docs/server.md describes ("A game's client"),
// served from this folder; what it needs of the content (the board, the tiles' symbols, the
// cards' effects) comes from content.json beside it (build_client_data.py), the names from
// the game's i18n tables. Only the view is drawn: a secret shows as a card back or "?".

import { h, replace, s } from "/static/js/dom.js";

// The page's translators (ctx.t and friends), set by createRenderer: this game's strings
// (i18n/{lang}.json beside this file) first, then the shared ones.
let t = (key) => key;
let has = () => false;
let word = (prefix, id) => id;

const DATA_URL = new URL("content.json", import.meta.url);
let dataPromise = null;
/** The content the page draws from, fetched once per page. */
function loadData() {
  if (!dataPromise) {
    dataPromise = fetch(DATA_URL).then((r) => {
      if (!r.ok) throw new Error(`${DATA_URL}: ${r.status}`);
      return r.json();
    });
  }
  return dataPromise;
}
let DATA = null;

/** What the server shows of a secret value (docs/server.md). */
const HIDDEN = "?";
/** A hex's radius (centre to corner) in SVG units; the hexes are flat side up. */
const R = 34;
const ROOT3 = Math.sqrt(3);
/** Room around the board for the bridges leaving it. */
const MARGIN = 36;
/** Each direction's angle on the page (y grows downwards), as the topology names them. */
const ANGLES = { U: -90, UR: -30, DR: 30, D: 90, DL: 150, UL: 210 };
const ARROWS = { U: "↑", UR: "↗", DR: "↘", D: "↓", DL: "↙", UL: "↖" };
/** The kinds of action whose part after the kind names a space ("C,R"), by where it is. */
const CELL_AT = { step: 1, explore: 1, peek: 1, landmark: 1, helicopter: 1, deceive: 2 };
/** Actions of "any moment of your turn" (turns.py's FREE_KINDS), grouped apart. */
const ANY_MOMENT = new Set(["take-car", "pick-up", "abandon-car", "token-item", "use", "reveal", "fire", "take-diplomat", "take-president", "attempt"]);
/** How many lines the log keeps. */
const LOG_LINES = 40;

// --- names ------------------------------------------------------------------------------

const seatName = (seat) => word("seat_", seat);
const heroName = (hero) => word("ny_hero_", hero);
const cardName = (id) => (id === HIDDEN ? t("ny_hidden_card") : word("ny_card_", id));
const itemName = (id) => (id === HIDDEN ? t("ny_hidden_card") : word("ny_item_", id));
const diplomatName = (id) => (id === HIDDEN ? t("ny_hidden_card") : word("ny_diplomat_", id));
const landmarkName = (id) => word("ny_landmark_", id);
const bossName = (id) => word("ny_boss_", id);
const newYorkName = (id) => word("ny_nycard_", id);
const eventName = (id) => word("ny_event_", id);
const timerName = (id) => word("ny_timer_", id);
const carName = (id) => word("ny_car_", id);
const cellText = (cell) => t("ny_cell", { cell: `${cell[0]},${cell[1]}` });
const cellOf = (text) => text.split(",").map(Number);

/** A card of a personal supply: [kind, id, face_up] ("?" for a face-down card not one's own). */
function supplyName(card) {
  const [kind, id, faceUp] = card;
  if (id === HIDDEN) return t("ny_face_down_card");
  const name = kind === "item" ? itemName(id) : diplomatName(id);
  return faceUp ? name : t("ny_face_down", { what: name });
}

/** What an objective card asks, in words. */
function objectiveText(id) {
  const objective = DATA && DATA.objectives[id];
  if (!objective) return id;
  const target = objective.target;
  let text;
  if (target.kind === "vehicle") text = t("ny_obj_vehicle", { vehicle: word("ny_vehicle_", target.vehicle) });
  else if (target.kind === "wanted") text = t("ny_obj_wanted");
  else if (target.card) text = t("ny_obj_card", { card: DATA.items[target.card] ? itemName(target.card) : diplomatName(target.card) });
  else text = t("ny_obj_diagram");
  return t("ny_obj_colour", { what: text, colour: word("ny_colour_", objective.colour) });
}

// --- what cards do ------------------------------------------------------------------------

/** One effect of a card, an item or an ability in words (schema.py's vocabulary). */
function effectText(e) {
  switch (e.do) {
    case "move": {
      const flags = ["via_manholes", "destroys_barricades", "ignores_between", "requires_no_enemies", "passenger"]
        .filter((flag) => e[flag]).map((flag) => t(`ny_fx_${flag}`));
      const base = t(e.up_to ? "ny_fx_move_up_to" : "ny_fx_move", { steps: e.steps });
      return flags.length ? `${base} (${flags.join(", ")})` : base;
    }
    case "explore": return (e.spaces || 1) > 1 ? t("ny_fx_explore_n", { n: e.spaces }) : t("ny_fx_explore");
    case "explore_landmark": return t(e.adjacent ? "ny_fx_landmark_near" : "ny_fx_landmark_any");
    case "attack": return t("ny_fx_attack", { damage: e.damage, range: e.range });
    case "deceive": return t(e.up_to ? "ny_fx_deceive_up_to" : "ny_fx_deceive", { n: e.enemies, range: e.range });
    case "gain_item": return t("ny_fx_gain_item", { n: e.items || 1 });
    case "return_discard": return t(e.choice === "random" ? "ny_fx_return_random" : "ny_fx_return", { n: e.cards });
    case "steal": return t("ny_fx_steal");
    case "peek_landmarks": return t("ny_fx_peek_landmarks", { n: e.landmarks });
    case "peek_new_york": return t("ny_fx_peek_new_york");
    case "move_helicopter": return t(e.to === "next_park" ? "ny_fx_helicopter_next" : "ny_fx_helicopter_any");
    case "prevent_damage": return t("ny_fx_prevent", { n: e.damage });
    case "reload": return e.ammo ? t("ny_fx_reload_n", { n: e.ammo }) : t("ny_fx_reload");
    case "remove_president_alive": return t("ny_fx_remove_alive");
    default: return e.do;
  }
}

/** A hero action card as the hand shows it: its name, kind, noise and effects. */
function cardDetails(id) {
  const card = DATA && DATA.cards[id];
  if (!card) return "";
  const parts = (card.effects || []).map(effectText);
  if (card.item_symbol) parts.push(t("ny_fx_item_symbol"));
  return `${word("ny_type_", card.type)} · ${t("ny_noise_n", { n: card.noise })}${parts.length ? ` · ${parts.join("; ")}` : ""}`;
}

/** An item's use in words (a weapon's bonus, ammo and noise too). */
function itemDetails(id) {
  const item = DATA && DATA.items[id];
  if (!item) return "";
  const parts = [];
  if (item.weapon) parts.push(t("ny_weapon"));
  if (item.damage_bonus) parts.push(t("ny_fx_bonus", { n: item.damage_bonus.amount }));
  parts.push(...(item.use || []).map(effectText));
  if (item.noise_on_use) parts.push(t("ny_noise_n", { n: item.noise_on_use }));
  if (item.bridge) parts.push(t("ny_fx_bridge", { n: item.bridge }));
  return parts.join("; ");
}

function card(name, details, extra = {}) {
  return h("li", { class: `ny-card${extra.cls ? ` ${extra.cls}` : ""}` },
    h("strong", {}, name), details ? h("span", { class: "ny-card-text" }, details) : null);
}

/** Face-down cards of another hero: as many backs as the view counts, and the number. */
function backs(n, label) {
  return h("p", { class: "ny-backs" },
    h("span", { class: "ny-back-row", "aria-hidden": "true" }, Array.from({ length: Math.min(n, 12) }, () => h("span", { class: "ny-back" }))),
    t(label, { n }));
}

// --- action ids in words (docs/games/escape-from-new-york.md, "What the turn covers") ------

let currentView = null;
/** The legal actions the view's ``choices`` were listed for: a replay's or a log's action
 * (another moment's numbers) keeps its bare number. */
let currentLegal = [];

/** What number ``index`` of an action of ``kind`` names (the view's ``choices``, listed for
 * the seat to act: choices.py), or null when the view does not say. */
function named(kind, index, id) {
  const choices = currentView && currentView.choices;
  if (!choices || !choices[kind] || !currentLegal.includes(id)) return null;
  return choices[kind][Number(index)] || null;
}

/** An enemy figure in words: who, where, how hurt or laid down. */
function figureText(figure) {
  const cell = `${figure.cell[0]},${figure.cell[1]}`;
  let text;
  if (figure.kind === "boss") text = t("ny_fig_boss", { boss: bossName(figure.boss), cell });
  else if (figure.alike > 1) text = t(`ny_fig_${figure.kind}_nth`, { n: figure.number, of: figure.alike, cell });
  else text = t(`ny_fig_${figure.kind}`, { cell });
  const marks = [];
  if (figure.wound) marks.push(t("ny_fig_wound", { n: figure.wound }));
  if (figure.deceived) marks.push(t("ny_fig_deceived"));
  if (figure.assigned) marks.push(t("ny_fig_assigned", { n: figure.assigned }));
  return marks.length ? `${text} (${marks.join(", ")})` : text;
}

/** An enemy's route in words: the spaces it passes, and whom it carries or what it rams. */
function routeText(route) {
  const parts = [t("ny_route_path", { path: route.cells.map((c) => `${c[0]},${c[1]}`).join(" → ") })];
  if (route.carry) parts.push(t("ny_route_carry", { cell: `${route.carry[0]},${route.carry[1]}` }));
  if (route.ram) parts.push(t("ny_route_ram"));
  return parts.join(", ");
}

/** A personal-supply card named by its place, as the acting seat's board shows it. */
function supplyAt(index) {
  const view = currentView;
  const seat = view && (view.table.heroes[view.seat] ? view.seat : view.table.turn_order[view.table.current]);
  const hero = view && view.table.heroes[seat];
  const card = hero && hero.supply[Number(index)];
  return card ? supplyName(card) : t("ny_supply_n", { n: Number(index) + 1 });
}

function weaponName() {
  const view = currentView;
  const seat = view && view.table.turn_order[view.table.current];
  const hero = view && view.table.heroes[seat];
  return hero && hero.weapon ? itemName(hero.weapon) : t("ny_your_weapon");
}

/** Words for one action id, or for what a viewer was shown of one (a card as "?"). */
function stepLabel(id) {
  const parts = id.split(":");
  const [kind, a = "", b = "", c = ""] = parts;
  switch (kind) {
    case "recover": return t("ny_act_recover");
    case "keep": return a ? t("ny_act_keep_item", { item: itemName(a) }) : t("ny_act_keep");
    case "choose": return t("ny_act_choose", { card: cardName(a) });
    case "play": return t("ny_act_play", { card: cardName(a) });
    case "ability": return t("ny_act_ability", { option: Number(a) + 1, card: cardName(b) });
    case "passenger": return t("ny_act_passenger", { seat: seatName(a) });
    case "alone": return t("ny_act_alone");
    case "agree": return t("ny_act_agree");
    case "refuse": return t("ny_act_refuse");
    case "show": return t("ny_act_show", { card: supplyAt(a) });
    case "done": return t("ny_act_done");
    case "step": return t(`ny_act_step_${b}`, { cell: cellText(cellOf(a)) });
    case "stop": return t("ny_act_stop");
    case "bridge": return t("ny_act_bridge", { n: a });
    case "explore": return t("ny_act_explore", { cell: cellText(cellOf(a)) });
    case "hit": {
      const figure = named("hit", a, id);
      return figure ? t("ny_act_hit_at", { figure: figureText(figure) }) : t("ny_act_hit", { n: Number(a) + 1 });
    }
    case "deceive": {
      const figure = named("deceive", a, id);
      return figure
        ? t("ny_act_deceive_at", { figure: figureText(figure), cell: cellText(cellOf(b)) })
        : t("ny_act_deceive", { n: Number(a) + 1, cell: cellText(cellOf(b)) });
    }
    case "return": return t("ny_act_return", { card: cardName(a) });
    case "medical": return t("ny_act_medical", { card: cardName(a) });
    case "drive": return t("ny_act_drive");
    case "stay": return t("ny_act_stay");
    case "steal": return t("ny_act_steal", { seat: seatName(a) });
    case "peek": return t("ny_act_peek", { cell: cellText(cellOf(a)) });
    case "landmark": return t("ny_act_landmark", { cell: cellText(cellOf(a)) });
    case "helicopter": return t("ny_act_helicopter", { cell: cellText(cellOf(a)) });
    case "take-car": return t("ny_act_take_car");
    case "abandon-car": return t("ny_act_abandon_car");
    case "pick-up": return t("ny_act_pick_up");
    case "take-diplomat": return t("ny_act_take_diplomat", { n: a });
    case "take-president": return t("ny_act_take_president");
    case "token-item": return a === "weapon" ? t("ny_act_token_weapon", { weapon: weaponName() }) : t("ny_act_token_item", { card: supplyAt(a) });
    case "drop": return b === "token" ? t("ny_act_drop_token", { card: supplyAt(a) }) : t("ny_act_drop", { card: supplyAt(a) });
    case "reveal": return b === "token" ? t("ny_act_reveal_token", { card: supplyAt(a) }) : t("ny_act_reveal", { card: supplyAt(a) });
    case "use": return t("ny_act_use", { card: supplyAt(a) });
    case "fire": return t("ny_act_fire", { weapon: weaponName() });
    case "escape": return t("ny_act_escape");
    case "attempt": return t("ny_act_attempt", { n: a });
    case "library": return t(a === "item" ? "ny_act_library_item" : "ny_act_library_return");
    case "shop": return a === "reload" ? t("ny_act_shop_reload", { n: b }) : t("ny_act_shop_items");
    case "slot": return t("ny_act_slot", { n: a });
    case "special": return t("ny_act_special", { card: cardName(a) });
    case "swap": return t("ny_act_swap", { colour: word("ny_colour_", a) });
    case "objective": return t("ny_act_objective", { objective: a === HIDDEN ? t("ny_hidden_card") : objectiveText(a) });
    case "enemy": {
      const figure = named("enemy", a, id);
      return figure ? t("ny_act_enemy_at", { figure: figureText(figure) }) : t("ny_act_enemy", { n: Number(a) + 1 });
    }
    case "route": {
      const route = named("route", a, id);
      const moving = currentView && currentView.choices && currentView.choices.moving;
      return route && moving
        ? t("ny_act_route_at", { figure: figureText(moving), route: routeText(route) })
        : t("ny_act_route", { n: Number(a) + 1 });
    }
    default: return [kind, a, b, c].filter(Boolean).join(":");
  }
}

/** A readable label for an action id (and what a viewer was shown of one, "?" for a card). */
export function actionLabel(id, state) {
  if (state) {
    currentView = state.view;
    currentLegal = state.legal_actions || [];
  }
  return id.split("/").map(stepLabel).join(" → ");
}

/** The space an action names, as "C,R", or null. */
function cellOfAction(action) {
  const parts = action.split(":");
  const at = CELL_AT[parts[0]];
  return at !== undefined && parts[at] && parts[at].includes(",") ? parts[at] : null;
}

function actionGroups(legal) {
  // The stage's choices first, then those on the map, then those of any moment of the turn.
  const onMap = legal.filter((a) => cellOfAction(a) || a.startsWith("bridge:"));
  const anyMoment = legal.filter((a) => !onMap.includes(a) && ANY_MOMENT.has(a.split(":")[0]));
  const rest = legal.filter((a) => !onMap.includes(a) && !anyMoment.includes(a));
  const groups = [];
  if (rest.length) groups.push({ title: null, actions: rest });
  if (onMap.length) groups.push({ title: t("ny_group_map"), open: true, actions: onMap });
  if (anyMoment.length) groups.push({ title: t("ny_group_any_moment"), open: true, actions: anyMoment });
  return groups;
}

// --- the map ------------------------------------------------------------------------------

/** The centre of a cell on the page (odd or even columns half a hex lower, as the board). */
function centre(col, row) {
  const board = DATA.board;
  const down = board.offset === "odd_columns_down" ? col % 2 === 1 : col % 2 === 0;
  return [MARGIN + R + col * 1.5 * R, MARGIN + (ROOT3 / 2) * R + row * ROOT3 * R + (down ? (ROOT3 / 2) * R : 0)];
}

function corner(x, y, degrees, r = R) {
  const a = (degrees * Math.PI) / 180;
  return [x + r * Math.cos(a), y + r * Math.sin(a)];
}

function hexPoints(x, y) {
  return [0, 60, 120, 180, 240, 300].map((d) => corner(x, y, d).map((v) => v.toFixed(1)).join(",")).join(" ");
}

/** The two corners of the side a direction leaves through. */
function side(x, y, direction, r = R) {
  const a = ANGLES[direction];
  return [corner(x, y, a - 30, r), corner(x, y, a + 30, r)];
}

const sameCell = (a, b) => a[0] === b[0] && a[1] === b[1];

/** What a face-up tile, a printed cell or a flipped outskirts token shows: symbols as marks. */
function symbolMarks(space) {
  const marks = [];
  const tile = space.tile && space.tile !== HIDDEN && DATA.tiles[space.tile];
  const symbols = (tile && tile.symbols) || {};
  if (symbols.event) marks.push(["!", t("ny_sym_event")]);
  if (symbols.manhole) marks.push(["◎", t("ny_sym_manhole")]);
  if (symbols.building) marks.push([{ medical_post: "+", weapon_shop: "$", shelter: "⌂" }[symbols.building], word("ny_building_", symbols.building)]);
  if (tile && tile.trap) marks.push(["⚠", t("ny_sym_trap")]);
  return marks;
}

/** The short text a space's tile shows on the map, and the tile in words. */
function tileOf(kind, space) {
  const tile = space.tile;
  if (kind === "library") return [t("ny_map_library"), t("ny_library")];
  if (kind === "wtc") return [t("ny_map_wtc"), t("ny_wtc")];
  if (kind === "library_ring") return ["", t("ny_ring")];
  if (tile === null || tile === undefined) return ["", t(kind === "landmark" ? "ny_unexplored_landmark" : "ny_unexplored")];
  if (kind === "landmark") {
    if (tile === HIDDEN) return ["?", t("ny_landmark_face_down")];
    // Only the replay's "all" view names a landmark still face down.
    return space.face_up === false ? ["?", t("ny_face_down", { what: landmarkName(tile) })] : ["★", landmarkName(tile)];
  }
  const deck = DATA.tiles[tile] ? DATA.tiles[tile].deck : "city";
  return [tile, t(deck === "park" ? "ny_park_tile" : "ny_city_tile", { tile })];
}

/** Everyone and everything on a space, in words (the space's label). */
function spaceWords(view, space, kind) {
  const table = view.table;
  const parts = [tileOf(kind, space)[1]];
  for (const [seat, hero] of Object.entries(table.heroes)) {
    if (sameCell(hero.cell, space.cell)) parts.push(t("ny_hero_of", { hero: heroName(hero.hero), seat: seatName(seat) }));
  }
  if (space.prisoners) parts.push(t("ny_prisoners_n", { n: space.prisoners }));
  for (const boss of space.bosses) parts.push(bossName(boss));
  for (const [owner, taxi] of space.cars) {
    const what = taxi ? t("ny_taxi") : t("ny_car");
    if (owner === "none") parts.push(t("ny_car_abandoned", { car: what }));
    else if (owner === "prisoner") parts.push(t("ny_car_prisoner", { car: what }));
    else parts.push(t("ny_car_of", { car: what, seat: seatName(owner) }));
  }
  if (space.item_markers) parts.push(t("ny_item_markers_n", { n: space.item_markers }));
  for (const n of space.diplomat_tokens) parts.push(t("ny_diplomat_token", { n }));
  if (space.glider) parts.push(t("ny_glider"));
  if (space.helicopter) parts.push(t(table.helicopter_landed ? "ny_helicopter" : "ny_helipad"));
  if (space.outskirts !== null && space.outskirts !== undefined) {
    parts.push(space.outskirts_face_up && space.outskirts !== HIDDEN ? t("ny_outskirts", { token: word("ny_outskirts_", space.outskirts) }) : t("ny_outskirts_down"));
  }
  for (const [, label] of symbolMarks(space)) parts.push(label);
  for (const mark of table.marks || []) {
    const [col, row] = mark;
    if (col === space.cell[0] && row === space.cell[1]) parts.push(t("ny_marked"));
  }
  return parts.join(", ");
}

function drawMap(view, legal, ctx, choose) {
  const board = DATA.board;
  const table = view.table;
  const kinds = new Map(board.cells.map((c) => [`${c.col},${c.row}`, c.kind]));
  const byCell = new Map();
  for (const a of legal) {
    const cell = cellOfAction(a);
    if (cell) byCell.set(cell, [...(byCell.get(cell) || []), a]);
  }
  const width = 2 * MARGIN + R * (1.5 * board.columns + 0.5);
  const height = 2 * MARGIN + ROOT3 * R * (board.rows + 0.5);
  const svg = s("svg", { class: "ny-map", viewBox: `0 0 ${width.toFixed(0)} ${height.toFixed(0)}`, role: "group", "aria-label": t("ny_map") });
  const current = table.turn_order[table.current];
  const top = s("g", { class: "ny-figures" });
  for (const space of table.spaces) {
    const key = `${space.cell[0]},${space.cell[1]}`;
    const kind = kinds.get(key) || "city";
    const [x, y] = centre(space.cell[0], space.cell[1]);
    const [code] = tileOf(kind, space);
    const explored = space.tile !== null && space.tile !== undefined;
    const deck = explored && DATA.tiles[space.tile] ? DATA.tiles[space.tile].deck : null;
    const look = ["library", "wtc", "library_ring"].includes(kind) ? kind
      : kind === "landmark" ? (space.tile === HIDDEN || (explored && space.face_up === false) ? "landmark-down" : explored ? "landmark" : "empty")
      : explored ? (deck === "park" ? "park" : "city") : `empty ${kind}`;
    const actions = byCell.get(key) || [];
    const label = spaceWords(view, space, kind);
    const attrs = { class: `ny-space ${look}${actions.length ? " target" : ""}`, dataset: { cell: key } };
    if (actions.length) {
      Object.assign(attrs, {
        role: "button",
        tabindex: "0",
        "aria-label": actions.length === 1 ? `${actionLabel(actions[0])} (${label})` : t("ny_choose_at", { cell: cellText(space.cell), what: label }),
      });
      if (actions.length === 1) attrs.dataset.action = actions[0];
    } else {
      Object.assign(attrs, { role: "img", "aria-label": `${cellText(space.cell)}: ${label}` });
    }
    const g = s("g", attrs, s("polygon", { class: "hex", points: hexPoints(x, y) }));
    g.append(s("text", { class: "cell-id", x: x, y: y - R * 0.6 }, key));
    if (code) g.append(s("text", { class: "tile-code", x, y: y - R * 0.22 }, code));
    const marks = symbolMarks(space).map(([m]) => m);
    if (space.outskirts !== null && space.outskirts !== undefined) {
      marks.push(space.outskirts_face_up && space.outskirts !== HIDDEN ? (space.outskirts === "raft" ? "≈" : "+") : "?");
    }
    if (space.glider) marks.push("g");
    if (space.helicopter) marks.push(table.helicopter_landed ? "H" : "h");
    if (marks.length) g.append(s("text", { class: "marks", x, y: y + R * 0.78 }, marks.join(" ")));
    if (actions.length) {
      const go = () => {
        if (ctx.isPending()) return;
        if (actions.length === 1) ctx.act(actions[0]);
        else choose(space.cell, actions);
      };
      g.addEventListener("click", go);
      g.addEventListener("keydown", (e) => {
        if (e.key === "Enter" || e.key === " ") {
          e.preventDefault();
          go();
        }
      });
    }
    svg.append(g);
    // The figures: heroes in their seat's colour, enemies counted, markers, cars, tokens.
    const here = Object.entries(table.heroes).filter(([, hero]) => sameCell(hero.cell, space.cell));
    here.forEach(([seat, hero], i) => {
      const px = x - R * 0.45 + (i % 2) * R * 0.45;
      const py = y + R * 0.18 + Math.floor(i / 2) * R * 0.36;
      top.append(s("g", { class: `ny-hero seat-${seat}${seat === view.seat ? " mine" : ""}${seat === current ? " current" : ""}`, transform: `translate(${px.toFixed(1)} ${py.toFixed(1)})`, "aria-hidden": "true" },
        s("circle", { r: 9 }), s("text", { y: 4 }, heroName(hero.hero).slice(0, 1))));
    });
    const prisonerCars = space.cars.filter(([owner]) => owner === "prisoner").length;
    const enemies = space.prisoners + prisonerCars + space.bosses.length;
    if (enemies) {
      top.append(s("g", { class: `ny-enemy${space.bosses.length ? " boss" : ""}`, transform: `translate(${(x + R * 0.45).toFixed(1)} ${(y + R * 0.18).toFixed(1)})`, "aria-hidden": "true" },
        s("rect", { x: -9, y: -9, width: 18, height: 18, rx: 3 }), s("text", { y: 4 }, String(enemies))));
    }
    const small = [];
    if (space.item_markers) small.push(["item", `i${space.item_markers}`]);
    if (space.cars.some(([owner]) => owner !== "prisoner")) small.push(["car", "c"]);
    if (space.diplomat_tokens.length) small.push(["diplomat", `d${space.diplomat_tokens.join("")}`]);
    small.forEach(([cls, text], i) => {
      top.append(s("g", { class: `ny-marker ${cls}`, transform: `translate(${(x + R * 0.08 + i * 0).toFixed(1)} ${(y + R * 0.5 - i * 0).toFixed(1)})`, "aria-hidden": "true" },
        s("rect", { x: -10 + i * 21 - (small.length - 1) * 10, y: -7, width: 20, height: 13, rx: 2 }),
        s("text", { x: i * 21 - (small.length - 1) * 10, y: 3 }, text)));
    });
  }
  // Barricades: a bar across the road's side, solid while intact, dashed once destroyed.
  for (const [col, row, direction, state] of table.barricades) {
    const [x, y] = centre(col, row);
    const [[x1, y1], [x2, y2]] = side(x, y, direction, R * 0.92);
    svg.append(s("line", { class: `ny-barricade ${state}`, x1: x1.toFixed(1), y1: y1.toFixed(1), x2: x2.toFixed(1), y2: y2.toFixed(1), "aria-hidden": "true" }));
  }
  // The bridges: a road off the board, a choice on the map when the team may cross it.
  for (const bridge of board.bridges) {
    const [x, y] = centre(bridge.col, bridge.row);
    const [ex, ey] = corner(x, y, ANGLES[bridge.direction], R * 0.87);
    const [fx, fy] = corner(x, y, ANGLES[bridge.direction], R * 0.87 + MARGIN - 14);
    const action = `bridge:${bridge.number}`;
    const target = legal.includes(action);
    const attrs = target
      ? { class: "ny-bridge target", role: "button", tabindex: "0", "aria-label": actionLabel(action), dataset: { action } }
      : { class: "ny-bridge", role: "img", "aria-label": t("ny_bridge_n", { n: bridge.number }) };
    const g = s("g", attrs,
      s("line", { x1: ex.toFixed(1), y1: ey.toFixed(1), x2: fx.toFixed(1), y2: fy.toFixed(1) }),
      s("circle", { cx: fx.toFixed(1), cy: fy.toFixed(1), r: 10 }),
      s("text", { x: fx.toFixed(1), y: (fy + 4).toFixed(1) }, String(bridge.number)));
    if (target) {
      const go = () => !ctx.isPending() && ctx.act(action);
      g.addEventListener("click", go);
      g.addEventListener("keydown", (e) => {
        if (e.key === "Enter" || e.key === " ") {
          e.preventDefault();
          go();
        }
      });
    }
    svg.append(g);
  }
  svg.append(top);
  return svg;
}

// --- New York, the timer, events, diplomats -------------------------------------------------

function stat(label, content) {
  return [h("dt", {}, label), h("dd", {}, content)];
}

const listed = (items, name) => (items.length ? items.map(name).join(", ") : t("ny_none"));

function newYorkBoard(view) {
  const table = view.table;
  const deck = table.new_york_deck;
  const back = deck.back;
  const topBack = back
    ? t("ny_back", { cost: back.cost, arrows: back.arrows.map((d) => ARROWS[d] || d).join(" "), barricade: ARROWS[back.barricade] || back.barricade })
    : t("ny_none");
  const bosses = Object.keys(table.boss_state).map((id) => {
    const state = table.boss_state[id];
    const hp = DATA.bosses[id] ? DATA.bosses[id].hp : "?";
    const token = table.boss_diplomat[id];
    const where = state === "on_map" ? (() => {
      const space = table.spaces.find((sp) => sp.bosses.includes(id));
      return space ? cellText(space.cell) : word("ny_boss_state_", state);
    })() : word("ny_boss_state_", state);
    return h("li", {}, h("strong", {}, bossName(id)), ": ", where,
      state !== "dead" ? ` · ${t("ny_hp", { hp: table.boss_hp[id], max: hp })}` : "",
      token !== null && token !== undefined ? ` · ${t("ny_carries_token", { n: token })}` : "");
  });
  const noise = h("ol", { class: "ny-track", "aria-label": t("ny_noise_track") },
    Array.from({ length: DATA.noise_track + 1 }, (_, n) => h("li", { class: n === table.noise ? "here" : null, "aria-current": n === table.noise ? "true" : null }, String(n))));
  return h("section", { class: "ny-panel ny-new-york", "aria-labelledby": "ny-ny-h" },
    h("h2", { id: "ny-ny-h" }, t("ny_new_york")),
    h("dl", { class: "stats" },
      stat(t("ny_noise"), t("ny_of", { n: table.noise, max: DATA.noise_track })),
      stat(t("ny_missions"), t("ny_of", { n: table.missions_moved, max: DATA.mission_markers })),
      stat(t("ny_deck"), t("ny_deck_top", { n: deck.cards, back: topBack })),
      stat(t("ny_in_play"), listed(table.new_york_in_play, newYorkName)),
      stat(t("ny_specials_waiting"), String(table.new_york_specials_size)),
      stat(t("ny_discard"), listed(table.new_york_discard, newYorkName))),
    noise,
    h("h3", {}, t("ny_bosses")),
    h("ul", { class: "plain" }, bosses));
}

function timerBoard(view) {
  const table = view.table;
  const colours = table.timer_colours;
  const left = colours.filter((c) => c === "black").length;
  return h("section", { class: "ny-panel ny-timer", "aria-labelledby": "ny-timer-h" },
    h("h2", { id: "ny-timer-h" }, t("ny_timer")),
    h("p", {}, t("ny_timer_left", { n: colours.length, black: left }),
      colours.length && colours[0] === "red" ? h("strong", { class: "ny-warning" }, ` ${t("ny_timer_red_top")}`) : null),
    h("ol", { class: "ny-timer-deck", "aria-label": t("ny_timer_order") },
      colours.map((c) => h("li", { class: `timer-card ${c}`, title: word("ny_timer_colour_", c) }, h("span", { class: "visually-hidden" }, word("ny_timer_colour_", c)), h("span", { "aria-hidden": "true" }, word("ny_timer_letter_", c))))),
    h("dl", { class: "stats" },
      stat(t("ny_revealed"), listed(table.timer_revealed, timerName)),
      stat(t("ny_discarded_unseen"), String(table.timer_discarded_size))));
}

function eventsAndDiplomats(view) {
  const table = view.table;
  const level = DATA.event_levels[table.event_level];
  const slots = table.diplomat_slots.map((slot, i) => h("li", {},
    h("strong", {}, t("ny_slot_n", { n: i + 1 })), ": ",
    slot.token ? t("ny_token_home") : t("ny_token_away"), " · ",
    slot.card === null ? t("ny_no_card") : slot.card === HIDDEN ? t("ny_face_down_card")
      : slot.face_up ? diplomatName(slot.card) : t("ny_face_down", { what: diplomatName(slot.card) })));
  let president = table.president_taken ? t("ny_president_taken") : t("ny_president_waiting");
  if (table.president_dead) president = t("ny_president_dead");
  return h("section", { class: "ny-panel ny-events", "aria-labelledby": "ny-events-h" },
    h("h2", { id: "ny-events-h" }, t("ny_events_diplomats")),
    h("dl", { class: "stats" },
      stat(t("ny_event_level"), t("ny_event_level_value", { n: level, step: table.event_level + 1, max: DATA.event_levels.length })),
      stat(t("ny_event_deck"), String(table.event_deck_size)),
      stat(t("ny_events_seen"), listed(table.event_discard, eventName)),
      stat(t("ny_president"), president)),
    h("ul", { class: "plain" }, slots),
    h("h3", {}, t("ny_supply")),
    h("dl", { class: "stats" },
      stat(t("ny_prisoners"), String(table.prisoner_supply)),
      stat(t("ny_car_figures"), String(table.car_figures)),
      stat(t("ny_car_cards"), String(table.car_cards.length)),
      stat(t("ny_barricades"), String(table.barricade_supply)),
      stat(t("ny_item_markers"), String(table.item_markers)),
      stat(t("ny_ammo"), String(table.ammo_markers)),
      stat(t("ny_decks"), t("ny_decks_value", { city: table.city_deck_size, park: table.park_deck_size, items: table.item_deck_size, discard: table.item_discard_size }))));
}

// --- the heroes ---------------------------------------------------------------------------

function levelOf(hero) {
  return hero.level_tokens.filter(([state]) => state === "removed").length;
}

function tokenText(hero) {
  const level = levelOf(hero);
  const active = hero.level_tokens.find(([state]) => state === "active");
  const set = DATA.level_sets[hero.level_set];
  if (!active || !set || !set[level]) return t("ny_level_n", { n: level });
  const need = set[level];
  return t("ny_level_token", { n: level, next: level + 1, prisoners: active[1], need_prisoners: need.prisoners, items: active[2], need_items: need.items });
}

function heroBoard(seat, hero, view) {
  const mine = seat === view.seat;
  const owner = "hand" in hero;
  const acting = view.to_act.includes(seat);
  const current = view.table.turn_order[view.table.current] === seat;
  const weapon = hero.weapon ? `${itemName(hero.weapon)} (${t("ny_ammo_n", { n: hero.ammo })})` : t("ny_none");
  const supply = hero.supply.map((c) => h("li", { class: c[1] === HIDDEN ? "ny-card back" : "ny-card" },
    h("strong", {}, supplyName(c)), c[1] !== HIDDEN && c[0] === "item" ? h("span", { class: "ny-card-text" }, itemDetails(c[1])) : null));
  const own = owner
    ? [
      // Only the replay's "all" view shows another hero's hand.
      h("h4", {}, mine ? t("ny_hand") : t("ny_hand_all")),
      h("ul", { class: "ny-cards" }, hero.hand.map((id) => card(cardName(id), cardDetails(id)))),
      h("dl", { class: "stats" },
        stat(t("ny_played"), listed(hero.played, cardName)),
        stat(t("ny_discard"), listed(hero.discard, cardName)),
        stat(t("ny_specials"), listed(hero.specials, cardName)),
        stat(t("ny_objectives"), listed(hero.objectives, objectiveText)),
        memory(hero)),
    ]
    : [
      backs(hero.hand_size, "ny_hand_backs"),
      h("dl", { class: "stats" },
        stat(t("ny_played"), t("ny_face_down_n", { n: hero.played_size })),
        stat(t("ny_discard"), t("ny_face_down_n", { n: hero.discard_size })),
        stat(t("ny_specials"), t("ny_face_down_n", { n: hero.specials_size })),
        stat(t("ny_objectives"), t("ny_secret"))),
    ];
  return h("li", { class: `ny-hero-board${mine ? " is-me" : ""}`, "aria-label": t("ny_hero_of", { hero: heroName(hero.hero), seat: seatName(seat) }), dataset: { seat } },
    h("h3", {}, h("span", { class: `swatch seat-${seat}`, "aria-hidden": "true" }, heroName(hero.hero).slice(0, 1)), " ",
      t("ny_hero_of", { hero: heroName(hero.hero), seat: seatName(seat) }), mine ? ` (${t("you")})` : "",
      current ? h("span", { class: "badge" }, t("ny_current")) : null,
      acting ? h("span", { class: "badge acting" }, t("to_act")) : null),
    h("dl", { class: "stats" },
      stat(t("ny_where"), cellText(hero.cell)),
      stat(t("ny_level"), tokenText(hero)),
      stat(t("ny_weapon"), weapon),
      stat(t("ny_car_slot"), hero.car ? carName(hero.car) : t("ny_none")),
      hero.wanted ? stat(t("ny_wanted"), String(hero.wanted)) : null,
      stat(t("ny_ability"), abilityText(hero.hero))),
    h("h4", {}, t("ny_personal_supply")),
    supply.length ? h("ul", { class: "ny-cards" }, supply) : h("p", { class: "muted" }, t("ny_empty")),
    own);
}

function abilityText(heroId) {
  const hero = DATA.heroes[heroId];
  if (!hero) return "—";
  const options = hero.ability.map((effects, i) => t("ny_ability_option", { n: i + 1, what: effects.map(effectText).join(", ") }));
  return `${options.join(" / ")} · ${t("ny_noise_n", { n: hero.ability_noise })}`;
}

/** What the seat alone looked at (its own view carries its memory). */
function memory(hero) {
  const seen = [
    ...(hero.seen_landmarks || []).map(([col, row, id]) => t("ny_seen_landmark", { landmark: landmarkName(id), cell: cellText([col, row]) })),
    ...(hero.seen_new_york || []).map(([id, place]) => t("ny_seen_new_york", { card: newYorkName(id), place: place + 1 })),
  ];
  return seen.length ? stat(t("ny_seen"), seen.join("; ")) : null;
}

// --- the turn and the log -------------------------------------------------------------------

function turnLine(view) {
  const table = view.table;
  const current = table.turn_order[table.current];
  const hero = table.heroes[current];
  const turn = view.turn;
  const parts = [
    t("ny_turn_of", { seat: seatName(current), hero: heroName(hero.hero) }),
    word("ny_phase_", table.phase),
    t("ny_step_n", { n: table.step }),
    word("ny_stage_", turn.stage),
  ];
  const acting = view.to_act.length ? t("ny_to_act", { who: view.to_act.map(seatName).join(", ") }) : "";
  return h("p", { class: "ny-when" }, parts.join(" · "), acting ? ` — ${acting}` : "");
}

function turnPanel(view) {
  const turn = view.turn;
  const revealed = turn.revealed || [];
  const used = turn.hidden !== undefined && turn.hidden !== null ? t("ny_ability_hid", { card: cardName(turn.hidden) })
    : turn.ability_used ? t("ny_ability_used") : t("ny_ability_unused");
  const looking = view.looking_at;
  return h("section", { class: "ny-panel ny-turn", "aria-labelledby": "ny-turn-h" },
    h("h2", { id: "ny-turn-h" }, t("ny_this_turn")),
    h("h3", {}, t("ny_revealed_cards")),
    revealed.length ? h("ul", { class: "ny-cards" }, revealed.map((id) => card(cardName(id), cardDetails(id)))) : h("p", { class: "muted" }, t("ny_none")),
    h("p", {}, used),
    looking ? [
      h("h3", {}, t("ny_looking_at")),
      h("ul", { class: "ny-cards" }, looking.cards.map((id) => (looking.deck === "item" ? card(itemName(id), itemDetails(id)) : card(objectiveText(id), "")))),
    ] : null);
}

/** Lines for what changed on the table between two views: cards revealed, New York's cards,
 * timer cards, events, spaces explored, heroes moving, whose turn. All of it is in the
 * views, so the log tells nobody anything their view did not. */
function changes(before, after) {
  const lines = [];
  const a = before.table;
  const b = after.table;
  const grown = (x, y) => (y.length >= x.length && x.every((v, i) => v === y[i]) ? y.slice(x.length) : y.filter((v) => !x.includes(v)));
  const currentBefore = a.turn_order[a.current];
  const currentAfter = b.turn_order[b.current];
  if (currentBefore !== currentAfter) lines.push(t("ny_log_turn", { seat: seatName(currentAfter), hero: heroName(b.heroes[currentAfter].hero) }));
  if (a.phase !== b.phase && b.phase === "new_york") lines.push(t("ny_log_new_york_phase"));
  const revealedBefore = currentBefore === currentAfter ? before.turn.revealed || [] : [];
  for (const id of grown(revealedBefore, after.turn.revealed || [])) lines.push(t("ny_log_played", { seat: seatName(currentAfter), card: cardName(id) }));
  for (const id of grown(a.new_york_discard, b.new_york_discard)) lines.push(t("ny_log_new_york", { card: newYorkName(id) }));
  for (const id of grown(a.new_york_in_play, b.new_york_in_play)) lines.push(t("ny_log_new_york_stays", { card: newYorkName(id) }));
  for (const id of grown(a.timer_revealed, b.timer_revealed)) lines.push(t("ny_log_timer", { card: timerName(id) }));
  for (const id of grown(a.event_discard, b.event_discard)) lines.push(t("ny_log_event", { card: eventName(id) }));
  if (b.timer_discarded_size > a.timer_discarded_size) lines.push(t("ny_log_timer_unseen", { n: b.timer_discarded_size - a.timer_discarded_size }));
  b.spaces.forEach((space, i) => {
    const old = a.spaces[i];
    if (old && !old.face_up && space.face_up && space.tile !== null && space.tile !== HIDDEN) {
      const kind = (DATA.board.cells.find((c) => c.col === space.cell[0] && c.row === space.cell[1]) || {}).kind;
      lines.push(t("ny_log_explored", { cell: cellText(space.cell), tile: tileOf(kind, space)[1] }));
    }
  });
  for (const [seat, hero] of Object.entries(b.heroes)) {
    const old = a.heroes[seat];
    if (old && !sameCell(old.cell, hero.cell)) lines.push(t("ny_log_moved", { seat: seatName(seat), cell: cellText(hero.cell) }));
    if (old && levelOf(hero) > levelOf(old)) lines.push(t("ny_log_level", { seat: seatName(seat), n: levelOf(hero) }));
  }
  for (const id of Object.keys(b.boss_state)) {
    if (a.boss_state[id] !== b.boss_state[id]) lines.push(t("ny_log_boss", { boss: bossName(id), state: word("ny_boss_state_", b.boss_state[id]) }));
  }
  if (!a.president_taken && b.president_taken) lines.push(t("ny_log_president"));
  if (b.noise !== a.noise || b.missions_moved !== a.missions_moved) lines.push(t("ny_log_noise", { n: b.noise, missions: b.missions_moved }));
  return lines;
}

// --- the replay's "all" view ---------------------------------------------------------------

/** The replay's "all" view is the whole table as saved (decks as lists): drawn as the table
 * shows it, each deck by its size, the timer by its colours, the top New York card by its
 * back; the heroes' boards in full, and face-down tiles and cards marked face down. */
function asTableShows(view) {
  if (view.seat !== "all" || view.table.timer_colours) return view;
  const table = { ...view.table };
  const size = (name) => (table[name] || []).length;
  const reds = new Set(DATA.timer_red);
  const top = (table.new_york_deck || [])[0];
  table.new_york_deck = { cards: size("new_york_deck"), back: top ? DATA.new_york_backs[top] || null : null };
  table.timer_colours = (table.timer_deck || []).map((id) => (reds.has(id) ? "red" : id === "hurry" ? "hurry" : "black"));
  for (const name of ["city_deck", "park_deck", "item_deck", "item_discard", "event_deck", "president_slot", "timer_discarded"]) {
    table[`${name}_size`] = size(name);
  }
  table.new_york_specials_size = size("new_york_specials");
  table.objective_deck_sizes = Object.fromEntries(Object.entries(table.objective_decks || {}).map(([colour, cards]) => [colour, cards.length]));
  return { ...view, table };
}

// --- the renderer -------------------------------------------------------------------------

/** The renderer (docs/server.md, "A game's client"). */
export function createRenderer(container, ctx) {
  ({ t, has, word } = ctx);
  container.classList.add("ny-game");
  const head = h("div", { class: "ny-head" });
  const mapBox = h("section", { class: "ny-map-box", "aria-labelledby": "ny-map-h" });
  const chooser = h("div", { class: "ny-chooser", role: "group", "aria-labelledby": "ny-chooser-h", hidden: true });
  const boards = h("ul", { class: "ny-hero-boards", "aria-label": t("ny_heroes") });
  const tables = h("div", { class: "ny-tables" });
  const logList = h("ol", { class: "ny-log-lines", reversed: true });
  const logBox = h("section", { class: "ny-panel ny-log", "aria-labelledby": "ny-log-h" },
    h("h2", { id: "ny-log-h" }, t("ny_log")), logList);
  // The replay names every step itself, and jumps back and forth: the log is for live pages.
  logBox.hidden = !ctx.live;
  container.append(head, mapBox, chooser, boards, tables, logBox);
  const log = [];
  let previous = null;

  /** Several actions name the clicked space: the player picks one here. */
  function choose(cell, actions) {
    replace(chooser,
      h("p", { id: "ny-chooser-h" }, t("ny_choose_at_title", { cell: cellText(cell) })),
      actions.map((action) => h("button", { type: "button", class: "ny-choice", dataset: { action }, onclick: () => !ctx.isPending() && ctx.act(action) }, actionLabel(action))),
      h("button", { type: "button", class: "ny-choice-cancel", onclick: () => { chooser.hidden = true; } }, t("cancel")));
    chooser.hidden = false;
    const first = chooser.querySelector("button");
    if (first) first.focus();
  }
  chooser.addEventListener("keydown", (e) => {
    if (e.key === "Escape") {
      chooser.hidden = true;
      e.preventDefault();
    }
  });

  return {
    async update(state) {
      try {
        DATA = await loadData();
      } catch (err) {
        replace(head, h("p", { class: "error", role: "alert" }, t("ny_data_failed", { detail: String(err.message || err) })));
        return;
      }
      const view = asTableShows(state.view);
      currentView = view;
      const legal = state.legal_actions || [];
      currentLegal = legal;
      if (previous && previous.table && view.table) {
        const lines = changes(previous, view);
        for (const line of lines) log.unshift(line);
        log.splice(LOG_LINES);
      }
      previous = view;
      chooser.hidden = true;
      replace(head, turnLine(view),
        view.table.president_dead ? h("p", { class: "ny-warning" }, t("ny_president_dead")) : null);
      replace(mapBox,
        h("h2", { id: "ny-map-h" }, t("ny_map")),
        h("div", { class: "ny-map-scroll", tabindex: "0", role: "region", "aria-label": t("ny_map_region") }, drawMap(view, legal, ctx, choose)),
        h("ul", { class: "ny-legend", "aria-label": t("ny_legend") },
          ["city", "park", "landmark", "landmark-down", "empty"].map((k) => h("li", {}, h("span", { class: `key ${k}`, "aria-hidden": "true" }), word("ny_key_", k))),
          h("li", {}, h("span", { class: "key enemy", "aria-hidden": "true" }), t("ny_key_enemies")),
          h("li", {}, h("span", { class: "key target", "aria-hidden": "true" }), t("ny_key_target")),
          h("li", {}, t("ny_key_marks"))));
      const heroes = Object.entries(view.table.heroes);
      // The viewer's own board first: its hand is what it plays by.
      heroes.sort(([a], [b]) => (b === view.seat) - (a === view.seat));
      replace(boards, heroes.map(([seat, hero]) => heroBoard(seat, hero, view)));
      replace(tables, turnPanel(view), newYorkBoard(view), timerBoard(view), eventsAndDiplomats(view));
      replace(logList, log.length ? log.map((line) => h("li", {}, line)) : h("li", { class: "muted" }, t("ny_log_empty")));
    },
    actionLabel,
    actionGroups,
  };
}
