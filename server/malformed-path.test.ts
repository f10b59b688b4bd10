import type http from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { isDecodablePath, MALFORMED_PATH_REFUSED, refuseMalformedPaths } from "./malformed-path.mjs";

describe("isDecodablePath", () => {
  it("accepts plain and well-encoded paths", () => {
    for (const path of ["/", "/search", "/api/auth/reset-password/abc", "/z%C3%BCrich", "/a%2Fb", "/%25"]) {
      expect(isDecodablePath(path), path).toBe(true);
    }
  });

  it("refuses a bad escape, a cut-off UTF-8 sequence and a lone surrogate", () => {
    for (const path of [
      "/%zz",
      "/%",
      "/api/auth/reset-password/%E0%A4%A",
      `/${"%E0%A4%A".repeat(500)}`,
      "/%ED%A0%80",
    ]) {
      expect(isDecodablePath(path), path).toBe(false);
    }
  });
});

describe("refuseMalformedPaths (behind Express's own router)", () => {
  let server: http.Server | undefined;
  afterEach(() => server?.close());

  async function start(): Promise<string> {
    const app = express();
    app.use(refuseMalformedPaths());
    // As in server.mjs: the router decodes the splat and throws a URIError on a malformed path.
    app.all("/{*splat}", (_request, response) => {
      response.send("page");
    });
    app.use((_error: unknown, _request: express.Request, response: express.Response, _next: unknown) => {
      response.status(500).send("crash");
    });
    server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server?.once("listening", resolve));
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }

  it("answers a malformed path 400 with a message (JSON under /api/, text elsewhere), uncached", async () => {
    const base = await start();
    const api = await fetch(`${base}/api/auth/reset-password/%zz${"%E0%A4%A".repeat(200)}`);
    expect(api.status).toBe(400);
    expect(api.headers.get("cache-control")).toBe("no-store");
    expect(await api.json()).toEqual({ error: MALFORMED_PATH_REFUSED });

    const page = await fetch(`${base}/search/%E0%A4%A`, { method: "POST" });
    expect(page.status).toBe(400);
    expect(await page.text()).toBe(MALFORMED_PATH_REFUSED);
  });

  it("lets every decodable path through, malformed query strings too (each reader parses its own)", async () => {
    const base = await start();
    for (const path of ["/", "/z%C3%BCrich", "/api/auth/verify-email?token=%E0%A4%A"]) {
      const response = await fetch(`${base}${path}`);
      expect(response.status, path).toBe(200);
    }
  });
});
