// Links between the pages, in the routing style the page was opened with: paths as the
// server serves them (/play/{id}), or hashes when the files come from a plain static server.

function link(path, params) {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === true) query.append(key, "");
    else if (value !== null && value !== undefined) query.append(key, String(value));
  }
  // "replay=" reads better as a bare "replay".
  const text = query.toString().replace(/(^|&)replay=(?=&|$)/, "$1replay");
  const full = text ? `${path}?${text}` : path;
  return location.hash.startsWith("#/") ? `${location.pathname}#${full}` : full;
}

/** A seat's page (with its token) or the spectators' page (without). */
export function matchUrl(page, id, token) {
  return link(`/${page}/${encodeURIComponent(id)}`, { token: token || null });
}

/** The replay viewer of a finished match, as `viewer`, at `step`. */
export function replayUrl(id, viewer = null, step = null) {
  return link(`/watch/${encodeURIComponent(id)}`, { replay: true, as: viewer, step });
}

/** The lobby. */
export function lobbyUrl() {
  return link("/", {});
}
