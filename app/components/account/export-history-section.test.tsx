import { renderToStaticMarkup } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import type { CompanyCard as CompanyCardData } from "~/core/company-card";
import { exportHistoryEntry } from "~/core/export-history";
import { CompanyCard } from "../search/company-card";
import { CompanyTable } from "../search/company-table";
import { ExportHistorySection } from "./export-history-section";

/** The account and results markup (docs/product.md#saved-searches), rendered as the server renders it. */

describe("the export history on /profile", () => {
  it("says so when there is no export", () => {
    expect(renderToStaticMarkup(<ExportHistorySection exports={[]} />)).toContain(
      "You have not exported anything yet.",
    );
  });

  it("lists each export with its criteria, format, new-only, rows and a Repeat download", () => {
    const html = renderToStaticMarkup(
      <ExportHistorySection
        exports={[
          exportHistoryEntry({
            id: 2,
            createdAt: new Date("2026-11-03T16:05:00Z"),
            database: "companies",
            query: "stage=Seed&location=continent:Europe&target=hubspot-contacts&newOnly=1",
            format: "hubspot-contacts",
            newOnly: true,
            rowCount: 1234,
            outcome: "complete",
          }),
          exportHistoryEntry({
            id: 1,
            createdAt: new Date("2026-11-02T09:00:00Z"),
            database: "lps",
            query: "type=endowment",
            format: null,
            newOnly: false,
            rowCount: 1,
            outcome: "aborted",
          }),
        ]}
      />,
    );
    expect(html.match(/data-testid="export-history-row"/g)).toHaveLength(2);
    expect(html).toContain("Seed · Europe");
    expect(html).toContain("Nov 3, 2026, 4:05 PM UTC");
    expect(html).toContain("For HubSpot");
    // docs/product.md#export: HubSpot takes one contact per row; the LP export's row says nothing of it.
    expect(html.match(/One row per person/g)).toHaveLength(1);
    expect(html).toContain("New leads only");
    expect(html).toContain("1,234 rows");
    expect(html).toContain(
      'href="/api/export-csv?stage=Seed&amp;location=continent:Europe&amp;target=hubspot-contacts&amp;newOnly=1" download=""',
    );
    expect(html).toContain('aria-label="Repeat the export of Seed · Europe with today&#x27;s data"');
    expect(html).toContain("Endowment");
    expect(html).toContain("LPs");
    expect(html).toContain("1 row");
    expect(html).toContain("Stopped before the end");
    expect(html).toContain('href="/api/export-lps?type=endowment"');
  });
});

const CARD: CompanyCardData = {
  id: 7,
  slug: "acme-7",
  organizationName: "Acme",
  description: null,
  industries: ["SaaS"],
  location: "Berlin, Berlin, Germany",
  lastFundingType: "Seed",
  lastFundingAmountUsd: 1_000_000,
  lastFundingDate: "2026-01-01",
  totalFundingAmountUsd: null,
  founderName: "Ada",
  otherFounders: [],
  role: "Founder",
  email: "ada@acme.example",
  isEmailMasked: false,
  emailStatus: null,
  website: null,
  linkedin: null,
  leadInvestors: [],
};

describe("the results' Exported marker", () => {
  const exported = { ...CARD, exportedAt: "2026-11-03T23:30:00.000Z" };

  it.each([
    ["card", (company: CompanyCardData) => <CompanyCard company={company} />],
    ["table", (company: CompanyCardData) => <CompanyTable companies={[company]} isMasked={false} />],
  ])("shows on a %s the user exported, dated for the title and screen readers", (_view, view) => {
    // A subscriber's card has the 'Report bounce' button, which reloads the page's data: a data router's.
    const render = (company: CompanyCardData) => {
      const router = createMemoryRouter([{ path: "/", element: view(company) }]);
      return <RouterProvider router={router} />;
    };
    const html = renderToStaticMarkup(render(exported));
    expect(html).toContain('title="Exported on Nov 3, 2026"');
    expect(html).toMatch(/>Exported<span class="sr-only"> on Nov 3, 2026<\/span>/);
    expect(renderToStaticMarkup(render(CARD))).not.toContain("Exported");
  });
});
