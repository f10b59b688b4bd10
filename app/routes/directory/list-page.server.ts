import { data, redirect } from "react-router";
import type { CompanyListing } from "~/core/company-listing";
import { directoryPageCount, directoryPageRequest, listedCompanies } from "~/core/directory";

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

export interface ListPageData {
  page: number;
  pageCount: number;
  /** How many of the list's companies its pages show (all, or the capped pages' worth). */
  listed: number;
  companies: CompanyListing[];
}

/**
 * One page of a directory list of `total` companies at `path`: the page asked for (or the 301/404 that ends
 * the request), its companies from `read`, and the list's page count, at most `maxPages`.
 */
export async function loadListPage(
  request: Request,
  path: string,
  total: number,
  read: (page: number) => Promise<CompanyListing[]>,
  maxPages?: number,
): Promise<ListPageData> {
  const page = requestedPage(request, path, total, maxPages);
  return {
    page,
    pageCount: directoryPageCount(total, maxPages),
    listed: listedCompanies(total, maxPages),
    companies: total === 0 ? [] : await read(page),
  };
}
