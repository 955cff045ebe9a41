import { z } from 'zod';
import type { MessageKey } from '../i18n/runtime.ts';
import {
  PAYMENT_METHODS,
  type PaymentMethod,
  PaymentMethodMessages,
  paymentMethodCode,
} from '../payment-methods.ts';
import { text } from './text.ts';

/** A payment method on the wire: code or name in, code out. */
export function paymentMethodField(required: MessageKey = PaymentMethodMessages.required) {
  return text({ min: 1, max: 64, messages: { required } })
    .transform((value, ctx): PaymentMethod => {
      const code = paymentMethodCode(value);
      if (code) return code;
      ctx.addIssue({ code: 'custom', message: PaymentMethodMessages.unknown });
      return z.NEVER;
    })
    .describe(`A payment method code (${PAYMENT_METHODS.join(', ')}) or its Russian or English name`);
}
