import { describe, expect, it } from "vitest";
import { normalizeEmail, suppressionHash } from "./email-hash.server";

const SECRET = "a-test-secret-that-is-at-least-32-characters";

describe("suppressionHash", () => {
  it("is a 64-digit hex digest that does not contain the address", () => {
    const hash = suppressionHash("ann.founder@startup.example", SECRET);
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(hash).not.toContain("ann");
    expect(hash).not.toContain("startup");
  });

  it("treats case and surrounding spaces as the same address", () => {
    expect(suppressionHash("  Ann.Founder@Startup.EXAMPLE ", SECRET)).toBe(
      suppressionHash("ann.founder@startup.example", SECRET),
    );
    expect(normalizeEmail(" A@B.Example ")).toBe("a@b.example");
  });

  it("depends on the secret, so guessed addresses cannot be checked without it", () => {
    expect(suppressionHash("ann@startup.example", SECRET)).not.toBe(
      suppressionHash("ann@startup.example", `${SECRET}-rotated`),
    );
  });

  it("tells different addresses apart", () => {
    expect(suppressionHash("ann@startup.example", SECRET)).not.toBe(
      suppressionHash("anne@startup.example", SECRET),
    );
  });
});
