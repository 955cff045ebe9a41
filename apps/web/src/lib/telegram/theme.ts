/**
 * Telegram's theme as the app's design tokens (docs/decisions/029): the colours Telegram sends
 * (`themeParams`, light or dark, again on every `theme_changed`) replace the CSS variables of
 * styles/base.css. Buy stays green and sell red; their shades follow the theme's lightness.
 */
import { on } from './bridge';

/** `bg_color` and `bgColor` alike: Telegram sends snake case, older tools camel case. */
const key = (name: string) => name.replace(/_/g, '').toLowerCase();
const HEX = /^#[0-9a-f]{6}$/i;

/** Relative luminance below one half: a dark theme. */
export function isDarkColor(hex: string): boolean {
  const [r, g, b] = [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16) / 255);
  return 0.2126 * (r ?? 0) + 0.7152 * (g ?? 0) + 0.0722 * (b ?? 0) < 0.5;
}

const mix = (color: string, percent: number, base = 'var(--surface)') =>
  `color-mix(in srgb, ${color} ${percent}%, ${base})`;

/** Trading colours readable on the theme's surfaces (AA on both). */
const LIGHT = { buy: '#0b7a43', sell: '#c0262d', warn: '#9a4d00' };
const DARK = { buy: '#4cc38a', sell: '#ff6b6b', warn: '#f0a44b' };

/** Telegram's colours in the launch parameters (`tgWebAppThemeParams`, JSON); {} when unreadable. */
export function launchThemeParams(rawLaunch: string): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(new URLSearchParams(rawLaunch).get('tgWebAppThemeParams') ?? '{}');
    return typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

export interface ThemeTokens {
  dark: boolean;
  /** CSS custom properties to set on the document element. */
  vars: Record<string, string>;
  /** The theme's button colours, for Telegram's own MainButton (controls.ts). */
  button: { color?: string; text_color?: string };
}

/** The design tokens for Telegram's theme colours; colours it did not send keep the app's own. */
export function themeTokens(params: Record<string, unknown>): ThemeTokens {
  const colors = new Map<string, string>();
  for (const [name, value] of Object.entries(params)) {
    if (typeof value === 'string' && HEX.test(value)) colors.set(key(name), value.toLowerCase());
  }
  const pick = (...names: string[]) => names.map((n) => colors.get(n)).find(Boolean);
  const bg = pick('bgcolor');
  const dark = bg ? isDarkColor(bg) : false;
  const vars: Record<string, string> = {};
  const set = (name: string, value: string | undefined) => {
    if (value) vars[name] = value;
  };
  set('--surface', pick('sectionbgcolor', 'bgcolor'));
  set('--bg', pick('secondarybgcolor', 'bgcolor'));
  set('--surface-2', pick('secondarybgcolor'));
  set('--text', pick('textcolor'));
  set('--text-muted', pick('subtitletextcolor', 'hintcolor'));
  set('--border', pick('sectionseparatorcolor'));
  set('--border-strong', pick('hintcolor', 'sectionseparatorcolor'));
  const button = pick('buttoncolor');
  if (button) {
    vars['--primary'] = button;
    vars['--focus'] = button;
    vars['--primary-hover'] = mix(button, 85, 'var(--text)');
    vars['--primary-soft'] = mix(button, 14);
  }
  set('--on-primary', pick('buttontextcolor'));
  set('--link', pick('linkcolor', 'accenttextcolor'));
  if (bg) {
    const trade = dark ? DARK : LIGHT;
    vars['--buy'] = trade.buy;
    vars['--sell'] = trade.sell;
    vars['--warn'] = trade.warn;
    vars['--buy-hover'] = mix(trade.buy, 85, dark ? '#ffffff' : '#000000');
    vars['--sell-hover'] = mix(trade.sell, 85, dark ? '#ffffff' : '#000000');
    vars['--buy-soft'] = mix(trade.buy, 16);
    vars['--sell-soft'] = mix(trade.sell, 16);
    vars['--warn-soft'] = mix(trade.warn, 16);
    vars['color-scheme'] = dark ? 'dark' : 'light';
  }
  const text = pick('buttontextcolor');
  return {
    dark,
    vars,
    button: { ...(button ? { color: button } : {}), ...(text ? { text_color: text } : {}) },
  };
}

let themeVars: string[] = [];
let buttonColors: ThemeTokens['button'] = {};

/** The button colours of the theme on the page ({} before a theme came, or without them). */
export function themeButtonColors(): ThemeTokens['button'] {
  return buttonColors;
}

/** Lays Telegram's theme over the design tokens (the previous one's variables first removed). */
export function applyTheme(params: Record<string, unknown>): void {
  const root = document.documentElement;
  const { dark, vars, button } = themeTokens(params);
  buttonColors = button;
  for (const name of themeVars) root.style.removeProperty(name);
  for (const [name, value] of Object.entries(vars)) root.style.setProperty(name, value);
  themeVars = Object.keys(vars);
  root.classList.toggle('tma--dark', dark);
}

/**
 * Follows the client's theme changes (`theme_changed`) from the page's first script on: a change
 * in the first second is on the page at once (docs/decisions/068, 069). Malformed ones are ignored.
 */
export function followTheme(): void {
  on('theme_changed', (data) => {
    const params = (data as { theme_params?: unknown } | null)?.theme_params;
    if (typeof params !== 'object' || params === null || Array.isArray(params)) return;
    applyTheme(params as Record<string, unknown>);
  });
}
