import { describe, expect, it } from 'vitest';
import { FIAT_CURRENCIES } from './money.ts';
import {
  defaultTimeLimit,
  methodServesFiat,
  PAYMENT_METHOD_LABELS,
  PAYMENT_METHODS,
  PAYMENT_METHODS_BY_FIAT,
  PaymentMethodMessages,
  paymentMethodCode,
} from './payment-methods.ts';
import { paymentMethodField } from './schemas/payment-method-field.ts';
import { TEXT_BAD_CHARACTERS } from './schemas/text.ts';

describe('payment methods by code or name', () => {
  it('knows every code and both of its labels', () => {
    for (const code of PAYMENT_METHODS) {
      expect(paymentMethodCode(code)).toBe(code);
      expect(paymentMethodCode(PAYMENT_METHOD_LABELS[code].ru)).toBe(code);
      expect(paymentMethodCode(PAYMENT_METHOD_LABELS[code].en)).toBe(code);
    }
  });

  it('reads the names people see: the form (Russian) and the market filter (English)', () => {
    const form = ['Сбербанк', 'Тинькофф', 'ВТБ', 'Альфа-Банк', 'QIWI', 'ЮMoney', 'PayPal', 'Наличные'];
    expect(form.map(paymentMethodCode)).toEqual([
      'sberbank',
      'tinkoff',
      'vtb',
      'alfabank',
      'qiwi',
      'yoomoney',
      'paypal',
      'cash',
    ]);
    const filter = [
      'Sberbank',
      'Tinkoff',
      'QIWI',
      'PayPal',
      'VTB',
      'Alfa-Bank',
      'Raiffeisen',
      'YooMoney',
      'Wise',
      'Cash',
    ];
    expect(filter.map(paymentMethodCode)).toEqual([
      'sberbank',
      'tinkoff',
      'qiwi',
      'paypal',
      'vtb',
      'alfabank',
      'raiffeisen',
      'yoomoney',
      'wise',
      'cash',
    ]);
  });

  it('has СБП (Система быстрых платежей) as sbp', () => {
    for (const name of ['СБП', 'сбп', 'SBP', 'sbp', 'Система быстрых платежей', 'Faster Payments System']) {
      expect(paymentMethodCode(name), name).toBe('sbp');
    }
  });

  it('ignores case, surrounding and inner spaces, hyphens and ё/е', () => {
    expect(paymentMethodCode('  сбербанк ')).toBe('sberbank');
    expect(paymentMethodCode('SBERBANK')).toBe('sberbank');
    expect(paymentMethodCode('альфа банк')).toBe('alfabank');
    expect(paymentMethodCode('Alfa Bank')).toBe('alfabank');
    expect(paymentMethodCode('Наличные')).toBe('cash');
    expect(paymentMethodCode('Т-Банк')).toBe('tinkoff');
    expect(paymentMethodCode('Райффайзенбанк')).toBe('raiffeisen');
    expect(paymentMethodCode('QIWI Кошелёк')).toBe('qiwi');
  });

  it('knows nothing else', () => {
    for (const name of ['', ' ', 'Bitcoin', 'сбер банк онлайн 2', 'sber\u0000bank'])
      expect(paymentMethodCode(name)).toBeNull();
  });

  it('the wire field answers the code, or the form messages', () => {
    const field = paymentMethodField();
    expect(field.parse('Тинькофф')).toBe('tinkoff');
    const issue = (v: unknown) => field.safeParse(v).error?.issues[0]?.message;
    expect(issue('Bitcoin')).toBe(PaymentMethodMessages.unknown);
    expect(issue('')).toBe(PaymentMethodMessages.required);
    expect(issue(undefined)).toBe(PaymentMethodMessages.required);
    expect(issue('Сбер\u0000')).toBe(TEXT_BAD_CHARACTERS);
  });
});

describe('payment methods per fiat', () => {
  it('offers PayPal and cash in every currency and local methods only in theirs', () => {
    for (const fiat of FIAT_CURRENCIES) {
      expect(methodServesFiat('paypal', fiat)).toBe(true);
      expect(methodServesFiat('cash', fiat)).toBe(true);
    }
    expect(methodServesFiat('kaspi', 'KZT')).toBe(true);
    expect(methodServesFiat('kaspi', 'RUB')).toBe(false);
    expect(methodServesFiat('sberbank', 'EUR')).toBe(false);
    expect(methodServesFiat('sepa', 'EUR')).toBe(true);
  });

  it('gives an order the longest default time of its methods', () => {
    expect(defaultTimeLimit(['sbp'])).toBe(15);
    expect(defaultTimeLimit(['sbp', 'sberbank'])).toBe(30);
    expect(defaultTimeLimit(['sepa', 'paypal'])).toBe(120);
    expect(defaultTimeLimit([])).toBe(30);
  });

  it('lists every method in some currency', () => {
    const listed = new Set(FIAT_CURRENCIES.flatMap((f) => PAYMENT_METHODS_BY_FIAT[f]));
    expect([...PAYMENT_METHODS].filter((m) => !listed.has(m))).toEqual([]);
  });
});
