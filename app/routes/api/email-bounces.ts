import { reportBounce } from "~/server/email-status/bounce-reports-endpoint.server";
import type { Route } from "./+types/email-bounces";

/** decision 032: POST { companyId, personId? } reports the address as bounced (bounce-reports-api.server.ts). */
export function loader({ request }: Route.LoaderArgs) {
  return reportBounce(request);
}

export function action({ request }: Route.ActionArgs) {
  return reportBounce(request);
}
