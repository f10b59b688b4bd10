import { PgDialect } from "drizzle-orm/pg-core";
import { describe, expect, it } from "vitest";
import { SORT_OPTIONS } from "~/core/search-sort";
import { searchOrder, sortKeyOf } from "./search-order.server";

const dialect = new PgDialect();
const orderOf = (...args: Parameters<typeof searchOrder>) => dialect.sqlToQuery(searchOrder(...args)).sql;

describe("searchOrder", () => {
  it("is the default order of docs/product.md#search, spelled as companies_last_funding_date_id_idx is", () => {
    expect(orderOf()).toBe("last_funding_date desc nulls last, id desc nulls last");
  });

  it("names the columns of an aliased table", () => {
    expect(orderOf("date-desc", { table: "c" })).toBe(
      "c.last_funding_date desc nulls last, c.id desc nulls last",
    );
  });

  it("puts empty values last and breaks ties by id in the same direction, for every order", () => {
    for (const option of SORT_OPTIONS.filter((candidate) => candidate.field !== "name")) {
      const order = orderOf(option.value);
      expect(order).toMatch(
        new RegExp(` ${option.direction} nulls last, id ${option.direction} nulls last$`),
      );
    }
    expect(orderOf("amount-asc")).toBe("last_funding_amount_usd asc nulls last, id asc nulls last");
    expect(orderOf("total-desc")).toBe("total_funding_amount_usd desc nulls last, id desc nulls last");
  });

  it("sorts names in the C collation, the same on every database", () => {
    // Names are never empty: Z to A is spelled as companies_name_key_c_id_idx reads backwards, so
    // PostgreSQL walks it instead of sorting (it does not reason from NOT NULL); the order is the same.
    expect(orderOf("name-desc", { table: "c" })).toBe(
      'c.name_key collate "C" desc nulls first, c.id desc nulls first',
    );
    expect(orderOf("name-asc")).toBe('name_key collate "C" asc nulls last, id asc nulls last');
    expect(sortKeyOf("name-asc").nullable).toBe(false);
  });
});
