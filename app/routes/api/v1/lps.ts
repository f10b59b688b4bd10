import { API_ROUTES } from "~/server/api/api-routes.server";
import { answerApiCall } from "~/server/api/api-v1.server";
import type { Route } from "./+types/lps";

/** GET /api/v1/lps (docs/product.md#api): the LP database's search, for LP access, with cursor paging. */
export function loader({ request }: Route.LoaderArgs) {
  return answerApiCall(request, API_ROUTES.lps);
}

export function action({ request }: Route.ActionArgs) {
  return answerApiCall(request, API_ROUTES.lps);
}
