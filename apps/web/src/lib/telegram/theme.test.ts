import { describe, expect, it } from 'vitest';
import { isDarkColor, launchThemeParams, themeTokens } from './theme';

/** Telegram Desktop's day and night themes, as a launch sends them. */
const DAY = {
  bg_color: '#ffffff',
  secondary_bg_color: '#f1f1f1',
  section_bg_color: '#ffffff',
  text_color: '#000000',
  hint_color: '#999999',
  subtitle_text_color: '#707579',
  link_color: '#2481cc',
  button_color: '#2481cc',
  button_text_color: '#ffffff',
  section_separator_color: '#e7e7e7',
};
const NIGHT = {
  bg_color: '#17212b',
  secondary_bg_color: '#232e3c',
  text_color: '#f5f5f5',
  hint_color: '#708499',
  link_color: '#6ab3f3',
  button_color: '#5288c1',
  button_text_color: '#ffffff',
};

describe('themeTokens', () => {
  it('maps a light theme onto the design tokens', () => {
    const { dark, vars, button } = themeTokens(DAY);
    expect(dark).toBe(false);
    // Telegram's own MainButton in the theme's button colours (controls.ts).
    expect(button).toEqual({ color: '#2481cc', text_color: '#ffffff' });
    expect(themeTokens({ bg_color: '#ffffff' }).button).toEqual({});
    expect(vars).toMatchObject({
      '--surface': '#ffffff',
      '--bg': '#f1f1f1',
      '--surface-2': '#f1f1f1',
      '--text': '#000000',
      '--text-muted': '#707579',
      '--border': '#e7e7e7',
      '--primary': '#2481cc',
      '--on-primary': '#ffffff',
      '--link': '#2481cc',
      '--buy': '#0b7a43',
      '--sell': '#c0262d',
      'color-scheme': 'light',
    });
  });

  it('maps a dark theme, with lighter trading colours and the page on the secondary background', () => {
    const { dark, vars } = themeTokens(NIGHT);
    expect(dark).toBe(true);
    expect(vars['--bg']).toBe('#232e3c');
    expect(vars['--surface']).toBe('#17212b');
    expect(vars['--text-muted']).toBe('#708499');
    expect(vars['--primary']).toBe('#5288c1');
    expect(vars['--buy']).toBe('#4cc38a');
    expect(vars['--sell']).toBe('#ff6b6b');
    expect(vars['color-scheme']).toBe('dark');
    expect(vars['--primary-soft']).toContain('#5288c1');
  });

  it('accepts camel-case keys too', () => {
    expect(themeTokens({ bgColor: '#17212b', buttonColor: '#5288c1' }).vars).toMatchObject({
      '--surface': '#17212b',
      '--primary': '#5288c1',
    });
  });

  it('keeps the app tokens for colours Telegram did not send or sent malformed', () => {
    expect(themeTokens({})).toEqual({ dark: false, vars: {}, button: {} });
    const { vars } = themeTokens({ text_color: 'red', button_color: '#12345', bg_color: 'url(x)' });
    expect(vars).toEqual({});
  });
});

describe('isDarkColor', () => {
  it('tells dark backgrounds from light ones', () => {
    expect(isDarkColor('#17212b')).toBe(true);
    expect(isDarkColor('#000000')).toBe(true);
    expect(isDarkColor('#ffffff')).toBe(false);
    expect(isDarkColor('#f1f1f1')).toBe(false);
  });
});

describe('launchThemeParams', () => {
  it('reads the theme JSON of the launch parameters', () => {
    const raw = new URLSearchParams({ tgWebAppThemeParams: JSON.stringify(NIGHT) }).toString();
    expect(launchThemeParams(raw)).toEqual(NIGHT);
    expect(themeTokens(launchThemeParams(raw)).vars['--bg']).toBe('#232e3c');
  });

  it('is empty when the theme is missing or not JSON', () => {
    expect(launchThemeParams('tgWebAppVersion=8.0')).toEqual({});
    expect(launchThemeParams('tgWebAppThemeParams=%7Boops')).toEqual({});
    expect(launchThemeParams('tgWebAppThemeParams=null')).toEqual({});
  });
});
