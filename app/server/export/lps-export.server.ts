import { PRODUCT_SHORT_NAME } from "~/core/brand";
import { lpsExportQuery } from "~/core/export-history";
import { type LpSearchState, lpFiltersOf, parseLpSearchParams } from "~/core/lp-search-params";
import { EXPORT_DENIED, LP_EXPORT_DENIED } from "~/core/messages";
import { streamLpsCsv } from "../lps/lp-export.server";
import type { ExportKind } from "./export-request.server";

/**
 * docs/product.md#lps: the LP export as the export endpoint serves it (export-request.server.ts has the handler and
 * the companies' kind): LP access decides, the /lps page's query is the criteria, one row per contact.
 */
/** docs/product.md#access: LP access = the lps plan or admin; everyone else is told why, with no rows. */
export const LPS_EXPORT: ExportKind<LpSearchState> = {
  refusal: (access) => {
    if (access.hasLpAccess) return null;
    return access.isSignedIn ? LP_EXPORT_DENIED : EXPORT_DENIED.signedOut;
  },
  async readCriteria(request) {
    const params = new URL(request.url).searchParams;
    params.delete("page");
    return parseLpSearchParams(params);
  },
  open: (database, state, options) => streamLpsCsv(database.db, state, options),
  fileName: (now) => `${PRODUCT_SHORT_NAME}-lps-${now.toISOString().slice(0, 10)}.csv`,
  activity: (state, rows) => ({
    query: state.q,
    filters: lpFiltersOf(state),
    totalResults: rows,
    database: "lps",
  }),
  history: (state) => ({ database: "lps", query: lpsExportQuery(state), format: null, newOnly: false }),
};
