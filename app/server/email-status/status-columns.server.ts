/**
 * decision 032: a status's time as the pages and the API read it: ISO 8601 in UTC ("2026-11-02T10:00:00Z"),
 * the same text on both databases (a timestamptz's own text depends on the session's time zone).
 */
export function isoTimeOf(column: string): string {
  return `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;
}
