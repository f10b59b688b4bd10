import { exportCsv } from "~/server/export/export-endpoint.server";
import type { Route } from "./+types/export-csv";

/**
 * The export-csv call (docs/product.md#calls, docs/product.md#export): the CSV of every company the search
 * matches. GET takes the search page's query string; POST takes the original client's JSON body
 * ({ searchQuery, filters }) or a form. Access is checked on every request (export-request.server.ts). In
 * production server.mjs answers this path itself, before React Router, with the same handler (decision 006);
 * this route serves it under `react-router dev`.
 */
export function loader({ request }: Route.LoaderArgs) {
  return exportCsv(request);
}

export function action({ request }: Route.ActionArgs) {
  return exportCsv(request);
}
