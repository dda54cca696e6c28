import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { expect } from 'vitest';
import type { AxeResults, Result } from 'axe-core';
import type { Page } from 'playwright-core';

const require = createRequire(import.meta.url);
const axeSource = readFileSync(path.join(path.dirname(require.resolve('axe-core')), 'axe.min.js'), 'utf8');

const format = (violations: Result[]) =>
  violations
    .map(
      (v) =>
        `  ${v.id} (${v.impact}): ${v.help}\n${v.nodes.map((n) => `    - ${n.target.join(' ')}: ${n.failureSummary ?? ''}`).join('\n')}`,
    )
    .join('\n');

/**
 * Runs axe-core on the page as it is now and fails with every serious or critical violation listed
 * (DESIGN.md §8). `label` names the page and state in the failure, e.g. `/discover @360`.
 */
export async function expectNoSeriousAxeViolations(page: Page, label: string) {
  // evaluated through the DevTools protocol: the app's Content-Security-Policy refuses an inline <script> tag
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const results = await page.evaluate(() => (window as unknown as { axe: { run: () => Promise<AxeResults> } }).axe.run());
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  if (bad.length) console.error(`axe violations on ${label}:\n${format(bad)}`);
  // AXE_VERBOSE=1 also lists the moderate and minor violations, and what axe could not decide (text on gradients)
  if (process.env.AXE_VERBOSE) {
    const minor = results.violations.filter((v) => !bad.includes(v));
    if (minor.length) console.info(`axe moderate/minor on ${label}:\n${format(minor)}`);
    if (results.incomplete.length) console.info(`axe needs review on ${label}:\n${format(results.incomplete)}`);
  }
  expect(
    bad.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    label,
  ).toEqual([]);
}
