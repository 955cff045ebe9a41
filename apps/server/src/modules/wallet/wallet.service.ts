import {
  CRYPTOCURRENCIES,
  formatCrypto,
  type WalletBalanceView,
  type WalletTransactionList,
  type WalletTransactionsQuery,
} from '@p2p/shared';
import type { AppContext } from '../../context.ts';
import { balancesOfUser } from '../ledger/balances.repository.ts';
import { userAccount } from '../ledger/ledger.ts';
import { historyAll, historyPage } from './wallet-history.repository.ts';
import { toCsv, toTransactionView } from './wallet-history.ts';

/** The CSV export stops here; narrow the filters for more. */
export const CSV_MAX_ROWS = 50_000;

/** The signed-in user's wallet, read from the ledger's balances. */
export class WalletService {
  constructor(private readonly ctx: AppContext) {}

  /** Every supported currency, in a fixed order; never-touched ones are zero. */
  async balances(userId: string): Promise<WalletBalanceView[]> {
    const rows = new Map((await balancesOfUser(this.ctx.db, userId)).map((row) => [row.currency, row]));
    return CRYPTOCURRENCIES.map((cryptocurrency) => {
      const row = rows.get(cryptocurrency);
      const available = row?.available ?? 0n;
      const locked = row?.locked ?? 0n;
      return {
        cryptocurrency,
        available: formatCrypto(available),
        locked: formatCrypto(locked),
        total: formatCrypto(available + locked),
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
