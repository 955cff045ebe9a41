import { formatCrypto, type TradeDetails } from '@p2p/shared';
import type { AppContext } from '../../context.ts';
import { AppError, assert, notFound } from '../../errors.ts';
import { PendingEvents } from '../realtime/notifier.ts';
import { transition } from '../trades/settlement.ts';
import { staffMayObserve, toTradeDetails } from '../trades/trade-view.ts';
import { findTrade, lockTrade } from '../trades/trades.repository.ts';
import { insertAuditEntry } from './audit.repository.ts';
import type { StaffActor } from './balance-operations.service.ts';

export type DisputeOutcome = 'release' | 'refund';

/**
 * A moderator settles a disputed trade (DESIGN §3): escrow to the buyer (release) or back to
 * the seller side (refund). The transition, its money movement and the audit entry commit
 * together; the parties hear about it after the commit.
 */
export class DisputesService {
  constructor(private readonly ctx: AppContext) {}

  /** A trade that went to dispute, as a moderator (an observer) sees it. */
  async view(staffId: string, tradeId: string): Promise<TradeDetails> {
    const trade = await findTrade(this.ctx.db, tradeId);
    if (!trade || !staffMayObserve(trade)) throw notFound('Сделка не найдена');
    const [details] = await toTradeDetails(this.ctx.db, [trade], staffId);
    assert(details, 'trade details missing');
    return details;
  }

  async resolve(actor: StaffActor, tradeId: string, outcome: DisputeOutcome, note: string) {
    const now = this.ctx.clock.now();
    const events = new PendingEvents();
    const result = await this.ctx.db.transaction(async (tx) => {
      const trade = await lockTrade(tx, tradeId);
      if (!trade) throw notFound('Сделка не найдена');
      if (trade.status !== 'DISPUTED') {
        throw new AppError('ACTION_NOT_AVAILABLE', 'Действие недоступно', { status: trade.status });
      }
      const action = outcome === 'release' ? 'resolve_release' : 'resolve_refund';
      const notes = [trade.notes, `Решение модератора: ${note}`].filter(Boolean).join('\n');
      const updated = await transition(
        tx,
        trade,
        action,
        'moderator',
        null,
        now,
        this.ctx.config.feePpm,
        { notes },
        events,
      );
      await insertAuditEntry(tx, {
        staffId: actor.staffId,
        action: `trade.resolve_${outcome}`,
        entityType: 'trade',
        entityId: trade.id,
        ipAddress: actor.ipAddress,
        userAgent: actor.userAgent,
        note,
        beforeState: { status: trade.status, escrow: formatCrypto(trade.escrowAmount) },
        afterState: {
          status: updated.status,
          settlement: updated.settlement,
          fee: formatCrypto(updated.feeAmount),
        },
        metadata: {
          buyerId: trade.buyerId,
          sellerId: trade.sellerId,
          amount: formatCrypto(trade.amountCrypto),
        },
        createdAt: now,
      });
      const settled = outcome === 'release' ? ('released' as const) : ('refunded' as const);
      assert(updated.settlement === settled, `resolution left trade ${trade.id} ${updated.settlement}`);
      return {
        tradeId: updated.id,
        status: settled === 'released' ? ('COMPLETED' as const) : ('CANCELLED' as const),
        settlement: settled,
      };
    });
    events.publishTo(this.ctx.notifier);
    return result;
  }
}
