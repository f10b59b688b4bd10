import { getDb } from "../app-database.server";
import { env } from "../env.server";
import { PUBLIC_CACHE_CONTROL } from "../http/public-cache.server";
import { CHOSEN_PAIRS_PER_COMPANY } from "../similarity/similar-companies.server";
import {
  companySitemapStream,
  compareSitemapStream,
  directorySitemap,
  investorSitemap,
  SITEMAP_CHUNK_SIZE,
  sitemapIndex,
  staticSitemap,
} from "./sitemaps.server";

const XML_HEADERS = {
  "Content-Type": "application/xml; charset=utf-8",
  "Cache-Control": PUBLIC_CACHE_CONTROL,
};

function notFound(): Response {
  return new Response("Not found\n", {
    status: 404,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": PUBLIC_CACHE_CONTROL },
  });
}

/** The largest company sitemap number that can exist (ids are 32-bit). */
const MAX_CHUNK = Math.ceil(2 ** 31 / SITEMAP_CHUNK_SIZE);

/**
 * GET `/sitemap.xml` and `/sitemaps/{static,directory,companies-N,compare-N,investors-N}.xml`. server.mjs serves these paths through
 * its streaming bridge (decision 006: React Router's writer flushes after every chunk); the React Router
 * routes call the same function under `react-router dev`.
 */
export async function handleSitemapRequest(request: Request): Promise<Response> {
  if (request.method !== "GET" && request.method !== "HEAD") {
    return new Response("Method not allowed\n", { status: 405, headers: { Allow: "GET, HEAD" } });
  }
  const { pathname } = new URL(request.url);
  const origin = env().APP_URL;
  if (pathname === "/sitemaps/static.xml")
    return new Response(staticSitemap(origin), { headers: XML_HEADERS });
  const db = await getDb();
  if (pathname === "/sitemap.xml")
    return new Response(await sitemapIndex(db, origin), { headers: XML_HEADERS });
  if (pathname === "/sitemaps/directory.xml") {
    return new Response(await directorySitemap(db, origin), { headers: XML_HEADERS });
  }
  const match = /^\/sitemaps\/(companies|compare|investors)-([1-9]\d{0,5})\.xml$/.exec(pathname);
  const chunk = match ? Number(match[2]) : 0;
  if (chunk < 1 || chunk > MAX_CHUNK * CHOSEN_PAIRS_PER_COMPANY) return notFound();
  if (match?.[1] === "investors") {
    const text = await investorSitemap(db, origin, chunk);
    return text === null ? notFound() : new Response(text, { headers: XML_HEADERS });
  }
  // A compare sitemap's number is its block of company ids (COMPARE_BLOCK_COMPANIES each).
  const body =
    match?.[1] === "compare"
      ? await compareSitemapStream(db, origin, chunk)
      : await companySitemapStream(db, origin, chunk);
  return body ? new Response(body, { headers: XML_HEADERS }) : notFound();
}
