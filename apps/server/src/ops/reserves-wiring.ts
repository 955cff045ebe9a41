import type { LedgerAudit } from '../modules/reserves/index.ts';
import { auditLedger } from './ledger-audit.ts';

/**
 * The ledger audit a proof-of-reserves snapshot runs in its own transaction (docs/decisions/039):
 * a snapshot is published only when the ledger's money invariants hold. The reputation counters
 * are not money and do not stop a snapshot. The composition root hands it to `ReservesService`.
 */
export const reservesAudit: LedgerAudit = async (db) =>
  (await auditLedger(db, { reputationFigures: false })).filter((p) => !p.startsWith('counters:'));
