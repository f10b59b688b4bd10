import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";

/**
 * axe's serious and critical findings on the page as it is now (WCAG 2.1 A and AA rules), one line each.
 * `include` limits the run to those parts (CSS selectors): a whole /search page takes axe many seconds, a
 * control a fraction of that.
 */
export async function seriousFindings(page: Page, include: readonly string[] = []): Promise<string[]> {
  let builder = new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]);
  for (const selector of include) builder = builder.include(selector);
  const results = await builder.analyze();
  return results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`,
    );
}
