import { describe, expect, it } from "vitest";
import {
  contentSecurityPolicy,
  demoVideoOrigin,
  mustNotBeStored,
  PERSONAL_PATHS,
  pagePathOf,
  securityHeaders,
} from "./security-headers.server";

const DEV = { APP_ENV: "development", DEMO_VIDEO_URL: undefined } as const;
const PROD = { APP_ENV: "production", DEMO_VIDEO_URL: undefined } as const;

function directives(policy: string): Map<string, string> {
  return new Map(
    policy.split(";").map((part) => {
      const [name = "", ...values] = part.trim().split(/\s+/);
      return [name, values.join(" ")];
    }),
  );
}

describe("contentSecurityPolicy", () => {
  it("allows scripts from the site and inline ones with this response's nonce only", () => {
    const policy = directives(contentSecurityPolicy(DEV, "abc123+/="));
    expect(policy.get("default-src")).toBe("'self'");
    expect(policy.get("script-src")).toBe("'self' 'nonce-abc123+/='");
    expect(policy.get("style-src")).toBe("'self' 'unsafe-inline'");
    expect(policy.get("img-src")).toBe("'self' data:");
    expect(policy.get("media-src")).toBe("'self'");
    expect(policy.get("connect-src")).toBe("'self'");
    expect(policy.get("object-src")).toBe("'none'");
    expect(policy.get("base-uri")).toBe("'none'");
    expect(policy.get("frame-ancestors")).toBe("'none'");
  });

  it("never restricts form-action (the manage form ends on Stripe's portal) nor allows unsafe scripts", () => {
    const policy = contentSecurityPolicy(PROD, "n");
    expect(policy).not.toContain("form-action");
    expect(directives(policy).get("script-src")).not.toMatch(/unsafe-inline|unsafe-eval|\*/);
  });

  it("lets the demo video play from DEMO_VIDEO_URL's origin when it is absolute", () => {
    const cdn = {
      APP_ENV: "production",
      DEMO_VIDEO_URL: "https://cdn.example:8443/videos/demo.mp4?v=2",
    } as const;
    expect(directives(contentSecurityPolicy(cdn, "n")).get("media-src")).toBe(
      "'self' https://cdn.example:8443",
    );
    const sitePath = { APP_ENV: "production", DEMO_VIDEO_URL: "/videos/demo.webm" } as const;
    expect(directives(contentSecurityPolicy(sitePath, "n")).get("media-src")).toBe("'self'");
  });

  it("reads the video's origin only from an http(s) URL", () => {
    expect(demoVideoOrigin(undefined)).toBeUndefined();
    expect(demoVideoOrigin("/demo.webm")).toBeUndefined();
    expect(demoVideoOrigin("HTTP://Video.Example/a.webm")).toBe("http://video.example");
  });
});

describe("securityHeaders", () => {
  it("sends nosniff, a referrer policy, framing protection and COOP on every response", () => {
    expect(securityHeaders(DEV, { pathname: "/api/checkout" })).toEqual({
      "X-Content-Type-Options": "nosniff",
      "Referrer-Policy": "strict-origin-when-cross-origin",
      "X-Frame-Options": "DENY",
      "Cross-Origin-Opener-Policy": "same-origin",
    });
  });

  it("adds the Content-Security-Policy only to documents (given their nonce)", () => {
    const headers = securityHeaders(DEV, { pathname: "/", nonce: "xyz" });
    expect(headers["Content-Security-Policy"]).toBe(contentSecurityPolicy(DEV, "xyz"));
    expect(securityHeaders(DEV, { pathname: "/" })).not.toHaveProperty("Content-Security-Policy");
  });

  it("sends no Referer at all from the reset page, whose address holds the token", () => {
    for (const pathname of ["/reset-password", "/reset-password.data", "/reset-password/"]) {
      expect(securityHeaders(DEV, { pathname })["Referrer-Policy"]).toBe("no-referrer");
    }
    expect(securityHeaders(DEV, { pathname: "/reset-passwords" })["Referrer-Policy"]).toBe(
      "strict-origin-when-cross-origin",
    );
  });

  it("asks for HTTPS (HSTS) in production only", () => {
    expect(securityHeaders(PROD, { pathname: "/" })["Strict-Transport-Security"]).toBe(
      "max-age=31536000; includeSubDomains",
    );
    expect(securityHeaders(DEV, { pathname: "/" })).not.toHaveProperty("Strict-Transport-Security");
    expect(
      securityHeaders({ APP_ENV: "test", DEMO_VIDEO_URL: undefined }, { pathname: "/" }),
    ).not.toHaveProperty("Strict-Transport-Security");
  });
});

describe("pagePathOf", () => {
  it("maps data requests to their page", () => {
    expect(pagePathOf("/profile.data")).toBe("/profile");
    expect(pagePathOf("/_.data")).toBe("/");
    expect(pagePathOf("/_root.data")).toBe("/");
    expect(pagePathOf("/admin/_.data")).toBe("/admin/");
    expect(pagePathOf("/search")).toBe("/search");
  });
});

describe("mustNotBeStored", () => {
  const anonymous = { cookie: null, setCookies: [] };

  it("keeps every personal page and its data out of caches, signed in or not", () => {
    for (const page of PERSONAL_PATHS) {
      for (const pathname of [page, `${page}.data`, `${page}/x`]) {
        expect(mustNotBeStored({ pathname, ...anonymous }), pathname).toBe(true);
      }
    }
    expect(mustNotBeStored({ pathname: "/dev/mailbox/12", ...anonymous })).toBe(true);
    expect(mustNotBeStored({ pathname: "/admin/_.data", ...anonymous })).toBe(true);
  });

  it("lets public pages be cached for visitors without a session", () => {
    for (const pathname of [
      "/",
      "/_.data",
      "/search",
      "/search.data",
      "/terms",
      "/profiles",
      "/favicon.svg",
    ]) {
      expect(mustNotBeStored({ pathname, cookie: "theme=dark; other=1", setCookies: [] }), pathname).toBe(
        false,
      );
    }
  });

  it("keeps any response to a signed-in request out of caches (/search, /, resource routes)", () => {
    for (const cookie of [
      "roundlist.session_token=abc.def",
      "a=1; roundlist.session_token=abc",
      "__Secure-roundlist.session_token=abc; b=2",
    ]) {
      for (const pathname of ["/search", "/search.data", "/", "/api/upgrade-trial"]) {
        expect(mustNotBeStored({ pathname, cookie, setCookies: [] }), `${pathname} ${cookie}`).toBe(true);
      }
    }
    // An emptied cookie is no session; a look-alike name is not the session cookie.
    expect(
      mustNotBeStored({ pathname: "/search", cookie: "roundlist.session_token=; x=1", setCookies: [] }),
    ).toBe(false);
    expect(
      mustNotBeStored({ pathname: "/search", cookie: "xroundlist.session_token=abc", setCookies: [] }),
    ).toBe(false);
  });

  it("keeps a response that sets or clears the session cookie out of caches", () => {
    const signIn = ["roundlist.session_token=abc; Path=/; HttpOnly; SameSite=Lax"];
    expect(mustNotBeStored({ pathname: "/api/auth/verify-email", cookie: null, setCookies: signIn })).toBe(
      true,
    );
    const signOut = ["__Secure-roundlist.session_token=; Max-Age=0; Path=/"];
    expect(mustNotBeStored({ pathname: "/auth/sign-out", cookie: null, setCookies: signOut })).toBe(true);
    const flash = ["roundlist_flash=x; Path=/"];
    expect(mustNotBeStored({ pathname: "/", cookie: null, setCookies: flash })).toBe(false);
  });
});
