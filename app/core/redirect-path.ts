/**
 * Where to go after signing in (`/signin?redirectTo=…`, the auth form's hidden field): a path of this
 * site, or undefined (the caller falls back to /search). Shared by server and browser; never an open
 * redirect, never a header the server cannot send, never a React Router data URL.
 */

/** A stand-in origin: the value is resolved against it and must stay on it. */
const BASE = "http://x.invalid";
/** Longer values are refused rather than carried through the sign-in form. */
const MAX_LENGTH = 2_000;
/**
 * Control characters (browsers drop tab, CR and LF inside URLs, so "/\t/evil.example" is "//evil.example";
 * CR and LF cannot go in a Location header) and backslashes (browsers read "\" as "/") anywhere.
 */
const REFUSED = /[\p{Cc}\\]/u;
/** Query parameters React Router adds to a data request ("_data" from Remix, "_routes", a bare "index"). */
const DATA_REQUEST_PARAMS = ["_data", "_routes"];

/** The page path of a React Router data URL: "/profile.data" -> "/profile", "/_root.data" -> "/". */
function withoutDataSuffix(pathname: string): string {
  if (pathname === "/_root.data") return "/";
  if (pathname.endsWith("/_.data")) return pathname.slice(0, -"_.data".length);
  if (pathname.endsWith(".data")) return pathname.slice(0, -".data".length) || "/";
  return pathname;
}

export function safeRedirectPath(value: unknown): string | undefined {
  if (typeof value !== "string" || value.length > MAX_LENGTH) return undefined;
  if (!value.startsWith("/") || REFUSED.test(value)) return undefined;
  let url: URL;
  try {
    url = new URL(value, BASE);
  } catch {
    return undefined;
  }
  if (url.origin !== BASE) return undefined;
  const pathname = withoutDataSuffix(url.pathname);
  // "/.//evil.example" resolves to the path "//evil.example", which a browser reads as another host.
  if (!pathname.startsWith("/") || pathname.startsWith("//")) return undefined;
  const params = url.searchParams;
  const dataParams =
    DATA_REQUEST_PARAMS.some((name) => params.has(name)) ||
    params.getAll("index").some((index) => index === "");
  let search = url.search;
  if (dataParams) {
    for (const name of DATA_REQUEST_PARAMS) params.delete(name);
    const indexValues = params.getAll("index").filter((index) => index !== "");
    params.delete("index");
    for (const index of indexValues) params.append("index", index);
    search = params.size > 0 ? `?${params}` : "";
  }
  return `${pathname}${search}${url.hash}`;
}
