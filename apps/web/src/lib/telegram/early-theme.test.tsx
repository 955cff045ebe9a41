import { afterEach, describe, expect, it, vi } from 'vitest';
import { earlyTheme, followEarlyTheme, stopEarlyTheme } from './early-theme';

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

type Receiver = (name: string, data?: unknown) => void;
const telegram = () =>
  (window as unknown as { Telegram?: { WebView?: { receiveEvent?: Receiver } } }).Telegram;
const send = (name: string, data?: unknown) => telegram()?.WebView?.receiveEvent?.(name, data);
const root = document.documentElement;
const pageBg = () => root.style.getPropertyValue('--bg');

afterEach(() => {
  stopEarlyTheme();
  delete (window as unknown as { Telegram?: unknown }).Telegram;
  root.removeAttribute('style');
  root.classList.remove('tma--dark');
});

describe("Telegram's theme before the SDK listens (docs/decisions/068)", () => {
  it('a change from the client is on the page at once, and is where the SDK starts', () => {
    followEarlyTheme();
    expect(earlyTheme()).toBeNull();
    send('theme_changed', { theme_params: NIGHT });
    expect(pageBg()).toBe(NIGHT.secondary_bg_color);
    expect(root.classList.contains('tma--dark')).toBe(true);
    send('theme_changed', { theme_params: DAY });
    expect(pageBg()).toBe(DAY.secondary_bg_color);
    expect(root.classList.contains('tma--dark')).toBe(false);
    expect(earlyTheme()).toEqual(DAY);
  });

  it('other events and malformed themes change nothing', () => {
    followEarlyTheme();
    send('viewport_changed', { height: 600, is_expanded: true, is_state_stable: true });
    send('theme_changed', { theme_params: 'dark' });
    send('theme_changed', null);
    send('theme_changed', { theme_params: ['#000000'] });
    expect(pageBg()).toBe('');
    expect(earlyTheme()).toBeNull();
  });

  it("once the SDK's bridge composes its receiver with ours and the SDK follows, ours steps aside", () => {
    followEarlyTheme();
    const ours = telegram()?.WebView?.receiveEvent as Receiver;
    // The bridge keeps the receiver it finds and calls it after its own.
    const sdk = vi.fn();
    const webView = telegram()?.WebView as { receiveEvent?: Receiver };
    webView.receiveEvent = (name, data) => {
      sdk(name, data);
      ours(name, data);
    };
    send('theme_changed', { theme_params: NIGHT });
    expect(pageBg()).toBe(NIGHT.secondary_bg_color);
    // The theme step of the integration takes the last early change and follows from the SDK.
    expect(stopEarlyTheme()).toEqual(NIGHT);
    send('theme_changed', { theme_params: DAY });
    expect(sdk).toHaveBeenCalledTimes(2);
    expect(pageBg()).toBe(NIGHT.secondary_bg_color);
    expect(earlyTheme()).toBeNull();
  });

  it('a page whose Telegram receiver is already there keeps it', () => {
    const theirs = vi.fn();
    (window as unknown as { Telegram: unknown }).Telegram = { WebView: { receiveEvent: theirs } };
    followEarlyTheme();
    expect(telegram()?.WebView?.receiveEvent).toBe(theirs);
    send('theme_changed', { theme_params: NIGHT });
    expect(theirs).toHaveBeenCalledTimes(1);
    expect(pageBg()).toBe('');
  });
});
