import { describe, expect, it } from "vitest";
import { flashCookie, readFlash } from "./flash.server";

function requestWithCookie(cookie: string) {
  return new Request("http://localhost/", { headers: { cookie } });
}

describe("flash messages", () => {
  it("round-trip through the cookie and are cleared once read", () => {
    const setCookie = flashCookie({
      title: "See you later!",
      description: "You have been signed out.",
      type: "success",
    });
    expect(setCookie).toContain("HttpOnly");
    const pair = setCookie.split(";")[0] ?? "";
    const { message, clearCookie } = readFlash(requestWithCookie(`a=1; ${pair}; b=2`));
    expect(message).toEqual({
      title: "See you later!",
      description: "You have been signed out.",
      type: "success",
    });
    expect(clearCookie).toContain("Max-Age=0");
  });

  it("ignores a missing or forged cookie", () => {
    expect(readFlash(requestWithCookie("a=1")).message).toBeNull();
    const forged = readFlash(requestWithCookie("roundlist_flash=not-json"));
    expect(forged.message).toBeNull();
    expect(forged.clearCookie).toContain("Max-Age=0");
  });
});
