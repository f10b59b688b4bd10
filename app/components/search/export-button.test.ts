import { describe, expect, it } from "vitest";
import { EMPTY_SEARCH } from "~/core/search-params";
import { exportPrompt } from "./export-button";
import type { SearchAccess } from "./search-access";
import { exportRequestBody } from "./use-csv-export";

const NONE: SearchAccess = {
  isSignedIn: false,
  isAdmin: false,
  hasActiveAccess: false,
  hasExportAccess: false,
  isTrialing: false,
};

describe("exportPrompt (spec 4 export without export access)", () => {
  it("exports for export access and for admins", () => {
    expect(exportPrompt({ ...NONE, isSignedIn: true, hasActiveAccess: true, hasExportAccess: true })).toBe(
      "export",
    );
    expect(exportPrompt({ ...NONE, isSignedIn: true, isAdmin: true })).toBe("export");
  });

  it("asks a visitor to sign up, a trial user to upgrade, anyone else to choose a plan", () => {
    expect(exportPrompt(NONE)).toBe("signup");
    expect(exportPrompt({ ...NONE, isSignedIn: true, hasActiveAccess: true, isTrialing: true })).toBe(
      "trial",
    );
    expect(exportPrompt({ ...NONE, isSignedIn: true })).toBe("pricing");
  });
});

describe("exportRequestBody (spec 7 export-csv)", () => {
  it("sends the search query and the filters under the spec's names", () => {
    expect(
      exportRequestBody({
        ...EMPTY_SEARCH,
        q: "robotics",
        industry: "SaaS",
        stage: "Seed",
        location: "country:Germany",
        amount: "1m-5m",
        date: "1y",
        page: 4,
      }),
    ).toEqual({
      searchQuery: "robotics",
      filters: {
        industry: "SaaS",
        fundingStage: "Seed",
        location: "country:Germany",
        fundingAmount: "1m-5m",
        fundingDate: "1y",
      },
    });
  });
});
