import {
  type Cryptocurrency,
  decimalsOf,
  fiatValue,
  formatAmount,
  formatCrypto,
  formatFiat,
  formatMarginBp,
  isSwapPayment,
  type OrderView,
} from '@p2p/shared';
import type { Executor } from '../../db/client.ts';
import type { OrderRow } from '../../db/schema.ts';
import { effectiveAvatar, effectiveName, onlineStatusOf, toReputationSummary } from '../users/index.ts';
import { type OrderOwner, orderOwners } from './orders.repository.ts';

const isLive = (o: OrderRow) => o.status === 'active' || o.status === 'paused';

/** What the order asks of its taker (docs/decisions/028); 0 reads as no condition. */
function takerConditionsView(o: OrderRow, owner: Pick<OrderOwner, 'minRatingTenths' | 'allowUnrated'>) {
  return {
    min_taker_trades: o.minTakerTrades || null,
    min_taker_age_days: o.minTakerAgeDays || null,
    min_taker_rating: owner.minRatingTenths > 0 ? owner.minRatingTenths / 10 : null,
    unrated_taker_allowed: owner.allowUnrated,
    owner_away: o.ownerAway,
  };
}

/** Builds wire views for orders: their owners, reputations and privacy in one statement. */
export async function toOrderViews(db: Executor, rows: OrderRow[], now: Date): Promise<OrderView[]> {
  if (rows.length === 0) return [];
  const owners = await orderOwners(
    db,
    rows.map((r) => r.userId),
    now,
  );
  return rows.map((o) => {
    const found = owners.get(o.userId);
    if (!found) throw new Error(`order ${o.id} has no owner row`);
    return orderView(o, found, now);
  });
}

/** One order's wire view, with its owner as read by `orderOwners` or `ordersWithOwners`. */
export function orderView(o: OrderRow, found: OrderOwner, now: Date): OrderView {
  const owner = found.user;
  const rep = toReputationSummary(found.reputation);
  // Presence only when the owner's privacy setting shows it.
  const showOnline = found.showOnline;
  // A swap's price, total and limits are in its payment coin, 8 decimals (docs/decisions/026).
  const swap = isSwapPayment(o.fiatCurrency);
  const formatPaid = swap ? formatCrypto : formatFiat;
  return {
    id: o.id,
    user_id: o.userId,
    type: o.type,
    cryptocurrency: o.cryptocurrency as Cryptocurrency,
    fiat_currency: o.fiatCurrency,
    amount_crypto: formatCrypto(o.amountCrypto),
    available_amount: formatCrypto(o.availableAmount),
    locked_amount: formatCrypto(o.type === 'sell' && isLive(o) ? o.availableAmount : 0n),
    price_per_unit: formatPaid(o.pricePerUnit),
    total_amount: formatPaid(fiatValue(o.amountCrypto, o.pricePerUnit)),
    available_fiat: formatPaid(fiatValue(o.availableAmount, o.pricePerUnit)),
    min_amount: formatPaid(o.minAmount),
    max_amount: formatPaid(o.maxAmount),
    payment_methods: o.paymentMethods,
    time_limit: swap ? 0 : o.timeLimit,
    description: o.description,
    status: o.status,
    expires_at: o.expiresAt?.toISOString() ?? null,
    created_at: o.createdAt.toISOString(),
    updated_at: o.updatedAt.toISOString(),
    completed_trades: o.completedTrades,
    price_type: o.priceType,
    margin_percent: o.marginBp === null ? null : formatMarginBp(o.marginBp),
    price_limit: o.priceLimit === null ? null : formatAmount(o.priceLimit, decimalsOf(o.fiatCurrency)),
    market_paused: o.priceType === 'floating' && o.marketPaused,
    user: {
      id: owner.id,
      username: owner.username,
      first_name: owner.firstName,
      display_name: owner.displayName,
      effective_name: effectiveName(owner),
      avatar_url: effectiveAvatar(owner),
      verified: owner.verified,
      rating: rep.rating,
      reviews_count: rep.reviewsCount,
      trades_count: rep.completedTrades,
      completion_rate: rep.completionRate,
      avg_release_time: rep.avgReleaseSeconds,
      avg_response_time: rep.avgResponseSeconds,
      trades_30d: found.trades30d,
      avg_payment_time: rep.avgPaymentSeconds,
      online_status: showOnline ? onlineStatusOf(owner, now) : null,
      last_seen: showOnline ? (owner.lastSeenAt?.toISOString() ?? null) : null,
    },
    ...takerConditionsView(o, found),
  };
}
