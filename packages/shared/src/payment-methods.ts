import type { MessageKey } from './i18n/runtime.ts';

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
};

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
};

export const PaymentMethodMessages = {
  required: 'validation.trade.methodRequired',
  unknown: 'validation.order.unknownMethod',
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
