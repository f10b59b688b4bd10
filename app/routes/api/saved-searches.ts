import { savedSearchesAction, savedSearchesLoader } from "~/server/saved-searches/saved-searches-api.server";
import type { Route } from "./+types/saved-searches";

/**
 * docs/product.md#alerts: GET the signed-in subscriber's saved searches; POST { name, query, alert } (JSON or a form)
 * saves one. Access is checked on every call (saved-searches-api.server.ts).
 */
export function loader({ request }: Route.LoaderArgs) {
  return savedSearchesLoader(request);
}

export function action({ request }: Route.ActionArgs) {
  return savedSearchesAction(request);
}
