import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, newContext, screenshot } from '../support/browser';
import { LIVE, signIn } from '../support/journey';
import { repoRoot } from '../support/server';

/**
 * Proof of reserves as a user checks it (docs/decisions/039): the server with demo data takes a
 * snapshot at start; «Проверить резервы» in the wallet verifies the user's path to the published
 * root on the device, and the downloaded proof passes the standalone verifier, which refuses it
 * once a balance in it is changed. The public /reserves page shows what is owed per coin.
 */
const baseURL = inject('baseURL');
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** `npm run por:verify -- <file>`'s exit code. */
function verify(file: string): number {
  try {
    execFileSync('node', [join(repoRoot, 'scripts/por-verify.mjs'), file], { stdio: 'pipe' });
    return 0;
  } catch (error) {
    return (error as { status?: number }).status ?? 1;
  }
}

describe('proof of reserves', () => {
  it('the wallet checks the balance on the device, and the downloaded proof verifies without the server', async () => {
    const page = await (await newContext(browser, 'desktop')).newPage();
    await signIn(page, baseURL, { demo: 'alice' }, { returnTo: '/wallet' });
    await page.getByRole('link', { name: 'Проверить резервы' }).click();
    await page.waitForURL((url) => url.pathname === '/wallet/reserves');
    await page.getByText('Ваш баланс учтён ✓').waitFor(LIVE);
    await page.getByText('Учтённые балансы').waitFor();
    await screenshot(page, 'reserves-check-desktop');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Скачать доказательство' }).click(),
    ]);
    const file = join(tmpdir(), `por-proof-${Date.now()}.json`);
    await download.saveAs(file);
    expect(verify(file)).toBe(0);

    // One unit more in any balance of the leaf, and the path no longer reaches the root.
    const proof = JSON.parse(readFileSync(file, 'utf8'));
    const [coin, amount] = Object.entries(proof.leaf.balances as Record<string, string>)[0] ?? [];
    expect(coin).toBeDefined();
    proof.leaf.balances[coin as string] = String(BigInt(amount as string) + 1n);
    const altered = `${file}.altered.json`;
    writeFileSync(altered, JSON.stringify(proof));
    expect(verify(altered)).toBe(1);
    await page.context().close();
  });

  it('the public page lists what is owed per coin from the published root', async () => {
    const page = await (await newContext(browser, 'phone')).newPage();
    await page.goto(`${baseURL}/reserves`);
    await page.getByRole('heading', { name: 'Резервы платформы' }).waitFor(LIVE);
    const table = page.getByRole('table');
    await table.getByRole('columnheader', { name: 'Должны пользователям' }).waitFor();
    await expect.poll(() => table.getByRole('row').count(), LIVE).toBeGreaterThan(1);
    await page.getByText(/^Счетов в дереве: \d+$/).waitFor();
    await screenshot(page, 'reserves-public-phone');
    await page.context().close();
  });
});
