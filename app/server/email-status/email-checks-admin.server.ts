import { MAX_RUN_SIZE, verificationSelection } from "~/core/email-verification-runs";
import type { AdminActor } from "../admin/audit-log.server";
import { recordAdminAction } from "../admin/audit-log.server";
import type { Db } from "../db/database.server";
import { logger } from "../logger.server";
import { configuredVerifier } from "./configured-verifier.server";
import {
  carryOutVerificationRun,
  startVerificationRun,
  VerificationRunRefused,
} from "./verification-runs.server";

export type StartRunResult =
  | { status: "started"; runId: number }
  | { status: "invalid"; fieldErrors: Record<string, string> }
  | { status: "refused"; message: string };

/**
 * decision 032: an admin starts a verification run for a selection (the console's form: `selection`,
 * `limit`); the run is carried out in the background and the console shows its progress. Recorded in the
 * audit log.
 */
export async function startRunForAdmin(db: Db, actor: AdminActor, form: FormData): Promise<StartRunResult> {
  const selection = verificationSelection(String(form.get("selection") ?? ""));
  const limitText = String(form.get("limit") ?? "").trim();
  const limit = Number(limitText);
  const fieldErrors: Record<string, string> = {};
  if (!selection) fieldErrors.selection = "Choose which addresses to check.";
  if (!/^\d+$/.test(limitText) || limit < 1 || limit > MAX_RUN_SIZE)
    fieldErrors.limit = `Enter a whole number from 1 to ${MAX_RUN_SIZE.toLocaleString("en-US")}.`;
  if (!selection || Object.keys(fieldErrors).length > 0) return { status: "invalid", fieldErrors };
  let runId: number;
  try {
    ({ id: runId } = await startVerificationRun(db, {
      trigger: "admin",
      selection,
      requestedBy: actor.id,
    }));
  } catch (error) {
    if (error instanceof VerificationRunRefused) return { status: "refused", message: error.message };
    throw error;
  }
  await recordAdminAction(db, actor, {
    action: "email.verify",
    targetType: "email_verification_run",
    targetId: String(runId),
    targetLabel: selection,
    before: null,
    after: { selection, limit },
  });
  void carryOutVerificationRun(db, runId, configuredVerifier(), { selection, limit }).catch(
    (error: unknown) => logger.error({ err: error, runId }, "an email verification run failed"),
  );
  return { status: "started", runId };
}
