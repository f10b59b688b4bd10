import { API_MESSAGES } from "~/core/api-keys";

/** Any other address under /api/v1: a JSON 404, not the site's page. */
function notFound() {
  return Response.json(
    { error: API_MESSAGES.notFound },
    { status: 404, headers: { "Cache-Control": "no-store" } },
  );
}

export const loader = notFound;
export const action = notFound;
