import type { ReactNode } from "react";
import type { CompanyListing } from "~/core/company-listing";
import type { Crumb } from "~/core/directory";
import { CompanyList } from "./company-list";
import { DirectoryPage } from "./directory-page";
import { ListPager } from "./list-pager";

/** A directory list page (a city, an industry, a letter): the frame, one page of companies, the pager. */
export function CompanyListPage({
  origin,
  crumbs,
  title,
  lead,
  label,
  path,
  page,
  pageCount,
  companies,
}: {
  origin: string;
  crumbs: readonly Crumb[];
  title: string;
  lead: ReactNode;
  /** The list's accessible name. */
  label: string;
  /** The list's bare path (its page 1). */
  path: string;
  page: number;
  pageCount: number;
  companies: readonly CompanyListing[];
}) {
  return (
    <DirectoryPage origin={origin} crumbs={crumbs} title={title} lead={lead}>
      <CompanyList companies={companies} label={label} />
      <ListPager path={path} page={page} pageCount={pageCount} />
    </DirectoryPage>
  );
}
