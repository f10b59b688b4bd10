import { describe, expect, it } from "vitest";
import { amendmentRoots } from "./amendment-chain";

const link = (accessionNumber: string, previousAccessionNumber: string | null = null) => ({
  accessionNumber,
  previousAccessionNumber,
});

describe("Form D amendment chains (decision 031)", () => {
  it("keys every amendment of a chain by its original, whatever the order", () => {
    const roots = amendmentRoots([link("C", "B"), link("A"), link("B", "A"), link("D")]);
    expect(Object.fromEntries(roots)).toEqual({ A: "A", B: "A", C: "A", D: "D" });
  });

  it("makes a D/A whose original is absent its own root, and the root of those amending it", () => {
    const roots = amendmentRoots([link("B", "A"), link("C", "B")]);
    expect(roots.get("B")).toBe("B");
    expect(roots.get("C")).toBe("B");
  });

  it("stops at a loop of pointers instead of running forever", () => {
    const roots = amendmentRoots([link("A", "B"), link("B", "A")]);
    expect(roots.size).toBe(2);
    expect(roots.get("A")).toBe(roots.get("B"));
  });

  it("handles a long chain", () => {
    const links = Array.from({ length: 5000 }, (_, i) => link(`N${i}`, i === 0 ? null : `N${i - 1}`));
    const roots = amendmentRoots(links.reverse());
    expect(roots.get("N4999")).toBe("N0");
  });
});
