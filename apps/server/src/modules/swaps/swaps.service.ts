import { randomUUID } from 'node:crypto';
import {
  type Cryptocurrency,
  formatCrypto,
  formatRu,
  isSwapPayment,
  type SwapQuote,
  type SwapView,
  swapQuoteForCrypto,
  swapQuoteForPaid,
  swapRemainderTakeable,
  type TakeSwapRequest,
  tryParseAmount,
} from '@p2p/shared';
import type { Needs } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import type { OrderRow } from '../../db/schema.ts';
import { AppError, assert, notFound } from '../../errors.ts';
import { PendingEvents } from '../../events/notifier.ts';
import { idempotent } from '../idempotency/index.ts';
import * as ledger from '../ledger/index.ts';
import { requireNoSecurityHold } from '../limits/index.ts';
import { assertSwapPrice, findOrder, swapMarketPrice } from '../orders/index.ts';
import type { TwoFactorService } from '../two-factor/index.ts';
import { userBlocked } from '../users/index.ts';
import { announce, type Settled, toSwapView } from './swap-view.ts';
import * as repo from './swaps.repository.ts';

/**
 * Taking a swap offer (docs/decisions/026-instant-swaps.md): both legs are on the platform, so
 * the taker's payment and the maker's coins move in one transaction, with no payment step,
 * chat or dispute. The offer is locked first, so racing takers queue and never oversell it.
 */
export class SwapsService {
  constructor(
    private readonly ctx: Needs<'config' | 'db' | 'clock' | 'notifier' | 'prices'>,
    private readonly twoFactor: TwoFactorService,
  ) {}

  async take(
    takerId: string,
    orderId: string,
    input: TakeSwapRequest,
    idempotencyKey?: string,
  ): Promise<SwapView> {
    // The market price is fetched before the transaction: no network wait under the offer's lock.
    const found = await findOrder(this.ctx.db, orderId);
    if (!found) throw notFound('errors.orderNotFound');
    const market = isSwapPayment(found.fiatCurrency)
      ? await swapMarketPrice(this.ctx, found.cryptocurrency as Cryptocurrency, found.fiatCurrency)
      : null;
    const events = new PendingEvents();
    const view = await this.twoFactor.countingFailures(
      takerId,
      () =>
        idempotent(
          this.ctx.db,
          { userId: takerId, scope: 'swaps.take', key: idempotencyKey, request: { orderId, ...input } },
          async (tx) => {
            const now = this.ctx.clock.now();
            const order = await this.admit(tx, takerId, orderId);
            assertSwapPrice({
              price: order.pricePerUnit,
              market,
              confirmed: input.confirm_price === true,
              side: 'take',
            });
            const q = this.quoteFor(order, input);
            // The taker's coin leaves the account: not under a security hold (docs/decisions/033).
            await requireNoSecurityHold(this.ctx, tx, takerId);
            // Last, once everything else passed: a refusal above leaves the code unspent.
            await this.twoFactor.requireFreshCode(tx, {
              userId: takerId,
              code: input.totp_code,
              now,
              ask: 'security.codeToSwap',
              notEnabled: 'security.enrolToSwap',
            });
            const swap = await this.settle(tx, { order, takerId, q, now });
            announce(events, swap);
            await events.writeTo(tx, now);
            return toSwapView(swap.row);
          },
        ),
      input.totp_code,
    );
    events.publishTo(this.ctx.notifier);
    return view;
  }

  /** The offer locked, and the refusals in the order a taker meets them. */
  private async admit(
    tx: Tx,
    takerId: string,
    orderId: string,
  ): Promise<OrderRow & { fiatCurrency: Cryptocurrency }> {
    const admission = await repo.admitSwapTaker(tx, orderId, takerId);
    if (!admission) throw notFound('errors.orderNotFound');
    const { order } = admission;
    if (admission.takerBlocked || (order.userId !== takerId && admission.makerBlocked)) throw userBlocked();
    if (order.userId === takerId) throw new AppError('OWN_ORDER', 'errors.ownOrder');
    const payIn = order.fiatCurrency;
    if (!isSwapPayment(payIn)) throw new AppError('RULE_VIOLATION', 'errors.swapOfFiatOrder');
    const now = this.ctx.clock.now();
    if (order.status !== 'active' || (order.expiresAt && order.expiresAt <= now)) {
      throw new AppError('RULE_VIOLATION', 'errors.orderInactive');
    }
    if (order.marketPaused) throw new AppError('ACTION_NOT_AVAILABLE', 'errors.marketPriceUnavailable');
    assert(order.type === 'sell', `swap order ${order.id} is a ${order.type} order`);
    return { ...order, fiatCurrency: payIn };
  }

  /** What the taker gives and gets, within the offer's limits and remainder. */
  private quoteFor(order: OrderRow, input: TakeSwapRequest): SwapQuote {
    const feePpm = this.ctx.config.feePpm;
    const crypto = input.amount_crypto === undefined ? null : tryParseAmount(input.amount_crypto, 8);
    const paid = input.amount_paid === undefined ? null : tryParseAmount(input.amount_paid, 8);
    if ((crypto === null && paid === null) || (crypto ?? paid ?? 0n) <= 0n)
      throw new AppError('VALIDATION_ERROR', 'validation.trade.amountRequired');
    const q =
      crypto !== null
        ? swapQuoteForCrypto(crypto, order.pricePerUnit, feePpm)
        : swapQuoteForPaid(paid ?? 0n, order.pricePerUnit, feePpm);
    if (q.amountPaid < order.minAmount || q.amountPaid > order.maxAmount) {
      const min = formatCrypto(order.minAmount);
      const max = formatCrypto(order.maxAmount);
      throw new AppError(
        'VALIDATION_ERROR',
        'validation.trade.range',
        { min: formatRu(min), max: formatRu(max) },
        { min, max },
      );
    }
    if (q.amountCrypto <= 0n || q.received <= 0n)
      throw new AppError('VALIDATION_ERROR', 'validation.trade.tooSmall');
    if (q.amountCrypto > order.availableAmount) throw new AppError('RULE_VIOLATION', 'errors.orderVolume');
    return q;
  }

  /**
   * Both postings, the swap row and the offer's remainder, in the caller's transaction. A
   * remainder no taker could take (below the smallest fill) is returned to the maker here and
   * the offer closes: never an offer that shows impossible limits with coins locked behind it
   * (docs/decisions/038).
   */
  private async settle(
    tx: Tx,
    {
      order,
      takerId,
      q,
      now,
    }: { order: OrderRow & { fiatCurrency: Cryptocurrency }; takerId: string; q: SwapQuote; now: Date },
  ): Promise<Settled> {
    const id = randomUUID();
    const cryptocurrency = order.cryptocurrency as Cryptocurrency;
    await ledger.settleSwap(
      tx,
      {
        id,
        makerId: order.userId,
        takerId,
        cryptocurrency,
        amountCrypto: q.amountCrypto,
        fee: q.fee,
        paidCurrency: order.fiatCurrency,
        amountPaid: q.amountPaid,
      },
      now,
    );
    const remainder = order.availableAmount - q.amountCrypto;
    assert(remainder >= 0n, `swap ${id} oversells order ${order.id}`);
    const closes = remainder > 0n && !swapRemainderTakeable(remainder, order.pricePerUnit, order.minAmount);
    if (closes) {
      await ledger.unlock(tx, {
        kind: 'order_release',
        userId: order.userId,
        currency: cryptocurrency,
        amount: remainder,
        ref: { reason: 'Swap offer remainder below its smallest fill', refType: 'order', refId: order.id },
        now,
      });
    }
    const written = await repo.writeSwap(
      tx,
      {
        id,
        orderId: order.id,
        makerId: order.userId,
        takerId,
        cryptocurrency,
        paidCurrency: order.fiatCurrency,
        amountCrypto: q.amountCrypto,
        amountPaid: q.amountPaid,
        feeAmount: q.fee,
        pricePerUnit: order.pricePerUnit,
        createdAt: now,
      },
      { remainder, closes },
    );
    assert(!closes || written.orderStatus === 'completed', `swap ${id} returned a remainder of a live offer`);
    return { row: written.swap, orderStatus: written.orderStatus, returned: closes ? remainder : 0n };
  }
}
