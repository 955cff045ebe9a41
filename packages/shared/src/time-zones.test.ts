import { describe, expect, it } from 'vitest';
import {
  canonicalTimeZone,
  formatZonedTime,
  isValidTimeZone,
  zoneLabel,
  zoneOffsetMinutes,
} from './time-zones.ts';

const at = new Date('2026-11-26T11:26:00Z');
const summer = new Date('2026-07-01T11:26:00Z');

describe('formatZonedTime', () => {
  it('names Moscow «МСК» in Russian and «MSK» in English', () => {
    expect(formatZonedTime(at, 'Europe/Moscow', 'ru')).toBe('14:26 МСК');
    expect(formatZonedTime(at, 'Europe/Moscow', 'en')).toBe('14:26 MSK');
  });

  it('adds the date when asked', () => {
    expect(formatZonedTime(at, 'Europe/Moscow', 'ru', { withDate: true })).toBe('26.11.2026, 14:26 МСК');
  });

  it('writes other zones with their offset at that instant', () => {
    expect(formatZonedTime(at, 'Asia/Yekaterinburg', 'ru')).toBe('16:26 (UTC+5)');
    expect(formatZonedTime(at, 'Asia/Kolkata', 'en')).toBe('16:56 (UTC+5:30)');
    expect(formatZonedTime(at, 'America/New_York', 'ru')).toBe('06:26 (UTC−5)');
    expect(formatZonedTime(at, 'UTC', 'ru')).toBe('11:26 UTC');
  });

  it('follows summer time in a zone that has it (Europe/Berlin)', () => {
    expect(formatZonedTime(at, 'Europe/Berlin', 'ru')).toBe('12:26 (UTC+1)');
    expect(formatZonedTime(summer, 'Europe/Berlin', 'ru')).toBe('13:26 (UTC+2)');
    expect(zoneOffsetMinutes(summer, 'Europe/Berlin')).toBe(120);
    expect(zoneOffsetMinutes(at, 'Europe/Berlin')).toBe(60);
  });

  it('crosses midnight into the next day in the reader zone', () => {
    const late = new Date('2026-11-26T22:30:00Z');
    expect(formatZonedTime(late, 'Asia/Vladivostok', 'ru', { withDate: true })).toBe(
      '27.11.2026, 08:30 (UTC+10)',
    );
  });

  it('falls back to Moscow for an unknown zone', () => {
    expect(formatZonedTime(at, 'Mars/Olympus', 'ru')).toBe('14:26 МСК');
  });

  it('labels a zone at UTC+0 by its offset, not as UTC itself (London in winter)', () => {
    expect(zoneLabel(at, 'Europe/London', 'en')).toBe('(UTC+0)');
  });
});

describe('time zone validation', () => {
  it('accepts IANA names and canonicalizes their case', () => {
    expect(isValidTimeZone('Europe/Berlin')).toBe(true);
    expect(canonicalTimeZone('europe/berlin')).toBe('Europe/Berlin');
    expect(canonicalTimeZone('UTC')).toBe('UTC');
  });

  it('refuses unknown names and odd shapes', () => {
    expect(isValidTimeZone('Mars/Olympus')).toBe(false);
    expect(isValidTimeZone('')).toBe(false);
    expect(isValidTimeZone('Europe/Berlin; DROP TABLE')).toBe(false);
    expect(isValidTimeZone('x'.repeat(80))).toBe(false);
  });
});
