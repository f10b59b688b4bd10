import { useEffect, useState } from "react";
import { toast } from "sonner";
import { COPY_EMAIL_TOASTS } from "~/core/messages";
import { copyToClipboard } from "./copy-to-clipboard";

/** How long the button shows its check mark after a copy. */
const COPIED_FEEDBACK_MS = 2_000;

/** docs/product.md#calls and docs/product.md#texts: copies a founder email and toasts 'Email Copied' with the address. */
export function CopyEmailButton({ email }: { email: string }) {
  const [isCopied, setIsCopied] = useState(false);

  useEffect(() => {
    if (!isCopied) return;
    const timer = setTimeout(() => setIsCopied(false), COPIED_FEEDBACK_MS);
    return () => clearTimeout(timer);
  }, [isCopied]);

  async function copy() {
    if (await copyToClipboard(email)) {
      setIsCopied(true);
      toast.success(COPY_EMAIL_TOASTS.copiedTitle, { description: email });
    } else {
      toast.error(COPY_EMAIL_TOASTS.failed.title, { description: COPY_EMAIL_TOASTS.failed.description });
    }
  }

  return (
    <button
      type="button"
      onClick={copy}
      aria-label={`Copy email ${email}`}
      // The icon is drawn by CSS (app.css .rl-copy): a copy mark, a green check once copied.
      data-copied={isCopied ? "" : undefined}
      className="rl-copy"
    />
  );
}
