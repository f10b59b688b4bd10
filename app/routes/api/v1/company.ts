import { answerApiCall, getCompany } from "~/server/api/api-v1.server";
import type { Route } from "./+types/company";

/** GET /api/v1/companies/:slug (docs/product.md#api): a company with its rounds, investors and people. */
export function loader({ request, params }: Route.LoaderArgs) {
  return answerApiCall(request, (context) => getCompany(context, params.slug));
}

export function action({ request, params }: Route.ActionArgs) {
  return answerApiCall(request, (context) => getCompany(context, params.slug));
}
