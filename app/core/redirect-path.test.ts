import { describe, expect, it } from "vitest";
import { safeRedirectPath } from "./redirect-path";

/** Where a browser on https://roundlist.example goes when told `Location: <path>`. */
function landing(path: string): string {
  return new URL(path, "https://roundlist.example/signin").href;
}

describe("safeRedirectPath (docs/product.md#security)", () => {
  it.each([
    ["tab then slash", "/\t/evil.example"],
    ["tab then backslash", "/\t\\evil.example"],
    ["newline then slash", "/\n/evil.example"],
    ["CR LF (header injection)", "/\r\nSet-Cookie: a=b"],
    ["CR LF after a path", "/search\r\nLocation: https://evil.example"],
    ["NUL", "/search\u0000"],
    ["DEL", "/search\u007f"],
    ["C1 control", "/search\u0085"],
    ["protocol-relative", "//evil.example"],
    ["backslash", "/\\evil.example"],
    ["backslash later", "/search\\..\\..\\evil"],
    ["dot segment to protocol-relative", "/.//evil.example"],
    ["dot-dot segment to protocol-relative", "/a/..//evil.example"],
    ["absolute URL", "https://evil.example/"],
    ["scheme-relative with credentials", "//user@evil.example"],
    ["javascript URL", "javascript:alert(1)"],
    ["data URL", "data:text/html,<script>alert(1)</script>"],
    ["relative path", "search"],
    ["leading space", " //evil.example"],
    ["empty", ""],
    ["too long", `/${"a".repeat(3_000)}`],
  ])("refuses %s", (_name, value) => {
    expect(safeRedirectPath(value)).toBeUndefined();
  });

  it("refuses what is not a string", () => {
    expect(safeRedirectPath(null)).toBeUndefined();
    expect(safeRedirectPath(undefined)).toBeUndefined();
    expect(safeRedirectPath(["/search"])).toBeUndefined();
  });

  it.each([
    ["/search", "/search"],
    ["/", "/"],
    [
      "/search?q=fin+tech&location=country%3AGermany&page=2",
      "/search?q=fin+tech&location=country%3AGermany&page=2",
    ],
    ["/search?q=100%25%20organic", "/search?q=100%25%20organic"],
    ["/profile#billing", "/profile#billing"],
    ["/admin/users?role=admin", "/admin/users?role=admin"],
    ["/search?q=zürich", "/search?q=z%C3%BCrich"],
    ["/a/../profile", "/profile"],
    ["/%2F%2Fevil.example", "/%2F%2Fevil.example"],
  ])("keeps the same-site path %s", (value, expected) => {
    expect(safeRedirectPath(value)).toBe(expected);
  });

  it.each([
    ["/profile.data", "/profile"],
    ["/_root.data", "/"],
    ["/search.data?q=ai&_routes=routes%2Fsearch", "/search?q=ai"],
    ["/search.data?index&q=ai", "/search?q=ai"],
    ["/search?_data=routes%2Fsearch&q=ai", "/search?q=ai"],
    ["/billing/_.data", "/billing/"],
    ["/search?q=ai&index=2", "/search?q=ai&index=2"],
  ])("turns the React Router data URL %s into its page %s", (value, expected) => {
    expect(safeRedirectPath(value)).toBe(expected);
  });

  it("answers only paths that a browser resolves on this site", () => {
    const attempts = [
      "/\t/evil.example",
      "/\t\\evil.example",
      "/.//evil.example",
      "/search?q=//evil.example",
      "/search#//evil.example",
      "/%09/evil.example",
      "/%5Cevil.example",
    ];
    for (const value of attempts) {
      const path = safeRedirectPath(value);
      if (path !== undefined) expect(new URL(landing(path)).origin).toBe("https://roundlist.example");
    }
  });
});
