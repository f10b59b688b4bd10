import { Link } from "react-router";
import { RETENTION_MONTHS } from "~/core/retention";
import { type LegalSection, MailLink } from "./legal-document";

export interface LegalDocumentProps {
  productName: string;
  contactEmail: string;
}

const link = "font-medium text-brand-700 underline underline-offset-4";

/** docs/product.md#public-pages: the privacy policy of a B2B contact-data product (what, from where, why, rights, retention). */
export function privacySections({ productName, contactEmail }: LegalDocumentProps): LegalSection[] {
  return [
    {
      id: "who-we-are",
      title: "Who we are",
      body: (
        <>
          <p>
            {productName} ("we", "us") runs a subscription database of venture-funded startups and their
            founders for businesses that sell to startups. We decide why and how the personal data described
            here is used, which makes us its controller. Questions and requests go to{" "}
            <MailLink address={contactEmail} />.
          </p>
          <p>This policy covers two groups of people:</p>
          <ul>
            <li>
              <strong>Listed people</strong>: founders and company contacts who appear in the database.
            </li>
            <li>
              <strong>Customers and visitors</strong>: people who visit the site, create an account or
              subscribe.
            </li>
          </ul>
        </>
      ),
    },
    {
      id: "listed-data",
      title: "Data about listed people",
      body: (
        <>
          <p>
            For each company we hold business information and, for its founder or contact, only
            business-context details:
          </p>
          <ul>
            <li>
              first and last name, the founders' names and the person's role (for example "Founder" or "CEO");
            </li>
            <li>business email address and the company's contact email;</li>
            <li>the public URL of a professional profile (such as LinkedIn);</li>
            <li>
              the company's name, descriptions, industries, headquarters location and regions, and website;
            </li>
            <li>the company's funding: last round type, amount and date, and total funding raised.</li>
          </ul>
          <p>
            We do not collect home addresses, personal phone numbers, photos, or special categories of data
            (such as health, religion or political opinions) about listed people.
          </p>
        </>
      ),
    },
    {
      id: "sources",
      title: "Where the data comes from",
      body: (
        <>
          <p>Data about listed people comes from sources that are public or licensed for this use:</p>
          <ul>
            <li>funding announcements, press releases and news coverage of funding rounds;</li>
            <li>public company registers and regulatory filings;</li>
            <li>company websites, and public professional profiles;</li>
            <li>
              commercial databases of companies and funding rounds that license their data for this purpose.
            </li>
          </ul>
          <p>
            Our researchers check records before they are published and review them in our monthly updates.
            Data about customers comes from you (when you sign up, subscribe or write to us) and from your use
            of the service.
          </p>
        </>
      ),
    },
    {
      id: "customer-data",
      title: "Data about customers and visitors",
      body: (
        <ul>
          <li>
            <strong>Account</strong>: your name, email, a password hash (never the password itself) and, if
            you tell us, where you heard about us.
          </li>
          <li>
            <strong>Billing</strong>: your plan, subscription status and dates. Card payments are handled by
            our payment provider (Stripe); we never see or store card numbers.
          </li>
          <li>
            <strong>Use of the service</strong>: the searches, filters and exports you run (with their result
            counts), to run your account, support you and improve the product.
          </li>
          <li>
            <strong>Security</strong>: sign-in events with IP address and browser, to protect accounts from
            misuse.
          </li>
          <li>
            <strong>Messages</strong>: what you send through the contact and trial request forms.
          </li>
          <li>
            <strong>Cookies</strong>: only those the site needs to work (your session, and a one-time message
            after an action). We use no advertising or cross-site tracking cookies.
          </li>
        </ul>
      ),
    },
    {
      id: "purposes",
      title: "Why we use it, and on what legal basis",
      body: (
        <>
          <p>
            <strong>Listed people.</strong> We make business information about funded startups available to
            subscribers who want to offer those companies products and services relevant to the person's
            professional role. We rely on our legitimate interests and those of our subscribers in
            business-to-business prospecting (Article 6(1)(f) GDPR). We limit the data to the business
            context, tell people about it here, and let anyone opt out at any time, immediately and without an
            account.
          </p>
          <p>
            <strong>Customers.</strong> We use account and billing data to provide the service you signed up
            for (performance of a contract), security and usage data to keep the service safe and improve it
            (legitimate interests), and billing records to meet tax and accounting duties (legal obligation).
          </p>
          <p>
            We do not use personal data for automated decisions that have legal or similarly significant
            effects.
          </p>
        </>
      ),
    },
    {
      id: "sharing",
      title: "Who we share it with",
      body: (
        <>
          <ul>
            <li>
              <strong>Subscribers</strong> can search, view and export data about listed people. Our terms
              allow them to use it only for business-to-business outreach that respects anti-spam and
              data-protection laws, and forbid reselling it.
            </li>
            <li>
              <strong>Service providers</strong> that run parts of the service for us under contract: hosting,
              email delivery and payments. They may use the data only to provide their service to us.
            </li>
            <li>
              <strong>Authorities</strong>, when the law requires it, and a buyer of our business, bound by
              this policy.
            </li>
          </ul>
          <p>
            We never sell or share customer data. Making data about listed people available to subscribers may
            count as a "sale" or "sharing" under some US state laws, such as California's; listed people can
            opt out of it on our{" "}
            <Link to="/do-not-sell" className={link}>
              Don't sell my info
            </Link>{" "}
            page.
          </p>
        </>
      ),
    },
    {
      id: "rights",
      title: "Your rights and how to use them",
      body: (
        <>
          <p>Depending on where you live, you have the right to:</p>
          <ul>
            <li>know what data we hold about you and get a copy (access, portability);</li>
            <li>have it corrected if it is wrong, or deleted;</li>
            <li>
              object to our use of it and opt out of its sale or sharing, which we always honour for listed
              people;
            </li>
            <li>restrict its use while a request is handled, and withdraw any consent you gave;</li>
            <li>not be treated differently for using these rights;</li>
            <li>complain to a data-protection authority, such as the one where you live or work.</li>
          </ul>
          <p>
            <strong>To opt out</strong>, enter your email on the{" "}
            <Link to="/do-not-sell" className={link}>
              Don't sell my info
            </Link>{" "}
            page. It takes effect at once: your records leave search, company pages, exports and counts, and
            our updates will not add them back. <strong>For any other request</strong>, email{" "}
            <MailLink address={contactEmail} /> from the address concerned, or say which records you mean. We
            may ask you to confirm that the address is yours, answer within one month, and do not charge for
            requests. Customers can also correct their details and delete their account in Account Settings.
            An authorised agent may make a request for you with your written permission.
          </p>
        </>
      ),
    },
    {
      id: "retention",
      title: "How long we keep it",
      body: (
        <ul>
          <li>
            <strong>Listed people</strong>: while the record is current and relevant to business outreach.
            Records are reviewed in our monthly updates and removed when a company or role is out of date.
          </li>
          <li>
            <strong>Opt-outs</strong>: we keep only a keyed fingerprint (a salted hash) of the address, for as
            long as we run the database, so that the opt-out keeps working. The address itself is not stored
            with it.
          </li>
          <li>
            <strong>Accounts</strong>: while your account is open. Deleting your account deletes your profile,
            sessions, subscription records and activity history with it.
          </li>
          <li>
            <strong>Billing records</strong>: as long as tax and accounting law requires.
          </li>
          <li>
            <strong>Security logs and messages to us</strong>: up to {RETENTION_MONTHS} months, then deleted
            automatically. Expired sessions and sign-in links are deleted as soon as they expire.
          </li>
        </ul>
      ),
    },
    {
      id: "security",
      title: "Security and transfers",
      body: (
        <>
          <p>
            Connections to the site are encrypted, passwords are stored only as salted hashes, sessions can be
            revoked, and access to our systems is limited to the people who need it. No system is perfectly
            secure; if a breach affects you, we will tell you and the authorities as the law requires.
          </p>
          <p>
            Our service providers may process data outside your country. Where data leaves the European
            Economic Area or the UK, we rely on adequacy decisions or the European Commission's standard
            contractual clauses.
          </p>
        </>
      ),
    },
    {
      id: "children",
      title: "Children",
      body: (
        <p>
          {productName} is a business service, not meant for anyone under 16, and we do not knowingly hold
          data about children.
        </p>
      ),
    },
    {
      id: "changes",
      title: "Changes and contact",
      body: (
        <p>
          We will update this page when our practices change, and tell customers by email about important
          changes before they take effect. For questions, requests or complaints, write to{" "}
          <MailLink address={contactEmail} />.
        </p>
      ),
    },
  ];
}
