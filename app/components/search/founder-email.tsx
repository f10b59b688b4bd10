import type { EmailStatusView } from "~/core/email-status";
import { NO_EMAIL_YET } from "~/core/messages";
import { BreakableEmail } from "./breakable-email";
import { CopyEmailButton } from "./copy-email-button";
import { EmailStatusBadge } from "./email-status-badge";
import { type BounceTarget, ReportBounceButton } from "./report-bounce-button";

/**
 * docs/product.md#masking: the server masks emails for users without active access, so a masked address is shown as
 * it came, never copied; docs/product.md#calls: a full one can be copied. Cards and table rows both show it.
 */
export function FounderEmail({
  email,
  isMasked,
  status,
  compact = false,
  bounce,
}: {
  email: string | null;
  isMasked: boolean;
  /** decision 032: the address's status, shown beside it whether masked or not. */
  status?: EmailStatusView | null | undefined;
  /**
   * The table's form: one line, cut with an ellipsis (the whole address in its title).
   */
  compact?: boolean;
  /** decision 032: where a bounce report of this address points; the button shows beside a full address only. */
  bounce?: BounceTarget | undefined;
}) {
  if (!email) return <p className="text-slate-500">{NO_EMAIL_YET}</p>;
  const showBounce = bounce !== undefined && !isMasked && status?.status !== "bounced";
  return (
    <div className="rl-email">
      {isMasked ? (
        <span title={compact ? email : undefined} className={compact ? "rl-masked truncate" : "rl-masked"}>
          {compact ? email : <BreakableEmail email={email} />}
        </span>
      ) : (
        <>
          <a
            href={`mailto:${email}`}
            title={compact ? email : undefined}
            className={compact ? "rl-mail truncate" : "rl-mail"}
          >
            {compact ? email : <BreakableEmail email={email} />}
          </a>
          <CopyEmailButton email={email} />
        </>
      )}
      {status || showBounce ? (
        // The badge and the button stay together (after the address in the table's one-line rows).
        <span className="rl-email-meta">
          {status ? <EmailStatusBadge view={status} /> : null}
          {showBounce ? <ReportBounceButton target={bounce} compact={compact} /> : null}
        </span>
      ) : null}
    </div>
  );
}
