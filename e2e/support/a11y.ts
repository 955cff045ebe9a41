import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const require = createRequire(import.meta.url);
const AXE = require.resolve('axe-core/axe.min.js');

export interface Violation {
  id: string;
  impact: string;
  targets: string[];
}

/** axe-core in the page: the serious and critical violations of `scope` (the whole page by default). */
export async function seriousViolations(page: Page, scope = 'body'): Promise<Violation[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: AXE });
  // Colours are measured as painted: a dialog still fading in (0.15 s) reads as low contrast.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getTiming().iterations !== Number.POSITIVE_INFINITY)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
  const violations = await page.evaluate(async (selector) => {
    const axe = (
      window as unknown as { axe: { run: (c: unknown, o: unknown) => Promise<{ violations: unknown[] }> } }
    ).axe;
    const result = await axe.run(document.querySelector(selector), { resultTypes: ['violations'] });
    return result.violations as { id: string; impact: string; nodes: { target: string[] }[] }[];
  }, scope);
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({
      id: v.id,
      impact: v.impact,
      targets: v.nodes.map((n) => n.target.join(' ')).slice(0, 5),
    }));
}

/** Every button and link of the open dialog lies inside the viewport (nothing off-screen at 390 px). */
export async function dialogOverflow(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const dialog = document.querySelector('dialog[open]');
    if (!dialog) return ['no open dialog'];
    const width = window.innerWidth;
    return Array.from(dialog.querySelectorAll<HTMLElement>('button, a, input, select, textarea'))
      .filter((el) => el.offsetParent !== null)
      .map((el) => ({ el, box: el.getBoundingClientRect() }))
      .filter(({ box }) => box.left < -0.5 || box.right > width + 0.5)
      .map(
        ({ el, box }) =>
          `${el.textContent?.trim() || el.tagName} at ${Math.round(box.left)}…${Math.round(box.right)}`,
      );
  });
}
