import { createHash } from 'node:crypto';
import type { Db, Tx } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import { claimKey, findKey, storeAnswer } from './idempotency.repository.ts';

export interface IdempotencyScope {
  userId: string;
  scope: string;
  key: string | undefined;
  request: unknown;
}

/**
 * With `answer`: the first request's answer, known before its work runs (an id chosen up front).
 * It is stored with the key's claim, so nothing is written after the work, whose last statement
 * may then carry the transaction's COMMIT (docs/decisions/053). The work answers the same.
 */
export interface KnownAnswer<T> {
  answer: T;
}

const KEY_PATTERN = /^[A-Za-z0-9_.:-]{1,200}$/;

/** Reads and checks the Idempotency-Key header. */
export function idempotencyKeyOf(headers: Record<string, unknown>): string | undefined {
  const raw = headers['idempotency-key'];
  if (raw === undefined) return undefined;
  if (typeof raw !== 'string' || !KEY_PATTERN.test(raw)) {
    throw new AppError('VALIDATION_ERROR', 'errors.idempotencyBadHeader');
  }
  return raw;
}

/**
 * Runs `work` in one transaction. With a key, the first request's answer is stored in the
 * same transaction; a repeat (even concurrent: it waits on the key's unique index) gets
 * that answer back instead of doing the work again. Failed requests store nothing.
 */
export async function idempotent<T>(
  db: Db,
  scope: IdempotencyScope | (IdempotencyScope & KnownAnswer<T>),
  work: (tx: Tx) => Promise<T>,
): Promise<T> {
  const { key } = scope;
  if (!key) return db.transaction(work);
  const requestHash = createHash('sha256')
    .update(JSON.stringify(scope.request ?? null))
    .digest('hex');
  return db.transaction(async (tx) => {
    const k = { userId: scope.userId, scope: scope.scope, key };
    const known = 'answer' in scope ? (scope.answer as object) : undefined;
    if (!(await claimKey(tx, k, requestHash, known))) {
      const stored = await findKey(tx, k);
      if (!stored) throw new AppError('CONFLICT', 'errors.idempotencyPending');
      if (stored.requestHash !== requestHash) {
        throw new AppError('IDEMPOTENCY_MISMATCH', 'errors.idempotencyMismatch');
      }
      return stored.response as T;
    }
    const result = await work(tx);
    if (!known) await storeAnswer(tx, k, result as object);
    return result;
  });
}
