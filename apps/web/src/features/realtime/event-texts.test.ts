import { createTranslator } from '@p2p/shared';
import { describe, expect, it } from 'vitest';
import { mayShowLost, messageText, type TextOf, tradeCreatedText, tradeUpdatedText } from './event-texts';

const t = createTranslator('ru') as TextOf;

const tradeId = '63741c28-24d1-4c23-abea-be5ea68854f9';

describe('realtime toast texts (spec 1 §8)', () => {
  it('announces a new trade with Russian-formatted amounts', () => {
    const text = tradeCreatedText(t, {
      tradeId,
      orderId: tradeId,
      buyerName: 'Вера',
      takerRole: 'buyer',
      cryptocurrency: 'BTC',
      amountCrypto: '0.00243902',
      fiatCurrency: 'RUB',
      amountFiat: '15000.00',
    });
    expect(text).toBe('Новая сделка от Вера: 0,00243902 BTC за 15\u00a0000,00 RUB');
  });

  it('names the trade by its short id and the new status', () => {
    const base = { tradeId, previousStatus: 'PAYMENT_PENDING', action: 'x', actor: 'seller' } as const;
    expect(tradeUpdatedText(t, { ...base, status: 'PAYMENT_CONFIRMED' })).toBe(
      'Сделка #a68854f9: Оплата подтверждена',
    );
    expect(tradeUpdatedText(t, { ...base, status: 'COMPLETED' })).toBe('Сделка #a68854f9: Сделка завершена');
    expect(tradeUpdatedText(t, { ...base, status: 'DISPUTED' })).toBe('Сделка #a68854f9: Открыт спор');
  });

  it('names the sender of a message', () => {
    expect(messageText(t, { tradeId, messageId: tradeId, senderName: 'Алиса', message: 'hi' })).toBe(
      'Сообщение в сделке #a68854f9 от Алиса',
    );
  });

  it('shows the lost-connection toast at most once per 5 s', () => {
    expect(mayShowLost(0, 5000)).toBe(true);
    expect(mayShowLost(1000, 5999)).toBe(false);
    expect(mayShowLost(1000, 6000)).toBe(true);
  });
});
