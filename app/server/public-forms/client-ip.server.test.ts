import { describe, expect, it } from "vitest";
import { clientIp } from "./client-ip.server";

describe("clientIp", () => {
  it("is the header server.mjs sets, or one shared bucket without it", () => {
    expect(clientIp(new Request("http://x", { headers: { "x-roundlist-client-ip": "203.0.113.5" } }))).toBe(
      "203.0.113.5",
    );
    expect(clientIp(new Request("http://x"))).toBe("unknown");
  });
});
