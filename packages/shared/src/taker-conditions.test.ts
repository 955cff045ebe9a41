import { describe, expect, it } from 'vitest';
import { translate } from './i18n/index.ts';
import {
  accountAgeDays,
  type TakerConditions,
  type TakerFigures,
  unmetTakerCondition,
} from './taker-conditions.ts';

const NOW = new Date('2026-11-20T10:00:00Z');
const DAY = 24 * 60 * 60 * 1000;
const NONE: TakerConditions = { minTrades: null, minAgeDays: null, minRatingTenths: 0, allowUnrated: true };
const taker: TakerFigures = {
  completedTrades: 5,
  rating: 4.2,
  accountCreatedAt: new Date(NOW.getTime() - 10 * DAY),
};
const text = (c: TakerConditions, t = taker) => {
  const unmet = unmetTakerCondition(c, t, NOW);
  return unmet && translate('ru', unmet.key, unmet.values);
};

describe('conditions for a taker', () => {
  it('none, or zeros, ask nothing', () => {
    expect(unmetTakerCondition(NONE, taker, NOW)).toBeNull();
    expect(unmetTakerCondition({ ...NONE, minTrades: 0, minAgeDays: 0 }, taker, NOW)).toBeNull();
  });

  it('completed trades: the minimum itself passes', () => {
    expect(text({ ...NONE, minTrades: 5 })).toBeNull();
    expect(text({ ...NONE, minTrades: 6 })).toBe(
      'Для этого ордера нужно не менее 6 завершённых сделок: у вас 5',
    );
    expect(text({ ...NONE, minTrades: 21 })).toBe(
      'Для этого ордера нужно не менее 21 завершённой сделки: у вас 5',
    );
  });

  it('account age: whole days since the account was made', () => {
    expect(text({ ...NONE, minAgeDays: 10 })).toBeNull();
    expect(text({ ...NONE, minAgeDays: 11 })).toBe(
      'Для этого ордера нужен аккаунт старше 11 дней: вашему 10 дней',
    );
    const young = { ...taker, accountCreatedAt: new Date(NOW.getTime() - DAY - 1) };
    expect(text({ ...NONE, minAgeDays: 2 }, young)).toBe(
      'Для этого ордера нужен аккаунт старше 2 дней: вашему 1 день',
    );
    expect(accountAgeDays(young.accountCreatedAt, NOW)).toBe(1);
  });

  it('rating: below the minimum refused; unrated as the owner allows', () => {
    expect(text({ ...NONE, minRatingTenths: 42 })).toBeNull();
    expect(text({ ...NONE, minRatingTenths: 43 })).toBe(
      'Владелец ордера принимает сделки только от пользователей с рейтингом не ниже 4.3: ваш рейтинг 4.2.',
    );
    const unrated = { ...taker, rating: null };
    expect(text({ ...NONE, minRatingTenths: 40 }, unrated)).toBeNull();
    expect(text({ ...NONE, minRatingTenths: 40, allowUnrated: false }, unrated)).toBe(
      'Владелец ордера принимает сделки только от пользователей с рейтингом не ниже 4.0: у вас ещё нет оценок.',
    );
  });

  it('names the first unmet condition: trades, then age, then rating', () => {
    const all: TakerConditions = {
      minTrades: 100,
      minAgeDays: 100,
      minRatingTenths: 50,
      allowUnrated: false,
    };
    expect(unmetTakerCondition(all, taker, NOW)?.key).toBe('conditions.minTrades');
    expect(unmetTakerCondition({ ...all, minTrades: 1 }, taker, NOW)?.key).toBe('conditions.minAgeDays');
    expect(unmetTakerCondition({ ...all, minTrades: 1, minAgeDays: 1 }, taker, NOW)?.key).toBe(
      'settings.minRatingRefused',
    );
  });
});
