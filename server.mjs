// The production server: the React Router build behind Express. It prepares the database (migrate,
// seed an empty one) before it listens, and closes it on SIGTERM/SIGINT so PGlite's files are released.
import path from "node:path";
import { pathToFileURL } from "node:url";

// Before React is loaded (hence the dynamic imports below): React picks its build from NODE_ENV once.
process.env.NODE_ENV ??= "production";
const { createRequestHandler } = await import("@react-router/express");
const { default: compression } = await import("compression");
const { default: express } = await import("express");
const { installClientIp, parseTrustedProxies } = await import("./server/client-ip.mjs");
const { streamingRoute } = await import("./server/streaming-route.mjs");
const { removableDrainListeners } = await import("./server/drain-listeners.mjs");
const { sameOriginOnly } = await import("./server/same-origin.mjs");

const buildPath = path.resolve(process.env.BUILD_DIR ?? "build", "server/index.js");
const build = await import(pathToFileURL(buildPath).href);
const lifecycle = build.entry.module;

let address;
try {
  address = await lifecycle.prepareApp();
} catch (error) {
  // A bad configuration is a message for a person, not a stack trace.
  console.error(["ConfigError", "DataDirInUseError"].includes(error?.name) ? error.message : error);
  await lifecycle.shutdownApp().catch(() => {});
  process.exit(1);
}

const app = express();
app.disable("x-powered-by");
installClientIp(app, parseTrustedProxies(process.env.TRUSTED_PROXIES));
app.use(compression());
// After compression: its drain proxy leaks listeners that React Router's writer removes (see the module).
app.use(removableDrainListeners);
// Hashed assets never change; everything else in public/ may.
app.use("/assets", express.static(path.resolve("build/client/assets"), { immutable: true, maxAge: "1y" }));
app.use(express.static(path.resolve("build/client"), { maxAge: "1h" }));
// CSRF: every state-changing request must come from APP_URL's origin; the Stripe webhook proves itself
// with its signature instead.
app.use(sameOriginOnly({ appUrl: address.appUrl, exemptPaths: ["/api/webhooks/stripe"] }));
// The CSV export is piped with backpressure by our own bridge, not React Router's writer (decision 006).
app.all("/api/export-csv", streamingRoute(lifecycle.exportCsv));
app.all("/{*splat}", createRequestHandler({ build }));

const server = app.listen(address.port, address.host, () => {
  console.log(`Roundlist is listening on http://localhost:${address.port}`);
  for (const note of address.notes ?? []) console.log(`  ${note}`);
});

let stopping = false;
async function stop(signal) {
  if (stopping) return;
  stopping = true;
  console.log(`${signal}: closing`);
  server.close();
  server.closeIdleConnections?.();
  const forced = setTimeout(() => process.exit(1), 10_000);
  forced.unref();
  await lifecycle.shutdownApp().catch((error) => console.error(error));
  process.exit(0);
}
process.on("SIGTERM", () => stop("SIGTERM"));
process.on("SIGINT", () => stop("SIGINT"));
