import { data } from "react-router";
import { z } from "zod";
import { runAlerts } from "~/server/alerts/alert-scheduler.server";
import { getDb } from "~/server/app-database.server";
import { env } from "~/server/env.server";
import { getMailer } from "~/server/mail/mailer.server";
import type { Route } from "./+types/test-run-alerts";

const inputSchema = z.object({ at: z.iso.datetime() });

/**
 * Test-only (ENABLE_TEST_ROUTES, never in production): POST { at } runs the alert scheduler once as if the
 * clock said `at` (so a digest due tomorrow at 07:00 can be sent now), and answers its counts. The window
 * of companies still ends at the database's clock: only due-ness is moved.
 */
export async function action({ request }: Route.ActionArgs) {
  const config = env();
  if (!config.ENABLE_TEST_ROUTES) throw data(null, { status: 404 });
  const parsed = inputSchema.safeParse(await request.json().catch(() => null));
  if (!parsed.success) return data({ error: "Send { at: an ISO date-time }." }, { status: 400 });
  const counts = await runAlerts(await getDb(), {
    mailer: await getMailer(),
    appUrl: config.APP_URL,
    now: new Date(parsed.data.at),
  });
  return data(counts);
}

export function loader() {
  throw data(null, { status: 404 });
}
