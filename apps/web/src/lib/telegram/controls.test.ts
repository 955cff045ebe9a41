import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

vi.mock('@telegram-apps/sdk', () => import('@/test-support/telegram-sdk'));

const { sdk } = await import('@/test-support/telegram-sdk');

const controls = await import('./controls');
const lastParams = () => sdk.setParams.mock.calls.at(-1)?.[0];

beforeAll(async () => {
  vi.stubGlobal('document', { addEventListener: () => undefined });
  controls.mountControls(await import('@telegram-apps/sdk'));
});
// The web project shares its workers between files: leave no global behind.
afterAll(() => vi.unstubAllGlobals());

describe('the MainButton', () => {
  it('shows the newest holder, and the one below again when it goes', () => {
    const page = {};
    const dialog = {};
    const pagePress = vi.fn();
    const dialogPress = vi.fn();
    controls.setMainButton(page, { text: 'Я оплатил', disabled: false, loading: false }, pagePress);
    expect(lastParams()).toEqual({
      text: 'Я оплатил',
      isVisible: true,
      isEnabled: true,
      isLoaderVisible: false,
    });
    controls.setMainButton(dialog, { text: 'Да, я оплатил', disabled: true, loading: false }, dialogPress);
    expect(lastParams()).toMatchObject({ text: 'Да, я оплатил', isEnabled: false });
    // The page below changes: the dialog still shows.
    controls.setMainButton(page, { text: 'Я оплатил', disabled: true, loading: false }, pagePress);
    expect(lastParams()).toMatchObject({ text: 'Да, я оплатил' });
    // A disabled holder takes no press.
    sdk.press?.();
    expect(dialogPress).not.toHaveBeenCalled();
    controls.releaseMainButton(dialog);
    expect(lastParams()).toMatchObject({ text: 'Я оплатил', isEnabled: false });
    controls.releaseMainButton(page);
    expect(lastParams()).toEqual({ isVisible: false, isLoaderVisible: false });
    sdk.press?.();
    expect(pagePress).not.toHaveBeenCalled();
  });

  it('never sends twice: no press while running, one press for a double tap', () => {
    const form = {};
    const submit = vi.fn();
    controls.setMainButton(form, { text: 'Купить BTC', disabled: false, loading: false }, submit);
    sdk.press?.();
    sdk.press?.();
    expect(submit).toHaveBeenCalledTimes(1);
    controls.setMainButton(form, { text: 'Купить BTC', disabled: false, loading: true }, submit);
    expect(lastParams()).toMatchObject({ isEnabled: false, isLoaderVisible: true });
    vi.useFakeTimers({ now: Date.now() + 5_000 });
    sdk.press?.();
    expect(submit).toHaveBeenCalledTimes(1);
    controls.setMainButton(form, { text: 'Купить BTC', disabled: false, loading: false }, submit);
    sdk.press?.();
    expect(submit).toHaveBeenCalledTimes(2);
    vi.useRealTimers();
    controls.releaseMainButton(form);
  });
});
