import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const require = createRequire(import.meta.url);
const axePath = require.resolve('axe-core/axe.min.js');

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[]; failureSummary?: string }[];
}

/** The toasts (sonner's Toaster, mounted once in src/app/provider.tsx). */
export const TOASTER = '[data-sonner-toaster]';

/**
 * Runs axe-core (WCAG 2.x A/AA rules and best practices) in the page and returns the
 * violations of serious or critical impact, in a form that reads well in a failed assertion.
 * `exclude` leaves parts of the page out (CSS selectors), `include` scans only those parts.
 */
export async function seriousViolations(page: Page, opts: { exclude?: string[]; include?: string[] } = {}): Promise<string[]> {
  // Contrast is judged on what is fully shown: a toast (or dialog) still fading in is half transparent.
  // Finite animations and transitions are waited for (2 s at most); spinners run forever and are not.
  await page.evaluate(() =>
    Promise.race([
      Promise.all(
        document
          .getAnimations()
          .filter((a) => a.effect?.getTiming().iterations !== Infinity)
          .map((a) => a.finished.catch(() => undefined)),
      ),
      new Promise((resolve) => setTimeout(resolve, 2000)),
    ]),
  );
  const loaded = await page.evaluate(() => typeof (window as unknown as { axe?: unknown }).axe !== 'undefined');
  if (!loaded) await page.addScriptTag({ path: axePath });
  const violations = await page.evaluate(async ({ exclude, include }) => {
    const axe = (window as unknown as { axe: { run(ctx: unknown, opts: object): Promise<{ violations: AxeViolation[] }> } }).axe;
    const context = include?.length ? { include: include.map((s) => [s]) } : exclude?.length ? { exclude: exclude.map((s) => [s]) } : document;
    const result = await axe.run(context, { resultTypes: ['violations'] });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((n) => ({ target: n.target, failureSummary: n.failureSummary })),
    }));
  }, opts);
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.impact} ${v.id}: ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}
