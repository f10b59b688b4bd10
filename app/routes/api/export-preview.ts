import { exportPreview } from "~/server/export/export-endpoint.server";
import type { Route } from "./+types/export-preview";

/**
 * GET /api/export-preview?<the search page's query> -> `{ total, newLeads }`, the count the export menu shows
 * next to "Leave out companies I have exported before" (docs/product.md#export, decision 017). Export access
 * only, checked on every request (export/export-preview.server.ts).
 */
export function loader({ request }: Route.LoaderArgs) {
  return exportPreview(request);
}
