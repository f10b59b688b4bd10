// How the server process is started (npm start, the browser tests, the export benchmark): V8 flags and
// the environment variables that must be set before the process starts (decision 006).
//
// - A heap cap: without one V8 on a large machine lets garbage pile up before collecting it
//   (decision 006 has the figures). NODE_OPTIONS with its own --max-old-space-size wins.
// - MALLOC_ARENA_MAX=2: compression runs on libuv's thread pool, and glibc gives each thread its own malloc
//   arena that it rarely returns; with brotli, RSS crept up with every large export without this
//   (decision 006 has the figures).
export const SERVER_HEAP_MB = 160;

/** @param {string | undefined} nodeOptions */
export function serverNodeArgs(nodeOptions = process.env.NODE_OPTIONS) {
  return nodeOptions?.includes("--max-old-space-size") ? [] : [`--max-old-space-size=${SERVER_HEAP_MB}`];
}

/** The server's environment: this process's, with MALLOC_ARENA_MAX unless it is already set. */
export function serverEnv(env = process.env) {
  return { MALLOC_ARENA_MAX: "2", ...env };
}
