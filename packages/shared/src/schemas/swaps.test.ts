import { describe, expect, it } from 'vitest';
import { issueValues, localizeMessage } from '../i18n/index.ts';
import { priceDeviationBp, swapQuoteForCrypto, swapQuoteForPaid } from '../swaps.ts';
import { CreateOrderRequest, OrderBookQuery } from './orders.ts';
import { TakeSwapRequest } from './swaps.ts';

/** 0.5 BTC for USDT at 97 000 USDT per BTC (docs/decisions/026). */
const swap = {
  type: 'sell',
  cryptocurrency: 'BTC',
  fiat_currency: 'USDT',
  amount_crypto: '0.5',
  price_per_unit: '97000.12345678',
};

function messagesOf(input: Record<string, unknown>): string[] {
  const parsed = CreateOrderRequest.safeParse(input);
  if (parsed.success) return [];
  return parsed.error.issues.map((i) =>
    localizeMessage('ru', i.message, issueValues(i)).replace(/\u00a0/g, ' '),
  );
}

describe('CreateOrderRequest: a coin as the currency of payment', () => {
  it('accepts a sale of one coin for another with no payment methods, the price in 8 decimals', () => {
    const parsed = CreateOrderRequest.parse(swap);
    expect(parsed.payment_methods).toEqual([]);
    expect(parsed.fiat_currency).toBe('USDT');
  });

  it('refuses a buy and names the sale to publish instead', () => {
    expect(messagesOf({ ...swap, type: 'buy' })).toEqual([
      'Обмен публикуется только как продажа: чтобы купить BTC за USDT, опубликуйте продажу USDT за BTC',
    ]);
  });

  it('refuses the same coin on both sides, a total or a limit under the payment coin minimum', () => {
    expect(messagesOf({ ...swap, fiat_currency: 'BTC', price_per_unit: '1' })).toEqual([
      'Монета оплаты должна отличаться от продаваемой',
    ]);
    expect(messagesOf({ ...swap, amount_crypto: '0.001', price_per_unit: '5000' })).toEqual([
      'Минимальная сумма обмена: 10 USDT',
    ]);
    expect(messagesOf({ ...swap, min_amount: '9.99999999' })).toEqual([
      'Минимальный лимит должен быть не менее 10 USDT и не больше общей суммы',
    ]);
  });

  it('still requires a payment method of a fiat order', () => {
    expect(messagesOf({ ...swap, fiat_currency: 'RUB', price_per_unit: '5000000' })).toEqual([
      'Выберите хотя бы один способ оплаты',
    ]);
  });

  it('lets the book filter by a coin of payment', () => {
    expect(OrderBookQuery.parse({ fiat_currency: 'USDT' }).fiat_currency).toBe('USDT');
  });
});

describe('TakeSwapRequest and the swap arithmetic', () => {
  it('takes exactly one amount', () => {
    expect(TakeSwapRequest.safeParse({ amount_crypto: '0.1', totp_code: '123456' }).success).toBe(true);
    expect(TakeSwapRequest.safeParse({ amount_paid: '100' }).success).toBe(true);
    expect(TakeSwapRequest.safeParse({ amount_crypto: '0.1', amount_paid: '100' }).success).toBe(false);
    expect(TakeSwapRequest.safeParse({ totp_code: '123456' }).success).toBe(false);
  });

  it('never shorts the maker: the payment rounds up, the coins bought round down', () => {
    const price = 9_700_012_345_678n; // 97 000.12345678 USDT per BTC
    expect(swapQuoteForCrypto(1n, price, 1000n)).toEqual({
      amountCrypto: 1n,
      amountPaid: 97_001n,
      fee: 0n,
      received: 1n,
    });
    expect(swapQuoteForPaid(97_000n, price, 1000n).amountCrypto).toBe(0n);
    expect(swapQuoteForCrypto(10_000_000n, price, 1000n)).toEqual({
      amountCrypto: 10_000_000n,
      amountPaid: 970_001_234_568n,
      fee: 10_000n,
      received: 9_990_000n,
    });
  });

  it('measures a deviation in basis points of the market, signed', () => {
    expect(priceDeviationBp(120n, 100n)).toBe(2000n);
    expect(priceDeviationBp(79n, 100n)).toBe(-2100n);
  });
});
