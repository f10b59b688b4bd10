/**
 * docs/product.md#masking: an email without access shows the first character, stars, and the last character of the local
 * part, then the domain. docs/product.md#masking defines short local parts: one character becomes "*",
 * two become the first character and "*", so the hidden character is never shown.
 * Anything that is not an email (no "@") is fully starred.
 */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf("@");
  if (at <= 0) return "*".repeat(Math.max(email.length, 3));
  const local = email.slice(0, at);
  const domain = email.slice(at);
  if (local.length === 1) return `*${domain}`;
  if (local.length === 2) return `${local[0]}*${domain}`;
  return `${local[0]}${"*".repeat(local.length - 2)}${local.at(-1)}${domain}`;
}
