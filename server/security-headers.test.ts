import type http from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { securityHeaders } from "./security-headers.mjs";

describe("securityHeaders over HTTP", () => {
  const servers: http.Server[] = [];
  afterEach(() => {
    for (const server of servers.splice(0)) server.close();
  });

  const rules = (pathname: string) => ({
    "X-Frame-Options": "DENY",
    "Referrer-Policy": pathname === "/reset-password" ? "no-referrer" : "strict-origin-when-cross-origin",
  });

  async function serve(): Promise<string> {
    const app = express();
    app.use(securityHeaders(rules));
    app.use("/assets", express.static(import.meta.dirname));
    app.get("/json", (_request, response) => {
      response.json({ ok: true });
    });
    app.get("/reset-password", (_request, response) => {
      response.send("reset");
    });
    // React Router's adapter appends its Response's headers: the document already has them.
    app.get("/document", (_request, response) => {
      response.append("X-Frame-Options", "SAMEORIGIN");
      response.end("<!doctype html>");
    });
    app.get("/head", (_request, response) => {
      response.writeHead(204, { "Referrer-Policy": "same-origin" });
      response.end();
    });
    const server = app.listen(0, "127.0.0.1");
    servers.push(server);
    await new Promise((resolve) => server.once("listening", resolve));
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }

  it("adds the headers to every kind of response, once, for the request's own path", async () => {
    const url = await serve();
    for (const path of ["/json", "/assets/security-headers.mjs", "/missing"]) {
      const response = await fetch(`${url}${path}`);
      expect(response.headers.get("x-frame-options"), path).toBe("DENY");
      expect(response.headers.get("referrer-policy"), path).toBe("strict-origin-when-cross-origin");
    }
    const reset = await fetch(`${url}/reset-password`);
    expect(reset.headers.get("referrer-policy")).toBe("no-referrer");
  });

  it("leaves a header the response set itself alone (never sends it twice)", async () => {
    const url = await serve();
    const document = await fetch(`${url}/document`);
    expect(document.headers.get("x-frame-options")).toBe("SAMEORIGIN");
    expect(document.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    const head = await fetch(`${url}/head`);
    expect(head.headers.get("referrer-policy")).toBe("same-origin");
    expect(head.headers.get("x-frame-options")).toBe("DENY");
  });
});
