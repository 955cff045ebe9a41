import { CRYPTOCURRENCIES, formatCrypto, type WalletBalanceView } from '@p2p/shared';
import type { AppContext } from '../../context.ts';
import { balancesOfUser } from '../ledger/balances.repository.ts';

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
}
