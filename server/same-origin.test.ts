import type http from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { CROSS_SITE_REFUSED, isSameOriginRequest, sameOriginOnly } from "./same-origin.mjs";

const APP = new Set(["https://app.example"]);

describe("isSameOriginRequest", () => {
  it("lets safe methods through from anywhere", () => {
    for (const method of ["GET", "HEAD", "OPTIONS"]) {
      expect(
        isSameOriginRequest({ method, origin: "https://evil.example", fetchSite: "cross-site" }, APP),
      ).toBe(true);
    }
  });

  it("refuses a state-changing request from another origin, or from an opaque one", () => {
    for (const method of ["POST", "PUT", "PATCH", "DELETE"]) {
      expect(isSameOriginRequest({ method, origin: "https://evil.example", fetchSite: undefined }, APP)).toBe(
        false,
      );
    }
    expect(isSameOriginRequest({ method: "POST", origin: "null", fetchSite: undefined }, APP)).toBe(false);
    expect(
      isSameOriginRequest({ method: "POST", origin: "http://app.example", fetchSite: undefined }, APP),
    ).toBe(false);
  });

  it("trusts Sec-Fetch-Site when there is no Origin, and lets non-browser clients through", () => {
    expect(isSameOriginRequest({ method: "POST", origin: undefined, fetchSite: "cross-site" }, APP)).toBe(
      false,
    );
    expect(isSameOriginRequest({ method: "POST", origin: undefined, fetchSite: "same-site" }, APP)).toBe(
      false,
    );
    expect(isSameOriginRequest({ method: "POST", origin: undefined, fetchSite: "same-origin" }, APP)).toBe(
      true,
    );
    expect(isSameOriginRequest({ method: "POST", origin: undefined, fetchSite: undefined }, APP)).toBe(true);
    expect(
      isSameOriginRequest({ method: "POST", origin: "https://app.example", fetchSite: undefined }, APP),
    ).toBe(true);
  });
});

describe("sameOriginOnly over HTTP", () => {
  const servers: http.Server[] = [];
  afterEach(() => {
    for (const server of servers.splice(0)) server.close();
  });

  async function serve(): Promise<{ url: string; reached: string[] }> {
    const reached: string[] = [];
    const app = express();
    app.use(sameOriginOnly({ appUrl: "https://app.example/", exemptPaths: ["/api/webhooks/stripe"] }));
    app.all("/{*splat}", (request, response) => {
      reached.push(`${request.method} ${request.path}`);
      response.json({ ok: true });
    });
    const server = app.listen(0, "127.0.0.1");
    servers.push(server);
    await new Promise((resolve) => server.once("listening", resolve));
    return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, reached };
  }

  it("answers 403 with a message before the route runs, and exempts the webhook", async () => {
    const { url, reached } = await serve();
    const evil = { Origin: "https://evil.example", Cookie: "roundlist.session_token=stolen" };
    const refused = await fetch(`${url}/api/upgrade-trial`, { method: "POST", headers: evil });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ error: CROSS_SITE_REFUSED });
    const checkout = await fetch(`${url}/api/checkout`, { method: "POST", headers: evil, body: "plan=pro" });
    expect(checkout.status).toBe(403);
    const own = await fetch(`${url}/api/checkout`, {
      method: "POST",
      headers: { Origin: "https://app.example" },
    });
    expect(own.status).toBe(200);
    const webhook = await fetch(`${url}/api/webhooks/stripe`, { method: "POST", headers: evil });
    expect(webhook.status).toBe(200);
    expect(reached).toEqual(["POST /api/checkout", "POST /api/webhooks/stripe"]);
  });
});
