import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

export type Violation = { screen: string; id: string; impact: string; help: string; targets: string[] };

/**
 * The serious and critical axe violations (WCAG 2.x A and AA) on what `page` shows now, measured after
 * the entrance animations so contrast is taken on final colours.
 */
export async function seriousViolations(page: Page, screen: string): Promise<Violation[]> {
  await page.waitForTimeout(400);
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => ({
      screen,
      id: v.id,
      impact: v.impact ?? "",
      help: v.help,
      targets: v.nodes
        .slice(0, 4)
        .map((n) => `${n.target.join(" ")} ${n.failureSummary?.split("\n").slice(1, 2).join("") ?? ""}`),
    }));
}

/** No serious or critical violation on `screen` as it is now. */
export async function expectAccessible(page: Page, screen: string) {
  const found = await seriousViolations(page, screen);
  expect(found, JSON.stringify(found, null, 2)).toEqual([]);
}
