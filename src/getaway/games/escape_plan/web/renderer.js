// Escape Plan: the city as it grows (each placed tile's 3 x 3 cells, terrain, locations,
// police, pawns, the free cells a tile may go to), the boards (the viewer's own cash and
// Escape Plan card only), the tracks and displays, and every legal choice by click: on the
// map (a free cell, a node to go to), on the display (a tile to take), or as a button of the
// shared page. A renderer module as docs/server.md describes ("A game's client"), served
// from this folder; the tiles' drawings come from tiles.json beside it (build_tile_data.py).

import { h, replace, s } from "/static/js/dom.js";

// The page's translators (ctx.t and friends), set by createRenderer: this game's strings
// (i18n/{lang}.json beside this file) first, then the shared ones.
let t = (key) => key;
let has = () => false;
let word = (prefix, id) => id;
let language = () => "en";

const TILES_URL = new URL("tiles.json", import.meta.url);
let tilesPromise = null;
/** The City tiles' drawings, fetched once per page. */
function loadTiles() {
  if (!tilesPromise) {
    tilesPromise = fetch(TILES_URL).then((r) => {
      if (!r.ok) throw new Error(`${TILES_URL}: ${r.status}`);
      return r.json();
    });
  }
  return tilesPromise;
}
let TILES = {};
let NOTORIETY_LEVELS = 10;
let ESCAPE_PLANS = {};

/** What the server shows of a secret value (docs/server.md). */
const HIDDEN = "?";
// A cell is CELL units wide; a tile's cells sit under a header band (its id and police).
const CELL = 60;
const HEADER = 22;
const TILE_W = 3 * CELL;
const TILE_H = HEADER + 3 * CELL;
const GAP = 8;
const STEP_X = TILE_W + GAP;
const STEP_Y = TILE_H + GAP;
// Steps whose last part is a node of the city: they can be chosen on the map.
const NODE_STEPS = ["walk", "jetski", "metro", "fly", "sewer", "heli", "exec:gang"];
const OFFICERS = ["FEDERAL", "LOCAL", "SWAT"];

// Digits grouped the way the page's language does it; the game counts in thousands ($9k).
const money = (n) => t("ep_money", { n: Number(n).toLocaleString(language()) });
/** A seat or automaton as the game calls it in the page's language (Player 1, Sandra). */
const name = (who) => word("seat_", who);
const splitNode = (node) => {
  const dot = node.indexOf(".");
  return dot < 0 ? [node, ""] : [node.slice(0, dot), node.slice(dot + 1)];
};

// The replay draws the `all` view, whose table is the whole state: decks as they lie
// rather than their sizes, the open decision as {seat, steps}. These read either.
const sizesOf = (shown, whole) => shown || Object.fromEntries(Object.entries(whole || {}).map(([k, cards]) => [k, cards.length]));
const countOf = (shown, whole) => shown ?? (whole || []).length;
/** The open decision's steps as the viewer sees them (its own, or every one in the replay). */
const stepsOf = (view) => (Array.isArray(view.decision) ? view.decision : (view.decision && view.decision.steps) || []);

/** The Business or Safe House placed on `node` ({kind, id, placed_on, closed, cubes}), or null. */
function buildingOn(view, node) {
  const table = view.table;
  for (const [id, b] of Object.entries(table.businesses)) if (b.placed_on === node) return { kind: "business", id, ...b };
  for (const [id, b] of Object.entries(table.safe_houses)) if (b.placed_on === node) return { kind: "safe_house", id, ...b };
  return null;
}

/** Whether a location is a closed Exit: two Patrol cards on its space (as render_city.py). */
function exitClosed(view, location) {
  return location.kind === "EXIT" && (view.table.patrol_spaces[String(location.exit)] ?? 0) >= 2;
}

/** A location's short name, as its cell shows it (Store A, Exit 2, the Casino...). */
function locationName(location, building) {
  if (building) return building.kind === "business" ? word("business_", building.id) : t("ep_safe_house_n", { n: building.id });
  switch (location.kind) {
    case "STORE": return t("ep_store_x", { x: location.store });
    case "EXIT": return t("ep_exit_n", { n: location.exit });
    case "GANG": return location.hq ? t("ep_gang_hq") : word("loc_", location.kind);
    default: return word("loc_", location.kind);
  }
}

let currentView = null;
/** A node of the city in words: the tile, then the location or the area's terrain. */
function nodeLabel(node) {
  const [tileId, local] = splitNode(node);
  const tile = TILES[tileId];
  if (!tile) return node;
  if (tile.locations[local]) {
    const building = currentView ? buildingOn(currentView, node) : null;
    return t("ep_node", { tile: tileId, place: locationName(tile.locations[local], building) });
  }
  const area = tile.areas[local];
  return area ? t("ep_node", { tile: tileId, place: word("terrain_", area.terrain) }) : node;
}

/** An Asset, Contact card, Fixer or Equipment by its id; a gang member by its Gang. */
function toolName(id) {
  if (id.startsWith("gang@")) return t("ep_gang_member", { node: nodeLabel(id.slice(5)) });
  for (const prefix of ["asset_", "contact_", "fixer_", "equip_"]) if (has(prefix + id)) return t(prefix + id);
  return id;
}
const officer = (o) => word("officer_", o);
const value = (v) => (v === HIDDEN ? t("ep_hidden_value") : money(v));

/** Words for one step of a decision (docs/games/escape-plan.md, "Action ids", "Step ids"). */
function stepLabel(step) {
  if (step === HIDDEN) return t("ep_hidden_step");
  const parts = step.split(":");
  const [verb, a = "", b = "", c = "", d = ""] = parts;
  switch (verb) {
    case "tile": return t("ep_act_tile", { tile: a });
    case "cell": return t("ep_act_cell", { cell: a });
    case "turn": return t("ep_act_turn", { degrees: a });
    case "business": return t("ep_act_place_building", { building: word("business_", a) });
    case "safe_house": return t("ep_act_place_building", { building: t("ep_safe_house_n", { n: a }) });
    case "unlock": return a ? t("ep_act_unlock", { asset: toolName(a) }) : t("ep_act_unlock_none");
    case "walk": case "jetski": case "metro": case "fly": case "sewer":
      return t(`ep_act_${verb}`, { node: nodeLabel(a) });
    case "heli": return t("ep_act_heli", { tool: toolName(a), node: nodeLabel(b) });
    case "sandra": return t("ep_act_sandra", { officer: officer(a) });
    case "wound": return t("ep_act_wound", { tile: a, officer: officer(b) });
    case "cuff": return a ? t("ep_act_cuff", { asset: toolName(a) }) : t("ep_act_cuff_none");
    case "visit": return visitLabel(a, b, c, d, parts);
    case "exec": return execLabel(a, b, c);
    case "bonus": return t("ep_act_bonus", { group: word("bonus_", a), choice: bonusChoice(b, c) });
    default:
      // An avoid tool: <tool>:<tile>:<officer>.
      if (parts.length === 3 && (OFFICERS.includes(b) || b === HIDDEN || OFFICERS.includes(c))) {
        return t("ep_act_avoid", { tool: toolName(verb), tile: a, officer: officer(b) });
      }
      return has(`ep_act_${step}`) ? t(`ep_act_${step}`) : step;
  }
}

/** What a completion bonus is taken as: a disc, an Asset unlocked (or none left), or nothing. */
function bonusChoice(choice, asset) {
  if (choice === "unlock") return asset ? t("ep_act_unlock", { asset: toolName(asset) }) : t("ep_act_unlock_none");
  return choice === "disc" ? t("ep_bonus_disc") : word("ep_act_", choice);
}

function visitLabel(stage, a, b, c, parts) {
  switch (stage) {
    case "enter": return t("ep_visit_enter");
    case "key": return t("ep_visit_key", { colour: word("colour_", a) });
    case "master_key": return t("ep_visit_master_key");
    case "take_key": return t("ep_visit_take_key", { colour: word("colour_", a) });
    case "fixer": return t("ep_visit_fixer", { fixer: toolName(a), space: b });
    case "gas": return t("ep_visit_gas");
    case "buy": return t("ep_visit_buy", { item: toolName(a), space: b });
    case "locker": return b ? t("ep_visit_locker_master", { colour: word("colour_", a) }) : t("ep_visit_locker", { colour: word("colour_", a) });
    case "pick": return t("ep_visit_pick", { value: value(a), space: b || "—" });
    case "unlock": return t("ep_act_unlock", { asset: toolName(a) });
    case "heal": return a ? t("ep_visit_heal_n", { n: a }) : t("ep_visit_heal");
    case "pay": return t("ep_visit_pay");
    case "income": return t("ep_visit_income");
    case "exit_tile": return t("ep_visit_exit_tile");
    case "contact": return t("ep_visit_contact", { card: toolName(b), row: c, space: parts[5] || "—" });
    case "skip": return t("ep_visit_skip", { stage: word("stage_", a) });
    default: return parts.join(":");
  }
}

function execLabel(kind, a, b) {
  switch (kind) {
    case "contact": return t("ep_exec_contact", { space: a });
    case "fixer": return t("ep_exec_fixer", { space: a });
    case "asset": return t("ep_exec_asset", { asset: toolName(a) });
    case "gang": return t("ep_exec_gang", { node: nodeLabel(a) });
    case "first_aid": return t("ep_exec_first_aid");
    case "remove": return t("ep_exec_remove", { tile: a });
    case "move": {
      const [from, to] = b.split(">");
      return t("ep_exec_move", { officer: officer(a), from, to });
    }
    case "take": return t("ep_exec_take", { what: has(`contact_${a}`) ? t(`contact_${a}`) : a });
    case "unlock": return t("ep_act_unlock", { asset: toolName(a) });
    default: return [kind, a, b].filter(Boolean).join(":");
  }
}

/** A readable label for an action id, or for what another seat was shown of a whole
 * decision (its steps joined by "/", secret values as "?"). */
export function actionLabel(id, state) {
  if (state) currentView = state.view;
  return id.split("/").map(stepLabel).join(" → ");
}

/** The node an action goes to on the map, or null. */
function nodeOf(action) {
  const parts = action.split(":");
  const verb = parts[0] === "exec" ? `exec:${parts[1]}` : parts[0];
  return NODE_STEPS.includes(verb) && parts.length >= 2 && parts[parts.length - 1].includes(".") ? parts[parts.length - 1] : null;
}

function actionGroups(legal) {
  // The map's choices first; visits, executive actions and the rest apart, so that a
  // long list folds and the move under the thumb is the one the player looks at.
  const groups = [];
  const onMap = legal.filter((a) => nodeOf(a) || a.startsWith("cell:") || a.startsWith("tile:"));
  const exec = legal.filter((a) => a.startsWith("exec:") && !nodeOf(a));
  const rest = legal.filter((a) => !onMap.includes(a) && !exec.includes(a));
  if (rest.length) groups.push({ title: null, actions: rest });
  if (onMap.length) groups.push({ title: t("ep_group_map"), open: true, actions: onMap });
  if (exec.length) groups.push({ title: t("ep_group_exec"), open: false, actions: exec });
  return groups;
}

// --- the city ---------------------------------------------------------------------------

/** The tile's drawing turned `rotation` degrees clockwise (as render_city.rotated_cells). */
function rotatedCells(cells, rotation) {
  let out = cells.map((row) => [...row]);
  for (let i = 0; i < ((rotation / 90) % 4 + 4) % 4; i++) {
    const n = out.length;
    out = out.map((_, r) => out.map((__, c) => out[n - 1 - c][r]));
  }
  return out;
}

/** Where each participant stands: node -> [seat or automaton]. */
function pawnsByNode(view) {
  const at = new Map();
  const add = (node, who) => {
    if (!node) return;
    if (!at.has(node)) at.set(node, []);
    at.get(node).push(who);
  };
  for (const p of Object.values(view.table.players)) if (p.status === "city") add(p.location, p.seat);
  for (const a of Object.values(view.table.automata || {})) if (a.status === "city") add(a.location, a.name);
  return at;
}

/** The nodes the viewer's open move has passed through, in order. */
function pathOf(view) {
  return stepsOf(view).map(nodeOf).filter(Boolean);
}

/** What a pawn shows: a player's number, an automaton's letter (S, C in English). */
function pawnMark(who) {
  return /^p\d$/.test(who) ? who.slice(1) : word("pawn_", who);
}

/** The tile being placed once its cell and turn are chosen: [tile, x, y, rotation], and the
 * building space its next Business or Safe House step fills (null when none is asked). */
function pendingTile(view, legal) {
  const steps = stepsOf(view);
  const find = (prefix) => steps.find((step) => step.startsWith(prefix));
  const [tileStep, cellStep, turnStep] = [find("tile:"), find("cell:"), find("turn:")];
  if (!tileStep || !cellStep || !turnStep || !TILES[tileStep.slice(5)]) return null;
  const tileId = tileStep.slice(5);
  const [x, y] = cellStep.slice(5).split(",").map(Number);
  // One step per building space, in the tile's order (docs: "Action ids").
  const spaces = Object.entries(TILES[tileId].locations)
    .filter(([, loc]) => loc.kind === "BUSINESS_SPACE" || loc.kind === "SAFE_HOUSE_SPACE")
    .map(([local]) => `${tileId}.${local}`);
  const filled = steps.filter((step) => step.startsWith("business:") || step.startsWith("safe_house:")).length;
  const asked = legal.some((a) => a.startsWith("business:") || a.startsWith("safe_house:"));
  return { entry: [tileId, x, y, Number(turnStep.slice(5))], toFill: asked ? spaces[filled] ?? null : null };
}

function drawCity(view, legal, ctx) {
  const pending = pendingTile(view, legal);
  const city = pending ? [...view.table.city, pending.entry] : view.table.city;
  const cells = legal.filter((a) => a.startsWith("cell:")).map((a) => [a, ...a.slice(5).split(",").map(Number)]);
  const slots = [...city.map(([, x, y]) => [x, y]), ...cells.map(([, x, y]) => [x, y])];
  const xs = slots.map(([x]) => x);
  const ys = slots.map(([, y]) => y);
  const minX = Math.min(...xs), minY = Math.min(...ys);
  const width = (Math.max(...xs) - minX + 1) * STEP_X + GAP;
  const height = (Math.max(...ys) - minY + 1) * STEP_Y + GAP;
  const at = (x, y) => [(x - minX) * STEP_X + GAP, (y - minY) * STEP_Y + GAP];
  const pawns = pawnsByNode(view);
  const path = pathOf(view);
  // node -> the one action that goes there. A node reached in several ways (none is known
  // in the rules as written, but a tool could add one) is left to the action buttons,
  // which name the way: a click on the map must never guess.
  const byNode = new Map();
  for (const a of legal) {
    const node = nodeOf(a);
    if (node) byNode.set(node, [...(byNode.get(node) || []), a]);
  }
  const targets = new Map([...byNode].filter(([, actions]) => actions.length === 1).map(([node, [a]]) => [node, a]));
  const svg = s("svg", { class: "ep-city", viewBox: `0 0 ${width} ${height}`, role: "group", "aria-label": t("ep_city") });
  // Never wider than a comfortable size, never so narrow that a cell is too small to tap
  // (a phone scrolls the map sideways inside its box instead).
  svg.style.maxWidth = `${width * 1.4}px`;
  svg.style.minWidth = `${Math.min(width, 3 * STEP_X)}px`;
  const pawnLayer = s("g", { class: "pawns" });
  for (const [tileId, x, y, rotation] of city) {
    const tile = TILES[tileId];
    if (!tile) continue;
    const [ox, oy] = at(x, y);
    const police = view.table.police[tileId] || [];
    // The tile being placed is drawn where it goes, dashed, until the placement is complete.
    const ghost = pending && pending.entry[0] === tileId;
    const g = s("g", { class: `tile${ghost ? " ghost" : ""}`, transform: `translate(${ox} ${oy})`, dataset: { tile: tileId } });
    const heading = police.length ? t("ep_tile_police", { tile: tileId, police: police.map(officer).join(", ") }) : t("ep_tile_no_police", { tile: tileId });
    g.append(
      s("rect", { class: "tile-head", width: TILE_W, height: HEADER }),
      s("text", { class: "tile-id", x: 4, y: HEADER - 6 }, tile.heliport_tile ? `${tileId} ✈` : tileId),
      s("title", {}, heading),
    );
    police.forEach((o, i) => {
      g.append(s("g", { class: `officer ${o.toLowerCase()}`, transform: `translate(${TILE_W - 10 - i * 20} ${HEADER / 2})`, role: "img", "aria-label": officer(o) },
        s("circle", { r: 9 }), s("text", { y: 4 }, word("officer_letter_", o))));
    });
    const grid = rotatedCells(tile.cells, rotation);
    const nodeCells = new Map();
    grid.forEach((row, r) => row.forEach((local, c) => {
      if (!nodeCells.has(local)) nodeCells.set(local, []);
      nodeCells.get(local).push([r, c]);
    }));
    for (const [local, spots] of nodeCells) {
      const node = `${tileId}.${local}`;
      const location = tile.locations[local];
      const area = tile.areas[local];
      const building = location ? buildingOn(view, node) : null;
      const closed = location && ((building && building.closed) || exitClosed(view, location));
      const kind = location ? `loc ${location.kind.toLowerCase()}${closed ? " closed" : ""}` : `area ${area.terrain.toLowerCase()}`;
      const marks = `${path.includes(node) ? " on-path" : ""}${ghost && pending.toFill === node ? " to-fill" : ""}`;
      const ng = s("g", { class: `node ${kind}${marks}`, dataset: { node } });
      for (const [r, c] of spots) ng.append(s("rect", { class: "cell", x: c * CELL, y: HEADER + r * CELL, width: CELL, height: CELL }));
      const [r0, c0] = spots[0];
      if (location) {
        const label = locationName(location, building);
        ng.append(s("text", { class: "loc-label", x: c0 * CELL + CELL / 2, y: HEADER + r0 * CELL + 14 }, label.length > 10 ? `${label.slice(0, 9)}…` : label));
      } else if (area.ferry) {
        ng.append(s("text", { class: "ferry-label", x: c0 * CELL + CELL / 2, y: HEADER + r0 * CELL + 14 }, t("ep_ferry")));
      }
      const chosen = targets.get(node);
      const title = nodeLabel(node);
      if (chosen) {
        ng.classList.add("target");
        ng.setAttribute("role", "button");
        ng.setAttribute("tabindex", "0");
        ng.setAttribute("aria-label", actionLabel(chosen));
        ng.dataset.action = chosen;
        const go = () => !ctx.isPending() && ctx.act(chosen);
        ng.addEventListener("click", go);
        ng.addEventListener("keydown", (e) => {
          if (e.key === "Enter" || e.key === " ") {
            e.preventDefault();
            go();
          }
        });
      } else {
        ng.append(s("title", {}, title));
      }
      g.append(ng);
      const here = pawns.get(node) || [];
      here.forEach((who, i) => {
        const px = ox + c0 * CELL + 12 + (i % 3) * 18;
        const py = oy + HEADER + r0 * CELL + 32 + Math.floor(i / 3) * 16;
        const mine = who === view.seat;
        pawnLayer.append(s("g", { class: `pawn ${/^p\d$/.test(who) ? `seat-${who}` : who}${mine ? " mine" : ""}`, transform: `translate(${px} ${py})`, role: "img", "aria-label": t("ep_pawn_at", { who: name(who), node: title }) },
          s("circle", { r: 8 }), s("text", { y: 4 }, pawnMark(who))));
      });
    }
    svg.append(g);
  }
  for (const [action, x, y] of cells) {
    const [ox, oy] = at(x, y);
    const free = s("g", { class: "free-cell", transform: `translate(${ox} ${oy})`, role: "button", tabindex: "0", "aria-label": actionLabel(action), dataset: { action } },
      s("rect", { width: TILE_W, height: TILE_H }),
      s("text", { x: TILE_W / 2, y: TILE_H / 2 + 5 }, `${x},${y}`));
    const go = () => !ctx.isPending() && ctx.act(action);
    free.addEventListener("click", go);
    free.addEventListener("keydown", (e) => {
      if (e.key === "Enter" || e.key === " ") {
        e.preventDefault();
        go();
      }
    });
    svg.append(free);
  }
  svg.append(pawnLayer);
  return svg;
}

/** A tile of the display as a small picture (decoration: its button says which tile). */
function tilePicture(tileId, rotation = 0) {
  const tile = TILES[tileId];
  if (!tile) return null;
  const size = 14;
  const svg = s("svg", { class: "tile-pic", viewBox: `0 0 ${3 * size} ${3 * size}`, "aria-hidden": "true" });
  rotatedCells(tile.cells, rotation).forEach((row, r) => row.forEach((local, c) => {
    const loc = tile.locations[local];
    const cls = loc ? `loc ${loc.kind.toLowerCase()}` : `area ${tile.areas[local].terrain.toLowerCase()}`;
    svg.append(s("rect", { class: `cell ${cls}`, x: c * size, y: r * size, width: size, height: size }));
  }));
  return svg;
}

/** The ways the tile being placed may lie, each a button with the tile drawn so (under the
 * map, where the player has just chosen its cell); null when no turn is asked. */
function turnChoices(view, legal, ctx) {
  const turns = legal.filter((a) => a.startsWith("turn:"));
  const placing = stepsOf(view).find((step) => step.startsWith("tile:"));
  if (!turns.length || !placing) return null;
  const tileId = placing.slice(5);
  return h("div", { class: "ep-turns", role: "group", "aria-labelledby": "ep-turns-h" },
    h("p", { id: "ep-turns-h" }, t("ep_turn_choose", { tile: tileId })),
    turns.map((action) => h("button", { type: "button", class: "turn-choice", dataset: { action }, onclick: () => !ctx.isPending() && ctx.act(action) },
      tilePicture(tileId, Number(action.slice(5))), actionLabel(action))));
}

// --- boards and supplies ----------------------------------------------------------------

function pieceLabel(piece) {
  if (!piece) return "—";
  const [kind, ident, faceUp] = piece;
  const [colourOrStack, val] = ident.split(":");
  let text;
  switch (kind) {
    case "locker": text = t("ep_piece_locker", { colour: word("colour_", colourOrStack), value: value(val ?? HIDDEN) }); break;
    case "exit": text = t("ep_piece_exit", { stack: colourOrStack, value: value(val ?? HIDDEN) }); break;
    default: text = toolName(ident);
  }
  return faceUp ? text : t("ep_face_down", { what: text });
}

function stat(label, content) {
  return [h("dt", {}, label), h("dd", {}, content)];
}

function playerBoard(p, view) {
  const mine = p.seat === view.seat;
  const acting = view.to_act.includes(p.seat);
  const unlocked = p.unlocked.map((u) => (u ? (u[1] ? t("ep_face_down", { what: toolName(u[0]) }) : toolName(u[0])) : "—"));
  const keys = p.keys.filter(Boolean).map(([colour, up]) => (up ? word("colour_", colour) : t("ep_face_down", { what: word("colour_", colour) })));
  return h(
    "li",
    { class: `board${mine ? " is-me" : ""}`, "aria-label": name(p.seat), dataset: { seat: p.seat } },
    h("h3", {}, h("span", { class: `swatch seat-${p.seat}`, "aria-hidden": "true" }, pawnMark(p.seat)), " ", name(p.seat), mine ? ` (${t("you")})` : "",
      acting ? h("span", { class: "badge acting" }, t("to_act")) : null,
      p.status !== "city" ? h("span", { class: "badge" }, word("status_", p.status)) : null),
    h("dl", { class: "stats" },
      stat(t("ep_cash"), p.cash === null ? t("ep_behind_screen") : money(p.cash)),
      mine || p.escape_plan !== null ? stat(t("ep_escape_plan"), p.escape_plan === null ? "—" : t("ep_card_n", { n: p.escape_plan })) : null,
      stat(t("ep_where"), p.status === "city" ? nodeLabel(p.location) : word("status_", p.status)),
      stat(t("ep_notoriety"), t("ep_notoriety_value", { n: p.notoriety, red: p.noto_red, blue: p.noto_blue })),
      stat(t("ep_wounds"), t("ep_wounds_value", { n: p.wounds_red, cuffs: p.handcuffs })),
      stat(t("ep_income_cubes"), String(p.income_cubes)),
      stat(t("ep_gas_discs"), t("ep_gas_discs_value", { gas: p.gas_cans, discs: p.discs })),
      stat(t("ep_control_markers"), String(p.control_markers)),
      stat(t("ep_rest_first_aid"), `${p.rest_sun ? t("ep_ready") : t("ep_used")} · ${p.first_aid_up ? t("ep_ready") : t("ep_used")}`)),
    h("p", { class: "row" }, h("strong", {}, t("ep_assets_unlocked")), " ", unlocked.join(" · ")),
    h("p", { class: "row" }, h("strong", {}, t("ep_items")), " ", p.items.map(pieceLabel).join(" · ")),
    h("p", { class: "row" }, h("strong", {}, t("ep_contacts")), " ", p.contacts.map((c, i) => `${pieceLabel(c)}${p.cuffed[i] ? ` (${t("ep_cuffed")})` : ""}`).join(" · ")),
    keys.length ? h("p", { class: "row" }, h("strong", {}, t("ep_keys")), " ", keys.join(", ")) : null,
    p.gang_members.length ? h("p", { class: "row" }, h("strong", {}, t("ep_gang_members")), " ", p.gang_members.map((g) => nodeLabel(g)).join(", ")) : null,
    p.bonuses.length ? h("p", { class: "row" }, h("strong", {}, t("ep_bonuses")), " ", p.bonuses.map((b) => word("bonus_", b)).join(", ")) : null,
    planCard(p.escape_plan),
  );
}

/** An Escape Plan card's lines (what each Business and Safe House is worth to its owner),
 * where the view shows the card: the owner's own, everyone's at the end. */
function planCard(id) {
  const lines = id === null || id === undefined ? null : ESCAPE_PLANS[String(id)];
  if (!lines) return null;
  const place = (ref) => {
    const [kind, which] = ref.split(":");
    return kind === "business" ? word("business_", which) : t("ep_safe_house_n", { n: which });
  };
  return h("details", { class: "plan-card" },
    h("summary", {}, t("ep_plan_card", { n: id })),
    h("dl", { class: "stats" }, Object.entries(lines).map(([ref, worth]) =>
      stat(place(ref), worth === "income" ? t("ep_plan_income") : money(worth)))));
}

function automatonBoard(a, view) {
  return h(
    "li",
    { class: "board automaton", "aria-label": name(a.name), dataset: { seat: a.name } },
    h("h3", {}, h("span", { class: `swatch ${a.name}`, "aria-hidden": "true" }, pawnMark(a.name)), " ", name(a.name),
      view.to_act.includes(a.name) ? h("span", { class: "badge acting" }, t("to_act")) : null),
    h("dl", { class: "stats" },
      stat(t("ep_where"), a.status === "city" ? nodeLabel(a.location) : word("status_", a.status)),
      stat(t("ep_notoriety"), String(a.notoriety)),
      stat(t("ep_discs"), String(a.discs)),
      stat(t("ep_deck"), String(countOf(a.deck_cards && a.deck_cards.length, a.deck))),
      a.contacts.length ? stat(t("ep_contacts"), a.contacts.map((c) => toolName(String(c))).join(", ")) : null),
  );
}

/** The notoriety track: one box per level, each participant's marker on its level. */
function notorietyTrack(view) {
  const who = [...Object.values(view.table.players).map((p) => [p.seat, p.notoriety]), ...Object.values(view.table.automata || {}).map((a) => [a.name, a.notoriety])];
  const top = Math.max(NOTORIETY_LEVELS, ...who.map(([, n]) => n));
  const levels = [];
  for (let level = 1; level <= top; level++) {
    const here = who.filter(([, n]) => n === level);
    levels.push(h("li", { class: `level${here.length ? " occupied" : ""}` },
      h("span", { class: "level-n" }, String(level)),
      here.map(([w]) => h("span", { class: `swatch ${/^p\d$/.test(w) ? `seat-${w}` : w}`, title: name(w) }, pawnMark(w)))));
  }
  return h("ol", { class: "noto-track", "aria-label": t("ep_notoriety_track") }, levels);
}

function supplies(view, legal, ctx) {
  const table = view.table;
  const placing = stepsOf(view).find((step) => step.startsWith("tile:"));
  const display = table.display.map((tileId) => {
    const action = `tile:${tileId}`;
    const picked = placing === action;
    const content = [tilePicture(tileId), h("span", {}, tileId)];
    return h("li", { class: `display-tile${picked ? " picked" : ""}` },
      legal.includes(action)
        ? h("button", { type: "button", class: "tile-choice", dataset: { action }, "aria-label": actionLabel(action), onclick: () => !ctx.isPending() && ctx.act(action) }, content)
        : h("span", { class: "tile-static" }, content));
  });
  const buildings = [
    ...Object.entries(table.businesses).map(([id, b]) => [word("business_", id), b]),
    ...Object.entries(table.safe_houses).map(([id, b]) => [t("ep_safe_house_n", { n: id }), b]),
  ].map(([label, b]) => h("li", {}, h("strong", {}, label), ": ",
    b.placed_on ? nodeLabel(b.placed_on) : t("ep_not_placed"),
    b.closed ? ` · ${t("ep_closed")}` : "",
    b.cubes.length ? ` · ${t("ep_cubes", { seats: b.cubes.map((c) => name(String(c))).join(", ") })}` : ""));
  const exits = Object.entries(table.patrol_spaces).map(([n, count]) => h("li", {}, t("ep_exit_patrol", { n, count }), exitClosed(view, { kind: "EXIT", exit: n }) ? ` · ${t("ep_closed")}` : ""));
  return [
    h("section", { class: "ep-display", "aria-labelledby": "ep-display-h" },
      h("h2", { id: "ep-display-h" }, t("ep_display"), " ", h("span", { class: "muted small" }, t("ep_stacks", { sizes: Object.entries(sizesOf(table.stack_sizes, table.stacks)).map(([k, n]) => `${k} ${n}`).join(" · ") }))),
      h("ul", { class: "display" }, display)),
    h("section", { class: "ep-contacts", "aria-labelledby": "ep-contacts-h" },
      h("h2", { id: "ep-contacts-h" }, t("ep_contact_display"), " ", h("span", { class: "muted small" }, t("ep_deck_left", { n: countOf(table.contact_deck_size, table.contact_deck) }))),
      h("ol", { class: "contact-display" }, table.contact_display.map((c) => h("li", {}, c ? toolName(c) : "—")))),
    h("section", { class: "ep-buildings", "aria-labelledby": "ep-buildings-h" },
      h("h2", { id: "ep-buildings-h" }, t("ep_buildings")),
      h("ul", { class: "plain" }, buildings),
      h("h3", {}, t("ep_exits")),
      h("ul", { class: "plain" }, exits)),
    h("section", { class: "ep-supply", "aria-labelledby": "ep-supply-h" },
      h("h2", { id: "ep-supply-h" }, t("ep_supply")),
      h("dl", { class: "stats" },
        stat(t("ep_fixers"), table.fixers.map((f) => (f ? toolName(f) : "—")).join(", ")),
        stat(t("ep_equipment"), Object.entries(table.equipment).map(([k, n]) => `${toolName(k)} ${n}`).join(", ")),
        stat(t("ep_lockers"), Object.entries(sizesOf(table.locker_sizes, table.lockers)).map(([k, n]) => `${word("colour_", k)} ${n}`).join(", ")),
        stat(t("ep_police_bag"), OFFICERS.map((o) => `${officer(o)} ${table.bag[o] ?? 0}`).join(", ")),
        stat(t("ep_gas_cans"), String(table.gas_cans)),
        stat(t("ep_discs"), String(table.discs)),
        stat(t("ep_handcuffs"), String(table.handcuffs)))),
  ];
}

function statusLine(view) {
  const table = view.table;
  const parts = [t("ep_day", { day: table.day }), word("phase_", table.phase)];
  if (table.phase === "ACTIONS") parts.push(word("part_", table.part));
  parts.push(t("ep_turn_order", { seats: table.turn_order.map(name).join(", ") }));
  const acting = view.to_act.length ? t("ep_to_act", { who: view.to_act.map(name).join(", ") }) : "";
  return [h("p", { class: "ep-when" }, parts.join(" · "), acting ? ` — ${acting}` : ""),
    stepsOf(view).length ? h("p", { class: "ep-decision", role: "status" }, decisionText(view)) : null];
}

/** The open decision in words: the viewer's own, or in the replay whoever's it is. */
function decisionText(view) {
  const steps = stepsOf(view).map(stepLabel).join(" → ");
  const seat = Array.isArray(view.decision) ? view.seat : view.decision.seat;
  return seat === view.seat ? t("ep_so_far", { steps }) : t("ep_so_far_of", { who: name(seat), steps });
}

/** The renderer (docs/server.md, "A game's client"). */
export function createRenderer(container, ctx) {
  ({ t, has, word, language } = ctx);
  // A grid item (the page's game area) grows with its widest content unless told not to:
  // the map scrolls inside its own box instead.
  container.classList.add("ep-game");
  const head = h("div", { class: "ep-head" });
  const cityBox = h("section", { class: "ep-city-box", "aria-labelledby": "ep-city-h" });
  const trackBox = h("section", { class: "ep-tracks", "aria-labelledby": "ep-tracks-h" });
  const boards = h("ul", { class: "ep-boards", "aria-label": t("ep_boards") });
  const suppliesBox = h("div", { class: "ep-supplies" });
  container.append(head, cityBox, trackBox, boards, suppliesBox);

  return {
    async update(state) {
      try {
        ({ tiles: TILES, notoriety_levels: NOTORIETY_LEVELS, escape_plans: ESCAPE_PLANS } = await loadTiles());
      } catch (err) {
        replace(head, h("p", { class: "error", role: "alert" }, t("ep_tiles_failed", { detail: String(err.message || err) })));
        return;
      }
      const view = state.view;
      currentView = view;
      const legal = state.legal_actions || [];
      replace(head, statusLine(view));
      replace(cityBox,
        h("h2", { id: "ep-city-h" }, t("ep_city")),
        // Focusable, so that a keyboard can scroll the map where it is wider than the page.
        h("div", { class: "ep-city-scroll", tabindex: "0", role: "region", "aria-label": t("ep_city_map") }, drawCity(view, legal, ctx)),
        turnChoices(view, legal, ctx),
        h("ul", { class: "ep-legend", "aria-label": t("ep_legend") },
          ["COM", "RES", "IND", "WAT"].map((k) => h("li", {}, h("span", { class: `key area ${k.toLowerCase()}`, "aria-hidden": "true" }), word("terrain_", k))),
          h("li", {}, h("span", { class: "key loc", "aria-hidden": "true" }), t("ep_location")),
          h("li", {}, h("span", { class: "key target", "aria-hidden": "true" }), t("ep_legal_here"))));
      replace(trackBox, h("h2", { id: "ep-tracks-h" }, t("ep_notoriety_track")), notorietyTrack(view));
      const players = Object.values(view.table.players);
      // The viewer's own board first: its cash and Escape Plan card are what it plays by.
      players.sort((a, b) => (b.seat === view.seat) - (a.seat === view.seat));
      replace(boards, players.map((p) => playerBoard(p, view)), Object.values(view.table.automata || {}).map((a) => automatonBoard(a, view)));
      replace(suppliesBox, supplies(view, legal, ctx));
    },
    actionLabel,
    actionGroups,
    formatScore: (v) => money(v),
  };
}
