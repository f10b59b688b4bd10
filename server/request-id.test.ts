import type { AddressInfo } from "node:net";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { currentRequestId, withRequestId } from "../app/server/request-scope.server";
import { installClientIp, parseTrustedProxies } from "./client-ip.mjs";
import { chooseRequestId, installRequestId, REQUEST_ID_HEADER } from "./request-id.mjs";

const servers: Array<{ close: () => void }> = [];
afterEach(() => {
  for (const server of servers.splice(0)) server.close();
});

/** An app that answers with the request id the app was handed. */
async function echoServer(trustedProxies: string[]): Promise<string> {
  const app = express();
  installClientIp(app, trustedProxies);
  installRequestId(app, withRequestId);
  app.get("/", async (req, res) => {
    await Promise.resolve();
    // The header the app is handed, and the logging scope the request runs in.
    res.send(`${String(req.headers[REQUEST_ID_HEADER])} ${currentRequestId()}`);
  });
  const server = app.listen(0, "127.0.0.1");
  servers.push(server);
  await new Promise((resolve) => server.once("listening", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe("request id", () => {
  it("gives every request a new id, hands it to the app and echoes it on the response", async () => {
    const url = await echoServer([]);
    const [first, second] = await Promise.all([fetch(url), fetch(url)]);
    const firstId = first.headers.get("x-request-id");
    expect(firstId).toMatch(UUID);
    expect(await first.text()).toBe(`${firstId} ${firstId}`);
    expect(second.headers.get("x-request-id")).not.toBe(firstId);
  });

  it("replaces the id a client sends when no proxy is trusted", async () => {
    const url = await echoServer([]);
    const response = await fetch(url, { headers: { "x-request-id": "chosen-by-the-client" } });
    expect(response.headers.get("x-request-id")).toMatch(UUID);
    const [header, scope] = (await response.text()).split(" ");
    expect(header).toMatch(UUID);
    expect(scope).toBe(header);
  });

  it("keeps the id a trusted proxy passes on", async () => {
    const url = await echoServer(parseTrustedProxies("127.0.0.1"));
    const response = await fetch(url, { headers: { "x-request-id": "edge-4f1c:77" } });
    expect(response.headers.get("x-request-id")).toBe("edge-4f1c:77");
    expect(await response.text()).toBe("edge-4f1c:77 edge-4f1c:77");
  });

  it("replaces an id that does not look like one, even from a trusted proxy", () => {
    const generate = () => "generated";
    expect(chooseRequestId("a".repeat(129), true, generate)).toBe("generated");
    expect(chooseRequestId("line\nbreak", true, generate)).toBe("generated");
    expect(chooseRequestId("", true, generate)).toBe("generated");
    expect(chooseRequestId(["one", "two"], true, generate)).toBe("generated");
    expect(chooseRequestId(undefined, true, generate)).toBe("generated");
    expect(chooseRequestId("fine-id", false, generate)).toBe("generated");
    expect(chooseRequestId("fine-id", true, generate)).toBe("fine-id");
  });
});
