import { getTableColumns, type SQL, sql } from "drizzle-orm";
import { companies, type NewCompanyRow } from "../../db/schema";
import type { ImportedCompany } from "../crunchbase-row";

/** The derived columns the one writer's summary sets beside a row's values (decision 030). */
export type SummaryColumns = Pick<
  NewCompanyRow,
  | "statedTotalUsd"
  | "statedRoundCount"
  | "fundingRoundCount"
  | "investorKeys"
  | "lastRoundLeadIds"
  | "lastRoundId"
>;

/** A company as an import writes it: the row's values, its stored id (null: a new company) and its slug. */
export type CompanyWrite = ImportedCompany & SummaryColumns & { id: number | null; slug: string };

/** The columns an import writes (all but the times and the search text, which the database sets). */
const WRITTEN_COLUMNS = Object.entries(getTableColumns(companies))
  // search_text is the trigger's to write.
  // suppressed is the do-not-sell triggers' to write.
  // cik is the Form D import's to write (decision 031): a Crunchbase row has none to give.
  // The email status columns copy email_addresses, by triggers (decision 032).
  // The summary's columns are written with the row: the one writer computed them (decision 030).
  .filter(
    ([key]) =>
      ![
        "createdAt",
        "updatedAt",
        "searchText",
        "suppressed",
        "roundRecordedAt",
        "cik",
        "emailStatus",
        "emailCheckedAt",
        "emailSource",
      ].includes(key),
  )
  .map(([key, column]) => ({
    key: key as keyof CompanyWrite,
    name: column.name,
    quoted: `"${column.name}"`,
    type: column.getSQLType(),
  }));

/** The written columns but the id and slug, with their names as JSON keys. */
const VALUE_COLUMNS = WRITTEN_COLUMNS.filter((column) => column.key !== "id" && column.key !== "slug").map(
  (column) => ({ ...column, jsonName: JSON.stringify(column.name) }),
);

const COLUMN_LIST = WRITTEN_COLUMNS.map((column) => column.quoted).join(", ");
const RECORD_TYPE = WRITTEN_COLUMNS.map((column) => `${column.quoted} ${column.type}`).join(", ");
// A new company (no id) takes the next identity value, as a plain INSERT would.
const SELECT_LIST = WRITTEN_COLUMNS.map((column) =>
  column.key === "id"
    ? `coalesce(r."id", nextval(pg_get_serial_sequence('companies', 'id')))`
    : `r.${column.quoted}`,
).join(", ");

/**
 * A company's values as the JSON members the upsert reads, all but its id and slug (which the batch decides),
 * written out column by column: no object per row is built to be stringified.
 */
export function companyJson(company: ImportedCompany & Partial<SummaryColumns>): string {
  let text = "";
  for (const column of VALUE_COLUMNS) {
    const value = (company as Partial<CompanyWrite>)[column.key];
    text += `,${column.jsonName}:${JSON.stringify(value ?? null)}`;
  }
  return text;
}

/** A company to write: its id (null: a new company), its slug, and companyJson of its values. */
export interface CompanyWriteText {
  id: number | null;
  slug: string;
  json: string;
}

/**
 * One INSERT ... ON CONFLICT (id) DO UPDATE for the whole batch. The rows travel as one JSON parameter that
 * jsonb_to_recordset unpacks: building a statement with 28 parameters per row cost more CPU than the
 * database spent writing them. The update sets every column the file provides (`fields`) and the update
 * time; the slug stays. Returns each written company's id and slug (how a new company's id is learnt).
 */
export function upsertStatement(
  writes: CompanyWriteText[],
  fields: ReadonlyArray<keyof ImportedCompany | keyof SummaryColumns>,
): SQL {
  const records = writes.map(
    ({ id, slug, json }) => `{"id":${JSON.stringify(id)},"slug":${JSON.stringify(slug)}${json}}`,
  );
  const updates = fields.map((field) => `"${companies[field].name}" = excluded."${companies[field].name}"`);
  return sql`insert into companies (${sql.raw(COLUMN_LIST)})
    select ${sql.raw(SELECT_LIST)} from jsonb_to_recordset(${`[${records.join(",")}]`}::jsonb) as r(${sql.raw(RECORD_TYPE)})
    on conflict ("id") do update set ${sql.raw([...updates, `"updated_at" = now()`].join(", "))}
    returning "id", "slug"`;
}
