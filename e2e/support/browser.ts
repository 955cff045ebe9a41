import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import {
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  chromium,
  type Page,
} from 'playwright-core';
import { repoRoot } from './server';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** Screenshots of every run land here, ignored by git (e2e/test-results/ is in .gitignore). */
export const screenshotsDir = join(repoRoot, 'e2e/test-results/screenshots');

export const VIEWPORTS = {
  desktop: { width: 1280, height: 800 },
  phone: { width: 390, height: 844 },
} as const;
export type ViewportName = keyof typeof VIEWPORTS;

/** Debian Chromium through playwright-core: no downloaded browsers. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
      '--disable-sync',
    ],
  });
}

/** `extra` (e.g. a signed-in `storageState`) is merged over the viewport settings. */
export async function newContext(
  browser: Browser,
  viewport: ViewportName,
  extra: BrowserContextOptions = {},
): Promise<BrowserContext> {
  const phone = viewport === 'phone';
  const context = await browser.newContext({
    viewport: VIEWPORTS[viewport],
    deviceScaleFactor: phone ? 2 : 1,
    isMobile: phone,
    hasTouch: phone,
    locale: 'ru-RU',
    ...extra,
  });
  context.on('page', (page) => void confirmReauthWhenAsked(page));
  return context;
}

/**
 * A security change opens «Подтвердите, что это вы» over the page (docs/decisions/033); the
 * journeys' development accounts confirm with the demo path, as a tester would, and the page
 * goes on with the change by itself.
 */
export function confirmReauthWhenAsked(page: Page): Promise<void> {
  const dialog = page.getByRole('dialog', { name: 'Подтвердите, что это вы' });
  return page.addLocatorHandler(dialog, async () => {
    await dialog.getByRole('button', { name: 'Подтвердить (демо-вход)' }).click();
    await dialog.waitFor({ state: 'detached' });
  });
}

/** Full-page by default; dialogs are fixed to the viewport, so take those with fullPage: false. */
export async function screenshot(page: Page, name: string, { fullPage = true } = {}): Promise<void> {
  mkdirSync(screenshotsDir, { recursive: true });
  await page.screenshot({ path: join(screenshotsDir, `${name}.png`), fullPage, animations: 'disabled' });
}
