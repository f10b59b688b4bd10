import { API_ROUTES } from "~/server/api/api-routes.server";
import { answerApiCall } from "~/server/api/api-v1.server";
import type { Route } from "./+types/saved-searches";

/** GET and POST /api/v1/saved-searches (docs/product.md#api): the key owner's saved searches; save one. */
export function loader({ request }: Route.LoaderArgs) {
  return answerApiCall(request, API_ROUTES.savedSearches);
}

export function action({ request }: Route.ActionArgs) {
  return answerApiCall(request, API_ROUTES.savedSearches);
}
