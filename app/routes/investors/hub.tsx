import { DirectoryPage } from "~/components/directory/directory-page";
import { LetterLinks } from "~/components/directory/letter-links";
import { InvestorList } from "~/components/investors/investor-list";
import { directoryPaths } from "~/core/directory";
import { formatCount } from "~/core/format";
import { INVESTOR_LETTERS, investorListItem, investorPaths } from "~/core/investor-pages";
import { seo } from "~/core/seo";
import { getDb } from "~/server/app-database.server";
import { env } from "~/server/env.server";
import { publicCacheHeaders } from "~/server/http/public-cache.server";
import { getInvestorCatalog } from "~/server/investors/investor-catalog.server";
import type { Route } from "./+types/hub";

/** docs/product.md#investors: the most active investors of the last 12 months, and every investor A-Z. */
export async function loader() {
  const catalog = await getInvestorCatalog(await getDb());
  return {
    origin: env().APP_URL,
    totalInvestors: catalog.investors.length,
    mostActive: catalog.mostActive.map(investorListItem),
    letters: INVESTOR_LETTERS.map((letter) => ({
      letter,
      companies: catalog.byLetter.get(letter)?.length ?? 0,
    })),
  };
}

export const headers: Route.HeadersFunction = () => publicCacheHeaders();

export function meta({ data }: Route.MetaArgs) {
  return seo({
    origin: data?.origin,
    path: investorPaths.hub,
    title: "Startup investors: the most active venture investors",
    description: `${formatCount(data?.totalInvestors ?? 0)} investors behind venture-funded startups: the most active of the last 12 months, and every investor A to Z with its rounds and portfolio.`,
  });
}

export default function InvestorsHub({ loaderData }: Route.ComponentProps) {
  const { origin, totalInvestors, mostActive, letters } = loaderData;
  return (
    <DirectoryPage
      origin={origin}
      crumbs={[
        { name: "Directory", path: directoryPaths.hub },
        { name: "Investors", path: investorPaths.hub },
      ]}
      title="Startup investors"
      lead={
        <p>
          {formatCount(totalInvestors)} venture capital firms, angels, corporate investors and accelerators,
          with the rounds they joined and the startups they back.
        </p>
      }
    >
      <section aria-labelledby="active-title" className="mt-10">
        <h2 id="active-title" className="text-xl font-semibold text-slate-900">
          Most active in the last 12 months
        </h2>
        <InvestorList investors={mostActive} label="Most active investors in the last 12 months" showRecent />
      </section>
      <section aria-labelledby="az-title" className="mt-10">
        <h2 id="az-title" className="text-xl font-semibold text-slate-900">
          Investors A to Z
        </h2>
        <LetterLinks letters={letters} pathOf={investorPaths.letter} label="Investors by first letter" />
      </section>
    </DirectoryPage>
  );
}
