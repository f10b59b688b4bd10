import { openApiDocument } from "~/server/api/openapi.server";

/** GET /api/v1/openapi.json (docs/product.md#api): the API's OpenAPI 3.1 document, public. */
export function loader() {
  return Response.json(openApiDocument(), { headers: { "Cache-Control": "public, max-age=300" } });
}
