import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getFromApi } from "./api-client";

// A loopback stand-in for the API: each path answers one way.
let server: Server;
let origin = "";
const seen: Array<{ path: string; authorization: string | undefined }> = [];

beforeAll(async () => {
  server = createServer((request, response) => {
    seen.push({ path: request.url ?? "", authorization: request.headers.authorization });
    if (request.url === "/api/v1/me") {
      response.writeHead(429, { "Content-Type": "application/json", "Retry-After": "7" });
      response.end(JSON.stringify({ error: "Too many requests for this key." }));
    } else if (request.url === "/slow") {
      response.writeHead(200, { "Content-Type": "application/json" });
      response.write("{");
      // Never ends: the client's timeout does.
    } else if (request.url === "/large") {
      response.writeHead(200, { "Content-Type": "application/json" });
      response.end(`"${"x".repeat(5_000)}"`);
    } else if (request.url === "/redirect") {
      response.writeHead(302, { Location: "https://elsewhere.test/steal" });
      response.end();
    } else {
      response.writeHead(200, { "Content-Type": "application/json" });
      response.end('{"ok":true}');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const config = () => ({ apiKey: "rl_live_test", apiOrigin: origin });

describe("the MCP server's API client", () => {
  it("sends the key as a Bearer token and gives the status, Retry-After and body", async () => {
    expect(await getFromApi(config(), "/api/v1/companies?stage=Seed")).toEqual({
      kind: "answer",
      status: 200,
      retryAfter: null,
      text: '{"ok":true}',
    });
    expect(seen.at(-1)).toEqual({
      path: "/api/v1/companies?stage=Seed",
      authorization: "Bearer rl_live_test",
    });
    expect(await getFromApi(config(), "/api/v1/me")).toMatchObject({ status: 429, retryAfter: "7" });
  });

  it("gives up on an answer that does not end in time, and on one larger than its bound", async () => {
    expect(await getFromApi(config(), "/slow", { timeoutMs: 300 })).toEqual({
      kind: "failure",
      message: expect.stringContaining("did not answer within 0.3 s"),
    });
    expect(await getFromApi(config(), "/large", { maxBytes: 1_024 })).toEqual({
      kind: "failure",
      message: expect.stringContaining("larger than 1 KB"),
    });
  });

  it("follows no redirect, and says when the API cannot be reached", async () => {
    const redirected = await getFromApi(config(), "/redirect");
    expect(redirected).toMatchObject({ kind: "failure", message: expect.stringContaining("redirect") });
    expect(seen.some((request) => request.path === "/steal")).toBe(false);
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    expect(await getFromApi({ apiKey: "k", apiOrigin: `http://127.0.0.1:${port}` }, "/")).toEqual({
      kind: "failure",
      message: expect.stringMatching(/^Could not reach the Roundlist API at .*ECONNREFUSED/),
    });
  });
});
