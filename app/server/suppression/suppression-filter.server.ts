import { type SQL, sql } from "drizzle-orm";
import { companies, suppressedCompanies } from "../db/schema";

/**
 * docs/product.md#do-not-sell: true for companies no suppression request hid. Every read of companies that shows
 * or counts them (search, counts, export, home figures, company and directory pages) adds this condition;
 * searchConditions does, so search, counts and export get it from there.
 *
 * Two equivalent forms (triggers keep companies.suppressed in step with suppressed_companies, migration
 * 0006), for two kinds of plan:
 * - "join" (default): an anti-join on suppressed_companies' primary key. It needs only companies.id, so
 *   counts and pages over indexed filters stay index-only (a flag check would read every row; decision 005,
 *   "Measurements cited by the code").
 * - "flag": `not suppressed`, for queries that read every candidate row anyway (text search reads
 *   search_text): a per-row check is cheaper there than a hash anti-join (decision 005).
 */
export function notSuppressed(form: "join" | "flag" = "join"): SQL {
  if (form === "flag") return sql`not ${companies.suppressed}`;
  return sql`not exists (select 1 from ${suppressedCompanies} where ${suppressedCompanies.companyId} = ${companies.id})`;
}
