import type { AppContext } from '../context.ts';
import { type ReservesLog, ReservesService } from '../modules/reserves/index.ts';
import { auditLedger } from './ledger-audit.ts';

/**
 * The proof-of-reserves service with the ledger audit wired in (docs/decisions/039): a snapshot
 * is published only when the ledger's money invariants hold in its own transaction. The
 * reputation counters are not money and do not stop a snapshot.
 */
export function reservesService(ctx: AppContext, log?: ReservesLog): ReservesService {
  return new ReservesService(ctx, {
    audit: async (db) =>
      (await auditLedger(db, { reputationFigures: false })).filter((p) => !p.startsWith('counters:')),
    ...(log ? { log } : {}),
  });
}
