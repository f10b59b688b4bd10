import type { EmailStatus } from "../email-status";
import { type AddressParts, addressParts } from "./address-parts";
import { isDisposableDomain } from "./disposable-domain";
import { isRoleLocalPart } from "./role-address";

/**
 * What an address's form alone says (decision 032, method `syntax`): `invalid` (no valid address),
 * `disposable` (a throwaway-mail domain: not worth a look-up), or an address to check further, flagged when
 * it is a role box.
 */
export type AddressForm =
  | { isCheckable: false; email: string; status: "invalid" | "disposable"; detail: string }
  | { isCheckable: true; parts: AddressParts; isRole: boolean };

export function addressForm(address: string): AddressForm {
  const parts = addressParts(address);
  if (parts === null) {
    return { isCheckable: false, email: address.trim(), status: "invalid", detail: "not a valid address" };
  }
  if (isDisposableDomain(parts.domain)) {
    return {
      isCheckable: false,
      email: parts.email,
      status: "disposable",
      detail: "a throwaway-mail domain",
    };
  }
  return { isCheckable: true, parts, isRole: isRoleLocalPart(parts.local) };
}

/**
 * A role box keeps the status `role` whatever its domain or mailbox said, except `invalid`: a refused
 * mailbox or a domain without mail hosts is worth more to a buyer than "shared box" (decision 032).
 */
export function statusOfRoleAddress(status: EmailStatus): EmailStatus {
  return status === "invalid" || status === "bounced" ? status : "role";
}

/**
 * The status an address gets from its form alone, as an import records it before any deeper check
 * (decision 032): invalid, disposable or role where the form says so, else `unknown` (checked by form only;
 * the verifier's job asks its domain and mailbox when a driver beyond syntax is configured).
 */
export function formStatus(address: string): { status: EmailStatus; detail: string } {
  const form = addressForm(address);
  if (!form.isCheckable) return { status: form.status, detail: form.detail };
  if (form.isRole) return { status: "role", detail: "a shared mailbox" };
  return { status: "unknown", detail: "form checked; mailbox not checked yet" };
}
