import type { ToastMessage } from "~/core/messages";

const FLASH_COOKIE = "roundlist_flash";

/**
 * A one-time toast carried across a redirect in a short-lived cookie: the action that succeeded sets
 * it, the next page's root loader reads and clears it, and the root shows it.
 */
export function flashCookie(message: ToastMessage): string {
  const value = Buffer.from(JSON.stringify(message), "utf8").toString("base64url");
  return `${FLASH_COOKIE}=${value}; Path=/; HttpOnly; SameSite=Lax; Max-Age=60`;
}

export function readFlash(request: Request): { message: ToastMessage | null; clearCookie: string | null } {
  const cookie = request.headers.get("cookie") ?? "";
  const match = cookie.match(new RegExp(`(?:^|;\\s*)${FLASH_COOKIE}=([^;]*)`));
  if (!match?.[1]) return { message: null, clearCookie: null };
  const clearCookie = `${FLASH_COOKIE}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0`;
  try {
    const parsed = JSON.parse(Buffer.from(match[1], "base64url").toString("utf8")) as Partial<ToastMessage>;
    if (typeof parsed.title !== "string") return { message: null, clearCookie };
    return {
      message: {
        title: parsed.title.slice(0, 200),
        ...(typeof parsed.description === "string" ? { description: parsed.description.slice(0, 500) } : {}),
        ...(parsed.type === "success" || parsed.type === "error" || parsed.type === "info"
          ? { type: parsed.type }
          : {}),
      },
      clearCookie,
    };
  } catch {
    return { message: null, clearCookie };
  }
}
