// The HTTP/WebSocket client of the getaway server. Every function here talks to the
// server only; nothing is cached beyond what the caller keeps, so a seat never holds more
// than the server chose to send to its token.

import { localSeconds, observeDateHeader } from "./clock.js";

/** An answer with a 4xx/5xx status; `detail` is the server's message for the user. */
export class ApiError extends Error {
  constructor(status, detail) {
    super(detail);
    this.status = status;
    this.detail = detail;
  }
}

// FastAPI answers malformed requests with a list of problems instead of a string.
function detailText(detail) {
  if (typeof detail === "string") return detail;
  if (Array.isArray(detail)) {
    return detail.map((d) => `${(d.loc || []).join(".")}: ${d.msg}`).join("; ");
  }
  return JSON.stringify(detail);
}

async function request(method, path, body) {
  let response;
  const sentAt = localSeconds();
  try {
    response = await fetch(path, {
      method,
      headers: body === undefined ? {} : { "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
      cache: "no-store",
    });
  } catch (err) {
    // Network down or server gone: status 0 lets callers tell this from a refusal.
    throw new ApiError(0, String(err.message || err));
  }
  // Every answer tells us the server's time (see clock.js), whatever its status.
  observeDateHeader(response.headers.get("date"), sentAt, localSeconds());
  let data = null;
  try {
    data = await response.json();
  } catch {
    data = null;
  }
  if (!response.ok) {
    const detail = data && data.detail !== undefined ? detailText(data.detail) : response.statusText;
    throw new ApiError(response.status, detail);
  }
  return data;
}

const enc = encodeURIComponent;
const tokenQuery = (token) => (token ? `?token=${enc(token)}` : "");

export const getGames = () => request("GET", "/api/games");

let gamesOnce = null;
/** The game list, asked once per page load (names, titles, bot levels do not change). */
export function gameInfo(name) {
  if (!gamesOnce) {
    gamesOnce = getGames().catch((err) => {
      gamesOnce = null;
      throw err;
    });
  }
  return gamesOnce.then((list) => list.find((g) => g.name === name) || null);
}
export const createMatch = (body) => request("POST", "/api/matches", body);
export const getState = (id, token) => request("GET", `/api/matches/${enc(id)}${tokenQuery(token)}`);
export const postAction = (id, token, action, version) =>
  request("POST", `/api/matches/${enc(id)}/actions`, { token, action, version });
export const postUndo = (id, token, version) =>
  request("POST", `/api/matches/${enc(id)}/undo`, { token, version });
export const joinMatch = (id, seat) =>
  request("POST", `/api/matches/${enc(id)}/join`, seat ? { seat } : {});

const POLL_MS = 2000;
const BACKOFF_MS = [500, 1000, 2000, 4000, 8000, 15000];

/**
 * Follow a match: calls onState(state) with every state the server pushes, and
 * onStatus(kind, detail, status) with "live" | "reconnecting" | "polling" | "closed" (with
 * the HTTP status that closed it for good: 403 for a link the host replaced).
 *
 * The WebSocket is the normal path. While it is down we reconnect with backoff and, so the
 * page does not freeze, poll GET every 2 s in the meantime. Close codes 4403/4404 are
 * final (wrong token, unknown match): retrying cannot help, so we stop and report why.
 */
export function follow(id, token, onState, onStatus) {
  let socket = null;
  let attempt = 0;
  let stopped = false;
  let pollTimer = null;
  let retryTimer = null;

  const startPolling = () => {
    if (pollTimer || stopped) return;
    onStatus("polling");
    const poll = async () => {
      try {
        onState(await getState(id, token));
      } catch (err) {
        if (err.status === 403 || err.status === 404) {
          stop();
          onStatus("closed", err.detail, err.status);
          return;
        }
      }
    };
    poll();
    pollTimer = setInterval(poll, POLL_MS);
  };
  const stopPolling = () => {
    clearInterval(pollTimer);
    pollTimer = null;
  };

  const connect = () => {
    if (stopped) return;
    const scheme = location.protocol === "https:" ? "wss:" : "ws:";
    let opened = false;
    try {
      socket = new WebSocket(`${scheme}//${location.host}/api/matches/${enc(id)}/ws${tokenQuery(token)}`);
    } catch {
      scheduleRetry();
      return;
    }
    socket.onopen = () => {
      opened = true;
      attempt = 0;
      stopPolling();
      onStatus("live");
    };
    socket.onmessage = (event) => {
      try {
        onState(JSON.parse(event.data));
      } catch {
        /* a malformed frame is ignored; the next one carries the whole state again */
      }
    };
    socket.onclose = (event) => {
      socket = null;
      if (stopped) return;
      if (event.code >= 4000 && event.code < 5000) {
        // 4000 + HTTP status: the server refused us for good.
        stop();
        onStatus("closed", event.reason || `error ${event.code - 4000}`, event.code - 4000);
        return;
      }
      if (opened) onStatus("reconnecting");
      scheduleRetry();
    };
  };

  const scheduleRetry = () => {
    startPolling();
    const delay = BACKOFF_MS[Math.min(attempt, BACKOFF_MS.length - 1)];
    attempt += 1;
    retryTimer = setTimeout(connect, delay);
  };

  const stop = () => {
    stopped = true;
    stopPolling();
    clearTimeout(retryTimer);
    if (socket) socket.close();
  };

  connect();
  return { stop };
}

export const postRematch = (id, hostToken) =>
  request("POST", `/api/matches/${enc(id)}/rematch`, { host_token: hostToken });

/** Host only: hand `seat` to the bot `level`, or (level null) to a person with a new link. */
export const postHandOver = (id, hostToken, seat, level) =>
  request("POST", `/api/matches/${enc(id)}/bot`, { host_token: hostToken, seat, level });

/** Host only: let anyone take `seat` (a join), not only its invitation link. */
export const postOpenSeat = (id, hostToken, seat) =>
  request("POST", `/api/matches/${enc(id)}/seats/${enc(seat)}/open`, { host_token: hostToken });

/** A finished match step by step as `viewer` (a seat, "spectator" or "all") saw it. */
export const getSteps = (id, viewer) =>
  request("GET", `/api/matches/${enc(id)}/steps?as=${enc(viewer)}`);

/** Where the replay file of a finished match is (for `getaway replay`). */
export const replayFileUrl = (id) => `/api/matches/${enc(id)}/replay`;
