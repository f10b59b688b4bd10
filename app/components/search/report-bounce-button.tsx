import { MailX } from "lucide-react";
import { useState } from "react";
import { useRevalidator } from "react-router";
import { toast } from "sonner";
import { BOUNCE_TEXTS } from "~/core/bounce-report";

/** Where a bounce report points: a company's own address, or one of its people's (decision 032). */
export interface BounceTarget {
  companyId: number;
  personId?: number | null;
  /** Who the address belongs to, for the button's accessible name ("Report a bounce for Ada Lovelace"). */
  who: string;
}

const CONNECTION_FAILED = "Check your connection and try again.";

/**
 * decision 032: reports the address beside it as bounced (subscribers only: shown beside an unmasked
 * address). The call names the company and person, never the address; the page's data is loaded again so the
 * badge shows the new status.
 */
export function ReportBounceButton({
  target,
  compact = false,
}: {
  target: BounceTarget;
  /** The table's form: an icon with the same name (and the words in its title), so a row stays one line. */
  compact?: boolean;
}) {
  const revalidator = useRevalidator();
  const [isSending, setIsSending] = useState(false);

  async function report() {
    setIsSending(true);
    try {
      const response = await fetch("/api/email-bounces", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ companyId: target.companyId, personId: target.personId ?? undefined }),
      });
      const body = (await response.json().catch(() => ({}))) as {
        error?: string;
        toast?: { title: string; description?: string; type?: "success" | "info" };
      };
      if (!response.ok || !body.toast) {
        toast.error(BOUNCE_TEXTS.failedTitle, { description: body.error ?? CONNECTION_FAILED });
        return;
      }
      const show = body.toast.type === "info" ? toast.info : toast.success;
      show(body.toast.title, body.toast.description ? { description: body.toast.description } : undefined);
      await revalidator.revalidate();
    } catch {
      toast.error(BOUNCE_TEXTS.failedTitle, { description: CONNECTION_FAILED });
    } finally {
      setIsSending(false);
    }
  }

  return (
    <button
      type="button"
      onClick={report}
      disabled={isSending}
      aria-label={BOUNCE_TEXTS.buttonLabel(target.who)}
      title={compact ? BOUNCE_TEXTS.button : undefined}
      className={compact ? "rl-bounce-icon" : "rl-bounce"}
    >
      {compact ? <MailX aria-hidden="true" className="h-3.5 w-3.5" /> : BOUNCE_TEXTS.button}
    </button>
  );
}
