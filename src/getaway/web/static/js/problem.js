// The pages that say what went wrong instead of showing an empty match: a link that opens
// no seat (mistyped, or replaced by the host), a match that does not exist, a path the
// client does not know. Each says what happened and where to go from here.

import { h, replace } from "./dom.js";
import { t } from "./i18n.js";
import { lobbyUrl, matchUrl } from "./routes.js";

/** Move the keyboard and screen reader to the page's heading: the page changed under them. */
function focusHeading(main) {
  const heading = main.querySelector("h1");
  if (!heading) return;
  heading.tabIndex = -1;
  heading.focus();
}

const lobbyLink = () => h("a", { class: "button lobby-link", href: lobbyUrl() }, t("problem_to_lobby"));
const watchLink = (id) => h("a", { class: "button primary watch-link", href: matchUrl("watch", id) }, t("problem_watch"));

/**
 * The page for a match link that failed with HTTP `status` (403: the token opens no seat of
 * the match; 404: no such match), in `main`.
 */
export function showLinkProblem(main, id, status) {
  document.title = `${t("problem_title")} · getaway`;
  const seatLink = status === 403;
  replace(
    main,
    h("section", { class: "problem", dataset: { problem: seatLink ? "seat-link" : "no-match" } },
      h("h1", {}, t(seatLink ? "problem_seat_link" : "problem_no_match")),
      h("p", {}, t(seatLink ? "problem_seat_link_why" : "problem_no_match_why", { id })),
      h("p", { class: "problem-links" }, seatLink ? watchLink(id) : null, lobbyLink())),
  );
  focusHeading(main);
  return { stop() {} };
}

/** The page for a path the client has no page for. */
export function showNotFound(main) {
  document.title = `${t("problem_not_found")} · getaway`;
  replace(
    main,
    h("section", { class: "problem", dataset: { problem: "not-found" } },
      h("h1", {}, t("problem_not_found")),
      h("p", {}, t("problem_not_found_why")),
      h("p", { class: "problem-links" }, lobbyLink())),
  );
  return { stop() {} };
}

/** A banner on an open match page whose seat link the host has just replaced. */
export function replacedBanner(id) {
  return h("div", { class: "problem replaced", role: "alert" },
    h("p", {}, t("problem_replaced")),
    h("p", { class: "problem-links" }, watchLink(id), lobbyLink()));
}
