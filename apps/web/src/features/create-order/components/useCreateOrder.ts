import type { CreateOrderRequest } from '@p2p/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { toast } from '@/components/ui/toast';
import { orderKeys, ordersApi } from '@/features/orders';
import type { SellingGate } from '@/features/two-factor';
import { useT } from '@/i18n';
import { ApiError, newIdempotencyKey } from '@/lib/api';
import { useNavigate } from '@/lib/router';
import type { OrderField } from '../lib/order-form';

export type ServerError = { message: string; walletLink: boolean };
export type ServerFieldErrors = Partial<Record<OrderField, string>>;

/**
 * Publishing an order: POST /orders with an Idempotency-Key (kept while the same body is retried),
 * then a toast and the new order's page; a refusal lands on the form (banner and field errors).
 * A sell order passes `gate` first: a seller without two-factor enrols, then it is published.
 */
export function useCreateOrder(
  onFieldError: (field: OrderField, message: string) => void,
  gate?: SellingGate,
  /** A refusal the page answers itself (a swap's code or price ask): true when it did. */
  onRefusal?: (error: unknown, body: CreateOrderRequest) => boolean,
) {
  const t = useT();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [serverError, setServerError] = useState<ServerError | null>(null);
  const attempt = useRef<{ body: string; key: string } | null>(null);
  const leaveTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(leaveTimer.current), []);

  const create = useMutation({
    mutationFn: ({ body, key }: { body: CreateOrderRequest; key: string }) => ordersApi.create(body, key),
    onSuccess: (created) => {
      attempt.current = null;
      toast.success(t('createOrder.created'));
      void queryClient.invalidateQueries({ queryKey: orderKeys.all });
      void queryClient.invalidateQueries({ queryKey: ['wallet'] });
      // The overlay closes in this commit; the page changes in the next one.
      leaveTimer.current = setTimeout(() => navigate(`/order/${created.id}`), 0);
    },
    onError: (error, variables) => {
      // Selling without two-factor: enrol, then publish the same order (same key).
      if (gate?.handle(error, () => create.mutate(variables))) return;
      if (onRefusal?.(error, variables.body)) return;
      setServerError(toServerError(error, t('createOrder.insufficient'), t('createOrder.createError')));
      for (const [field, message] of Object.entries(fieldErrorsOf(error))) {
        if (message) onFieldError(field as OrderField, message);
      }
    },
  });

  const submit = (body: CreateOrderRequest) => {
    setServerError(null);
    const serialized = JSON.stringify(body);
    if (attempt.current?.body !== serialized)
      attempt.current = { body: serialized, key: newIdempotencyKey() };
    const variables = { body, key: attempt.current.key };
    // A sell order commits the seller's coins: two-factor first (docs/decisions/023).
    if (body.type === 'sell' && gate) void gate.ensure(() => create.mutate(variables));
    else create.mutate(variables);
  };

  return { submit, submitting: create.isPending, serverError };
}

function toServerError(error: unknown, insufficient: string, fallback: string): ServerError {
  if (error instanceof ApiError && error.code === 'INSUFFICIENT_BALANCE') {
    return { message: insufficient, walletLink: true };
  }
  return { message: (error instanceof Error && error.message) || fallback, walletLink: false };
}

/** VALIDATION_ERROR details carry {path, message} per field; put them where they belong. */
function fieldErrorsOf(error: unknown): ServerFieldErrors {
  if (!(error instanceof ApiError) || error.code !== 'VALIDATION_ERROR') return {};
  const issues =
    (error.details as { issues?: { path: string; message: string }[] } | undefined)?.issues ?? [];
  const fields: ServerFieldErrors = {};
  for (const issue of issues) {
    const field = issue.path.split('.')[0] as OrderField;
    fields[field] ??= issue.message;
  }
  return fields;
}
