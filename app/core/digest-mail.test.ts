import { describe, expect, it } from "vitest";
import { type DigestCompany, digestCompanyDetail, digestContent } from "./digest-mail";

const ledgerly: DigestCompany = {
  slug: "ledgerly",
  name: "Ledgerly",
  stage: "Seed",
  amountUsd: 2_500_000,
  date: "2026-11-03",
  location: "Berlin, Berlin, Germany",
  industries: ["FinTech", "Payments", "SaaS", "B2B"],
};

const input = {
  searchName: "Berlin seed",
  searchQuery: "stage=Seed&location=Berlin%2C+Berlin%2C+Germany",
  frequency: "daily" as const,
  total: 1,
  companies: [ledgerly],
  windowFrom: new Date("2026-11-20T07:00:00Z"),
  appUrl: "https://roundlist.example",
  unsubscribeUrl: "https://roundlist.example/alerts/unsubscribe/1.abc",
};

describe("digestContent", () => {
  it("names the count and the search, links each company and the search, and ends with the unsubscribe link", () => {
    const content = digestContent(input);
    expect(content.subject).toBe("1 new company in “Berlin seed”");
    expect(content.list).toEqual([
      {
        title: "Ledgerly",
        url: "https://roundlist.example/company/ledgerly",
        detail: "Seed · $2.5M · Nov 3, 2026 · Berlin, Berlin, Germany · FinTech, Payments, SaaS",
      },
    ]);
    expect(content.action.url).toBe(
      "https://roundlist.example/search?stage=Seed&location=Berlin%2C+Berlin%2C+Germany",
    );
    expect(content.footerLink).toEqual({ label: "Stop these emails", url: input.unsubscribeUrl });
    expect(content.footer).toContain("daily email");
    expect(content.paragraphs).toHaveLength(1);
  });

  it("says how many more the search holds when the list is cut", () => {
    const content = digestContent({ ...input, total: 120, companies: Array(50).fill(ledgerly) });
    expect(content.subject).toBe("120 new companies in “Berlin seed”");
    expect(content.paragraphs[1]).toBe(
      "The first 50, in the search's order, are below; 70 more are in the search.",
    );
  });

  it("leaves out what is unknown about a company", () => {
    expect(
      digestCompanyDetail({
        ...ledgerly,
        stage: null,
        amountUsd: null,
        date: null,
        location: null,
        industries: [],
      }),
    ).toBe("");
    expect(digestCompanyDetail({ ...ledgerly, amountUsd: null, industries: [] })).toBe(
      "Seed · Nov 3, 2026 · Berlin, Berlin, Germany",
    );
  });
});
