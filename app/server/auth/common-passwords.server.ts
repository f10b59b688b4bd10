import list from "./common-passwords.txt?raw";

// Compared case-insensitively: "Password1" is as guessable as "password1".
const commonPasswords = new Set(
  list
    .split("\n")
    .filter((line) => line !== "" && !line.startsWith("# "))
    .map((line) => line.toLowerCase()),
);

/** Digits and symbols people add at the end of a word ("password1234", "dragon!!", "monkey2024$"). */
const TRAILING_DIGITS_AND_SYMBOLS = /[^\p{L}]+$/u;
/** Shorter cores ("sex", "abc") are too short to say much: a long tail after them may be strong. */
const MIN_CORE_LENGTH = 4;

/** The letters people swap for look-alikes ("p@ssw0rd"); "1" stands for "i" or "l", so both are tried. */
const LOOK_ALIKES: Record<string, string> = {
  "@": "a",
  "4": "a",
  "0": "o",
  "3": "e",
  $: "s",
  "5": "s",
  "7": "t",
};

function undoLookAlikes(word: string): string[] {
  const base = [...word].map((char) => LOOK_ALIKES[char] ?? char).join("");
  return base.includes("1") ? [base.replaceAll("1", "i"), base.replaceAll("1", "l")] : [base];
}

/**
 * The words a cracker's first rules would try for this password: the password itself, then its core
 * with common letter substitutions undone and the trailing digits and symbols stripped (in either order).
 */
function guessableForms(password: string): string[] {
  const lower = password.toLowerCase();
  const forms = new Set<string>([lower]);
  const stripped = lower.replace(TRAILING_DIGITS_AND_SYMBOLS, "");
  for (const form of undoLookAlikes(stripped)) forms.add(form);
  for (const form of undoLookAlikes(lower)) forms.add(form.replace(TRAILING_DIGITS_AND_SYMBOLS, ""));
  return [...forms].filter((form) => form === lower || form.length >= MIN_CORE_LENGTH);
}

/**
 * True when the password is one of the 10,000 most common ones (see common-passwords.txt), or one of
 * them dressed up the usual ways: look-alike characters (@ for a, 0 for o, 1 for i or l, 3 for e, $ or 5
 * for s) and digits or symbols appended ("Password1234", "P@ssw0rd123").
 */
export function isCommonPassword(password: string): boolean {
  return guessableForms(password).some((form) => commonPasswords.has(form));
}

export const COMMON_PASSWORD_COUNT = commonPasswords.size;
