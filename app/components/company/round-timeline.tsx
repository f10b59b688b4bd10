import { Link } from "react-router";
import type { ProfileInvestor, ProfileRound } from "~/core/company-profile";
import { formatAmount, formatDate } from "~/core/format";
import { SpriteIcon } from "../ui/sprite-icon";

const LINK = "text-brand-700 underline-offset-4 hover:underline";

/** Investors as links to their pages, a lead marked in words (not by colour alone). */
export function InvestorLinks({ investors }: { investors: readonly ProfileInvestor[] }) {
  return (
    <ul className="flex flex-wrap gap-x-3 gap-y-1">
      {investors.map((investor) => (
        <li key={investor.path}>
          <Link to={investor.path} className={LINK}>
            {investor.name}
          </Link>
          {investor.isLead ? (
            <span className="ml-1 rounded bg-brand-50 px-1.5 py-0.5 text-xs font-medium text-brand-800">
              lead
            </span>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

function announced(round: ProfileRound): string | null {
  if (round.amount === null || !round.currency || round.currency.toUpperCase() === "USD") return null;
  return `${new Intl.NumberFormat("en-US").format(round.amount)} ${round.currency}`;
}

/** docs/product.md#company-pages: the company's rounds, newest first: date, stage, amount, investors, source. */
export function RoundTimeline({
  rounds,
  companyName,
}: {
  rounds: readonly ProfileRound[];
  companyName: string;
}) {
  if (rounds.length === 0) return <p className="text-slate-600">No rounds are listed.</p>;
  return (
    <ol aria-label={`${companyName}'s funding rounds, newest first`} className="space-y-3">
      {rounds.map((round) => {
        const original = announced(round);
        const unnamed =
          round.statedInvestorCount !== null ? round.statedInvestorCount - round.investors.length : 0;
        return (
          <li key={round.id} className="rounded-lg border border-slate-200 bg-white p-4">
            <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
              <h3 className="font-semibold text-slate-900">{round.fundingType ?? "Round"}</h3>
              <span className="font-medium text-slate-900 tabular-nums">{formatAmount(round.amountUsd)}</span>
              {original ? <span className="text-sm text-slate-600">({original})</span> : null}
              <time dateTime={round.announcedOn ?? undefined} className="text-sm text-slate-600">
                {round.announcedOn ? formatDate(round.announcedOn) : "Date not listed"}
              </time>
            </div>
            <div className="mt-2 text-sm text-slate-700">
              {round.investors.length > 0 ? (
                <div className="flex flex-wrap gap-x-2 gap-y-1">
                  <span className="text-slate-600">Investors:</span>
                  <InvestorLinks investors={round.investors} />
                  {unnamed > 0 ? <span className="text-slate-600">and {unnamed} not named</span> : null}
                </div>
              ) : (
                <p className="text-slate-600">No investors are named.</p>
              )}
            </div>
            <p className="mt-2 text-sm text-slate-600">
              Source:{" "}
              {round.sourceUrl ? (
                <a
                  href={round.sourceUrl}
                  rel="noopener noreferrer nofollow"
                  className={`inline-flex items-center gap-1 ${LINK}`}
                >
                  {round.sourceName}
                  <span className="sr-only"> (the {round.fundingType ?? ""} round's source page)</span>
                  <SpriteIcon name="external-link" className="h-3.5 w-3.5" />
                </a>
              ) : (
                round.sourceName
              )}
            </p>
          </li>
        );
      })}
    </ol>
  );
}
