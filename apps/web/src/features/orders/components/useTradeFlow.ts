import type { CreateTradeRequest, OrderView } from '@p2p/shared';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useSession } from '@/features/auth';
import { type SellingGate, useSellingGate } from '@/features/two-factor';
import { newIdempotencyKey } from '@/lib/api';
import { useNavigate } from '@/lib/router';
import { LIMITS_KEY, orderKeys, ordersApi } from '../api/orders-api';
import { classifyTradeError, type TradeErrorInfo } from '../lib/trade-error';
import type { TradeFormValues } from '../lib/trade-form';

/** closed -> form -> submitting -> (trade page) | error -> form (retry) | closed. */
export type TradeStage = 'closed' | 'form' | 'submitting' | 'error';

/** Four steps; the bar never passes 95 % before the server answers. */
export const TRADE_STEPS = 4;
const PROGRESS_CAP = 95;
const PROGRESS_TICK_MS = 120;
/** A moment at 100 % so the user sees it finished before the page changes. */
const DONE_PAUSE_MS = 300;

export interface TradeFlow {
  order: OrderView;
  stage: TradeStage;
  /** What was last typed: the form starts from it again after an error. */
  draft: TradeFormValues;
  percent: number;
  step: number;
  error: TradeErrorInfo | null;
  /** Opens the form, or sends a signed-out visitor to sign in first. */
  open: () => void;
  close: () => void;
  /** Sends a valid form: its request body, and the values as typed. */
  submit: (body: CreateTradeRequest, typed: TradeFormValues) => void;
  retry: () => void;
  /** Taking a buy order sells: a taker without two-factor enrols first (docs/decisions/023). */
  gate: SellingGate;
}

const initialValues = (order: OrderView): TradeFormValues => ({
  amount: '',
  // One method: nothing to choose.
  paymentMethod: order.payment_methods.length === 1 ? (order.payment_methods[0] ?? '') : '',
});

/** Where the flow is, the error it shows, and the moves between stages the user makes. */
function useFlowStage(orderId: string) {
  const { status } = useSession();
  const navigate = useNavigate();
  const [stage, setStage] = useState<TradeStage>('closed');
  const [error, setError] = useState<TradeErrorInfo | null>(null);
  const open = useCallback(() => {
    // While the session is still loading, let the form open: the server has the last word.
    if (status === 'signed-out') {
      navigate(`/auth?return=${encodeURIComponent(`/order/${orderId}`)}`);
      return;
    }
    setStage('form');
  }, [status, navigate, orderId]);
  const close = useCallback(() => {
    setStage('closed');
    setError(null);
  }, []);
  const retry = () => {
    setError(null);
    setStage('form');
  };
  return { stage, setStage, error, setError, open, close, retry };
}

/** The bar's percent: it creeps towards 95 % while the request is under way. */
function useProgress(stage: TradeStage) {
  const [percent, setPercent] = useState(0);
  useEffect(() => {
    if (stage !== 'submitting') return;
    const tick = setInterval(
      () => setPercent((p) => (p >= PROGRESS_CAP ? p : Math.min(PROGRESS_CAP, p + 3))),
      PROGRESS_TICK_MS,
    );
    return () => clearInterval(tick);
  }, [stage]);
  return [percent, setPercent] as const;
}

/** setTimeout whose pending calls are dropped when the component goes. */
function useLater() {
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);
  useEffect(() => () => timers.current.forEach(clearTimeout), []);
  return (fn: () => void, ms: number) => {
    timers.current.push(setTimeout(fn, ms));
  };
}

/** A new trade, or a refused one, changes the book, the wallet, the trade lists and the limits. */
function refreshAfterTrade(queryClient: QueryClient, opened: boolean) {
  void queryClient.invalidateQueries({ queryKey: orderKeys.all });
  if (opened) {
    void queryClient.invalidateQueries({ queryKey: ['wallet'] });
    void queryClient.invalidateQueries({ queryKey: ['trades'] });
  }
  void queryClient.invalidateQueries({ queryKey: LIMITS_KEY });
}

/**
 * The trade creation flow shared by the market panel and the order page: inline form, progress
 * overlay, error dialog with retry, and the jump to the new trade.
 */
export function useTradeFlow(order: OrderView, options: { onCreated?: () => void } = {}): TradeFlow {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { stage, setStage, error, setError, open, close, retry } = useFlowStage(order.id);
  const [draft, setDraft] = useState<TradeFormValues>(() => initialValues(order));
  const [percent, setPercent] = useProgress(stage);
  // The same request retried keeps its key: if the first attempt did open a trade and only the
  // answer got lost, the server returns that trade instead of opening a second one.
  const attempt = useRef<{ body: string; key: string } | null>(null);
  const later = useLater();
  const onCreated = useRef(options.onCreated);
  const gate = useSellingGate();
  useEffect(() => {
    onCreated.current = options.onCreated;
  });

  const create = useMutation({
    mutationFn: ({ body, key }: { body: CreateTradeRequest; key: string }) =>
      ordersApi.createTrade(body, key),
    onSuccess: (details) => {
      attempt.current = null;
      setPercent(100);
      refreshAfterTrade(queryClient, true);
      // Close the overlay first, then leave: each modal gives the page back in its own commit.
      later(() => {
        setStage('closed');
        later(() => {
          onCreated.current?.();
          navigate(`/trade/${details.trade.id}`);
        }, 0);
      }, DONE_PAUSE_MS);
    },
    onError: (failure, variables) => {
      if (gate.handle(failure, () => send(variables))) {
        setStage('form');
        return;
      }
      // The order may have changed under us (filled, paused, deleted): show the book as it is now.
      // A limit refused it: the form, opened again, says which one and until when.
      refreshAfterTrade(queryClient, false);
      setError(classifyTradeError(failure));
      setStage('error');
    },
  });

  const submit = (body: CreateTradeRequest, typed: TradeFormValues) => {
    setDraft(typed);
    const serialized = JSON.stringify(body);
    if (attempt.current?.body !== serialized)
      attempt.current = { body: serialized, key: newIdempotencyKey() };
    const variables = { body, key: attempt.current.key };
    // The taker of a buy order is its seller: their coins are locked at once.
    if (order.type === 'buy') void gate.ensure(() => send(variables));
    else send(variables);
  };

  function send(variables: { body: CreateTradeRequest; key: string }) {
    setError(null);
    setPercent(5);
    setStage('submitting');
    create.mutate(variables);
  }

  const step = Math.min(TRADE_STEPS - 1, Math.floor((percent / 100) * TRADE_STEPS));
  const shownStep = percent >= 100 ? TRADE_STEPS : step;
  return { order, stage, draft, percent, step: shownStep, error, open, close, submit, retry, gate };
}
