/** A same-site path to return to after signing in, or undefined: never an open redirect. */
export function safeRedirectPath(value: string | null | undefined): string | undefined {
  if (
    typeof value !== "string" ||
    !value.startsWith("/") ||
    value.startsWith("//") ||
    value.startsWith("/\\")
  ) {
    return undefined;
  }
  return value;
}
