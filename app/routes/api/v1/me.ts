import { answerApiCall, getMe } from "~/server/api/api-v1.server";
import type { Route } from "./+types/me";

/** GET /api/v1/me (docs/product.md#api): the key's account, access and limits. */
export function loader({ request }: Route.LoaderArgs) {
  return answerApiCall(request, getMe);
}

export function action({ request }: Route.ActionArgs) {
  return answerApiCall(request, getMe);
}
