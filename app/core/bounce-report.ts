// decision 032: bounce reports: the limits of a bulk upload and the words the button, toasts and form use.
import { PRODUCT_NAME } from "./brand";

/** The largest bounce list taken: a sending tool's bounce export is a few thousand rows. */
export const MAX_BOUNCE_LIST_BYTES = 1024 * 1024;
/** The most addresses one upload reports. */
export const MAX_BOUNCE_LIST_ROWS = 10_000;

/** decision 032: the words of the bounce reports (the button, its toasts, the upload form and its answers). */
export const BOUNCE_TEXTS = {
  button: "Report bounce",
  buttonLabel: (who: string) => `Report a bounce for ${who}`,
  reportedTitle: "Bounce reported",
  reportedDescription: "Thanks. We will check this address again.",
  /** No verifier beyond syntax is configured: only a second subscriber's report marks the address. */
  reportedUncheckedDescription: "Thanks. It is marked bounced if another subscriber reports it too.",
  bouncedDescription: "Thanks. This address is now marked bounced.",
  thanks: "Thanks for the report.",
  alreadyTitle: "Already reported",
  alreadyDescription: "You reported this address before.",
  failedTitle: "Could not report the bounce",
  signedOut: "Sign in to report a bounce.",
  noAccess: "Bounce reports come with a subscription.",
  noCompany: "No company has this id.",
  noPerson: "This company lists no such person.",
  noAddress: "There is no address to report here.",
  badBody: "Send { companyId, personId? } as JSON.",
  uploadTitle: "Report bounces in bulk",
  uploadIntro:
    "Upload the bounce list from your sending tool: a CSV file with an email column. We check each address again, and mark it bounced when two subscribers report it or the new check fails.",
  fileLabel: "Bounce list (CSV)",
  submit: "Upload bounce list",
  noFile: "Choose a CSV file to upload.",
  emptyFile: "The file is empty.",
  tooLarge: `The file is larger than ${MAX_BOUNCE_LIST_BYTES / 1024 / 1024} MB. Split it and upload the parts.`,
  tooManyRows: `The file has more than ${MAX_BOUNCE_LIST_ROWS.toLocaleString("en-US")} addresses. Split it and upload the parts.`,
  unreadable: "The file could not be read as CSV.",
  noEmailColumn: "No email column found. Name it Email, or put the addresses in the first column.",
  badAddress: "Not an email address",
  emptyCell: "No address",
  duplicate: "Listed again",
} as const;

/** What a bounce list upload answers (no address in it: decision 032). */
export interface BounceUploadResult {
  reported: number;
  alreadyReported: number;
  notFound: number;
  markedBounced: number;
  rejected: { line: number; reason: string }[];
}

function addresses(count: number): string {
  return `${count.toLocaleString("en-US")} ${count === 1 ? "address" : "addresses"}`;
}

/** The upload's outcome in short sentences, the parts that are not zero ("Reported 12 addresses. 3 ..."). */
export function bounceUploadSummary(result: BounceUploadResult): string[] {
  const lines = [`Reported ${addresses(result.reported)}.`];
  if (result.markedBounced > 0) lines.push(`${addresses(result.markedBounced)} now marked bounced.`);
  if (result.alreadyReported > 0) lines.push(`${addresses(result.alreadyReported)} you reported before.`);
  if (result.notFound > 0) lines.push(`${addresses(result.notFound)} not in ${PRODUCT_NAME}.`);
  if (result.rejected.length > 0) {
    lines.push(
      `${result.rejected.length.toLocaleString("en-US")} ${result.rejected.length === 1 ? "row" : "rows"} skipped:`,
    );
  }
  return lines;
}
