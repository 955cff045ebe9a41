/**
 * Telegram Mini App launch (docs/decisions/029): Telegram opens the app with its launch
 * parameters in the URL hash (`#tgWebAppData=…&tgWebAppVersion=…&tgWebAppPlatform=…`). They are
 * kept in sessionStorage, so a reload inside Telegram (the hash gone) is still a Mini App.
 * Nothing here is trusted: the server verifies the signed init data at sign-in.
 */
export interface MiniAppLaunch {
  /** The signed init data, as Telegram sent it (a query string). */
  initData: string;
  version: string;
  platform: string;
  /** Telegram's colours (`bg_color`, `button_color`, …), `#rrggbb` each. */
  themeParams: Record<string, string>;
  /** `startapp=` of the link that opened the app, if any. */
  startParam: string | null;
  /** The launch parameters as received (what the SDK is initialised with). */
  raw: string;
}

export const LAUNCH_STORAGE_KEY = 'tma_launch';
const COLOR = /^#[0-9a-f]{6}$/i;

function parseThemeParams(json: string | null): Record<string, string> {
  if (!json) return {};
  try {
    const parsed: unknown = JSON.parse(json);
    if (typeof parsed !== 'object' || parsed === null) return {};
    return Object.fromEntries(
      Object.entries(parsed).filter((e): e is [string, string] => typeof e[1] === 'string' && COLOR.test(e[1])),
    );
  } catch {
    return {};
  }
}

/** The launch parameters in a hash or query string; null when they are not a Mini App launch. */
export function parseLaunchParams(source: string): MiniAppLaunch | null {
  const raw = source.replace(/^[#?]/, '');
  const params = new URLSearchParams(raw);
  const initData = params.get('tgWebAppData');
  const version = params.get('tgWebAppVersion');
  const platform = params.get('tgWebAppPlatform');
  if (!initData?.includes('hash=') || !version || !platform) return null;
  return {
    initData,
    version,
    platform,
    themeParams: parseThemeParams(params.get('tgWebAppThemeParams')),
    startParam: params.get('tgWebAppStartParam') || new URLSearchParams(initData).get('start_param'),
    raw,
  };
}

interface SessionStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

/** This launch (from the hash, then kept) or the one kept from before a reload in this tab. */
export function readLaunch(hash: string, store: SessionStore | undefined): MiniAppLaunch | null {
  try {
    const fresh = parseLaunchParams(hash);
    if (fresh) {
      store?.setItem(LAUNCH_STORAGE_KEY, fresh.raw);
      return fresh;
    }
    const kept = store?.getItem(LAUNCH_STORAGE_KEY);
    // A reload does not replay the start link: only the first load follows it.
    return kept ? { ...(parseLaunchParams(kept) as MiniAppLaunch), startParam: null } : null;
  } catch {
    return null; // storage disabled: this load still knows from the hash
  }
}

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const START_ROUTES: [RegExp, (id: string) => string][] = [
  [new RegExp(`^trade_(${UUID})$`, 'i'), (id) => `/trade/${id.toLowerCase()}`],
  [new RegExp(`^order_(${UUID})$`, 'i'), (id) => `/order/${id.toLowerCase()}`],
  [/^wallet$/, () => '/wallet'],
];

/** Where a `startapp=` parameter leads: a trade, an order, the wallet; anything else the market. */
export function startAppPath(param: string | null | undefined): string {
  for (const [pattern, path] of START_ROUTES) {
    const match = param?.match(pattern);
    if (match) return path(match[1] ?? '');
  }
  return '/';
}

/** The user id inside the init data (unverified: only to tell whether the stored session is theirs). */
export function initDataUserId(initData: string): string | null {
  try {
    const user: unknown = JSON.parse(new URLSearchParams(initData).get('user') ?? '');
    const id = (user as { id?: unknown } | null)?.id;
    return typeof id === 'number' || typeof id === 'string' ? String(id) : null;
  } catch {
    return null;
  }
}
