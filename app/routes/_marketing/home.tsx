import { redirect, useRouteLoaderData } from "react-router";
import { DemoVideo } from "~/components/home/demo-video";
import { FaqSection } from "~/components/home/faq-section";
import { FeatureCards } from "~/components/home/feature-cards";
import { GetStarted } from "~/components/home/get-started";
import { Hero, HOME_HEADLINE } from "~/components/home/hero";
import { LpTeaser } from "~/components/home/lp-teaser";
import { PricingSection } from "~/components/home/pricing-section";
import { PRODUCT_NAME } from "~/core/brand";
import { EMAIL_CONFIRMED_TOAST } from "~/core/messages";
import { rootOrigin, seo } from "~/core/seo";
import { getDb } from "~/server/app-database.server";
import { getCurrentUser } from "~/server/auth/session.server";
import { getHomeStats } from "~/server/companies/catalog.server";
import { env } from "~/server/env.server";
import { flashCookie } from "~/server/flash.server";
import { getSiteSettings } from "~/server/settings/site-settings.server";
import type { Route } from "./+types/home";

export { HOME_HEADLINE };

/** The shipped demo (public/demo.webm, a recorded tour of the app) and its poster. */
const DEMO_VIDEO = "/demo.webm";
const DEMO_POSTER = "/demo-poster.png";

export async function loader({ request }: Route.LoaderArgs) {
  // docs/product.md#screens: a signed-in user is redirected to /search.
  if (await getCurrentUser(request)) {
    const confirmed = new URL(request.url).searchParams.has("confirmed");
    throw redirect(
      "/search",
      confirmed ? { headers: { "Set-Cookie": flashCookie(EMAIL_CONFIRMED_TOAST) } } : {},
    );
  }
  const db = await getDb();
  const [stats, settings] = await Promise.all([getHomeStats(db), getSiteSettings(db)]);
  return {
    ...stats,
    contactsExportedClaim: settings.contactsExportedClaim,
    businessesTrustedClaim: settings.businessesTrustedClaim,
    // docs/product.md#home and docs/product.md#roles: the LP teaser shows only when the settings do not hide LP search.
    showLpTeaser: !settings.hideLpSearch,
    // DEMO_VIDEO_URL may point the player at a hosted video (a CDN); env checks it is http(s) or a site path.
    demoVideo: { src: env().DEMO_VIDEO_URL ?? DEMO_VIDEO, poster: DEMO_POSTER },
  };
}

export function meta({ matches }: Route.MetaArgs) {
  return seo({
    title: `${PRODUCT_NAME}: ${HOME_HEADLINE}`,
    description:
      "Search venture-funded startups and their founders by industry, funding stage, location, amount and date, and export verified founder emails.",
    path: "/",
    origin: rootOrigin(matches),
    image: DEMO_POSTER,
  });
}

/** docs/product.md#home: hero, demo video, feature cards, optional LP teaser, pricing, FAQ, get-started (footer: root). */
export default function Home({ loaderData }: Route.ComponentProps) {
  // The root knows the session; on this page it is always a visitor (signed-in users are redirected).
  const isSignedIn = Boolean(useRouteLoaderData<{ user: unknown }>("root")?.user);
  return (
    <>
      <Hero
        totalCompanies={loaderData.totalCompanies}
        recentFundingUsd={loaderData.recentFundingUsd}
        recentFundingDays={loaderData.recentFundingDays}
        contactsExportedClaim={loaderData.contactsExportedClaim}
        businessesTrustedClaim={loaderData.businessesTrustedClaim}
      />
      <DemoVideo src={loaderData.demoVideo.src} poster={loaderData.demoVideo.poster} />
      <FeatureCards />
      {loaderData.showLpTeaser ? <LpTeaser /> : null}
      <PricingSection isSignedIn={isSignedIn} />
      <FaqSection />
      <GetStarted />
    </>
  );
}
