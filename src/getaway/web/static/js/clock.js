// The server's clock, estimated without trusting this device's clock.
//
// The server gives turn deadlines as Unix times (`deadlines` in a state). Comparing them with
// Date.now() would count down to the wrong moment on a device whose clock is off, and a
// phone's clock often is. So every countdown here runs on a monotonic local clock
// (performance.now(), which a change of the device's time does not move) plus an *offset*
// to the server's Unix time, learnt from what the server itself says:
//
// * a `server_time` field in a state, if the server sends one (exact up to the latency);
// * the HTTP Date header of every API answer: whole seconds, and uvicorn refreshes it about
//   once a second, so at the answer the server's time lies in [Date, Date + 2.1);
// * every deadline: a decision is asked before the state naming its deadline is sent, so at
//   that moment the server's time is at least `deadline - turn_seconds`.
//
// Each observation bounds the offset; their intersection narrows with every answer. A
// contradiction (the server's clock was stepped) starts over from the newest observation.
// The remaining time is also never more than `turn_seconds`, whatever the estimate says.

const DATE_SLACK = 2.1; // seconds: Date is floored to the second and cached up to ~1.1 s

const local = () => performance.now() / 1000;

let low = -Infinity;
let high = Infinity;
let exact = null; // offset from a server_time field, when the server sends one

function bound(lo, hi) {
  if (lo > high || hi < low) {
    // Inconsistent with what we knew: the server's clock moved. Trust the newest.
    low = lo;
    high = hi;
    return;
  }
  low = Math.max(low, lo);
  high = Math.min(high, hi);
}

/** An API answer's Date header, read between `sentAt` and `receivedAt` (local seconds). */
export function observeDateHeader(header, sentAt, receivedAt) {
  const ms = header ? Date.parse(header) : NaN;
  if (Number.isNaN(ms)) return;
  const date = ms / 1000;
  bound(date - receivedAt, date + DATE_SLACK - sentAt);
}

/** A state as it arrives (HTTP answer or WebSocket frame). */
export function observeState(state, receivedAt = local()) {
  if (!state) return;
  if (typeof state.server_time === "number") {
    exact = state.server_time - receivedAt;
    return;
  }
  const turn = state.turn_seconds;
  if (typeof turn !== "number") return;
  for (const deadline of Object.values(state.deadlines || {})) {
    if (typeof deadline === "number") bound(deadline - turn - receivedAt, Infinity);
  }
}

/** The offset from the local monotonic clock to the server's Unix time, in seconds. */
export function serverOffset() {
  if (exact !== null) return exact;
  if (Number.isFinite(low) && Number.isFinite(high)) return (low + high) / 2;
  if (Number.isFinite(low)) return low;
  if (Number.isFinite(high)) return high;
  // Nothing heard from the server yet: the device's clock is all there is.
  return Date.now() / 1000 - local();
}

/** The server's Unix time now, as well as we know it. */
export const serverNow = () => local() + serverOffset();

/** Whole seconds left until a server deadline, at most `turnSeconds`, never below 0. */
export function secondsLeft(deadline, turnSeconds) {
  let left = deadline - serverNow();
  if (typeof turnSeconds === "number") left = Math.min(left, turnSeconds);
  return Math.max(0, Math.ceil(left));
}

export const localSeconds = local;

/** For tests: forget every observation. */
export function resetClock() {
  low = -Infinity;
  high = Infinity;
  exact = null;
}
