import { beforeEach, describe, expect, it } from "vitest";
import { writeWithoutVersionChange } from "~tests/fixtures/data-version";
import { setUpTestDatabase } from "~tests/fixtures/database";
import { company } from "~tests/fixtures/factories";
import { companies, similarityState } from "../db/schema";
import { requestDoNotSell } from "../suppression/do-not-sell.server";
import { cachedDataHealth, invalidateDataHealth } from "./data-health.server";

const NOW = new Date("2026-11-21T12:00:00Z");
const LATER = new Date("2026-11-21T12:30:00Z");
const database = setUpTestDatabase();

beforeEach(async () => {
  invalidateDataHealth();
  await database.db
    .insert(companies)
    .values([
      company("One", { email: "one@one.example" }),
      company("Two", { lastFundingDate: "2026-11-01" }),
    ]);
});

describe("cachedDataHealth", () => {
  it("serves the company figures counted before while the data stays the same, saying when they were counted", async () => {
    const first = await cachedDataHealth(database.db, NOW);
    expect(first.countedAt).toEqual(NOW);
    expect(first.companies).toBe(2);

    // A write the data version does not see (the app never writes so): the cached figures stay.
    await writeWithoutVersionChange(database.db, () =>
      database.db.insert(companies).values(company("Three")),
    );
    const cached = await cachedDataHealth(database.db, LATER);
    expect(cached.countedAt).toEqual(NOW);
    expect(cached.companies).toBe(2);
  });

  it("counts again after any write to the companies", async () => {
    await cachedDataHealth(database.db, NOW);
    await database.db.insert(companies).values(company("Three"));

    const health = await cachedDataHealth(database.db, LATER);

    expect(health.countedAt).toEqual(LATER);
    expect(health.companies).toBe(3);
  });

  it("counts again on a new UTC day, the freshness buckets having moved", async () => {
    const today = await cachedDataHealth(database.db, NOW);
    expect(today.freshness.within30).toBe(1);

    const monthLater = new Date("2026-12-21T00:00:01Z");
    const health = await cachedDataHealth(database.db, monthLater);

    expect(health.countedAt).toEqual(monthLater);
    expect(health.freshness.within30).toBe(0);
    expect(health.freshness.within90).toBe(1);
  });

  it("reads the similarity refresh on each visit, beside the cached company figures", async () => {
    await cachedDataHealth(database.db, NOW);
    await database.db.insert(similarityState).values({ generation: 1, companies: 2, refreshedAt: LATER });

    const health = await cachedDataHealth(database.db, LATER);

    expect(health.countedAt).toEqual(NOW);
    expect(health.similarity).toEqual({ refreshedAt: LATER, companies: 2 });
  });

  it("counts again after a do-not-sell request", async () => {
    await cachedDataHealth(database.db, NOW);
    await requestDoNotSell(database.db, "one@one.example");

    const health = await cachedDataHealth(database.db, LATER);

    expect(health.countedAt).toEqual(LATER);
    expect(health.companies).toBe(1);
    expect(health.suppression).toEqual({ addresses: 1, companiesHidden: 1 });
  });
});
