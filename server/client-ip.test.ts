import type { AddressInfo } from "node:net";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { CLIENT_IP_HEADER as APP_HEADER } from "../app/server/auth/client-ip";
import { CLIENT_IP_HEADER, installClientIp, parseTrustedProxies } from "./client-ip.mjs";

const servers: Array<{ close: () => void }> = [];
afterEach(() => {
  for (const server of servers.splice(0)) server.close();
});

/** An app that answers with the client IP it was handed. */
async function echoServer(trustedProxies: string[]): Promise<string> {
  const app = express();
  installClientIp(app, trustedProxies);
  app.get("/", (req, res) => {
    res.send(String(req.headers[CLIENT_IP_HEADER]));
  });
  const server = app.listen(0, "127.0.0.1");
  servers.push(server);
  await new Promise((resolve) => server.once("listening", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
}

describe("client IP", () => {
  it("uses the same header name as the app", () => {
    expect(CLIENT_IP_HEADER).toBe(APP_HEADER);
  });

  it("ignores X-Forwarded-For and a forged header when no proxy is trusted", async () => {
    const url = await echoServer([]);
    const response = await fetch(url, {
      headers: { "x-forwarded-for": "203.0.113.9", [CLIENT_IP_HEADER]: "1.2.3.4" },
    });
    expect(await response.text()).toMatch(/127\.0\.0\.1$/);
  });

  it("believes X-Forwarded-For from a trusted proxy", async () => {
    const url = await echoServer(parseTrustedProxies("127.0.0.1, 10.0.0.0/8"));
    const response = await fetch(url, { headers: { "x-forwarded-for": "203.0.113.9" } });
    expect(await response.text()).toBe("203.0.113.9");
  });

  it("reads a comma-separated list", () => {
    expect(parseTrustedProxies(" 10.0.0.1, ,10.1.0.0/16 ")).toEqual(["10.0.0.1", "10.1.0.0/16"]);
    expect(parseTrustedProxies(undefined)).toEqual([]);
  });
});
