import { type Lang, type MessageKey, type ServerEventPayload, translate } from '@p2p/shared';
import type { QueryClient } from '@tanstack/react-query';
import type { FeatureReactions } from '@/features/realtime';
import { shortId } from '@/lib/format';
import { statusLabelKey } from '@/lib/trade-status';
import { tradeKeys } from './api/trade-api';

/** Toast durations, in ms (docs/product/texts-and-limits.md). */
const TOAST_MS = { tradeUpdated: 5000, templateAttached: 6000, proofUploaded: 6000 } as const;

/** One trade's queries, its chat included, sit under ['trade', id] (tradeKeys.details, chatKeys). */
const oneTrade = (tradeId?: string) => (tradeId ? (['trade', tradeId] as const) : (['trade'] as const));

/** A trade's outcomes read as the spec's status-change toasts; other statuses by their label. */
const OUTCOME_TEXT: Partial<Record<string, MessageKey>> = {
  COMPLETED: 'rt.status.COMPLETED',
  CANCELLED: 'rt.status.CANCELLED',
  DISPUTED: 'rt.status.DISPUTED',
};

/** 'Сделка #{id}: Открыт спор', 'Сделка #{id}: Оплата подтверждена' (docs/decisions/015). */
export function tradeUpdatedText(lang: Lang, e: ServerEventPayload<'trade:updated'>): string {
  return translate(lang, 'rt.tradeUpdated', {
    id: shortId(e.tradeId),
    status: translate(lang, OUTCOME_TEXT[e.status] ?? statusLabelKey(e.status)),
  });
}

/** My role in a trade, when its details are cached (to skip toasts about my own steps). */
function cachedRole(queryClient: QueryClient, tradeId: string): string | null {
  const data = queryClient.getQueryData<{ trade?: { userRole?: string } }>(tradeKeys.details(tradeId));
  return data?.trade?.userRole ?? null;
}

/** A transition of the trade: its page and every trade list. */
function refreshTrade(queryClient: QueryClient, tradeId: string): void {
  void queryClient.invalidateQueries({ queryKey: tradeKeys.details(tradeId) });
  void queryClient.invalidateQueries({ queryKey: tradeKeys.all });
}

/**
 * Once the trade's room is joined, the trade and its chat are fetched again: what happened
 * between the page's first fetch and the join (a message sent meanwhile) reached no room of ours.
 */
export function refetchJoinedTrade(queryClient: QueryClient, tradeId: string): void {
  void queryClient.invalidateQueries({ queryKey: oneTrade(tradeId) });
}

/** What trade screens do on server events. */
export const tradeReactions: FeatureReactions = {
  'trade:created': (_e, { queryClient }) => void queryClient.invalidateQueries({ queryKey: tradeKeys.all }),
  'trade:updated': (e, { queryClient, toast, lang }) => {
    if (cachedRole(queryClient, e.tradeId) !== e.actor) {
      toast(tradeUpdatedText(lang(), e), { duration: TOAST_MS.tradeUpdated });
    }
    refreshTrade(queryClient, e.tradeId);
  },
  // Lists show the unread count of each trade.
  'trade:message': (_e, { queryClient }) => void queryClient.invalidateQueries({ queryKey: tradeKeys.all }),
  'trade:payment_template_attached': (e, { queryClient, toast, lang }) => {
    if (cachedRole(queryClient, e.tradeId) !== 'seller') {
      toast(translate(lang(), 'rt.templateAttached'), { duration: TOAST_MS.templateAttached });
    }
  },
  'trade:payment_proof_uploaded': (e, { userId, toast, lang }) => {
    if (e.uploadedBy !== userId) {
      toast(translate(lang(), 'rt.proofUploaded'), { duration: TOAST_MS.proofUploaded });
    }
  },
  'trade:evidence_requested': (e, { queryClient, userId, toast, lang }) => {
    if (e.request.userId === userId) {
      toast(translate(lang(), 'bo.trade.evidenceToast'), { duration: TOAST_MS.tradeUpdated });
    }
    refreshTrade(queryClient, e.tradeId);
  },
  // Whatever happened before the socket connected: bring trade screens up to date.
  connected: ({ queryClient }) => {
    void queryClient.invalidateQueries({ queryKey: tradeKeys.all });
    void queryClient.invalidateQueries({ queryKey: oneTrade() });
  },
};
