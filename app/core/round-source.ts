// Decision 031, provenance: the name a round's source goes by wherever a buyer reads it (the company page's
// timeline, the company's data, the export's Source column). One table, keyed by funding_rounds.source.

const SOURCE_NAMES: Readonly<Record<string, string>> = {
  sec_form_d: "SEC Form D",
  crunchbase_rounds: "Crunchbase",
  crunchbase_companies: "Crunchbase",
  // A round made from a company's own Last Funding fields (decision 030's backfill).
  backfill: "Company record",
  demo: "Demo data",
};

/** Every source with its name, for the database's own rendering of the same rule (the export). */
export const ROUND_SOURCE_NAMES: ReadonlyArray<readonly [string, string]> = Object.entries(SOURCE_NAMES);

/** The name a round's source goes by; an unknown source goes by its key, never by nothing. */
export function roundSourceName(source: string): string {
  return SOURCE_NAMES[source] ?? source;
}

/** A source URL a page may link to: http(s) only, else null. */
export function linkableSourceUrl(url: string | null | undefined): string | null {
  return url && /^https?:\/\//i.test(url) ? url : null;
}

/** The export's Source cell: the source's name, then its page in parentheses when there is one. */
export function sourceCell(source: string | null, url: string | null): string {
  if (source === null) return "";
  const link = linkableSourceUrl(url);
  return link ? `${roundSourceName(source)} (${link})` : roundSourceName(source);
}
