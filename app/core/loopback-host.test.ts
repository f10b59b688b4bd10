import { describe, expect, it } from "vitest";
import { isLoopbackHost } from "./loopback-host";

describe("isLoopbackHost", () => {
  it("knows this machine's own addresses", () => {
    for (const host of [
      "127.0.0.1",
      "127.1.2.3",
      "localhost",
      "LOCALHOST",
      "::1",
      "[::1]",
      "0:0:0:0:0:0:0:1",
      "::ffff:127.0.0.1",
    ]) {
      expect(isLoopbackHost(host), host).toBe(true);
    }
  });

  it("treats every other address as reachable from elsewhere", () => {
    for (const host of [
      "0.0.0.0",
      "::",
      "10.0.0.5",
      "192.168.1.2",
      "128.0.0.1",
      "127.0.0.256",
      "example.com",
      "localhost.example.com",
      "::ffff:10.0.0.1",
      "",
    ]) {
      expect(isLoopbackHost(host), host).toBe(false);
    }
  });
});
