import { ConfirmPaymentPayload, MarkPaidPayload, type TradeView } from '@p2p/shared';
import { type FormEvent, useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { secondFactorReason } from '@/features/two-factor';
import type { Confirmable } from '../lib/action-dialog';
import { emptyPayer, PAYER_FIELDS, type PayerDraft, serverPayerErrors } from '../lib/payer';
import { validateNow } from '../lib/validate-now';

export interface ActionFormValues {
  payer: PayerDraft;
  totpCode: string;
}

type Payload = Record<string, unknown>;

/** What the confirmation sends, checked by the server's own schema: the paying account, the code, or nothing. */
function payloadSchema(action: Confirmable, needsCode: boolean): z.ZodType<Payload, unknown> {
  if (action === 'mark_paid') return MarkPaidPayload;
  if (action === 'confirm_payment' && needsCode) return ConfirmPaymentPayload;
  return z.object({});
}

interface ActionFormOptions {
  trade: TradeView;
  action: Confirmable | null;
  /** The last refusal of this action, shown at its fields. */
  error: unknown;
  /** `confirm_payment` outside the step-up window: the code is asked for. */
  needsCode: boolean;
  onConfirm: (payload: Payload) => void;
}

/**
 * The action dialog's form (react-hook-form over MarkPaidPayload and ConfirmPaymentPayload): it
 * starts afresh for each action, a refusal shows at its fields, and a field the user changes
 * loses its old complaint until the next submit checks again.
 */
export function useActionForm({ trade, action, error, needsCode, onConfirm }: ActionFormOptions) {
  const form = useForm<ActionFormValues>({
    defaultValues: { payer: emptyPayer(), totpCode: '' },
    reValidateMode: 'onSubmit',
  });
  useEffect(() => {
    if (!action) return;
    // The bank the trade is paid with is the likely answer.
    form.reset({
      payer: emptyPayer(trade.paymentMethod === 'cash' ? '' : trade.paymentMethod),
      totpCode: '',
    });
  }, [action, trade.paymentMethod, form]);
  useEffect(() => {
    if (action === 'mark_paid' && error) {
      form.clearErrors('payer');
      for (const [field, message] of Object.entries(serverPayerErrors(error))) {
        form.setError(`payer.${field as keyof PayerDraft}`, { type: 'server', message });
      }
    }
    // The refused code's message stays until the user types another.
    form.clearErrors('totpCode');
    if (action === 'confirm_payment' && secondFactorReason(error) && error instanceof Error) {
      form.setError('totpCode', { type: 'server', message: error.message });
    }
  }, [action, error, form]);

  const changePayer = (next: PayerDraft) => {
    const payer = form.getValues('payer');
    for (const key of PAYER_FIELDS) if (next[key] !== payer[key]) form.clearErrors(`payer.${key}`);
    form.setValue('payer', next, { shouldDirty: true });
  };
  const changeCode = (next: string) => {
    form.setValue('totpCode', next, { shouldDirty: true });
    form.clearErrors('totpCode');
  };
  // Checked within the click: the dialog's caller sends the action at once.
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!action) return;
    form.clearErrors('payer');
    const payload = validateNow(form, payloadSchema(action, needsCode));
    if (payload) onConfirm(payload);
  };

  const errors = form.formState.errors;
  return {
    payer: form.watch('payer'),
    payerErrors: {
      bank: errors.payer?.bank?.message,
      last4: errors.payer?.last4?.message,
      name: errors.payer?.name?.message,
    },
    code: form.watch('totpCode'),
    codeError: errors.totpCode?.message ?? null,
    changePayer,
    changeCode,
    submit,
  };
}
