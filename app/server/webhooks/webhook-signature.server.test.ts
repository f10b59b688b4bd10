import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { newWebhookSecret, signWebhook, verifyWebhook } from "./webhook-signature.server";

const SECRET = "whsec_test-secret";
const BODY = '{"id":"evt_1","type":"search.new_companies"}';
const T = 1_800_000_000;

describe("signWebhook", () => {
  it("writes t and the hex HMAC-SHA256 of `<t>.<body>` under the whole secret, as Stripe does", () => {
    const expected = createHmac("sha256", SECRET).update(`${T}.${BODY}`).digest("hex");
    expect(signWebhook(SECRET, BODY, T)).toBe(`t=${T},v1=${expected}`);
  });

  it("refuses a time that is not whole seconds", () => {
    expect(() => signWebhook(SECRET, BODY, 1.5)).toThrow("whole seconds");
    expect(() => signWebhook(SECRET, BODY, Date.now() * 1000)).not.toThrow();
  });
});

describe("verifyWebhook", () => {
  const header = signWebhook(SECRET, BODY, T);

  it("accepts its own signature within the tolerance, either side of the signed time", () => {
    expect(verifyWebhook(SECRET, BODY, header, { nowUnix: T })).toEqual({ ok: true });
    expect(verifyWebhook(SECRET, BODY, header, { nowUnix: T + 300 })).toEqual({ ok: true });
    expect(verifyWebhook(SECRET, BODY, header, { nowUnix: T - 300 })).toEqual({ ok: true });
  });

  it("refuses an old or a future timestamp (a replay), even with a valid signature", () => {
    for (const nowUnix of [T + 301, T - 301]) {
      const result = verifyWebhook(SECRET, BODY, header, { nowUnix });
      expect(result).toMatchObject({ ok: false });
      if (!result.ok) expect(result.reason).toContain("replayed");
    }
    expect(verifyWebhook(SECRET, BODY, header, { nowUnix: T + 30, toleranceSeconds: 10 }).ok).toBe(false);
  });

  it("refuses an altered body, another secret, and a timestamp moved to now", () => {
    expect(verifyWebhook(SECRET, `${BODY} `, header, { nowUnix: T })).toEqual({
      ok: false,
      reason: "no signature matches the body and the secret",
    });
    expect(verifyWebhook("whsec_other", BODY, header, { nowUnix: T }).ok).toBe(false);
    const moved = header.replace(`t=${T}`, `t=${T + 3600}`);
    expect(verifyWebhook(SECRET, BODY, moved, { nowUnix: T + 3600 }).ok).toBe(false);
  });

  it("accepts any one of several v1 signatures, as while a secret is rolled", () => {
    const old = signWebhook("whsec_old", BODY, T).split(",")[1];
    const current = signWebhook(SECRET, BODY, T).split(",")[1];
    expect(verifyWebhook(SECRET, BODY, `t=${T},${old},${current}`, { nowUnix: T })).toEqual({ ok: true });
    expect(verifyWebhook("whsec_old", BODY, `t=${T},${old},${current}`, { nowUnix: T })).toEqual({
      ok: true,
    });
  });

  it("refuses a missing or malformed header, saying why", () => {
    expect(verifyWebhook(SECRET, BODY, undefined, { nowUnix: T })).toEqual({
      ok: false,
      reason: "the signature header is missing",
    });
    expect(verifyWebhook(SECRET, BODY, `t=${T}`, { nowUnix: T }).ok).toBe(false);
  });
});

describe("newWebhookSecret", () => {
  it("is whsec_ and 32 random bytes in base64url, new each time", () => {
    const first = newWebhookSecret();
    expect(first).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(first.slice(6), "base64url")).toHaveLength(32);
    expect(newWebhookSecret()).not.toBe(first);
  });
});
