import { ApiReferencePage } from "~/components/docs/api-reference-page";
import { apiReference } from "~/core/api-reference";
import { PRODUCT_NAME } from "~/core/brand";
import { seo } from "~/core/seo";
import { openApiDocument } from "~/server/api/openapi.server";
import { env } from "~/server/env.server";
import { publicCacheHeaders } from "~/server/http/public-cache.server";
import type { Route } from "./+types/docs-api";

/**
 * /docs/api (docs/product.md#api): the API reference, public. The endpoints are the OpenAPI document's, reduced
 * here on the server to what the page shows, so the document and its builder never reach the browser.
 */
let reference: ReturnType<typeof apiReference> | null = null;

export function loader() {
  reference ??= apiReference(openApiDocument());
  return { origin: env().APP_URL.replace(/\/+$/, ""), reference };
}

export const headers: Route.HeadersFunction = () => publicCacheHeaders();

export function meta({ data }: Route.MetaArgs) {
  return seo({
    origin: data?.origin,
    path: "/docs/api",
    title: "API reference",
    description: `The ${PRODUCT_NAME} REST API: search funded startups with the search page's filters, read companies with their rounds and people, keys, limits, paging and signed webhooks.`,
  });
}

export default function DocsApi({ loaderData }: Route.ComponentProps) {
  return <ApiReferencePage reference={loaderData.reference} origin={loaderData.origin} />;
}
