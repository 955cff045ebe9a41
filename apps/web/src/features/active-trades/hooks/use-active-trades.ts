import { loadLaterTexts, type MessageKey } from '@p2p/shared';
import { useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { toast } from '@/components/ui/toast';
import { type TradeListPage, tradeApi, tradeKeys } from '@/features/trade';
import { currentLang, useT } from '@/i18n';
import { ApiError } from '@/lib/api';
import { cancelBlockedKey } from '@/lib/trade-status';
import { type ActiveTradeSummary, toSummary, withoutTrade } from '../lib/summary';

/** Refresh every 30 s, and on focus when more than 5 s passed. */
const REFRESH_MS = 30_000;
const FOCUS_THRESHOLD_MS = 5_000;

export function useActiveTrades(enabled: boolean) {
  const query = useQuery({
    queryKey: tradeKeys.active,
    queryFn: () => tradeApi.list({ active: true, limit: 50 }),
    enabled,
    refetchInterval: REFRESH_MS,
    staleTime: FOCUS_THRESHOLD_MS,
    select: (page: TradeListPage): ActiveTradeSummary[] =>
      page.trades.filter((t) => t.userRole !== 'observer').map(toSummary),
  });
  const { refetch, dataUpdatedAt } = query;
  useEffect(() => {
    if (!enabled) return;
    const maybeRefresh = () => {
      if (document.visibilityState === 'visible' && Date.now() - dataUpdatedAt > FOCUS_THRESHOLD_MS)
        void refetch();
    };
    window.addEventListener('focus', maybeRefresh);
    document.addEventListener('visibilitychange', maybeRefresh);
    return () => {
      window.removeEventListener('focus', maybeRefresh);
      document.removeEventListener('visibilitychange', maybeRefresh);
    };
  }, [enabled, refetch, dataUpdatedAt]);
  return query;
}

/** A row's cancel button: offered, or shown disabled with the reason (a catalogue key). */
export type CancelState = { ok: true } | { ok: false; reason: MessageKey };

/**
 * Which rows may be cancelled: each trade's availableActions (docs/product/trading-rules.md). The
 * list endpoint does not carry them, so while the panel is open each trade is asked once. A row
 * that may not be cancelled says why, by its status now; those texts load later
 * (docs/decisions/015), with the answer.
 */
export function useCancellable(ids: readonly string[], open: boolean): ReadonlyMap<string, CancelState> {
  const results = useQueries({
    queries: (open ? ids : []).map((id) => ({
      queryKey: tradeKeys.details(id),
      queryFn: async () => (await Promise.all([tradeApi.details(id), loadLaterTexts(currentLang())]))[0],
      staleTime: 15_000,
      retry: false,
    })),
  });
  const states = new Map<string, CancelState>();
  for (const { data } of results) {
    if (!data) continue;
    const ok = data.availableActions.includes('cancel_trade');
    states.set(data.trade.id, ok ? { ok } : { ok, reason: cancelBlockedKey(data.trade.status) });
  }
  return states;
}

type Mode = 'optimistic' | 'after-success';

/**
 * cancel_trade from the header: the dropdown removes the row at once and puts it
 * back if the call fails; the modal removes it only after the server agreed.
 */
export function useCancelTrade() {
  const queryClient = useQueryClient();
  const t = useT();
  const [cancelling, setCancelling] = useState<ReadonlySet<string>>(new Set());
  const mark = (id: string, on: boolean) =>
    setCancelling((s) => {
      const next = new Set(s);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const setTrades = (fn: (trades: TradeListPage['trades']) => TradeListPage['trades']) =>
    queryClient.setQueryData<TradeListPage>(tradeKeys.active, (old) =>
      old ? { ...old, trades: fn(old.trades) } : old,
    );

  const mutation = useMutation({
    mutationFn: async ({ id, mode }: { id: string; mode: Mode }) => {
      mark(id, true);
      let restore: ((current: TradeListPage['trades']) => TradeListPage['trades']) | null = null;
      if (mode === 'optimistic') {
        await queryClient.cancelQueries({ queryKey: tradeKeys.active });
        const current = queryClient.getQueryData<TradeListPage>(tradeKeys.active)?.trades ?? [];
        const removal = withoutTrade(current, id);
        restore = removal.restore;
        setTrades(() => removal.rest);
      }
      try {
        return await tradeApi.act(id, 'cancel_trade', {});
      } catch (error) {
        if (restore) setTrades(restore);
        throw error;
      } finally {
        mark(id, false);
      }
    },
    onSuccess: (details, { id }) => {
      setTrades((trades) => trades.filter((x) => x.id !== id));
      queryClient.setQueryData(tradeKeys.details(id), details);
      void queryClient.invalidateQueries({ queryKey: tradeKeys.all });
      toast.success(t('activeTrades.cancelled'));
    },
    onError: (error, { id }) => {
      void queryClient.invalidateQueries({ queryKey: tradeKeys.details(id) });
      const unavailable = error instanceof ApiError && error.status === 409;
      toast.error(
        unavailable ? t('errors.actionNotAvailable') : error.message || t('activeTrades.cancelFailed'),
      );
    },
  });
  return { cancel: mutation.mutateAsync, cancelling };
}
