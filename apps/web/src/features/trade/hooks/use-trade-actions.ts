import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from '@/components/ui/toast';
import { TWO_FACTOR_KEY, useSellingGate } from '@/features/two-factor';
import { useT } from '@/i18n';
import { type Confirmable, shownInDialog } from '../lib/action-dialog';
import { useTradeAction } from './use-trade';

const DONE = {
  mark_paid: 'trade.done.mark_paid',
  confirm_payment: 'trade.done.confirm_payment',
  release_crypto: 'trade.done.release_crypto',
  cancel_trade: 'trade.done.cancel_trade',
} as const;

/**
 * The trade's main actions behind their confirmation dialog: the action asked about, sending it,
 * and the refusal the dialog shows at its fields. The dialog stays open while the action runs;
 * a refusal it shows keeps it open, any other closes it (a seller without two-factor enrols first).
 */
export function useTradeActions(tradeId: string) {
  const t = useT();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState<Confirmable | null>(null);
  const action = useTradeAction(tradeId, { shownInPlace: shownInDialog });
  const gate = useSellingGate();

  const run = (name: Confirmable, payload: Record<string, unknown>) => {
    action.mutate(
      { action: name, payload },
      {
        onSuccess: () => {
          setConfirming(null);
          toast.success(t(DONE[name]));
          // A code given to a confirmation opened this session's step-up window.
          if (name === 'confirm_payment') void queryClient.invalidateQueries({ queryKey: TWO_FACTOR_KEY });
        },
        onError: (error) => {
          if (gate.handle(error, () => setConfirming(name))) setConfirming(null);
          else if (!shownInDialog(error, name)) setConfirming(null);
        },
      },
    );
  };

  return {
    confirming,
    ask: setConfirming,
    confirm: (payload: Record<string, unknown>) => confirming && run(confirming, payload),
    cancel: () => {
      setConfirming(null);
      action.reset();
    },
    /** The action under way, if any. */
    busy: action.isPending ? (action.variables?.action ?? null) : null,
    /** The refusal of the action being asked about. */
    error: action.variables?.action === confirming ? action.error : null,
    gateDialog: gate.dialog,
  };
}
