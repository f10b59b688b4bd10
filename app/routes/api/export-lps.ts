import { exportLpsCsv } from "~/server/export/export-endpoint.server";
import type { Route } from "./+types/export-lps";

/**
 * docs/product.md#lps: GET /api/export-lps?<the /lps page's query> -> the CSV of every LP the view matches,
 * one row per contact, for LP access only (checked on every request, lps/lp-export.server.ts). In production
 * server.mjs answers this path itself with the same handler (decision 006); this route serves `react-router
 * dev`.
 */
export function loader({ request }: Route.LoaderArgs) {
  return exportLpsCsv(request);
}
