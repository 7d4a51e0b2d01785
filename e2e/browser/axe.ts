import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";

// axe-core's WCAG 2.2 A and AA rules, as the browser specs run them: a page passes with no serious
// or critical violation.

const wcagTags = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

export type Found = { page: string; rule: string; impact: string; help: string; targets: string[] };

/** The serious and critical violations axe-core finds on the page as it is now. */
export async function violations(page: Page, name: string): Promise<Found[]> {
  const results = await new AxeBuilder({ page }).withTags(wcagTags).analyze();
  return results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => ({
      page: name,
      rule: violation.id,
      impact: violation.impact ?? "",
      help: violation.help,
      targets: violation.nodes.map((node) => node.target.join(" ")),
    }));
}
