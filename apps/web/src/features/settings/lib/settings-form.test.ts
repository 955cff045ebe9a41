import { issueValues, localizeMessage, type UserSettings } from '@p2p/shared';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { draftOf, settingsFormSchema } from './draft';

const stored: UserSettings = {
  notifications: { telegram: true, trades: true, deposits: true, chat: false },
  privacy: { showOnline: true, showStats: true, allowMessages: true },
  trading: { autoReply: '', timeLimit: 15, minRating: 4, allowUnrated: true, hideOrdersAwayMinutes: null },
  telegramConnected: false,
  updatedAt: null,
};

describe('the settings form schema', () => {
  it('turns the draft into the request body', () => {
    expect(settingsFormSchema.parse({ ...draftOf(stored), minRating: '4,5' })).toEqual({
      notifications: stored.notifications,
      privacy: stored.privacy,
      trading: {
        autoReply: '',
        timeLimit: 15,
        minRating: 4.5,
        allowUnrated: true,
        hideOrdersAwayMinutes: null,
      },
    });
  });

  it('puts each refusal under its own field, with the shared message', () => {
    const result = settingsFormSchema.safeParse({ ...draftOf(stored), timeLimit: '61', minRating: '' });
    const shown = (i: z.core.$ZodIssue) => localizeMessage('ru', i.message, issueValues(i));
    expect(result.error?.issues.map((i) => [i.path.join('.'), shown(i)])).toEqual([
      ['timeLimit', 'Время на оплату должно быть от 5 до 60 минут'],
      ['minRating', 'Минимальный рейтинг партнёра должен быть от 0 до 5 с шагом 0.1'],
    ]);
  });
});
