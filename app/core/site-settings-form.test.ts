import { describe, expect, it } from "vitest";
import { adminDoNotSellSchema } from "./admin-do-not-sell";
import { fieldErrorsOf } from "./auth-forms";
import {
  HIDE_LP_SEARCH_VALUE,
  hasChanges,
  MAX_CLAIM_LENGTH,
  settingsChange,
  siteSettingsSchema,
} from "./site-settings-form";

function errorsOf(result: { success: boolean; error?: unknown }) {
  if (result.success) return {};
  return fieldErrorsOf(result.error as Parameters<typeof fieldErrorsOf>[0]);
}

const form = { contactsExportedClaim: "1.2m+", businessesTrustedClaim: "2,000+" };
const stored = { hideLpSearch: true, contactsExportedClaim: "1.2m+", businessesTrustedClaim: "2,000+" };

describe("siteSettingsSchema (docs/product.md#admin, docs/product.md#data, site_settings)", () => {
  it("reads a ticked box as hiding LP search and a missing one as showing it", () => {
    expect(siteSettingsSchema.parse({ ...form, hideLpSearch: HIDE_LP_SEARCH_VALUE })).toEqual({
      ...form,
      hideLpSearch: true,
    });
    expect(siteSettingsSchema.parse(form)).toEqual({ ...form, hideLpSearch: false });
  });

  it("refuses a box value it does not send", () => {
    expect(errorsOf(siteSettingsSchema.safeParse({ ...form, hideLpSearch: "false" }))).toEqual({
      hideLpSearch: "Tick the box or leave it empty",
    });
  });

  it("trims the claims and folds inner white space", () => {
    const parsed = siteSettingsSchema.parse({
      contactsExportedClaim: "  over \n 1.5m+ ",
      businessesTrustedClaim: "\t3,000+",
    });
    expect(parsed).toMatchObject({ contactsExportedClaim: "over 1.5m+", businessesTrustedClaim: "3,000+" });
  });

  it("requires both claims", () => {
    expect(errorsOf(siteSettingsSchema.safeParse({ contactsExportedClaim: "   " }))).toEqual({
      contactsExportedClaim: "Contacts exported is required",
      businessesTrustedClaim: "Businesses trusted is required",
    });
  });

  it(`caps a claim at ${MAX_CLAIM_LENGTH} characters`, () => {
    const atLimit = "9".repeat(MAX_CLAIM_LENGTH);
    expect(siteSettingsSchema.safeParse({ ...form, contactsExportedClaim: atLimit }).success).toBe(true);
    expect(errorsOf(siteSettingsSchema.safeParse({ ...form, contactsExportedClaim: `${atLimit}9` }))).toEqual(
      {
        contactsExportedClaim: "Contacts exported must be at most 20 characters",
      },
    );
  });

  it("allows only letters, digits, spaces and . , + starting with a letter or digit", () => {
    for (const bad of ["<b>1m</b>", "1m+ !", "+500", "2,000+ 🚀", "$1m", "1m\u0000"]) {
      expect(errorsOf(siteSettingsSchema.safeParse({ ...form, businessesTrustedClaim: bad }))).toEqual({
        businessesTrustedClaim: "Businesses trusted may hold only letters, digits, spaces and . , +",
      });
    }
    for (const good of ["1.2m+", "2,000+", "over 500", "10k"]) {
      expect(siteSettingsSchema.safeParse({ ...form, businessesTrustedClaim: good }).success).toBe(true);
    }
  });
});

describe("settingsChange", () => {
  it("keeps only the fields that change, as they were and as they become", () => {
    const change = settingsChange(stored, {
      ...stored,
      hideLpSearch: false,
      businessesTrustedClaim: "3,000+",
    });
    expect(change).toEqual({
      before: { hideLpSearch: true, businessesTrustedClaim: "2,000+" },
      after: { hideLpSearch: false, businessesTrustedClaim: "3,000+" },
    });
    expect(hasChanges(change)).toBe(true);
  });

  it("finds nothing when the form repeats the stored values", () => {
    const change = settingsChange(stored, { ...stored });
    expect(change).toEqual({ before: {}, after: {} });
    expect(hasChanges(change)).toBe(false);
  });
});

describe("adminDoNotSellSchema (docs/product.md#admin)", () => {
  it("takes a valid address, lower-cased, with the confirmation", () => {
    expect(adminDoNotSellSchema.parse({ email: " Ann@Quantix.Example ", confirm: "yes" })).toEqual({
      email: "ann@quantix.example",
      confirm: "yes",
    });
  });

  it("refuses a bad address and a missing confirmation, field by field", () => {
    expect(errorsOf(adminDoNotSellSchema.safeParse({ email: "ann@" }))).toEqual({
      email: "Enter a valid email address",
      confirm: "Tick the box to confirm the person asked for this",
    });
  });
});
