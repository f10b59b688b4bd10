import { PgDialect } from "drizzle-orm/pg-core";
import { describe, expect, it } from "vitest";
import { searchOrder } from "./search-order.server";

const dialect = new PgDialect();

describe("searchOrder", () => {
  it("is spec 7's order, spelled as companies_last_funding_date_id_idx is", () => {
    expect(dialect.sqlToQuery(searchOrder()).sql).toBe(
      "last_funding_date desc nulls last, id desc nulls last",
    );
  });

  it("names the columns of an aliased table", () => {
    expect(dialect.sqlToQuery(searchOrder({ table: "c" })).sql).toBe(
      "c.last_funding_date desc nulls last, c.id desc nulls last",
    );
  });
});
