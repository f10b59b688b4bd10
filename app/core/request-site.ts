/**
 * Decision 019: where a request came from, as a browser tells it. `Sec-Fetch-Site` first (every current
 * browser sends it, on navigations and fetches alike): "same-origin" is a page of ours, "none" the person
 * themselves (the address bar, a bookmark); "same-site" (a sibling subdomain) and "cross-site" are another
 * site. Without it, an `Origin` header (sent with fetches and posts) is compared with the app's. Neither:
 * unknown (an older browser, or no browser at all: curl, a script).
 */
export type RequestSite = "ours" | "another-site" | "unknown";

export interface RequestSiteHeaders {
  fetchSite: string | null;
  origin: string | null;
}

export function requestSiteOf({ fetchSite, origin }: RequestSiteHeaders, appOrigin: string): RequestSite {
  const site = fetchSite?.trim().toLowerCase();
  if (site === "same-origin" || site === "none") return "ours";
  if (site === "same-site" || site === "cross-site") return "another-site";
  if (origin !== null && origin !== "") return origin === appOrigin ? "ours" : "another-site";
  return "unknown";
}

/** The request's site from its headers. */
export function siteOfRequest(request: Request, appOrigin: string): RequestSite {
  return requestSiteOf(
    { fetchSite: request.headers.get("sec-fetch-site"), origin: request.headers.get("origin") },
    appOrigin,
  );
}

/**
 * Whether an export may change the exporter's state (mark its companies as exported, add to their export
 * history): a POST (which the app's own pages send, and which another site cannot make with the session
 * cookie, SameSite=Lax, nor past the origin check) that does not say it came from another site, or a GET
 * known to come from a page of ours or from the person themselves. A GET of unknown origin is only a
 * download: a link on another site, in a browser that does not say where it was clicked, must not change
 * which leads are new.
 */
export function exportMayRecord(method: string, site: RequestSite): boolean {
  if (site === "another-site") return false;
  if (method.toUpperCase() === "POST") return true;
  return site === "ours";
}
