import { API_ROUTES } from "~/server/api/api-routes.server";
import { answerApiCall } from "~/server/api/api-v1.server";
import type { Route } from "./+types/lp";

/** GET /api/v1/lps/:slug (docs/product.md#api): one LP with its contacts, for LP access. */
export function loader({ request, params }: Route.LoaderArgs) {
  return answerApiCall(request, API_ROUTES.lp(params.slug));
}

export function action({ request, params }: Route.ActionArgs) {
  return answerApiCall(request, API_ROUTES.lp(params.slug));
}
