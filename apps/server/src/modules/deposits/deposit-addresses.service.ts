import { type Chain, type DepositAddressView, NETWORKS, type NetworkId } from '@p2p/shared';
import type { Needs } from '../../context.ts';
import { AppError, assert } from '../../errors.ts';
import {
  AddressDeriver,
  type DepositAddressSource,
  loadCardanoDeriver,
  type XpubChain,
} from '../chains/index.ts';
import * as pool from './address-pool.repository.ts';
import { topUpDevnetPool } from './address-pool.service.ts';
import * as repo from './deposit-addresses.repository.ts';

/** The user's address appeared while this request was taking one (a concurrent first request). */
class AllocatedMeanwhile extends Error {}

/**
 * Every user has one deposit address per chain, derived from the chain's account xpub at an
 * index allocated in the database (docs/decisions/011-custody.md). Ethereum and USDT-ERC20
 * share the user's Ethereum address; BNB Smart Chain on the Ethereum key reuses the user's
 * Ethereum index, so coins sent on the "wrong" EVM chain still land at the same user's key.
 */
export class DepositAddressService {
  private readonly derivers = new Map<Chain, DepositAddressSource>();

  constructor(private readonly ctx: Needs<'config' | 'db' | 'clock'>) {
    const { keys, mode } = ctx.config.chain;
    for (const [chain, key] of Object.entries(keys) as [XpubChain, string][]) {
      this.derivers.set(chain, AddressDeriver.fromText(chain, key, mode === 'live' ? 'mainnet' : 'devnet'));
    }
  }

  /**
   * The address source of a derived chain. Cardano's (CIP-1852 base addresses from
   * ADA_ACCOUNT_XPUB, the test seed's on the devnet; docs/decisions/032) loads its
   * serialization library on first use.
   */
  private async deriverOf(chain: Chain): Promise<DepositAddressSource | undefined> {
    const known = this.derivers.get(chain);
    if (known || chain !== 'cardano') return known;
    const { adaAccountKey, mode } = this.ctx.config.chain;
    if (!adaAccountKey) return undefined;
    const deriver = await loadCardanoDeriver(adaAccountKey, mode === 'live' ? 'mainnet' : 'devnet');
    this.derivers.set(chain, deriver);
    return deriver;
  }

  async addressFor(userId: string, network: NetworkId): Promise<DepositAddressView> {
    const { mode, networks } = this.ctx.config.chain;
    if (mode === 'off') throw new AppError('SERVICE_UNAVAILABLE', 'errors.depositsOff');
    if (!networks.includes(network))
      throw new AppError('RULE_VIOLATION', 'errors.depositNetworkOff', { network });
    const info = NETWORKS[network];
    const address = await this.allocate(info.chain, userId, info.label);
    return {
      network,
      currency: info.currency,
      address,
      minimum: info.deposit.min,
      maximum: info.deposit.max,
      confirmations: info.deposit.confirmations,
      chainMode: mode,
      explorerUrl:
        mode === 'live' ? info.explorer.address.replace('{address}', encodeURIComponent(address)) : null,
    };
  }

  /**
   * The user's address on a chain, allocating it on first request. Two concurrent first
   * requests queue on the chain's counter row; the second then finds the first one's address.
   */
  async allocate(chain: Chain, userId: string, label: string = chain): Promise<string> {
    const existing = await repo.addressOfUser(this.ctx.db, chain, userId);
    if (existing) return existing.address;
    if (this.ctx.config.chain.poolChains.includes(chain)) return this.fromPool(chain, userId, label);
    if (chain === 'bsc' && this.ctx.config.chain.bscSharesEthereumKey) return this.mirrorEthereum(userId);
    const deriver = await this.deriverOf(chain);
    assert(deriver, `no key configured for enabled chain ${chain}`);
    return this.ctx.db.transaction(async (tx) => {
      const index = await repo.lockNextIndex(tx, chain);
      const raced = await repo.addressOfUser(tx, chain, userId);
      if (raced) return raced.address;
      await repo.setNextIndex(tx, chain, index + 1);
      const address = deriver.addressAt(index);
      const inserted = await repo.insertAddress(tx, {
        chain,
        userId,
        derivationIndex: index,
        address,
        now: this.ctx.clock.now(),
      });
      assert(inserted, `deposit address of ${userId} on ${chain} appeared under the counter lock`);
      return address;
    });
  }

  /**
   * Takes the next free pool address for the user (docs/decisions/032). Concurrent first
   * requests of different users skip each other's rows (SKIP LOCKED). Two of the same user
   * queue on a lock of their own (user and chain), so the second finds the first's address
   * instead of holding a second row, which would make a nearly empty pool look empty to
   * others; the unique indexes back this up. An empty pool answers 503 and writes nothing.
   */
  private async fromPool(chain: Chain, userId: string, label: string): Promise<string> {
    try {
      return await this.ctx.db.transaction(async (tx) => {
        await pool.lockUserChain(tx, chain, userId);
        const raced = await repo.addressOfUser(tx, chain, userId);
        if (raced) return raced.address;
        const now = this.ctx.clock.now();
        let address = await pool.takeFromPool(tx, chain, userId, now);
        if (!address && this.ctx.config.chain.mode === 'devnet' && (await topUpDevnetPool(tx, chain, now))) {
          address = await pool.takeFromPool(tx, chain, userId, now);
        }
        if (!address)
          throw new AppError('SERVICE_UNAVAILABLE', 'errors.depositPoolEmpty', { network: label });
        const inserted = await repo.insertAddress(tx, { chain, userId, derivationIndex: null, address, now });
        if (!inserted) throw new AllocatedMeanwhile();
        return address;
      });
    } catch (error) {
      if (!(error instanceof AllocatedMeanwhile) && !uniqueViolation(error, 'address_pool_one_per_user')) {
        throw error;
      }
    }
    const winner = await repo.addressOfUser(this.ctx.db, chain, userId);
    assert(winner, `pool address of ${userId} on ${chain} missing after a concurrent allocation`);
    return winner.address;
  }

  private async mirrorEthereum(userId: string): Promise<string> {
    await this.allocate('ethereum', userId);
    const eth = await repo.addressOfUser(this.ctx.db, 'ethereum', userId);
    assert(eth, 'ethereum address missing right after allocation');
    await repo.insertAddress(this.ctx.db, {
      chain: 'bsc',
      userId,
      derivationIndex: eth.derivationIndex,
      address: eth.address,
      now: this.ctx.clock.now(),
    });
    const bsc = await repo.addressOfUser(this.ctx.db, 'bsc', userId);
    assert(bsc?.address === eth.address, 'BNB Smart Chain address differs from the shared Ethereum one');
    return bsc.address;
  }
}

/** A unique violation of `constraint`, as either driver reports it (drizzle wraps it in `cause`). */
function uniqueViolation(error: unknown, constraint: string): boolean {
  for (let e = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const { code, constraint: name } = e as { code?: unknown; constraint?: unknown };
    if (code === '23505' && name === constraint) return true;
  }
  return false;
}
