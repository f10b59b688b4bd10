import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { DATABASE_UNAVAILABLE } from "~/core/messages";
import {
  causedByDatabaseOutage,
  databaseUnavailableMiddleware,
  databaseUnavailablePage,
  noteRequestFailure,
  requestFailedOnDatabase,
} from "./database-unavailable.server";
import { noteDatabaseUnavailable, withRequestId } from "./request-scope.server";

const lost = Object.assign(new Error("terminating connection due to administrator command"), {
  code: "57P01",
});

/** Runs the middleware around a "route" that fails with `error` (noted as handleError does) and answers `inner`. */
async function throughMiddleware(url: string, inner: Response, error?: unknown) {
  const context = new RouterContextProvider();
  const request = new Request(url);
  const next = async () => {
    if (error !== undefined) noteRequestFailure(context, error);
    return inner;
  };
  const args = { request, context, params: {}, unstable_pattern: "/", pattern: "/" } as unknown as Parameters<
    typeof databaseUnavailableMiddleware
  >[0];
  return (await databaseUnavailableMiddleware(args, next)) as Response;
}

describe("a request that failed on an unavailable database", () => {
  it("is noted on its context only for a database-unavailable error", () => {
    const context = new RouterContextProvider();
    expect(noteRequestFailure(context, new TypeError("a bug"))).toBe(false);
    expect(requestFailedOnDatabase(context)).toBe(false);
    expect(noteRequestFailure(context, lost)).toBe(true);
    expect(requestFailedOnDatabase(context)).toBe(true);
    expect(requestFailedOnDatabase(undefined)).toBe(false);
  });

  it("counts any error of a request that lost its database on the way (a library rewrapped it)", () => {
    const rewrapped = new Error("Failed to get session");
    expect(causedByDatabaseOutage(rewrapped)).toBe(false);
    withRequestId("request-1", () => {
      expect(causedByDatabaseOutage(rewrapped)).toBe(false);
      noteDatabaseUnavailable();
      expect(causedByDatabaseOutage(rewrapped)).toBe(true);
    });
    withRequestId("request-2", () => expect(causedByDatabaseOutage(rewrapped)).toBe(false));
  });

  it("a document gets a short page: 503, Retry-After, no store", async () => {
    const response = databaseUnavailablePage(new Headers({ "X-Frame-Options": "DENY" }));
    expect(response.status).toBe(503);
    expect(response.headers.get("retry-after")).toBe("5");
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(response.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(response.headers.get("x-frame-options")).toBe("DENY");
    const html = await response.text();
    expect(html).toContain(DATABASE_UNAVAILABLE.title);
    expect(html).not.toContain("<script");
  });

  it("a .data request's 500 becomes a plain-text 503 with Retry-After", async () => {
    const inner = new Response("turbo-stream", { status: 500, headers: { "X-Remix-Response": "yes" } });
    const response = await throughMiddleware("http://localhost/search.data?q=a", inner, lost);
    expect(response.status).toBe(503);
    expect(response.headers.get("retry-after")).toBe("5");
    // Not React Router's encoding: its client shows the 503 and this text in the error boundary.
    expect(response.headers.has("x-remix-response")).toBe(false);
    expect(await response.text()).toBe(DATABASE_UNAVAILABLE.message);
  });

  it("a resource route's 500 becomes a JSON 503 with Retry-After", async () => {
    const inner = new Response("Unexpected Server Error", { status: 500 });
    const response = await throughMiddleware("http://localhost/api/checkout", inner, lost);
    expect(response.status).toBe(503);
    expect(response.headers.get("retry-after")).toBe("5");
    expect(await response.json()).toEqual({ error: DATABASE_UNAVAILABLE.message });
  });

  it("a 5xx a route answered itself after losing its database keeps its body, as a 503 with Retry-After", async () => {
    const inner = Response.json({ ok: false, error: "Something went wrong" }, { status: 500 });
    const response = await withRequestId("request-3", () => {
      noteDatabaseUnavailable();
      return throughMiddleware("http://localhost/api/auth/sign-in/email", inner);
    });
    expect(response.status).toBe(503);
    expect(response.headers.get("retry-after")).toBe("5");
    expect(await response.json()).toEqual({ ok: false, error: "Something went wrong" });
  });

  it("leaves other answers alone", async () => {
    const bug = await throughMiddleware(
      "http://localhost/api/checkout",
      new Response("x", { status: 500 }),
      new TypeError("a bug"),
    );
    expect(bug.status).toBe(500);
    const handled = await throughMiddleware(
      "http://localhost/search",
      new Response("ok", { status: 200 }),
      lost,
    );
    expect(handled.status).toBe(200);
    const page = databaseUnavailablePage();
    expect(await throughMiddleware("http://localhost/", page, lost)).toBe(page);
  });
});
