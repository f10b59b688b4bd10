import { describe, expect, it } from "vitest";
import type { ImportedCompany } from "../crunchbase-row";
import { type Candidate, CandidateIndex, newCandidate } from "./candidate-matching.server";

function company(name: string, websiteDomain: string | null = null): ImportedCompany {
  return { organizationName: name, nameKey: name.toLowerCase(), websiteDomain } as ImportedCompany;
}

function stored(id: number, name: string, domain: string | null): Candidate {
  return {
    id,
    order: id,
    nameKey: name.toLowerCase(),
    domain,
    slug: `s${id}`,
    slugBase: `s${id}`,
    write: null,
    stored: {},
    entry: null,
    firstRow: null,
    changed: false,
  };
}

describe("CandidateIndex", () => {
  it("matches on the website domain first, whatever the name", () => {
    const index = new CandidateIndex([stored(1, "Acme", "acme.example"), stored(2, "Other", null)]);
    expect(index.match(company("Renamed", "acme.example"))?.id).toBe(1);
  });

  it("matches on the name when the row or the stored company has no domain", () => {
    const index = new CandidateIndex([stored(1, "Acme", null), stored(2, "Beta", "beta.example")]);
    expect(index.match(company("ACME", "acme.example"))?.id).toBe(1);
    expect(index.match(company("Beta"))?.id).toBe(2);
  });

  it("keeps same-named companies with different sites apart", () => {
    const index = new CandidateIndex([stored(1, "Acme", "acme.example")]);
    expect(index.match(company("Acme", "acme.other.example"))).toBeNull();
  });

  it("picks the lowest stored id among several matches, and stored companies before new ones", () => {
    const created = newCandidate(company("Acme"), 0);
    const index = new CandidateIndex([stored(7, "Acme", null), stored(3, "Acme", null)]);
    index.add(created);
    expect(index.match(company("Acme"))?.id).toBe(3);
    expect(newCandidate(company("Zed"), 1).order).toBeGreaterThan(created.order);
  });

  it("re-keys a company a row updates, and lists the companies the batch writes", () => {
    const acme = stored(1, "Acme", "acme.example");
    const index = new CandidateIndex([acme, stored(2, "Untouched", null)]);
    const created = newCandidate(company("Café Ñu", "cafe.example"), 0);
    index.add(created);
    index.update(acme, company("Acme Two", "acme2.example"), true);
    expect(index.match(company("Acme", "acme.example"))).toBeNull();
    expect(index.match(company("x", "acme2.example"))).toBe(acme);
    expect(index.touched()).toEqual([created, acme]);
    expect(created).toMatchObject({ id: null, slug: null, slugBase: "cafe-nu", domain: "cafe.example" });
  });

  it("keeps the stored domain when the file has no Website column", () => {
    const acme = stored(1, "Acme", "acme.example");
    const index = new CandidateIndex([acme]);
    index.update(acme, company("Acme"), false);
    expect(acme.domain).toBe("acme.example");
    expect(index.match(company("y", "acme.example"))).toBe(acme);
  });
});
