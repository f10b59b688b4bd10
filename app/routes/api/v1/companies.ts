import { API_ROUTES } from "~/server/api/api-routes.server";
import { answerApiCall } from "~/server/api/api-v1.server";
import type { Route } from "./+types/companies";

/** GET /api/v1/companies (docs/product.md#api): the search, as JSON, with cursor paging. */
export function loader({ request }: Route.LoaderArgs) {
  return answerApiCall(request, API_ROUTES.companies);
}

export function action({ request }: Route.ActionArgs) {
  return answerApiCall(request, API_ROUTES.companies);
}
