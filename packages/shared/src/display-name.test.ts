import { describe, expect, it } from 'vitest';
import {
  DisplayNameMessages,
  OptionalDisplayName,
  RequiredDisplayName,
  suggestDisplayName,
  validateDisplayName,
  validateProfileDisplayName,
} from './display-name.ts';
import { localizeMessage } from './i18n/index.ts';
import { DisplayNameRequest, UpdateMeRequest, UpdateProfileRequest } from './schemas/users.ts';

const REQUIRED = 'Введите отображаемое имя';
const TOO_SHORT = 'Имя должно содержать минимум 2 символа';
const TOO_LONG = 'Имя не должно превышать 30 символов';
const BAD_CHARS = 'Имя может содержать только буквы, цифры, пробелы, дефисы и подчеркивания';
const BAD_CHARS_PROFILE = 'Имя содержит недопустимые символы';

/** A rule's message as a Russian reader sees it (the rules answer catalogue keys). */
const shown = (key: string | null | undefined) => (key ? localizeMessage('ru', key) : key);

describe('the display-name messages', () => {
  it('match the welcome dialog and profile texts word for word', () => {
    expect(Object.fromEntries(Object.entries(DisplayNameMessages).map(([k, v]) => [k, shown(v)]))).toEqual({
      required: REQUIRED,
      tooShort: TOO_SHORT,
      tooLong: TOO_LONG,
      badChars: BAD_CHARS,
      badCharsProfile: BAD_CHARS_PROFILE,
    });
  });
});

describe('validateDisplayName (welcome dialog)', () => {
  it.each([
    ['Ян'],
    ['Алиса'],
    ['Ёжик ёлкин'],
    ['John Smith'],
    ['trader_42'],
    ['Анна-Мария'],
    ['1234'],
    ['Я'.repeat(30)],
    ['  Вася  '],
  ])('accepts %j', (name) => {
    expect(validateDisplayName(name)).toBeNull();
  });

  it.each([
    ['', REQUIRED],
    ['   ', REQUIRED],
    ['\t\n', REQUIRED],
    ['Я', TOO_SHORT],
    [' Я ', TOO_SHORT],
    ['Я'.repeat(31), TOO_LONG],
    [` ${'a'.repeat(30)} `, null],
    ['a.b', BAD_CHARS],
    ['<script>', BAD_CHARS],
    ['Вася!', BAD_CHARS],
    ['Вася 🚀', BAD_CHARS],
    ['user@mail', BAD_CHARS],
    ['Straße', BAD_CHARS],
    ['tab\tinside', BAD_CHARS],
  ])('%j -> %j', (name, message) => {
    expect(shown(validateDisplayName(name))).toBe(message);
  });

  it('checks length before characters', () => {
    expect(shown(validateDisplayName('!'))).toBe(TOO_SHORT);
    expect(shown(validateDisplayName('!'.repeat(31)))).toBe(TOO_LONG);
  });
});

describe('validateProfileDisplayName (profile edit)', () => {
  it('treats empty as valid (it means no custom name)', () => {
    expect(validateProfileDisplayName('')).toBeNull();
    expect(validateProfileDisplayName('    ')).toBeNull();
  });

  it.each([
    ['Я', TOO_SHORT],
    ['x'.repeat(31), TOO_LONG],
    ['<b>', BAD_CHARS_PROFILE],
    ['Имя@почта', BAD_CHARS_PROFILE],
    ['Норм имя', null],
  ])('%j -> %j', (name, message) => {
    expect(shown(validateProfileDisplayName(name))).toBe(message);
  });
});

describe('RequiredDisplayName / OptionalDisplayName schemas', () => {
  const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
    result.success ? null : (result.error?.issues[0]?.message ?? null);

  it('RequiredDisplayName trims and reports the shared messages', () => {
    expect(RequiredDisplayName.parse('  Вася  ')).toBe('Вася');
    expect(shown(firstMessage(RequiredDisplayName.safeParse('')))).toBe(REQUIRED);
    expect(shown(firstMessage(RequiredDisplayName.safeParse(undefined)))).toBe(REQUIRED);
    expect(shown(firstMessage(RequiredDisplayName.safeParse('x')))).toBe(TOO_SHORT);
    expect(shown(firstMessage(RequiredDisplayName.safeParse('x'.repeat(31))))).toBe(TOO_LONG);
    expect(shown(firstMessage(RequiredDisplayName.safeParse('x$')))).toBe(BAD_CHARS);
  });

  it('OptionalDisplayName trims, maps empty to null and uses the profile message', () => {
    expect(OptionalDisplayName.parse('  Вася  ')).toBe('Вася');
    expect(OptionalDisplayName.parse('')).toBeNull();
    expect(OptionalDisplayName.parse('   ')).toBeNull();
    expect(OptionalDisplayName.parse(null)).toBeNull();
    expect(shown(firstMessage(OptionalDisplayName.safeParse('x$')))).toBe(BAD_CHARS_PROFILE);
    expect(shown(firstMessage(OptionalDisplayName.safeParse('x')))).toBe(TOO_SHORT);
  });

  it('request schemas use them', () => {
    expect(DisplayNameRequest.parse({ display_name: ' Ок ' })).toEqual({ display_name: 'Ок' });
    expect(shown(firstMessage(DisplayNameRequest.safeParse({})))).toBe(REQUIRED);
    expect(UpdateProfileRequest.parse({ displayName: '' })).toEqual({ displayName: null });
    expect(UpdateMeRequest.parse({ use_custom_profile: true })).toEqual({ use_custom_profile: true });
    expect(UpdateMeRequest.safeParse({}).success).toBe(false);
    expect(UpdateProfileRequest.safeParse({ displayName: 'Ок', extra: 1 }).success).toBe(false);
  });
});

describe('suggestDisplayName', () => {
  it('uses first and last name', () => {
    expect(suggestDisplayName({ firstName: 'Иван', lastName: 'Петров', username: 'ivan' })).toBe(
      'Иван Петров',
    );
  });

  it('falls back to the first name', () => {
    expect(suggestDisplayName({ firstName: 'Иван', lastName: null, username: 'ivan' })).toBe('Иван');
  });

  it('falls back to the username when the names give nothing usable', () => {
    expect(suggestDisplayName({ firstName: '', lastName: null, username: 'ivan_p' })).toBe('ivan_p');
    expect(suggestDisplayName({ firstName: '🙂', username: 'ivan_p' })).toBe('ivan_p');
    expect(suggestDisplayName({ firstName: 'Я', username: 'ivan_p' })).toBe('ivan_p');
  });

  it('strips characters the rules refuse and keeps within 30 characters', () => {
    expect(suggestDisplayName({ firstName: 'Иван!', lastName: '(Петров)' })).toBe('Иван Петров');
    const long = suggestDisplayName({ firstName: 'А'.repeat(25), lastName: 'Б'.repeat(25) });
    expect(long.length).toBeLessThanOrEqual(30);
    expect(validateDisplayName(long)).toBeNull();
  });

  it('returns an empty string when nothing is usable', () => {
    expect(suggestDisplayName({})).toBe('');
    expect(suggestDisplayName({ firstName: '✨', username: null })).toBe('');
  });

  it('every non-empty suggestion passes the welcome-dialog rules', () => {
    const cases = [
      { firstName: 'Иван', lastName: 'Петров' },
      { firstName: 'Жан-Поль', lastName: "О'Коннор" },
      { firstName: '  ', lastName: 'Петров', username: 'x' },
      { firstName: 'a', lastName: 'b' },
      { username: 'user.name.with.dots' },
      { firstName: `${'Я'.repeat(29)} Ж` },
    ];
    for (const user of cases) {
      const s = suggestDisplayName(user);
      if (s) expect(validateDisplayName(s), JSON.stringify({ user, s })).toBeNull();
    }
  });
});
