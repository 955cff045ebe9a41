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
export function newContext(
  browser: Browser,
  viewport: ViewportName,
  extra: BrowserContextOptions = {},
): Promise<BrowserContext> {
  const phone = viewport === 'phone';
  return browser.newContext({
    viewport: VIEWPORTS[viewport],
    deviceScaleFactor: phone ? 2 : 1,
    isMobile: phone,
    hasTouch: phone,
    locale: 'ru-RU',
    ...extra,
  });
}

/** Full-page by default; dialogs are fixed to the viewport, so take those with fullPage: false. */
export async function screenshot(page: Page, name: string, { fullPage = true } = {}): Promise<void> {
  mkdirSync(screenshotsDir, { recursive: true });
  await page.screenshot({ path: join(screenshotsDir, `${name}.png`), fullPage, animations: 'disabled' });
}
