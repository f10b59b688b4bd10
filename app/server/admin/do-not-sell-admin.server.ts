import { count, eq, max, min } from "drizzle-orm";
import { adminDoNotSellSchema } from "~/core/admin-do-not-sell";
import { type FieldErrors, fieldErrorsOf } from "~/core/auth-forms";
import { invalidateCatalog } from "../companies/catalog.server";
import type { Db } from "../db/database.server";
import { suppressedCompanies, suppressedContacts } from "../db/schema";
import { env } from "../env.server";
import {
  type DoNotSellRequest,
  listDoNotSellRequests,
  REFERENCE_LENGTH,
  requestDoNotSell,
} from "../suppression/do-not-sell.server";
import { suppressionHash } from "../suppression/email-hash.server";
import { type AdminActor, recordAdminAction } from "./audit-log.server";

/** One entry of the list as the console shows it: never an address (the list holds none), a reference. */
export type SuppressionEntry = DoNotSellRequest;

export interface SuppressionSummary {
  addresses: number;
  companies: number;
  /** The first and the latest request of all (null while the list is empty). */
  firstRequestedAt: Date | null;
  lastRequestedAt: Date | null;
}

/** docs/product.md#admin: how many addresses are on the list, how many companies they hide, and since when. */
export async function suppressionSummary(db: Db): Promise<SuppressionSummary> {
  const [[contacts], [hidden]] = await Promise.all([
    db
      .select({
        addresses: count(),
        firstRequestedAt: min(suppressedContacts.requestedAt),
        lastRequestedAt: max(suppressedContacts.lastRequestedAt),
      })
      .from(suppressedContacts),
    db.select({ companies: count() }).from(suppressedCompanies),
  ]);
  return {
    addresses: contacts?.addresses ?? 0,
    companies: hidden?.companies ?? 0,
    firstRequestedAt: contacts?.firstRequestedAt ?? null,
    lastRequestedAt: contacts?.lastRequestedAt ?? null,
  };
}

/** A page of the list, the latest request first (the suppression module's own listing). */
export function listSuppressions(
  db: Db,
  { page, size }: { page: number; size: number },
): Promise<SuppressionEntry[]> {
  return listDoNotSellRequests(db, { limit: size, offset: (page - 1) * size });
}

/** The form as typed, echoed back after a refusal so nothing is lost. */
export interface AdminDoNotSellValues {
  email: string;
  confirm: boolean;
}

export type AdminDoNotSellResult =
  | { status: "added"; reference: string; companiesHidden: number; requestCount: number }
  | { status: "invalid"; fieldErrors: FieldErrors; values: AdminDoNotSellValues };

/**
 * docs/product.md#imports: an admin puts an address on the do-not-sell list for a person who asked. The suppression is
 * the public form's own (requestDoNotSell: the list entry, the companies it hides, the importer's lock),
 * without the public form's per-IP limit. It runs inside this transaction (a savepoint), with its audit
 * entry, so both commit or neither. The entry names the keyed hash and the counts, never the address.
 */
export async function addSuppressionForAdmin(
  db: Db,
  actor: AdminActor,
  form: FormData,
  secret: string = env().AUTH_SECRET,
): Promise<AdminDoNotSellResult> {
  const email = form.get("email");
  const values = { email: typeof email === "string" ? email : "", confirm: form.get("confirm") === "yes" };
  const parsed = adminDoNotSellSchema.safeParse({
    email: email ?? undefined,
    confirm: form.get("confirm") ?? undefined,
  });
  if (!parsed.success) return { status: "invalid", fieldErrors: fieldErrorsOf(parsed.error), values };
  const hash = suppressionHash(parsed.data.email, secret);
  const reference = hash.slice(0, REFERENCE_LENGTH);
  const outcome = await db.transaction(async (tx) => {
    const entryOf = async () =>
      (
        await tx
          .select({ requestCount: suppressedContacts.requestCount })
          .from(suppressedContacts)
          .where(eq(suppressedContacts.emailHash, hash))
      )[0];
    const before = await entryOf();
    const { companiesHidden } = await requestDoNotSell(tx as Db, parsed.data.email, secret);
    const after = await entryOf();
    const requestCount = after?.requestCount ?? 0;
    await recordAdminAction(tx as Db, actor, {
      action: "suppression.add",
      targetType: "suppression",
      targetId: hash,
      targetLabel: `Do-not-sell entry ${reference}`,
      before: before ? { listed: true, requestCount: before.requestCount } : { listed: false },
      after: { listed: true, requestCount, companiesHidden },
    });
    return { companiesHidden, requestCount };
  });
  // This process's cached counts drop now that the transaction committed (the data version, which every
  // process follows, changed with the commit).
  if (outcome.companiesHidden > 0) invalidateCatalog();
  return { status: "added", reference, ...outcome };
}
