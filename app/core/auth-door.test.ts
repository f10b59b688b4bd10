import { describe, expect, it } from "vitest";
import { authSubPath, declaresTooLargeBody, isResetToken, openedAuthLink } from "./auth-door";

describe("openedAuthLink", () => {
  it("opens the two emailed links, by GET only", () => {
    expect(openedAuthLink("GET", "/verify-email")).toBe("verify-email");
    expect(openedAuthLink("get", "/reset-password/abc123")).toBe("reset-password");
    expect(openedAuthLink("POST", "/verify-email")).toBeNull();
    expect(openedAuthLink("HEAD", "/reset-password/abc123")).toBeNull();
  });

  it("closes every other path, near misses included", () => {
    for (const path of [
      "/get-session",
      "/sign-up/email",
      "/sign-in/email",
      "/reset-password",
      "/reset-password/",
      "/reset-password/a/b",
      "/verify-email/",
      "//verify-email",
      "/ok",
    ]) {
      expect(openedAuthLink("GET", path), path).toBeNull();
    }
  });
});

describe("authSubPath", () => {
  it("decodes the path below the base, and refuses one that does not decode or is not below it", () => {
    expect(authSubPath("/api/auth/reset-password/a%2Db", "/api/auth")).toBe("/reset-password/a-b");
    expect(authSubPath("/api/auth/reset-password/%E0%A4%A", "/api/auth")).toBeNull();
    expect(authSubPath("/api/auth/reset-password/%FF", "/api/auth")).toBeNull();
    expect(authSubPath("/api/authx/get-session", "/api/auth")).toBeNull();
  });
});

describe("isResetToken and declaresTooLargeBody", () => {
  it("takes better-auth's tokens and nothing else", () => {
    expect(isResetToken("Zq3kT9bW2xYp7LmN4vR8sH1c")).toBe(true);
    for (const token of ["", "a b", "a/b", "ü", "x".repeat(257), "<script>"]) {
      expect(isResetToken(token), token).toBe(false);
    }
  });

  it("reads a declared length over the cap as too large", () => {
    expect(declaresTooLargeBody(null)).toBe(false);
    expect(declaresTooLargeBody("8192")).toBe(false);
    expect(declaresTooLargeBody("8193")).toBe(true);
    expect(declaresTooLargeBody("not a number")).toBe(false);
  });
});
