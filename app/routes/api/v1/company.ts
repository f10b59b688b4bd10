import { API_ROUTES } from "~/server/api/api-routes.server";
import { answerApiCall } from "~/server/api/api-v1.server";
import type { Route } from "./+types/company";

/** GET /api/v1/companies/:slug (docs/product.md#api): a company with its rounds, investors and people. */
export function loader({ request, params }: Route.LoaderArgs) {
  return answerApiCall(request, API_ROUTES.company(params.slug));
}

export function action({ request, params }: Route.ActionArgs) {
  return answerApiCall(request, API_ROUTES.company(params.slug));
}
