import { ApiError } from '@/lib/api';

/** «Я оплатил»'s paying account as typed. */
export type PayerDraft = { bank: string; last4: string; name: string };
export type PayerErrors = Partial<Record<keyof PayerDraft, string>>;

export const PAYER_FIELDS = ['bank', 'last4', 'name'] as const satisfies readonly (keyof PayerDraft)[];

export const emptyPayer = (bank = ''): PayerDraft => ({ bank, last4: '', name: '' });

/** The server's field messages of a refused payer account (`payer.bank` -> bank). */
export function serverPayerErrors(error: unknown): PayerErrors {
  if (!(error instanceof ApiError) || error.code !== 'VALIDATION_ERROR') return {};
  const issues =
    (error.details as { issues?: { path: string; message: string }[] } | undefined)?.issues ?? [];
  const out: PayerErrors = {};
  for (const issue of issues) {
    const field = issue.path.split('.')[1] as keyof PayerDraft | undefined;
    if (field === 'bank' || field === 'last4' || field === 'name') out[field] ??= issue.message;
  }
  if (!out.bank && !out.last4 && !out.name) out.name = error.message;
  return out;
}
