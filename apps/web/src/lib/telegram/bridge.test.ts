import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeClient } from '@/test-support/telegram-client';

type Bridge = typeof import('./bridge');
let bridge: Bridge;

beforeEach(async () => {
  // The bridge listens once per page: a fresh one for each test.
  vi.resetModules();
  bridge = await import('./bridge');
});

describe('versionAtLeast', () => {
  it('compares Mini Apps versions part by part, not as text or decimals', () => {
    expect(bridge.versionAtLeast('7.10', '7.2')).toBe(true);
    expect(bridge.versionAtLeast('7.2', '7.10')).toBe(false);
    expect(bridge.versionAtLeast('6.1', '6.1')).toBe(true);
    expect(bridge.versionAtLeast('6', '6.1')).toBe(false);
    expect(bridge.versionAtLeast('8.0', '6.1')).toBe(true);
    expect(bridge.versionAtLeast('latest', '6.1')).toBe(false);
  });
});

describe("Telegram's bridge (docs/decisions/069)", () => {
  it("posts methods through a mobile client's webview, with their parameters as JSON", () => {
    const client = fakeClient();
    bridge.listen('8.0', client.window);
    expect(bridge.postEvent('web_app_setup_back_button', { is_visible: true })).toBe(true);
    expect(bridge.postEvent('web_app_ready')).toBe(true);
    expect(client.calls).toEqual([
      { type: 'web_app_setup_back_button', params: { is_visible: true } },
      { type: 'web_app_ready', params: undefined },
    ]);
  });

  it("posts to a web client's frame as a JSON message, only to Telegram's web origin", () => {
    const client = fakeClient({ framed: true });
    bridge.listen('8.0', client.window);
    bridge.postEvent('web_app_setup_closing_behavior', { need_confirmation: true });
    expect(client.calls).toEqual([
      {
        type: 'web_app_setup_closing_behavior',
        params: { need_confirmation: true, origin: 'https://web.telegram.org' },
      },
    ]);
  });

  it('posts through external.notify on the old desktop clients that have only that', () => {
    const notify = vi.fn();
    const w = { addEventListener: () => undefined, external: { notify } } as unknown as Window;
    (w as unknown as { parent: Window }).parent = w;
    bridge.listen('6.0', w);
    bridge.postEvent('web_app_open_link', { url: 'https://example.org/' });
    expect(JSON.parse(notify.mock.calls[0]?.[0] as string)).toEqual({
      eventType: 'web_app_open_link',
      eventData: { url: 'https://example.org/' },
    });
  });

  it("sends nothing a client's version does not know, and says so", () => {
    const client = fakeClient();
    bridge.listen('6.0', client.window);
    expect(bridge.supports('web_app_trigger_haptic_feedback')).toBe(false);
    expect(bridge.postEvent('web_app_trigger_haptic_feedback', { type: 'notification' })).toBe(false);
    expect(bridge.postEvent('web_app_request_safe_area')).toBe(false);
    expect(bridge.postEvent('web_app_setup_main_button', { is_visible: false })).toBe(true);
    expect(client.calls.map((c) => c.type)).toEqual(['web_app_setup_main_button']);
  });

  it('delivers what a webview receives to the listeners of that event only, until they stop', () => {
    const client = fakeClient();
    bridge.listen('8.0', client.window);
    const pressed = vi.fn();
    const themes = vi.fn();
    const stop = bridge.on('main_button_pressed', pressed);
    bridge.on('theme_changed', themes);
    client.send('main_button_pressed');
    client.send('theme_changed', { theme_params: { bg_color: '#000000' } });
    expect(pressed).toHaveBeenCalledTimes(1);
    expect(themes).toHaveBeenCalledWith({ theme_params: { bg_color: '#000000' } });
    stop();
    client.send('main_button_pressed');
    expect(pressed).toHaveBeenCalledTimes(1);
    // The other ways clients deliver events reach the same listeners.
    const game = client.window as unknown as {
      TelegramGameProxy: { receiveEvent: (n: string, d?: unknown) => void };
      TelegramGameProxy_receiveEvent: (n: string, d?: unknown) => void;
    };
    game.TelegramGameProxy.receiveEvent('theme_changed', { theme_params: {} });
    game.TelegramGameProxy_receiveEvent('theme_changed', { theme_params: {} });
    expect(themes).toHaveBeenCalledTimes(3);
  });

  it('a listener that throws neither breaks the others nor the client', () => {
    const client = fakeClient();
    bridge.listen('8.0', client.window);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const after = vi.fn();
    bridge.on('back_button_pressed', () => {
      throw new Error('boom');
    });
    bridge.on('back_button_pressed', after);
    expect(() => client.send('back_button_pressed')).not.toThrow();
    expect(after).toHaveBeenCalledTimes(1);
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });

  it("in a frame, takes messages from its parent only, and only Telegram's JSON ones", () => {
    const client = fakeClient({ framed: true });
    bridge.listen('8.0', client.window);
    const pressed = vi.fn();
    bridge.on('main_button_pressed', pressed);
    const parent = client.window.parent;
    const message = JSON.stringify({ eventType: 'main_button_pressed' });
    client.dispatch('message', { source: {}, data: message });
    client.dispatch('message', { source: parent, data: 'not json' });
    client.dispatch('message', { source: parent, data: { eventType: 'main_button_pressed' } });
    expect(pressed).not.toHaveBeenCalled();
    client.dispatch('message', { source: parent, data: message });
    expect(pressed).toHaveBeenCalledTimes(1);
  });

  it('outside a frame, a message is nobody’s event: a page cannot press the buttons by posting to itself', () => {
    const client = fakeClient();
    bridge.listen('8.0', client.window);
    const pressed = vi.fn();
    bridge.on('main_button_pressed', pressed);
    client.dispatch('message', {
      source: client.window,
      data: JSON.stringify({ eventType: 'main_button_pressed' }),
    });
    expect(pressed).not.toHaveBeenCalled();
  });
});
