import { type Chain, NETWORKS, type NetworkId } from '@p2p/shared';
import { validateAddress } from '@p2p/shared/address';
import { base58, bech32 } from '@scure/base';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { getAddress } from 'viem';
import { queryRows } from '../../src/db/client.ts';
import { totpCodeAt } from '../../src/modules/two-factor/totp.ts';
import { secondFactor } from '../factories.ts';
import type { TestApp } from '../helpers.ts';
import { withReauth } from '../helpers.ts';

/** Valid destinations outside the platform, one per network. */
export const EXTERNAL: Record<NetworkId, string> = {
  BTC: 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4',
  ETH: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
  'USDT-ERC20': '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359',
  'USDT-TRC20': 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7',
  'BNB-BEP20': '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB',
  // Solana docs' example wallet, CIP-19's enterprise address, BIP44 m/44'/3'/0'/0/0 of the test seed
  SOL: 'vines1vzrYbzLMRdu58ou5XTby4qAqVRLmqo36NKPTg',
  'USDT-SPL': 'vines1vzrYbzLMRdu58ou5XTby4qAqVRLmqo36NKPTg',
  ADA: 'addr1vx2fxv2umyhttkxyxp8x0dlpdt3k6cwng5pxj3jhsydzers66hrl8',
  DOGE: 'DBus3bamQjgJULBJtYXpEzDWQRwF5iwxgC',
};

export const hash64 = (n: number) => n.toString(16).padStart(64, '0');
/** A well-formed transaction hash for a network. */
export const txHashFor = (network: NetworkId, n: number) => {
  const family = NETWORKS[network].family;
  if (family === 'evm') return `0x${hash64(n)}`;
  // Solana signatures: base58 of 64 bytes
  if (family === 'solana') return base58.encode(Uint8Array.from(Buffer.from(hash64(n).repeat(2), 'hex')));
  return hash64(n);
};

let addressSeq = 0;
/** A fresh, valid deposit-looking address of a chain (20 deterministic bytes). */
export function freshAddress(chain: Chain): string {
  addressSeq += 1;
  const bytes = new Uint8Array(20);
  new DataView(bytes.buffer).setUint32(16, addressSeq);
  bytes[0] = 0x42;
  bytes[1] = Math.floor(Math.random() * 256);
  if (chain === 'bitcoin') return bech32.encode('bc', [0, ...bech32.toWords(bytes)]);
  if (chain === 'tron') throw new Error('no TRON fixture needed');
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return getAddress(`0x${hex}`);
}

let indexSeq = 1_000;
/**
 * Gives a user a deposit address on a chain, as the deposits module would (the rows are
 * what internal transfers look up). Stored in canonical form.
 */
export async function giveDepositAddress(
  t: TestApp,
  userId: string,
  chain: Chain,
  address = freshAddress(chain),
) {
  const network: NetworkId = chain === 'bitcoin' ? 'BTC' : chain === 'bsc' ? 'BNB-BEP20' : 'ETH';
  const check = validateAddress(network, address);
  if (!check.ok) throw new Error(`fixture address ${address} is invalid`);
  indexSeq += 1;
  await queryRows(
    t.ctx.db,
    sql`INSERT INTO deposit_addresses (chain, user_id, derivation_index, address)
        VALUES (${chain}, ${userId}, ${indexSeq}, ${check.canonical})`,
  );
  return check.canonical;
}

/**
 * `POST /withdrawals/request` as `user`, with a fresh second-factor code of theirs unless the
 * payload says `totpCode` itself (even as undefined: none sent).
 */
export async function requestWithdrawal(
  t: TestApp,
  user: { userId?: string; headers: Record<string, string> },
  payload: Record<string, unknown>,
  idempotencyKey?: string,
) {
  const code =
    !('totpCode' in payload) && user.userId ? { totpCode: await secondFactor(t.ctx, user.userId) } : {};
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/withdrawals/request',
    headers: idempotencyKey ? { ...user.headers, 'idempotency-key': idempotencyKey } : user.headers,
    payload: { ...code, ...payload },
  });
}

export function decide(
  app: FastifyInstance,
  headers: Record<string, string>,
  id: string,
  action: string,
  payload: Record<string, unknown> = {},
) {
  return app.inject({ method: 'POST', url: `/api/v1/admin/withdrawals/${id}/${action}`, headers, payload });
}

export function cancel(app: FastifyInstance, headers: Record<string, string>, id: string) {
  return app.inject({ method: 'POST', url: `/api/v1/withdrawals/${id}/cancel`, headers });
}

export function myWithdrawals(app: FastifyInstance, headers: Record<string, string>, query = '') {
  return app.inject({ url: `/api/v1/withdrawals/my-withdrawals${query}`, headers });
}

/** Turns two-factor on through the API; returns the secret and the recovery codes. */
export async function enableTwoFactor(t: TestApp, session: Record<string, string>) {
  const headers = await withReauth(t.app, session);
  const setup = await t.app.inject({ method: 'POST', url: '/api/v1/users/2fa/setup', headers });
  if (setup.statusCode !== 200) throw new Error(`2fa setup failed: ${setup.body}`);
  const { secret } = setup.json().data as { secret: string };
  const code = await totpCodeAt(secret, t.clock.now());
  const enable = await t.app.inject({
    method: 'POST',
    url: '/api/v1/users/2fa/enable',
    headers,
    payload: { code },
  });
  if (enable.statusCode !== 200) throw new Error(`2fa enable failed: ${enable.body}`);
  return { secret, recoveryCodes: enable.json().data.recoveryCodes as string[] };
}

/** Ledger transactions of a withdrawal, by kind. */
export async function postingsOf(t: TestApp, withdrawalId: string): Promise<Record<string, number>> {
  const rows = await queryRows<{ kind: string; n: string }>(
    t.ctx.db,
    sql`SELECT kind, COUNT(*)::text AS n FROM ledger_transactions WHERE ref_id = ${withdrawalId}::uuid GROUP BY kind`,
  );
  return Object.fromEntries(rows.map((r) => [r.kind, Number(r.n)]));
}
