import { describe, expect, it } from "vitest";
import { FileCompanies, type FileCompany } from "./file-companies";

function state(overrides: Partial<FileCompany>): FileCompany {
  return { id: null, order: 2 ** 31, nameKey: "acme", domain: null, digest: 1, firstRow: 2, ...overrides };
}

describe("FileCompanies", () => {
  it("finds a company by its website domain, its name or its stored id", () => {
    const file = new FileCompanies();
    const stored = file.record(null, state({ id: 7, order: 7, nameKey: "beta", domain: "beta.example" }));
    const created = file.record(null, state({ nameKey: "acme" }));
    expect(file.size).toBe(2);
    expect(file.withId(7)).toBe(stored);
    expect(file.near({ websiteDomain: "beta.example", nameKey: "zzz" })).toEqual([stored]);
    expect(file.near({ websiteDomain: null, nameKey: "acme" })).toEqual([created]);
    expect(file.near({ websiteDomain: "beta.example", nameKey: "beta" })).toEqual([stored]);
    expect(file.near({ websiteDomain: "none.example", nameKey: "none" })).toEqual([]);
  });

  it("re-files a company under the keys a later batch gave it", () => {
    const file = new FileCompanies();
    const entry = file.record(null, state({ nameKey: "acme", domain: "acme.example", firstRow: 4 }));
    const again = file.record(
      entry,
      state({ id: 12, order: 12, nameKey: "acme two", domain: null, digest: 9, firstRow: 99 }),
    );
    expect(again).toBe(entry);
    expect(entry).toEqual({ id: 12, order: 12, nameKey: "acme two", domain: null, digest: 9, firstRow: 4 });
    expect(file.near({ websiteDomain: "acme.example", nameKey: "acme" })).toEqual([]);
    expect(file.near({ websiteDomain: null, nameKey: "acme two" })).toEqual([entry]);
    expect(file.withId(12)).toBe(entry);
    expect(file.size).toBe(1);
  });

  it("keeps several companies that share a name", () => {
    const file = new FileCompanies();
    const one = file.record(null, state({ nameKey: "delta", domain: "delta.example" }));
    const two = file.record(null, state({ nameKey: "delta", domain: "delta.io", order: 2 ** 31 + 1 }));
    expect(file.near({ websiteDomain: null, nameKey: "delta" })).toEqual([one, two]);
    file.record(one, state({ nameKey: "delta renamed", domain: "delta.example" }));
    expect(file.near({ websiteDomain: null, nameKey: "delta" })).toEqual([two]);
  });
});
