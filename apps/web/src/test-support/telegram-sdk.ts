import { vi } from 'vitest';

/**
 * The Telegram SDK as the app's controls drive it, for tests: the MainButton's press handler the
 * controls register and the parameters they show, and no-ops for the rest. A test file mocks
 * the SDK with it (`vi.mock('@telegram-apps/sdk', () => import('@/test-support/telegram-sdk'))`)
 * and reads `sdk` from the same module.
 */
export const sdk = { press: null as (() => void) | null, setParams: vi.fn() };

const noop = () => undefined;

export const backButton = { mount: noop, onClick: noop, show: noop, hide: noop };
export const closingBehavior = { mount: noop, enableConfirmation: noop, disableConfirmation: noop };
export const hapticFeedback = { isSupported: () => false, notificationOccurred: noop };
export const mainButton = {
  mount: noop,
  onClick: (fn: () => void) => {
    sdk.press = fn;
  },
  setParams: (params: unknown) => sdk.setParams(params),
};
export const openLink = noop;
export const openTelegramLink = noop;
