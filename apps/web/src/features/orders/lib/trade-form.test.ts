import { describe, expect, it } from 'vitest';
import {
  cryptoPreview,
  hasTradableRange,
  normalizeDecimalInput,
  type TradeTerms,
  tradeFormSchema,
  tradeLimits,
  tradeRequestBody,
} from './trade-form';

/** A sell order of 0.2 BTC at 6 150 000 ₽, limits 1 000 – 1 230 000 ₽. */
const terms: TradeTerms = {
  min_amount: '1000.00',
  max_amount: '1230000.00',
  available_fiat: '1230000.00',
  price_per_unit: '6150000.00',
  payment_methods: ['sberbank', 'tinkoff'],
};

describe('trade form: fiat amount -> crypto', () => {
  it('divides by the price and rounds DOWN to 8 decimals, as the server does', () => {
    // 5000 / 6150000 = 0.000813008130... -> 0.00081300
    expect(cryptoPreview('5000', terms.price_per_unit)).toBe('0.00081300');
    // 1 000 / 96.50 = 10.36269430051... -> 10.36269430 (never rounded up)
    expect(cryptoPreview('1000', '96.50')).toBe('10.36269430');
  });

  it('accepts what people type: spaces and a comma', () => {
    expect(normalizeDecimalInput('1 000,5')).toBe('1000.5');
    expect(cryptoPreview('6\u00a0150\u00a0000,00', terms.price_per_unit)).toBe('1.00000000');
  });

  it('shows nothing for a non-number, zero or more than 2 decimals', () => {
    expect(cryptoPreview('', terms.price_per_unit)).toBeNull();
    expect(cryptoPreview('abc', terms.price_per_unit)).toBeNull();
    expect(cryptoPreview('0', terms.price_per_unit)).toBeNull();
    expect(cryptoPreview('10.555', terms.price_per_unit)).toBeNull();
  });

  it('sends the normalised fiat amount and the crypto preview', () => {
    expect(
      tradeRequestBody('o1', { amount: '5 000,5', paymentMethod: 'tinkoff' }, terms.price_per_unit),
    ).toEqual({
      orderId: 'o1',
      amountFiat: '5000.50',
      amountCrypto: '0.00081308',
      paymentMethod: 'tinkoff',
    });
  });
});

describe('trade form: validation', () => {
  const orderId = '63741c28-24d1-4c23-abea-be5ea68854f9';
  const range = { min: '1 000,00 ₽', max: '1 230 000,00 ₽' };
  const valid = { amount: '5000', paymentMethod: 'sberbank' };
  /** The catalogue key of each field's first problem (the form shows it translated). */
  const problems = (values: typeof valid, with_ = terms) => {
    const result = tradeFormSchema(orderId, with_, range).safeParse(values);
    if (result.success) return {};
    return Object.fromEntries(result.error.issues.map((i) => [String(i.path[0]), i.message]));
  };

  it('turns a valid amount and method into the request body the shared schema accepts', () => {
    expect(
      tradeFormSchema(orderId, terms, range).parse({ amount: '5 000,5', paymentMethod: 'sberbank' }),
    ).toEqual({
      orderId,
      amountFiat: '5000.50',
      amountCrypto: '0.00081308',
      paymentMethod: 'sberbank',
    });
  });

  it('requires an amount and a method', () => {
    expect(problems({ amount: '  ', paymentMethod: '' })).toEqual({
      amount: 'validation.trade.amountRequired',
      paymentMethod: 'validation.trade.methodRequired',
    });
  });

  it('refuses amounts outside the limits, inclusive bounds allowed, and names the limits', () => {
    expect(problems({ ...valid, amount: '999.99' }).amount).toBe('validation.trade.range');
    expect(problems({ ...valid, amount: '1000' }).amount).toBeUndefined();
    expect(problems({ ...valid, amount: '1230000' }).amount).toBeUndefined();
    expect(problems({ ...valid, amount: '1230000.01' }).amount).toBe('validation.trade.range');
    const issue = tradeFormSchema(orderId, terms, range).safeParse({ ...valid, amount: '1' }).error
      ?.issues[0];
    expect(issue).toMatchObject({ params: range });
  });

  it('caps the maximum at what the order still has', () => {
    const partly = { ...terms, available_fiat: '615000.00' };
    expect(tradeLimits(partly)).toEqual({ min: 100000n, max: 61500000n });
    expect(problems({ ...valid, amount: '700000' }, partly).amount).toBe('validation.trade.range');
  });

  it('says when the input is not a number', () => {
    expect(problems({ ...valid, amount: '12,345' }).amount).toBe('validation.amount.decimals2');
  });

  it('refuses a method the order does not offer', () => {
    expect(problems({ ...valid, paymentMethod: 'paypal' }).paymentMethod).toBe(
      'validation.trade.methodRequired',
    );
  });

  it('knows an order with less left than its minimum cannot take a trade', () => {
    expect(hasTradableRange(terms)).toBe(true);
    expect(hasTradableRange({ ...terms, available_fiat: '999.00' })).toBe(false);
  });
});
