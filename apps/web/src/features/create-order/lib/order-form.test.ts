import { describe, expect, it } from 'vitest';
import {
  canPreview,
  counterTone,
  effectiveLimits,
  initialOrderForm,
  type OrderFormState,
  orderFormIssues,
  toCreateOrderBody,
} from './order-form';

const filled = (over: Partial<OrderFormState> = {}): OrderFormState => ({
  ...initialOrderForm('sell'),
  amount: '0,05',
  price: '6 000 000',
  methods: ['sberbank'],
  ...over,
});

const fields = (form: OrderFormState) => orderFormIssues(form).map((i) => i.field);

describe('create-order form', () => {
  it('sends the conditions for the counterparty when typed, and refuses what is not a whole number', () => {
    expect(toCreateOrderBody(filled())).toMatchObject({
      min_taker_trades: undefined,
      min_taker_age_days: undefined,
    });
    expect(toCreateOrderBody(filled({ minTakerTrades: '10', minTakerAgeDays: ' 30 ' }))).toMatchObject({
      min_taker_trades: 10,
      min_taker_age_days: 30,
    });
    expect(fields(filled({ minTakerTrades: '10', minTakerAgeDays: '0' }))).toEqual([]);
    expect(fields(filled({ minTakerTrades: '-1', minTakerAgeDays: '2,5' }))).toEqual([
      'min_taker_trades',
      'min_taker_age_days',
    ]);
    expect(fields(filled({ minTakerTrades: '10001', minTakerAgeDays: '3651' }))).toEqual([
      'min_taker_trades',
      'min_taker_age_days',
    ]);
  });

  it('enables preview only with amount and price above 0 and a payment method', () => {
    expect(canPreview(filled())).toBe(true);
    expect(canPreview(filled({ amount: '0' }))).toBe(false);
    expect(canPreview(filled({ price: '' }))).toBe(false);
    expect(canPreview(filled({ methods: [] }))).toBe(false);
  });

  it('accepts a valid order and builds the snake_case body with string amounts', () => {
    expect(orderFormIssues(filled())).toEqual([]);
    expect(toCreateOrderBody(filled({ description: '  СБП  ' }))).toEqual({
      type: 'sell',
      cryptocurrency: 'BTC',
      fiat_currency: 'RUB',
      amount_crypto: '0.05',
      price_type: 'fixed',
      price_per_unit: '6000000',
      total_amount: '300000.00',
      min_amount: undefined,
      max_amount: undefined,
      payment_methods: ['sberbank'],
      description: 'СБП',
      time_limit: 30,
      min_taker_trades: undefined,
      min_taker_age_days: undefined,
    });
  });

  it('builds a floating order from its margin and guard, without a price of its own', () => {
    const floating = filled({ priceType: 'floating', margin: '1,5', priceLimit: '5 900 000' });
    expect(orderFormIssues(floating)).toEqual([]);
    const body = toCreateOrderBody(floating);
    expect(body).toMatchObject({ price_type: 'floating', margin_percent: '1.5', price_limit: '5900000' });
    expect(body).not.toHaveProperty('price_per_unit');
    expect(fields(filled({ priceType: 'floating', margin: '20.5' }))).toContain('margin_percent');
    expect(fields(filled({ priceType: 'floating', margin: '1', priceLimit: 'abc' }))).toContain(
      'price_limit',
    );
  });

  it('uses the shared rules: coin minimum, total minimum, limits', () => {
    expect(orderFormIssues(filled({ amount: '0.0001' }))[0]?.key).toBe('validation.order.minCrypto');
    expect(fields(filled({ amount: '0.001', price: '100' }))).toContain('total_amount');
    expect(fields(filled({ minLimit: '500' }))).toContain('min_amount');
    expect(fields(filled({ minLimit: '5000', maxLimit: '4000' }))).toContain('max_amount');
    expect(fields(filled({ maxLimit: '300000.01' }))).toContain('max_amount');
  });

  it('says "too many decimals" instead of "below the minimum"', () => {
    expect(orderFormIssues(filled({ amount: '0.123456789' }))[0]?.key).toBe('validation.amount.decimals8');
    expect(orderFormIssues(filled({ price: '100.123' }))[0]?.key).toBe('validation.amount.decimals2');
  });

  it('checks methods, description length and the time limit 15..1440', () => {
    expect(fields(filled({ methods: [] }))).toContain('payment_methods');
    expect(fields(filled({ description: 'x'.repeat(501) }))).toContain('description');
    expect(fields(filled({ timeLimit: '14' }))).toContain('time_limit');
    expect(fields(filled({ timeLimit: '1441' }))).toContain('time_limit');
    expect(fields(filled({ timeLimit: '1440' }))).not.toContain('time_limit');
  });

  it('shows the limits the server will set when none are typed', () => {
    expect(effectiveLimits(filled())).toEqual({ min: '1000.00', max: '300000.00' });
    expect(effectiveLimits(filled({ fiat: 'USD', price: '60000' }))).toEqual({
      min: '10.00',
      max: '3000.00',
    });
  });

  it('colours the description counter at 80 % and 95 % of 500', () => {
    expect(counterTone(399)).toBe('normal');
    expect(counterTone(400)).toBe('warn');
    expect(counterTone(475)).toBe('danger');
  });
});

describe('create-order form: a coin as the currency of payment (docs/decisions/026)', () => {
  const swap = (over: Partial<OrderFormState> = {}) =>
    filled({ fiat: 'USDT', amount: '0,5', price: '97 000,5', methods: [], ...over });

  it('needs no payment method or time to pay; prices and limits have 8 decimals', () => {
    expect(canPreview(swap())).toBe(true);
    expect(orderFormIssues(swap({ timeLimit: '' }))).toEqual([]);
    expect(effectiveLimits(swap())).toEqual({ min: '10.00000000', max: '48500.25000000' });
    expect(fields(swap({ price: '1.123456789' }))).toEqual(['price_per_unit']);
  });

  it('builds a sale with no methods and no time limit, whatever was chosen before', () => {
    expect(toCreateOrderBody(swap({ type: 'buy', methods: ['sberbank'] }))).toMatchObject({
      type: 'sell',
      fiat_currency: 'USDT',
      price_per_unit: '97000.5',
      total_amount: '48500.25000000',
      payment_methods: [],
      time_limit: undefined,
    });
  });

  it('refuses a total under the payment coin minimum and the same coin twice', () => {
    expect(fields(swap({ amount: '0,001', price: '5000' }))).toContain('total_amount');
    expect(fields(swap({ fiat: 'BTC', price: '1' }))).toContain('fiat_currency');
  });
});
