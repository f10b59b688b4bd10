import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  type CompanySummaryInput,
  ROLE_KINDS,
  type SummaryPerson,
  type SummaryRound,
  summarize,
} from "./company-summary";

const round = (id: number, announcedOn: string | null, extra: Partial<SummaryRound> = {}): SummaryRound => ({
  id,
  announcedOn,
  fundingType: "Seed",
  amountUsd: null,
  amount: null,
  currency: null,
  ...extra,
});

const person = (position: number, extra: Partial<SummaryPerson> = {}): SummaryPerson => ({
  position,
  firstName: `First${position}`,
  lastName: `Last${position}`,
  title: null,
  roleKind: "founder",
  email: null,
  ...extra,
});

const none: CompanySummaryInput = {
  rounds: [],
  links: [],
  people: [],
  stated: { totalUsd: null, roundCount: null },
};

describe("summarize: the spec fields from rounds, investors and people (decision 030)", () => {
  it("leaves every field empty for a company with nothing known", () => {
    expect(summarize(none)).toEqual({
      lastFundingDate: null,
      lastFundingType: null,
      lastFundingAmountUsd: null,
      lastFundingAmount: null,
      lastFundingCurrency: null,
      totalFundingAmountUsd: null,
      fundingRoundCount: 0,
      investorKeys: [],
      lastRoundLeadIds: [],
      lastRoundId: null,
      firstName: null,
      lastName: null,
      role: null,
      email: null,
      founders: null,
    });
  });

  it("takes the last funding fields from the latest dated round, undated rounds last, the later id on a tie", () => {
    const rounds = [
      round(1, "2024-01-10", { fundingType: "Seed", amountUsd: 2_000_000 }),
      round(2, null, { fundingType: "Grant", amountUsd: 50_000 }),
      round(3, "2025-06-01", {
        fundingType: "Series A",
        amountUsd: 9_000_000,
        amount: 8_000_000,
        currency: "EUR",
      }),
      round(4, "2025-06-01", { fundingType: "Debt Financing", amountUsd: 1_000_000 }),
    ];
    const summary = summarize({ ...none, rounds });
    expect(summary).toMatchObject({
      lastFundingDate: "2025-06-01",
      lastFundingType: "Debt Financing",
      lastFundingAmountUsd: 1_000_000,
      lastRoundId: 4,
      totalFundingAmountUsd: 12_050_000,
      fundingRoundCount: 4,
    });
    expect(summarize({ ...none, rounds: [round(2, null, { fundingType: "Grant" })] }).lastFundingType).toBe(
      "Grant",
    );
  });

  it("keeps a stated total and count unless the rounds we hold add up to more", () => {
    const rounds = [round(1, "2024-01-10", { amountUsd: 5_000_000 })];
    expect(summarize({ ...none, rounds, stated: { totalUsd: 20_000_000, roundCount: 3 } })).toMatchObject({
      totalFundingAmountUsd: 20_000_000,
      fundingRoundCount: 3,
    });
    expect(summarize({ ...none, rounds, stated: { totalUsd: 1_000_000, roundCount: 0 } })).toMatchObject({
      totalFundingAmountUsd: 5_000_000,
      fundingRoundCount: 1,
    });
    expect(
      summarize({ ...none, stated: { totalUsd: 7_000_000, roundCount: null } }).totalFundingAmountUsd,
    ).toBe(7_000_000);
  });

  it("lists every investor, the negated id of each lead, and the latest round's leads", () => {
    const summary = summarize({
      ...none,
      rounds: [round(1, "2023-01-01"), round(2, "2024-01-01")],
      links: [
        { roundId: 1, investorId: 30, isLead: true },
        { roundId: 2, investorId: 10, isLead: true },
        { roundId: 2, investorId: 30, isLead: false },
        { roundId: null, investorId: 20, isLead: false },
      ],
    });
    expect(summary.investorKeys).toEqual([-30, -10, 10, 20, 30]);
    expect(summary.lastRoundLeadIds).toEqual([10]);
  });

  it("chooses the primary contact: an address first, then founder before executive, a chief executive, source order", () => {
    const people = [
      person(0, { roleKind: "founder", email: null }),
      person(1, { roleKind: "executive", title: "CFO", email: "cfo@acme.example" }),
      person(2, { roleKind: "founder", title: "CTO", email: "cto@acme.example" }),
      person(3, { roleKind: "founder", title: "Co-Founder & CEO", email: "ceo@acme.example" }),
    ];
    expect(summarize({ ...none, people })).toMatchObject({
      firstName: "First3",
      lastName: "Last3",
      role: "Co-Founder & CEO",
      email: "ceo@acme.example",
      founders: "First0 Last0, First2 Last2, First3 Last3",
    });
    expect(summarize({ ...none, people: [person(0, { roleKind: "executive" })] }).role).toBe("Executive");
    expect(summarize({ ...none, people: [person(0, { roleKind: "founder" })] }).role).toBeNull();
  });

  it("equals a recomputation written the plain way, for any company", () => {
    const day = fc
      .integer({ min: 0, max: 3_000 })
      .map((offset) => new Date(Date.UTC(2018, 0, 1) + offset * 86_400_000).toISOString().slice(0, 10));
    const roundArb = fc.record({
      announcedOn: fc.option(day, { nil: null }),
      fundingType: fc.constantFrom("Seed", "Series A", "Grant"),
      amountUsd: fc.option(fc.integer({ min: 0, max: 1e9 }), { nil: null }),
    });
    const personArb = fc.record({
      firstName: fc.option(fc.constantFrom("Ada", "Alan", " "), { nil: null }),
      lastName: fc.option(fc.constantFrom("Lovelace", "Turing"), { nil: null }),
      title: fc.option(fc.constantFrom("CEO", "CTO", "Chief Executive Officer", "Head of CEO-relations"), {
        nil: null,
      }),
      roleKind: fc.constantFrom(...ROLE_KINDS),
      email: fc.option(fc.constantFrom("a@x.example", "b@x.example"), { nil: null }),
    });
    fc.assert(
      fc.property(
        fc.array(roundArb, { maxLength: 6 }),
        fc.array(personArb, { maxLength: 5 }),
        fc.array(
          fc.record({
            round: fc.integer({ min: -1, max: 5 }),
            investorId: fc.integer({ min: 1, max: 9 }),
            isLead: fc.boolean(),
          }),
          { maxLength: 8 },
        ),
        fc.option(fc.integer({ min: 0, max: 1e9 }), { nil: null }),
        (roundInputs, personInputs, linkInputs, statedTotal) => {
          const rounds = roundInputs.map((input, index) => ({
            id: index + 1,
            amount: null,
            currency: null,
            ...input,
          }));
          const people = personInputs.map((input, position) => ({ position, ...input }));
          const links = linkInputs
            .filter((link) => link.round < rounds.length)
            .map((link) => ({
              roundId: link.round < 0 ? null : link.round + 1,
              investorId: link.investorId,
              isLead: link.isLead,
            }));
          const summary = summarize({
            rounds,
            links,
            people,
            stated: { totalUsd: statedTotal, roundCount: null },
          });

          // The latest: sort by date descending (nulls last), then id descending, take the first.
          const sorted = [...rounds].sort(
            (a, b) =>
              (a.announcedOn === null ? 1 : 0) - (b.announcedOn === null ? 1 : 0) ||
              (b.announcedOn ?? "").localeCompare(a.announcedOn ?? "") ||
              b.id - a.id,
          );
          const last = sorted[0];
          expect(summary.lastFundingDate).toBe(last?.announcedOn ?? null);
          expect(summary.lastRoundId).toBe(last?.id ?? null);
          const known = rounds.filter((r) => r.amountUsd !== null).map((r) => r.amountUsd ?? 0);
          const sum = known.length > 0 ? known.reduce((a, b) => a + b, 0) : null;
          const candidates = [sum, statedTotal].filter((value): value is number => value !== null);
          expect(summary.totalFundingAmountUsd).toBe(candidates.length > 0 ? Math.max(...candidates) : null);

          // The contact: sort by the four keys, take the first.
          const rank = (p: (typeof people)[number]) => [
            p.email ? 0 : 1,
            ROLE_KINDS.indexOf(p.roleKind),
            p.title && /\b(ceo|chief executive)\b/i.test(p.title) ? 0 : 1,
            p.position,
          ];
          const contact = [...people].sort((a, b) => {
            const [x, y] = [rank(a), rank(b)];
            for (let index = 0; index < x.length; index++) {
              if (x[index] !== y[index]) return (x[index] ?? 0) - (y[index] ?? 0);
            }
            return 0;
          })[0];
          expect(summary.email).toBe(contact?.email ?? null);
          expect(summary.firstName).toBe(contact?.firstName ?? null);

          const everyInvestor = new Set(links.map((l) => l.investorId));
          const everyLead = new Set(links.filter((l) => l.isLead).map((l) => l.investorId));
          expect(summary.investorKeys.filter((key) => key > 0)).toEqual(
            [...everyInvestor].sort((a, b) => a - b),
          );
          expect(
            summary.investorKeys
              .filter((key) => key < 0)
              .map((key) => -key)
              .sort((a, b) => a - b),
          ).toEqual([...everyLead].sort((a, b) => a - b));
        },
      ),
    );
  });
});
