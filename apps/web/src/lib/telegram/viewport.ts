/**
 * Telegram's viewport on the page (docs/decisions/069): the height Telegram gives the app (its
 * stable height, once a drag has settled), its width and the device's safe areas, as the CSS
 * variables telegram.css lays out with (`--tg-viewport-stable-height`,
 * `--tg-viewport-safe-area-inset-top`, ...). Mobile clients answer `web_app_request_viewport`
 * and tell each change; desktop and web clients do not, and their viewport is the window.
 */
import { on, postEvent } from './bridge';

/** Clients that never answer a viewport request: their app's viewport is the window's. */
const WINDOW_SIZED = new Set(['macos', 'tdesktop', 'unigram', 'webk', 'weba', 'web']);

const SIDES = ['top', 'bottom', 'left', 'right'] as const;

function setPx(name: string, value: unknown): void {
  if (typeof value === 'number' && Number.isFinite(value) && value >= 0)
    document.documentElement.style.setProperty(`--tg-viewport-${name}`, `${Math.round(value)}px`);
}

function setInsets(prefix: string, data: unknown): void {
  const insets = (data ?? {}) as Record<string, unknown>;
  for (const side of SIDES) setPx(`${prefix}-inset-${side}`, insets[side]);
}

function setSize(data: unknown): void {
  const size = (data ?? {}) as { height?: unknown; width?: unknown; is_state_stable?: unknown };
  setPx('height', size.height);
  setPx('width', size.width);
  if (size.is_state_stable === true) setPx('stable-height', size.height);
}

function windowSize(): void {
  setSize({ height: window.innerHeight, width: window.innerWidth, is_state_stable: true });
}

/** Follows the viewport of a launch on `platform` (`tgWebAppPlatform`) from now on. */
export function followViewport(platform: string): void {
  on('safe_area_changed', (data) => setInsets('safe-area', data));
  on('content_safe_area_changed', (data) => setInsets('content-safe-area', data));
  postEvent('web_app_request_safe_area');
  postEvent('web_app_request_content_safe_area');
  if (WINDOW_SIZED.has(platform)) {
    windowSize();
    window.addEventListener('resize', windowSize);
    return;
  }
  on('viewport_changed', setSize);
  postEvent('web_app_request_viewport');
}
