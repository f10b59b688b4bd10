import { Link } from "react-router";
import { DirectoryPage } from "~/components/directory/directory-page";
import { COMPARE_HUB, COMPETITORS } from "~/core/competitors";
import { directoryPaths } from "~/core/directory";
import { formatCount } from "~/core/format";
import { seo } from "~/core/seo";
import { getDb } from "~/server/app-database.server";
import { getLiveFigures } from "~/server/compare/live-figures.server";
import { env } from "~/server/env.server";
import { publicCacheHeaders } from "~/server/http/public-cache.server";
import type { Route } from "./+types/hub";

export async function loader() {
  return { origin: env().APP_URL, figures: await getLiveFigures(await getDb()) };
}

export const headers: Route.HeadersFunction = () => publicCacheHeaders();

export function meta({ data }: Route.MetaArgs) {
  return seo({
    origin: data?.origin,
    path: "/compare",
    title: COMPARE_HUB.title,
    description: COMPARE_HUB.metaDescription,
  });
}

export default function CompareHub({ loaderData }: Route.ComponentProps) {
  const { origin, figures } = loaderData;
  return (
    <DirectoryPage
      origin={origin}
      crumbs={[{ name: "Compare", path: "/compare" }]}
      title={COMPARE_HUB.title}
      lead={
        <p>
          {COMPARE_HUB.intro} Roundlist lists {formatCount(figures.companies)} funded startups today, with{" "}
          {formatCount(figures.roundsLast90Days)} rounds in the last 90 days.
        </p>
      }
    >
      <ul aria-label="Comparisons with data providers" className="mt-8 grid gap-4 sm:grid-cols-2">
        {COMPETITORS.map((competitor) => (
          <li key={competitor.slug} className="rounded-xl border border-slate-200 bg-white p-5">
            <h2 className="text-lg font-semibold">
              <Link
                to={`/compare/${competitor.slug}`}
                className="text-brand-700 underline-offset-4 hover:underline"
              >
                Roundlist vs {competitor.name}
              </Link>
            </h2>
            <p className="mt-1 text-sm text-slate-600">{competitor.metaDescription}</p>
          </li>
        ))}
      </ul>
      <p className="mt-8 text-slate-700">
        Comparing two startups? Every company page links its closest matches side by side; start from the{" "}
        <Link to={directoryPaths.hub} className="font-medium text-brand-700 underline underline-offset-4">
          directory
        </Link>
        .
      </p>
    </DirectoryPage>
  );
}
