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
  it("keeps the 4xx status an error carries (Express's own http-errors), with its message, as a warning", async () => {
    const logged: Logged[] = [];
    const tooLarge = Object.assign(new Error("request entity too large"), { status: 413, expose: true });
    const origin = await failingServer(tooLarge, logged);
    const api = await fetch(`${origin}/api/thing`);
    expect(api.status).toBe(413);
    expect(await api.json()).toEqual({ error: "request entity too large" });
    const page = await fetch(`${origin}/page`, { headers: { accept: "text/html" } });
    expect(page.status).toBe(413);
    expect(await page.text()).toBe("request entity too large");
    expect(logged.map((entry) => entry.level)).toEqual(["warn", "warn"]);
  });

  it("hides the message of a 4xx error not meant to be shown, and answers other statuses 500", async () => {
    const hidden = Object.assign(new Error("internal detail"), { statusCode: 400, expose: false });
    const hiddenResponse = await fetch(`${await failingServer(hidden, [])}/api/thing`);
    expect(hiddenResponse.status).toBe(400);
    expect(await hiddenResponse.json()).toEqual({ error: "Bad request." });
    const upstream = Object.assign(new Error("bad gateway"), { status: 502 });
    expect((await fetch(`${await failingServer(upstream, [])}/api/thing`)).status).toBe(500);
  });

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
