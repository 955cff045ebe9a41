import { randomBytes } from 'node:crypto';
import type { NetworkId } from '@p2p/shared';
import { HDKey } from '@scure/bip32';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../src/context.ts';
import type { RealtimeEvent } from '../../src/events/notifier.ts';
import type { Session } from '../races/support.ts';

/**
 * A fresh account-level xpub of a random seed (live mode refuses the well-known test keys).
 * The private half exists only for the moment this function runs.
 */
export function freshAccountXpub(path: string, versions?: { private: number; public: number }): string {
  return HDKey.fromMasterSeed(randomBytes(32), versions).derive(path).publicExtendedKey;
}

export const ZPUB_VERSIONS = { private: 0x04b2430c, public: 0x04b24746 };

/** GET /wallet/deposit-address for a signed-in user. */
export async function depositAddress(app: FastifyInstance, who: Session, network: NetworkId) {
  const res = await app.inject({
    method: 'GET',
    url: `/api/v1/wallet/deposit-address?network=${encodeURIComponent(network)}`,
    headers: who.headers,
  });
  if (res.statusCode !== 200) throw new Error(`deposit-address ${network}: ${res.statusCode} ${res.body}`);
  return res.json().data as { address: string; confirmations: number; chainMode: string; minimum: string };
}

export async function myDeposits(app: FastifyInstance, who: Session, query = '') {
  const res = await app.inject({
    method: 'GET',
    url: `/api/v1/wallet/deposits${query}`,
    headers: who.headers,
  });
  if (res.statusCode !== 200) throw new Error(`deposits: ${res.statusCode} ${res.body}`);
  return res.json().data as {
    deposits: Array<Record<string, unknown> & { status: string; confirmations: number; amount: string }>;
    pagination: { total: number; hasNext: boolean };
  };
}

/** Records every realtime event the services publish. */
export function recordEvents(ctx: AppContext) {
  const events: RealtimeEvent[] = [];
  const stop = ctx.notifier.subscribe((e) => events.push(e));
  return {
    events,
    stop,
    named: (event: string) => events.filter((e) => e.event === event),
    clear: () => events.splice(0),
  };
}

export const silentLog = { warn: () => {}, error: () => {} };
