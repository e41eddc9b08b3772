/** axe-core in a built page: the serious and critical accessibility violations it finds. */
import fs from 'node:fs';
import type { Page } from 'playwright-core';

const AXE_SOURCE = fs.readFileSync('node_modules/axe-core/axe.min.js', 'utf8');
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

export interface Violation {
  id: string;
  impact: string;
  help: string;
  targets: string[];
}

/** Serious and critical axe violations of the page as it is now. */
export async function seriousViolations(page: Page): Promise<Violation[]> {
  // The pages' CSP blocks an injected <script>; evaluating the source through the protocol is not.
  await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async (tags) => {
    const { axe } = window as unknown as {
      axe: { run: (context: Document, options: object) => Promise<{ violations: Violation[] }> };
    };
    const result = await axe.run(document, { runOnly: { type: 'tag', values: tags } });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      targets: (v as unknown as { nodes: { target: string[] }[] }).nodes
        .slice(0, 5)
        .map((node) => node.target.join(' ')),
    }));
  }, AXE_TAGS);
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}
