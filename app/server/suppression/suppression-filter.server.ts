import { type SQL, sql } from "drizzle-orm";
import { companies, suppressedCompanies } from "../db/schema";

/**
 * Issue 7 do-not-sell: true for companies no suppression request hid. Every read of companies that shows
 * or counts them (search, counts, export, home figures, company and directory pages) adds this condition;
 * searchConditions does, so search, counts and export get it from there. An anti-join on the primary key
 * of a small table: the planner keeps walking the same indexes.
 */
export function notSuppressed(): SQL {
  return sql`not exists (select 1 from ${suppressedCompanies} where ${suppressedCompanies.companyId} = ${companies.id})`;
}
