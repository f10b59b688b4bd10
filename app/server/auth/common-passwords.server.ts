import list from "./common-passwords.txt?raw";

// Compared case-insensitively: "Password1" is as guessable as "password1".
const commonPasswords = new Set(
  list
    .split("\n")
    .filter((line) => line !== "" && !line.startsWith("# "))
    .map((line) => line.toLowerCase()),
);

/** True when the password is one of the 10,000 most common ones (see common-passwords.txt). */
export function isCommonPassword(password: string): boolean {
  return commonPasswords.has(password.toLowerCase());
}

export const COMMON_PASSWORD_COUNT = commonPasswords.size;
