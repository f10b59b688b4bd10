import { Link } from "react-router";
import { type LegalSection, MailLink } from "./legal-document";
import { MONTHLY_PRICE, TRIAL_DAYS, YEARLY_PRICE } from "./legal-prices";
import type { LegalDocumentProps } from "./privacy-policy";

const link = "font-medium text-brand-700 underline underline-offset-4";

/** docs/product.md#public-pages: the terms of service of a B2B contact-data subscription. */
export function termsSections({ productName, contactEmail }: LegalDocumentProps): LegalSection[] {
  return [
    {
      id: "agreement",
      title: "The agreement",
      body: (
        <p>
          These terms are an agreement between you and {productName} for the use of the {productName} website
          and database (the "service"). By creating an account or subscribing you accept them; if you accept
          them for a company, you confirm that you may bind it, and "you" means that company. The service is
          for businesses and professionals, not consumers.
        </p>
      ),
    },
    {
      id: "accounts",
      title: "Your account",
      body: (
        <ul>
          <li>
            Give accurate details, keep your password secret and tell us at once if your account is misused.
          </li>
          <li>An account is for one person. Sharing a login, or reselling access, is not allowed.</li>
          <li>You are responsible for what happens under your account.</li>
        </ul>
      ),
    },
    {
      id: "subscriptions",
      title: "Plans, trials and payment",
      body: (
        <>
          <ul>
            <li>
              The Monthly plan costs {MONTHLY_PRICE} per month; the Annual plan costs {YEARLY_PRICE} per year,
              and its price stays the same for as long as you keep renewing it. Prices exclude taxes where
              they apply.
            </li>
            <li>
              Plans start with a {TRIAL_DAYS}-day free trial. You are charged when the trial ends unless you
              cancel before then. During the trial you can search and see founder emails; CSV export opens
              when the trial becomes a paid plan, which you can also do early from Account Settings.
            </li>
            <li>
              Subscriptions renew automatically for the same period until you cancel. You can cancel anytime
              in Account Settings, with no cancellation fee; you keep access until the end of the period you
              paid for and are not charged again.
            </li>
            <li>
              Payments are processed by our payment provider. Fees already paid are not refunded for part of a
              period, except where the law requires it.
            </li>
          </ul>
          <p>We will tell you at least 30 days before any price change applies to your plan.</p>
        </>
      ),
    },
    {
      id: "licence",
      title: "What you may do with the data",
      body: (
        <>
          <p>
            While your subscription is active we give you a non-exclusive, non-transferable licence to search
            the database and to use what you view or export for your own business: finding, researching and
            contacting companies about products and services relevant to them. Exported data you keep after
            your subscription ends remains subject to these terms.
          </p>
          <p>You must not:</p>
          <ul>
            <li>
              sell, rent, publish or share the data, or build a product or database that competes with ours
              from it;
            </li>
            <li>scrape the site, or extract data by automated means other than the export we provide;</li>
            <li>
              use the data to decide anyone's eligibility for credit, employment, insurance or housing, or for
              consumer marketing, harassment or discrimination;
            </li>
            <li>try to get around access limits, probe the service's security, or disrupt it for others.</li>
          </ul>
        </>
      ),
    },
    {
      id: "outreach",
      title: "Lawful outreach",
      body: (
        <>
          <p>
            For the data you export you decide how it is used, and you are responsible for using it lawfully.
            In particular you agree to follow the anti-spam and data-protection laws that apply to you and to
            the people you contact (such as CAN-SPAM, GDPR, the UK's PECR and Canada's CASL): identify
            yourself, keep messages relevant to the recipient's business, include a working way to opt out and
            honour every opt-out promptly.
          </p>
          <p>
            People can remove themselves from {productName} on our{" "}
            <Link to="/do-not-sell" className={link}>
              Don't sell my info
            </Link>{" "}
            page. When someone asks you, or us on your behalf, to stop contacting them, you must stop and
            delete their data from your copies of our exports.
          </p>
        </>
      ),
    },
    {
      id: "accuracy",
      title: "Accuracy of the data",
      body: (
        <p>
          We research and verify the data carefully and update it monthly, but people change roles and
          companies change, so we cannot promise that every record is complete, current or correct. The
          service is provided "as is". If you find an error, tell us at <MailLink address={contactEmail} />{" "}
          and we will look into it.
        </p>
      ),
    },
    {
      id: "ownership",
      title: "Ownership",
      body: (
        <p>
          The service, the database as a collection and our brand belong to {productName} or its licensors.
          These terms give you only the rights they describe. Ideas and feedback you send us may be used
          freely.
        </p>
      ),
    },
    {
      id: "termination",
      title: "Suspension and termination",
      body: (
        <p>
          You can stop using the service and delete your account at any time. We may suspend or close an
          account that breaks these terms, misuses the data or fails to pay, after telling you when the
          situation allows. If we close the service for reasons that are not your fault, we refund the unused
          part of any prepaid period.
        </p>
      ),
    },
    {
      id: "liability",
      title: "Liability",
      body: (
        <>
          <p>
            To the extent the law allows, we are not liable for indirect or consequential losses, such as lost
            profits or lost business, and our total liability for any claim is limited to the fees you paid us
            in the 12 months before it arose. Nothing in these terms limits liability that cannot be limited
            by law, such as for fraud.
          </p>
          <p>
            You will compensate us for claims by third parties that arise from your use of exported data in
            breach of these terms or of the law.
          </p>
        </>
      ),
    },
    {
      id: "changes",
      title: "Changes and contact",
      body: (
        <p>
          We may update these terms; for important changes we will email customers at least 30 days before
          they take effect, and you may cancel before then. How we handle personal data is explained in our{" "}
          <Link to="/privacy" className={link}>
            privacy policy
          </Link>
          . Questions about these terms go to <MailLink address={contactEmail} />.
        </p>
      ),
    },
  ];
}
