import type { PaymentTemplateType } from '@p2p/shared';
import type { MessageKey } from '@/i18n';

/** Every detail field a template may carry. */
export type DetailField =
  | 'bankName'
  | 'cardNumber'
  | 'holderName'
  | 'phone'
  | 'recipientName'
  | 'accountNumber'
  | 'bik'
  | 'walletPhone'
  | 'meetingLocation'
  | 'preferredTime';

export interface FieldSpec {
  name: DetailField;
  required: boolean;
  /** Input restrictions: card number capped at 19, BIK at 9, holder uppercased. */
  maxLength?: number;
  digitsOnly?: boolean;
  upper?: boolean;
  inputMode?: 'numeric' | 'tel' | 'text';
}

/** Fields per type, in display order (docs/product/trading-rules.md). */
export const TEMPLATE_FIELDS: Record<PaymentTemplateType, FieldSpec[]> = {
  BANK_CARD: [
    { name: 'bankName', required: true },
    { name: 'cardNumber', required: true, maxLength: 19, digitsOnly: true, inputMode: 'numeric' },
    { name: 'holderName', required: true, upper: true },
    { name: 'phone', required: false, inputMode: 'tel' },
  ],
  SBP: [
    { name: 'phone', required: true, inputMode: 'tel' },
    { name: 'bankName', required: true },
    { name: 'recipientName', required: false },
  ],
  BANK_TRANSFER: [
    { name: 'bankName', required: true },
    { name: 'accountNumber', required: true, maxLength: 20, digitsOnly: true, inputMode: 'numeric' },
    { name: 'bik', required: true, maxLength: 9, digitsOnly: true, inputMode: 'numeric' },
    { name: 'holderName', required: true },
  ],
  QIWI: [{ name: 'walletPhone', required: true, inputMode: 'tel' }],
  YOOMONEY: [
    { name: 'accountNumber', required: true, maxLength: 20, digitsOnly: true, inputMode: 'numeric' },
  ],
  CASH: [
    { name: 'meetingLocation', required: true },
    { name: 'preferredTime', required: false },
  ],
};

/** Label keys of the fields; BANK_TRANSFER's holder is "recipient", YooMoney's account a wallet. */
export function fieldLabelKey(type: string, field: string): MessageKey {
  if (type === 'BANK_TRANSFER' && field === 'holderName') return 'pm.field.recipient';
  if (type === 'YOOMONEY' && field === 'accountNumber') return 'pm.field.yoomoney';
  if (type === 'SBP' && field === 'bankName') return 'pm.field.sbpBank';
  return `pm.field.${field}` as MessageKey;
}

/** Applies the input restrictions of a field to what was typed. */
export function sanitizeField(spec: FieldSpec, raw: string): string {
  let value = spec.digitsOnly ? raw.replace(/\D/g, '') : raw;
  if (spec.upper) value = value.toUpperCase();
  if (spec.maxLength !== undefined) value = value.slice(0, spec.maxLength);
  return value;
}

/** The detail fields of any type, in the order details are shown. */
export const DETAIL_ORDER: DetailField[] = [
  'bankName',
  'cardNumber',
  'accountNumber',
  'bik',
  'phone',
  'walletPhone',
  'holderName',
  'recipientName',
  'meetingLocation',
  'preferredTime',
];

/** A template's details as [field, value] pairs in display order, empty ones left out. */
export function orderedDetails(details: Record<string, string>): [string, string][] {
  const known = DETAIL_ORDER.filter((f) => details[f]).map((f): [string, string] => [f, details[f] ?? '']);
  const extra = Object.entries(details).filter(([k, v]) => v && !DETAIL_ORDER.includes(k as DetailField));
  return [...known, ...extra];
}
