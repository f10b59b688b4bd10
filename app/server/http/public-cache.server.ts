/**
 * docs/product.md#directory: the cache rule of the public directory, company and sitemap responses. The same for every
 * visitor, so a CDN or browser may keep them briefly: 5 minutes fresh, then served stale for up to 10 more
 * minutes while it refetches. An edit or import therefore shows within 5 minutes at a cache in front (at
 * once at the server, whose own caches follow the data version). `Vary: Cookie`: a signed-in request
 * carries a session cookie, and its answer (the root middleware makes it `no-store`) is never the
 * visitor's one.
 */
export const PUBLIC_MAX_AGE_SECONDS = 300;
export const PUBLIC_STALE_SECONDS = 600;

export const PUBLIC_CACHE_CONTROL = `public, max-age=${PUBLIC_MAX_AGE_SECONDS}, stale-while-revalidate=${PUBLIC_STALE_SECONDS}`;

export function publicCacheHeaders(): Record<string, string> {
  return { "Cache-Control": PUBLIC_CACHE_CONTROL, Vary: "Cookie" };
}
