import { localizeMessage, type UserSettings } from '@p2p/shared';
import { describe, expect, it } from 'vitest';
import { type DraftError, draftOf, isDirty, requestOf } from './draft';

const stored: UserSettings = {
  notifications: { telegram: true, trades: true, deposits: true, chat: false },
  privacy: { showOnline: true, showStats: true, allowMessages: true },
  trading: { autoReply: '', timeLimit: 15, minRating: 4, allowUnrated: true, hideOrdersAwayMinutes: null },
  telegramConnected: false,
  updatedAt: null,
};

describe('settings form', () => {
  it('sends what was typed, with a comma decimal accepted', () => {
    const draft = { ...draftOf(stored), minRating: '4,5', timeLimit: '30', autoReply: 'Привет' };
    expect(isDirty(draft, stored)).toBe(true);
    const request = requestOf(draft);
    expect(request).toEqual({
      ok: true,
      body: {
        notifications: stored.notifications,
        privacy: stored.privacy,
        trading: {
          autoReply: 'Привет',
          timeLimit: 30,
          minRating: 4.5,
          allowUnrated: true,
          hideOrdersAwayMinutes: null,
        },
      },
    });
  });

  it('sends the away window only while the switch is on, and refuses one out of range', () => {
    const off = draftOf(stored);
    expect(off).toMatchObject({ hideAway: false, hideAwayMinutes: '30' });
    const on = requestOf({ ...off, hideAway: true, hideAwayMinutes: '15' });
    expect(on.ok && on.body.trading?.hideOrdersAwayMinutes).toBe(15);
    const bad = requestOf({ ...off, hideAway: true, hideAwayMinutes: '2' });
    expect(bad.ok).toBe(false);
    if (bad.ok) return;
    const e = bad.errors.hideAwayMinutes;
    expect(e && localizeMessage('ru', e.message, e.values)).toBe(
      'Время отсутствия: целое число минут от 5 до 1440',
    );
  });

  it('refuses out-of-range values with the shared messages, per field', () => {
    const bad = requestOf({
      ...draftOf(stored),
      timeLimit: '61',
      minRating: '4.55',
      autoReply: 'x'.repeat(501),
    });
    expect(bad.ok).toBe(false);
    if (bad.ok) return;
    // As a Russian reader sees them: the shared keys with their values.
    const shown = (e?: DraftError) => e && localizeMessage('ru', e.message, e.values);
    expect(shown(bad.errors.timeLimit)).toBe('Время на оплату должно быть от 5 до 60 минут');
    expect(shown(bad.errors.minRating)).toBe(
      'Минимальный рейтинг партнёра должен быть от 0 до 5 с шагом 0.1',
    );
    expect(shown(bad.errors.autoReply)).toBe('Автоответ не должен превышать 500 символов');
    const low = requestOf({ ...draftOf(stored), timeLimit: '4', minRating: '' });
    expect(low.ok).toBe(false);
    if (!low.ok) expect(Object.keys(low.errors).sort()).toEqual(['minRating', 'timeLimit']);
  });

  it('is clean when nothing changed', () => {
    expect(isDirty(draftOf(stored), stored)).toBe(false);
  });
});
