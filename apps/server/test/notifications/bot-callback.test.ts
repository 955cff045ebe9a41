import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { type BotCallback, formatCallback, parseCallback } from '../../src/modules/telegram/bot-callback.ts';

/** The bot's button data: what the keyboards write is what the handlers read, and nothing else. */
describe('bot callback data', () => {
  const id = randomUUID();

  it('reads back every button it writes, with the data Telegram has always carried', () => {
    const buttons: [BotCallback, string][] = [
      [{ action: 'confirmReceipt', id }, `a:cr:${id}`],
      [{ action: 'confirmReceiptSure', id }, `y:cr:${id}`],
      [{ action: 'markPaid', id }, `a:mp:${id}`],
      [{ action: 'markPaidSure', id }, `y:mp:${id}`],
      [{ action: 'notMe', id }, `nm:${id}`],
      [{ action: 'notMeSure', id }, `nmy:${id}`],
      [{ action: 'decline' }, 'n'],
    ];
    for (const [callback, data] of buttons) {
      expect(formatCallback(callback)).toBe(data);
      expect(parseCallback(data)).toEqual(callback);
      // Telegram allows at most 64 bytes of callback data.
      expect(Buffer.byteLength(data)).toBeLessThanOrEqual(64);
    }
  });

  it('refuses data that is not exactly one of its buttons', () => {
    for (const data of [
      '',
      'a:cr',
      'a:cr:',
      `a:cr:${id.toUpperCase()}`,
      `a:cr:${id.slice(1)}`,
      `a:cr:${id}:extra`,
      `a:xx:${id}`,
      `x:cr:${id}`,
      `cr:${id}`,
      `nm:${id}x`,
      `nmy:../${id.slice(3)}`,
      'n:',
      'nn',
      `__proto__:${id}`,
      `constructor:${id}`,
    ]) {
      expect(parseCallback(data), data).toBeNull();
    }
  });
});
