import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { setUpTestDatabase } from "~tests/fixtures/database";
import { queryRows } from "../db/query-rows.server";
import { resolveInvestors, spellingKey } from "./investor-store.server";

const database = setUpTestDatabase();

async function storedInvestors() {
  return queryRows<{ id: number; slug: string; name: string; type: string; website_domain: string | null }>(
    database.db,
    sql`select id, slug, name, type, website_domain from investors order by id`,
  );
}

describe("resolveInvestors: one investor however it is spelled (decision 030)", () => {
  it("creates each firm once across spellings and batches, and keeps firms of one name on two websites apart", async () => {
    const first = await resolveInvestors(database.db, [
      { name: "Sequoia Capital", website: "https://www.sequoiacap.com", type: "venture_capital" },
      { name: "SEQUOIA CAPITAL FUND XV, L.P." },
      { name: "Accel", website: "accel.com" },
      { name: "Accel", website: "https://www.accel.in" },
    ]);
    expect(first.created).toBe(3);
    const [sequoia, accel, accelIndia] = await storedInvestors();
    expect(sequoia).toMatchObject({
      slug: "sequoia-capital",
      type: "venture_capital",
      website_domain: "sequoiacap.com",
    });
    expect(first.ids.get(spellingKey({ name: "SEQUOIA CAPITAL FUND XV, L.P." }))).toBe(sequoia?.id);
    expect([accel?.slug, accelIndia?.slug]).toEqual(["accel", "accel-2"]);

    const second = await resolveInvestors(database.db, [
      { name: "Sequoia Capital Operations, LLC", type: "other" },
      { name: "Sequoia", website: "sequoiacap.com" },
      { name: "Index Ventures", type: "venture_capital" },
      { name: "index ventures" },
    ]);
    expect(second.created).toBe(1);
    expect(second.ids.get(spellingKey({ name: "Sequoia Capital Operations, LLC" }))).toBe(sequoia?.id);
    expect(second.ids.get(spellingKey({ name: "Sequoia", website: "sequoiacap.com" }))).toBe(sequoia?.id);
    const index = second.ids.get(spellingKey({ name: "Index Ventures" }));
    expect(second.ids.get(spellingKey({ name: "index ventures" }))).toBe(index);
    const all = await storedInvestors();
    expect(all).toHaveLength(4);
    // A source that does not say leaves a known type alone.
    expect(all[0]?.type).toBe("venture_capital");
  });

  it("learns a type a later source states, and ignores names with nothing to match on", async () => {
    await resolveInvestors(database.db, [{ name: "Y Combinator" }, { name: " ?? " }]);
    expect((await storedInvestors()).map((row) => [row.name, row.type])).toEqual([["Y Combinator", "other"]]);
    await resolveInvestors(database.db, [{ name: "Y Combinator", type: "accelerator" }]);
    expect((await storedInvestors()).map((row) => row.type)).toEqual(["accelerator"]);
  });
});
