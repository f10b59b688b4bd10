/**
 * Decision 019: what a conversion's report tells its reader. An admin sees every reason a row was left out.
 * Anyone else sees repeated addresses and addresses on the do-not-sell list as one count: a count of the
 * latter alone, for a file of one's own making, would say who opted out, one address at a time.
 */

/** The report as the conversion counts it (convert-upload.server.ts). */
export interface FullConversionReport {
  rowsRead: number;
  written: number;
  /** Rows left out for a missing required field, by the field's name as the file's reader knows it. */
  missingRequired: Record<string, number>;
  duplicateEmails: number;
  suppressed: number;
  /** Rows the reader could not complete (a quote left open at the end of the file). */
  unreadable: number;
  /** Files the download holds: more than one when the target takes fewer rows per file (a zip of parts). */
  parts: number;
}

type CommonReport = Omit<FullConversionReport, "duplicateEmails" | "suppressed">;

/** The report as a user who is not an admin receives it. */
export interface UserConversionReport extends CommonReport {
  /** Rows left out as a repeated address or as one that cannot be included, together. */
  leftOut: number;
}

export type ConversionReportView = FullConversionReport | UserConversionReport;

export function conversionReportFor(report: FullConversionReport, isAdmin: boolean): ConversionReportView {
  if (isAdmin) return report;
  const { duplicateEmails, suppressed, ...common } = report;
  return { ...common, leftOut: duplicateEmails + suppressed };
}

/** Whether a report carries the reasons one by one (an admin's). */
export function isFullReport(report: ConversionReportView): report is FullConversionReport {
  return "suppressed" in report;
}
