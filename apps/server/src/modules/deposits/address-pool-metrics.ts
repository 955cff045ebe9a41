import { Gauge, type Registry } from 'prom-client';
import type { Needs } from '../../context.ts';
import { poolRemaining } from './address-pool.service.ts';

/**
 * `deposit_address_pool_remaining{network}`: free imported addresses of every enabled network
 * whose chain draws from the address pool (docs/decisions/032-address-pool-solana-cardano.md),
 * counted when /metrics is read. Networks of one chain share a pool and show the same figure.
 */
export function registerPoolMetric(registry: Registry, ctx: Needs<'config' | 'db'>): void {
  const { networks, poolChains, mode } = ctx.config.chain;
  if (mode === 'off' || poolChains.length === 0) return;
  new Gauge({
    name: 'deposit_address_pool_remaining',
    help: 'Free deposit addresses left in the imported pool, per network',
    labelNames: ['network'] as const,
    registers: [registry],
    async collect() {
      for (const { network, remaining } of await poolRemaining(ctx.db, networks, poolChains)) {
        this.set({ network }, remaining);
      }
    },
  });
}
