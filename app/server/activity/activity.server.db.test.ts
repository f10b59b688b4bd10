import { describe, expect, it } from "vitest";
import { EMPTY_SEARCH } from "~/core/search-params";
import { setUpTestDatabase } from "~tests/fixtures/database";
import { user } from "~tests/fixtures/factories";
import { userActivity, users } from "../db/schema";
import { recordActivity } from "./activity.server";

const database = setUpTestDatabase();

describe("recordActivity (docs/product.md#data, user_activity)", () => {
  it("stores the type with the query, the filters and the total", async () => {
    await database.db.insert(users).values(user({ id: "u1" }));
    await recordActivity(database.db, "u1", "filter", { ...EMPTY_SEARCH, q: "ai", industry: ["SaaS"] }, 42);
    const rows = await database.db.select().from(userActivity);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      userId: "u1",
      actionType: "filter",
      actionDetails: {
        query: "ai",
        filters: { industry: ["SaaS"], stage: [], location: [], amount: "", date: "" },
        totalResults: 42,
      },
    });
  });

  it("never throws: a failed write is logged instead", async () => {
    // No such user: the foreign key refuses the row.
    await expect(recordActivity(database.db, "missing", "search", EMPTY_SEARCH, 0)).resolves.toBeUndefined();
    expect(await database.db.select().from(userActivity)).toEqual([]);
  });
});
