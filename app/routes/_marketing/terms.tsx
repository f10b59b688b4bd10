import { TERMS_LAST_UPDATED } from "~/components/legal/legal-dates";
import { LegalDocument, MailLink } from "~/components/legal/legal-document";
import { termsSections } from "~/components/legal/terms-of-service";
import { PRODUCT_NAME } from "~/core/brand";
import { rootOrigin, seo } from "~/core/seo";
import { contactAddress } from "~/server/public-forms/contact-address.server";
import type { Route } from "./+types/terms";

export function loader() {
  return { contactEmail: contactAddress() };
}

export function meta({ matches }: Route.MetaArgs) {
  return seo({
    origin: rootOrigin(matches),
    title: "Terms of Service",
    description: `The terms for using ${PRODUCT_NAME}: plans and trials, cancellation, what you may do with the data, and lawful outreach.`,
    path: "/terms",
  });
}

export default function Terms({ loaderData }: Route.ComponentProps) {
  const { contactEmail } = loaderData;
  return (
    <LegalDocument
      title="Terms of Service"
      lastUpdated={TERMS_LAST_UPDATED}
      summary={
        <p>
          In short: {PRODUCT_NAME} is a subscription for businesses. Use the data for your own
          business-to-business outreach, lawfully and without reselling it; cancel anytime with no fee.
          Questions: <MailLink address={contactEmail} />.
        </p>
      }
      sections={termsSections({ productName: PRODUCT_NAME, contactEmail })}
    />
  );
}
