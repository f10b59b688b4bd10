/** When /terms and /privacy last changed; change it with their text. */
export const TERMS_LAST_UPDATED = "November 21, 2026";
export const PRIVACY_LAST_UPDATED = "November 21, 2026";
