import { savedSearchAction, savedSearchLoader } from "~/server/saved-searches/saved-searches-api.server";
import type { Route } from "./+types/saved-search";

/**
 * docs/product.md#alerts: one saved search of the signed-in subscriber. GET reads it; PATCH { name?, alert? } renames it
 * or sets its email alert; DELETE deletes it; a plain form POSTs `intent` rename, alert or delete.
 */
export function loader({ request, params }: Route.LoaderArgs) {
  return savedSearchLoader(request, params.id);
}

export function action({ request, params }: Route.ActionArgs) {
  return savedSearchAction(request, params.id);
}
