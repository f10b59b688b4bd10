import { SCHEDULED_RUN_SIZE } from "~/core/email-verification-runs";
import type { Db } from "../db/database.server";
import { logger } from "../logger.server";
import { configuredVerifier, verifiesBeyondSyntax } from "./configured-verifier.server";
import {
  addressesOf,
  carryOutVerificationRun,
  startVerificationRun,
  VerificationRunRefused,
} from "./verification-runs.server";

/** How often the freshness job looks for due addresses (decision 032). */
export const VERIFICATION_TICK_MS = 15 * 60_000;
/** The first look after start: late enough not to slow the start. */
const FIRST_TICK_MS = 60_000;

/**
 * decision 032, freshness: in the process that lives as long as the server (the single process, or a
 * cluster's primary), a run of at most SCHEDULED_RUN_SIZE due addresses every VERIFICATION_TICK_MS, one at a
 * time (the runs' table keeps several machines to one run). Off, with nothing scheduled, unless a driver
 * beyond `syntax` is configured: the form check alone is what imports already did.
 */
export function scheduleEmailVerification(getDb: () => Promise<Db>): () => void {
  if (!verifiesBeyondSyntax()) return () => {};
  let timer: NodeJS.Timeout;
  let stopped = false;
  const tick = async () => {
    try {
      const db = await getDb();
      if ((await addressesOf(db, "due", 1)).length > 0) {
        const { id } = await startVerificationRun(db, { trigger: "schedule", selection: "due" });
        await carryOutVerificationRun(db, id, configuredVerifier(), {
          selection: "due",
          limit: SCHEDULED_RUN_SIZE,
        });
      }
    } catch (error) {
      if (!(error instanceof VerificationRunRefused))
        logger.error({ err: error }, "the email verification schedule failed");
    }
    if (!stopped) timer = setTimeout(tick, VERIFICATION_TICK_MS).unref();
  };
  timer = setTimeout(tick, FIRST_TICK_MS).unref();
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}
