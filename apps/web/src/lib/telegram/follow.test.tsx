import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type FakeClient, fakeClient } from '@/test-support/telegram-client';

/**
 * The client's theme and viewport on the page (docs/decisions/068, 069), through a fresh bridge
 * on a fake client's window for each test; the page is this test's document.
 */
const DAY = {
  bg_color: '#ffffff',
  secondary_bg_color: '#f1f1f1',
  text_color: '#000000',
  button_color: '#2481cc',
};
const NIGHT = {
  bg_color: '#17212b',
  secondary_bg_color: '#232e3c',
  text_color: '#f5f5f5',
  button_color: '#5288c1',
};

const root = document.documentElement;
const cssVar = (name: string) => root.style.getPropertyValue(name);
let client: FakeClient;

beforeEach(async () => {
  vi.resetModules();
  client = fakeClient();
  (await import('./bridge')).listen('8.0', client.window);
});

afterEach(() => {
  root.removeAttribute('style');
  root.classList.remove('tma--dark');
});

describe("Telegram's theme, followed from the first script", () => {
  it('a change from the client is on the page at once, every time', async () => {
    (await import('./theme')).followTheme();
    client.send('theme_changed', { theme_params: NIGHT });
    expect(cssVar('--bg')).toBe(NIGHT.secondary_bg_color);
    expect(root.classList.contains('tma--dark')).toBe(true);
    client.send('theme_changed', { theme_params: DAY });
    expect(cssVar('--bg')).toBe(DAY.secondary_bg_color);
    expect(root.classList.contains('tma--dark')).toBe(false);
  });

  it('other events and malformed themes change nothing', async () => {
    (await import('./theme')).followTheme();
    client.send('viewport_changed', { height: 600, is_expanded: true, is_state_stable: true });
    client.send('theme_changed', { theme_params: 'dark' });
    client.send('theme_changed', null);
    client.send('theme_changed', { theme_params: ['#000000'] });
    expect(cssVar('--bg')).toBe('');
  });
});

describe("Telegram's viewport", () => {
  it('on a phone, asks for it and follows it; the stable height only once a drag has settled', async () => {
    (await import('./viewport')).followViewport('android');
    expect(client.calls.map((c) => c.type)).toEqual([
      'web_app_request_safe_area',
      'web_app_request_content_safe_area',
      'web_app_request_viewport',
    ]);
    client.send('viewport_changed', { height: 640, width: 390, is_expanded: true, is_state_stable: true });
    expect([cssVar('--tg-viewport-height'), cssVar('--tg-viewport-stable-height')]).toEqual([
      '640px',
      '640px',
    ]);
    expect(cssVar('--tg-viewport-width')).toBe('390px');
    client.send('viewport_changed', { height: 500, width: 390, is_expanded: true, is_state_stable: false });
    expect([cssVar('--tg-viewport-height'), cssVar('--tg-viewport-stable-height')]).toEqual([
      '500px',
      '640px',
    ]);
    client.send('safe_area_changed', { top: 24, bottom: 34, left: 0, right: 0 });
    client.send('content_safe_area_changed', { top: 46, bottom: 0, left: 0, right: 0 });
    expect(cssVar('--tg-viewport-safe-area-inset-top')).toBe('24px');
    expect(cssVar('--tg-viewport-safe-area-inset-bottom')).toBe('34px');
    expect(cssVar('--tg-viewport-content-safe-area-inset-top')).toBe('46px');
    // Nonsense from a client sets nothing.
    client.send('viewport_changed', { height: 'tall', is_state_stable: true });
    client.send('safe_area_changed', { top: -5 });
    expect(cssVar('--tg-viewport-stable-height')).toBe('640px');
    expect(cssVar('--tg-viewport-safe-area-inset-top')).toBe('24px');
  });

  it('on a desktop client, which never answers the request, is the window', async () => {
    (await import('./viewport')).followViewport('tdesktop');
    expect(client.calls.map((c) => c.type)).not.toContain('web_app_request_viewport');
    expect(cssVar('--tg-viewport-stable-height')).toBe(`${window.innerHeight}px`);
    expect(cssVar('--tg-viewport-width')).toBe(`${window.innerWidth}px`);
  });
});
