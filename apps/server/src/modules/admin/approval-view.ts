import {
  type AdminView,
  type ApprovalRefusal,
  type ApprovalView,
  type Cryptocurrency,
  effectiveName,
  formatCrypto,
  formatFiat,
  staffMay,
} from '@p2p/shared';
import { z } from 'zod';
import type { Executor } from '../../db/client.ts';
import type { StaffApprovalRow, TradeRow, UserRow, WithdrawalRow } from '../../db/schema.ts';
import { assert } from '../../errors.ts';
import { staffRefs } from '../audit-log/index.ts';
import { formatUsdCents, resolutionOf } from '../four-eyes/index.ts';
import { findTrade } from '../trade-access/index.ts';
import { findUserById } from '../users/index.ts';
import { findWithdrawal } from '../withdrawals/index.ts';

/** A credit's payload as proposed (BalanceOperationRequest, re-validated on approval). */
export const CreditPayload = z.object({
  cryptocurrency: z.string(),
  amount: z.string(),
  reason: z.string(),
});

/** What the proposer of a withdrawal fail checked on the chain (docs/decisions/035). */
export function failNoteOf(row: StaffApprovalRow): string {
  assert(row.kind === 'withdrawal.fail', `approval ${row.id} is a ${row.kind}`);
  return z.object({ note: z.string() }).parse(row.payload).note;
}

/** The note of a resolution, the reason of a credit, the chain check of a withdrawal fail. */
export function reasonOf(row: StaffApprovalRow): string {
  if (row.kind === 'dispute.resolve') return resolutionOf(row).note;
  if (row.kind === 'withdrawal.fail') return failNoteOf(row);
  return CreditPayload.parse(row.payload).reason;
}

/**
 * Why `me` may not decide `row`, or null when they may: one's own proposal, a role without
 * `approvals.decide`, a proposal already decided. The order the service refuses in.
 */
export function refusalOf(
  row: Pick<StaffApprovalRow, 'status' | 'proposedBy'>,
  me: { id: string; mayDecide: boolean },
): ApprovalRefusal | null {
  if (row.proposedBy === me.id) return 'own';
  if (!me.mayDecide) return 'admins_only';
  if (row.status !== 'pending') return 'decided';
  return null;
}

/** Proposals as the console shows them to `me`: what they do, who proposed, may `me` decide. */
export async function approvalViews(
  db: Executor,
  me: AdminView,
  rows: StaffApprovalRow[],
): Promise<ApprovalView[]> {
  const refs = await staffRefs(
    db,
    rows.flatMap((r) => (r.decidedBy ? [r.proposedBy, r.decidedBy] : [r.proposedBy])),
  );
  const trades = new Map<string, TradeRow>();
  for (const r of rows) {
    const trade = r.tradeId ? await findTrade(db, r.tradeId) : null;
    if (trade) trades.set(trade.id, trade);
  }
  const people = await usersById(db, [
    ...rows.flatMap((r) => (r.userId ? [r.userId] : [])),
    ...[...trades.values()].flatMap((t) => [t.buyerId, t.sellerId]),
  ]);
  const party = (id: string) => {
    const u = people.get(id);
    assert(u, `approval party ${id} missing`);
    return { id, name: effectiveName(u), username: u.username };
  };
  const withdrawals = new Map<string, WithdrawalRow>();
  for (const r of rows) {
    const w = r.withdrawalId ? await findWithdrawal(db, r.withdrawalId) : null;
    if (w) withdrawals.set(w.id, w);
  }
  const mayDecide = staffMay(me.role, 'approvals.decide');
  return rows.map((r): ApprovalView => {
    const w = r.withdrawalId ? withdrawals.get(r.withdrawalId) : undefined;
    const proposer = refs.get(r.proposedBy);
    assert(proposer, `proposer ${r.proposedBy} missing`);
    const trade = r.tradeId ? trades.get(r.tradeId) : undefined;
    const outcome = trade ? resolutionOf(r).outcome : null;
    const beneficiary = trade ? (outcome === 'release' ? trade.buyerId : trade.sellerId) : r.userId;
    assert(beneficiary, `approval ${r.id} has no beneficiary`);
    const refusal = refusalOf(r, { id: me.id, mayDecide });
    return {
      id: r.id,
      kind: r.kind,
      status: r.status,
      trade:
        trade && outcome
          ? {
              id: trade.id,
              status: trade.status,
              outcome,
              fiatCurrency: trade.fiatCurrency,
              amountFiat: formatFiat(trade.amountFiat),
              buyer: party(trade.buyerId),
              seller: party(trade.sellerId),
            }
          : null,
      withdrawal: w ? { id: w.id, status: w.status, network: w.network, address: w.toAddress } : null,
      beneficiary: party(beneficiary),
      cryptocurrency: r.cryptocurrency as Cryptocurrency,
      amount: formatCrypto(r.amount),
      usdValue: formatUsdCents(r.usdCents),
      reason: reasonOf(r),
      proposedBy: proposer,
      proposedAt: r.proposedAt.toISOString(),
      decidedBy: r.decidedBy ? (refs.get(r.decidedBy) ?? null) : null,
      decidedAt: r.decidedAt?.toISOString() ?? null,
      decisionNote: r.decisionNote,
      mayDecide: refusal === null,
      refusal,
      mayCancel: r.status === 'pending' && r.proposedBy === me.id,
    };
  });
}

async function usersById(db: Executor, ids: string[]): Promise<Map<string, UserRow>> {
  const rows = await Promise.all([...new Set(ids)].map((id) => findUserById(db, id)));
  return new Map(rows.flatMap((u) => (u ? [[u.id, u] as const] : [])));
}
