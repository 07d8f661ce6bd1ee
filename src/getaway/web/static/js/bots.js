// Bot levels as people read them: in order of strength, with a translated name.

import { t, word } from "./i18n.js";

// The levels we know, weakest first; others (a newer server's) follow in the server's order.
const STRENGTH = ["random", "easy", "heuristic", "medium", "hard"];

/** The game's bot levels (GET /api/games), weakest first. */
export function orderedLevels(levels) {
  const rank = (level) => (STRENGTH.includes(level) ? STRENGTH.indexOf(level) : STRENGTH.length);
  return [...levels].sort((a, b) => rank(a) - rank(b));
}

/** The level offered first for a seat handed to a bot: a middling one. */
export function defaultLevel(levels) {
  return levels.includes("medium") ? "medium" : levels[0];
}

/** "bot: medium", in the page's language. */
export const botLabel = (level) => t("bot_level", { level: word("botname_", level) });
