import { describe, expect, it } from "vitest";
import {
  formatSignatureHeader,
  isWithinTolerance,
  MAX_SIGNATURE_HEADER_LENGTH,
  parseSignatureHeader,
  signedPayload,
} from "./webhook-signature";

const HEX_A = "a".repeat(64);
const HEX_B = "0123456789abcdef".repeat(4);

describe("parseSignatureHeader", () => {
  it("reads the timestamp and every v1 signature, skipping other schemes", () => {
    expect(parseSignatureHeader(`t=1700000000,v1=${HEX_A},v0=${HEX_B},v1=${HEX_B}`)).toEqual({
      ok: true,
      header: { timestamp: 1700000000, signatures: [HEX_A, HEX_B] },
    });
  });

  it("reads what formatSignatureHeader writes, with spaces around entries and upper-case hex", () => {
    expect(parseSignatureHeader(formatSignatureHeader(12, HEX_B))).toEqual({
      ok: true,
      header: { timestamp: 12, signatures: [HEX_B] },
    });
    expect(parseSignatureHeader(` t=12 , v1=${HEX_B.toUpperCase()} `)).toMatchObject({
      ok: true,
      header: { signatures: [HEX_B] },
    });
  });

  it.each([
    ["", "missing"],
    [null, "missing"],
    [`v1=${HEX_A}`, "no timestamp"],
    ["t=12", "no v1 signature"],
    ["t=12,v1=abc", "no v1 signature"],
    [`t=12,t=13,v1=${HEX_A}`, "timestamp is malformed"],
    [`t=-5,v1=${HEX_A}`, "timestamp is malformed"],
    [`t=1.5,v1=${HEX_A}`, "timestamp is malformed"],
    [`t=12,garbage,v1=${HEX_A}`, "malformed"],
    [`t=12,${"v1=x,".repeat(MAX_SIGNATURE_HEADER_LENGTH)}`, "too long"],
  ])("refuses %j: %s", (header, reason) => {
    const parsed = parseSignatureHeader(header);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.reason).toContain(reason);
  });
});

describe("isWithinTolerance", () => {
  it("allows the tolerance either way and refuses beyond it", () => {
    expect(isWithinTolerance(1000, 1300)).toBe(true);
    expect(isWithinTolerance(1000, 1301)).toBe(false);
    expect(isWithinTolerance(1300, 1000)).toBe(true);
    expect(isWithinTolerance(1301, 1000)).toBe(false);
    expect(isWithinTolerance(1000, 1010, 5)).toBe(false);
  });
});

describe("signedPayload", () => {
  it("is the timestamp, a dot and the body", () => {
    expect(signedPayload(12, '{"a":1}')).toBe('12.{"a":1}');
  });
});
