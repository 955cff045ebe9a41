import { secondFactorReason } from '@/features/two-factor';
import type { MessageKey } from '@/i18n';
import { ApiError } from '@/lib/api';
import type { MainAction } from './status';

/** The actions asked a second time before they are sent. */
export type Confirmable = MainAction | 'cancel_trade';

/** Each confirmation's title, question and button; a cancel reads as a danger. */
export const ACTION_TEXTS: Record<
  Confirmable,
  { title: MessageKey; text: MessageKey; ok: MessageKey; danger: boolean }
> = {
  mark_paid: {
    title: 'confirm.mark_paid.title',
    text: 'confirm.mark_paid.text',
    ok: 'confirm.mark_paid.ok',
    danger: false,
  },
  confirm_payment: {
    title: 'confirm.confirm_payment.title',
    text: 'confirm.confirm_payment.text',
    ok: 'confirm.confirm_payment.ok',
    danger: false,
  },
  release_crypto: {
    title: 'confirm.release_crypto.title',
    text: 'confirm.release_crypto.text',
    ok: 'confirm.release_crypto.ok',
    danger: false,
  },
  cancel_trade: {
    title: 'confirm.cancel_trade.title',
    text: 'confirm.cancel_trade.text',
    ok: 'confirm.cancel_trade.ok',
    danger: true,
  },
};

/** Errors the dialog shows at its fields instead of a toast. */
export function shownInDialog(error: unknown, action: string): boolean {
  const reason = secondFactorReason(error);
  if (action === 'confirm_payment' && (reason === 'missing' || reason === 'invalid')) return true;
  return action === 'mark_paid' && error instanceof ApiError && error.code === 'VALIDATION_ERROR';
}
