import { API_ROUTES } from "~/server/api/api-routes.server";
import { answerApiCall } from "~/server/api/api-v1.server";
import type { Route } from "./+types/investor";

/** GET /api/v1/investors/:slug (docs/product.md#api): an investor with its figures and rounds, as its page. */
export function loader({ request, params }: Route.LoaderArgs) {
  return answerApiCall(request, API_ROUTES.investor(params.slug));
}

export function action({ request, params }: Route.ActionArgs) {
  return answerApiCall(request, API_ROUTES.investor(params.slug));
}
