import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { PlanCards } from "~/components/billing/plan-cards";
import { FaqSection } from "~/components/home/faq-section";
import { TrialBanner } from "~/components/search/trial-banner";
import routes from "~/routes";
import { type AccessFlags, accessFlags } from "./access";
import {
  CAPABILITIES,
  CAPABILITY_IDS,
  type CapabilityId,
  capabilitiesWith,
  hasCapability,
} from "./capabilities";
import { roundlistStatements } from "./competitors";
import { type CheckoutPlanId, PLANS } from "./plans";
import { HIDE_LP_SEARCH_NOTE } from "./site-settings-form";
import { trialIncludes, trialOfferText, trialSummary, upgradeNowPriceText } from "./trial";

/**
 * docs/product.md#capabilities: the capabilities list is checked against the product (its routes and the access
 * rules of docs/product.md#access), and every text that states what the product does (the plan cards, the FAQ,
 * the trial banner, the comparison pages, the admin console) is checked against the list.
 */

const ROOT = path.resolve(__dirname, "../..");
const read = (file: string) => readFileSync(path.join(ROOT, file), "utf8");

function routePaths(entries: readonly RouteConfigEntry[], parent = ""): string[] {
  return entries.flatMap((entry) => {
    const here = entry.path ? [parent, entry.path].filter(Boolean).join("/") : parent;
    return [...(entry.path ? [here] : []), ...routePaths(entry.children ?? [], here)];
  });
}

/**
 * Where the product decides who gets each capability: the access flag (docs/product.md#access) or a signed-in
 * account, and a module that serves the capability and reads that flag. A capability the product lacks has none.
 */
const GATES: Record<CapabilityId, { flag: keyof AccessFlags | "signedIn"; servedBy: string } | null> = {
  search: { flag: "hasActiveAccess", servedBy: "app/routes/search/search.tsx" },
  founderEmails: { flag: "hasActiveAccess", servedBy: "app/routes/search/search.tsx" },
  savedSearches: {
    flag: "hasActiveAccess",
    servedBy: "app/server/saved-searches/saved-searches-api.server.ts",
  },
  alerts: { flag: "hasActiveAccess", servedBy: "app/server/alerts/digest-delivery.server.ts" },
  csvExport: { flag: "hasExportAccess", servedBy: "app/server/export/export-request.server.ts" },
  converter: { flag: "signedIn", servedBy: "app/routes/api/converter-upload.ts" },
  lpDatabase: { flag: "hasLpAccess", servedBy: "app/routes/lps/lps.tsx" },
  publicApi: { flag: "hasActiveAccess", servedBy: "app/server/api/api-v1.server.ts" },
};

const TRIALING = accessFlags([{ planId: "pro", status: "trialing" }], false);
const PAID = accessFlags([{ planId: "pro", status: "active" }], false);
const LP_PLAN = accessFlags([{ planId: "lps", status: "active" }], false);
const SIGNED_IN_ONLY = accessFlags([], false);

describe("the capabilities list matches the product (docs/product.md#capabilities)", () => {
  const paths = new Set(routePaths(routes));

  it("names a route the app serves for every capability it has, and none for one it lacks", () => {
    expect(paths.has("search")).toBe(true);
    for (const id of CAPABILITY_IDS) {
      const { route } = CAPABILITIES[id];
      if (hasCapability(id)) expect(route && paths.has(route), `${id}: ${route}`).toBe(true);
      else expect(route, id).toBeNull();
    }
    // docs/product.md#api: the versioned, key-authenticated API.
    expect([...paths].filter((p) => /^api\/v1\//.test(p))).toContain("api/v1/companies");
  });

  it("gives each capability to the people the access rules give it to (docs/product.md#access)", () => {
    for (const id of CAPABILITY_IDS) {
      const { access } = CAPABILITIES[id];
      const gate = GATES[id];
      if (access === "none") {
        expect(gate, id).toBeNull();
        continue;
      }
      if (!gate) throw new Error(`${id} has no gate`);
      // The module that serves it decides with that flag.
      if (gate.flag !== "signedIn") expect(read(gate.servedBy), id).toContain(`.${gate.flag}`);
      else expect(read(gate.servedBy), id).toContain("getCurrentUser(request)");
      const has = (flags: AccessFlags) => (gate.flag === "signedIn" ? true : flags[gate.flag]);
      expect({ id, trial: has(TRIALING) }).toEqual({ id, trial: access === "trial" || access === "account" });
      expect({ id, paid: has(PAID) }).toEqual({ id, paid: access !== "lpPlan" });
      if (access === "lpPlan") expect(has(LP_PLAN), id).toBe(true);
      if (access !== "account") expect(has(SIGNED_IN_ONLY), id).toBe(false);
    }
  });

  it("says a trial cannot export, and that every other startup-database capability is in the trial", () => {
    expect(TRIALING.hasExportAccess).toBe(false);
    expect(capabilitiesWith("paid").map((capability) => capability.id)).toEqual(["csvExport"]);
    expect(capabilitiesWith("trial").map((capability) => capability.id)).toEqual([
      "search",
      "founderEmails",
      "savedSearches",
      "alerts",
      "publicApi",
    ]);
  });
});

/** How a text names each capability (the words a claim about it would use). */
const MENTIONS: Record<CapabilityId, RegExp> = {
  search: /\bsearch(es|ing)?\b(?! for| by)/i,
  founderEmails: /\b(founder|verified|contact) emails?\b/i,
  savedSearches: /\bsaved searche?s?\b/i,
  alerts: /\balerts?\b/i,
  csvExport: /\bexports?\b|\.csv\b|\bCSV\b/i,
  converter: /\bconverter\b/i,
  lpDatabase: /\bLP (database|search|plan)\b/i,
  publicApi: /\bAPI\b/,
};

/** A sentence that says the product does not have something. */
const DENIAL =
  /\b(not yet|coming soon|not built|not available|unavailable|does not exist|doesn't exist|is not (offered|included|supported)|isn't)\b|:\s*(no|none|not yet)\.?$/i;

/** A sentence that says what a trial holds ("7-day free trial: …", "the trial includes …", "during the trial …"). */
const TRIAL_SCOPE =
  /\b\d+-day (free )?trial\b|\btrial (includes|gives|has|with)\b|\b(during|in) the trial\b/i;

/** Words that put a capability after the trial ("CSV export opens once you pay"). */
const AFTER_THE_TRIAL = /\bonce (you pay|paid)\b|\bwhen the trial (ends|becomes)\b|\bupgrade/i;

function textOf(html: string): string {
  return html
    .replace(/<\/(p|li|h\d|summary|dt|dd|td|th|div|section)>/g, ". ")
    .replace(/<[^>]+>/g, "")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&")
    .replace(/&nbsp;|\u2011/g, " ");
}

function sentences(text: string): string[] {
  return text
    .split(/(?<=[.!?])\s+/)
    .map((sentence) => sentence.replace(/[\s.]+$/, "").trim())
    .filter(Boolean);
}

/** What each sentence says wrongly of the capabilities list; empty when it says nothing wrong. */
function wrongClaims(sentence: string): string[] {
  const wrong: string[] = [];
  for (const id of CAPABILITY_IDS) {
    if (!MENTIONS[id].test(sentence)) continue;
    const denies = DENIAL.test(sentence);
    if (hasCapability(id) && denies) wrong.push(`denies ${id} the product has`);
    if (!hasCapability(id) && !denies) wrong.push(`claims ${id} the product lacks`);
    const putsInTrial = TRIAL_SCOPE.test(sentence) && !AFTER_THE_TRIAL.test(sentence);
    if (CAPABILITIES[id].access === "paid" && putsInTrial) wrong.push(`puts paid-only ${id} in the trial`);
  }
  return wrong;
}

function expectHonest(surface: string, text: string) {
  const wrong = sentences(text).flatMap((sentence) =>
    wrongClaims(sentence).map((claim) => `${surface}: ${claim}: "${sentence}"`),
  );
  expect(wrong).toEqual([]);
}

const planCardsHtml = renderToStaticMarkup(<PlanCards pendingPlan={null} onChoose={() => {}} />);
const faqHtml = renderToStaticMarkup(
  <MemoryRouter>
    <FaqSection />
  </MemoryRouter>,
);
const trial = trialSummary(
  { planId: "pro", status: "trialing", trialEnd: "2026-11-29T12:00:00Z" },
  new Date("2026-11-24T12:00:00Z"),
);
if (!trial) throw new Error("a trialing annual plan has a summary");
const bannerHtml = renderToStaticMarkup(<TrialBanner trial={trial} />);

describe("texts claim what the product has and deny nothing it has (docs/product.md#capabilities)", () => {
  it("the checker catches the claims it exists for", () => {
    expect(wrongClaims("Alerts: Not yet")).toEqual(["denies alerts the product has"]);
    expect(wrongClaims("The LP database is not built yet")).toEqual(["denies lpDatabase the product has"]);
    expect(wrongClaims("API: Not yet")).toEqual(["denies publicApi the product has"]);
    expect(wrongClaims("7-day free trial: unlimited search and export to .csv")).toContain(
      "puts paid-only csvExport in the trial",
    );
    expect(wrongClaims("API: Full REST API for every plan")).toEqual([]);
    expect(wrongClaims("The trial includes search; CSV export opens once you pay")).toEqual([]);
  });

  it("the plan cards: the trial's contents and what Upgrade Now charges, apart from the paid plan's features", () => {
    const cards = planCardsHtml.split("<section").slice(1);
    expect(cards).toHaveLength(2);
    const ids: CheckoutPlanId[] = ["pro", "monthly"];
    for (const [index, id] of ids.entries()) {
      const card = textOf(cards[index] ?? "");
      expect(card).toContain(trialOfferText(PLANS[id].trialDays));
      expect(card).toContain(upgradeNowPriceText([id]));
      // The features (export among them) are listed under "Once paid", never under the trial.
      expect(cards[index]).toMatch(
        new RegExp(`id="plan-${id}-features"[^>]*>Once paid, the ${PLANS[id].name} plan includes:`),
      );
      expect(cards[index]).toContain(`aria-labelledby="plan-${id}-features"`);
      expectHonest(`plan card ${id}`, card);
    }
  });

  it("the FAQ", () => {
    const text = textOf(faqHtml);
    expect(text).toContain(trialOfferText(PLANS.pro.trialDays));
    expect(text).toContain(upgradeNowPriceText(["pro", "monthly"]));
    expectHonest("FAQ", text);
  });

  it("the trial banner", () => {
    const text = textOf(bannerHtml);
    expect(text).toContain(trialIncludes());
    expect(text).toContain("Upgrade Now charges $299 today for the Annual plan.");
    expectHonest("trial banner", text);
  });

  it("the comparison pages' statements about Roundlist", () => {
    for (const statement of roundlistStatements()) expectHonest("compare", statement);
  });

  it("the admin console's settings", () => {
    expectHonest("admin settings", HIDE_LP_SEARCH_NOTE);
    expect(read("app/routes/admin/settings.tsx")).toContain("{HIDE_LP_SEARCH_NOTE}");
  });

  it("no page or component says a capability is 'not yet' there or 'coming soon'", () => {
    const offenders: string[] = [];
    const walk = (dir: string) => {
      for (const entry of readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
        const file = `${dir}/${entry.name}`;
        if (entry.isDirectory()) walk(file);
        else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) {
          read(file)
            .split("\n")
            .forEach((line, index) => {
              const isComment = /^\s*(\/\/|\*|\/\*|\{\/\*)/.test(line);
              if (!isComment && /\b(not yet|coming soon|not built)\b/i.test(line))
                offenders.push(`${file}:${index + 1}: ${line.trim()}`);
            });
        }
      }
    };
    for (const dir of ["app/components", "app/routes", "app/core"]) walk(dir);
    expect(offenders).toEqual([]);
  });
});
