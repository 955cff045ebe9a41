import {
  AdminMessages,
  BalanceOperationRequest,
  CRYPTO_DECIMALS,
  CryptoAmountString,
  type Cryptocurrency,
} from '@p2p/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { toast } from '@/components/ui/toast';
import { useT } from '@/i18n';
import { useFormat } from '@/lib/use-format';
import { adminApi } from '../api/admin-api';
import { withKeys } from './admin-form';

export const OPERATIONS = ['credit', 'debit'] as const;
export type Operation = (typeof OPERATIONS)[number];

/**
 * The amount as typed, a comma for the point, checked by the request's own rule
 * (CryptoAmountString). One complaint: too many decimals when it ends in 9 decimals or more,
 * else "a valid amount".
 */
const TypedAmount = z.string().transform((typed, ctx) => {
  const amount = typed.trim().replace(',', '.');
  const parsed = CryptoAmountString.safeParse(amount);
  if (parsed.success) return parsed.data;
  const decimals = /\d\.\d{9,}$/.test(amount);
  ctx.addIssue(
    decimals
      ? { code: 'custom', message: AdminMessages.tooManyDecimals, params: { decimals: CRYPTO_DECIMALS } }
      : { code: 'custom', message: AdminMessages.badAmount },
  );
  return z.NEVER;
});

/** The credit/debit request (BalanceOperationRequest) and the user it is for. */
const DraftFields = BalanceOperationRequest.extend({
  userId: z.string().min(1, AdminMessages.pickUserAndCurrency),
  amount: TypedAmount,
});

/** A checked draft: the user, the coin, the amount as sent (a point, 8 decimals at most), the reason. */
export type BalanceDraft = z.infer<typeof DraftFields>;
/** A checked draft of the dialog, which also says which operation it is. */
export type OperationDraft = BalanceDraft & { operation: Operation };

/** What a draft's complaint is about, in the order the form names them (one at a time). */
export const DRAFT_ORDER = ['userId', 'cryptocurrency', 'amount', 'reason'] as const;

/** The inline form as typed: coin, amount and reason (the user is picked beside it). */
export interface InlineDraftForm {
  cryptocurrency: Cryptocurrency | '';
  amount: string;
  reason: string;
}

/** In this order: user and currency, an amount above 0 (8 decimals at most), a reason of 5 or more. */
export function inlineDraftSchema(userId: string | null) {
  const typed = z.object({ cryptocurrency: z.string(), amount: z.string(), reason: z.string() });
  return withKeys(typed.transform((form) => ({ ...form, userId: userId ?? '' })).pipe(DraftFields), {});
}

/** The dialog's form as typed: the operation, coin, amount and an optional note. */
export interface DialogDraftForm extends Omit<InlineDraftForm, 'reason'> {
  operation: Operation;
  note: string;
}

/** As the inline form, the reason being the note or, left empty, the operation's default note. */
export function dialogDraftSchema(userId: string, defaultNote: (operation: Operation) => string) {
  const operation = z.enum(OPERATIONS);
  const typed = z.object({ operation, cryptocurrency: z.string(), amount: z.string(), note: z.string() });
  const draft = typed.transform(({ note, ...form }) => ({
    ...form,
    userId,
    reason: note.trim() || defaultNote(form.operation),
  }));
  return withKeys(draft.pipe(DraftFields.extend({ operation })), {});
}

/** Sends a confirmed credit or debit, toasts the outcome and reloads the user's balances. */
export function useBalanceOperation() {
  const t = useT();
  const fmt = useFormat();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: OperationDraft) =>
      adminApi.balanceOperation(input.operation, input.userId, {
        cryptocurrency: input.cryptocurrency,
        amount: input.amount,
        reason: input.reason.trim(),
      }),
    onSuccess: (result, input) => {
      const amount = fmt.crypto(input.amount, input.cryptocurrency);
      // Above FOUR_EYES_USD a credit is only proposed: say so, never "credited".
      if ('pendingApproval' in result) {
        toast.success(t('staffSafety.pendingSecondAdmin'));
        void queryClient.invalidateQueries({ queryKey: ['admin', 'approvals'] });
      } else {
        toast.success(
          t(input.operation === 'credit' ? 'bo.balance.credited' : 'bo.balance.debited', { amount }),
        );
      }
      void queryClient.invalidateQueries({ queryKey: ['admin', 'balances', input.userId] });
      void queryClient.invalidateQueries({ queryKey: ['admin', 'audit'] });
    },
    onError: (error, input) => {
      const fallback = t(input.operation === 'credit' ? 'bo.balance.creditFailed' : 'bo.balance.debitFailed');
      toast.error(error.message || fallback);
    },
  });
}
