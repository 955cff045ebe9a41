/**
 * Telegram Mini App launch (docs/decisions/029): Telegram opens the app with its launch
 * parameters in the URL hash (`#tgWebAppData=…&tgWebAppVersion=…&tgWebAppPlatform=…`). They are
 * kept in sessionStorage, so a reload inside Telegram (the hash gone) is still a Mini App.
 * Nothing here is trusted: the server verifies the signed init data at sign-in.
 */
import { LAUNCH_STORAGE_KEY } from './state';

export interface MiniAppLaunch {
  /** The signed init data, as Telegram sent it (a query string). */
  initData: string;
  /** `startapp=` of the link that opened the app, if any. */
  startParam: string | null;
  /** The Mini Apps version of the client (`tgWebAppVersion`: which bridge methods it knows). */
  version: string;
  /** The client's platform (`tgWebAppPlatform`: android, ios, tdesktop, weba, ...). */
  platform: string;
  /** The launch parameters as received (the theme is read from them). */
  raw: string;
}

/** The launch parameters in a hash or query string; null when they are not a Mini App launch. */
export function parseLaunchParams(source: string): MiniAppLaunch | null {
  const raw = source.replace(/^[#?]/, '');
  const params = new URLSearchParams(raw);
  const initData = params.get('tgWebAppData');
  const version = params.get('tgWebAppVersion');
  const platform = params.get('tgWebAppPlatform');
  if (!initData?.includes('hash=') || !version || !platform) return null;
  const startParam = params.get('tgWebAppStartParam') || new URLSearchParams(initData).get('start_param');
  return { initData, startParam, version, platform, raw };
}

/** The tab's sessionStorage; undefined where storage is refused (only a launch in the hash counts). */
export function sessionStore(): Storage | undefined {
  try {
    return window.sessionStorage;
  } catch {
    return undefined;
  }
}

interface SessionStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

/** This launch (from the hash, then kept) or the one kept from before a reload in this tab. */
export function readLaunch(hash: string, store: SessionStore | undefined): MiniAppLaunch | null {
  const fresh = parseLaunchParams(hash);
  try {
    if (fresh) store?.setItem(LAUNCH_STORAGE_KEY, fresh.raw);
    const kept = fresh ? null : parseLaunchParams(store?.getItem(LAUNCH_STORAGE_KEY) ?? '');
    // A reload does not replay the start link: only the first load follows it.
    return fresh ?? (kept && { ...kept, startParam: null });
  } catch {
    return fresh; // storage disabled: this load still knows from the hash
  }
}

const ID = '([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})';
const START_LINK = new RegExp(`^(?:(trade|order)_${ID}|wallet)$`, 'i');

/** Where a `startapp=` parameter leads: a trade, an order, the wallet; anything else the market. */
export function startAppPath(param: string | null | undefined): string {
  const match = param?.match(START_LINK);
  if (!match) return '/';
  const [, kind, id] = match;
  return kind && id ? `/${kind.toLowerCase()}/${id.toLowerCase()}` : '/wallet';
}

/**
 * How the init data's user is named to the person asked whether to switch to them: `@username`,
 * else the first name (unverified: only shown; the server checks the data at sign-in).
 */
export function initDataUserLabel(initData: string): string {
  try {
    const user = JSON.parse(new URLSearchParams(initData).get('user') ?? '') as {
      username?: unknown;
      first_name?: unknown;
    };
    if (typeof user.username === 'string' && user.username) return `@${user.username}`;
    return typeof user.first_name === 'string' ? user.first_name : '';
  } catch {
    return '';
  }
}

/** The user id inside the init data (unverified: only to tell whether the stored session is theirs). */
export function initDataUserId(initData: string): string | null {
  try {
    const id = JSON.parse(new URLSearchParams(initData).get('user') ?? '').id;
    return id === undefined ? null : String(id);
  } catch {
    return null;
  }
}
