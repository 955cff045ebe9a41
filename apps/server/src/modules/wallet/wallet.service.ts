import {
  COIN_IDS,
  CRYPTOCURRENCIES,
  formatCrypto,
  formatFiat,
  type MarketPrices,
  mulDivFloor,
  parseAmount,
  type WalletBalanceView,
  type WalletTransactionList,
  type WalletTransactionsQuery,
} from '@p2p/shared';
import type { Needs } from '../../context.ts';
import { balancesOfUser, userAccount } from '../ledger/index.ts';
import type { MarketPricesService } from '../market/index.ts';
import { historyAll, historyPage } from './wallet-history.repository.ts';
import { toCsv, toTransactionView } from './wallet-history.ts';

/** The CSV export stops here; narrow the filters for more. */
export const CSV_MAX_ROWS = 50_000;

/** The signed-in user's wallet, read from the ledger's balances. */
export class WalletService {
  constructor(
    private readonly ctx: Needs<'db'>,
    private readonly prices: MarketPricesService,
  ) {}

  /**
   * Every supported currency, in a fixed order; never-touched ones are zero. `usd` is the total
   * at the feed's current price (live or recently cached); while the feed is down and only the
   * rough fallback table is known, `usd` is null rather than a made-up figure.
   */
  async balances(userId: string): Promise<WalletBalanceView[]> {
    const [balanceRows, current] = await Promise.all([
      balancesOfUser(this.ctx.db, userId),
      this.prices.current(),
    ]);
    const rows = new Map(balanceRows.map((row) => [row.currency, row]));
    const prices = current.ok ? current.prices : null;
    return CRYPTOCURRENCIES.map((cryptocurrency) => {
      const row = rows.get(cryptocurrency);
      const available = row?.available ?? 0n;
      const locked = row?.locked ?? 0n;
      return {
        cryptocurrency,
        available: formatCrypto(available),
        locked: formatCrypto(locked),
        total: formatCrypto(available + locked),
        usd: usdValue(available + locked, cryptocurrency, prices),
        lastUpdated: row ? row.updatedAt.toISOString() : null,
      };
    });
  }

  /** The ledger transactions that moved this user's balances, newest first. */
  async transactions(userId: string, query: WalletTransactionsQuery): Promise<WalletTransactionList> {
    const filter = { account: userAccount(userId), currency: query.currency, type: query.type };
    const { rows, total } = await historyPage(this.ctx.db, filter, query.limit, query.offset);
    return {
      transactions: rows.map(toTransactionView),
      total,
      limit: query.limit,
      offset: query.offset,
      hasNext: query.offset + rows.length < total,
    };
  }

  /** The same history as CSV (RFC 4180), every matching row up to CSV_MAX_ROWS. */
  async transactionsCsv(userId: string, query: Pick<WalletTransactionsQuery, 'type' | 'currency'>) {
    const filter = { account: userAccount(userId), currency: query.currency, type: query.type };
    return toCsv((await historyAll(this.ctx.db, filter, CSV_MAX_ROWS)).map(toTransactionView));
  }
}

/** `amount` (1e-8 units of `currency`) in US dollars, rounded down to cents; null without a price. */
export function usdValue(
  amount: bigint,
  currency: keyof typeof COIN_IDS,
  prices: MarketPrices | null,
): string | null {
  const usd = prices?.[COIN_IDS[currency]]?.usd;
  if (usd === undefined || !Number.isFinite(usd) || usd < 0) return null;
  // The feed's price is display data (a float); it becomes an exact 8-place decimal once.
  const priceMinor = parseAmount(usd.toFixed(8), 8);
  return formatFiat(mulDivFloor(amount, priceMinor, 10n ** 14n));
}
