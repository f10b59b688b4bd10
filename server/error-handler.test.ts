import type { AddressInfo } from "node:net";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { isDatabaseUnavailable } from "../app/server/db/database-errors";
import { errorHandler } from "./error-handler.mjs";

const servers: Array<{ close: () => void }> = [];
afterEach(() => {
  for (const server of servers.splice(0)) server.close();
});

interface Logged {
  level: "error" | "warn";
  details: { err?: unknown; method?: string; url?: string };
  message: string;
}

/** An app whose routes throw `error` (before or after the headers went out), behind the handler. */
async function failingServer(error: Error, logged: Logged[]): Promise<string> {
  const app = express();
  app.get("/api/thing", () => {
    throw error;
  });
  app.get("/page", () => {
    throw error;
  });
  app.get("/half", (_req, res, next) => {
    res.write("partial");
    next(error);
  });
  const logger = {
    error: (details: Logged["details"], message: string) => logged.push({ level: "error", details, message }),
    warn: (details: Logged["details"], message: string) => logged.push({ level: "warn", details, message }),
  };
  app.use(
    errorHandler({
      logger,
      isDatabaseUnavailable,
      unavailableMessage: "Try again soon.",
      retryAfterSeconds: 5,
    }),
  );
  const server = app.listen(0, "127.0.0.1");
  servers.push(server);
  await new Promise((resolve) => server.once("listening", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe("errorHandler", () => {
  it("answers a lost database connection 503 with Retry-After, logged as a warning", async () => {
    const logged: Logged[] = [];
    const lost = Object.assign(new Error("terminating connection due to administrator command"), {
      code: "57P01",
    });
    const origin = await failingServer(lost, logged);
    const response = await fetch(`${origin}/api/thing?x=1`);
    expect(response.status).toBe(503);
    expect(response.headers.get("retry-after")).toBe("5");
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(await response.json()).toEqual({ error: "Try again soon." });
    expect(logged).toEqual([
      {
        level: "warn",
        details: { err: lost, method: "GET", url: "/api/thing?x=1" },
        message: "request failed: the database is unavailable (answered 503)",
      },
    ]);
  });

  it("answers anything else 500 (text for a page), logged as an error, never printed with console.error", async () => {
    const logged: Logged[] = [];
    const bug = new TypeError("Cannot read properties of undefined");
    const origin = await failingServer(bug, logged);
    const response = await fetch(`${origin}/page`, { headers: { accept: "text/html" } });
    expect(response.status).toBe(500);
    expect(response.headers.get("retry-after")).toBeNull();
    expect(await response.text()).toBe("Something went wrong on our side.");
    expect(logged.map(({ level, message }) => ({ level, message }))).toEqual([
      { level: "error", message: "request failed" },
    ]);
  });

  it("cuts a response whose headers already went out", async () => {
    const logged: Logged[] = [];
    const origin = await failingServer(new Error("boom"), logged);
    const outcome = await fetch(`${origin}/half`)
      .then((response) => response.text())
      .then(
        () => "complete",
        () => "cut",
      );
    expect(outcome).toBe("cut");
    expect(logged).toHaveLength(1);
  });
});
