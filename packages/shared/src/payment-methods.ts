import type { MessageKey } from './i18n/runtime.ts';
import type { FiatCurrency } from './money.ts';

/**
 * Payment methods of orders and trades. Stored and answered as stable codes; clients may send
 * the code or a name in Russian or English (the names people see on the order form and the
 * market filter), see docs/decisions/013-input-hardening.md. No zod here
 * (the market's filters need the list on the first load): the wire field is
 * schemas/payment-method-field.ts.
 */
export const PAYMENT_METHODS = [
  'sberbank',
  'tinkoff',
  'vtb',
  'alfabank',
  'raiffeisen',
  'sbp',
  'qiwi',
  'yoomoney',
  'paypal',
  'wise',
  'cash',
  'sepa',
  'revolut',
  'kaspi',
  'papara',
  'ziraat',
  'alipay',
  'wechat',
] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, { ru: string; en: string }> = {
  sberbank: { ru: 'Сбербанк', en: 'Sberbank' },
  tinkoff: { ru: 'Тинькофф', en: 'Tinkoff' },
  vtb: { ru: 'ВТБ', en: 'VTB' },
  alfabank: { ru: 'Альфа-Банк', en: 'Alfa-Bank' },
  raiffeisen: { ru: 'Райффайзен', en: 'Raiffeisen' },
  sbp: { ru: 'СБП', en: 'SBP' },
  qiwi: { ru: 'QIWI', en: 'QIWI' },
  yoomoney: { ru: 'ЮMoney', en: 'YooMoney' },
  paypal: { ru: 'PayPal', en: 'PayPal' },
  wise: { ru: 'Wise', en: 'Wise' },
  cash: { ru: 'Наличные', en: 'Cash' },
  sepa: { ru: 'SEPA', en: 'SEPA' },
  revolut: { ru: 'Revolut', en: 'Revolut' },
  kaspi: { ru: 'Kaspi', en: 'Kaspi' },
  papara: { ru: 'Papara', en: 'Papara' },
  ziraat: { ru: 'Зираат Банк', en: 'Ziraat Bank' },
  alipay: { ru: 'Alipay', en: 'Alipay' },
  wechat: { ru: 'WeChat Pay', en: 'WeChat Pay' },
};

/**
 * The methods an order in each fiat may offer (docs/decisions/027): the local banks and wallets
 * of the currency, with PayPal and cash everywhere. The first ones are the filter's top options.
 */
export const PAYMENT_METHODS_BY_FIAT: Readonly<Record<FiatCurrency, readonly PaymentMethod[]>> = {
  RUB: [
    'sberbank',
    'tinkoff',
    'sbp',
    'vtb',
    'alfabank',
    'raiffeisen',
    'qiwi',
    'yoomoney',
    'wise',
    'paypal',
    'cash',
  ],
  USD: ['wise', 'revolut', 'paypal', 'cash'],
  EUR: ['sepa', 'wise', 'revolut', 'paypal', 'cash'],
  CNY: ['alipay', 'wechat', 'paypal', 'cash'],
  TRY: ['papara', 'ziraat', 'paypal', 'cash'],
  KZT: ['kaspi', 'paypal', 'cash'],
};

/** Whether an order in `fiat` may offer `method`. */
export function methodServesFiat(method: PaymentMethod, fiat: FiatCurrency): boolean {
  return PAYMENT_METHODS_BY_FIAT[fiat].includes(method);
}

/**
 * Minutes a buyer has to pay by each method when the order does not say (docs/decisions/027):
 * instant transfers 15, card and bank transfers 30, international transfers and cash longer.
 */
export const PAYMENT_METHOD_TIME_LIMIT: Readonly<Record<PaymentMethod, number>> = {
  sberbank: 30,
  tinkoff: 30,
  vtb: 30,
  alfabank: 30,
  raiffeisen: 30,
  sbp: 15,
  qiwi: 15,
  yoomoney: 15,
  paypal: 30,
  wise: 60,
  cash: 60,
  sepa: 120,
  revolut: 30,
  kaspi: 15,
  papara: 15,
  ziraat: 30,
  alipay: 15,
  wechat: 15,
};

/** An order's default payment window: the longest of its methods' (30 without any). */
export function defaultTimeLimit(methods: readonly PaymentMethod[]): number {
  return methods.reduce((longest, m) => Math.max(longest, PAYMENT_METHOD_TIME_LIMIT[m]), 0) || 30;
}

/** Other names people write for the same method (the code and both labels always count). */
const PAYMENT_METHOD_ALIASES: Record<PaymentMethod, readonly string[]> = {
  sberbank: ['Сбер', 'Sber', 'СберБанк Онлайн'],
  tinkoff: ['Т-Банк', 'T-Bank', 'Тинькофф Банк', 'Tinkoff Bank'],
  vtb: ['Банк ВТБ', 'VTB Bank'],
  alfabank: ['Альфа', 'Alfa', 'Alfa Bank'],
  raiffeisen: ['Райффайзенбанк', 'Raiffeisenbank', 'Райф'],
  sbp: ['Система быстрых платежей', 'Faster Payments System', 'Faster Payments'],
  qiwi: ['Киви', 'QIWI Кошелек'],
  yoomoney: ['ЮMoney', 'Юмани', 'ЮMани', 'Яндекс.Деньги', 'Yandex.Money'],
  paypal: [],
  wise: ['TransferWise'],
  cash: ['Наличными', 'Нал'],
  sepa: ['SEPA transfer', 'SEPA-перевод'],
  revolut: [],
  kaspi: ['Kaspi.kz', 'Kaspi Bank', 'Каспи'],
  papara: ['Папара'],
  ziraat: ['Ziraat', 'Зираат'],
  alipay: ['Алипей'],
  wechat: ['WeChat', 'Вичат', 'Weixin Pay'],
};

export const PaymentMethodMessages = {
  required: 'validation.trade.methodRequired',
  unknown: 'validation.order.unknownMethod',
  /** With `{ fiat }`. */
  notForFiat: 'validation.order.methodNotForFiat',
} as const satisfies Record<string, MessageKey>;

/** Case, `ё`/`е`, spaces, hyphens, dots and underscores make no difference to a name. */
function nameKey(name: string): string {
  return name
    .normalize('NFC')
    .toLowerCase()
    .replace(/ё/g, 'е')
    .replace(/[\s._-]+/g, '');
}

const BY_NAME: ReadonlyMap<string, PaymentMethod> = new Map(
  PAYMENT_METHODS.flatMap((code) =>
    [
      code,
      PAYMENT_METHOD_LABELS[code].ru,
      PAYMENT_METHOD_LABELS[code].en,
      ...PAYMENT_METHOD_ALIASES[code],
    ].map((name) => [nameKey(name), code] as const),
  ),
);

/** The code of a payment method given by code or name, or null when none matches. */
export function paymentMethodCode(nameOrCode: string): PaymentMethod | null {
  return BY_NAME.get(nameKey(nameOrCode)) ?? null;
}
