import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type FakeClient, fakeClient } from '@/test-support/telegram-client';

const root = { style: { setProperty: vi.fn(), removeProperty: vi.fn() }, classList: { toggle: vi.fn() } };
const clicks: ((event: unknown) => void)[] = [];

let client: FakeClient;
let controls: typeof import('./controls');

beforeAll(async () => {
  vi.stubGlobal('document', {
    documentElement: root,
    addEventListener: (type: string, handler: (event: unknown) => void) => {
      if (type === 'click') clicks.push(handler);
    },
  });
  vi.stubGlobal('window', {
    location: { href: 'https://p2p.example/trade/1', origin: 'https://p2p.example' },
  });
  // A bridge and controls of this file's own (the web project shares modules between files).
  vi.resetModules();
  client = fakeClient();
  (await import('./bridge')).listen('8.0', client.window);
  (await import('./theme')).applyTheme({
    bg_color: '#ffffff',
    button_color: '#2f6ea5',
    button_text_color: '#ffffff',
  });
  controls = await import('./controls');
  controls.followControls();
});
// The web project shares its workers between files: leave no global behind.
afterAll(() => {
  vi.unstubAllGlobals();
  vi.resetModules();
});

const mainButton = () => client.last('web_app_setup_main_button');

it('starts with both buttons hidden: a reload shows none of the previous page’s', () => {
  expect(client.calls.slice(0, 2)).toEqual([
    { type: 'web_app_setup_back_button', params: { is_visible: false } },
    {
      type: 'web_app_setup_main_button',
      params: { is_visible: false, is_active: false, is_progress_visible: false },
    },
  ]);
});

describe('the MainButton', () => {
  it('shows the newest holder in the theme’s colours, and the one below again when it goes', () => {
    const page = {};
    const dialog = {};
    const pagePress = vi.fn();
    const dialogPress = vi.fn();
    controls.setMainButton(page, { text: 'Я оплатил', disabled: false, loading: false }, pagePress);
    expect(mainButton()).toEqual({
      is_visible: true,
      is_active: true,
      is_progress_visible: false,
      text: 'Я оплатил',
      color: '#2f6ea5',
      text_color: '#ffffff',
    });
    controls.setMainButton(dialog, { text: 'Да, я оплатил', disabled: true, loading: false }, dialogPress);
    expect(mainButton()).toMatchObject({ text: 'Да, я оплатил', is_active: false });
    // The page below changes: the dialog still shows.
    controls.setMainButton(page, { text: 'Я оплатил', disabled: true, loading: false }, pagePress);
    expect(mainButton()).toMatchObject({ text: 'Да, я оплатил' });
    // A disabled holder takes no press.
    client.send('main_button_pressed');
    expect(dialogPress).not.toHaveBeenCalled();
    controls.releaseMainButton(dialog);
    expect(mainButton()).toMatchObject({ text: 'Я оплатил', is_active: false });
    controls.releaseMainButton(page);
    expect(mainButton()).toEqual({ is_visible: false, is_active: false, is_progress_visible: false });
    client.send('main_button_pressed');
    expect(pagePress).not.toHaveBeenCalled();
  });

  it('never sends twice: no press while running, one press for a double tap', () => {
    const form = {};
    const submit = vi.fn();
    controls.setMainButton(form, { text: 'Купить BTC', disabled: false, loading: false }, submit);
    client.send('main_button_pressed');
    client.send('main_button_pressed');
    expect(submit).toHaveBeenCalledTimes(1);
    controls.setMainButton(form, { text: 'Купить BTC', disabled: false, loading: true }, submit);
    expect(mainButton()).toMatchObject({ is_active: false, is_progress_visible: true });
    vi.useFakeTimers({ now: Date.now() + 5_000 });
    client.send('main_button_pressed');
    expect(submit).toHaveBeenCalledTimes(1);
    controls.setMainButton(form, { text: 'Купить BTC', disabled: false, loading: false }, submit);
    client.send('main_button_pressed');
    expect(submit).toHaveBeenCalledTimes(2);
    vi.useRealTimers();
    controls.releaseMainButton(form);
  });
});

describe('the BackButton, closing and haptics', () => {
  it('shows the BackButton while there is a step back, and a press takes it', () => {
    const back = vi.fn();
    controls.setBackButton(back);
    expect(client.last('web_app_setup_back_button')).toEqual({ is_visible: true });
    client.send('back_button_pressed');
    expect(back).toHaveBeenCalledTimes(1);
    // Another step back: the button is already shown, nothing more is posted.
    const posted = client.calls.length;
    controls.setBackButton(vi.fn());
    expect(client.calls.length).toBe(posted);
    controls.setBackButton(null);
    expect(client.last('web_app_setup_back_button')).toEqual({ is_visible: false });
    client.send('back_button_pressed');
    expect(back).toHaveBeenCalledTimes(1);
  });

  it('asks before closing while any holder holds, and stops when the last lets go', () => {
    const form = {};
    const action = {};
    controls.holdClosing(form, true);
    controls.holdClosing(action, true);
    expect(client.calls.filter((c) => c.type === 'web_app_setup_closing_behavior')).toEqual([
      { type: 'web_app_setup_closing_behavior', params: { need_confirmation: true } },
    ]);
    controls.holdClosing(form, false);
    expect(client.last('web_app_setup_closing_behavior')).toEqual({ need_confirmation: true });
    controls.holdClosing(action, false);
    expect(client.last('web_app_setup_closing_behavior')).toEqual({ need_confirmation: false });
  });

  it('is felt on success and on failure', () => {
    controls.haptic('error');
    expect(client.last('web_app_trigger_haptic_feedback')).toEqual({
      type: 'notification',
      notification_type: 'error',
    });
  });
});

describe('links outside the app', () => {
  it('opens t.me links in Telegram and other sites in its browser; the app stays', () => {
    controls.openOutside('https://t.me/p2p_bot?start=connect');
    expect(client.last('web_app_open_tg_link')).toEqual({ path_full: '/p2p_bot?start=connect' });
    controls.openOutside('https://mempool.space/tx/abc');
    expect(client.last('web_app_open_link')).toEqual({ url: 'https://mempool.space/tx/abc' });
  });

  it('routes a click on a link to another site, and leaves the app’s own links alone', () => {
    const link = (href: string, target = '') => ({
      defaultPrevented: false,
      button: 0,
      preventDefault: vi.fn(),
      target: {
        closest: () => Object.assign(Object.create(HTMLAnchorElementStub.prototype), { href, target }),
      },
    });
    vi.stubGlobal('HTMLAnchorElement', HTMLAnchorElementStub);
    const outside = link('https://etherscan.io/tx/0x1');
    for (const click of clicks) click(outside);
    expect(outside.preventDefault).toHaveBeenCalled();
    expect(client.last('web_app_open_link')).toEqual({ url: 'https://etherscan.io/tx/0x1' });
    const inside = link('https://p2p.example/wallet');
    for (const click of clicks) click(inside);
    expect(inside.preventDefault).not.toHaveBeenCalled();
  });
});

class HTMLAnchorElementStub {}
