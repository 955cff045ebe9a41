import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { InjectOptions } from 'fastify';
import { Devnet } from '../../src/modules/chains/devnet/devnet.ts';
import { issueReauth } from '../../src/modules/sessions/reauth.ts';
import { createStaffMember, STAFF_PASSWORD } from '../admin/factories.ts';
import { createOrder, createUser, fund, openTrade, secondFactor } from '../factories.ts';
import { createTestApp, servicesOf, type TestApp } from '../helpers.ts';
import { type PriceStub, startPriceStub } from '../market/price-stub.ts';
import { drive, type Reachable } from '../trades/support.ts';
import { jpegWithGps } from '../uploads/images.ts';
import { fillPath, type Operation } from './openapi.ts';

/**
 * The fixture world of the contract suites: a seller with a live sell order, a buyer with a
 * trade on it (driven to the state an operation needs), a third signed-in user, a moderator
 * and an admin, the seller's payment template, a chat message and a receipt.
 */

export const CALLERS = ['anonymous', 'buyer', 'seller', 'stranger', 'moderator', 'admin'] as const;
export type Caller = (typeof CALLERS)[number];
export type Scene = Exclude<Reachable, 'CANCELLED'>;

export interface Suite {
  t: TestApp;
  staff: { moderator: { id: string; email: string }; admin: { id: string; email: string } };
  receipt: Buffer;
  close(): Promise<void>;
}

/** One app on a fresh database, a price-feed stub, and the two staff accounts (argon2 once). */
export async function openSuite(): Promise<Suite> {
  const dataDir = mkdtempSync(join(tmpdir(), 'p2p-contract-'));
  const price: PriceStub = await startPriceStub();
  // The devnet is on, so its operations are in the document and deposit addresses exist.
  const t = await createTestApp({ DATA_DIR: dataDir, PRICE_API_URL: price.url, CHAIN_MODE: 'devnet' });
  const moderator = await createStaffMember(t, { role: 'moderator' });
  const admin = await createStaffMember(t, { role: 'admin' });
  return {
    t,
    staff: { moderator, admin },
    receipt: await jpegWithGps(),
    async close() {
      await t.close();
      await price.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface World {
  ids: Record<Exclude<Caller, 'anonymous'>, string>;
  staffEmail: string;
  staffPassword: string;
  orderId: string;
  tradeId: string;
  templateId: string;
  /** A message the seller wrote in the trade chat. */
  messageId: string;
  receiptId: string;
  /** The seller's queued ETH withdrawal, and a saved address of his. */
  withdrawalId: string;
  savedAddressId: string;
  /** A devnet transfer still in the mempool. */
  devTxHash: string;
  /** Filled by an operation's `prepare` (two-factor codes and the like), per caller. */
  extra: Partial<Record<Caller, string>>;
  /** Refresh tokens: the buyer's and the admin's. */
  refresh: { user: string; staff: string };
  headers(caller: Caller): Record<string, string>;
}

/** A fresh world whose trade is in `scene`; every caller gets a fresh session. */
export async function buildWorld(s: Suite, scene: Scene): Promise<World> {
  const { ctx } = s.t;
  const [seller, buyer, stranger] = [await createUser(ctx), await createUser(ctx), await createUser(ctx)];
  await fund(ctx, seller.id, 'BTC', '1');
  const { id: orderId } = await createOrder(ctx, seller.id, { amount_crypto: '0.1' });
  const tradeId = await openTrade(ctx, buyer.id, orderId, '50000');
  const template = await servicesOf(ctx).paymentTemplates.create(seller.id, {
    name: 'Сбер для сделок',
    type: 'SBP',
    isDefault: true,
    isActive: true,
    details: { phone: '+79123456789', bankName: 'Сбербанк' },
  });
  const message = await servicesOf(ctx).chat.send(seller.id, tradeId, {
    content: 'Жду оплату',
    type: 'TEXT',
  });
  const upload = await servicesOf(ctx).uploads.uploadReceipt(buyer.id, tradeId, {
    bytes: s.receipt,
    originalName: 'receipt.jpg',
  });
  await drive(s.t, { tradeId, buyerId: buyer.id, sellerId: seller.id }, scene);
  await fund(ctx, seller.id, 'ETH', '1');
  const withdrawal = await servicesOf(ctx).withdrawals.request(seller.id, {
    totpCode: await secondFactor(ctx, seller.id),
    cryptocurrency: 'ETH',
    amount: '0.1',
    toAddress: CONTRACT_ETH_ADDRESS,
  });
  const saved = await servicesOf(ctx).savedAddresses.add(seller.id, {
    totpCode: await secondFactor(ctx, seller.id),
    network: 'ETH',
    address: CONTRACT_ETH_ADDRESS,
    label: 'Холодный кошелек',
  });
  const transfer = await new Devnet(ctx.db, ctx.clock, 5).send(
    'ETH',
    { toAddress: CONTRACT_ETH_ADDRESS, amount: '0.5' },
    null,
  );

  const ids = { buyer: buyer.id, seller: seller.id, stranger: stranger.id, ...staffIds(s) };
  const sessions = {
    buyer: await ctx.sessions.start('user', buyer.id),
    seller: await ctx.sessions.start('user', seller.id),
    stranger: await ctx.sessions.start('user', stranger.id),
    moderator: await ctx.sessions.start('staff', s.staff.moderator.id),
    admin: await ctx.sessions.start('staff', s.staff.admin.id),
  };
  // Each user's session is re-authenticated (docs/decisions/033): the matrix is about who may
  // call an operation; security/reauth.test.ts refuses the changes without it.
  const reauth: Partial<Record<Caller, string>> = {};
  for (const caller of ['buyer', 'seller', 'stranger'] as const) {
    const claims = await ctx.tokens.verifyAccess('user', sessions[caller].accessToken);
    if (!claims) throw new Error('a fresh session has no claims');
    const proof = await issueReauth(ctx.db, {
      sessionId: claims.sessionId,
      userId: ids[caller],
      now: ctx.clock.now(),
    });
    reauth[caller] = proof.reauthToken;
  }
  return {
    ids,
    staffEmail: s.staff.admin.email,
    staffPassword: STAFF_PASSWORD,
    orderId,
    tradeId,
    templateId: template.id,
    messageId: message.id,
    receiptId: upload.url.split('/').pop() as string,
    withdrawalId: withdrawal.id,
    savedAddressId: saved.id,
    devTxHash: transfer.txHash,
    extra: {},
    refresh: { user: sessions.buyer.refreshToken, staff: sessions.admin.refreshToken },
    headers: (caller): Record<string, string> =>
      caller === 'anonymous'
        ? {}
        : {
            authorization: `Bearer ${sessions[caller].accessToken}`,
            ...(reauth[caller] ? { 'x-reauth-token': reauth[caller] } : {}),
          },
  };
}

/** An outside Ethereum address (EIP-55 test vector): withdrawals and devnet transfers go there. */
export const CONTRACT_ETH_ADDRESS = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';

function staffIds(s: Suite) {
  return { moderator: s.staff.moderator.id, admin: s.staff.admin.id };
}

/** What a valid request of an operation carries, built against a world for one caller. */
export interface Valid {
  params?: (w: World, caller: Caller) => Record<string, string>;
  query?: (w: World, caller: Caller) => Record<string, string>;
  body?: (w: World, caller: Caller) => unknown;
  /** A multipart upload of the world's receipt image in this field. */
  file?: string;
  /** Headers besides the caller's credentials (Telegram's webhook secret). */
  headers?: (w: World) => Record<string, string>;
}

export interface Request {
  params: Record<string, string>;
  query: Record<string, string | string[]>;
  /** JSON body (undefined: none). */
  body: unknown;
  file: string | null;
  headers: Record<string, string | string[]>;
}

/** The parts of a valid request, kept apart so the malformed suite can spoil one at a time. */
export function validRequest(valid: Valid, w: World, caller: Caller): Request {
  return {
    params: valid.params?.(w, caller) ?? {},
    query: valid.query?.(w, caller) ?? {},
    body: valid.body?.(w, caller),
    file: valid.file ?? null,
    headers: { ...w.headers(caller), ...valid.headers?.(w) },
  };
}

/** A multipart/form-data body with one file part, as a browser's FormData would send it. */
export function multipartBody(field: string, data: Buffer, boundary = '----p2pcontract7f3a') {
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="r.jpg"\r\n`;
  return {
    payload: Buffer.concat([
      Buffer.from(`${head}Content-Type: image/jpeg\r\n\r\n`),
      data,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

/** The request as `app.inject` takes it. Path parameters are percent-encoded unless `raw`. */
export function toInject(op: Operation, r: Request, s: Suite, raw = false): InjectOptions {
  const params = raw
    ? r.params
    : Object.fromEntries(Object.entries(r.params).map(([k, v]) => [k, encodeURIComponent(v)]));
  const url = fillPath(op.path, params);
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(r.query)) {
    for (const v of Array.isArray(value) ? value : [value]) query.append(name, v);
  }
  const qs = query.toString();
  const options: InjectOptions = {
    method: op.method,
    url: qs ? `${url}?${qs}` : url,
    headers: { ...r.headers },
  };
  if (r.file) {
    const { payload, contentType } = multipartBody(r.file, s.receipt);
    options.payload = payload;
    options.headers = { ...options.headers, 'content-type': contentType };
  } else if (r.body !== undefined) {
    options.payload = JSON.stringify(r.body);
    options.headers = { ...options.headers, 'content-type': 'application/json' };
  }
  return options;
}
