// `npm start`: builds the app when the build is missing or older than its sources, then serves it
// (`node server.mjs` with the server's V8 flags).
import { spawn, spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

const buildEntry = path.resolve("build/server/index.js");
const sources = ["app", "public", "package.json", "vite.config.ts", "react-router.config.ts"];

function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

const builtAt = existsSync(buildEntry) ? statSync(buildEntry).mtimeMs : 0;
const sourcesAt = Math.max(...sources.map(newestMtime));
if (builtAt < sourcesAt) {
  console.log(builtAt === 0 ? "Building Roundlist (first start)…" : "Sources changed: rebuilding…");
  const result = spawnSync("npx", ["react-router", "build"], { stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

// The server runs in its own process so it gets the V8 flags it is tuned for (server/node-args.mjs).
const { serverEnv, serverNodeArgs } = await import("../server/node-args.mjs");
const server = spawn(process.execPath, [...serverNodeArgs(), "server.mjs"], {
  stdio: "inherit",
  env: serverEnv(),
});
for (const signal of ["SIGINT", "SIGTERM"]) {
  // Ctrl-C reaches both processes; a SIGTERM to this one alone (a process manager) is passed on.
  process.on(signal, () => server.kill(signal));
}
server.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
