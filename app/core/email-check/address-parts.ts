import { emailAddressSchema } from "../email-address";

export interface AddressParts {
  /** The whole address, trimmed and lower-cased. */
  email: string;
  /** Before the last "@". */
  local: string;
  /** After the last "@". */
  domain: string;
}

/**
 * An address's parts when its form is valid (the same rule as every form's email field), else null.
 * Lower-cased: the verifier groups by domain and compares local parts, and forms store addresses so.
 */
export function addressParts(address: string): AddressParts | null {
  const parsed = emailAddressSchema.safeParse(address);
  if (!parsed.success) return null;
  const email = parsed.data;
  const at = email.lastIndexOf("@");
  const local = email.slice(0, at);
  const domain = email.slice(at + 1);
  // A mail domain has a dot: "a@localhost" passes no mail host on the internet (z.email refuses it too).
  if (local === "" || !domain.includes(".")) return null;
  return { email, local, domain };
}
