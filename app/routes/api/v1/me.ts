import { API_ROUTES } from "~/server/api/api-routes.server";
import { answerApiCall } from "~/server/api/api-v1.server";
import type { Route } from "./+types/me";

/** GET /api/v1/me (docs/product.md#api): the key's account, access and limits (Pro or LP access). */
export function loader({ request }: Route.LoaderArgs) {
  return answerApiCall(request, API_ROUTES.me);
}

export function action({ request }: Route.ActionArgs) {
  return answerApiCall(request, API_ROUTES.me);
}
