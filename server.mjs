// The production server: the React Router build behind Express. It prepares the database (migrate,
// seed an empty one) before it listens, and closes it on SIGTERM/SIGINT so PGlite's files are released.
// With a PostgreSQL server it runs WEB_CONCURRENCY processes (default: one per CPU; decision 012): this
// process prepares the database, then forks workers that serve the port together (server/cluster-primary.mjs).
import cluster from "node:cluster";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { startupOrigin, startupStepLine, startupTimingLine } from "./server/startup-timing.mjs";

// Before React is loaded (hence the dynamic imports below): React picks its build from NODE_ENV once.
process.env.NODE_ENV ??= "production";

const buildPath = path.resolve(process.env.BUILD_DIR ?? "build", "server/index.js");
let build;
try {
  build = await import(pathToFileURL(buildPath).href);
} catch (error) {
  // The build reads its configuration as it loads (the logger's level): a bad one is a message, not a stack.
  console.error(error?.name === "ConfigError" ? error.message : error);
  process.exit(1);
}
const lifecycle = build.entry.module;
// The app's structured logger (pino, JSON on stdout): every error of a request goes through it, naming the
// request's id. The start-up lines below stay plain text: they are for the person who started the server.
const { logger } = lifecycle;

/** A bad configuration is a message for a person, not a stack trace. */
async function failToStart(error) {
  console.error(["ConfigError", "DataDirInUseError"].includes(error?.name) ? error.message : error);
  await lifecycle.shutdownApp().catch(() => {});
  process.exit(1);
}

// Decision 023: what the start-up spent, printed once the server listens (from `npm start`'s own start).
const origin = startupOrigin(process.env, performance.timeOrigin);
let loadMs = 0;
let preparedAt = 0;
/** @param {{ phases?: import("./server/startup-timing.mjs").StartupPhases }} address */
function startupLine(address) {
  return startupTimingLine({
    totalMs: Date.now() - origin.startedAt,
    buildCheckMs: origin.buildCheckMs,
    loadMs,
    phases: address.phases,
    listenMs: performance.now() - preparedAt,
  });
}

/** @param {"single" | "primary" | "worker"} role */
async function prepare(role) {
  loadMs = performance.now();
  try {
    // Under `npm start`, say what the slow steps are doing while they run (decision 024).
    const onStep =
      origin.fromStartScript && role !== "worker"
        ? (/** @type {Parameters<typeof startupStepLine>[0]} */ step) => console.log(startupStepLine(step))
        : undefined;
    const address = await lifecycle.prepareApp(role, onStep);
    preparedAt = performance.now();
    return address;
  } catch (error) {
    return failToStart(error);
  }
}

let plan;
try {
  plan = lifecycle.planServerProcesses();
} catch (error) {
  await failToStart(error);
}

if (cluster.isPrimary && plan.processes > 1) {
  // Migrations, the seed, the similarity refresh: once, here, before any worker exists.
  const address = await prepare("primary");
  const { runPrimary } = await import("./server/cluster-primary.mjs");
  runPrimary({
    processes: plan.processes,
    port: address.port,
    notes: address.notes,
    logger,
    shutdown: lifecycle.shutdownApp,
    startupLine: () => startupLine(address),
  });
} else {
  await serve(cluster.isWorker ? "worker" : "single");
}

/** One serving process: the only one, or a worker of the primary above. */
async function serve(role) {
  const { createRequestHandler } = await import("@react-router/express");
  const { default: compression } = await import("compression");
  const { default: express } = await import("express");
  const { installClientIp, parseTrustedProxies } = await import("./server/client-ip.mjs");
  const { streamingRoute } = await import("./server/streaming-route.mjs");
  const { removableDrainListeners } = await import("./server/drain-listeners.mjs");
  const { sameOriginOnly } = await import("./server/same-origin.mjs");
  const { securityHeaders } = await import("./server/security-headers.mjs");
  const { installRequestId } = await import("./server/request-id.mjs");
  const { errorHandler } = await import("./server/error-handler.mjs");
  const { refuseMalformedPaths } = await import("./server/malformed-path.mjs");
  const { publicFiles } = await import("./server/public-files.mjs");

  const address = await prepare(role);
  // From here on, what libraries print with console.error/console.warn (React, better-auth) is logged as JSON
  // through the logger, naming the request it happened in.
  lifecycle.captureConsole();

  const app = express();
  app.disable("x-powered-by");
  // Tests only (ENABLE_TEST_ROUTES, never on in production): which process answered, so a test can see
  // that several serve.
  if (address.testRoutes) {
    app.use((_request, response, next) => {
      response.setHeader("X-Server-Pid", String(process.pid));
      next();
    });
  }
  // docs/product.md#security: nosniff, referrer policy, framing protection... on every response (documents get them,
  // with their Content-Security-Policy, from entry.server.tsx).
  app.use(securityHeaders(lifecycle.securityHeadersFor));
  installClientIp(app, parseTrustedProxies(process.env.TRUSTED_PROXIES));
  // After installClientIp (it reads the trusted proxies): X-Request-Id, and the app's logging scope for it.
  installRequestId(app, lifecycle.withRequestId);
  // Decision 033: an API key over its limit is answered 429 from memory here, before anything else is done.
  app.use("/api/v1", lifecycle.apiGate);
  // The requests in flight, so a console import on the embedded database lets them go first (decision 031).
  app.use(lifecycle.countForegroundRequests);
  // Before any route: a path that is not valid percent-encoding is a 400, not the router's URIError (a 500).
  app.use(refuseMalformedPaths());
  app.use(compression());
  // After compression: its drain proxy leaks listeners that React Router's writer removes (see the module).
  app.use(removableDrainListeners);
  // Hashed assets never change; everything else in public/ may.
  app.use("/assets", express.static(path.resolve("build/client/assets"), { immutable: true, maxAge: "1y" }));
  app.use(publicFiles(path.resolve("build/client"), { maxAge: "1h" }));
  // CSRF: every state-changing request must come from APP_URL's origin; the Stripe webhook proves itself
  // with its signature instead.
  app.use(sameOriginOnly({ appUrl: address.appUrl, exemptPaths: ["/api/webhooks/stripe"] }));
  // The CSV export is piped with backpressure by our own bridge, not React Router's writer (decision 006).
  app.all("/api/export-csv", streamingRoute(lifecycle.exportCsv, { logger }));
  app.all("/api/export-lps", streamingRoute(lifecycle.exportLpsCsv, { logger }));
  // The sitemaps too: a company sitemap streams up to 45,000 URLs from the database (docs/product.md#directory).
  app.get(["/sitemap.xml", "/sitemaps/:file"], streamingRoute(lifecycle.handleSitemapRequest, { logger }));
  app.all("/{*splat}", createRequestHandler({ build }));
  // Anything thrown to Express: logged, and 503 with Retry-After when the database is unavailable.
  app.use(
    errorHandler({
      logger,
      isDatabaseUnavailable: lifecycle.causedByDatabaseOutage,
      unavailableMessage: lifecycle.DATABASE_UNAVAILABLE.message,
      retryAfterSeconds: lifecycle.RETRY_AFTER_SECONDS,
    }),
  );

  const server = app.listen(address.port, address.host, (error) => {
    if (error) {
      // A port in use: a message, and an exit (a cluster's primary then stops too).
      console.error(`Cannot listen on ${address.host}:${address.port}: ${error.message}`);
      void lifecycle.shutdownApp().finally(() => process.exit(1));
      return;
    }
    // A worker is one of several: the primary says when all of them listen.
    if (role === "worker") return;
    console.log(`Roundlist is listening on http://localhost:${address.port} (1 process)`);
    console.log(`  ${startupLine(address)}`);
    for (const note of address.notes ?? []) console.log(`  ${note}`);
  });
  // Node ends any request after 5 minutes; an admin's 250 MB import upload on a slow line takes longer.
  // Headers must still arrive within headersTimeout (60 s), and idle sockets end as before.
  server.requestTimeout = 30 * 60 * 1000;

  let stopping = false;
  async function stop(signal) {
    if (stopping) return;
    stopping = true;
    console.log(
      role === "worker" ? `${signal}: closing server process ${process.pid}` : `${signal}: closing`,
    );
    const forced = setTimeout(() => process.exit(1), 10_000);
    forced.unref();
    // No new connections; the requests in flight finish (with the database still open), and each kept-alive
    // connection is closed once it has no request (checked again and again: one may finish at any time).
    const closed = new Promise((resolve) => server.close(resolve));
    server.closeIdleConnections();
    const sweep = setInterval(() => server.closeIdleConnections(), 100);
    await closed;
    clearInterval(sweep);
    await lifecycle.shutdownApp().catch((error) => logger.error({ err: error }, "shutdown failed"));
    process.exit(0);
  }
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
}
