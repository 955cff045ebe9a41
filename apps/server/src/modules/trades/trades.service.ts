import { randomUUID } from 'node:crypto';
import {
  ConfirmPaymentPayload,
  type CreateTradeRequest,
  type Cryptocurrency,
  cryptoForFiat,
  DISPUTE_REASONS,
  DisputePayload,
  type FiatCurrency,
  formatCrypto,
  formatFiat,
  formatRu,
  isSwapPayment,
  issueValues,
  MarkPaidPayload,
  nextState,
  normalizeAction,
  PayerMessages,
  type TradeAction,
  type TradeDetails,
  tryParseAmount,
} from '@p2p/shared';
import type { Needs } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import type { OrderRow, TradeRow } from '../../db/schema.ts';
import { AppError, assert, notFound, SchemaRefusal, unauthorized } from '../../errors.ts';
import { PendingEvents } from '../../events/notifier.ts';
import { runClaimed } from '../../lib/scheduled-item.ts';
import { systemMessageValues } from '../chat/index.ts';
import { idempotent } from '../idempotency/index.ts';
import * as ledger from '../ledger/index.ts';
import {
  type LimitsService,
  refuseUnderHold,
  requireNoSecurityHold,
  type SecurityHoldRow,
} from '../limits/index.ts';
import { findOrder } from '../orders/index.ts';
import { sessionIsLive } from '../sessions/index.ts';
import { takerRefusal } from '../settings/index.ts';
import { findTrade, roleOf } from '../trade-access/index.ts';
import { notEnrolled, type TwoFactorService } from '../two-factor/index.ts';
import { applyReviewCounters, assertNotBlocked, effectiveName, userBlocked } from '../users/index.ts';
import { type PayerColumns, PayerFingerprints } from './payer-account.ts';
import { transition, transitionAnswering } from './settlement.ts';
import { toTradeDetails } from './trade-view.ts';
import * as repo from './trades.repository.ts';

const MINUTE = 60_000;
/** The seller's window to confirm after "paid", and the delay before auto-release. */
export const CONFIRMATION_WINDOW_MS = 15 * MINUTE;
export const AUTO_RELEASE_DELAY_MS = 15 * MINUTE;

const STATUS_FILTERS: Record<string, TradeRow['status'][]> = {
  created: ['CREATED', 'ESCROW_LOCKED'],
  payment_pending: ['PAYMENT_PENDING'],
  payment_confirmed: ['PAYMENT_CONFIRMED'],
  disputed: ['DISPUTED'],
  completed: ['COMPLETED'],
  cancelled: ['CANCELLED'],
};

export class TradesService {
  private readonly payers: PayerFingerprints;

  constructor(
    private readonly ctx: Needs<'config' | 'db' | 'clock' | 'notifier' | 'bookCache'>,
    private readonly twoFactor: TwoFactorService,
    private readonly limits: LimitsService,
  ) {
    this.payers = new PayerFingerprints(ctx.config.totpEncryptionKey);
  }

  /** Opens a trade on an order and locks its escrow in the same transaction. */
  async open(
    takerId: string,
    input: CreateTradeRequest,
    idempotencyKey?: string,
  ): Promise<{ tradeId: string }> {
    const events = new PendingEvents();
    const { opened } = await this.opening(takerId, input, { idempotencyKey, events });
    events.publishTo(this.ctx.notifier);
    return opened;
  }

  /** Opens a trade and answers with its view, built from the row written (a replay reads it). */
  async openAndView(
    takerId: string,
    input: CreateTradeRequest,
    idempotencyKey?: string,
  ): Promise<{ tradeId: string; data: TradeDetails }> {
    const events = new PendingEvents();
    const { opened, view } = await this.opening(takerId, input, { idempotencyKey, events, withView: true });
    events.publishTo(this.ctx.notifier);
    // A replayed request (the same idempotency key) wrote nothing: its trade is read as it is now.
    return { tradeId: opened.tradeId, data: view ?? (await this.details(takerId, opened.tradeId)) };
  }

  /**
   * Fills `events` inside the transaction; the caller publishes them after it committed. With
   * `withView`, the taker's view of the trade written, read in the statement that writes the
   * events (docs/decisions/052), which carries the COMMIT (docs/decisions/053: the key's answer,
   * the trade's id chosen up front, is stored with its claim); null when the request was a
   * replay and wrote nothing.
   */
  private async opening(
    takerId: string,
    input: CreateTradeRequest,
    {
      idempotencyKey,
      events,
      withView = false,
    }: { idempotencyKey: string | undefined; events: PendingEvents; withView?: boolean },
  ) {
    const now = this.ctx.clock.now();
    let view: TradeDetails | null = null;
    const tradeId = randomUUID();
    const opened = await idempotent(
      this.ctx.db,
      { userId: takerId, scope: 'trades.create', key: idempotencyKey, request: input, answer: { tradeId } },
      async (tx) => {
        const admitted = await this.admit(tx, takerId, input, now);
        const trade = await this.writeOpened(tx, { ...admitted, tradeId }, input, now);
        announceOpening(events, admitted, trade);
        if (withView) {
          [view = null] = await toTradeDetails(tx, [trade], takerId, {
            now,
            outbox: events.takeUnwritten(now),
            commits: true,
          });
          assert(view, 'trade details missing');
        } else await events.writeTo(tx, now);
        return { tradeId };
      },
    );
    return { opened, view: view as TradeDetails | null };
  }

  /**
   * Who may open this trade, for how much: the order locked, both users read FOR SHARE, the
   * owner's partner rule, the trade limits' counts and the buyer's limits lock, in one
   * statement; then the refusals in the order users meet them.
   */
  private async admit(tx: Tx, takerId: string, input: CreateTradeRequest, now: Date) {
    const admission = await repo.admitTaker(tx, input.orderId, takerId, (user) =>
      this.limits.countsSql(user, now),
    );
    if (!admission) throw notFound('errors.orderNotFound');
    const { order, taker } = admission;
    // Neither a blocked taker nor a blocked order owner starts a new trade.
    if (taker.blockedAt || (order.userId !== takerId && admission.ownerBlocked)) throw userBlocked();
    if (order.userId === takerId) throw new AppError('OWN_ORDER', 'errors.ownOrder');
    // A floating order without a live market price has no price to trade at (docs/decisions/027).
    if (order.priceType === 'floating' && order.marketPaused)
      throw new AppError('CONFLICT', 'errors.marketPriceUnavailable');
    // Taking a buy order sells the taker's coins: only with their second factor on.
    if (order.type === 'buy' && !admission.takerTwoFactor) throw notEnrolled();
    // ...and not under a security hold (docs/decisions/033).
    if (order.type === 'buy') await requireNoSecurityHold(this.ctx, tx, takerId);
    // The order's conditions for its taker (docs/decisions/028): nothing is written on a refusal.
    const refusal = takerRefusal(
      {
        minTrades: order.minTakerTrades,
        minAgeDays: order.minTakerAgeDays,
        minRatingTenths: admission.minRatingTenths,
        allowUnrated: admission.allowUnrated,
      },
      {
        completedTrades: admission.takerCompleted,
        rating: admission.takerRating === null ? null : Number(admission.takerRating),
        accountCreatedAt: taker.createdAt,
      },
      now,
    );
    if (refusal) throw refusal;
    const sellOrder = order.type === 'sell';
    // Trade limits (docs/decisions/023, "Limits"): suspensions, open trades, a new account's cap.
    const limited = this.limits.admit(
      sellOrder,
      { takerId, ownerId: order.userId },
      { taker: admission.takerLimits, owner: admission.ownerLimits },
      now,
    );
    const { amountFiat, amountCrypto } = this.admittedAmount(order, input, now);
    await this.limits.checkAmount(limited, order.fiatCurrency as FiatCurrency, amountFiat);
    return {
      order,
      taker,
      takerId,
      limited,
      amountFiat,
      amountCrypto,
      sellOrder,
      takerRole: sellOrder ? ('buyer' as const) : ('seller' as const),
    };
  }

  /**
   * Locks the escrow and writes the trade, its order's remaining amount, its history line and
   * its SYSTEM chat line. On a sell order the escrow is carved out of the reserve (already
   * locked); on a buy order the taker is the seller and their coins are locked now, before
   * anything is written.
   */
  private async writeOpened(
    tx: Tx,
    admitted: Admitted & { tradeId: string },
    input: CreateTradeRequest,
    now: Date,
  ) {
    const { order, takerId, sellOrder, takerRole, amountCrypto, amountFiat, tradeId } = admitted;
    if (!sellOrder) {
      await ledger.lock(tx, {
        kind: 'escrow_lock',
        userId: takerId,
        currency: order.cryptocurrency as Cryptocurrency,
        amount: amountCrypto,
        ref: { reason: 'Trade escrow', refType: 'trade', refId: tradeId },
        now,
      });
    }
    const { trade, openBefore } = await repo.writeOpening(tx, {
      trade: {
        id: tradeId,
        orderId: order.id,
        buyerId: sellOrder ? takerId : order.userId,
        sellerId: sellOrder ? order.userId : takerId,
        cryptocurrency: order.cryptocurrency,
        fiatCurrency: order.fiatCurrency,
        amountCrypto,
        amountFiat,
        pricePerUnit: order.pricePerUnit,
        marginBp: order.priceType === 'floating' ? order.marginBp : null,
        escrowAmount: amountCrypto,
        escrowSource: sellOrder ? 'order_reserve' : 'seller_balance',
        paymentMethod: input.paymentMethod,
        status: 'ESCROW_LOCKED',
        paymentDeadline: new Date(now.getTime() + order.timeLimit * MINUTE),
        createdAt: now,
        updatedAt: now,
      },
      orderUpdate: { orderId: order.id, availableAmount: order.availableAmount - amountCrypto, now },
      action: {
        tradeId,
        actorId: takerId,
        actorRole: takerRole,
        action: 'create',
        fromStatus: 'CREATED',
        toStatus: 'ESCROW_LOCKED',
        description: 'Сделка создана, криптовалюта заблокирована в эскроу',
        createdAt: now,
      },
      message: systemMessageValues(tradeId, 'create', takerRole, now),
    });
    assert(trade.amountFiat > 0n && trade.id === tradeId, `trade ${tradeId} written wrong`);
    // A concurrent opening for the same buyer committed after the admission read its counts.
    this.limits.recheckOpenTrades(admitted.limited, openBefore);
    return trade;
  }

  /** The amounts a taker may open for, or the refusal that says why not. */
  private admittedAmount(order: OrderRow, input: CreateTradeRequest, now: Date) {
    // An order whose owner is away waits out of the book, as if paused (docs/decisions/028).
    if (order.status !== 'active' || order.ownerAway || (order.expiresAt && order.expiresAt <= now)) {
      throw new AppError('RULE_VIOLATION', 'errors.orderInactive');
    }
    // An order paid in a coin settles at once by a swap, never by a trade (docs/decisions/026).
    if (isSwapPayment(order.fiatCurrency)) throw new AppError('RULE_VIOLATION', 'errors.swapNotTrade');
    if (!order.paymentMethods.includes(input.paymentMethod)) {
      throw new AppError('VALIDATION_ERROR', 'validation.trade.methodOfOrder');
    }
    const amountFiat = tryParseAmount(input.amountFiat, 2);
    if (amountFiat === null || amountFiat <= 0n)
      throw new AppError('VALIDATION_ERROR', 'validation.trade.amountRequired');
    if (amountFiat < order.minAmount || amountFiat > order.maxAmount) {
      const min = formatFiat(order.minAmount);
      const max = formatFiat(order.maxAmount);
      throw new AppError(
        'VALIDATION_ERROR',
        'validation.trade.range',
        { min: formatRu(min), max: formatRu(max) },
        { min, max },
      );
    }
    const amountCrypto = cryptoForFiat(amountFiat, order.pricePerUnit);
    if (amountCrypto <= 0n) throw new AppError('VALIDATION_ERROR', 'validation.trade.tooSmall');
    if (amountCrypto > order.availableAmount) {
      throw new AppError('RULE_VIOLATION', 'errors.orderVolume');
    }
    return { amountFiat, amountCrypto };
  }

  /** A trade as its party sees it; anyone else is told it does not exist. */
  async details(userId: string, tradeId: string): Promise<TradeDetails> {
    const trade = await findTrade(this.ctx.db, tradeId);
    if (!trade || roleOf(trade, userId) === 'observer') throw notFound('errors.tradeNotFound');
    const [details] = await toTradeDetails(this.ctx.db, [trade], userId, { now: this.ctx.clock.now() });
    assert(details, 'trade details missing');
    return details;
  }

  /**
   * Applies a state-machine action. `caller`: the user, with their session when the route left its
   * check to this call (plugins/auth.ts, requireUserToken): it is checked in the statement that
   * locks the trade, before anything else, and a dead one is a 401 that changes nothing.
   * Without one (the Telegram bot), a blocked account is refused (403).
   */
  async act(
    caller: string | { userId: string; sessionId: string },
    tradeId: string,
    rawAction: string,
    payload: Record<string, unknown>,
  ): Promise<TradeDetails> {
    const { userId, sessionId } =
      typeof caller === 'string' ? { userId: caller, sessionId: undefined } : caller;
    const action = normalizeAction(rawAction);
    if (!action)
      throw new AppError('VALIDATION_ERROR', 'errors.unknownAction', { action: rawAction.slice(0, 40) });
    const now = this.ctx.clock.now();
    const events = new PendingEvents();
    // A settling action locks the order with the trade, in the same statement (trade first).
    const settles = action === 'release_crypto' || action === 'cancel_trade';
    // A wrong second-factor code (confirm_payment) counts towards the lock after the rollback.
    const details = await this.twoFactor.countingFailures(
      userId,
      () =>
        this.ctx.db.transaction(async (tx) => {
          const locked = await this.lockForAction(tx, { userId, tradeId, action, settles, sessionId });
          const { trade, order, role } = locked;
          // The seller's release pays the escrow out: not under a security hold (docs/decisions/033).
          if (action === 'release_crypto' && role === 'seller') refuseUnderHold(locked.hold, now);
          const patch = await this.actionPatch(tx, { action, locked, userId, sessionId, payload, now });
          const feePpm = this.ctx.config.feePpm;
          // The answer, built from the row the transaction wrote, is read in the statement that
          // writes the events, the transaction's last (docs/decisions/052), which carries its
          // COMMIT (docs/decisions/053): nothing may follow it here. A transition that moves no
          // money sends its write in the same round trip (docs/decisions/060).
          const [view] = await transitionAnswering(
            {
              tx,
              trade,
              action,
              actor: role,
              actorId: userId,
              now,
              feePpm,
              patch,
              events,
              lockedOrder: order,
            },
            (updated) =>
              toTradeDetails(tx, [updated], userId, {
                now,
                outbox: events.takeUnwritten(now),
                commits: true,
              }),
          );
          assert(view, 'trade details missing');
          return view;
        }),
      action === 'confirm_payment' ? codeIn(payload) : undefined,
    );
    // The events go out after the commit, so the work they start (notifications) does not delay it.
    events.publishTo(this.ctx.notifier);
    return details;
  }

  /**
   * The trade (and, for a settling action, its order) locked in one statement, with the
   * caller's session checked in it; then who the caller is in the trade and whether the
   * machine allows the action. Without a session (the Telegram bot) no revoked session stops
   * a blocked account: its row is read FOR SHARE instead, which also waits for a block being
   * committed (docs/decisions/023).
   */
  private async lockForAction(
    tx: Tx,
    q: {
      userId: string;
      tradeId: string;
      action: TradeAction;
      settles: boolean;
      sessionId?: string | undefined;
    },
  ) {
    const { userId, sessionId } = q;
    if (!sessionId) await assertNotBlocked(tx, userId);
    const session = sessionId ? { sessionId, userId } : null;
    // The actions that pay the escrow out read the caller's security hold in the same statement.
    const paysOut = q.action === 'release_crypto' || q.action === 'confirm_payment';
    const locked = await repo.lockTradeForAction(tx, q.tradeId, q.settles, {
      session,
      holder: paysOut ? userId : null,
    });
    if (session) {
      // No trade: the session still decides between 401 and 404.
      const live = locked ? locked.sessionLive : await sessionIsLive(tx, session.sessionId, 'user', userId);
      if (!live) throw unauthorized('errors.sessionExpired');
    }
    if (!locked) throw notFound('errors.tradeNotFound');
    const role = roleOf(locked.trade, userId);
    if (role === 'observer') throw notFound('errors.tradeNotFound');
    if (!nextState(locked.trade.status, q.action, role)) {
      throw new AppError('ACTION_NOT_AVAILABLE', 'errors.actionNotAvailable', undefined, {
        status: locked.trade.status,
        action: q.action,
      });
    }
    return { ...locked, role };
  }

  /** The columns an action writes besides the state: the payer account, deadlines, dispute. */
  private async actionPatch(
    tx: Tx,
    a: {
      action: TradeAction;
      locked: LockedForAction;
      userId: string;
      sessionId: string | undefined;
      payload: Record<string, unknown>;
      now: Date;
    },
  ): Promise<Partial<repo.NewTrade>> {
    const { action, locked, userId, payload, now } = a;
    const { trade, role } = locked;
    if (action === 'mark_paid') {
      // At or past the deadline the trade belongs to the expiry job, not to the buyer.
      if (now >= trade.paymentDeadline) {
        throw new AppError('ACTION_NOT_AVAILABLE', 'errors.actionNotAvailable', undefined, {
          reason: 'payment_deadline_passed',
        });
      }
      return {
        ...this.payerOf(payload),
        paidAt: now,
        confirmationDeadline: new Date(now.getTime() + CONFIRMATION_WINDOW_MS),
      };
    }
    if (action === 'confirm_payment') {
      await this.confirmationSecondFactor(tx, {
        userId,
        sessionId: a.sessionId ?? null,
        stepUpUntil: locked.stepUpUntil,
        hold: locked.hold,
        payload,
        now,
      });
      return { confirmedAt: now, autoReleaseAt: new Date(now.getTime() + AUTO_RELEASE_DELAY_MS) };
    }
    if (action === 'dispute_trade') return disputePatch(role, payload, userId, now);
    return {};
  }

  /**
   * «Я оплатил» names the account that paid (docs/decisions/023): without it, or with a bad
   * one, 400 with the field's message and nothing changes.
   */
  private payerOf(payload: Record<string, unknown>): PayerColumns {
    const parsed = MarkPaidPayload.safeParse(payload);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const path = issue?.path.join('.') ?? '';
      // A missing object is the field's own question, not zod's words.
      const own = !issue || path === 'payer' ? undefined : issue;
      throw new SchemaRefusal(own, PayerMessages.required, {
        issues: [{ path, message: own?.message ?? PayerMessages.required, values: own && issueValues(own) }],
      });
    }
    return this.payers.columns(parsed.data.payer);
  }

  /**
   * `confirm_payment` commits the escrow to the buyer (auto-release follows), so it takes the
   * seller's second factor (docs/decisions/023): nothing more inside the session's open step-up
   * window, else a fresh code, which then opens the window for that session. Without a session
   * (the Telegram bot) every confirmation takes its own code.
   */
  private async confirmationSecondFactor(
    tx: Tx,
    c: {
      userId: string;
      sessionId: string | null;
      stepUpUntil: Date | null;
      /** The caller's security hold, read with the trade it locked. */
      hold: SecurityHoldRow | null;
      payload: Record<string, unknown>;
      now: Date;
    },
  ) {
    const { userId, sessionId, stepUpUntil, payload, now } = c;
    // Confirming receipt releases the escrow: not under a security hold, window or not (docs/decisions/033).
    refuseUnderHold(c.hold, now);
    if (sessionId && stepUpUntil && stepUpUntil > now) return;
    const code = codeIn(payload);
    await this.twoFactor.requireFreshCode(tx, { userId, code, now, ask: 'security.codeToConfirm' });
    if (sessionId) await this.twoFactor.elevate(tx, sessionId, now);
  }

  async list(
    userId: string,
    q: {
      status?: string | undefined;
      role?: 'buyer' | 'seller' | undefined;
      active?: string | undefined;
      limit: number;
      offset: number;
    },
  ) {
    const statuses =
      q.active === 'true'
        ? ['CREATED', 'ESCROW_LOCKED', 'PAYMENT_PENDING', 'PAYMENT_CONFIRMED', 'DISPUTED']
        : q.status
            ?.split(',')
            .map((s) => s.trim().toUpperCase())
            .filter(Boolean);
    const { rows, total } = await repo.listTradesOfUser(this.ctx.db, userId, {
      statuses,
      role: q.role,
      limit: q.limit,
      offset: q.offset,
    });
    return this.page(userId, rows, total, q);
  }

  /** One page of trade views as `viewerId` sees them. */
  private async page(
    viewerId: string,
    rows: TradeRow[],
    total: number,
    q: { limit: number; offset: number },
  ) {
    const details = await toTradeDetails(this.ctx.db, rows, viewerId, { now: this.ctx.clock.now() });
    return {
      trades: details.map((d) => d.trade),
      total,
      limit: q.limit,
      offset: q.offset,
      hasNext: q.offset + rows.length < total,
    };
  }

  async listForOrder(
    userId: string,
    orderId: string,
    q: { status?: string | undefined; limit: number; offset: number },
  ) {
    const order = await findOrder(this.ctx.db, orderId);
    if (!order) throw notFound('errors.orderNotFound');
    if (order.userId !== userId) throw new AppError('FORBIDDEN', 'errors.orderNotOwner');
    const statuses = q.status ? STATUS_FILTERS[q.status] : undefined;
    const { rows, total } = await repo.listTradesOfOrder(this.ctx.db, orderId, {
      statuses,
      limit: q.limit,
      offset: q.offset,
    });
    return this.page(userId, rows, total, q);
  }

  async softDelete(userId: string, tradeId: string, reason: string | null) {
    const trade = await findTrade(this.ctx.db, tradeId);
    if (!trade || roleOf(trade, userId) === 'observer') throw notFound('errors.tradeNotFound');
    if (trade.status !== 'COMPLETED' && trade.status !== 'CANCELLED') {
      throw new AppError('ACTION_NOT_AVAILABLE', 'errors.softDeleteFinished');
    }
    await repo.hideTrade(this.ctx.db, { tradeId, userId, reason, now: this.ctx.clock.now() });
    return { message: 'Сделка удалена' };
  }

  async stats(userId: string) {
    const rows = await repo.statsOfUser(this.ctx.db, userId);
    let total = 0;
    let asBuyer = 0;
    const by: Record<string, number> = {};
    const volumeByFiat: Record<string, string> = {};
    for (const r of rows) {
      const n = Number(r.n);
      total += n;
      asBuyer += Number(r.asBuyer);
      by[r.status] = (by[r.status] ?? 0) + n;
      if (r.status === 'COMPLETED') volumeByFiat[r.fiat] = formatFiat(BigInt(r.volume));
    }
    const completed = by.COMPLETED ?? 0;
    const cancelled = by.CANCELLED ?? 0;
    return {
      totalTrades: total,
      activeTrades: total - completed - cancelled,
      completedTrades: completed,
      cancelledTrades: cancelled,
      disputedTrades: by.DISPUTED ?? 0,
      asBuyer,
      asSeller: total - asBuyer,
      completionRate:
        completed + cancelled === 0 ? null : Math.round((completed / (completed + cancelled)) * 1000) / 10,
      volumeByFiat,
    };
  }

  async review(userId: string, tradeId: string, rating: number, comment: string) {
    const trade = await findTrade(this.ctx.db, tradeId);
    if (!trade || roleOf(trade, userId) === 'observer') throw notFound('errors.tradeNotFound');
    if (trade.status !== 'COMPLETED')
      throw new AppError('ACTION_NOT_AVAILABLE', 'errors.reviewAfterCompletion');
    const subjectId = trade.buyerId === userId ? trade.sellerId : trade.buyerId;
    // The review and its subject's counters commit together (docs/decisions/019).
    const created = await this.ctx.db.transaction(async (tx) => {
      const row = await repo.insertReview(tx, {
        tradeId,
        authorId: userId,
        subjectId,
        rating,
        comment,
        createdAt: this.ctx.clock.now(),
      });
      if (row) {
        await applyReviewCounters(tx, { reviewId: row.id, subjectId, authorId: userId, rating, trade });
      }
      return row;
    });
    if (!created) throw new AppError('CONFLICT', 'errors.reviewTwice');
    // The subject's rating shows on their orders in the book.
    this.ctx.bookCache.invalidate();
    return { id: created.id };
  }

  /**
   * Scheduler job: one due timer of `kind`, passing over `skip` (items that failed earlier in
   * the tick); returns false when none is due. A failure after the claim is a ScheduledItemError.
   */
  async runDue(kind: 'payment' | 'release', now: Date, skip: readonly string[] = []): Promise<boolean> {
    const events = new PendingEvents();
    const feePpm = this.ctx.config.feePpm;
    const done = await runClaimed((claim) =>
      this.ctx.db.transaction(async (tx) => {
        const trade = await repo.claimDue(tx, kind, now, skip);
        if (!trade) return false;
        claim(trade.id);
        if (kind === 'payment')
          await transition({
            tx,
            trade,
            action: 'expire',
            actor: 'system',
            actorId: null,
            now,
            feePpm,
            events,
          });
        else {
          const patch = { autoReleaseExecutedAt: now };
          await transition({
            tx,
            trade,
            action: 'auto_release',
            actor: 'system',
            actorId: null,
            now,
            feePpm,
            patch,
            events,
          });
        }
        await events.writeTo(tx, now);
        return true;
      }),
    );
    events.publishTo(this.ctx.notifier);
    return done;
  }
}

function disputePatch(role: 'buyer' | 'seller', payload: Record<string, unknown>, userId: string, now: Date) {
  const parsed = DisputePayload.safeParse(payload);
  if (!parsed.success) throw new SchemaRefusal(parsed.error.issues[0], 'validation.dispute.reason');
  if (!(DISPUTE_REASONS[role] as readonly string[]).includes(parsed.data.reasonId)) {
    throw new AppError('VALIDATION_ERROR', 'validation.dispute.reason');
  }
  return {
    disputedAt: now,
    disputedBy: userId,
    disputeReason: parsed.data.reasonId,
    disputeDetails: parsed.data.details,
  };
}

type Admitted = Awaited<ReturnType<TradesService['admit']>>;
type LockedForAction = Awaited<ReturnType<TradesService['lockForAction']>>;

/** What the order's owner hears of a new trade on it, after the commit. */
function announceOpening(events: PendingEvents, admitted: Admitted, trade: TradeRow) {
  const { order, taker, takerRole, amountCrypto } = admitted;
  events.toUsers([order.userId], 'trade:created', {
    tradeId: trade.id,
    orderId: order.id,
    buyerName: effectiveName(taker),
    takerRole,
    cryptocurrency: trade.cryptocurrency,
    amountCrypto: formatCrypto(amountCrypto),
    fiatCurrency: trade.fiatCurrency,
    amountFiat: formatFiat(trade.amountFiat),
  });
  events.toUsers([order.userId], 'order:matched', { orderId: order.id, tradeId: trade.id });
  events.toUsers([order.userId], 'order:updated', { orderId: order.id, status: order.status });
}

/** The second-factor code a confirm_payment payload carries, if any. */
function codeIn(payload: Record<string, unknown>): string | undefined {
  const parsed = ConfirmPaymentPayload.safeParse(payload);
  return parsed.success ? parsed.data.totpCode : undefined;
}
