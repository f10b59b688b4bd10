import { describe, expect, it } from "vitest";
import { issuerMatchName } from "./issuer-name";

describe("Form D issuer match name (decision 031)", () => {
  it("drops legal suffixes, punctuation and case", () => {
    expect(issuerMatchName("ACME ROBOTICS, INC.")).toBe("acme robotics");
    expect(issuerMatchName("Acme Robotics Inc")).toBe("acme robotics");
    expect(issuerMatchName("Acme Robotics, L.L.C.")).toBe("acme robotics");
    expect(issuerMatchName("Acme Robotics Co., Ltd.")).toBe("acme robotics");
    expect(issuerMatchName("The Acme Company")).toBe("acme");
  });

  it("folds accents, no-break spaces and ampersands", () => {
    expect(issuerMatchName("Café\u00a0&  Co PBC")).toBe("cafe and");
    expect(issuerMatchName("Zoë's Kitchen, Inc.")).toBe("zoes kitchen");
  });

  it("keeps words that tell operating companies apart, and never drops the last word", () => {
    expect(issuerMatchName("Acme Holdings, Inc.")).toBe("acme holdings");
    expect(issuerMatchName("Acme Group LLC")).toBe("acme group");
    expect(issuerMatchName("Inc.")).toBe("inc");
  });
});
