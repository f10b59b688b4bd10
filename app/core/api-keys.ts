/**
 * The API's keys and limits as a subscriber reads them (docs/product.md#api, decision 033): what a key looks
 * like, how many calls a key may make, and the texts of the key screens and the API's refusals.
 */

/** Every key starts so (a secret scanner can tell one); 32 random bytes in base64url follow. */
export const API_KEY_PREFIX = "rl_live_";
/** How much of a key the lists show: the prefix and 6 more characters. */
export const API_KEY_SHOWN_LENGTH = API_KEY_PREFIX.length + 6;
export const API_KEY_NAME_MAX = 60;
/** Keys a user may hold at once (revoked ones do not count). */
export const MAX_API_KEYS = 10;

/** Calls per key per minute (the rate) and per UTC day (the quota). */
export const API_RATE_PER_MINUTE = 600;
export const API_QUOTA_PER_DAY = 50_000;
/** Calls of one key a server process answers at once; more are refused at once (429), so one key's share of a process stays small. */
export const API_MAX_IN_FLIGHT_PER_KEY = 4;
/** Page sizes of the list endpoints. */
export const API_MAX_PAGE_SIZE = 100;
export const API_DEFAULT_PAGE_SIZE = 25;

export const API_MESSAGES = {
  noKey: "Send your API key as 'Authorization: Bearer <key>'. Create one on your profile page.",
  badKey: "This API key is not valid, or it was revoked.",
  noAccess: "The API needs an active Pro plan or trial. Choose a plan at /pricing.",
  noLpAccess: "The LP database needs the LP plan.",
  rate: (seconds: number) => `Too many requests for this key. Try again in ${seconds} s.`,
  quota: "This key used its daily quota. It resets at midnight UTC.",
  inFlight: `Too many calls at once for this key: at most ${API_MAX_IN_FLIGHT_PER_KEY} at a time. Try again in 1 s.`,
  notFound: "Nothing here: check the address.",
  method: "This address does not take that method.",
  jsonBody: "Send the body as JSON, with 'Content-Type: application/json'.",
  keyName: `Name the key (1 to ${API_KEY_NAME_MAX} characters).`,
  tooManyKeys: `You hold ${MAX_API_KEYS} keys already. Revoke one first.`,
  keyCreated: "API key created. Copy it now: it is shown only once.",
  keyRevoked: "API key revoked.",
  unknownKey: "That key does not exist.",
} as const;

/** A key as its owner's list shows it (never the key itself). */
export interface ApiKeyView {
  id: number;
  name: string;
  prefix: string;
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
}

/** Why a key name is refused, or null. */
export function apiKeyNameProblem(name: string): string | null {
  const trimmed = name.trim();
  return trimmed.length < 1 || trimmed.length > API_KEY_NAME_MAX ? API_MESSAGES.keyName : null;
}
