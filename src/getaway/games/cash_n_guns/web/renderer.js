// Cash 'n Guns: the table (players around, money, wounds, shame, guns), the pot, the step,
// the seat's own secrets (`me`, present only in its own view) and the narrated events.
// A renderer module as docs/server.md describes ("A game's client"), served from this folder.

import { h, replace } from "/static/js/dom.js";

// The page's translators (ctx.t and friends), set by createRenderer: this game's strings
// (i18n/{lang}.json beside this file) first, then the shared ones.
let t = (key) => key;
let has = () => false;
let word = (prefix, id) => id;
let plural = (key) => key;
let language = () => "en";

// Digits grouped the way the page's language does it ($55,000; $55 000 in Russian).
const money = (n) => `${Number(n) < 0 ? "−" : ""}$${Math.abs(Number(n)).toLocaleString(language())}`;

/** What the server shows of a secret part of an action (docs/server.md). */
const HIDDEN = "?";
const card = (c) => (c === HIDDEN ? t("cng_hidden_card") : word("card_", c));
/** A seat as the game calls it in the page's language (El Toro, not el-toro). */
const name = (seat) => word("seat_", seat);
const names = (seats) => seats.map(name).join(", ");
const target = (x) => (x === "none" ? t("cng_nobody") : x === HIDDEN ? t("cng_hidden_target") : name(x));

/** A readable label for an action id (docs/games/cash-n-guns.md, "Action ids"), or for the
 * part of one another seat was shown (`load:?`, `aim:?/?`, `?` for hide or stay). */
export function actionLabel(id) {
  if (id === HIDDEN) return t("cng_act_hide_or_stay");
  const [verb, arg = ""] = id.split(":");
  switch (verb) {
    case "load":
      return t("cng_load", { cards: arg.split("/").map(card).join(" / ") });
    case "aim":
      return arg.split("/").every((x) => x === "none") ? t("cng_aim_none") : t("cng_aim", { target: arg.split("/").map(target).join(" / ") });
    case "reveal":
      return t("cng_reveal", { ability: word("ability_", arg) });
    case "specialist":
      return arg === HIDDEN ? t("cng_specialist_hidden") : t("cng_specialist", { card: word("card_", arg) });
    case "claim":
      return t("cng_claim", { seat: name(arg) });
    default:
      return has(`cng_act_${id}`) ? t(`cng_act_${id}`) : id;
  }
}

/** The split: who shares what, or that nobody could; then what stays in the pot. */
function splitText(e) {
  const seats = e.shares.map((x) => x.seat);
  let shared;
  if (!seats.length) shared = t("ev_split_nobody");
  else if (seats.length === 1) shared = t("ev_split_alone", { seat: name(seats[0]), share: money(e.share) });
  else shared = t("ev_split", { share: money(e.share), seats: names(seats) });
  const left = e.leftover.length ? t("ev_split_left", { leftover: e.leftover.map(money).join(", ") }) : t("ev_split_left_none");
  return `${shared} ${left}`;
}

/** One sentence per public event. */
function narrate(e) {
  switch (e.type) {
    case "round": return t("ev_round", { round: e.round, notes: e.notes.map(money).join(", ") });
    case "reveal": return t("ev_reveal", { seat: name(e.seat), ability: word("ability_", e.ability) });
    case "aims": return t("ev_aims", { aims: Object.entries(e.aims).map(([s, ts]) => `${s} → ${ts.map((x) => (x === "none" ? t("cng_nobody") : x)).join("/")}`).join("; ") });
    case "kid-aim": return t("ev_kid_aim", { seat: name(e.seat), target: target(e.target) });
    case "hide": return e.seats.length ? t("ev_hide", { seats: names(e.seats) }) : t("ev_hide_nobody");
    case "lowered": return t("ev_lowered", { seat: name(e.seat), gun: e.gun, reason: word("reason_", e.reason) });
    case "fire": return t("ev_fire", { seat: name(e.seat), card: word("card_", e.card), target: e.target ? name(e.target) : t("cng_nobody") });
    case "wound": return plural(e.cause === "grenade" ? "ev_wound_grenade" : "ev_wound", e.wounds, { seat: name(e.seat), total: e.total });
    case "grenade": return e.victims.length ? t("ev_grenade", { seat: name(e.seat), victims: names(e.victims) }) : t("ev_grenade_nobody", { seat: name(e.seat) });
    case "death": return t("ev_death", { seat: name(e.seat), money: money(e.money) });
    case "claim": return t("ev_claim", { seat: name(e.seat), from: name(e.from) });
    case "split": return splitText(e);
    case "phone": return plural("ev_phone", e.uses, { used: e.used ? t("yes") : t("no") });
    case "end": return e.winners.length ? t("ev_end", { winners: e.winners.join(", "), reason: word("end_", e.reason) }) : t("ev_end_nobody", { reason: word("end_", e.reason) });
    case "card-returned": return t("ev_card_returned", { seat: name(e.seat) });
    case "specialist": return t("ev_specialist", { seat: name(e.seat) });
    case "unhurt": return t("ev_unhurt", { seat: name(e.seat) });
    default: return t("ev_other", { type: e.type, seat: e.seat ? name(e.seat) : "—" });
  }
}

/** What only `seat` knows, in the replay's "everything" view (`secrets`, never sent live). */
function secretLine(secret) {
  if (!secret) return null;
  const parts = [];
  const loaded = secret.loaded.filter(Boolean).map((c) => word("card_", c));
  if (loaded.length) parts.push(`${t("cng_loaded")}: ${loaded.join(" / ")}`);
  if (secret.my_choice) parts.push(`${t("cng_choice")}: ${actionLabel(secret.my_choice)}`);
  if (secret.ability) parts.push(`${t("cng_ability")}: ${word("ability_", secret.ability)}`);
  if (secret.role) parts.push(`${t("cng_role")}: ${word("role_", secret.role)}`);
  const hand = secret.hand.map((counts) => ["bbb", "bang", "click"].map((c) => `${word("card_", c)} ×${counts[c]}`).join(", "));
  parts.push(`${t("cng_hand")}: ${hand.join(" | ")}`);
  return h("p", { class: "secret small" }, h("span", { class: "badge secret-badge" }, t("cng_secret")), " ", parts.join(" · "));
}

function playerCard(p, v) {
  const committed = v.committed && p.seat in v.committed ? v.committed[p.seat] : null;
  const badges = [
    p.godfather ? h("span", { class: "badge gf" }, t("cng_godfather")) : null,
    !p.alive ? h("span", { class: "badge dead" }, t("cng_dead")) : h("span", { class: `badge st-${p.status}` }, word("status_", p.status)),
    p.ability ? h("span", { class: "badge ability" }, word("ability_", p.ability)) : null,
    p.role ? h("span", { class: "badge role" }, word("role_", p.role)) : null,
    committed === true ? h("span", { class: "badge done" }, t("cng_answered")) : null,
    v.to_act.includes(p.seat) && committed !== true ? h("span", { class: "badge acting" }, t("to_act")) : null,
  ];
  const guns = p.guns.map((g) => {
    const parts = [t("cng_gun", { n: g.gun }), word("gun_", g.state)];
    if (g.card) parts.push(word("card_", g.card));
    if (g.target) parts.push(`→ ${target(g.target)}`);
    return h("li", {}, parts.join(" · "));
  });
  const revealed = p.spent_revealed.map((c) => `${t("cng_round_short", { n: c.round })} ${word("card_", c.card)}${c.fired ? "" : ` (${t("cng_taken_back")})`}`);
  return h(
    "li",
    { class: `player${p.alive ? "" : " is-dead"}${p.seat === v.seat ? " is-me" : ""}`, "aria-label": name(p.seat) },
    h("h3", {}, name(p.seat), p.seat === v.seat ? ` (${t("you")})` : ""),
    h("div", { class: "badges" }, badges),
    h("dl", { class: "stats" },
      h("dt", {}, t("cng_money")), h("dd", {}, money(p.money)),
      h("dt", {}, t("cng_wounds")), h("dd", { "aria-label": plural("cng_wounds_n", p.wounds) }, "✚".repeat(p.wounds) || "0"),
      h("dt", {}, t("cng_shame")), h("dd", {}, String(p.shame)),
      h("dt", {}, t("cng_hand")), h("dd", {}, p.hand_size.join(" + "))),
    guns.length ? h("ul", { class: "guns" }, guns) : null,
    revealed.length ? h("p", { class: "muted small" }, t("cng_revealed_cards"), ": ", revealed.join(", ")) : null,
    secretLine(v.secrets && v.secrets.players ? v.secrets.players[p.seat] : null),
  );
}

function mine(me) {
  if (!me) return null;
  const hands = me.hand.map((hand, i) =>
    h("li", {}, `${me.hand.length > 1 ? `${t("cng_gun", { n: i + 1 })}: ` : ""}${["bbb", "bang", "click"].map((c) => `${word("card_", c)} ×${hand[c]}`).join(", ")}`));
  const loaded = me.loaded.map((c) => (c ? word("card_", c) : "—")).join(" / ");
  return h(
    "section",
    { class: "me", "aria-label": t("cng_your_secrets") },
    h("h2", {}, t("cng_your_secrets")),
    h("ul", {}, hands),
    h("p", {}, `${t("cng_loaded")}: ${loaded}`),
    me.my_choice ? h("p", {}, `${t("cng_my_choice")}: ${actionLabel(me.my_choice)}`) : null,
    me.ability ? h("p", {}, `${t("cng_ability")}: ${word("ability_", me.ability)}`) : null,
    me.role ? h("p", {}, `${t("cng_role")}: ${word("role_", me.role)}`) : null,
  );
}

function actionGroups(legal) {
  // Put the step's main choice first and the ability reveals apart, so a reveal is never
  // the button under the thumb by accident.
  const reveals = legal.filter((a) => a.startsWith("reveal:"));
  const main = legal.filter((a) => !a.startsWith("reveal:"));
  const groups = [{ title: null, actions: main }];
  if (reveals.length) groups.push({ title: t("cng_abilities"), open: true, actions: reveals });
  return groups;
}

/** The renderer (docs/server.md, "A game's client"). */
export function createRenderer(container, ctx) {
  ({ t, has, word, plural, language } = ctx);
  const head = h("div", { class: "cng-head" });
  const pot = h("section", { class: "pot" });
  const table = h("ul", { class: "table" });
  const meBox = h("div");
  const events = h("section", { class: "events" });
  container.append(head, pot, meBox, table, events);
  return {
    update(state) {
      const v = state.view;
      replace(head,
        h("p", { class: "step" }, t("cng_round", { round: v.round, rounds: v.rounds }), " · ", t("cng_step"), ": ", h("strong", {}, word("step_", v.step ?? "—"))),
        v.grenade !== "none" ? h("p", { class: "warn" }, t("cng_grenade", { state: word("grenade_", v.grenade) })) : null,
        v.phone ? h("p", {}, plural("cng_phone", v.phone.uses, { backup: v.phone.backup_called ? t("yes") : t("no") })) : null);
      replace(pot,
        h("h2", {}, t("cng_pot"), " ", h("span", { class: "muted" }, money(v.pot.reduce((a, b) => a + b, 0)))),
        h("ul", { class: "notes" }, v.pot.map((n) => h("li", { class: `note n${n}` }, money(n)))),
        h("p", { class: "muted small" }, plural("cng_deck", v.deck_left)));
      replace(meBox, mine(v.me));
      replace(table, v.players.map((p) => playerCard(p, v)));
      replace(events,
        h("h2", {}, t("cng_events")),
        h("ol", { class: "event-list" }, v.events.map((e) => h("li", { class: `ev ev-${e.type}` }, narrate(e)))));
    },
    actionLabel,
    actionGroups,
    formatScore: (value) => money(value),
    formatFact: (name, value) => (name === "money" ? money(value) : String(value)),
  };
}
