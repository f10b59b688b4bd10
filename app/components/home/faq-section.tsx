import { ChevronDown } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { PRODUCT_NAME } from "~/core/brand";
import { PLANS } from "~/core/plans";
import { trialOfferText, upgradeNowPriceText } from "~/core/trial";

interface Question {
  question: string;
  answer: ReactNode;
}

const linkClass = "font-medium text-brand-700 underline underline-offset-4 hover:text-brand-900";

// docs/product.md#plans: the FAQ says the free trial is on the annual plan and that cancellation is anytime, no fee.
// docs/product.md#plans gives the monthly plan the same 7-day trial, and the pricing cards show it on both: the FAQ
// says both. What the trial includes and what 'Upgrade Now' charges come from the capabilities list and the plans
// (docs/product.md#capabilities), as on the cards. The rest are the questions a buyer of leads asks before paying.
const QUESTIONS: readonly Question[] = [
  {
    question: "Is there a free trial?",
    answer: (
      <>
        Yes. Both plans, the annual plan and the monthly one, start with a {PLANS.pro.trialDays}-day free
        trial (one per person). {trialOfferText(PLANS.pro.trialDays)}{" "}
        {upgradeNowPriceText(["pro", "monthly"])} Want a longer look first?{" "}
        <Link to="/request-trial" className={linkClass}>
          Request a trial
        </Link>
        .
      </>
    ),
  },
  {
    question: "Can I cancel anytime?",
    answer:
      "Yes, anytime, with no fee. Cancel from Account Settings; you keep access until the end of the period you paid for, and you are not charged again.",
  },
  {
    question: "What do I get for each lead?",
    answer:
      "19 datapoints: the company's name, short and full description, industries and industry groups, headquarters location and regions, the founder's first and last name, the founders, their role, email and contact email, website, LinkedIn, and the last round's type, date and amount (in USD and in its own currency), plus total funding.",
  },
  {
    question: "Which startups are in the database?",
    answer:
      "Venture-funded startups worldwide that raised a round of $250,000 to $500 million: from pre-seed, seed and angel rounds through Series A to H, convertible notes and debt financing. Each company is filed under its industries and its headquarters, so you can sell by vertical or by territory.",
  },
  {
    question: "How fresh is the data?",
    answer:
      "The database is updated every month with 500+ new leads, and each lead shows the date of its last round, so you can sort out the companies that raised in the last 30, 60 or 90 days.",
  },
  {
    question: "Where does the data come from?",
    answer: (
      <>
        From public sources: funding announcements and filings, company websites and professional profiles,
        checked by our researchers before a lead is added. Our{" "}
        <Link to="/privacy" className={linkClass}>
          privacy policy
        </Link>{" "}
        explains what we hold and why.
      </>
    ),
  },
  {
    question: "Are the emails verified?",
    answer:
      "Yes. Founder emails are verified before they are published and checked again with each monthly update. No list stays perfect as people change jobs; if an address bounces, tell us and we will look into it.",
  },
  {
    question: "Can I use the data for cold email?",
    answer: (
      <>
        Yes, for business-to-business outreach. Follow the rules where you and your recipients are (CAN-SPAM,
        GDPR, PECR and the like): say who you are, keep messages relevant to the founder's business and honour
        every opt-out. Anyone can remove themselves from {PRODUCT_NAME} on our{" "}
        <Link to="/do-not-sell" className={linkClass}>
          Don't sell my info
        </Link>{" "}
        page.
      </>
    ),
  },
  {
    question: "What does an export look like?",
    answer:
      "A .csv file with one row per company and a column for each datapoint. It opens in Excel, Numbers and Google Sheets and imports into any CRM or cold-email tool.",
  },
  {
    question: "Can my team share one subscription?",
    answer: (
      <>
        A subscription is for one account. For a team, or for invoicing,{" "}
        <Link to="/contact" className={linkClass}>
          contact us
        </Link>{" "}
        and we will set it up.
      </>
    ),
  },
];

/** docs/product.md#screens and docs/product.md#limits: the FAQ, as native disclosure widgets (keyboard and screen-reader ready, no JavaScript). */
export function FaqSection() {
  return (
    <section
      id="faq"
      aria-labelledby="faq-title"
      className="scroll-mt-20 bg-slate-50 px-4 py-16 sm:px-6 sm:py-20"
    >
      <div className="mx-auto max-w-3xl">
        <h2
          id="faq-title"
          className="text-center text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl"
        >
          Frequently asked questions
        </h2>
        <div className="mt-10 divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
          {QUESTIONS.map(({ question, answer }) => (
            <details key={question} className="group px-5 py-1 sm:px-6">
              <summary className="flex cursor-pointer list-none items-center justify-between gap-4 py-4 text-left font-semibold text-slate-900 [&::-webkit-details-marker]:hidden">
                {question}
                <ChevronDown
                  aria-hidden="true"
                  className="h-5 w-5 shrink-0 text-slate-500 transition-transform group-open:rotate-180"
                />
              </summary>
              <div className="pb-5 text-slate-700">{answer}</div>
            </details>
          ))}
        </div>
      </div>
    </section>
  );
}
