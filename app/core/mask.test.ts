import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { maskEmail } from "./mask";

describe("maskEmail (docs/product.md#masking)", () => {
  it("keeps the first and last character of the local part and the domain", () => {
    expect(maskEmail("jane.doe@acme.example")).toBe("j******e@acme.example");
    expect(maskEmail("abc@x.example")).toBe("a*c@x.example");
  });

  it("never shows a one- or two-character local part whole", () => {
    expect(maskEmail("j@acme.example")).toBe("*@acme.example");
    expect(maskEmail("jo@acme.example")).toBe("j*@acme.example");
  });

  it("stars anything that is not an email", () => {
    expect(maskEmail("not-an-email")).toBe("************");
    expect(maskEmail("@acme.example")).toBe("*************");
  });

  it("shows only the first and last character of a 3+ character local part", () => {
    fc.assert(
      fc.property(fc.emailAddress(), (email) => {
        const local = email.slice(0, email.lastIndexOf("@"));
        const masked = maskEmail(email);
        expect(masked.endsWith(email.slice(email.lastIndexOf("@")))).toBe(true);
        // Every hidden character is a star (checking that `masked` does not contain `local` was wrong: the
        // domain may contain the same letters, e.g. abc@abc.example).
        const maskedLocal = masked.slice(0, masked.lastIndexOf("@"));
        if (local.length >= 3) {
          expect(maskedLocal[0]).toBe(local[0]);
          expect(maskedLocal.at(-1)).toBe(local.at(-1));
          expect(maskedLocal.slice(1, -1)).toMatch(/^\*+$/);
        }
        expect(masked.length).toBe(email.length);
      }),
    );
  });
});
