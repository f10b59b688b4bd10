import type { ColumnMapping } from "./header-synonyms";
import { LEAD_FIELDS, type LeadField } from "./lead";

/**
 * A column mapping as a client sends it (`{ "email": 3, "organizationName": 0 }`), checked: known
 * lead fields only, each a column index of the file. A bad one is refused with a sentence, never guessed.
 */
export function parseColumnMapping(
  input: unknown,
  columnCount: number,
): { ok: true; columns: ColumnMapping } | { ok: false; message: string } {
  if (typeof input !== "object" || input === null || Array.isArray(input)) {
    return { ok: false, message: "The column mapping must be an object of lead fields and column numbers." };
  }
  const columns: Partial<Record<LeadField, number>> = {};
  for (const [field, index] of Object.entries(input)) {
    if (!(LEAD_FIELDS as readonly string[]).includes(field)) {
      return { ok: false, message: `"${field.slice(0, 40)}" is not a lead field the converter knows.` };
    }
    if (index === null) continue;
    if (typeof index !== "number" || !Number.isInteger(index) || index < 0 || index >= columnCount) {
      return { ok: false, message: `The column for ${field} is not a column of this file.` };
    }
    columns[field as LeadField] = index;
  }
  return { ok: true, columns };
}
