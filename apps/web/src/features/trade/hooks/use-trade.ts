import type { TradeDetails } from '@p2p/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/toast';
import { type MessageKey, useT } from '@/i18n';
import { ApiError } from '@/lib/api';
import { tradeApi, tradeKeys } from '../api/trade-api';

export function useTradeDetails(id: string) {
  return useQuery({
    queryKey: tradeKeys.details(id),
    queryFn: () => tradeApi.details(id),
    retry: false,
    staleTime: 5_000,
  });
}

/** The server refused the step in this state: 409 'Действие недоступно'. */
export const isUnavailable = (error: unknown) =>
  error instanceof ApiError && (error.status === 409 || error.code === 'ACTION_NOT_AVAILABLE');

const FAILURE_DEFAULTS: Record<string, MessageKey> = {
  confirm_payment: 'trade.error.confirm',
  release_crypto: 'trade.error.release',
};

interface ActionInput {
  action: string;
  payload?: Record<string, unknown>;
}

/**
 * Sends a state-machine action; the answer replaces the cached trade. A 409
 * says 'Действие недоступно' and reloads the trade so the buttons match the server again.
 */
export function useTradeAction(
  id: string,
  options: {
    silentErrors?: boolean;
    /** Errors the screen shows itself (in the action's dialog): no toast for them. */
    shownInPlace?: (error: unknown, action: string) => boolean;
  } = {},
) {
  const queryClient = useQueryClient();
  const t = useT();
  return useMutation({
    mutationFn: ({ action, payload }: ActionInput) => tradeApi.act(id, action, payload),
    onSuccess: (details: TradeDetails) => {
      queryClient.setQueryData(tradeKeys.details(id), details);
      void queryClient.invalidateQueries({ queryKey: tradeKeys.all });
    },
    onError: (error, { action }) => {
      if (isUnavailable(error)) void queryClient.invalidateQueries({ queryKey: tradeKeys.details(id) });
      if (options.silentErrors || options.shownInPlace?.(error, action)) return;
      if (isUnavailable(error)) return toast.error(t('errors.actionNotAvailable'));
      const fallback = FAILURE_DEFAULTS[action];
      const reason = error instanceof Error && error.message ? error.message : fallback ? t(fallback) : '';
      toast.error(t('trade.error.prefix', { message: reason || t('trade.error.generic') }));
    },
  });
}
