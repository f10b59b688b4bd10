// Waits until a server this script started answers /healthz (the benchmarks that start `node server.mjs`).
import { setTimeout as sleep } from "node:timers/promises";

/**
 * @param {import("node:child_process").ChildProcess} server
 * @param {string} origin e.g. "http://127.0.0.1:3197"
 * @param {number} timeoutMs
 */
export async function waitForServer(server, origin, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`);
    const ok = await fetch(`${origin}/healthz`).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return;
    await sleep(100);
  }
  throw new Error(`the server did not answer ${origin}/healthz within ${timeoutMs / 1000} s`);
}
