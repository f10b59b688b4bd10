import type { ProfileFounder } from "~/core/company-profile";
import { BreakableEmail } from "../search/breakable-email";
import { CopyEmailButton } from "../search/copy-email-button";
import { SpriteIcon } from "../ui/sprite-icon";

/** Every founder with their role; the one with an address shows it masked, or full with a copy button. */
export function FounderList({ founders }: { founders: readonly ProfileFounder[] }) {
  if (founders.length === 0) return <p className="text-slate-600">No founders are listed.</p>;
  return (
    <ul className="grid gap-3 sm:grid-cols-2">
      {founders.map((founder) => (
        <li key={founder.name} className="rounded-lg border border-slate-200 bg-white p-4">
          <p className="font-medium text-slate-900">{founder.name}</p>
          <p className="text-sm text-slate-600">{founder.role}</p>
          {founder.email ? (
            <div className="mt-2 flex min-w-0 items-center gap-1.5 text-sm">
              <SpriteIcon name="mail" className="h-3.5 w-3.5 shrink-0 text-slate-500" />
              {founder.isEmailMasked ? (
                <span data-testid="founder-email" className="rl-masked">
                  <BreakableEmail email={founder.email} />
                </span>
              ) : (
                <>
                  <a href={`mailto:${founder.email}`} data-testid="founder-email" className="rl-mail">
                    <BreakableEmail email={founder.email} />
                  </a>
                  <CopyEmailButton email={founder.email} />
                </>
              )}
            </div>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
