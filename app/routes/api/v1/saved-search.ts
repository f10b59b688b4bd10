import { API_ROUTES } from "~/server/api/api-routes.server";
import { answerApiCall } from "~/server/api/api-v1.server";
import type { Route } from "./+types/saved-search";

/** GET, PATCH and DELETE /api/v1/saved-searches/:id (docs/product.md#api): one of the key owner's saved searches. */
export function loader({ request, params }: Route.LoaderArgs) {
  return answerApiCall(request, API_ROUTES.savedSearch(params.id));
}

export function action({ request, params }: Route.ActionArgs) {
  return answerApiCall(request, API_ROUTES.savedSearch(params.id));
}
