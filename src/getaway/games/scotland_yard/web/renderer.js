// Scotland Yard: the board as SVG (from boards/{board}.json beside this file, generated from
// the game's CSVs by build_board_data.py), pieces, the possible-locations overlay, the travel
// log and tickets. Only the seat's view is drawn: Mr. X appears only where the view gives
// mrx_location. A renderer module as docs/server.md describes ("A game's client").
//
// Mr. X's double move is a decision in steps: `double`, then the first ride, then the
// second (the same ids as single rides). While it is open his legal actions are the next
// leg's rides, which the board offers as stations to click, and his view holds the steps
// taken so far; the shared page's undo takes one back.

import { h, replace, s } from "/static/js/dom.js";

// The page's translators (ctx.t), set by createRenderer: this game's strings first.
let t = (key) => key;
let has = () => false;

// A counted phrase in the language's plural form (the page's ctx.plural: `${key}_one`,
// `_few`, `_many`, `_other`... as Intl.PluralRules names them).
let plural = (key, n, params = {}) => t(`${key}_other`, { n, ...params });

const BOARDS_URL = new URL("boards/", import.meta.url);
const TICKETS = new Set(["taxi", "bus", "underground", "black"]);
const TRANSPORT_ORDER = ["underground", "bus", "taxi", "ferry"];
const STATION_R = 13;
const PARALLEL_GAP = 5; // svg units between parallel lines joining the same two stations
/** The double-move step, and what the server shows of a secret part of an action. */
const DOUBLE = "double";
const HIDDEN = "?";
const boards = new Map();

async function loadBoard(name) {
  if (!boards.has(name)) {
    boards.set(name, fetch(new URL(`${encodeURIComponent(name)}.json`, BOARDS_URL)).then((r) => {
      if (!r.ok) throw new Error(`board ${name}: HTTP ${r.status}`);
      return r.json();
    }));
  }
  return boards.get(name);
}

/**
 * An action id as {piece, ticket, station, legs?}: see docs/games/scotland-yard.md. Also
 * what a viewer was shown of one: a station may be "?" (station NaN), and a whole double
 * move is "double/LEG/LEG". The double-move step itself is {double: true, legs: []}.
 */
export function parseAction(id) {
  if (id === DOUBLE) return { id, piece: "mrx", double: true, step: true, legs: [], ticket: null, station: null };
  // "double/LEG/LEG" as a viewer is shown a whole double move; "double:LEG/LEG" as the one
  // compound id of a double move in logs from before it became a decision in steps.
  if (id.startsWith(`${DOUBLE}/`) || id.startsWith(`${DOUBLE}:`)) {
    const legs = id.slice(DOUBLE.length + 1).split("/").map((leg) => parseAction(leg));
    return { id, piece: "mrx", double: true, legs, ticket: null, station: legs[legs.length - 1].station };
  }
  const parts = id.split(":");
  const station = (text) => (text === HIDDEN ? null : Number(text));
  if (parts.length === 2 && TICKETS.has(parts[0])) {
    return { id, piece: "mrx", ticket: parts[0], station: station(parts[1]) };
  }
  if (parts.length === 2) return { id, piece: parts[0], ticket: null, station: station(parts[1]) };
  return { id, piece: parts[0], ticket: parts[1], station: station(parts[2]) };
}

const ticketName = (ticket) => t(`ticket_${ticket}`);

function rideLabel(a) {
  const station = a.station === null ? t("sy_secret_station") : a.station;
  return a.ticket ? t("sy_ride", { ticket: ticketName(a.ticket), station }) : t("sy_ride_to", { station });
}

export function actionLabel(id) {
  const a = parseAction(id);
  if (a.step) return t("sy_double_step");
  if (a.double) {
    const [first, second] = a.legs.map(rideLabel);
    return t("sy_double", { first, second });
  }
  return a.piece === "mrx" ? rideLabel(a) : t("sy_piece_ride", { piece: a.piece, ride: rideLabel(a) });
}

function actionGroups(legal) {
  const parsed = legal.map(parseAction);
  const rides = parsed.filter((a) => !a.double);
  const pieces = [...new Set(rides.map((a) => a.piece))];
  const groups = pieces.map((piece) => ({
    title: pieces.length > 1 ? t("sy_moves_of", { piece }) : null,
    open: true,
    actions: rides.filter((a) => a.piece === piece).map((a) => a.id),
  }));
  // The double move is a step of its own: choosing it opens the decision.
  if (parsed.some((a) => a.step)) groups.push({ title: null, actions: [DOUBLE] });
  // Compound double moves (a server from before the steps): many, so folded away.
  const compound = parsed.filter((a) => a.double && !a.step).map((a) => a.id);
  if (compound.length) groups.push({ title: t("sy_double_moves", { n: compound.length }), actions: compound });
  return groups;
}

/**
 * Mr. X's open double move as his view shows it (only his and the "all" view do): the steps
 * taken so far, or null. The view holds them as the core's open decision, {seat, steps}, or
 * as the bare list of steps.
 */
function openSteps(view) {
  const open = view.decision ?? view.open_steps ?? view.my_steps ?? null;
  const steps = Array.isArray(open) ? open : open && Array.isArray(open.steps) ? open.steps : null;
  return steps && steps.length ? steps : null;
}

/** Pan and zoom of an SVG through its viewBox: mouse drag, wheel, one-finger pan, pinch. */
function panZoom(svg, home) {
  let box = { ...home };
  const pointers = new Map();
  let moved = 0;
  const apply = () => svg.setAttribute("viewBox", `${box.x} ${box.y} ${box.w} ${box.h}`);
  const toSvg = (cx, cy) => {
    const m = svg.getScreenCTM();
    if (!m) return { x: box.x + box.w / 2, y: box.y + box.h / 2 };
    const p = new DOMPoint(cx, cy).matrixTransform(m.inverse());
    return { x: p.x, y: p.y };
  };
  // Zoom by factor f keeping the svg point (px, py) under the same screen spot.
  const zoom = (f, px = box.x + box.w / 2, py = box.y + box.h / 2) => {
    const w = Math.min(home.w * 1.5, Math.max(home.w / 12, box.w / f));
    const k = w / box.w;
    box = { x: px - (px - box.x) * k, y: py - (py - box.y) * k, w, h: box.h * k };
    apply();
  };
  const pan = (dx, dy) => {
    box.x += dx;
    box.y += dy;
    apply();
  };
  svg.addEventListener("pointerdown", (e) => {
    pointers.set(e.pointerId, { x: e.clientX, y: e.clientY });
    moved = 0;
  });
  svg.addEventListener("pointermove", (e) => {
    const prev = pointers.get(e.pointerId);
    if (!prev) return;
    if (pointers.size === 1) {
      const a = toSvg(prev.x, prev.y);
      const b = toSvg(e.clientX, e.clientY);
      moved += Math.abs(e.clientX - prev.x) + Math.abs(e.clientY - prev.y);
      // Capture only once it is a drag, so a plain tap still clicks the station below.
      if (moved > 6 && !svg.hasPointerCapture(e.pointerId)) svg.setPointerCapture(e.pointerId);
      if (moved > 6) pan(a.x - b.x, a.y - b.y);
    } else if (pointers.size === 2) {
      const [other] = [...pointers].filter(([id]) => id !== e.pointerId).map(([, p]) => p);
      const before = Math.hypot(prev.x - other.x, prev.y - other.y);
      const after = Math.hypot(e.clientX - other.x, e.clientY - other.y);
      const mid = toSvg((e.clientX + other.x) / 2, (e.clientY + other.y) / 2);
      if (before > 0) zoom(after / before, mid.x, mid.y);
      moved += 10;
    }
    pointers.set(e.pointerId, { x: e.clientX, y: e.clientY });
  });
  const release = (e) => pointers.delete(e.pointerId);
  svg.addEventListener("pointerup", release);
  svg.addEventListener("pointercancel", release);
  svg.addEventListener("pointerleave", release);
  svg.addEventListener("wheel", (e) => {
    e.preventDefault();
    const p = toSvg(e.clientX, e.clientY);
    zoom(e.deltaY < 0 ? 1.2 : 1 / 1.2, p.x, p.y);
  }, { passive: false });
  apply();
  return {
    zoomIn: () => zoom(1.4),
    zoomOut: () => zoom(1 / 1.4),
    reset: () => {
      box = { ...home };
      apply();
    },
    pan: (fx, fy) => pan(box.w * fx, box.h * fy),
    wasDrag: () => moved > 6,
    centerOn: (x, y) => {
      box.x = x - box.w / 2;
      box.y = y - box.h / 2;
      apply();
    },
    /** Bring the svg point (x, y) into view (a station reached by keyboard), if it is not. */
    reveal: (x, y, margin) => {
      if (x - margin < box.x || x + margin > box.x + box.w || y - margin < box.y || y + margin > box.y + box.h) {
        box.x = x - box.w / 2;
        box.y = y - box.h / 2;
        apply();
      }
    },
  };
}

/** Arrow keys as unit steps on the board (svg y grows downwards). */
const ARROWS = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };

/**
 * The station an arrow key leads to from `from`: the nearest one roughly in that direction
 * (within about 60 degrees of it), stations straight ahead counting as nearer than those off
 * to the side. null when the board ends there.
 */
export function stationInDirection(coords, from, [dx, dy]) {
  const p = coords.get(from);
  if (!p) return null;
  let best = null;
  let bestScore = Infinity;
  for (const [id, q] of coords) {
    const vx = q.x - p.x;
    const vy = q.y - p.y;
    const along = vx * dx + vy * dy;
    const across = Math.abs(vx * dy - vy * dx);
    if (along <= 0 || across > along * 1.8) continue;
    const score = along + 2 * across;
    if (score < bestScore) {
      bestScore = score;
      best = id;
    }
  }
  return best;
}

/** The renderer (docs/server.md, "A game's client"). */
export function createRenderer(container, ctx) {
  t = ctx.t;
  has = ctx.has || (() => false);
  if (ctx.plural) plural = ctx.plural;
  // The map is one Tab stop: one station at a time is focusable and shown to screen readers
  // (a roving tab index), the arrow keys move between stations, so a keyboard or screen-reader
  // user does not walk through 199 stations to reach the moves.
  const svg = s("svg", { class: "sy-board", role: "group", "aria-label": t("sy_board") });
  const edgesLayer = s("g", { class: "edges", "aria-hidden": "true" });
  const overlayLayer = s("g", { class: "overlay", "aria-hidden": "true" });
  const stationsLayer = s("g", { class: "stations" });
  const piecesLayer = s("g", { class: "pieces" });
  svg.append(edgesLayer, overlayLayer, stationsLayer, piecesLayer);

  const choice = h("div", { class: "choice", hidden: true, role: "dialog", "aria-label": t("sy_choose_move") });
  const swatch = (...shapes) => s("svg", { viewBox: "0 0 40 20", class: "legend-swatch", "aria-hidden": "true" }, ...shapes);
  // Every signal of the board in words, with the shape that carries it besides its colour.
  const legend = h(
    "ul",
    { class: "sy-legend", "aria-label": t("sy_legend") },
    TRANSPORT_ORDER.map((tr) =>
      h("li", {}, swatch(s("line", { x1: 0, y1: 10, x2: 40, y2: 10, class: `edge ${tr}` })), ticketName(tr))),
    h("li", {}, swatch(s("circle", { class: "legend-target", cx: 20, cy: 10, r: 7 })), t("sy_legend_target")),
    h("li", {}, swatch(s("circle", { class: "possible", cx: 20, cy: 10, r: 8 })), t("sy_possible")),
  );

  const zoomBar = h("div", { class: "zoom-bar", role: "toolbar", "aria-label": t("sy_zoom") });
  const logBox = h("section", { class: "sy-log" });
  const ticketsBox = h("section", { class: "sy-tickets" });
  // Mr. X's own situation in words: where he is, whether the detectives see him.
  // A polite live region: a screen reader hears it when he moves or surfaces.
  const whereBox = h("p", { class: "sy-where", role: "status", hidden: true });
  // The detectives' deduction in words: how many stations Mr. X may be at.
  const possibleBox = h("p", { class: "sy-possible-count", hidden: true });
  // Mr. X's open double move: the rides chosen so far and what comes next.
  const decisionBox = h("p", { class: "sy-decision", role: "status", hidden: true });
  // The zoom buttons sit above the map, never over its stations.
  container.append(whereBox, possibleBox, decisionBox, zoomBar, h("div", { class: "board-wrap" }, svg), choice, legend, logBox, ticketsBox);

  let stationEls = new Map();
  let coords = new Map();
  let view = null;
  let loadedBoard = null;
  let targets = new Map(); // station -> [parsed actions]
  let lastState = null;
  let boardReady = null;
  let roving = null; // the one station in the Tab order

  function setRoving(id, focus) {
    const g = stationEls.get(id);
    if (!g) return;
    if (roving !== id) {
      const old = stationEls.get(roving);
      if (old) {
        old.setAttribute("tabindex", "-1");
        old.setAttribute("aria-hidden", "true");
      }
      roving = id;
      g.setAttribute("tabindex", "0");
      g.removeAttribute("aria-hidden");
    }
    if (focus) {
      const p = coords.get(id);
      if (view && p) view.reveal(p.x, p.y, STATION_R * 3);
      g.focus();
    }
  }

  function closeChoice(refocus) {
    if (choice.hidden) return;
    choice.hidden = true;
    if (refocus && roving !== null) stationEls.get(roving)?.focus();
  }

  function onStationKey(id, e) {
    if (e.key === "Enter" || e.key === " ") {
      e.preventDefault();
      pick(id, false);
      return;
    }
    const order = [...targets.keys()];
    let next = null;
    if (ARROWS[e.key]) next = stationInDirection(coords, id, ARROWS[e.key]);
    else if (e.key === "PageDown" && order.length) next = order[(order.indexOf(id) + 1) % order.length];
    else if (e.key === "PageUp" && order.length) next = order[(order.indexOf(id) - 1 + order.length * 2) % order.length];
    else if (e.key === "Home" && order.length) next = order[0];
    else if (e.key === "End" && order.length) next = order[order.length - 1];
    else if (e.key === "+" || e.key === "=") view.zoomIn();
    else if (e.key === "-") view.zoomOut();
    else return;
    e.preventDefault();
    if (next !== null) setRoving(next, true);
  }

  function drawBoard(data) {
    const [x0, y0, x1, y1] = data.bounds;
    const pad = STATION_R * 2;
    const home = { x: x0 - pad, y: y0 - pad, w: x1 - x0 + 2 * pad, h: y1 - y0 + 2 * pad };
    coords = new Map(data.stations.map(([id, x, y]) => [id, { x, y }]));
    // Several lines may join the same two stations; draw them side by side.
    const pairs = new Map();
    for (const [a, b, transport] of data.edges) {
      const key = a < b ? `${a}-${b}` : `${b}-${a}`;
      if (!pairs.has(key)) pairs.set(key, []);
      pairs.get(key).push(transport);
    }
    const lines = [];
    for (const [key, transports] of pairs) {
      const [a, b] = key.split("-").map(Number);
      const p = coords.get(a);
      const q = coords.get(b);
      const len = Math.hypot(q.x - p.x, q.y - p.y) || 1;
      const nx = -(q.y - p.y) / len;
      const ny = (q.x - p.x) / len;
      transports.sort((u, v) => TRANSPORT_ORDER.indexOf(u) - TRANSPORT_ORDER.indexOf(v));
      transports.forEach((transport, k) => {
        const off = (k - (transports.length - 1) / 2) * PARALLEL_GAP;
        lines.push(s("line", { class: `edge ${transport}`, x1: p.x + nx * off, y1: p.y + ny * off, x2: q.x + nx * off, y2: q.y + ny * off }));
      });
    }
    replace(edgesLayer, lines);
    stationEls = new Map();
    roving = null;
    replace(
      stationsLayer,
      data.stations.map(([id, x, y]) => {
        const g = s("g", { class: "station", transform: `translate(${x} ${y})`, "aria-label": t("sy_station", { n: id }), role: "button", tabindex: "-1", "aria-hidden": "true" },
          // The focus ring: black on a white halo, so it shows on every state's colour.
          s("circle", { class: "focus-halo", r: STATION_R + 9 }),
          s("circle", { class: "focus-ring", r: STATION_R + 9 }),
          s("circle", { class: "disc", r: STATION_R }),
          s("text", { "text-anchor": "middle", dy: "0.35em" }, String(id)));
        g.addEventListener("click", () => {
          setRoving(id, false);
          pick(id, true);
        });
        g.addEventListener("keydown", (e) => onStationKey(id, e));
        stationEls.set(id, g);
        return g;
      }),
    );
    setRoving(data.stations[0][0], false);
    view = panZoom(svg, home);
    replace(
      zoomBar,
      h("button", { type: "button", onclick: view.zoomIn, "aria-label": t("zoom_in") }, "+"),
      h("button", { type: "button", onclick: view.zoomOut, "aria-label": t("zoom_out") }, "−"),
      h("button", { type: "button", onclick: view.reset, "aria-label": t("zoom_reset") }, "⟲"),
    );
  }

  function pick(station, byPointer) {
    if (byPointer && view && view.wasDrag()) return; // the end of a pan is not a click
    const options = targets.get(station);
    if (!options || ctx.isPending()) return;
    if (options.length === 1) {
      choice.hidden = true;
      ctx.act(options[0].id);
      return;
    }
    // Several tickets (or pieces, or double moves) lead there: let the player choose.
    const choose = (id) => {
      // Focus goes back to the map before the buttons vanish, so it is not lost.
      closeChoice(true);
      ctx.act(id);
    };
    replace(
      choice,
      h("p", {}, t("sy_choose_for", { n: station })),
      h("div", { class: "action-buttons" },
        options.map((a) => h("button", { type: "button", class: "action", onclick: () => choose(a.id) }, actionLabel(a.id))),
        h("button", { type: "button", class: "secondary", onclick: () => closeChoice(true) }, t("cancel"))),
    );
    choice.hidden = false;
    choice.querySelector("button").focus();
  }
  // Escape closes what is open, innermost first: the ticket chooser, then the double move's
  // rides one by one (a step back, as the page's undo), until the double move is given up.
  container.addEventListener("keydown", (e) => {
    if (e.key !== "Escape") return;
    if (!choice.hidden) {
      e.preventDefault();
      closeChoice(true);
    } else if (lastState && openSteps(lastState.view) && lastState.can_undo && !ctx.isPending()) {
      e.preventDefault();
      ctx.undo?.();
    }
  });

  function drawPieces(v) {
    const pieces = [];
    for (const hunter of v.hunters) {
      const p = coords.get(hunter.station);
      if (!p) continue;
      const label = t(hunter.kind === "police" ? "sy_police_at" : "sy_detective_at", { id: hunter.id, n: hunter.station });
      pieces.push(s("g", { class: `piece ${hunter.kind}${hunter.moved ? " moved" : ""}`, transform: `translate(${p.x} ${p.y})`, role: "img", "aria-label": label },
        s("title", {}, label),
        s("circle", { r: STATION_R + 5 }),
        s("text", { "text-anchor": "middle", dy: "0.35em" }, hunter.id)));
    }
    if (v.mrx_location !== null && v.mrx_location !== undefined) {
      const p = coords.get(v.mrx_location);
      // For detectives and spectators this is only where he was last seen ("all" is the
      // replay's omniscient view).
      const exact = v.seat === "mrx" || v.seat === "all" || v.over || v.mrx_visible;
      const label = t(exact ? "sy_mrx_at" : "sy_mrx_last_seen", { n: v.mrx_location });
      if (p) {
        pieces.push(s("g", { class: `piece mrx${exact ? "" : " last-seen"}`, transform: `translate(${p.x + 8} ${p.y - 8})`, role: "img", "aria-label": label },
          s("title", {}, label),
          s("rect", { x: -13, y: -13, width: 26, height: 26, rx: 4 }),
          s("text", { "text-anchor": "middle", dy: "0.35em" }, "X")));
      }
    }
    replace(piecesLayer, pieces);
  }

  function drawOverlay(v) {
    // The detectives' deduction, public information: where Mr. X may be now. Only a ring
    // around each station, so the station's number stays as legible as any other.
    const show = v.seat !== "mrx" && !v.over && Array.isArray(v.possible_locations);
    replace(
      overlayLayer,
      show
        ? v.possible_locations.map((n) => {
          const p = coords.get(n);
          return p ? s("circle", { class: "possible", cx: p.x, cy: p.y, r: STATION_R + 4 }) : null;
        })
        : null,
    );
    const possible = new Set(show ? v.possible_locations : []);
    for (const [id, g] of stationEls) g.classList.toggle("possible-here", possible.has(id));
    possibleBox.hidden = !show;
    possibleBox.textContent = show ? plural("sy_possible_count", v.possible_locations.length) : "";
  }

  function markTargets(state) {
    targets = new Map();
    for (const id of state.legal_actions) {
      const a = parseAction(id);
      if (a.step || a.station === null) continue; // the double move is a button, not a station
      if (!targets.has(a.station)) targets.set(a.station, []);
      targets.get(a.station).push(a);
    }
    const possible = new Set(state.view.seat !== "mrx" ? state.view.possible_locations || [] : []);
    for (const [id, g] of stationEls) {
      const options = targets.get(id);
      g.classList.toggle("target", Boolean(options));
      let label = t("sy_station", { n: id });
      if (possible.has(id)) label += `, ${t("sy_possible")}`;
      if (options) {
        label += `: ${t("sy_move_here", { how: options.map((a) => actionLabel(a.id)).join("; ") })}`;
        g.removeAttribute("aria-disabled");
      } else {
        g.setAttribute("aria-disabled", "true");
      }
      g.setAttribute("aria-label", label);
    }
    // The station in the Tab order: the one the player is on, else the first move's.
    const active = document.activeElement;
    const focused = [...stationEls].find(([, g]) => g === active);
    if (focused) setRoving(focused[0], false);
    else if (targets.size && !targets.has(roving)) setRoving(targets.keys().next().value, false);
    else if (!targets.size && state.view.seat === "mrx" && stationEls.has(state.view.mrx_location)) setRoving(state.view.mrx_location, false);
    choice.hidden = true;
  }

  function drawWhere(v) {
    // Only Mr. X's own page (the replay's "all" view has the pieces and the log).
    const mine = v.seat === "mrx" && v.mrx_location !== null && v.mrx_location !== undefined;
    whereBox.hidden = !mine;
    if (!mine) {
      // Emptied, not just hidden: the replay switches this page to another seat's view.
      whereBox.textContent = "";
      return;
    }
    const log = v.mrx_log;
    const last = log.length ? log[log.length - 1] : null;
    const parts = [t("sy_you_are_at", { n: v.mrx_location })];
    if (v.over) {
      // nothing more to say: the result says the rest
    } else if (v.mrx_visible && last) parts.push(t("sy_you_surfaced", { n: last.station, entry: last.entry }));
    else {
      const seen = [...log].reverse().find((e) => e.revealed);
      parts.push(seen ? t("sy_you_were_seen", { n: seen.station, entry: seen.entry }) : t("sy_you_unseen"));
      const surfacing = v.options.reveal_rule === "rounds"
        ? (v.options.reveal_at || []).includes(v.round)
        : (v.options.reveal_at || []).includes(log.length + 1);
      if (surfacing && v.to_act.includes("mrx")) parts.push(t("sy_you_surface_next"));
    }
    const text = parts.join(" ");
    // Only a change is written, so the live region speaks only when there is news.
    if (whereBox.textContent !== text) whereBox.textContent = text;
  }

  function drawDecision(state) {
    const steps = openSteps(state.view);
    decisionBox.hidden = !steps;
    if (!steps) return;
    const rides = steps.filter((step) => step !== DOUBLE).map((step) => rideLabel(parseAction(step)));
    let text;
    if (!rides.length) text = t("sy_double_first");
    else if (state.legal_actions.length) text = t("sy_double_second", { first: rides[0] });
    else text = t("sy_double_open", { rides: rides.join(", ") });
    decisionBox.textContent = text;
  }

  function drawLog(v) {
    const revealAt = v.options.reveal_rule === "entries" ? new Set(v.options.reveal_at) : new Set();
    // Every field of the travel log: with double moves there are more entries than rounds.
    const fields = Math.max(v.options.log_fields || v.max_rounds, v.mrx_log.length);
    const cells = [];
    for (let n = 1; n <= fields; n++) {
      const entry = v.mrx_log[n - 1];
      const surfaced = Boolean(entry && entry.revealed);
      const cls = ["log-cell", revealAt.has(n) ? "reveal" : "", surfaced ? "surfaced" : "", entry ? `t-${entry.ticket}` : "empty"].join(" ");
      let text = "";
      if (entry) {
        text = ticketName(entry.ticket);
        if (entry.double) text += " ×2";
        if (entry.station !== null && entry.station !== undefined) text += ` → ${entry.station}`;
      }
      const head = [String(n)];
      if (surfaced) head.push(t("sy_log_surfaced"));
      else if (revealAt.has(n)) head.push(t("sy_log_surfaces"));
      cells.push(h("li", { class: cls }, h("span", { class: "log-n" }, head.join(" · ")), h("span", {}, text)));
    }
    replace(logBox, h("h2", {}, t("sy_travel_log")), h("p", { class: "muted" }, t("sy_round", { round: v.round, max: v.max_rounds })), h("ol", { class: "log-grid" }, cells));
  }

  function drawTickets(v) {
    const row = (cells) => h("tr", {}, cells.map((c, i) => (i === 0 ? h("th", { scope: "row" }, c) : h("td", {}, c))));
    replace(
      ticketsBox,
      h("h2", {}, t("sy_tickets")),
      h("table", { class: "tickets" },
        h("thead", {}, h("tr", {}, [t("sy_piece"), t("sy_station_short"), ticketName("taxi"), ticketName("bus"), ticketName("underground")].map((c) => h("th", { scope: "col" }, c)))),
        h("tbody", {},
          v.hunters.map((hunter) => row([
            `${hunter.id}${hunter.kind === "police" ? ` (${t("sy_police")})` : ""}`,
            hunter.station,
            ...(hunter.tickets ? [hunter.tickets.taxi, hunter.tickets.bus, hunter.tickets.underground] : ["—", "—", "—"]),
          ])),
          row([t("sy_supply"), "", v.supply.taxi, v.supply.bus, v.supply.underground]))),
      h("p", {}, t("sy_mrx_tickets", {
        black: plural("sy_black_tickets", v.mrx_tickets.black),
        double: plural("sy_double_tickets", v.mrx_tickets.double),
      }), v.supply_unlimited ? ` · ${t("sy_unlimited")}` : ""),
    );
  }

  return {
    async update(state) {
      lastState = state;
      const board = state.view.options.board || "2014";
      if (loadedBoard !== board) {
        loadedBoard = board;
        boardReady = loadBoard(board).then(drawBoard, (err) => {
          replace(edgesLayer);
          container.prepend(h("p", { class: "error", role: "alert" }, String(err.message)));
          throw err;
        });
      }
      // Every state waits for the board: one arriving while it loads must not draw the
      // pieces on a board without stations (they would be skipped, and the first state,
      // now stale, draws nothing either).
      try {
        await boardReady;
      } catch {
        return;
      }
      if (lastState !== state) return; // a newer state arrived while loading
      const v = state.view;
      drawWhere(v);
      drawOverlay(v);
      drawPieces(v);
      drawDecision(state);
      markTargets(state);
      drawLog(v);
      drawTickets(v);
    },
    actionLabel,
    actionGroups,
  };
}
