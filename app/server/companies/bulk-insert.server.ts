import { getTableColumns, is, SQL, sql } from "drizzle-orm";
import { companies, type NewCompanyRow } from "../db/schema";

// Everything the caller provides; the times, the search text and the suppressed flag come from the database,
// and the id too unless the caller gives one (the demo seed takes its ids first: seed.server.ts). The email
// status columns copy email_addresses, by triggers (decision 032).
const DATABASE_WRITES: ReadonlySet<string> = new Set([
  "createdAt",
  "updatedAt",
  "searchText",
  "suppressed",
  "roundRecordedAt",
  "emailStatus",
  "emailCheckedAt",
  "emailSource",
]);
const COLUMNS = Object.entries(getTableColumns(companies))
  .filter(([key]) => !DATABASE_WRITES.has(key))
  .map(([key, column]) => ({
    key: key as keyof NewCompanyRow,
    name: column.name,
    type: column.getSQLType(),
    // What a row that leaves a NOT NULL column out gets: its default (an array's is empty), as an INSERT
    // that names fewer columns would.
    absent:
      column.notNull && column.hasDefault
        ? is(column.default, SQL)
          ? column.getSQLType().endsWith("[]")
            ? []
            : null
          : (column.default ?? null)
        : null,
  }));

const COLUMN_LIST = sql.raw(COLUMNS.map((column) => `"${column.name}"`).join(", "));
const SELECT_LIST = sql.raw(
  COLUMNS.map((column) =>
    column.key === "id"
      ? `coalesce(r."id", nextval(pg_get_serial_sequence('companies', 'id')))`
      : `r."${column.name}"`,
  ).join(", "),
);
const RECORD_TYPE = sql.raw(COLUMNS.map((column) => `"${column.name}" ${column.type}`).join(", "));

/**
 * One INSERT of many companies with a single JSON parameter unpacked by jsonb_to_recordset: building a
 * statement with 27 parameters per row costs more CPU than the database spends inserting them.
 */
export function insertCompaniesStatement(rows: readonly NewCompanyRow[]): SQL {
  const records = rows.map((row) => {
    const record: Record<string, unknown> = {};
    for (const column of COLUMNS) record[column.name] = row[column.key] ?? column.absent;
    return record;
  });
  return sql`insert into companies (${COLUMN_LIST})
    select ${SELECT_LIST} from jsonb_to_recordset(${JSON.stringify(records)}::jsonb) as r(${RECORD_TYPE})`;
}
