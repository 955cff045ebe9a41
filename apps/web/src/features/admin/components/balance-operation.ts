import { ADMIN_REASON_MIN, AdminMessages, CryptoAmountString, type Cryptocurrency } from '@p2p/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/toast';
import { useLocalize, useT } from '@/i18n';
import { useFormat } from '@/lib/use-format';
import { adminApi } from '../api/admin-api';

export type Operation = 'credit' | 'debit';

export interface OperationDraft {
  operation: Operation;
  userId: string | null;
  currency: Cryptocurrency | '';
  amount: string;
  reason: string;
}

/**
 * In this order: user and currency, an amount above 0 (8 decimals at most), a reason of
 * at least 5. Returns the catalogue text of the first problem, or the request to send.
 */
export function checkDraft(
  draft: OperationDraft,
): { problem: 'userAndCrypto' | 'amount' | 'reason' | 'decimals' } | { amount: string } {
  if (!draft.userId || !draft.currency) return { problem: 'userAndCrypto' };
  const amount = draft.amount.trim().replace(',', '.');
  const parsed = CryptoAmountString.safeParse(amount);
  if (!parsed.success) return { problem: /\d\.\d{9,}$/.test(amount) ? 'decimals' : 'amount' };
  if (draft.reason.trim().length < ADMIN_REASON_MIN) return { problem: 'reason' };
  return { amount: parsed.data };
}

/** Sends a confirmed credit or debit, toasts the outcome and reloads the user's balances. */
export function useBalanceOperation() {
  const t = useT();
  const fmt = useFormat();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: {
      operation: Operation;
      userId: string;
      currency: Cryptocurrency;
      amount: string;
      reason: string;
    }) =>
      adminApi.balanceOperation(input.operation, input.userId, {
        cryptocurrency: input.currency,
        amount: input.amount,
        reason: input.reason.trim(),
      }),
    onSuccess: (result, input) => {
      const amount = fmt.crypto(input.amount, input.currency);
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

/** The text of a draft's first problem, in the UI language (null when there is none). */
export function useDraftProblem() {
  const t = useT();
  const localize = useLocalize();
  return (checked: ReturnType<typeof checkDraft>): string | null => {
    if (!('problem' in checked)) return null;
    if (checked.problem === 'decimals') return localize(AdminMessages.tooManyDecimals);
    return t(`validation.admin.${checked.problem}`);
  };
}
