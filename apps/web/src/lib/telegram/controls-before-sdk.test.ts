import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

vi.mock('@telegram-apps/sdk', () => import('@/test-support/telegram-sdk'));

beforeAll(() => {
  vi.stubGlobal('document', { addEventListener: () => undefined });
});
// Nor leave these controls, with this file's holders, to the next file.
afterAll(() => {
  vi.unstubAllGlobals();
  vi.resetModules();
});

/**
 * The SDK comes after the first screen is drawn (integration.ts): a screen sets its MainButton
 * from its first render, before the SDK is there; nothing is called then, and the button shows
 * as soon as the controls mount, with the screen's own press.
 */
describe('controls set before the SDK came', () => {
  it('are kept, and shown once it mounts', async () => {
    // The web project shares its workers between files: fresh controls and SDK stub, whatever
    // another file mounted before.
    vi.resetModules();
    const { sdk } = await import('@/test-support/telegram-sdk');
    const controls = await import('./controls');
    const lastParams = () => sdk.setParams.mock.calls.at(-1)?.[0];
    sdk.setParams.mockClear();
    let pressed = 0;
    const screen = {};
    const form = {};
    controls.setMainButton(screen, { text: 'Купить', disabled: false, loading: false }, () => {
      pressed += 1;
    });
    controls.holdClosing(form, true);
    controls.setBackButton(() => undefined);
    expect(sdk.setParams).not.toHaveBeenCalled();
    expect(sdk.press).toBeNull();

    controls.mountControls(await import('@telegram-apps/sdk'));
    expect(lastParams()).toEqual({
      text: 'Купить',
      isVisible: true,
      isEnabled: true,
      isLoaderVisible: false,
    });
    sdk.press?.();
    expect(pressed).toBe(1);
    controls.releaseMainButton(screen);
    controls.holdClosing(form, false);
    controls.setBackButton(null);
  });

  it('mounted in steps (one task each), take the SDK only at the last, with the buttons mounted', async () => {
    vi.resetModules();
    const controls = await import('./controls');
    // The mocked SDK is the stub module itself (its recorder with it); resetModules keeps mocks.
    const loaded = await import('@telegram-apps/sdk');
    const { sdk } = loaded as unknown as typeof import('@/test-support/telegram-sdk');
    sdk.setParams.mockClear();
    const steps = controls.controlSteps(loaded);
    expect(steps.length).toBeGreaterThan(1);
    const screen = {};
    for (const step of steps.slice(0, -1)) {
      step();
      // A screen that sets its button between the steps: kept, nothing is called yet.
      controls.setMainButton(screen, { text: 'Продать', disabled: false, loading: false }, () => undefined);
      expect(sdk.setParams).not.toHaveBeenCalled();
    }
    steps.at(-1)?.();
    expect(sdk.setParams.mock.calls.at(-1)?.[0]).toEqual({
      text: 'Продать',
      isVisible: true,
      isEnabled: true,
      isLoaderVisible: false,
    });
    controls.releaseMainButton(screen);
  });
});
