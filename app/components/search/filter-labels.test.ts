import { describe, expect, it } from "vitest";
import { EMPTY_SEARCH } from "~/core/search-params";
import { searchChipsOf } from "./filter-labels";

describe("searchChipsOf", () => {
  it("names a chosen investor as the page knows it, else by its slug in words (decision 030)", () => {
    const state = {
      ...EMPTY_SEARCH,
      investor: ["societe-generale-ventures", "miller-hill"],
      led: "1" as const,
    };
    expect(
      searchChipsOf(state, { "societe-generale-ventures": "Société Générale Ventures" }).map((chip) => [
        chip.filterLabel,
        chip.label,
      ]),
    ).toEqual([
      ["Investor", "Société Générale Ventures"],
      ["Investor", "Miller Hill"],
      ["Investor role", "Led a round"],
    ]);
  });
});
