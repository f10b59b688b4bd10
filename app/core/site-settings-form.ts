import { CAPABILITIES } from "./capabilities";
import { z } from "./zod";

/**
 * docs/product.md#admin, docs/product.md#data, site_settings: the admin console's settings form. One schema checks it on the server
 * and in the browser; the limits also go onto the inputs (`<TextField {...CLAIM_LIMITS} />`).
 */

/** The settings an admin edits: hide_lp_search (docs/product.md#data) and the two marketing claims. */
export interface EditableSiteSettings {
  hideLpSearch: boolean;
  contactsExportedClaim: string;
  businessesTrustedClaim: string;
}

/** A claim is a short figure the home page prints in a sentence ("Trusted by 2,000+ businesses"). */
export const MAX_CLAIM_LENGTH = 20;

export const CLAIM_LIMITS = { required: true, maxLength: MAX_CLAIM_LENGTH } as const;

/** Letters, digits, spaces and . , + ("1.2m+", "2,000+", "over 500"), starting with a letter or digit. */
const CLAIM_PATTERN = /^[0-9A-Za-z][0-9A-Za-z.,+ ]*$/;

/**
 * What the "hide LP search" setting does, under the checkbox: the LP database's page comes from the capabilities
 * list (docs/product.md#capabilities), its hiding rule from docs/product.md#lps.
 */
export const HIDE_LP_SEARCH_NOTE = `The LP database is live at /${CAPABILITIES.lpDatabase.route} for the LP plan and admins. Hidden, its header link and the home page's LP section disappear, and /${CAPABILITIES.lpDatabase.route} answers 404 to everyone without LP access.`;

/** The value of the "hide LP search" checkbox when it is ticked (an unticked box sends nothing). */
export const HIDE_LP_SEARCH_VALUE = "yes";

function claim(label: string) {
  return z
    .string({ error: `${label} is required` })
    .transform((value) => value.replace(/\s+/g, " ").trim())
    .pipe(
      z
        .string()
        .min(1, `${label} is required`)
        .max(MAX_CLAIM_LENGTH, `${label} must be at most ${MAX_CLAIM_LENGTH} characters`)
        .regex(CLAIM_PATTERN, `${label} may hold only letters, digits, spaces and . , +`),
    );
}

export const siteSettingsSchema = z.object({
  hideLpSearch: z
    .literal(HIDE_LP_SEARCH_VALUE, { error: "Tick the box or leave it empty" })
    .optional()
    .transform((value) => value === HIDE_LP_SEARCH_VALUE),
  contactsExportedClaim: claim("Contacts exported"),
  businessesTrustedClaim: claim("Businesses trusted"),
});

/** What a save changes: the changed fields only, as they were and as they become (empty when nothing). */
export interface SettingsChange {
  before: Partial<EditableSiteSettings>;
  after: Partial<EditableSiteSettings>;
}

export function settingsChange(current: EditableSiteSettings, next: EditableSiteSettings): SettingsChange {
  const before: Record<string, unknown> = {};
  const after: Record<string, unknown> = {};
  for (const key of Object.keys(next) as (keyof EditableSiteSettings)[]) {
    if (current[key] !== next[key]) {
      before[key] = current[key];
      after[key] = next[key];
    }
  }
  return { before, after } as SettingsChange;
}

export function hasChanges(change: SettingsChange): boolean {
  return Object.keys(change.after).length > 0;
}
