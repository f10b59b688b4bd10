import { uploadBounceList } from "~/server/email-status/bounce-reports-endpoint.server";
import type { Route } from "./+types/email-bounces-upload";

/** decision 032: POST a bounce list (a CSV with an email column) to report its addresses (bounce-reports-api.server.ts). */
export function loader({ request }: Route.LoaderArgs) {
  return uploadBounceList(request);
}

export function action({ request }: Route.ActionArgs) {
  return uploadBounceList(request);
}
