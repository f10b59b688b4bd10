import { handleSitemapRequest } from "~/server/sitemaps/sitemap-endpoint.server";
import type { Route } from "./+types/sitemap";

/** `/sitemap.xml` and `/sitemaps/*.xml` (server.mjs answers them first; this serves `react-router dev`). */
export function loader({ request }: Route.LoaderArgs) {
  return handleSitemapRequest(request);
}
