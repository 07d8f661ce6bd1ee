// The result of a finished game, from a state's `outcome` ({winners, side, returns, reason,
// summary, scores, facts, roles}): who won, why, the final scores and the hidden roles. The
// play page and the replay viewer show the same panel.
//
// Words come from the game's translations where it has them (keys in its i18n/{lang}.json):
//   side_{side}        the winning side's name ("the hunters"); else the winners' seats
//   outcome_{reason}   why it ended, with {placeholders} from `facts` (its scalar values) and
//                      {winners}; else the server's English `summary`
//   score              the heading of the score column (else a shared "score")
//   fact_{name}        a per-seat fact ({seat: value} in `facts`) worth a column beside the
//                      score (shame, wounds); facts without such a key are not shown
//   score_none         what a seat without a score is (the dead), else a shared "no score"
//   seat_{seat}        a seat's name, where the game has one; else the seat id
//   role_{role}        a hidden role's name
// Returns (the payoffs) are never shown: they are for bots and tournaments; their keys only
// say which seats the game had, so every seat gets a row, scored or not.

import { h } from "./dom.js";

const isScalar = (value) => ["string", "number", "boolean"].includes(typeof value);

const seatName = (seat, client) => client.word("seat_", seat);

function winnersText(outcome, client) {
  const { t, has } = client;
  if (!outcome.winners.length) return t("winner_nobody");
  if (outcome.side && has(`side_${outcome.side}`)) return t("winner_is", { winner: t(`side_${outcome.side}`) });
  const names = outcome.winners.map((seat) => seatName(seat, client)).join(", ");
  return outcome.winners.length === 1 ? t("winner_is", { winner: names }) : t("winners_are", { winners: names });
}

/** The game's sentence for the reason, when it has one and every placeholder has a fact. */
export function reasonText(outcome, client) {
  const key = `outcome_${outcome.reason}`;
  if (outcome.reason && client.has(key)) {
    const params = { winners: outcome.winners.map((seat) => seatName(seat, client)).join(", ") };
    for (const [name, value] of Object.entries(outcome.facts || {})) {
      if (isScalar(value)) params[name] = value;
    }
    const text = client.t(key, params);
    if (!/\{\w+\}/.test(text)) return text;
  }
  return outcome.summary;
}

function scoreTable(outcome, client, renderer) {
  const { t, has } = client;
  const scored = Object.entries(outcome.scores || {});
  if (!scored.length) return null;
  // Seats with a score, best first (the server's order breaks ties: table order), then the
  // seats without one (a game's dead, say) in table order.
  scored.sort((a, b) => b[1] - a[1]);
  const unscored = Object.keys(outcome.returns || {}).filter((seat) => !(seat in outcome.scores));
  const scores = [...scored, ...unscored.map((seat) => [seat, null])];
  // A per-seat fact is a column when the game has words for it and it covers every scored seat.
  const extra = Object.entries(outcome.facts || {}).filter(
    ([name, value]) => value && typeof value === "object" && !Array.isArray(value) && has(`fact_${name}`)
      && scored.every(([seat]) => seat in value),
  );
  const noScore = t(has("score_none") ? "score_none" : "score_none_default");
  const format = (value, seat) => {
    if (value === null) return noScore;
    return renderer && renderer.formatScore ? renderer.formatScore(value, seat) : String(value);
  };
  const factText = (values, name, seat) => {
    if (!(seat in values)) return "—";
    return renderer && renderer.formatFact ? renderer.formatFact(name, values[seat], seat) : String(values[seat]);
  };
  return h(
    "table",
    { class: "scores" },
    h("thead", {}, h("tr", {},
      h("th", { scope: "col" }, t("seat")),
      // "score" is the game's word for its scores, if it has one.
      h("th", { scope: "col" }, t(has("score") ? "score" : "score_default")),
      extra.map(([name]) => h("th", { scope: "col" }, t(`fact_${name}`))))),
    h("tbody", {}, scores.map(([seat, value]) =>
      h("tr", { class: outcome.winners.includes(seat) ? "winner" : null, dataset: { seat } },
        h("th", { scope: "row" }, seatName(seat, client)),
        h("td", {}, format(value, seat)),
        extra.map(([name, values]) => h("td", {}, factText(values, name, seat)))))),
  );
}

function rolesList(outcome, client) {
  const roles = Object.entries(outcome.roles || {});
  if (!roles.length) return null;
  return h(
    "div",
    { class: "roles" },
    h("h3", {}, client.t("roles_revealed")),
    h("ul", {}, roles.map(([seat, role]) =>
      h("li", {}, client.t("role_of", { seat: seatName(seat, client), role: client.word("role_", role) })))),
  );
}

/** The panel's contents for `outcome` (null: nothing, the game is not over). */
export function outcomeNodes(outcome, client, renderer) {
  if (!outcome) return [];
  return [
    h("p", { class: "winners" }, winnersText(outcome, client)),
    h("p", { class: "reason" }, reasonText(outcome, client)),
    scoreTable(outcome, client, renderer),
    rolesList(outcome, client),
  ];
}
