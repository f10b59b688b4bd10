import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import type http from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import express from "express";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { publicFiles } from "./public-files.mjs";

describe("publicFiles", () => {
  let dir = "";
  let server: http.Server | undefined;
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), "rl-public-"));
    writeFileSync(path.join(dir, "favicon.svg"), "<svg/>");
    writeFileSync(path.join(dir, "a b.txt"), "spaced");
    mkdirSync(path.join(dir, "icons"));
    writeFileSync(path.join(dir, "icons", "copy.svg"), "<svg id=copy/>");
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  afterEach(() => server?.close());

  async function start(served = dir): Promise<{ origin: string; reachedApp: string[] }> {
    const reachedApp: string[] = [];
    const app = express();
    app.use(publicFiles(served, { maxAge: "1h" }));
    app.use((request, response) => {
      reachedApp.push(request.path);
      response.send("page");
    });
    server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server?.once("listening", resolve));
    return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, reachedApp };
  }

  it("serves the directory's files, nested and percent-encoded names too, with the options given", async () => {
    const { origin, reachedApp } = await start();
    const favicon = await fetch(`${origin}/favicon.svg`);
    expect(favicon.status).toBe(200);
    expect(await favicon.text()).toBe("<svg/>");
    expect(favicon.headers.get("cache-control")).toBe("public, max-age=3600");
    expect(await (await fetch(`${origin}/icons/copy.svg`)).text()).toBe("<svg id=copy/>");
    expect(await (await fetch(`${origin}/a%20b.txt`)).text()).toBe("spaced");
    expect(reachedApp).toEqual([]);
  });

  it("hands every other path, and a missing file under a served folder, to the app", async () => {
    const { origin, reachedApp } = await start();
    for (const page of ["/", "/search", "/search.data", "/favicon.ico", "/icons/missing.svg", "/%zz"]) {
      const response = await fetch(`${origin}${page}`);
      expect(await response.text(), page).toBe("page");
    }
    expect(reachedApp).toEqual([
      "/",
      "/search",
      "/search.data",
      "/favicon.ico",
      "/icons/missing.svg",
      "/%zz",
    ]);
  });

  it("serves nothing, and starts, when the directory does not exist", async () => {
    const { origin, reachedApp } = await start(path.join(dir, "missing"));
    expect(await (await fetch(`${origin}/favicon.svg`)).text()).toBe("page");
    expect(reachedApp).toEqual(["/favicon.svg"]);
  });
});
