import type { Cryptocurrency } from '@p2p/shared';
import { orders, trades } from '../../src/db/schema.ts';
import { lock, refundEscrow, releaseEscrow } from '../../src/modules/ledger/ledger.ts';
import { rebuildReputationCounters } from '../../src/modules/users/reputation-counters.ts';
import type { TestApp } from '../helpers.ts';

/** A settled trade (escrow locked, then released or refunded) built through the ledger. */
export async function settledTrade(
  t: TestApp,
  sellerId: string,
  buyerId: string,
  outcome: 'COMPLETED' | 'CANCELLED',
) {
  const amount = 10_000_000n; // 0.1 BTC
  const currency: Cryptocurrency = 'BTC';
  const now = t.clock.now();
  await t.ctx.db.transaction(async (tx) => {
    const [order] = await tx
      .insert(orders)
      .values({
        userId: sellerId,
        type: 'sell',
        cryptocurrency: currency,
        fiatCurrency: 'RUB',
        amountCrypto: amount,
        availableAmount: outcome === 'COMPLETED' ? 0n : amount,
        pricePerUnit: 500_000_000n,
        minAmount: 100_000n,
        maxAmount: 5_000_000n,
        paymentMethods: ['SBP'],
        timeLimit: 30,
        status: outcome === 'COMPLETED' ? 'completed' : 'cancelled',
      })
      .returning();
    const [trade] = await tx
      .insert(trades)
      .values({
        orderId: order!.id,
        buyerId,
        sellerId,
        cryptocurrency: currency,
        fiatCurrency: 'RUB',
        amountCrypto: amount,
        amountFiat: 5_000_000n,
        pricePerUnit: 500_000_000n,
        escrowAmount: 0n,
        escrowSource: 'seller_balance',
        settlement: outcome === 'COMPLETED' ? 'released' : 'refunded',
        paymentMethod: 'SBP',
        status: outcome,
        paymentDeadline: now,
      })
      .returning();
    const ref = { reason: 'test escrow', refType: 'trade', refId: trade!.id };
    await lock(tx, { kind: 'escrow_lock', userId: sellerId, currency, amount, ref, now });
    const settled = { id: trade!.id, sellerId, buyerId, currency, amount, fee: 0n };
    if (outcome === 'COMPLETED') await releaseEscrow(tx, settled, now);
    else await refundEscrow(tx, settled, false, now);
    // Written past the services: the reputation counters are recomputed, as the audit expects.
    await rebuildReputationCounters(tx);
  });
}
