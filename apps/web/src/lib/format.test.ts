import { describe, expect, it } from 'vitest';
import {
  EMPTY,
  formatCrypto,
  formatDateTime,
  formatDuration,
  formatEstimate,
  formatFiat,
  formatFileSize,
  formatMoment,
  formatNumber,
  formatPercent,
  formatRating,
  formatTenths,
  formatTime,
  paymentMethodLabel,
} from './format';

const NB = '\u00a0';

describe('formatting module', () => {
  it('writes fiat with its sign in the style of the UI language', () => {
    expect(formatFiat('15000.00', 'RUB', 'ru')).toBe(`15${NB}000,00${NB}₽`);
    expect(formatFiat('15000', 'RUB', 'en')).toBe('₽15,000.00');
    expect(formatFiat('1234567.891', 'USD', 'ru')).toBe(`1${NB}234${NB}567,89${NB}$`);
    expect(formatFiat('1000', 'RUB', 'ru', 0)).toBe(`1${NB}000${NB}₽`);
    expect(formatFiat('10.50', 'UAH', 'en')).toBe(`10.50${NB}UAH`);
    expect(formatFiat('10.50', 'EUR', 'en')).toBe('€10.50');
  });

  it('writes crypto to 8 decimals, balances of USDT to 2, never rounding up', () => {
    expect(formatCrypto('0.00241935', 'BTC', 'ru')).toBe(`0,00241935${NB}BTC`);
    expect(formatCrypto('1500.00000000', 'USDT', 'ru', { balance: true })).toBe(`1${NB}500,00${NB}USDT`);
    expect(formatCrypto('0.999', 'USDT', 'en', { balance: true, unit: false })).toBe('0.99');
    expect(formatCrypto('0.5', 'ETH', 'en', { balance: true })).toBe(`0.50000000${NB}ETH`);
    expect(formatNumber('0001234', 'en')).toBe('1,234');
  });

  it('writes ratings, percentages and deviations with the language decimal mark', () => {
    expect(formatRating(4.8, 'ru')).toBe('4,8');
    expect(formatRating(4.8, 'en')).toBe('4.8');
    expect(formatRating(5, 'ru')).toBe('5,0');
    expect(formatPercent(97.5, 'ru')).toBe('97,5%');
    expect(formatPercent(100, 'en')).toBe('100%');
    expect(formatTenths(17n, 'ru')).toBe('+1,7%');
    expect(formatTenths(-5n, 'en')).toBe('-0.5%');
  });

  it('writes sizes and durations in words of the language', () => {
    expect(formatFileSize(7 * 1024, 'ru')).toBe('7 КБ');
    expect(formatFileSize(7 * 1024, 'en')).toBe('7 KB');
    expect(formatFileSize(300, 'en')).toBe('300 B');
    expect(formatFileSize(1.5 * 1024 * 1024, 'ru')).toBe('1,5 МБ');
    expect(formatDuration(300, 'ru')).toBe('5 минут');
    expect(formatDuration(60, 'ru')).toBe('1 минута');
    expect(formatDuration(3900, 'ru')).toBe('1 ч 5 мин');
    expect(formatDuration(45, 'en')).toBe('45 seconds');
  });

  it('has one empty value for dates and estimates', () => {
    expect(formatDateTime(null, 'ru')).toBe(EMPTY);
    expect(formatDateTime('not a date', 'en')).toBe(EMPTY);
    expect(formatDateTime('2026-01-02T10:05:00Z', 'en')).toMatch(/2026/);
    expect(formatEstimate(null, 'RUB', 'ru')).toBe(EMPTY);
    expect(formatEstimate(123456n, 'RUB', 'ru')).toBe(`≈ 1${NB}234,56${NB}₽`);
  });

  it('labels payment methods in the UI language, СБП included', () => {
    expect(paymentMethodLabel('sbp', 'ru')).toBe('СБП (Система быстрых платежей)');
    expect(paymentMethodLabel('sbp', 'en')).toBe('SBP (Faster Payments System)');
    expect(paymentMethodLabel('tinkoff', 'en')).toBe('Tinkoff');
    expect(paymentMethodLabel('unknown_bank', 'ru')).toBe('unknown_bank');
  });

  it('writes the time of day as Intl does in both languages, without asking it', () => {
    const start = new Date(2026, 0, 1, 0, 0).getTime();
    for (let minutes = 0; minutes < 24 * 60; minutes += 7) {
      const date = new Date(start + minutes * 60_000);
      for (const [lang, locale] of [
        ['ru', 'ru-RU'],
        ['en', 'en-GB'],
      ] as const) {
        const intl = new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit' }).format(date);
        expect(formatTime(date.toISOString(), lang)).toBe(intl);
        expect(formatMoment(date.toISOString(), lang, date)).toBe(intl);
      }
    }
    expect(formatTime('not a date', 'ru')).toBe(EMPTY);
  });
});
