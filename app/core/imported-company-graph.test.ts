import { describe, expect, it } from "vitest";
import {
  mergePeople,
  peopleOfFields,
  roundChange,
  roundOfRow,
  type StoredPerson,
  type StoredRound,
} from "./imported-company-graph";

const round = (
  id: number,
  announcedOn: string | null,
  fundingType: string | null,
  source = "crunchbase_companies",
) =>
  ({
    id,
    announcedOn,
    fundingType,
    amountUsd: 1_000,
    amount: null,
    currency: null,
    source,
  }) satisfies StoredRound;
const row = (announcedOn: string | null, fundingType: string | null, amountUsd: number | null = 1_000) => ({
  announcedOn,
  fundingType,
  amountUsd,
  amount: null,
  currency: null,
});

describe("the round a companies row describes (decision 030)", () => {
  it("is the stored round of the same date, whatever its source", () => {
    const stored = [
      round(1, "2024-01-01", "Seed", "crunchbase_rounds"),
      round(2, "2025-01-01", "Series A", "demo"),
    ];
    expect(roundOfRow(stored, row("2025-01-01", "Series A"))?.id).toBe(2);
    expect(roundOfRow(stored, row("2025-01-01", null))?.id).toBe(2);
    expect(roundOfRow(stored, row("2025-01-01", "Series B"))).toBeUndefined();
  });

  it("corrects the import's own round that is not older, and adds a newer one", () => {
    const stored = [round(1, "2024-05-01", "Seed"), round(2, "2023-01-01", "Pre-Seed", "demo")];
    expect(roundOfRow(stored, row("2024-04-01", "Seed"))?.id).toBe(1);
    expect(roundOfRow(stored, row("2024-06-01", "Seed"))).toBeUndefined();
  });

  it("fills only the values another source left blank, and changes nothing when they agree", () => {
    const stored = [{ ...round(5, "2024-01-01", "Seed", "crunchbase_rounds"), amountUsd: null }];
    expect(roundChange(stored, row("2024-01-01", "Seed", 7_000))).toEqual({
      id: 5,
      values: row("2024-01-01", "Seed", 7_000),
    });
    const full = [round(5, "2024-01-01", "Seed", "crunchbase_rounds")];
    expect(roundChange(full, row("2024-01-01", "Seed", 9_000))).toBeNull();
    expect(roundChange(full, row(null, null, null))).toBeNull();
  });
});

describe("the people a companies row names (decision 030)", () => {
  it("places the contact among the founders, or first when Founders does not name them", () => {
    const listed = peopleOfFields({
      firstName: "Alan",
      lastName: "Turing",
      role: null,
      email: "alan@acme.example",
      founders: "Ada Lovelace, Alan Turing",
    });
    expect(listed.map((person) => [person.firstName, person.roleKind, person.email])).toEqual([
      ["Ada", "founder", null],
      ["Alan", "founder", "alan@acme.example"],
    ]);
    const hired = peopleOfFields({
      firstName: "Grace",
      lastName: "Hopper",
      role: "VP Engineering",
      email: "grace@acme.example",
      founders: "Ada Lovelace",
    });
    expect(hired.map((person) => [person.firstName, person.roleKind, person.title])).toEqual([
      ["Grace", "executive", "VP Engineering"],
      ["Ada", "founder", null],
    ]);
  });

  const stored = (id: number, firstName: string, email: string | null, source: string): StoredPerson => ({
    id,
    position: id,
    firstName,
    lastName: "X",
    title: id === 2 ? "CTO" : null,
    roleKind: "founder",
    email,
    source,
  });

  it("updates the stored person with the same email or name, drops its own unnamed ones, keeps other sources'", () => {
    const { people, deleted } = mergePeople(
      [
        stored(1, "Ada", "ada@acme.example", "crunchbase_companies"),
        stored(2, "Alan", null, "demo"),
        stored(3, "Old", null, "backfill"),
        stored(4, "Grace", "grace@acme.example", "demo"),
      ],
      [
        { firstName: "Alan", lastName: "X", title: null, roleKind: "founder", email: "alan@acme.example" },
        { firstName: "Adeline", lastName: "X", title: "CEO", roleKind: "founder", email: "ada@acme.example" },
        { firstName: "New", lastName: "X", title: null, roleKind: "founder", email: null },
      ],
    );
    expect(
      people.map((person) => [person.id, person.firstName, person.title, person.email, person.position]),
    ).toEqual([
      [2, "Alan", "CTO", "alan@acme.example", 0],
      [1, "Adeline", "CEO", "ada@acme.example", 1],
      [null, "New", null, null, 2],
      [4, "Grace", null, "grace@acme.example", 3],
    ]);
    expect(deleted).toEqual([3]);
  });
});
