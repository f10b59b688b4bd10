// What a start-up spent, for the person who ran `npm start` (decision 023): one line once the server listens,
// e.g. "Started in 2.4 s: build check 40 ms, load 900 ms, open 700 ms, migrate 60 ms, seed check 5 ms,
// similarity 2 ms, listen 15 ms". scripts/start.mjs passes the time of its build check, and when it started,
// in the environment; `node server.mjs` run directly counts from its own start and has no build check.

/** @typedef {{ open: number, migrate?: number, seedCheck?: number, similarity?: number }} StartupPhases */

/** The environment variables scripts/start.mjs sets for server.mjs. */
export const START_ENV = { startedAt: "ROUNDLIST_START_AT", buildCheckMs: "ROUNDLIST_BUILD_CHECK_MS" };

/**
 * @param {{
 *   totalMs: number,
 *   buildCheckMs?: number | undefined,
 *   loadMs: number,
 *   phases?: StartupPhases | undefined,
 *   listenMs: number,
 * }} timing
 * @returns {string}
 */
export function startupTimingLine({ totalMs, buildCheckMs, loadMs, phases, listenMs }) {
  const parts = [
    ["build check", buildCheckMs],
    ["load", loadMs],
    ["open", phases?.open],
    ["migrate", phases?.migrate],
    ["seed check", phases?.seedCheck],
    ["similarity", phases?.similarity],
    ["listen", listenMs],
  ]
    .filter(([, ms]) => typeof ms === "number" && Number.isFinite(ms))
    .map(([name, ms]) => `${name} ${Math.round(Number(ms))} ms`);
  return `Started in ${(totalMs / 1000).toFixed(1)} s: ${parts.join(", ")}`;
}

/**
 * The start of this start-up (epoch ms) and the build check's time, from scripts/start.mjs's variables when
 * they are there and make sense, else this process's own start.
 * @param {Record<string, string | undefined>} env
 * @param {number} processStartedAt epoch ms (performance.timeOrigin)
 */
export function startupOrigin(env, processStartedAt) {
  const startedAt = Number(env[START_ENV.startedAt]);
  const buildCheckMs = Number(env[START_ENV.buildCheckMs]);
  const fromStartScript = Number.isFinite(startedAt) && startedAt > 0 && startedAt <= processStartedAt;
  return {
    fromStartScript,
    startedAt: fromStartScript ? startedAt : processStartedAt,
    buildCheckMs: fromStartScript && Number.isFinite(buildCheckMs) ? buildCheckMs : undefined,
  };
}

/**
 * The progress line of a slow start-up step, printed before it runs when `npm start` started this server
 * (decision 024): "Opening the database…", "Seeding the demo data set: 17,555 companies…".
 * @param {{ step: "open" } | { step: "seed", companies: number } | { step: "seed-lps", lps: number }} step
 * @returns {string}
 */
export function startupStepLine(step) {
  switch (step.step) {
    case "open":
      return "Opening the database…";
    case "seed":
      return `Seeding the demo data set: ${step.companies.toLocaleString("en-US")} companies…`;
    case "seed-lps":
      return `Seeding the demo LP database: ${step.lps.toLocaleString("en-US")} LPs…`;
  }
  return "";
}
