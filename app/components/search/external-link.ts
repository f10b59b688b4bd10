/**
 * An imported website or LinkedIn value as a safe link: without a scheme it gets https://, and anything
 * that is not http(s) (a "javascript:" value in a CSV, say) can then only be a harmless host name.
 */
export function externalHref(value: string): string {
  const trimmed = value.trim();
  return /^https?:\/\//i.test(trimmed) ? trimmed : `https://${trimmed}`;
}

/** "https://www.acme.example/" -> "acme.example": what a person reads in a card. */
export function displayHost(value: string): string {
  return value
    .trim()
    .replace(/^https?:\/\//i, "")
    .replace(/^www\./i, "")
    .replace(/\/+$/, "");
}
