import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";

/**
 * axe's serious and critical findings on the page as it is now (WCAG 2.1 A and AA rules), one line each.
 * `include` limits the run to those parts (CSS selectors): a whole /search page takes axe many seconds, a
 * control a fraction of that.
 */
export async function seriousFindings(page: Page, include: readonly string[] = []): Promise<string[]> {
  await animationsSettled(page);
  let builder = new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]);
  for (const selector of include) builder = builder.include(selector);
  const results = await builder.analyze();
  return results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`,
    );
}

/**
 * Waits until every finite animation and transition on the page has finished: a toast that is still fading
 * in has, for that moment, text of too low a contrast (axe measured one at "color-contrast" once in a few
 * runs), which is not what a reader sees once it has appeared. Endless ones (a spinner) are not waited for.
 */
async function animationsSettled(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const finite = document
      .getAnimations()
      .filter((animation) => Number.isFinite(animation.effect?.getComputedTiming().endTime ?? Number.NaN));
    await Promise.all(finite.map((animation) => animation.finished.catch(() => undefined)));
  });
}
