import { type FiatCurrency, formatFiat, type TradeLimitsView, type TradeSuspension } from '@p2p/shared';
import type { SQL } from 'drizzle-orm';
import type { Needs } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import { capInFiat } from './fiat-cap.ts';
import {
  FAILURE_WINDOW_HOURS,
  type LimitCounts,
  limitCountsSql,
  readLimitCounts,
} from './limits.repository.ts';
import {
  amountRefusal,
  isNewAccount,
  type LimitParty,
  type LimitRules,
  openTradesMax,
  openTradesRefusal,
  type Suspension,
  suspensionRefusal,
  suspensionsOf,
} from './trade-limits.ts';

/** How long a trade opening waits for the price feed before it uses the fallback rate. */
const RATE_WAIT_MS = 1_000;

/** What opening a trade keeps from the limits' check for the steps after it. */
export interface AdmittedLimits {
  /** The buyer of the trade being opened, whose open trades and amount are limited. */
  buyerId: string;
  party: LimitParty;
  newAccount: boolean;
  openMax: number;
}

/**
 * Trade limits (docs/decisions/023-trust-and-safety.md, "Limits"): a new account's open trades
 * and trade size, and the suspensions after cancellations and lost disputes. The opening of a
 * trade reads the counts in its admission statement (`countsSql`) and calls `admit`,
 * `checkAmount` and `recheckOpenTrades` in its transaction.
 */
export class LimitsService {
  constructor(private readonly ctx: Needs<'config' | 'db' | 'clock' | 'prices'>) {}

  private get rules(): LimitRules {
    return this.ctx.config.safety.limits;
  }

  /** The counts of `userId` (an SQL expression) as a LATERAL subquery of another statement. */
  countsSql(userId: SQL, now: Date): SQL {
    return limitCountsSql(userId, now, this.rules);
  }

  /**
   * Suspensions stop the taker from taking any trade; the buyer of the new trade (the taker of a
   * sell order, the owner of a buy order) is held to their own suspensions and open-trade limit:
   * the one who must pay is the one whose unpaid trades lock sellers' escrow.
   */
  admit(
    sellOrder: boolean,
    ids: { takerId: string; ownerId: string },
    counts: { taker: LimitCounts; owner: LimitCounts },
    now: Date,
  ): AdmittedLimits {
    const rules = this.rules;
    const [own] = suspensionsOf(counts.taker, rules, now);
    if (own) throw suspensionRefusal(own, counts.taker, rules, 'self');
    const party: LimitParty = sellOrder ? 'self' : 'owner';
    const buyer = sellOrder ? counts.taker : counts.owner;
    if (!sellOrder) {
      const [theirs] = suspensionsOf(buyer, rules, now);
      if (theirs) throw suspensionRefusal(theirs, buyer, rules, 'owner');
    }
    const newAccount = isNewAccount(buyer, rules);
    const openMax = openTradesMax(buyer, rules);
    if (buyer.openAsBuyer >= openMax)
      throw openTradesRefusal({ current: buyer.openAsBuyer, max: openMax, newAccount, rules, party });
    return { buyerId: sellOrder ? ids.takerId : ids.ownerId, party, newAccount, openMax };
  }

  /**
   * A new account's trade is at most LIMIT_NEW_TRADE_RUB; another fiat's cap is converted at the
   * feed's rate (a cached quote, at most RATE_WAIT_MS of waiting, else the fallback table).
   */
  async checkAmount(admitted: AdmittedLimits, fiat: FiatCurrency, amountFiat: bigint): Promise<void> {
    if (!admitted.newAccount) return;
    const cap = fiat === 'RUB' ? this.rules.newTradeRub : await this.capIn(fiat);
    if (amountFiat > cap) throw amountRefusal(cap, fiat, this.rules, admitted.party);
  }

  /**
   * The open-trade limit once more, on the count the statement that wrote the trade saw before
   * its row: that statement began after this opening held the buyer's lock, so it sees every
   * trade an earlier opening for the same buyer committed (the admission's count may not).
   */
  recheckOpenTrades(admitted: AdmittedLimits, openBefore: number): void {
    if (openBefore >= admitted.openMax) {
      throw openTradesRefusal({
        current: openBefore,
        max: admitted.openMax,
        newAccount: admitted.newAccount,
        rules: this.rules,
        party: admitted.party,
      });
    }
  }

  private async capIn(fiat: FiatCurrency): Promise<bigint> {
    return capInFiat(this.rules.newTradeRub, fiat, await this.ctx.prices.forDisplay(RATE_WAIT_MS));
  }

  /** `userId`'s limits now (GET /users/me/limits; the back office adds the lifts). */
  async view(userId: string, db: Executor = this.ctx.db): Promise<TradeLimitsView> {
    const now = this.ctx.clock.now();
    const counts = await readLimitCounts(db, userId, now, this.rules);
    return this.toView(counts, now);
  }

  /** The suspensions in force for counts read at `now`. */
  suspensions(counts: LimitCounts, now: Date): Suspension[] {
    return suspensionsOf(counts, this.rules, now);
  }

  async toView(counts: LimitCounts, now: Date): Promise<TradeLimitsView> {
    const rules = this.rules;
    const newAccount = isNewAccount(counts, rules);
    const maxTradeAmount = newAccount
      ? { RUB: formatFiat(rules.newTradeRub), USD: formatFiat(await this.capIn('USD')) }
      : null;
    return {
      newAccount,
      completedTrades: counts.completed,
      newAccountTrades: rules.newAccountTrades,
      openTrades: { current: counts.openAsBuyer, max: openTradesMax(counts, rules) },
      maxTradeAmount,
      cancellations: {
        current: counts.recentFailures,
        max: rules.cancelsPerDay,
        windowHours: FAILURE_WINDOW_HOURS,
        suspensionHours: Math.round(rules.cancelSuspensionMs / 3_600_000),
      },
      lostDisputes: { current: counts.lostDisputes, max: rules.lostDisputes },
      suspensions: suspensionsOf(counts, rules, now).map(suspensionView),
    };
  }
}

export function suspensionView(s: Suspension): TradeSuspension {
  return { limit: s.limit, since: s.since.toISOString(), until: s.until?.toISOString() ?? null };
}
