import { type Cryptocurrency, fiatValue, formatCrypto, formatFiat, type OrderView } from '@p2p/shared';
import type { Executor } from '../../db/client.ts';
import type { OrderRow, UserRow } from '../../db/schema.ts';
import { settingsOfMany } from '../settings/settings.repository.ts';
import { onlineStatusOf } from '../users/presence.ts';
import { reputationSummaries } from '../users/reputation.ts';
import { effectiveAvatar, effectiveName } from '../users/user-view.ts';
import { completedTradesPerOrder, ownersOf } from './orders.repository.ts';

const isLive = (o: OrderRow) => o.status === 'active' || o.status === 'paused';

/** Builds wire views for orders, loading owners, reputations and counts in batches. */
export async function toOrderViews(db: Executor, rows: OrderRow[], now: Date): Promise<OrderView[]> {
  if (rows.length === 0) return [];
  const ownerIds = rows.map((r) => r.userId);
  const [owners, reps, completed, privacy] = await Promise.all([
    ownersOf(db, ownerIds),
    reputationSummaries(db, ownerIds),
    completedTradesPerOrder(
      db,
      rows.map((r) => r.id),
    ),
    settingsOfMany(db, ownerIds),
  ]);
  const byId = new Map<string, UserRow>(owners.map((u) => [u.id, u]));
  return rows.map((o) => {
    const owner = byId.get(o.userId);
    if (!owner) throw new Error(`order ${o.id} has no owner row`);
    const rep = reps.get(o.userId);
    // Presence only when the owner's privacy setting shows it.
    const showOnline = privacy.get(o.userId)?.showOnline ?? true;
    return {
      id: o.id,
      user_id: o.userId,
      type: o.type,
      cryptocurrency: o.cryptocurrency as Cryptocurrency,
      fiat_currency: o.fiatCurrency,
      amount_crypto: formatCrypto(o.amountCrypto),
      available_amount: formatCrypto(o.availableAmount),
      locked_amount: formatCrypto(o.type === 'sell' && isLive(o) ? o.availableAmount : 0n),
      price_per_unit: formatFiat(o.pricePerUnit),
      total_amount: formatFiat(fiatValue(o.amountCrypto, o.pricePerUnit)),
      available_fiat: formatFiat(fiatValue(o.availableAmount, o.pricePerUnit)),
      min_amount: formatFiat(o.minAmount),
      max_amount: formatFiat(o.maxAmount),
      payment_methods: o.paymentMethods,
      time_limit: o.timeLimit,
      description: o.description,
      status: o.status,
      expires_at: o.expiresAt?.toISOString() ?? null,
      created_at: o.createdAt.toISOString(),
      updated_at: o.updatedAt.toISOString(),
      completed_trades: completed.get(o.id) ?? 0,
      user: {
        id: owner.id,
        username: owner.username,
        first_name: owner.firstName,
        display_name: owner.displayName,
        effective_name: effectiveName(owner),
        avatar_url: effectiveAvatar(owner),
        verified: owner.verified,
        rating: rep?.rating ?? null,
        reviews_count: rep?.reviewsCount ?? 0,
        trades_count: rep?.completedTrades ?? 0,
        completion_rate: rep?.completionRate ?? null,
        avg_release_time: rep?.avgReleaseSeconds ?? null,
        avg_response_time: rep?.avgResponseSeconds ?? null,
        online_status: showOnline ? onlineStatusOf(owner, now) : null,
        last_seen: showOnline ? (owner.lastSeenAt?.toISOString() ?? null) : null,
      },
    };
  });
}
