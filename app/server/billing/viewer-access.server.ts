import { VISITOR_ACCESS, type ViewerAccess, viewerAccess } from "~/core/access";
import { type TrialSummary, trialSummary } from "~/core/trial";
import type { SessionUser } from "../auth/session.server";
import type { Db } from "../db/database.server";
import { getBillingState } from "./billing.server";

/**
 * docs/product.md#access of the person behind a request, decided on the server from the session (whose role is
 * read from the users table on every request) and the current subscriptions. Pages, the export endpoint
 * and every later guard ask here, so they cannot disagree.
 */
export async function getViewerAccess(
  db: Db,
  user: Pick<SessionUser, "id" | "isAdmin"> | null,
): Promise<ViewerAccess> {
  return (await getViewerAccessAndTrial(db, user)).access;
}

/**
 * getViewerAccess, and for a user on a trial what the search page tells them about it (docs/product.md#free-sample): from the
 * same billing state, read once.
 */
export async function getViewerAccessAndTrial(
  db: Db,
  user: Pick<SessionUser, "id" | "isAdmin"> | null,
): Promise<{ access: ViewerAccess; trial: TrialSummary | null }> {
  if (!user) return { access: VISITOR_ACCESS, trial: null };
  const billing = await getBillingState(db, user);
  return { access: viewerAccess(user, billing.subscriptions), trial: trialSummary(billing.primary) };
}
