import { env } from "~/server/env.server";
import { PUBLIC_CACHE_CONTROL } from "~/server/http/public-cache.server";

/** Paths crawlers have no business in: the console, the APIs, the paywalled search, the dev tools. */
export const DISALLOWED_PATHS = ["/admin", "/api", "/search", "/dev", "/__test"] as const;

/** `/robots.txt`: everything public may be crawled except the paths above; where the sitemap index is. */
export function loader() {
  const lines = [
    "User-agent: *",
    ...DISALLOWED_PATHS.map((path) => `Disallow: ${path}`),
    "",
    `Sitemap: ${env().APP_URL}/sitemap.xml`,
    "",
  ];
  return new Response(lines.join("\n"), {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": PUBLIC_CACHE_CONTROL },
  });
}
