// `npm start`: builds the app when the build is missing or older than its sources (its output in logs/build.log),
// then serves it (`node server.mjs` with the server's V8 flags).
import { spawn } from "node:child_process";
import { buildIfStale } from "./build-if-stale.mjs";
import { BUILD_LOG } from "./start-messages.mjs";

// The server prints what its start-up spent, counted from here (server/startup-timing.mjs, decision 023).
const buildCheckStarted = performance.now();
// The build's ~150 lines go to a log file, so the URL and the next steps are what the terminal shows (decision 024).
buildIfStale({ logPath: BUILD_LOG });
const buildCheckMs = Math.round(performance.now() - buildCheckStarted);

// The server runs in its own process so it gets the V8 flags it is tuned for (server/node-args.mjs).
const { serverEnv, serverNodeArgs } = await import("../server/node-args.mjs");
const { START_ENV } = await import("../server/startup-timing.mjs");
const server = spawn(process.execPath, [...serverNodeArgs(), "server.mjs"], {
  stdio: "inherit",
  env: {
    ...serverEnv(),
    [START_ENV.startedAt]: String(Math.round(performance.timeOrigin)),
    [START_ENV.buildCheckMs]: String(buildCheckMs),
  },
});
for (const signal of ["SIGINT", "SIGTERM"]) {
  // Ctrl-C reaches both processes; a SIGTERM to this one alone (a process manager) is passed on.
  process.on(signal, () => server.kill(signal));
}
server.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
