import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, newContext, screenshot, type ViewportName } from '../support/browser';

const baseURL = inject('baseURL');
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

const uniqueUsername = (tag: string) => `e2e_${tag}_${Date.now().toString(36)}`.slice(0, 32);

async function openFresh(viewport: ViewportName): Promise<Page> {
  const context = await newContext(browser, viewport);
  return context.newPage();
}

async function textOf(page: Page, selector: string): Promise<string> {
  const locator = page.locator(selector).first();
  await locator.waitFor({ state: 'visible' });
  return (await locator.textContent()) ?? '';
}

/** Accessible names of the buttons containing `part`, as Chromium computes them. */
async function chromiumButtonNames(page: Page, part: string): Promise<string[]> {
  const cdp = await page.context().newCDPSession(page);
  const { nodes } = (await cdp.send('Accessibility.getFullAXTree')) as {
    nodes: { role?: { value?: string }; name?: { value?: string }; ignored?: boolean }[];
  };
  await cdp.detach();
  return nodes
    .filter((n) => !n.ignored && n.role?.value === 'button' && String(n.name?.value ?? '').includes(part))
    .map((n) => String(n.name?.value));
}

/** Avatars (photo or initials) that assistive technology would read: there should be none. */
function undecoratedAvatars(page: Page): Promise<number> {
  return page.$$eval('.avatar', (els) => els.filter((el) => !el.closest('[aria-hidden="true"]')).length);
}

/** Visitor -> /auth?return=... -> dev sign-in as a new user -> back on /dashboard. */
async function signInFromDashboard(page: Page, username: string): Promise<void> {
  await page.goto(`${baseURL}/dashboard`);
  await page.waitForURL((url) => url.pathname === '/auth');
  expect(new URL(page.url()).search).toBe('?return=%2Fdashboard');
  await page.getByRole('heading', { name: 'Вход в систему' }).waitFor();
  await page.getByText('@alice').waitFor(); // the demo users are offered
  expect(await undecoratedAvatars(page)).toBe(0); // the demo users' initials are decorative
  await page.getByLabel('Новое имя пользователя').fill(username);
  await page.getByRole('button', { name: 'Войти', exact: true }).click();
  await page.waitForURL(`${baseURL}/dashboard`);
}

describe.each(['desktop', 'phone'] as const)('auth journey (%s)', (viewport) => {
  it('signs a new user in, asks for a display name and shows it', async () => {
    const page = await openFresh(viewport);
    await page.goto(`${baseURL}/auth?return=%2Fdashboard`);
    await page.getByText('@alice').waitFor();
    await screenshot(page, `auth-${viewport}`);

    await signInFromDashboard(page, uniqueUsername(viewport === 'desktop' ? 'd' : 'p'));

    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    expect(await dialog.getAttribute('aria-modal')).toBe('true');
    const nameInput = dialog.getByLabel('Отображаемое имя');
    expect(await nameInput.inputValue()).not.toBe(''); // prefilled suggestion
    await nameInput.fill('А');
    await nameInput.press('Enter');
    await dialog.getByText('Имя должно содержать минимум 2 символа').waitFor();
    await screenshot(page, `welcome-dialog-${viewport}`, { fullPage: false });

    const displayName = viewport === 'desktop' ? 'Тестовый Трейдер' : 'Мобильный Трейдер';
    await nameInput.fill(displayName);
    await nameInput.press('Enter');
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('heading', { name: `Добро пожаловать, ${displayName}!` }).waitFor();

    if (viewport === 'desktop') {
      expect(await textOf(page, '[data-testid="header-user-name"]')).toBe(displayName);
    } else {
      await page.getByRole('button', { name: 'Открыть меню' }).click();
      expect(await textOf(page, '.mobile-menu__who .user-menu__who-name')).toBe(displayName);
      await page.keyboard.press('Escape');
    }
    await screenshot(page, `dashboard-${viewport}`);

    // The name was saved on the server, not only in the page.
    await page.reload();
    await page.getByRole('heading', { name: `Добро пожаловать, ${displayName}!` }).waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);

    // Public profile of the user just created: real figures only.
    const userId = await page.evaluate(
      () => JSON.parse(localStorage.getItem('user_data') ?? '{}').id as string,
    );
    await page.goto(`${baseURL}/user/${userId}`);
    expect(await textOf(page, 'h1')).toContain(displayName);
    await page.getByText('Нет оценок').waitFor();
    await page.getByText('Отзывов пока нет').waitFor();
    await screenshot(page, `profile-${viewport}`);
    await page.context().close();
  });

  it('shows the not-found page for an unknown path', async () => {
    const page = await openFresh(viewport);
    await page.goto(`${baseURL}/no/such/page`);
    expect(await textOf(page, 'h1')).toBe('Страница не найдена');
    await page.getByRole('link', { name: 'На главную' }).waitFor();
    await page.getByRole('link', { name: 'В личный кабинет' }).waitFor();
    await screenshot(page, `not-found-${viewport}`);
    await page.context().close();
  });
});

describe('signed-in header (desktop)', () => {
  it('opens the user menu, closes it on Escape, and logs out to the home page', async () => {
    const page = await openFresh('desktop');
    await signInFromDashboard(page, uniqueUsername('m'));
    await page.getByRole('button', { name: 'Позже' }).click();
    const menuButton = page.getByRole('button', { name: /Меню пользователя/ });
    // What a screen reader hears (Chromium's own accessibility tree): the name and what the
    // button opens, never the avatar's initial, which is decorative.
    const name = await textOf(page, '[data-testid="header-user-name"]');
    expect(await chromiumButtonNames(page, 'Меню пользователя')).toEqual([`${name} · Меню пользователя`]);
    expect(await menuButton.ariaSnapshot()).toContain(`button "${name} · Меню пользователя"`);
    expect(await undecoratedAvatars(page)).toBe(0);
    await menuButton.click();
    await page.getByRole('link', { name: 'Мои ордера' }).waitFor();
    expect(await undecoratedAvatars(page)).toBe(0);
    await page.keyboard.press('Escape');
    await page.getByRole('link', { name: 'Мои ордера' }).waitFor({ state: 'hidden' });
    await menuButton.click();
    await page.getByRole('button', { name: 'Выйти' }).click();
    await page.waitForURL(`${baseURL}/`);
    await page.getByRole('link', { name: 'Войти' }).first().waitFor();
    expect(await page.evaluate(() => localStorage.getItem('auth_token'))).toBeNull();
    await page.context().close();
  });

  it('says so for an unknown user id', async () => {
    const page = await openFresh('desktop');
    await page.goto(`${baseURL}/user/00000000-0000-4000-8000-000000000000`);
    await page.getByRole('heading', { name: 'Пользователь не найден' }).waitFor();
    await page.getByRole('link', { name: 'На главную' }).waitFor();
    await page.context().close();
  });
});
