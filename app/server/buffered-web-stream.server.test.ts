import { PassThrough } from "node:stream";
import { describe, expect, it } from "vitest";
import { bufferedWebStream } from "./buffered-web-stream.server";

const text = (chunk: Uint8Array) => Buffer.from(chunk).toString("utf8");

describe("bufferedWebStream", () => {
  it("hands on what was written by each read as one chunk, and later writes when they come", async () => {
    const source = new PassThrough();
    const reader = bufferedWebStream(source).getReader();
    // A renderer's shell: many small writes in one go.
    for (let index = 0; index < 60; index += 1) source.write(`<p>${index}</p>`);
    const first = await reader.read();
    expect(first.done).toBe(false);
    expect(text(first.value as Uint8Array)).toBe(
      Array.from({ length: 60 }, (_, i) => `<p>${i}</p>`).join(""),
    );

    // A later piece (a Suspense boundary resolving) is not held back until the end.
    const pending = reader.read();
    source.write("<p>late</p>");
    const late = await pending;
    expect(text(late.value as Uint8Array)).toBe("<p>late</p>");

    source.end("<p>last</p>");
    const last = await reader.read();
    expect(text(last.value as Uint8Array)).toBe("<p>last</p>");
    expect((await reader.read()).done).toBe(true);
  });

  it("ends at once for a readable that already ended", async () => {
    const source = new PassThrough();
    source.end("all");
    source.resume();
    await new Promise((resolve) => source.once("end", resolve));
    expect(await bufferedWebStream(source).getReader().read()).toEqual({ done: true, value: undefined });
  });

  it("passes the readable's error on, and destroys the readable when the reader cancels", async () => {
    const failing = new PassThrough();
    const reading = bufferedWebStream(failing).getReader().read();
    failing.destroy(new Error("render failed"));
    await expect(reading).rejects.toThrow("render failed");
    // Between reads too: the error reaches the reader (and is never an unhandled "error" event).
    const between = new PassThrough();
    const betweenReader = bufferedWebStream(between).getReader();
    between.write("a");
    await betweenReader.read();
    between.destroy(new Error("failed later"));
    await expect(betweenReader.read()).rejects.toThrow("failed later");

    const source = new PassThrough();
    source.write("a");
    const reader = bufferedWebStream(source).getReader();
    await reader.read();
    await reader.cancel("client went away");
    expect(source.destroyed).toBe(true);
  });
});
