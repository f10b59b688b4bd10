import { Link } from "react-router";
import { PRIVACY_LAST_UPDATED } from "~/components/legal/legal-dates";
import { LegalDocument, MailLink } from "~/components/legal/legal-document";
import { privacySections } from "~/components/legal/privacy-policy";
import { PRODUCT_NAME } from "~/core/brand";
import { rootOrigin, seo } from "~/core/seo";
import { contactAddress } from "~/server/public-forms/contact-address.server";
import type { Route } from "./+types/privacy";

export function loader() {
  return { contactEmail: contactAddress() };
}

export function meta({ matches }: Route.MetaArgs) {
  return seo({
    origin: rootOrigin(matches),
    title: "Privacy Policy",
    description: `What data ${PRODUCT_NAME} holds about startup founders and customers, where it comes from, why, how long we keep it, and how to use your rights.`,
    path: "/privacy",
  });
}

export default function Privacy({ loaderData }: Route.ComponentProps) {
  const { contactEmail } = loaderData;
  return (
    <LegalDocument
      title="Privacy Policy"
      lastUpdated={PRIVACY_LAST_UPDATED}
      summary={
        <p>
          In short: we list business details of founders of venture-funded startups, from public and licensed
          sources, so that businesses can offer them relevant products. Anyone can opt out at once on our{" "}
          <Link to="/do-not-sell" className="font-medium text-brand-700 underline underline-offset-4">
            Don't sell my info
          </Link>{" "}
          page; for anything else, write to <MailLink address={contactEmail} />.
        </p>
      }
      sections={privacySections({ productName: PRODUCT_NAME, contactEmail })}
    />
  );
}
