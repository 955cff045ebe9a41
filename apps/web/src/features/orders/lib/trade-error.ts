import { ApiError } from '../../../lib/api';

/** The trade-creation error dialog's cases (docs/product/trading-rules.md). */
export type TradeErrorKind =
  | 'auth'
  | 'validation'
  | 'notFound'
  | 'rateLimit'
  | 'server'
  | 'generic'
  | 'unexpected';

export interface TradeErrorInfo {
  kind: TradeErrorKind;
  /** The server's own words (OWN_ORDER, INSUFFICIENT_BALANCE, limits...), when it sent some. */
  message: string | null;
  code: string | null;
  /** 401 and 429 offer no retry: signing in again or waiting is the way out. */
  canRetry: boolean;
  /** Not enough coins to sell: point to the wallet. */
  walletLink: boolean;
}

/** Decides the dialog by HTTP status; an error that is not an API answer is unexpected. */
export function classifyTradeError(error: unknown): TradeErrorInfo {
  if (!(error instanceof ApiError)) {
    return { kind: 'unexpected', message: null, code: null, canRetry: true, walletLink: false };
  }
  const code = error.code ?? null;
  const base = { message: error.message || null, code, walletLink: code === 'INSUFFICIENT_BALANCE' };
  if (error.status === 401) return { ...base, kind: 'auth', canRetry: false };
  if (error.status === 400) return { ...base, kind: 'validation', canRetry: true };
  if (error.status === 404) return { ...base, kind: 'notFound', canRetry: true };
  if (error.status === 429) return { ...base, kind: 'rateLimit', canRetry: false };
  if (error.status >= 500) return { ...base, kind: 'server', canRetry: true };
  return { ...base, kind: 'generic', canRetry: true };
}
