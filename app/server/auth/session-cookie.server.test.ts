import { describe, expect, it } from "vitest";
import { carriesSessionCookie, setsSessionCookie } from "./session-cookie.server";

describe("carriesSessionCookie", () => {
  it("finds the session cookie among others, with or without the __Secure- prefix", () => {
    expect(carriesSessionCookie("roundlist.session_token=abc.def")).toBe(true);
    expect(carriesSessionCookie("rl-view=table; __Secure-roundlist.session_token=abc")).toBe(true);
    expect(carriesSessionCookie("a=1;roundlist.session_token=x")).toBe(true);
  });

  it("is false without one: no header, other cookies, an emptied cookie, a look-alike name", () => {
    expect(carriesSessionCookie(null)).toBe(false);
    expect(carriesSessionCookie("")).toBe(false);
    expect(carriesSessionCookie("rl-view=table")).toBe(false);
    expect(carriesSessionCookie("roundlist.session_token=; rl-view=cards")).toBe(false);
    expect(carriesSessionCookie("xroundlist.session_token=abc")).toBe(false);
    expect(carriesSessionCookie("roundlist.session_data=abc")).toBe(false);
  });
});

describe("setsSessionCookie", () => {
  it("recognises a line that sets or clears the session cookie, and no other", () => {
    expect(setsSessionCookie("roundlist.session_token=abc; Path=/; HttpOnly")).toBe(true);
    expect(setsSessionCookie("__Secure-roundlist.session_token=; Max-Age=0")).toBe(true);
    expect(setsSessionCookie("rl-view=table; Path=/")).toBe(false);
  });
});
