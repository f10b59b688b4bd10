import type { ProfilePerson } from "~/core/company-profile";
import { NO_EMAIL_YET } from "~/core/messages";
import { BreakableEmail } from "../search/breakable-email";
import { CopyEmailButton } from "../search/copy-email-button";
import { EmailStatusBadge } from "../search/email-status-badge";
import { ReportBounceButton } from "../search/report-bounce-button";
import { SpriteIcon } from "../ui/sprite-icon";

/**
 * Every person with their title and their own address: masked (the server masked it), or full with a copy
 * button (docs/product.md#masking).
 */
export function PeopleList({
  people,
  label,
  companyId,
  empty = "No people are listed.",
}: {
  people: readonly ProfilePerson[];
  /** decision 032: the company whose people these are, for a bounce report (none: no button). */
  companyId?: number;
  label: string;
  empty?: string;
}) {
  if (people.length === 0) return <p className="text-slate-600">{empty}</p>;
  return (
    <ul aria-label={label} className="grid gap-3 sm:grid-cols-2">
      {people.map((person, index) => (
        // Two people may share a name; their order is the source's.
        // biome-ignore lint/suspicious/noArrayIndexKey: the list is static per render
        <li key={`${person.name}-${index}`} className="rounded-lg border border-slate-200 bg-white p-4">
          <p className="font-medium text-slate-900">{person.name}</p>
          <p className="text-sm text-slate-600">{person.title}</p>
          {person.email ? (
            <div className="mt-2 flex min-w-0 flex-wrap items-center gap-1.5 text-sm">
              <SpriteIcon name="mail" className="h-3.5 w-3.5 shrink-0 text-slate-500" />
              {person.isEmailMasked ? (
                <span data-testid="founder-email" className="rl-masked">
                  <BreakableEmail email={person.email} />
                </span>
              ) : (
                <>
                  <a href={`mailto:${person.email}`} data-testid="founder-email" className="rl-mail">
                    <BreakableEmail email={person.email} />
                  </a>
                  <CopyEmailButton email={person.email} />
                </>
              )}
              {person.emailStatus ? <EmailStatusBadge view={person.emailStatus} showDate /> : null}
              {companyId !== undefined &&
              !person.isEmailMasked &&
              person.emailStatus?.status !== "bounced" ? (
                <ReportBounceButton target={{ companyId, personId: person.id, who: person.name }} />
              ) : null}
            </div>
          ) : (
            // decision 031: a person known without an address (a Form D officer, a founder listed by name).
            <p className="mt-2 text-sm text-slate-500">{NO_EMAIL_YET}</p>
          )}
        </li>
      ))}
    </ul>
  );
}
