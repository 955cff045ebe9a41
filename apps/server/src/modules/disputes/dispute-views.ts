import {
  type DisputeQueueItem,
  effectiveName,
  formatCrypto,
  formatFiat,
  type StaffRef,
  type UserHistory,
} from '@p2p/shared';
import type { Executor } from '../../db/client.ts';
import type { TradeRow, UserRow } from '../../db/schema.ts';
import { assert } from '../../errors.ts';
import { findUserById } from '../users/index.ts';
import { openedByOf, slaOf } from './dispute-rules.ts';

/** The desk's views of a case: its line in the queue and its parties in the case file. */

export async function usersById(db: Executor, ids: string[]): Promise<Map<string, UserRow>> {
  const unique = [...new Set(ids)];
  const rows = await Promise.all(unique.map((id) => findUserById(db, id)));
  return new Map(rows.flatMap((u) => (u ? [[u.id, u] as const] : [])));
}

export function partyRef(people: Map<string, UserRow>, id: string) {
  const u = people.get(id);
  assert(u, `party ${id} missing`);
  return { id, name: effectiveName(u), username: u.username };
}

/** What the queue's line of a case is read from, besides the trade. */
export interface QueueFacts {
  now: Date;
  slaMs: number;
  people: Map<string, UserRow>;
  owners: Map<string, StaffRef>;
  openEvidence: Map<string, number>;
}

/** A disputed trade as the queue lists it: its age against the target time and its owner. */
export function queueItem(t: TradeRow, facts: QueueFacts): DisputeQueueItem {
  const openedAt = t.disputedAt ?? t.updatedAt;
  const sla = slaOf(openedAt, facts.slaMs, facts.now);
  return {
    tradeId: t.id,
    openedAt: openedAt.toISOString(),
    ageSeconds: sla.ageSeconds,
    slaDeadline: sla.deadline.toISOString(),
    overSla: sla.overSla,
    cryptocurrency: t.cryptocurrency,
    amountCrypto: formatCrypto(t.amountCrypto),
    fiatCurrency: t.fiatCurrency,
    amountFiat: formatFiat(t.amountFiat),
    paymentMethod: t.paymentMethod,
    buyer: partyRef(facts.people, t.buyerId),
    seller: partyRef(facts.people, t.sellerId),
    openedBy: openedByOf(t),
    reason: t.disputeReason,
    details: t.disputeDetails,
    owner: t.disputeOwnerId ? (facts.owners.get(t.disputeOwnerId) ?? null) : null,
    takenAt: t.disputeTakenAt?.toISOString() ?? null,
    openEvidenceRequests: facts.openEvidence.get(t.id) ?? 0,
  };
}

/** A party of a case with their trading and dispute history. */
export function caseParty(
  trade: TradeRow,
  id: string,
  { people, histories }: { people: Map<string, UserRow>; histories: Map<string, UserHistory> },
) {
  const u = people.get(id);
  assert(u, `trade ${trade.id} lost a party`);
  const history = histories.get(id);
  assert(history, `no history of ${id}`);
  return {
    id,
    name: effectiveName(u),
    username: u.username,
    telegramId: u.telegramId === null ? null : u.telegramId.toString(),
    createdAt: u.createdAt.toISOString(),
    blockedAt: u.blockedAt?.toISOString() ?? null,
    history,
  };
}
