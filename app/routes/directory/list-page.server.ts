import { data, redirect } from "react-router";
import { directoryPageCount, directoryPageRequest } from "~/core/directory";

/**
 * The page a directory list request asks for, or the answer that ends it: `?page=1` moves (301) to the bare
 * URL, a page past the list's end or a page that is not a number is a 404.
 */
export function requestedPage(request: Request, path: string, total: number, maxPages?: number): number {
  const asked = directoryPageRequest(path, new URL(request.url).searchParams);
  if (asked.kind === "redirect") throw redirect(asked.location, 301);
  if (asked.kind === "not-found" || asked.page > directoryPageCount(total, maxPages)) {
    throw data(null, { status: 404 });
  }
  return asked.page;
}

/** The 404 of a directory page that names something we do not list. */
export function notFound(): never {
  throw data(null, { status: 404 });
}
