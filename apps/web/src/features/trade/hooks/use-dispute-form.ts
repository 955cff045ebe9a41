import { DisputePayload, type TradeView } from '@p2p/shared';
import { useMemo } from 'react';
import { type UseFormReturn, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { toast } from '@/components/ui/toast';
import { currentLang, useT } from '@/i18n';
import { catalogueResolver } from '@/lib/form-resolver';
import { useTradeAction } from './use-trade';

export interface DisputeForm {
  reasonId: string;
  details: string;
}

type DisputeBody = z.output<typeof DisputePayload>;
export type DisputeFormApi = UseFormReturn<DisputeForm, unknown, DisputeBody>;

/**
 * Opening a dispute: react-hook-form over the shared DisputePayload, sent as `dispute_trade`.
 * Fields are checked on submit; a field the user changes loses its complaint until the next one.
 */
export function useDisputeForm(trade: TradeView, onClose: () => void) {
  const t = useT();
  const resolver = useMemo(
    () => catalogueResolver<DisputeForm, DisputeBody>(DisputePayload, currentLang),
    [],
  );
  const form = useForm<DisputeForm, unknown, DisputeBody>({
    resolver,
    defaultValues: { reasonId: '', details: '' },
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const action = useTradeAction(trade.id, { silentErrors: true });

  const submit = form.handleSubmit((payload) =>
    action.mutate(
      { action: 'dispute_trade', payload },
      {
        onSuccess: () => {
          toast.success(t('dispute.opened'));
          form.reset();
          onClose();
        },
        onError: () => form.setError('root.server', { type: 'server', message: t('dispute.failed') }),
      },
    ),
  );
  const pickReason = (reasonId: string) => {
    form.setValue('reasonId', reasonId, { shouldDirty: true });
    form.clearErrors('reasonId');
  };

  return { form, submit, pickReason, busy: action.isPending };
}
