import { Lock } from "lucide-react";
import { SpriteIcon } from "../ui/sprite-icon";
import { BreakableEmail } from "./breakable-email";
import { CopyEmailButton } from "./copy-email-button";

/**
 * decisions.md: the server masks emails for users without active access, so a masked address is shown as
 * it came, never copied; spec 7: a full one can be copied. Cards and table rows both show it.
 */
export function FounderEmail({
  email,
  isMasked,
  compact = false,
}: {
  email: string | null;
  isMasked: boolean;
  /**
   * The table's form: one line, cut with an ellipsis (the whole address in its title), no icon and no
   * "Upgrade to see emails" line.
   */
  compact?: boolean;
}) {
  if (!email) return <p className="text-slate-500">No email listed</p>;
  return (
    <div>
      <div className="flex min-w-0 items-center gap-1.5">
        {compact ? null : <SpriteIcon name="mail" className="rl-icon text-slate-400" />}
        {isMasked ? (
          <span
            data-testid="company-email"
            title={compact ? email : undefined}
            className={`min-w-0 font-mono text-slate-700 ${compact ? "truncate" : ""}`}
          >
            {compact ? email : <BreakableEmail email={email} />}
          </span>
        ) : (
          <>
            <a
              href={`mailto:${email}`}
              data-testid="company-email"
              title={compact ? email : undefined}
              className={`min-w-0 font-medium hover:underline ${compact ? "truncate" : ""}`}
            >
              {compact ? email : <BreakableEmail email={email} />}
            </a>
            <CopyEmailButton email={email} />
          </>
        )}
      </div>
      {isMasked && !compact ? (
        <p className="mt-1 flex items-center gap-1 rl-muted">
          <Lock aria-hidden="true" className="h-3 w-3" />
          Upgrade to see emails
        </p>
      ) : null}
    </div>
  );
}
