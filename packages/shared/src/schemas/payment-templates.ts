import { z } from 'zod';
import type { MessageKey } from '../i18n/runtime.ts';
import { text } from './text.ts';

/**
 * Saved payment details ("payment templates", docs/product/trading-rules.md) and the
 * receipt (payment proof) upload contract. The same schemas validate the server's input and
 * drive the web form, so both speak the same Russian texts.
 */

export const PAYMENT_TEMPLATE_TYPES = [
  'BANK_CARD',
  'SBP',
  'BANK_TRANSFER',
  'QIWI',
  'YOOMONEY',
  'CASH',
] as const;
export type PaymentTemplateType = (typeof PAYMENT_TEMPLATE_TYPES)[number];

/** A user keeps at most this many payment templates. */
export const PAYMENT_TEMPLATES_MAX = 50;

export const PaymentTemplateMessages = {
  name: 'validation.pm.name',
  bankName: 'validation.pm.bankName',
  cardNumber: 'validation.pm.cardNumber',
  cardNumberInvalid: 'validation.pm.cardNumberInvalid',
  holderName: 'validation.pm.holderName',
  phone: 'validation.pm.phone',
  phoneInvalid: 'validation.pm.phoneInvalid',
  sbpBank: 'validation.pm.sbpBank',
  accountNumber: 'validation.pm.accountNumber',
  accountNumberInvalid: 'validation.pm.accountNumberInvalid',
  bik: 'validation.pm.bik',
  bikInvalid: 'validation.pm.bikInvalid',
  recipientName: 'validation.pm.recipientName',
  wallet: 'validation.pm.wallet',
  walletInvalid: 'validation.pm.walletInvalid',
  meetingLocation: 'validation.pm.meetingLocation',
  unknownType: 'validation.pm.unknownType',
  invalidForm: 'validation.pm.invalidForm',
} as const satisfies Record<string, MessageKey>;
const M = PaymentTemplateMessages;

/** A required text field: missing, non-string or blank all answer `message`. */
const required = (message: MessageKey, max = 100) =>
  text({ min: 1, max, messages: { required: message, tooLong: 'validation.text.tooLong' } });

/** An optional text field; the form sends '' or null for "not filled". */
function optional<T extends z.ZodType>(schema: T) {
  return z.preprocess(
    (v) => (v === '' || v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v),
    schema.optional(),
  );
}

/** Luhn checksum of a digit string. */
export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/**
 * A phone number in international form (`+79123456789`), or null when it is not one.
 * Russian habits are understood: `8 912 ...` and a bare ten-digit `912...` mean +7.
 */
export function normalizePhone(raw: string): string | null {
  const compact = raw.replace(/[\s()\-.]/g, '');
  if (!/^\+?\d{10,15}$/.test(compact)) return null;
  const plus = compact.startsWith('+');
  const digits = plus ? compact.slice(1) : compact;
  if (!plus && digits.length === 11 && digits.startsWith('8')) return `+7${digits.slice(1)}`;
  if (!plus && digits.length === 10 && digits.startsWith('9')) return `+7${digits}`;
  if (digits.startsWith('7') && digits.length !== 11) return null;
  return `+${digits}`;
}

/** Digits of a field typed with spaces or dashes, checked against `pattern`. */
const digitsField = (
  message: MessageKey,
  invalid: MessageKey,
  maxRaw: number,
  valid: (d: string) => boolean,
) =>
  text({
    min: 1,
    max: maxRaw,
    messages: { required: message, tooLong: invalid, badCharacters: invalid },
  }).transform((v, ctx) => {
    const digits = v.replace(/[\s-]/g, '');
    if (!/^\d+$/.test(digits) || !valid(digits)) {
      ctx.addIssue({ code: 'custom', message: invalid });
      return z.NEVER;
    }
    return digits;
  });

const phoneField = (message: MessageKey, invalid: MessageKey) =>
  text({
    min: 1,
    max: 25,
    messages: { required: message, tooLong: invalid, badCharacters: invalid },
  }).transform((v, ctx) => {
    const phone = normalizePhone(v);
    if (!phone) {
      ctx.addIssue({ code: 'custom', message: invalid });
      return z.NEVER;
    }
    return phone;
  });

/** Card numbers are 16-19 digits (the form caps input at 19) and pass the Luhn check. */
const cardNumber = digitsField(
  M.cardNumber,
  M.cardNumberInvalid,
  23,
  (d) => d.length >= 16 && d.length <= 19 && luhnValid(d),
);

export const BankCardDetails = z.object({
  bankName: required(M.bankName),
  cardNumber,
  holderName: required(M.holderName).transform((v) => v.toUpperCase()),
  phone: optional(phoneField(M.phone, M.phoneInvalid)),
});

export const SbpDetails = z.object({
  phone: phoneField(M.phone, M.phoneInvalid),
  bankName: required(M.sbpBank),
  recipientName: optional(text({ max: 100, messages: { tooLong: 'validation.text.tooLong' } })),
});

export const BankTransferDetails = z.object({
  bankName: required(M.bankName),
  accountNumber: digitsField(M.accountNumber, M.accountNumberInvalid, 30, (d) => d.length === 20),
  bik: digitsField(M.bik, M.bikInvalid, 9, (d) => d.length === 9),
  holderName: required(M.recipientName, 200),
});

export const QiwiDetails = z.object({ walletPhone: phoneField(M.wallet, M.walletInvalid) });

export const YooMoneyDetails = z.object({
  accountNumber: digitsField(M.wallet, M.walletInvalid, 30, (d) => d.length >= 11 && d.length <= 20),
});

export const CashDetails = z.object({
  meetingLocation: required(M.meetingLocation, 200),
  preferredTime: optional(text({ max: 100, messages: { tooLong: 'validation.text.tooLong' } })),
});

const common = {
  name: required(M.name),
  isDefault: z.boolean().default(false),
  isActive: z.boolean().default(true),
};
// `prefault({})` parses a missing `details` as empty, so the user hears which field is missing.
const variant = <T extends PaymentTemplateType, D extends z.ZodObject>(type: T, details: D) =>
  z.object({ ...common, type: z.literal(type), details: details.prefault({} as z.input<D>) });

/** Body of POST /payment-templates (and of a full PUT). */
export const PaymentTemplateInput = z.discriminatedUnion(
  'type',
  [
    variant('BANK_CARD', BankCardDetails),
    variant('SBP', SbpDetails),
    variant('BANK_TRANSFER', BankTransferDetails),
    variant('QIWI', QiwiDetails),
    variant('YOOMONEY', YooMoneyDetails),
    variant('CASH', CashDetails),
  ],
  { error: M.unknownType },
);
export type PaymentTemplateInput = z.infer<typeof PaymentTemplateInput>;

/** The list screen's toggles: `{ isDefault }` or `{ isActive }`. */
export const PaymentTemplateFlags = z
  .object({ isDefault: z.boolean().optional(), isActive: z.boolean().optional() })
  .strict()
  .refine((v) => v.isDefault !== undefined || v.isActive !== undefined, M.invalidForm);
export type PaymentTemplateFlags = z.infer<typeof PaymentTemplateFlags>;

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Body of PUT /payment-templates/{id}: the full form, or only the flags. A body that carries
 * neither `name`, `type` nor `details` is read as flags; anything else must be a whole template.
 */
export const UpdatePaymentTemplateRequest = z
  .unknown()
  .transform((value, ctx): PaymentTemplateInput | PaymentTemplateFlags => {
    const flagsOnly = isRecord(value) && !('name' in value) && !('type' in value) && !('details' in value);
    const parsed = (flagsOnly ? PaymentTemplateFlags : PaymentTemplateInput).safeParse(value);
    if (parsed.success) return parsed.data;
    for (const issue of parsed.error.issues) {
      ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
    }
    return z.NEVER;
  })
  .describe('A whole template (as in POST), or only { isDefault } and/or { isActive }');
export type UpdatePaymentTemplateRequest = z.infer<typeof UpdatePaymentTemplateRequest>;

export function isFullTemplate(body: UpdatePaymentTemplateRequest): body is PaymentTemplateInput {
  return 'type' in body;
}

/** Last four characters of a digit string behind bullets: `•••• 1234`. */
function maskDigits(digits: string): string {
  return `•••• ${digits.slice(-4)}`;
}

/** `+7 ••• ••• 12 34` for Russian numbers, `•••• 12 34` for others. */
export function maskPhone(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  const tail = `${digits.slice(-4, -2)} ${digits.slice(-2)}`;
  return phone.startsWith('+7') && digits.length === 11 ? `+7 ••• ••• ${tail}` : `•••• ${tail}`;
}

/** What the payment-methods list shows: the details with numbers hidden. */
export function maskDetails(
  type: PaymentTemplateType,
  details: Record<string, string>,
): Record<string, string> {
  const out: Record<string, string> = {};
  if (details.bankName) out.bankName = details.bankName;
  if (details.cardNumber) out.cardNumber = maskDigits(details.cardNumber);
  if (details.accountNumber) out.accountNumber = maskDigits(details.accountNumber);
  if (details.phone) out.phone = maskPhone(details.phone);
  if (details.walletPhone) out.walletPhone = maskPhone(details.walletPhone);
  if (type === 'CASH' && details.meetingLocation) out.meetingLocation = details.meetingLocation;
  return out;
}

export const PaymentDetailsRecord = z.record(z.string(), z.string());

export const PaymentTemplateView = z.object({
  id: z.uuid(),
  name: z.string(),
  type: z.enum(PAYMENT_TEMPLATE_TYPES),
  isDefault: z.boolean(),
  isActive: z.boolean(),
  details: PaymentDetailsRecord,
  maskedDetails: PaymentDetailsRecord,
  usageCount: z.number().int(),
  lastUsedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type PaymentTemplateView = z.infer<typeof PaymentTemplateView>;

export const PaymentTemplateList = z.array(PaymentTemplateView);

export const AttachPaymentTemplateRequest = z.object({
  templateId: z.uuid({ error: 'validation.trade.methodRequired' }),
});

/** The details a seller sent on a trade: a snapshot, unaffected by later template edits. */
export const TradePaymentTemplate = z.object({
  templateId: z.uuid().nullable(),
  name: z.string(),
  type: z.enum(PAYMENT_TEMPLATE_TYPES),
  details: PaymentDetailsRecord,
  sentAt: z.string(),
});
export type TradePaymentTemplate = z.infer<typeof TradePaymentTemplate>;

// ---- Receipts (payment proofs) ----

export const RECEIPT_MAX_BYTES = 5 * 1024 * 1024;
export const ReceiptMessages = {
  notImage: 'validation.receipt.notImage',
  tooLarge: 'validation.receipt.tooLarge',
} as const satisfies Record<string, MessageKey>;

/** Answer of the receipt upload. */
export const PaymentProofUploadResult = z.object({
  url: z.string(),
  fileSize: z.number().int(),
  processedSize: z.number().int(),
});

/**
 * A receipt of another trade that is this receipt: the same file (`exact`) or the same
 * picture re-encoded or edited (`similar`) (docs/decisions/023-trust-and-safety.md). Names
 * the other trade by its short id only, never its parties.
 */
export const PaymentProofMatch = z.object({
  /** The last 8 characters of the other trade's id. */
  tradeShortId: z.string(),
  /** When the matching receipt was uploaded to the other trade. */
  uploadedAt: z.string(),
  kind: z.enum(['exact', 'similar']),
});
export type PaymentProofMatch = z.infer<typeof PaymentProofMatch>;

export const PaymentProofFile = z.object({
  id: z.uuid(),
  name: z.string(),
  size: z.number().int(),
  type: z.string(),
  url: z.string(),
  uploadedAt: z.string(),
  /**
   * Receipts of other trades this one matches, for the trade's seller and for staff on a
   * disputed trade; absent for anyone else (the buyer who uploaded it) and for receipts
   * stored before matching existed.
   */
  matches: z.array(PaymentProofMatch).optional(),
});
export type PaymentProofFile = z.infer<typeof PaymentProofFile>;
