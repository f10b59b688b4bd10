import { API_ROUTES } from "~/server/api/api-routes.server";
import { answerApiCall } from "~/server/api/api-v1.server";
import type { Route } from "./+types/investors";

/** GET /api/v1/investors (docs/product.md#api): investors by name, or matching `q`, with cursor paging. */
export function loader({ request }: Route.LoaderArgs) {
  return answerApiCall(request, API_ROUTES.investors);
}

export function action({ request }: Route.ActionArgs) {
  return answerApiCall(request, API_ROUTES.investors);
}
