import { describe, expect, it } from 'vitest';
import { messageText } from '@/features/chat/realtime';
import { tradeCreatedText } from '@/features/orders/realtime';
import { tradeUpdatedText } from '@/features/trade/realtime';
import { mayShowLost } from './event-texts';

const tradeId = '63741c28-24d1-4c23-abea-be5ea68854f9';

describe('realtime toast texts', () => {
  it('announces a new trade with amounts in the UI language, fiat with its sign', () => {
    const event = {
      tradeId,
      orderId: tradeId,
      buyerName: 'Вера',
      takerRole: 'buyer',
      cryptocurrency: 'BTC',
      amountCrypto: '0.00243902',
      fiatCurrency: 'RUB',
      amountFiat: '15000.00',
    } as const;
    expect(tradeCreatedText('ru', event)).toBe(
      'Новая сделка от пользователя Вера: 0,00243902\u00a0BTC за 15\u00a0000,00\u00a0₽',
    );
    expect(tradeCreatedText('en', event)).toBe('New trade from Вера: 0.00243902\u00a0BTC for ₽15,000.00');
  });

  it('names the trade by its short id and the new status', () => {
    const base = { tradeId, previousStatus: 'PAYMENT_PENDING', action: 'x', actor: 'seller' } as const;
    expect(tradeUpdatedText('ru', { ...base, status: 'PAYMENT_CONFIRMED' })).toBe(
      'Сделка #a68854f9: Оплата подтверждена',
    );
    // The outcomes in the spec's words.
    expect(tradeUpdatedText('ru', { ...base, status: 'COMPLETED' })).toBe(
      'Сделка #a68854f9: Сделка завершена',
    );
    expect(tradeUpdatedText('ru', { ...base, status: 'CANCELLED' })).toBe(
      'Сделка #a68854f9: Сделка отменена',
    );
    expect(tradeUpdatedText('ru', { ...base, status: 'DISPUTED' })).toBe('Сделка #a68854f9: Открыт спор');
    expect(tradeUpdatedText('ru', { ...base, status: 'ESCROW_LOCKED' })).toBe(
      'Сделка #a68854f9: Ожидание оплаты',
    );
    expect(tradeUpdatedText('en', { ...base, status: 'DISPUTED' })).toBe('Trade #a68854f9: Dispute opened');
  });

  it('names the sender of a message', () => {
    expect(messageText('ru', { tradeId, messageId: tradeId, senderName: 'Алиса', message: 'hi' })).toBe(
      'Сообщение в сделке #a68854f9 от пользователя Алиса',
    );
    expect(
      messageText('ru', {
        tradeId,
        messageId: tradeId,
        senderName: 'Модератор',
        message: 'hi',
        fromModerator: true,
      }),
    ).toBe('Сообщение модератора в сделке #a68854f9');
  });

  it('shows the lost-connection toast at most once per 5 s', () => {
    expect(mayShowLost(0, 5000)).toBe(true);
    expect(mayShowLost(1000, 5999)).toBe(false);
    expect(mayShowLost(1000, 6000)).toBe(true);
  });
});
