import { describe, expect, it } from 'vitest';
import { LAUNCH_STORAGE_KEY } from './index';
import { initDataUserId, parseLaunchParams, readLaunch, startAppPath } from './launch';

const INIT_DATA =
  'query_id=AAH&user=%7B%22id%22%3A42%2C%22first_name%22%3A%22Ann%22%7D&auth_date=1795000000&hash=ab12';
const THEME = { bg_color: '#17212b', button_color: '#5288c1' };
const TRADE = '0b5e7c1a-3f2d-4c8e-9a1b-2d3e4f5a6b7c';

function launchHash(extra: Record<string, string> = {}) {
  return `#${new URLSearchParams({
    tgWebAppData: INIT_DATA,
    tgWebAppVersion: '8.0',
    tgWebAppPlatform: 'tdesktop',
    tgWebAppThemeParams: JSON.stringify(THEME),
    ...extra,
  })}`;
}

function memoryStore() {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
  };
}

describe('parseLaunchParams', () => {
  it('reads the init data and start parameter Telegram puts in the hash', () => {
    const launch = parseLaunchParams(launchHash({ tgWebAppStartParam: `trade_${TRADE}` }));
    expect(launch).toMatchObject({ initData: INIT_DATA, startParam: `trade_${TRADE}` });
    expect(new URLSearchParams(launch?.raw).get('tgWebAppPlatform')).toBe('tdesktop');
  });

  it('takes the start parameter from the init data when the hash lacks it', () => {
    const withStart = `${INIT_DATA}&start_param=wallet`;
    expect(parseLaunchParams(launchHash({ tgWebAppData: withStart }))?.startParam).toBe('wallet');
  });

  it('is null for ordinary hashes, unsigned init data, or a launch without version or platform', () => {
    expect(parseLaunchParams('')).toBeNull();
    expect(parseLaunchParams('#section')).toBeNull();
    expect(parseLaunchParams(launchHash({ tgWebAppData: 'user=%7B%7D&auth_date=1' }))).toBeNull();
    expect(parseLaunchParams(launchHash({ tgWebAppVersion: '' }))).toBeNull();
    expect(parseLaunchParams(launchHash({ tgWebAppPlatform: '' }))).toBeNull();
  });
});

describe('readLaunch', () => {
  it('keeps the launch for this tab, so a reload inside Telegram still knows, without replaying the start link', () => {
    const store = memoryStore();
    const first = readLaunch(launchHash({ tgWebAppStartParam: 'wallet' }), store);
    expect(first?.startParam).toBe('wallet');
    expect(store.items.get(LAUNCH_STORAGE_KEY)).toContain('tgWebAppData=');
    const reload = readLaunch('', store);
    expect(reload?.initData).toBe(INIT_DATA);
    expect(reload?.raw).toContain('tgWebAppPlatform=tdesktop');
    expect(reload?.startParam).toBeNull();
  });

  it('is null in a browser tab that was never launched by Telegram', () => {
    expect(readLaunch('#top', memoryStore())).toBeNull();
    expect(readLaunch('', undefined)).toBeNull();
  });

  it('still knows this launch when storage is refused', () => {
    const refusing = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
    };
    expect(readLaunch(launchHash(), refusing)?.initData).toBe(INIT_DATA);
    expect(readLaunch('', refusing)).toBeNull();
  });
});

describe('startAppPath', () => {
  it('opens a trade, an order or the wallet', () => {
    expect(startAppPath(`trade_${TRADE}`)).toBe(`/trade/${TRADE}`);
    expect(startAppPath(`order_${TRADE.toUpperCase()}`)).toBe(`/order/${TRADE}`);
    expect(startAppPath('wallet')).toBe('/wallet');
  });

  it('sends anything else to the market', () => {
    for (const param of [
      null,
      undefined,
      '',
      'trade_',
      'trade_123',
      `trade_${TRADE}x`,
      `trade_${TRADE}/../admin`,
      `order_${TRADE.slice(0, -1)}`,
      'wallets',
      `dispute_${TRADE}`,
    ]) {
      expect(startAppPath(param)).toBe('/');
    }
  });
});

describe('initDataUserId', () => {
  it('reads the Telegram user id of the init data, null when there is none', () => {
    expect(initDataUserId(INIT_DATA)).toBe('42');
    expect(initDataUserId('auth_date=1&hash=ab')).toBeNull();
    expect(initDataUserId('user=%7Bbroken')).toBeNull();
  });
});
