/**
 * docs/product.md#calls: a clipboard write with a legacy fallback. The async Clipboard API needs a secure context and
 * permission; where it is missing or refuses, a hidden textarea and execCommand("copy") still work.
 */
export async function copyToClipboard(text: string): Promise<boolean> {
  if (typeof navigator !== "undefined" && navigator.clipboard?.writeText) {
    try {
      await navigator.clipboard.writeText(text);
      return true;
    } catch {
      // Refused (permission, insecure origin, document not focused): fall through to the legacy way.
    }
  }
  return legacyCopy(text);
}

function legacyCopy(text: string): boolean {
  if (typeof document === "undefined") return false;
  const textarea = document.createElement("textarea");
  textarea.value = text;
  textarea.setAttribute("readonly", "");
  // Off screen rather than display:none, which cannot be selected; fixed so the page does not scroll.
  textarea.style.position = "fixed";
  textarea.style.top = "0";
  textarea.style.left = "-9999px";
  textarea.style.opacity = "0";
  const previousFocus = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  document.body.appendChild(textarea);
  textarea.select();
  let isCopied = false;
  try {
    isCopied = document.execCommand("copy");
  } catch {
    isCopied = false;
  }
  textarea.remove();
  previousFocus?.focus();
  return isCopied;
}
