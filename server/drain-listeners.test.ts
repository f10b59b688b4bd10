import type http from "node:http";
import type { AddressInfo } from "node:net";
import { writeReadableStreamToWritable } from "@react-router/node";
import compression from "compression";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { removableDrainListeners } from "./drain-listeners.mjs";

const servers: http.Server[] = [];
afterEach(() => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    server.close();
  }
});

/** 4 MB of incompressible bytes in 16 KB chunks: enough to back up the compressor many times. */
function bigBody(): ReadableStream<Uint8Array> {
  let sent = 0;
  let seed = 1;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent >= 4 * 1024 * 1024) return controller.close();
      const chunk = new Uint8Array(16 * 1024);
      for (let index = 0; index < chunk.length; index += 1) {
        seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
        chunk[index] = seed & 0xff;
      }
      sent += chunk.length;
      controller.enqueue(chunk);
    },
  });
}

/** Serves bigBody the way React Router's express adapter writes an HTML response. */
async function serve(withMiddleware: boolean): Promise<string> {
  const app = express();
  app.use(compression({ threshold: 0 }));
  if (withMiddleware) app.use(removableDrainListeners);
  app.get("/page", async (_request, response) => {
    response.setHeader("Content-Type", "text/html");
    await writeReadableStreamToWritable(bigBody(), response);
  });
  const server = app.listen(0, "127.0.0.1");
  servers.push(server);
  await new Promise((resolve) => server.once("listening", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/page`;
}

/** The decompressed length of the page (fetch undoes the gzip). */
async function download(url: string): Promise<number> {
  const response = await fetch(url, { headers: { "Accept-Encoding": "gzip" } });
  expect(response.headers.get("content-encoding")).toBe("gzip");
  return (await response.arrayBuffer()).byteLength;
}

describe("removableDrainListeners", () => {
  it("serves a large compressed page whole without a MaxListenersExceededWarning", async () => {
    const without = await serve(false);
    const withIt = await serve(true);
    const warnings: Error[] = [];
    const onWarning = (warning: Error) => {
      if (warning.name === "MaxListenersExceededWarning") warnings.push(warning);
    };
    process.on("warning", onWarning);
    try {
      // fetch decompresses: the whole body arrives either way.
      // Without the middleware: the defect this guards against (so the test can tell the difference).
      expect(await download(without)).toBe(4 * 1024 * 1024);
      await new Promise((resolve) => setImmediate(resolve));
      const warningsWithout = warnings.length;
      expect(warningsWithout).toBeGreaterThan(0);
      expect(await download(withIt)).toBe(4 * 1024 * 1024);
      await new Promise((resolve) => setImmediate(resolve));
      expect(warnings.length).toBe(warningsWithout);
    } finally {
      process.off("warning", onWarning);
    }
  });
});

describe("removableDrainListeners on a plain response", () => {
  it("runs a once listener once, keeps an on listener, and off removes it", async () => {
    const { EventEmitter } = await import("node:events");
    const response = new EventEmitter();
    removableDrainListeners({} as express.Request, response as unknown as express.Response, () => undefined);
    const calls: string[] = [];
    const persistent = () => calls.push("on");
    response.once("drain", () => calls.push("once"));
    response.on("drain", persistent);
    response.emit("drain");
    response.emit("drain");
    response.off("drain", persistent);
    response.emit("drain");
    expect(calls).toEqual(["once", "on", "on"]);
    // Only one listener ever sits on the underlying emitter.
    expect(EventEmitter.prototype.listenerCount.call(response, "drain")).toBe(1);
  });
});
